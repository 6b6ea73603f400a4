# browser_pegs.bash: the peg solitaire page (tests/web/pegs.html) played in Chromium by click-select-click;
# sourced by tests/integration/browser_pegs*.sh, which pick the zoom.
# The test judges by the page, not by puzzlebot: the page sets document.title "Peg solitaire - solved"
# (the window's title) only when one peg is left, every jump made by two clicks its rules accepted.
source "$(dirname "${BASH_SOURCE[0]}")/browser_common.bash"

# play_pegs_page SCALE: the page's mid-game English board (10 pegs) at device scale SCALE.
play_pegs_page() {
  local scale=$1
  open_page "Peg solitaire" pegs.html 560x600 "$scale"
  check_page peg-solitaire "Peg solitaire"
  grep -q "^pegs: 10\$" "$WORK/before.txt" || die "expected the page's 10 pegs"
  play_page 60 --game peg-solitaire --window "Peg solitaire"
  wait_for_title "^Peg solitaire - solved\$" 3 ||
    die "the page's title is '$(page_title)', not 'Peg solitaire - solved'"
  echo "peg solitaire page at scale $scale: solved in $TOOK s (title '$(page_title)')"
  echo "PASS"
}
