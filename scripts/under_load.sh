#!/usr/bin/env bash
# under_load.sh: run ctest tests with CPU hogs (busy shell loops) beside them, the load a user's
# other programs put on a game and on the bot; the hogs are always killed, also on Ctrl-C or failure.
# Usage: scripts/under_load.sh [--hogs N (default 2)] [--build BUILD_DIR (default build)] CTEST_REGEX
#        [more ctest arguments, e.g. --repeat until-fail:3]
# The tests run one at a time (-j1) and with what scripts/test.sh sets (a throw-away cache, the small
# sliding tables). Exit status: ctest's. Results and docs: docs/RELIABILITY.md, "Under load".
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
hogs=2
build="$here/build"
while [ $# -gt 0 ]; do
  case "$1" in
    --hogs) hogs="${2:?--hogs needs a number}"; shift 2 ;;
    --build) build="${2:?--build needs a folder}"; shift 2 ;;
    *) break ;;
  esac
done
usage="usage: scripts/under_load.sh [--hogs N] [--build BUILD_DIR] CTEST_REGEX [ctest arguments]"
[ $# -ge 1 ] || { echo "under_load.sh: no test regex given; $usage" >&2; exit 2; }
case "$hogs" in ''|*[!0-9]*) echo "under_load.sh: --hogs '$hogs' is not a number; $usage" >&2; exit 2 ;; esac
[ -f "$build/CTestTestfile.cmake" ] || {
  echo "under_load.sh: $build is no configured build folder; build first or give --build" >&2; exit 2; }
regex="$1"; shift

export PUZZLEBOT_CACHE_DIR="${PUZZLEBOT_CACHE_DIR:-$build/test-cache}"
export PUZZLEBOT_SLIDING_SMALL_TABLES="${PUZZLEBOT_SLIDING_SMALL_TABLES:-1}"

pids=()
tests_pid=""
stop_hogs() {
  local pid
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  pids=()
}
# ctest runs in the background, in a process group of its own, and is waited for, so that Ctrl-C or a
# kill reaches this trap at once (bash runs traps only once a foreground command ends); the whole
# group is then stopped: ctest, its running test (whose cleanup kills the game and Xvfb) and those.
stop_tests() {
  if [[ -n $tests_pid ]]; then
    kill -TERM -- "-$tests_pid" 2>/dev/null || true
    wait "$tests_pid" 2>/dev/null || true
  fi
  exit 130
}
trap stop_hogs EXIT
trap stop_tests INT TERM
# Each hog is a busy loop at the tests' own priority (no nice): it competes for a core as a user's
# build or video call would.
for _ in $(seq 1 "$hogs"); do
  sh -c 'while :; do :; done' &
  pids+=("$!")
done
echo "under_load.sh: $hogs CPU hogs running (pids ${pids[*]}); load average $(cut -d' ' -f1-3 /proc/loadavg)"
status=0
(cd "$build" && exec setsid ctest -j1 --output-on-failure -R "$regex" "$@") &
tests_pid=$!
wait "$tests_pid" || status=$?
tests_pid=""
echo "under_load.sh: load average at the end $(cut -d' ' -f1-3 /proc/loadavg)"
exit "$status"
