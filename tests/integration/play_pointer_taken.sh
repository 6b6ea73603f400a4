#!/usr/bin/env bash
# play_pointer_taken.sh: moving the mouse during play stops puzzlebot (exit 3: the user stopped it, as Ctrl-C does) with no input after the move.
source "$(dirname "$0")/x11_common.bash"

start_xvfb
use_seed
ID=$(/usr/games/sgt-fifteen --generate 1 "4x4#$SEED" | head -1)
echo "game ID: $ID"
start_game Fifteen /usr/games/sgt-fifteen "$ID"

"$PB" play --game sliding --window Fifteen --timeout-ms 60000 >"$WORK/out.txt" 2>"$WORK/err.txt" &
PLAY_PID=$!
PIDS+=("$PLAY_PID")
wait_for_line "$WORK/err.txt" 'move 3/' 90 || die "play made no third move within 90 s: $(tail -5 "$WORK/err.txt")"
xdotool mousemove 5 5  # the "user" takes the mouse
rc=0
timeout 30 tail --pid="$PLAY_PID" -f /dev/null || die "play did not stop within 30 s of the mouse moving"
wait "$PLAY_PID" || rc=$?
tail -3 "$WORK/err.txt"
[[ $rc == 3 ]] || die "play exited $rc, expected 3"
grep -q 'took the mouse' "$WORK/err.txt" || die "no 'took the mouse' message"

# No input after the user moved: the game counted exactly the clicks puzzlebot reports having sent.
sent=$(sed -n 's/.* \([0-9]*\) moves sent;.*/\1/p' "$WORK/err.txt" | tail -1)
"$PB" play --game sliding --window Fifteen --check >"$WORK/after.txt" 2>&1 || die "cannot read the final screen"
cat "$WORK/after.txt"
shown=$(sed -n 's/^status line: .*Moves: *\([0-9]*\).*/\1/p' "$WORK/after.txt")
[[ -n $sent && $sent == "$shown" ]] || die "puzzlebot sent $sent moves but the game shows '$shown'"
grep -q '^finished: no' "$WORK/after.txt" || die "the game was finished although play was stopped"
sleep 1  # and nothing arrives later either
"$PB" play --game sliding --window Fifteen --check >"$WORK/later.txt" 2>&1
diff <(grep -v '^status' "$WORK/after.txt") <(grep -v '^status' "$WORK/later.txt") || die "the board changed after the stop"
echo "PASS"
