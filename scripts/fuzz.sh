#!/usr/bin/env bash
# fuzz.sh: build (if needed) and run every libFuzzer target for a while, with the seed corpus.
# Usage: scripts/fuzz.sh [SECONDS_PER_TARGET (default 60)] [BUILD_DIR (default build-asan)] [TARGET_REGEX]
# A crash leaves its input in BUILD_DIR/fuzz-artifacts/ and makes this script fail; turn each one
# into a regression test (tests/bad_input/ or a unit test) before fixing it.
# Long runs: scripts/fuzz.sh 3600 (new inputs found are added to BUILD_DIR/fuzz-corpus/, not the repo).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
seconds="${1:-60}"
build="${2:-$here/build-asan}"
pattern="${3:-.}"

if [ ! -f "$build/CMakeCache.txt" ]; then
  CXX=clang++ cmake -S "$here" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPB_FUZZ=ON -DPB_BUILD_BENCH=OFF >/dev/null
fi
targets=$(grep -o 'fuzz_[a-z_0-9]*' "$build/CMakeFiles/TargetDirectories.txt" 2>/dev/null | sort -u | grep -E "$pattern" || true)
[ -n "$targets" ] || { echo "fuzz.sh: no fuzz targets in $build (configure it with -DPB_FUZZ=ON)" >&2; exit 2; }
# shellcheck disable=SC2086
cmake --build "$build" -j"$(nproc)" --target $targets

mkdir -p "$build/fuzz-artifacts"
failed=0
for t in $targets; do
  seeds="$here/fuzz/corpus/${t#fuzz_}"
  work="$build/fuzz-corpus/${t#fuzz_}"
  mkdir -p "$work"
  dirs=("$work")
  [ -d "$seeds" ] && dirs+=("$seeds")
  echo "== $t: ${seconds}s"
  if ! "$build/bin/$t" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=3072 -max_len=65536 \
        -print_final_stats=0 -artifact_prefix="$build/fuzz-artifacts/${t}-" "${dirs[@]}" \
        >"$build/fuzz-artifacts/$t.log" 2>&1; then
    echo "fuzz.sh: $t FAILED; log: $build/fuzz-artifacts/$t.log" >&2
    grep -E 'ERROR|SUMMARY|Test unit written' "$build/fuzz-artifacts/$t.log" | head -5 >&2 || true
    failed=1
  else
    grep -E '^#[0-9]+.*DONE' "$build/fuzz-artifacts/$t.log" | tail -1 || true
  fi
done
if [ "$failed" -ne 0 ]; then
  echo "fuzz.sh: a target failed" >&2
  exit 1
fi
echo "fuzz.sh: all targets ran ${seconds}s without a finding"
