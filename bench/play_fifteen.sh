#!/usr/bin/env bash
# play_fifteen.sh: wall time of `puzzlebot play` on random 4x4 sgt-fifteen games under Xvfb, with its stage split.
# usage: PB_PUZZLEBOT=build/bin/puzzlebot bench/play_fifteen.sh [GAMES] [extra play options, e.g. --tap-pause 25]   (default 3 games)
# The pattern databases must be cached first (one `puzzlebot solve` of any 4x4 board builds them).
source "$(dirname "$0")/../tests/integration/x11_common.bash"
GAMES=${1:-3}
shift || true
start_xvfb
for g in $(seq "$GAMES"); do
  ID=$(/usr/games/sgt-fifteen --generate 1 4x4 | head -1)
  start_game Fifteen /usr/games/sgt-fifteen "$ID"
  t0=$(date +%s%N)
  "$PB" play --game sliding --window Fifteen --timeout-ms 60000 "$@" >"$WORK/out.txt" 2>"$WORK/err.txt" || die "play failed: $(tail -3 "$WORK/err.txt")"
  t1=$(date +%s%N)
  "$PB" play --game sliding --window Fifteen --check | grep -q 'COMPLETED' || die "not COMPLETED"
  echo "game $g ($ID): $(( (t1 - t0) / 1000000 )) ms wall; $(grep -o '[0-9]* moves sent; timings.*' "$WORK/err.txt")"
  kill "$GAME_PID"; wait "$GAME_PID" 2>/dev/null || true
done
