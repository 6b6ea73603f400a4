#!/usr/bin/env bash
# play_pegs.sh: wall time of `puzzlebot play` on random 7x7 sgt-pegs games under Xvfb, with its stage split and the time per drag.
# usage: PB_PUZZLEBOT=build/bin/puzzlebot bench/play_pegs.sh [GAMES] [extra play options, e.g. --pace 5]   (default 3 games)
source "$(dirname "$0")/../tests/integration/x11_common.bash"
GAMES=${1:-3}
shift || true
start_xvfb
for g in $(seq "$GAMES"); do
  ID=$(/usr/games/sgt-pegs --generate 1 7x7random | head -1)
  start_game Pegs /usr/games/sgt-pegs "$ID"
  t0=$(date +%s%N)
  "$PB" play --game pegs --window Pegs --timeout-ms 60000 "$@" >"$WORK/out.txt" 2>"$WORK/err.txt" || die "play failed: $(tail -3 "$WORK/err.txt")"
  t1=$(date +%s%N)
  "$PB" play --game pegs --window Pegs --check | grep -q '^pegs: 1$' || die "the final screen does not show one peg"
  drag=$(sed -n 's/.*move [0-9]*\/[0-9]*: .*(act \([0-9]*\) ms.*/\1/p' "$WORK/err.txt" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
  echo "game $g: $(( (t1 - t0) / 1000000 )) ms wall; median drag $drag ms; $(grep -o '[0-9]* moves sent; timings.*' "$WORK/err.txt")"
  kill "$GAME_PID"; wait "$GAME_PID" 2>/dev/null || true
done
