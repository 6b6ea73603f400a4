# browser_onestroke.bash: the one-stroke page (tests/web/onestroke.html) played in Chromium; sourced by
# tests/integration/browser_onestroke*.sh, which pick the zoom.
# The test judges by the page, not by puzzlebot: the page counts cleared levels in document.title
# ("One stroke - K solved"), which the window's title shows, and it counts a level only when the path
# visits every cell once and ends on the flag G, each cell entered in turn while the button is held.
source "$(dirname "${BASH_SOURCE[0]}")/browser_common.bash"

# refuses_a_jump SCALE: the page must say no to a drag that skips a cell (so it can fail the bot's):
# press on the start (0,0), enter (1,0), then jump to (1,3) in one move; the stroke breaks (back to
# the start: the title unchanged, the board read back with the start alone visited). Level 1's cell (r,c) centre is at CSS (120 + 80c, 96 + 80r): the
# 480 px canvas centred in a 560 px window, 16 px below its top, 40 px margin, 80 px pitch.
refuses_a_jump() {
  local scale=$1
  px() { awk -v v="$1" -v s="$scale" 'BEGIN { printf "%d", v * s }'; }
  xdotool mousemove "$(px 120)" "$(px 96)" mousedown 1
  sleep 0.1
  xdotool mousemove "$(px 120)" "$(px 136)"; sleep 0.05
  xdotool mousemove "$(px 120)" "$(px 176)"; sleep 0.1
  xdotool mousemove "$(px 360)" "$(px 176)"; sleep 0.1
  xdotool mouseup 1
  sleep 0.3
  [[ $(page_title) == "One stroke" ]] || die "a drag that jumped over cells changed the title to '$(page_title)'"
  # The board is back to its start: no visited cell ('x') besides the start.
  "$PB" play --window "One stroke" --game onestroke --check >"$WORK/check.out" 2>"$WORK/check.err" ||
    die "the board does not read after the broken stroke: $(cat "$WORK/check.err")"
  ! sed -n '/^board:/,/^finished:/p' "$WORK/check.out" | grep -q x ||
    die "the page kept a stroke that jumped over a cell: $(cat "$WORK/check.out")"
}

# play_onestroke_page SCALE [PROFILE]: levels 1 and 2 of the page at device scale SCALE (input paced
# by PROFILE's timings when given; BROWSER_MODE=normal: in a normal window, found by the page title); the page must then say 2 solved (and show level 3, which puzzlebot
# was not asked to play).
play_onestroke_page() {
  local scale=$1 profile=${2:-} levels=2 suffix=""
  [[ ${BROWSER_MODE:-app} != normal ]] || suffix=" - Chromium"
  local with_profile=()
  [[ -z $profile ]] || with_profile=(--profile "$profile")
  PAGE_SUFFIX=$suffix open_page "One stroke" "onestroke.html?level=1" 560x600 "$scale"
  [[ -n $suffix ]] || refuses_a_jump "$scale"  # its coordinates are an app window's (no tabs above)
  if [[ -n $profile ]]; then  # a pacing out of range is bad input (exit 2), before anything is sent
    printf '%%YAML:1.0\n---\ntimings: { drag_step_ms: 5000 }\n' >"$WORK/slow.yml"
    local bad=0
    "$PB" play --window "One stroke" --game onestroke --profile "$WORK/slow.yml" >/dev/null 2>&1 || bad=$?
    [[ $bad == 2 ]] || die "a profile with drag_step_ms 5000 gave exit $bad, not 2"
  fi
  LEVELS=$levels play_page 60 --window "One stroke" --game onestroke --levels "$levels" --next-level-ms 5000 "${with_profile[@]}"
  wait_for_title "^One stroke - $levels solved$suffix\$" 3 ||
    die "the page's title is '$(page_title)', not 'One stroke - $levels solved': the page did not count $levels levels"
  sleep 1.5  # nothing more may come: puzzlebot must have stopped after $levels levels
  [[ $(page_title) == "One stroke - $levels solved$suffix" ]] ||
    die "the page's title is '$(page_title)': puzzlebot was asked for $levels levels"
  echo "one-stroke page at scale $scale: $levels levels cleared in $TOOK s (title '$(page_title)')"
  echo "PASS"
}
