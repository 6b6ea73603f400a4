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

for round in $(seq "$ROUNDS"); do
  # --- Fifteen ---
  sizes=(4x4 4x4 3x3 5x4 5x5 3x5)
  size=${sizes[RANDOM % ${#sizes[@]}]}
  tile=$((32 + RANDOM % 48))
  pick FIFTEEN_SCHEMES
  scheme=$PICKED
  id=$(/usr/games/sgt-fifteen --generate 1 "$size#$SEED-$round" | head -1)
  envs=(FIFTEEN_TILESIZE=$tile)
  if [[ $scheme != - ]]; then read -r c0 c1 c2 c3 <<<"$scheme"; envs+=(FIFTEEN_COLOUR_0=$c0 FIFTEEN_COLOUR_1=$c1 FIFTEEN_COLOUR_2=$c2 FIFTEEN_COLOUR_3=$c3); fi
  name="fifteen $id tile=$tile scheme=$scheme"
  env "${envs[@]}" timeout 20 /usr/games/sgt-fifteen --screenshot "$WORK/f$round.png" "$id" || die "sgt-fifteen --screenshot failed"
  w=${size%x*}
  echo "${id#*:}" | tr ',' '\n' | awk -v w="$w" '{ printf "%s%s", $1, (NR % w == 0) ? "\n" : " " }' >"$WORK/f$round.txt"
  rc=0
  timeout 60 "$PB" solve "$WORK/f$round.png" --game sliding --json --timeout-ms 2000 >"$WORK/f$round.json" 2>"$WORK/f$round.err" || rc=$?
  if [[ $rc == 2 ]]; then echo "REFUSED $name: $(cat "$WORK/f$round.err")"; fails=$((fails + 1)); else check "$name" "$WORK/f$round.txt" "$WORK/f$round.json" numbers; fi

  # --- Pegs ---
  types=(7x7random 7x7cross 7x7octagon 5x5random 9x9random)
  type=${types[RANDOM % ${#types[@]}]}
  tile=$((24 + RANDOM % 40))
  pick PEGS_SCHEMES
  scheme=$PICKED
  id=$(/usr/games/sgt-pegs --generate 1 "$type#$SEED-$round" | head -1)
  envs=(PEGS_TILESIZE=$tile)
  if [[ $scheme != - ]]; then read -r c0 c1 c2 c3 <<<"$scheme"; envs+=(PEGS_COLOUR_0=$c0 PEGS_COLOUR_1=$c1 PEGS_COLOUR_2=$c2 PEGS_COLOUR_3=$c3); fi
  name="pegs $id tile=$tile scheme=$scheme"
  env "${envs[@]}" timeout 20 /usr/games/sgt-pegs --screenshot "$WORK/p$round.png" "$id" || die "sgt-pegs --screenshot failed"
  pegs_id_rows "$id" >"$WORK/p$round.txt"
  rc=0
  timeout 60 "$PB" solve "$WORK/p$round.png" --game pegs --json --timeout-ms 2000 >"$WORK/p$round.json" 2>"$WORK/p$round.err" || rc=$?
  if [[ $rc == 2 ]]; then echo "REFUSED $name: $(cat "$WORK/p$round.err")"; fails=$((fails + 1)); else check "$name" "$WORK/p$round.txt" "$WORK/p$round.json" rows; fi
done

[[ $fails == 0 ]] || die "$fails of $((2 * ROUNDS)) renders misread, refused or answered wrongly"
echo "PASS"
