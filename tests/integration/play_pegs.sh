#!/usr/bin/env bash
# play_pegs.sh: `puzzlebot play` clears a random 7x7 sgt-pegs board under Xvfb; the final screen must show one peg.
source "$(dirname "$0")/x11_common.bash"

start_xvfb
use_seed
start_sgt pegs Pegs 7x7random  # random boards are generated backwards from one peg

read_window "$WORK/before.txt" --game pegs --window Pegs
before=$(sed -n 's/^pegs: //p' "$WORK/before.txt")
expected=$(echo "${ID#*:}" | tr -cd 'P' | wc -c)
[[ $before == "$expected" ]] || die "read $before pegs on the new board, the game ID has $expected"

# sgt-pegs answers every drag the same way: one plan, replayed from the board read, all sent.
play_whole --game pegs --window Pegs

read_window "$WORK/after.txt" --game pegs --window Pegs
cat "$WORK/after.txt"
grep -q '^pegs: 1$' "$WORK/after.txt" || die "the final screen does not show exactly one peg"
[[ $SENT == $((expected - 1)) ]] || die "$SENT jumps sent for $expected pegs: expected $((expected - 1))"
echo "PASS"
