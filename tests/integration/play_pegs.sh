#!/usr/bin/env bash
# play_pegs.sh: `puzzlebot play` clears a random 7x7 sgt-pegs board under Xvfb; the final screen must show one peg.
source "$(dirname "$0")/x11_common.bash"

start_xvfb
use_seed
ID=$(/usr/games/sgt-pegs --generate 1 "7x7random#$SEED" | head -1)  # random boards are generated backwards from one peg
echo "game ID: $ID"
start_game Pegs /usr/games/sgt-pegs "$ID"

"$PB" play --game pegs --window Pegs --check >"$WORK/before.txt" 2>&1 || die "cannot read the new game: $(cat "$WORK/before.txt")"
before=$(sed -n 's/^pegs: //p' "$WORK/before.txt")
expected=$(echo "${ID#*:}" | tr -cd 'P' | wc -c)
[[ $before == "$expected" ]] || die "read $before pegs on the new board, the game ID has $expected"

rc=0
timeout 150 "$PB" play --game pegs --window Pegs --timeout-ms 60000 --json >"$WORK/out.txt" 2>"$WORK/err.txt" || rc=$?
tail -3 "$WORK/err.txt"
[[ $rc == 0 ]] || die "play exited $rc: $(tail -5 "$WORK/err.txt")"
# sgt-pegs answers every drag the same way: one plan, replayed from the board read, all sent.
expect_one_plan "$WORK/out.txt" "$WORK/err.txt"

"$PB" play --game pegs --window Pegs --check >"$WORK/after.txt" 2>&1 || die "cannot read the final screen: $(cat "$WORK/after.txt")"
cat "$WORK/after.txt"
grep -q '^pegs: 1$' "$WORK/after.txt" || die "the final screen does not show exactly one peg"
[[ $SENT == $((expected - 1)) ]] || die "$SENT jumps sent for $expected pegs: expected $((expected - 1))"
echo "PASS"
