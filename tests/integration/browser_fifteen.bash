# browser_fifteen.bash: the 15-puzzle page (tests/web/fifteen.html) played in Chromium by clicking tiles;
# sourced by tests/integration/browser_fifteen*.sh, which pick the zoom.
# The test judges by the page, not by puzzlebot: the page sets document.title "Fifteen page - solved"
# (the window's title) only when its tiles are in order, every slide a click its rules accepted.
source "$(dirname "${BASH_SOURCE[0]}")/browser_common.bash"

# play_fifteen_page SCALE: the page's 4x4 board (40 slides from the goal) at device scale SCALE.
play_fifteen_page() {
  local scale=$1
  open_page "Fifteen page" fifteen.html 480x520 "$scale"
  check_page sliding "Fifteen page"
  grep -q '^finished: no' "$WORK/before.txt" || die "the page's board reads as finished"

  # The browser profile: sliding's own tap pause (5 ms, for Fifteen, which moves on the press) sends
  # clicks faster than the page's 30 ms debounce takes them.
  play_page 90 --game sliding --window "Fifteen page" --timeout-ms 60000 --profile calibration/profiles/browser.yml
  wait_for_title "^Fifteen page - solved\$" 3 || die "the page's title is '$(page_title)', not 'Fifteen page - solved'"
  echo "15-puzzle page at scale $scale: solved in $TOOK s (title '$(page_title)')"
  echo "PASS"
}
