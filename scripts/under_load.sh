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
stop_hogs() {
  local pid
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  pids=()
}
trap stop_hogs EXIT
trap 'exit 130' INT TERM
# Each hog is a busy loop at the tests' own priority (no nice): it competes for a core as a user's
# build or video call would.
for _ in $(seq 1 "$hogs"); do
  sh -c 'while :; do :; done' &
  pids+=("$!")
done
echo "under_load.sh: $hogs CPU hogs running (pids ${pids[*]}); load average $(cut -d' ' -f1-3 /proc/loadavg)"
status=0
(cd "$build" && ctest -j1 --output-on-failure -R "$regex" "$@") || status=$?
echo "under_load.sh: load average at the end $(cut -d' ' -f1-3 /proc/loadavg)"
exit "$status"
