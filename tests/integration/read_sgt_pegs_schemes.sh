#!/usr/bin/env bash
# read_sgt_pegs_schemes.sh: `puzzlebot solve` reads Simon Tatham's Pegs in the scheme of black pegs and yellow holes at small tiles exactly.
#
# The look sgt_readers.sh found refused (PB_TEST_SEED=254406223; issue #24): the scheme
# 'ffffff f0f0f0 fbc02d 111111' draws the holes more colourful than the pegs, and at tiles of 16-44 px
# the game's radii (tile/3 and tile/4, rounded down) are 15-25% apart, so the sizes must be measured
# at the discs' edges and decide over colour. Fixed game IDs and tile sizes (the ones refused then,
# and others), rendered by the game, read in one `solve` of their folder and compared with their IDs,
# every answer replayed through the rules; then the game's own window read live. A few seconds.
source "$(dirname "$0")/x11_common.bash"
source "$(dirname "$0")/sgt_pegs_common.bash"

CHECK=${PB_REPLAY_CHECK:-${PB_BINARY_DIR:?set PB_REPLAY_CHECK or PB_BINARY_DIR}/bin/replay_check}
[[ -x $CHECK ]] || die "no replay checker at $CHECK: build the replay_check target"
start_xvfb
COLOURS=(PEGS_COLOUR_0=ffffff PEGS_COLOUR_1=f0f0f0 PEGS_COLOUR_2=fbc02d PEGS_COLOUR_3=111111)

# "generator parameters:tile sizes": the board of the failed CI run at every tile refused then.
RENDERS=("5x5random#254406223-2:16 20 28 29 32 37 40 44" "7x7cross#1:20 28" "7x7random#24:29 40")
mkdir -p "$WORK/shots"
declare -A ID_OF
for render in "${RENDERS[@]}"; do
  params=${render%%:*}
  id=$(/usr/games/sgt-pegs --generate 1 "$params" | head -1)
  for tile in ${render#*:}; do
    name="${params//[^a-z0-9]/_}_t$tile"
    ID_OF[$name]=$id
    env "${COLOURS[@]}" PEGS_TILESIZE=$tile timeout 20 /usr/games/sgt-pegs --screenshot "$WORK/shots/$name.png" "$id" >/dev/null 2>&1 ||
      die "sgt-pegs --screenshot failed for $id at tile $tile"
  done
done

# One process reads them all (a JSON line each, named by "input"); exit 1 or 3 (unsolvable, gave up)
# still carries the board, 2 is a refusal and shows in its line.
timeout 120 "$PB" solve "$WORK/shots" --game pegs --json --timeout-ms 300 >"$WORK/all.json" 2>"$WORK/err.txt" || true
fails=0
for name in "${!ID_OF[@]}"; do
  line=$(grep -F "\"input\":\"$WORK/shots/$name.png\"" "$WORK/all.json" || true)
  echo "$line" >"$WORK/one.json"
  pegs_id_rows "${ID_OF[$name]}" >"$WORK/expected.txt"
  if [[ $(board_of "$WORK/one.json") != "$(cat "$WORK/expected.txt")" ]]; then
    echo "MISREAD or REFUSED $name (${ID_OF[$name]}): expected"; cat "$WORK/expected.txt"; echo "got: ${line:-nothing}"
    grep -F "$name" "$WORK/err.txt" || true
    fails=$((fails + 1))
  elif ! "$CHECK" <"$WORK/one.json" >/dev/null 2>"$WORK/check.txt"; then
    echo "WRONG ANSWER $name: $(cat "$WORK/check.txt")"; fails=$((fails + 1))
  else
    echo "ok $name"
  fi
done
[[ ${#ID_OF[@]} == 12 ]] || die "${#ID_OF[@]} renders, 12 expected"

# The game's window itself, at a tile size that was refused: its pegs counted off the screen.
ID=$(/usr/games/sgt-pegs --generate 1 "5x5random#254406223-2" | head -1)
export "${COLOURS[@]}" PEGS_TILESIZE=28
start_game Pegs /usr/games/sgt-pegs "$ID"
"$PB" play --game pegs --window Pegs --check >"$WORK/check_window.txt" 2>&1 || die "cannot read the window: $(cat "$WORK/check_window.txt")"
expected=$(echo "${ID#*:}" | tr -cd 'P' | wc -c)
grep -q "^pegs: $expected\$" "$WORK/check_window.txt" || { echo "MISREAD window: $(cat "$WORK/check_window.txt"), $expected pegs expected"; fails=$((fails + 1)); }

[[ $fails == 0 ]] || die "$fails renders refused, misread or answered wrongly"
echo "PASS"
