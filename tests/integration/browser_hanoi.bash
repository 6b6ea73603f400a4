# browser_hanoi.bash: the Tower of Hanoi page (tests/web/hanoi.html) played in Chromium by dragging disks;
# sourced by tests/integration/browser_hanoi*.sh, which pick the zoom.
# The test judges by the page, not by puzzlebot: the page sets document.title "Hanoi page - solved"
# (the window's title) only when every disk is on the right-hand peg, each moved by a drag its rules
# accepted (never onto a smaller disk).
source "$(dirname "${BASH_SOURCE[0]}")/browser_common.bash"

# play_hanoi_page SCALE: the page's 4 disks (15 moves) at device scale SCALE.
play_hanoi_page() {
  local scale=$1
  start_xvfb 1024x960x24
  serve_pages
  start_browser "Hanoi page" "$PAGE_URL/hanoi.html" 520x400 "$scale"
  sleep 0.5  # the first paint of the canvas after the window maps
  [[ $(page_title) == "Hanoi page" ]] || die "the page starts solved? title '$(page_title)'"
  "$PB" play --game hanoi --window "Hanoi page" --check >"$WORK/before.txt" 2>&1 ||
    die "cannot read the page's board: $(cat "$WORK/before.txt")"
  cat "$WORK/before.txt"
  grep -q '^finished: no' "$WORK/before.txt" || die "the page's board reads as finished"
  screenshot before

  local rc=0 t0=$SECONDS
  timeout 60 "$PB" play --game hanoi --window "Hanoi page" --json >"$WORK/play.out" 2>"$WORK/play.err" || rc=$?
  local took=$((SECONDS - t0))
  screenshot after
  tail -3 "$WORK/play.err"
  [[ $rc == 0 ]] || die "puzzlebot play exited $rc after $took s (page title '$(page_title)'): $(tail -8 "$WORK/play.err")"
  expect_plans "$WORK/play.out" "$WORK/play.err" 1  # each plan replays from the board read
  wait_for_title "^Hanoi page - solved\$" 3 || die "the page's title is '$(page_title)', not 'Hanoi page - solved'"
  echo "Hanoi page at scale $scale: solved in $took s (title '$(page_title)')"
  echo "PASS"
}
