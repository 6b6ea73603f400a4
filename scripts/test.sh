#!/usr/bin/env bash
# test.sh: the whole test suite on a fresh Debian 12 machine: set up, build, run every test.
#   1. Release build (g++): unit, command-line and Xvfb integration tests (real sgt-puzzles games,
#      the simulated phone, the arena).
#   With --hardening (or PB_HARDENING=1), also:
#   2. Second build (clang, AddressSanitizer + UndefinedBehaviorSanitizer): the same tests again;
#      any sanitizer report fails the test that triggered it.
#   3. A short run of every libFuzzer target from that build (scripts/fuzz.sh).
# Usage: scripts/test.sh [--hardening] [ctest arguments, e.g. -L integration or -R onestroke]
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
hardening="${PB_HARDENING:-0}"
if [ "${1:-}" = "--hardening" ]; then hardening=1; shift; fi
jobs="$(nproc)"
fuzz_seconds="${PB_FUZZ_SECONDS:-20}"

bash "$here/scripts/setup.sh" --build-dir "$here/build"

# Pattern databases and other caches go to a throw-away folder, so a run never depends on (or
# pollutes) the user's cache.
export PUZZLEBOT_CACHE_DIR="${PUZZLEBOT_CACHE_DIR:-$here/build/test-cache}"

echo "== 1/3 release build: tests"
(cd "$here/build" && ctest --output-on-failure -j"$jobs" --timeout 900 "$@")
[ "$hardening" = "1" ] || exit 0

echo "== 2/3 sanitizer build (ASan + UBSan): tests"
asan="$here/build-asan"
CXX=clang++ cmake -S "$here" -B "$asan" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPB_FUZZ=ON \
  -DPB_BUILD_BENCH=OFF >/dev/null
cmake --build "$asan" -j"$jobs"
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:${ASAN_OPTIONS:-}"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:${UBSAN_OPTIONS:-}"
export LSAN_OPTIONS="suppressions=$here/tests/lsan.supp:${LSAN_OPTIONS:-}"
(cd "$asan" && ctest --output-on-failure -j"$jobs" --timeout 1800 "$@")

echo "== 3/3 fuzzing: ${fuzz_seconds}s per target"
bash "$here/scripts/fuzz.sh" "$fuzz_seconds" "$asan"
