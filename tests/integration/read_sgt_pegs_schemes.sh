#!/usr/bin/env bash
# read_sgt_pegs_schemes.sh: `puzzlebot solve` reads Simon Tatham's Pegs in the scheme of black pegs and yellow holes at small tiles exactly.
#
# The look sgt_readers.sh found refused (PB_TEST_SEED=254406223; issue #24): the scheme
# 'ffffff f0f0f0 fbc02d 111111' draws the holes more colourful than the pegs, and at tiles of 20-44 px
# the game's radii (tile/3 and tile/4, rounded down) are 15-25% apart, so the size must be measured
# at the discs' edges and decide over colour. Fixed game IDs and tile sizes (those refused then, and
# 16, the smallest), each render read and compared with its ID, every answer replayed through the
# rules; then the game's own window read live at one of them. A few seconds.
source "$(dirname "$0")/x11_common.bash"
source "$(dirname "$0")/sgt_pegs_common.bash"

CHECK=${PB_REPLAY_CHECK:-${PB_BINARY_DIR:?set PB_REPLAY_CHECK or PB_BINARY_DIR}/bin/replay_check}
[[ -x $CHECK ]] || die "no replay checker at $CHECK: build the replay_check target"
start_xvfb
COLOURS=(PEGS_COLOUR_0=ffffff PEGS_COLOUR_1=f0f0f0 PEGS_COLOUR_2=fbc02d PEGS_COLOUR_3=111111)

fails=0
for params in "5x5random#254406223-2" "7x7cross#1" "7x7random#24"; do
  id=$(/usr/games/sgt-pegs --generate 1 "$params" | head -1)
  pegs_id_rows "$id" >"$WORK/expected.txt"
  for tile in 16 20 28 29 32 37 40 44; do
    name="$id tile=$tile"
    png="$WORK/t$tile.png"
    env "${COLOURS[@]}" PEGS_TILESIZE=$tile timeout 20 /usr/games/sgt-pegs --screenshot "$png" "$id" >/dev/null 2>&1 ||
      die "sgt-pegs --screenshot failed for $name"
    rc=0
    timeout 60 "$PB" solve "$png" --game pegs --json --timeout-ms 500 >"$WORK/out.json" 2>"$WORK/err.txt" || rc=$?
    if [[ $rc == 2 ]]; then
      echo "REFUSED $name: $(cat "$WORK/err.txt")"; fails=$((fails + 1))
    elif [[ $(board_of "$WORK/out.json") != "$(cat "$WORK/expected.txt")" ]]; then
      echo "MISREAD $name: expected"; cat "$WORK/expected.txt"; echo "read:"; board_of "$WORK/out.json"; fails=$((fails + 1))
    elif ! "$CHECK" <"$WORK/out.json" >/dev/null 2>"$WORK/check.txt"; then
      echo "WRONG ANSWER $name: $(cat "$WORK/check.txt")"; fails=$((fails + 1))
    else
      echo "ok $name"
    fi
  done
done

# The game's window itself, at a tile size that was refused: its pegs counted off the screen.
ID=$(/usr/games/sgt-pegs --generate 1 "5x5random#254406223-2" | head -1)
export "${COLOURS[@]}" PEGS_TILESIZE=28
start_game Pegs /usr/games/sgt-pegs "$ID"
"$PB" play --game pegs --window Pegs --check >"$WORK/check_window.txt" 2>&1 || die "cannot read the window: $(cat "$WORK/check_window.txt")"
expected=$(echo "${ID#*:}" | tr -cd 'P' | wc -c)
grep -q "^pegs: $expected\$" "$WORK/check_window.txt" || { echo "MISREAD window: $(cat "$WORK/check_window.txt"), $expected pegs expected"; fails=$((fails + 1)); }

[[ $fails == 0 ]] || die "$fails renders refused, misread or answered wrongly"
echo "PASS"
