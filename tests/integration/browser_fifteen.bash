# browser_fifteen.bash: the 15-puzzle page (tests/web/fifteen.html) played in Chromium by clicking tiles;
# sourced by tests/integration/browser_fifteen*.sh, which pick the zoom.
# The test judges by the page, not by puzzlebot: the page sets document.title "Fifteen page - solved"
# (the window's title) only when its tiles are in order, every slide a click its rules accepted.
source "$(dirname "${BASH_SOURCE[0]}")/browser_common.bash"

# play_fifteen_page SCALE: the page's 4x4 board (40 slides from the goal) at device scale SCALE.
play_fifteen_page() {
  local scale=$1
  start_xvfb 1024x960x24
  serve_pages
  start_browser "Fifteen page" "$PAGE_URL/fifteen.html" 480x520 "$scale"
  sleep 0.5  # the first paint of the canvas after the window maps
  [[ $(page_title) == "Fifteen page" ]] || die "the page starts solved? title '$(page_title)'"
  "$PB" play --game sliding --window "Fifteen page" --check >"$WORK/before.txt" 2>&1 ||
    die "cannot read the page's board: $(cat "$WORK/before.txt")"
  cat "$WORK/before.txt"
  grep -q '^finished: no' "$WORK/before.txt" || die "the page's board reads as finished"
  screenshot before

  # The browser profile: sliding's own tap pause (5 ms, for Fifteen, which moves on the press) sends
  # clicks faster than the page's 30 ms debounce takes them.
  local rc=0 t0=$SECONDS
  timeout 90 "$PB" play --game sliding --window "Fifteen page" --timeout-ms 60000 --profile calibration/profiles/browser.yml --json >"$WORK/play.out" 2>"$WORK/play.err" || rc=$?
  local took=$((SECONDS - t0))
  screenshot after
  tail -3 "$WORK/play.err"
  [[ $rc == 0 ]] || die "puzzlebot play exited $rc after $took s (page title '$(page_title)'): $(tail -8 "$WORK/play.err")"
  expect_plans "$WORK/play.out" "$WORK/play.err" 1  # each plan replays from the board read
  wait_for_title "^Fifteen page - solved\$" 3 || die "the page's title is '$(page_title)', not 'Fifteen page - solved'"
  echo "15-puzzle page at scale $scale: solved in $took s (title '$(page_title)')"
  echo "PASS"
}
