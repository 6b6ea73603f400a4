#!/usr/bin/env bash
# play_window_closed.sh: closing the game during play ends `puzzlebot play` with exit 2 and a clear message.
source "$(dirname "$0")/x11_common.bash"

start_xvfb
use_seed
start_sgt pegs Pegs 7x7random

play_until 2 --game pegs --window Pegs
kill "$GAME_PID"  # the user closes the game
play_stopped 2 "the window closing"
grep -qE "is gone: was the game closed\?" "$WORK/err.txt" || die "no 'window is gone' message"
echo "PASS"
