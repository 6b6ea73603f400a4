#!/usr/bin/env bash
# sliding_pdb78_korf.sh: the 4x4 default path on users' machines: `prepare` builds the 7-8 kind of tables into a fresh cache, `solve` reads them and answers Korf instances optimally.
# Every other test runs with PUZZLEBOT_PDB78=cached and no such table, so the 15-puzzle's default
# solver (solvers/sliding/pdb78.cpp: the policy, the cache files, the build, the load, the IDA*)
# would otherwise go untested. The full 7-8 build takes a minute and 3 GB on two cores, too dear
# for CI: PB_PDB78_REDUCED=1 swaps the 7-8 groups for 7-7-1 ones (two 7-tile tables, ~16 s of CPU)
# and changes nothing else on the path. The sanitizer stage skips this test (scripts/test.sh).
# Each answer is replayed through the test's own rules (replay_check) and its length must be the
# optimum Korf's table gives; the fallback 6-6-3 tables must never have been built.
set -euo pipefail

PB=${PB_PUZZLEBOT:?set PB_PUZZLEBOT to the built puzzlebot binary}
CHECK=${PB_REPLAY_CHECK:?set PB_REPLAY_CHECK to the built replay_check}
DATA=$(cd "$(dirname "$0")/../data" && pwd)/korf100.txt
WORK=$(mktemp -d "${TMPDIR:-/tmp}/pb-korf.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
die() { echo "FAIL: $*" >&2; exit 1; }

# The user's defaults: tables may be built, the full-size ones; a cache of the test's own, so the
# build runs every time.
unset PUZZLEBOT_SLIDING_SMALL_TABLES
export PUZZLEBOT_PDB78=build PB_PDB78_REDUCED=1 PUZZLEBOT_CACHE_DIR=$WORK/cache
mkdir -p "$PUZZLEBOT_CACHE_DIR"

t0=$SECONDS
"$PB" prepare sliding --board 4x4 >"$WORK/prepare.out" 2>&1 || die "prepare exited $?: $(tail -5 "$WORK/prepare.out")"
echo "prepare: $((SECONDS - t0)) s"
tables=$(find "$PUZZLEBOT_CACHE_DIR" -name 'sliding-4x4-*.nib' | wc -l)
[[ $tables == 3 ]] || die "prepare left $tables 4x4 .nib tables in the cache, expected 3: $(ls "$PUZZLEBOT_CACHE_DIR")"

# Korf's boards have the blank first (0 1 ... 15): turned 180 degrees and each tile t relabelled
# 16 - t, they are boards of the project's goal with the same optimum (the data file's header).
mkdir "$WORK/boards" "$WORK/optimum"
for id in 1 42 55 79; do
  line=$(grep -E "^$id " "$DATA") || die "no instance $id in $DATA"
  {
    echo "sliding"
    echo "${line#*| }" | tr ' ' '\n' | tac | awk '{ print ($1 == 0) ? 0 : 16 - $1 }' | paste -d' ' - - - -
  } >"$WORK/boards/korf$id.txt"
  cut -d' ' -f2 <<<"$line" >"$WORK/optimum/korf$id"
done

# The folder mode, with the default time limit (10 s): tables already built are used, none is built.
t0=$SECONDS
rc=0
PUZZLEBOT_PDB78=cached "$PB" solve "$WORK/boards" --json >"$WORK/answers.jsonl" 2>"$WORK/solve.err" || rc=$?
echo "solve: $((SECONDS - t0)) s"
[[ $rc == 0 ]] || die "solve exited $rc: $(tail -5 "$WORK/solve.err")"
"$CHECK" --solved <"$WORK/answers.jsonl" || die "an answer does not replay: $(head -c 2000 "$WORK/answers.jsonl")"
n=$(wc -l <"$WORK/answers.jsonl")
[[ $n == 4 ]] || die "$n answers for 4 boards"
python3 - "$WORK" <<'EOF' || die "an answer is not of the optimal length"
import json, sys, pathlib
work = pathlib.Path(sys.argv[1])
bad = 0
for line in (work / "answers.jsonl").read_text().splitlines():
    answer = json.loads(line)
    want = int((work / "optimum" / pathlib.Path(answer["input"]).stem).read_text())
    got = len(answer["moves"])
    print(f'{pathlib.Path(answer["input"]).stem}: {got} moves, optimum {want}, {answer["stats"]["nodes"]} nodes')
    bad += got != want
sys.exit(bad != 0)
EOF

# Had the 7-8 path refused the boards, the solver would have built its 6-6-3 tables (.pdb) here.
fallback=$(find "$PUZZLEBOT_CACHE_DIR" -name 'sliding-4x4-*.pdb' | wc -l)
[[ $fallback == 0 ]] || die "the 6-6-3 fallback tables were built: the 7-8 path was not used ($(ls "$PUZZLEBOT_CACHE_DIR"))"
echo "PASS"
