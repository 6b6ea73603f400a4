#!/usr/bin/env bash
# play_gcompris_hanoi.sh: `puzzlebot play` clears GCompris's Tower of Hanoi (hanoi_real) levels 1 and 2 under Xvfb; GCompris must show the next level's number.
# GCompris's Hanoi levels are fixed (level 1: 3 discs, level 2: 4, all on the first rod), so no seed:
# the runs are deterministic, and each must need 0 re-plans.
source "$(dirname "$0")/x11_common.bash"
source "$(dirname "$0")/gcompris_common.bash"

PROFILE=$PWD/calibration/profiles/gcompris.yml
[[ -f $PROFILE ]] || die "no $PROFILE (run from the source tree)"
start_gcompris hanoi_real

# wait_for_board DISCS SECONDS: waits until the window reads as a fresh board of DISCS discs on the
# first rod (the activity is shown some seconds after the window maps; a level after its bonus).
wait_for_board() {
  local discs=$1 seconds=$2 i want
  want=$(seq "$discs" -1 1 | tr '\n' ' ' | sed 's/ $//')
  for i in $(seq $((seconds * 2))); do
    if "$PB" play --game hanoi --window GCompris --profile "$PROFILE" --check >"$WORK/check.txt" 2>&1 &&
       [[ $(sed -n 3p "$WORK/check.txt") == "$want" ]] && grep -q '^finished: no' "$WORK/check.txt"; then
      return 0
    fi
    sleep 0.5
  done
  die "no fresh $discs-disc board within $seconds s: $(cat "$WORK/check.txt")"
}

play_level() {
  local level=$1 discs=$2 rc=0
  wait_for_board "$discs" 30
  expect_level_shown "$level" 5 "GCompris does not show level $level at its start"
  timeout 120 "$PB" play --game hanoi --window GCompris --profile "$PROFILE" >"$WORK/out.txt" 2>"$WORK/err.txt" || rc=$?
  cat "$WORK/out.txt"
  tail -2 "$WORK/err.txt"
  [[ $rc == 0 ]] || die "level $level: play exited $rc: $(tail -20 "$WORK/err.txt")"
  local moves=$(( (1 << discs) - 1 ))
  grep -q "^hanoi: solved ($moves moves sent, 0 re-plans)" "$WORK/out.txt" ||
    die "level $level: not $moves moves with 0 re-plans: $(cat "$WORK/out.txt")"
  # GCompris's word: after its bonus it moves on to the next level, whose number it shows.
  expect_level_shown $((level + 1)) 15 "level $level: GCompris does not move on to level $((level + 1))"
}

play_level 1 3
play_level 2 4
echo "PASS"
