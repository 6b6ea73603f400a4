#!/usr/bin/env bash
# sgt_readers.sh: `puzzlebot solve` reads fresh random sgt-fifteen and sgt-pegs renders (sizes, colour schemes) exactly.
#
# The committed samples (samples/sgt) are fixed; this renders new random game IDs on every run, with a
# colour scheme and tile size picked at random from a list, and compares the board puzzlebot reports
# with the one the game ID describes (whether the solver finishes in its 2 s does not matter). A refused board also fails: every render here is at a size the
# readers support (tiles of 32 px and more). Every answer is also replayed through the rules
# (replay_check). Every random choice comes from one seed, printed first: PB_TEST_SEED=N replays a run.
source "$(dirname "$0")/x11_common.bash"
source "$(dirname "$0")/sgt_pegs_common.bash"

start_xvfb
ROUNDS=${SGT_READER_ROUNDS:-4}
CHECK=${PB_REPLAY_CHECK:-${PB_BINARY_DIR:?set PB_REPLAY_CHECK or PB_BINARY_DIR}/bin/replay_check}
[[ -x $CHECK ]] || die "no replay checker at $CHECK: build the replay_check target"
use_seed

# Colour schemes "background text/peg highlight lowlight" (RRGGBB); "-" keeps the game's own.
FIFTEEN_SCHEMES=("-" "1e1e2e ffd700 44475a 0b0b14" "2e7d32 ffffff 66bb6a 1b5e20" "fff8e1 3e2723 ffffff bcaaa4"
                 "000000 ffffff 505050 aa0000")
# Pegs colours: background, highlight, lowlight (holes), peg.
PEGS_SCHEMES=("-" "202020 606060 000000 e53935" "ffffff f0f0f0 fbc02d 111111" "0d47a1 42a5f5 90caf9 ffeb3b")

# Sets PICKED (no $(...): bash seeds $RANDOM afresh in a subshell, and the run would not replay).
pick() { local -n arr=$1; PICKED=${arr[RANDOM % ${#arr[@]}]}; }

fails=0
check() {  # check NAME EXPECTED_FILE JSON_FILE NORMALISER
  local got
  got=$(board_of "$3" | $4)
  if [[ $got != "$($4 <"$2")" ]]; then
    echo "MISMATCH $1"; echo "expected:"; cat "$2"; echo "read:"; board_of "$3"; cat "$3"
    fails=$((fails + 1))
  elif ! "$CHECK" <"$3" >/dev/null 2>"$3.check"; then
    echo "WRONG ANSWER $1: $(cat "$3.check")"; cat "$3"
    fails=$((fails + 1))
  else
    echo "ok $1"
  fi
}
numbers() { tr -s ' \n' '  ' | sed 's/^ //; s/ $//'; }
rows() { cat; }

# render GAME PARAMS TILE SCHEMES OUT: sgt-GAME's --screenshot (OUT.png) of a board from its own
# generator (PARAMS), tiles of TILE px, in a scheme picked from the array named SCHEMES; sets id and name.
render() {
  local game=$1 tile=$3 prefix=${1^^} scheme
  pick "$4"
  scheme=$PICKED
  id=$(/usr/games/sgt-$game --generate 1 "$2" | head -1)
  local envs=("${prefix}_TILESIZE=$tile")
  if [[ $scheme != - ]]; then read -r c0 c1 c2 c3 <<<"$scheme"; envs+=("${prefix}_COLOUR_0=$c0" "${prefix}_COLOUR_1=$c1" "${prefix}_COLOUR_2=$c2" "${prefix}_COLOUR_3=$c3"); fi
  name="$game $id tile=$tile scheme=$scheme"
  env "${envs[@]}" timeout 20 "/usr/games/sgt-$game" --screenshot "$5.png" "$id" || die "sgt-$game --screenshot failed"
}

# read_render OUT GAME NORMALISER: `puzzlebot solve OUT.png` must read the board of OUT.txt (check).
read_render() {
  local rc=0
  timeout 60 "$PB" solve "$1.png" --game "$2" --json --timeout-ms 2000 >"$1.json" 2>"$1.err" || rc=$?
  if [[ $rc == 2 ]]; then echo "REFUSED $name: $(cat "$1.err")"; fails=$((fails + 1)); else check "$name" "$1.txt" "$1.json" "$3"; fi
}

for round in $(seq "$ROUNDS"); do
  # --- Fifteen ---
  sizes=(4x4 4x4 3x3 5x4 5x5 3x5)
  size=${sizes[RANDOM % ${#sizes[@]}]}
  tile=$((32 + RANDOM % 48))
  render fifteen "$size#$SEED-$round" "$tile" FIFTEEN_SCHEMES "$WORK/f$round"
  w=${size%x*}
  echo "${id#*:}" | tr ',' '\n' | awk -v w="$w" '{ printf "%s%s", $1, (NR % w == 0) ? "\n" : " " }' >"$WORK/f$round.txt"
  read_render "$WORK/f$round" sliding numbers

  # --- Pegs ---
  types=(7x7random 7x7cross 7x7octagon 5x5random 9x9random)
  type=${types[RANDOM % ${#types[@]}]}
  tile=$((24 + RANDOM % 40))
  render pegs "$type#$SEED-$round" "$tile" PEGS_SCHEMES "$WORK/p$round"
  pegs_id_rows "$id" >"$WORK/p$round.txt"
  read_render "$WORK/p$round" pegs rows
done

[[ $fails == 0 ]] || die "$fails of $((2 * ROUNDS)) renders misread, refused or answered wrongly"
echo "PASS"
