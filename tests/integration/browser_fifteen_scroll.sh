#!/usr/bin/env bash
# browser_fifteen_scroll.sh: the 15-puzzle page with its board pushed below the fold (tests/web/page.js ?top=) is scrolled into view by the mouse wheel, then solved, as the page's title shows.
source "$(dirname "$0")/browser_common.bash"

start_xvfb 1024x960x24
serve_pages
start_browser "Fifteen page" "$PAGE_URL/fifteen.html?top=300" 480x520 1
sleep 0.5  # the first paint of the canvas after the window maps
screenshot before
# Unscrolled, the board is cut by the window's bottom edge: the reader refuses it (exit 2), and
# --check sends no input, so it stays so.
rc=0
"$PB" play --game sliding --window "Fifteen page" --check >"$WORK/check.out" 2>&1 || rc=$?
[[ $rc == 2 ]] || die "--check on the cut board exited $rc, not 2: $(cat "$WORK/check.out")"

rc=0 t0=$SECONDS
timeout 90 "$PB" play --game sliding --window "Fifteen page" --timeout-ms 60000 --profile calibration/profiles/browser.yml >"$WORK/play.out" 2>"$WORK/play.err" || rc=$?
took=$((SECONDS - t0))
screenshot after
cat "$WORK/play.out"
grep "scrolled" "$WORK/play.err" || true
tail -2 "$WORK/play.err"
[[ $rc == 0 ]] || die "puzzlebot play exited $rc after $took s (page title '$(page_title)'): $(tail -8 "$WORK/play.err")"
wait_for_title "^Fifteen page - solved\$" 3 || die "the page's title is '$(page_title)', not 'Fifteen page - solved'"
echo "15-puzzle page below the fold: scrolled into view and solved in $took s (title '$(page_title)')"
echo "PASS"
