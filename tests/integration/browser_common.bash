# browser_common.bash: shared steps of the browser tests: the project's own pages (tests/web/) served
# from 127.0.0.1, Chromium showing one of them in an --app window under a private Xvfb.
# Sourced by tests/integration/browser_*.sh (the name does not end in .sh, so it is no test itself).
# Everything started here is killed on exit, also on failure: the page server by its pid (x11_common's
# PIDS), Chromium by its process group (it forks a zygote, renderers and a GPU process).
source "$(dirname "${BASH_SOURCE[0]}")/x11_common.bash"

WEB_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")/../web" && pwd)
BROWSER_GROUPS=()

command -v chromium >/dev/null || die "chromium is not installed (scripts/setup.sh installs it)"
command -v python3 >/dev/null || die "python3 is not installed"

browser_cleanup() {
  local g
  for g in "${BROWSER_GROUPS[@]}"; do kill -TERM -- "-$g" 2>/dev/null || true; done
  for g in "${BROWSER_GROUPS[@]}"; do
    for _ in $(seq 50); do kill -0 -- "-$g" 2>/dev/null || break; sleep 0.1; done
    kill -KILL -- "-$g" 2>/dev/null || true
  done
  cleanup
}
trap browser_cleanup EXIT

# serve_pages: python's http.server on 127.0.0.1, a port the kernel picks (port 0, read back from its
# banner), serving tests/web/; sets PAGE_URL to its root. No network beyond the loopback.
serve_pages() {
  (cd "$WEB_DIR" && exec python3 -u -m http.server 0 --bind 127.0.0.1) >"$WORK/http.out" 2>"$WORK/http.err" &
  PIDS+=($!)
  wait_for_line "$WORK/http.out" "port [0-9]+" 5 || die "the page server did not start: $(cat "$WORK/http.err")"
  local port
  port=$(grep -oE "port [0-9]+" "$WORK/http.out" | head -1 | cut -d' ' -f2)
  PAGE_URL="http://127.0.0.1:$port"
}

# start_browser TITLE URL WIDTHxHEIGHT SCALE: Chromium in app mode (the window carries the bare page
# title, no tabs or address bar; BROWSER_MODE=normal: a normal window with tabs and an address bar,
# titled "TITLE - Chromium") at (0,0), WIDTHxHEIGHT in CSS pixels, device scale SCALE (1.5: a
# page zoomed to 150%, window pixels 1.5 times CSS pixels); waits (15 s at most) for the window.
# A fresh profile in $WORK, and a private HOME (Chromium keeps crash reports under ~/.config whatever
# the profile): no first-run dialogs, no state from another run, nothing written outside $WORK.
start_browser() {
  local title=$1 url=$2 size=$3 scale=$4 page=(--app="$2") suffix=""
  if [[ ${BROWSER_MODE:-app} == normal ]]; then page=("$url"); suffix=" - Chromium"; fi
  mkdir -p "$WORK/home"
  HOME="$WORK/home" XDG_CONFIG_HOME="$WORK/home/.config" XDG_CACHE_HOME="$WORK/home/.cache" setsid chromium --no-sandbox --test-type --no-first-run --no-default-browser-check --disable-gpu \
    --disable-extensions --disable-background-networking --disable-component-update --disable-sync \
    --password-store=basic --user-data-dir="$WORK/chromium" --force-device-scale-factor="$scale" \
    --window-position=0,0 --window-size="${size/x/,}" "${page[@]}" >"$WORK/browser.out" 2>"$WORK/browser.err" &
  BROWSER_GROUPS+=($!)
  # A poll, not xdotool's --sync: --onlyvisible asks every window for its attributes, and Chromium
  # makes and destroys windows while it starts, so one search can die of BadWindow on a window that
  # has just gone (seen in a CI run: the test failed after 3 s). That search says nothing; the next
  # one, 100 ms later, sees the windows as they are then.
  GAME_WINDOW=""
  local deadline=$((SECONDS + 15))
  while [[ -z $GAME_WINDOW && $SECONDS -lt $deadline ]]; do
    GAME_WINDOW=$(xdotool search --onlyvisible --name "^${title}${suffix}\$" 2>/dev/null | head -1) || true
    [[ -n $GAME_WINDOW ]] || sleep 0.1
  done
  [[ -n $GAME_WINDOW ]] || die "no '$title' browser window within 15 s: $(tail -5 "$WORK/browser.err")"
  [[ -n $GAME_WINDOW ]] || die "no '$title' browser window"
}

# page_title: the browser window's title now (the page's document.title).
page_title() { xdotool getwindowname "$GAME_WINDOW" 2>/dev/null || true; }

# wait_for_title REGEX SECONDS: waits until the page's title matches REGEX.
wait_for_title() {
  local regex=$1 seconds=$2 i
  for i in $(seq $((seconds * 10))); do
    [[ $(page_title) =~ $regex ]] && return 0
    sleep 0.1
  done
  return 1
}

# screenshot NAME: the whole Xvfb screen into $WORK/NAME.png (kept with KEEP_WORK=1), for a person.
screenshot() {
  command -v import >/dev/null && import -window root "$WORK/$1.png" 2>/dev/null || true
}

# open_page TITLE PAGE WIDTHxHEIGHT SCALE: Xvfb, the pages served and tests/web/PAGE (may carry a
# ?query) in Chromium (start_browser); fails unless the page starts with the bare title TITLE
# (PAGE_SUFFIX, e.g. " - Chromium", after it), i.e. unsolved.
open_page() {
  local title=$1 page=$2 size=$3 scale=$4
  start_xvfb 1024x960x24
  serve_pages
  start_browser "$title" "$PAGE_URL/$page" "$size" "$scale"
  sleep 0.5  # the first paint of the canvas after the window maps
  [[ $(page_title) == "$title${PAGE_SUFFIX:-}" ]] || die "the page starts solved? title '$(page_title)'"
}

# check_page GAME TITLE: `puzzlebot play --check` on the page's window must read its board; the
# report in $WORK/before.txt, printed.
check_page() {
  "$PB" play --game "$1" --window "$2" --check >"$WORK/before.txt" 2>&1 ||
    die "cannot read the page's board: $(cat "$WORK/before.txt")"
  cat "$WORK/before.txt"
}

# play_page SECONDS ARGS...: `puzzlebot play ARGS... --json` on the page (SECONDS at most), with
# screenshots before and after; fails unless it exits 0 with plans that replay (expect_plans, LEVELS
# of them: 1 unless set). Sets TOOK (seconds); the play's stdout and stderr are in $WORK/play.out
# and $WORK/play.err.
play_page() {
  local seconds=$1 rc=0 t0=$SECONDS
  shift
  screenshot before
  timeout "$seconds" "$PB" play "$@" --json >"$WORK/play.out" 2>"$WORK/play.err" || rc=$?
  TOOK=$((SECONDS - t0))
  screenshot after
  tail -3 "$WORK/play.err"
  [[ $rc == 0 ]] || die "puzzlebot play exited $rc after $TOOK s (page title '$(page_title)'): $(tail -8 "$WORK/play.err")"
  expect_plans "$WORK/play.out" "$WORK/play.err" "${LEVELS:-1}"  # each plan replays from the board read
}
