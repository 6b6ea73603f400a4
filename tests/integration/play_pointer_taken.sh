#!/usr/bin/env bash
# play_pointer_taken.sh: moving the mouse during play stops puzzlebot (exit 3: the user stopped it, as Ctrl-C does) with no input after the move.
source "$(dirname "$0")/x11_common.bash"

start_xvfb
use_seed
start_sgt fifteen Fifteen 4x4

play_until 3 --game sliding --window Fifteen
xdotool mousemove 5 5  # the "user" takes the mouse
play_stopped 3 "the mouse moving"
grep -q 'took the mouse' "$WORK/err.txt" || die "no 'took the mouse' message"

# No input after the user moved: the game counted exactly the clicks puzzlebot reports having sent.
sent=$(sed -n 's/.* \([0-9]*\) moves sent;.*/\1/p' "$WORK/err.txt" | tail -1)
read_window "$WORK/after.txt" --game sliding --window Fifteen
cat "$WORK/after.txt"
shown=$(sed -n 's/^status line: .*Moves: *\([0-9]*\).*/\1/p' "$WORK/after.txt")
[[ -n $sent && $sent == "$shown" ]] || die "puzzlebot sent $sent moves but the game shows '$shown'"
grep -q '^finished: no' "$WORK/after.txt" || die "the game was finished although play was stopped"
sleep 1  # and nothing arrives later either
"$PB" play --game sliding --window Fifteen --check >"$WORK/later.txt" 2>&1
diff <(grep -v '^status' "$WORK/after.txt") <(grep -v '^status' "$WORK/later.txt") || die "the board changed after the stop"
echo "PASS"
