#!/usr/bin/env bash
# play_window_closed.sh: closing the game during play ends `puzzlebot play` with exit 2 and a clear message.
source "$(dirname "$0")/x11_common.bash"

start_xvfb
use_seed
ID=$(/usr/games/sgt-pegs --generate 1 "7x7random#$SEED" | head -1)
echo "game ID: $ID"
start_game Pegs /usr/games/sgt-pegs "$ID"

"$PB" play --game pegs --window Pegs --timeout-ms 60000 >"$WORK/out.txt" 2>"$WORK/err.txt" &
PLAY_PID=$!
PIDS+=("$PLAY_PID")
wait_for_line "$WORK/err.txt" 'move 2/' 90 || die "play made no second move within 90 s: $(tail -5 "$WORK/err.txt")"
kill "$GAME_PID"  # the user closes the game
rc=0
timeout 30 tail --pid="$PLAY_PID" -f /dev/null || die "play did not stop within 30 s of the window closing"
wait "$PLAY_PID" || rc=$?
tail -3 "$WORK/err.txt"
[[ $rc == 2 ]] || die "play exited $rc, expected 2"
grep -qE "is gone: was the game closed\?" "$WORK/err.txt" || die "no 'window is gone' message"
echo "PASS"
