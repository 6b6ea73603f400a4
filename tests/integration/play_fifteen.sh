#!/usr/bin/env bash
# play_fifteen.sh: `puzzlebot play` clears a random 4x4 sgt-fifteen under Xvfb; the plan must replay from the board read, be sent whole with no re-plan, and the status line read COMPLETED.
source "$(dirname "$0")/x11_common.bash"

start_xvfb
use_seed
start_sgt fifteen Fifteen 4x4  # the game's own generator: always solvable

read_window "$WORK/before.txt" --game sliding --window Fifteen
grep -q '^finished: no' "$WORK/before.txt" || die "the fresh game already reads as finished: $(cat "$WORK/before.txt")"

# sgt-fifteen answers every click the same way: one plan, replayed from the board read, all sent.
play_whole --game sliding --window Fifteen

# The real final screen, read again from the window: the board and the game's own status line.
read_window "$WORK/after.txt" --game sliding --window Fifteen
cat "$WORK/after.txt"
grep -q '^finished: yes' "$WORK/after.txt" || die "the board on screen is not the goal"
grep -q '^status line: .*COMPLETED' "$WORK/after.txt" || die "the status line does not read COMPLETED"
echo "PASS"
