# browser_hanoi.bash: the Tower of Hanoi page (tests/web/hanoi.html) played in Chromium by dragging disks;
# sourced by tests/integration/browser_hanoi*.sh, which pick the zoom.
# The test judges by the page, not by puzzlebot: the page sets document.title "Hanoi page - solved"
# (the window's title) only when every disk is on the right-hand rod, each moved by a drag its rules
# accepted (never onto a smaller disk).
source "$(dirname "${BASH_SOURCE[0]}")/browser_common.bash"

# play_hanoi_page SCALE: the page's 4 disks (15 moves) at device scale SCALE.
play_hanoi_page() {
  local scale=$1
  open_page "Hanoi page" hanoi.html 520x400 "$scale"
  check_page hanoi "Hanoi page"
  grep -q '^finished: no' "$WORK/before.txt" || die "the page's board reads as finished"
  play_page 60 --game hanoi --window "Hanoi page"
  wait_for_title "^Hanoi page - solved\$" 3 || die "the page's title is '$(page_title)', not 'Hanoi page - solved'"
  echo "Hanoi page at scale $scale: solved in $TOOK s (title '$(page_title)')"
  echo "PASS"
}
