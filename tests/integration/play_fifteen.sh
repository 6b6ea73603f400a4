#!/usr/bin/env bash
# play_fifteen.sh: `puzzlebot play` clears a random 4x4 sgt-fifteen under Xvfb; the plan must replay from the board read, be sent whole with no re-plan, and the status line read COMPLETED.
source "$(dirname "$0")/x11_common.bash"

start_xvfb
use_seed
ID=$(/usr/games/sgt-fifteen --generate 1 "4x4#$SEED" | head -1)  # the game's own generator: always solvable
echo "game ID: $ID"
start_game Fifteen /usr/games/sgt-fifteen "$ID"

"$PB" play --game sliding --window Fifteen --check >"$WORK/before.txt" 2>&1 || die "cannot read the new game: $(cat "$WORK/before.txt")"
grep -q '^finished: no' "$WORK/before.txt" || die "the fresh game already reads as finished: $(cat "$WORK/before.txt")"

rc=0
timeout 150 "$PB" play --game sliding --window Fifteen --timeout-ms 60000 --json >"$WORK/out.txt" 2>"$WORK/err.txt" || rc=$?
tail -3 "$WORK/err.txt"
[[ $rc == 0 ]] || die "play exited $rc: $(tail -5 "$WORK/err.txt")"
# sgt-fifteen answers every click the same way: one plan, replayed from the board read, all sent.
expect_one_plan "$WORK/out.txt" "$WORK/err.txt"

# The real final screen, read again from the window: the board and the game's own status line.
"$PB" play --game sliding --window Fifteen --check >"$WORK/after.txt" 2>&1 || die "cannot read the final screen: $(cat "$WORK/after.txt")"
cat "$WORK/after.txt"
grep -q '^finished: yes' "$WORK/after.txt" || die "the board on screen is not the goal"
grep -q '^status line: .*COMPLETED' "$WORK/after.txt" || die "the status line does not read COMPLETED"
echo "PASS"
