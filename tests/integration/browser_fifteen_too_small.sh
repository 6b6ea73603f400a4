#!/usr/bin/env bash
# browser_fifteen_too_small.sh: in a window too small for the 15-puzzle page's board, `puzzlebot play` scrolls, cannot show it whole, and exits 2 with one line, having pressed nothing on the page (its title counts presses).
source "$(dirname "$0")/browser_common.bash"

start_xvfb 1024x960x24
serve_pages
# ?top=1: page.js counts every press on the page in the title (" - N presses").
start_browser "Fifteen page" "$PAGE_URL/fifteen.html?top=1" 480x300 1
sleep 0.5
screenshot before
rc=0 t0=$SECONDS
timeout 60 "$PB" play --game sliding --window "Fifteen page" --profile calibration/profiles/browser.yml >"$WORK/play.out" 2>"$WORK/play.err" || rc=$?
took=$((SECONDS - t0))
screenshot after
cat "$WORK/play.err"
[[ $rc == 2 ]] || die "puzzlebot play exited $rc after $took s, not 2: $(tail -5 "$WORK/play.err")"
# One line for the user: the refusal (progress lines start 'puzzlebot: the board was', none here).
lines=$(grep -vc "^puzzlebot: playing " "$WORK/play.err" || true)
[[ $lines == 1 ]] || die "expected one line on stderr after 'playing', got $lines"
[[ -s $WORK/play.out ]] && die "stdout is not empty: $(cat "$WORK/play.out")"
[[ $(page_title) == "Fifteen page" ]] || die "the page was pressed: title '$(page_title)'"
echo "board taller than the window: refused in $took s with one line, nothing pressed (title '$(page_title)')"
echo "PASS"
