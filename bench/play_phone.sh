#!/usr/bin/env bash
# play_phone.sh: seconds per 7x7 one-stroke level on the simulated phone with a real phone's costs, per touch and capture method.
# The fake phone (tests/fake_adb) charges what issue 16 measured on phones: 350 ms per `input`
# command, 250 ms per raw 1080x1920 screencap, 3 ms per sendevent line. Each method plays 1 level and
# then LEVELS levels from the same seed; the difference divided by LEVELS-1 is the time per level
# (reading, solving, touching, checking, waiting for the next level), without the start-up (connect,
# wm size, probes) that a single run also pays; the screencaps per level the same way. The phone
# animates each touch (100-400 ms) and draws its screencap costs (250-700 ms) from FAULT_SEED
# (default 1). Usage:
#   bench/play_phone.sh [BUILD_DIR] [LEVELS]        (defaults: build 3)
#   METHODS="sendevent:screencap motionevent:screencap" bench/play_phone.sh
set -u
build=${1:-build}
levels=${2:-3}
methods=${METHODS:-"sendevent:auto sendevent:screencap motionevent:screencap"}
pb=$build/bin/puzzlebot
adb=$build/fake_adb/adb
[ -x "$pb" ] && [ -x "$adb" ] || { echo "build puzzlebot and fake_adb first (cmake --build $build --target puzzlebot fake_adb)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

run() {  # run TOUCH CAPTURE LEVELS -> seconds on stdout
  local dir="$work/$1-$2-$3"
  mkdir -p "$dir"
  printf 'seed=3\nscreen=1080x1920\nmin_side=7\nmax_side=7\ncosts=real\nadvance_ms=400\nfault_seed=%s\n' "${FAULT_SEED:-1}" > "$dir/config"
  local capture_flag=()
  [ "$2" != auto ] && capture_flag=(--capture "$2")
  local t0 t1
  t0=$(date +%s.%N)
  FAKE_ADB_STATE="$dir" "$pb" play --game onestroke --adb --levels "$3" --adb-path "$adb" --touch "$1" \
    "${capture_flag[@]}" >"$dir/out" 2>"$dir/err" || { echo "FAILED: $1/$2 x$3: $(tail -1 "$dir/err")" >&2; echo nan; return; }
  t1=$(date +%s.%N)
  echo "$t1 - $t0" | bc -l
  grep -c 'exec-out screencap$' "$dir/log" > "$dir/looks"
  grep -m1 "touches by" "$dir/err" | sed 's/^/    /' >&2
  grep "timings" "$dir/err" | sed 's/^/    /' >&2
}

printf '%-24s %12s %12s %16s %12s\n' "touch:capture" "1 level s" "$levels levels s" "s per level" "screencaps"
for m in $methods; do
  touch=${m%%:*}
  capture=${m##*:}
  one=$(run "$touch" "$capture" 1)
  many=$(run "$touch" "$capture" "$levels")
  per=$(echo "($many - $one) / ($levels - 1)" | bc -l 2>/dev/null || echo nan)
  looks=$(echo "($(cat "$work/$touch-$capture-$levels/looks") - $(cat "$work/$touch-$capture-1/looks")) / ($levels - 1)" | bc -l)
  printf '%-24s %12.2f %12.2f %16.2f %12.1f\n' "$touch:$capture" "$one" "$many" "$per" "$looks"
done
