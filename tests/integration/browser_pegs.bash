# browser_pegs.bash: the peg solitaire page (tests/web/pegs.html) played in Chromium by click-select-click;
# sourced by tests/integration/browser_pegs*.sh, which pick the zoom.
# The test judges by the page, not by puzzlebot: the page sets document.title "Peg solitaire - solved"
# (the window's title) only when one peg is left, every jump made by two clicks its rules accepted.
source "$(dirname "${BASH_SOURCE[0]}")/browser_common.bash"

# play_pegs_page SCALE: the page's mid-game English board (10 pegs) at device scale SCALE.
play_pegs_page() {
  local scale=$1
  start_xvfb 1024x960x24
  serve_pages
  start_browser "Peg solitaire" "$PAGE_URL/pegs.html" 560x600 "$scale"
  sleep 0.5  # the first paint of the canvas after the window maps
  [[ $(page_title) == "Peg solitaire" ]] || die "the page starts solved? title '$(page_title)'"
  "$PB" play --game peg-solitaire --window "Peg solitaire" --check >"$WORK/before.txt" 2>&1 ||
    die "cannot read the page's board: $(cat "$WORK/before.txt")"
  cat "$WORK/before.txt"
  grep -q "^pegs: 10\$" "$WORK/before.txt" || die "expected the page's 10 pegs"
  screenshot before

  local rc=0 t0=$SECONDS
  timeout 60 "$PB" play --game peg-solitaire --window "Peg solitaire" --json >"$WORK/play.out" 2>"$WORK/play.err" || rc=$?
  local took=$((SECONDS - t0))
  screenshot after
  tail -3 "$WORK/play.err"
  [[ $rc == 0 ]] || die "puzzlebot play exited $rc after $took s (page title '$(page_title)'): $(tail -8 "$WORK/play.err")"
  expect_plans "$WORK/play.out" "$WORK/play.err" 1  # each plan replays from the board read
  wait_for_title "^Peg solitaire - solved\$" 3 ||
    die "the page's title is '$(page_title)', not 'Peg solitaire - solved'"
  echo "peg solitaire page at scale $scale: solved in $took s (title '$(page_title)')"
  echo "PASS"
}
