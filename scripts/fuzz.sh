#!/usr/bin/env bash
# fuzz.sh: build (if needed) and run every libFuzzer target for a while, with the seed corpus.
# Usage: scripts/fuzz.sh [SECONDS_PER_TARGET (default 60)] [BUILD_DIR (default build-asan)] [TARGET_REGEX]
# Targets run PB_FUZZ_JOBS at a time (default: one per core), each on one core.
# A crash leaves its input in BUILD_DIR/fuzz-artifacts/ and makes this script fail; turn each one
# into a regression test (a seed in fuzz/corpus/ plus tests/bad_input/ or a unit test) before fixing it.
# Long runs: scripts/fuzz.sh 3600 (new inputs found are added to BUILD_DIR/fuzz-corpus/, not the repo).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
seconds="${1:-60}"
build="${2:-$here/build-asan}"
pattern="${3:-.}"
parallel="${PB_FUZZ_JOBS:-$(nproc)}"

if [ ! -f "$build/CMakeCache.txt" ]; then
  # Same configuration as scripts/test.sh's sanitizer stage (keep the two in step).
  CXX=clang++ cmake -S "$here" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -gline-tables-only" -DPB_FUZZ=ON -DPB_BUILD_BENCH=OFF >/dev/null
fi
# Only the targets defined under fuzz/ (a test such as solvers_fuzz_crashes_test is not one).
targets=$(grep -oE '/fuzz/CMakeFiles/fuzz_[a-z_0-9]+\.dir' "$build/CMakeFiles/TargetDirectories.txt" 2>/dev/null |
  sed -E 's|.*/(fuzz_[a-z_0-9]+)\.dir|\1|' | sort -u | grep -E "$pattern" || true)
[ -n "$targets" ] || { echo "fuzz.sh: no fuzz targets in $build (configure it with -DPB_FUZZ=ON)" >&2; exit 2; }
# shellcheck disable=SC2086
cmake --build "$build" -j"$(nproc)" --target $targets

# The libraries are built without -fno-sanitize-recover, so UBSan must be told to stop; the LSan
# suppressions are scripts/test.sh's (one-time allocations inside third-party libraries).
export ASAN_OPTIONS="abort_on_error=1:${ASAN_OPTIONS:-}"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:${UBSAN_OPTIONS:-}"
export LSAN_OPTIONS="suppressions=$here/tests/lsan.supp:${LSAN_OPTIONS:-}"
# Solver caches (pattern databases) stay in the build folder, never the user's cache.
export PUZZLEBOT_CACHE_DIR="${PUZZLEBOT_CACHE_DIR:-$build/fuzz-cache}"

artifacts="$build/fuzz-artifacts"
mkdir -p "$artifacts"
rm -f "$artifacts"/*.failed

# Seeds: fuzz/corpus/<target without fuzz_>/. An image reader without seeds of its own (a reader just
# added to PB_READERS) starts from every other reader's screenshots, so it is fuzzed from real images
# at once; give it its own folder when it has samples.
seed_dirs() {
  local name="${1#fuzz_}"
  if [ -d "$here/fuzz/corpus/$name" ]; then
    echo "$here/fuzz/corpus/$name"
  elif [[ $name == image_* ]]; then
    find "$here/fuzz/corpus" -mindepth 1 -maxdepth 1 -type d -name 'image_*' | sort
  fi
}

run_one() {
  local t="$1" log="$artifacts/$1.log" work="$build/fuzz-corpus/${1#fuzz_}"
  mkdir -p "$work"
  local dirs=("$work")
  mapfile -t -O 1 dirs < <(seed_dirs "$t")
  # -max_len: the largest seed (a 52 KB screenshot) must fit whole, or libFuzzer cuts it short.
  if "$build/bin/$t" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=3072 -max_len=65536 \
       -print_final_stats=0 -artifact_prefix="$artifacts/${t}-" "${dirs[@]}" >"$log" 2>&1; then
    echo "$t: ${seconds}s, no finding ($(grep -oE '^#[0-9]+' "$log" | tail -1 | tr -d '#') runs)"
  else
    touch "$artifacts/$t.failed"
    { echo "fuzz.sh: $t FAILED; log: $log"
      grep -E 'ERROR|SUMMARY|Test unit written' "$log" | head -5 || true; } >&2
  fi
}

echo "fuzz.sh: $(wc -w <<<"$targets") targets, ${seconds}s each, $parallel at a time"
for t in $targets; do
  while [ "$(jobs -rp | wc -l)" -ge "$parallel" ]; do wait -n || true; done
  run_one "$t" &
done
wait

if compgen -G "$artifacts/*.failed" >/dev/null; then
  echo "fuzz.sh: failed: $(basename -s .failed "$artifacts"/*.failed | tr '\n' ' ')" >&2
  exit 1
fi
echo "fuzz.sh: all targets ran ${seconds}s without a finding"
