#!/usr/bin/env bash
# regenerate.sh: re-renders the arena's sample screenshots (GAME/NAME.png) and their board texts (NAME.txt, ground truth).
# usage: samples/arena/regenerate.sh [--check] [PUZZLEBOT_ARENA]   (default: build/bin/puzzlebot-arena)
#   --check: draw into a scratch folder and compare with the committed files byte for byte; exit 1
#   naming the files that differ (ctest's arena.samples_reproducible, 2-12 s).
# Needs no display: --screenshot draws off-screen. Each sample is fixed by its arguments below, so
# running this again gives the same files unless the arena's drawing or level generation changed,
# or (a "_mid" sample, --play K) a solver now answers with another of several equally good
# solutions: its first K gestures are the solver's (valves' a02_l4_s3_mid: 12 cuts of 3 valves; the
# valves solver as rewritten since the sample was drawn, 2026-11-22, closes F first where it closed K).
# Then regenerate in the same commit and run the tests that read the samples (ctest -R 'reader|arena').
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
check=0
if [[ "${1:-}" == "--check" ]]; then
  check=1
  shift
fi
arena="${1:-$here/../../build/bin/puzzlebot-arena}"
[[ -x "$arena" ]] || { echo "regenerate.sh: build puzzlebot-arena first (or pass its path)" >&2; exit 2; }
out="$here"
if (( check )); then
  out="$(mktemp -d)"
  trap 'rm -rf "$out"' EXIT
fi

# game       name                 arguments
samples=(
  "onestroke   a01_l1_s0            --level 1 --seed 1 --style 0 --size 800x600"
  "onestroke   a02_l4_s3_mid        --level 4 --seed 2 --style 3 --size 640x480 --play 7"
  "onestroke   a03_l7_s8            --level 7 --seed 3 --style 8 --size 1024x768"
  "knight      a01_l1_s0            --level 1 --seed 1 --style 0 --size 800x600"
  "knight      a02_l3_s3_mid        --level 3 --seed 2 --style 3 --size 640x480 --play 6"
  "knight      a03_l6_s8_mid        --level 6 --seed 3 --style 8 --size 1024x768 --play 1"
  "knight      a04_l2_s13           --level 2 --seed 4 --style 13 --size 720x720"
  "valves      a01_l1_s0            --level 1 --seed 1 --style 0 --size 800x600"
  "valves      a02_l4_s3_mid        --level 4 --seed 2 --style 3 --size 640x480 --play 1"
  "valves      a03_l8_s8            --level 8 --seed 3 --style 8 --size 1024x768"
  "hanoi       a01_l1_s0            --level 1 --seed 1 --style 0 --size 800x600"
  "hanoi       a02_l4_s3_mid        --level 4 --seed 2 --style 3 --size 640x480 --play 3"
  "hanoi       a03_l7_s8            --level 7 --seed 3 --style 8 --size 1024x768"
  "hanoi       a04_l5_s13           --level 5 --seed 4 --style 13 --size 720x720"
  "river       a01_l1_s0            --level 1 --seed 1 --style 0 --size 800x600"
  "river       a02_l4_s3_mid        --level 4 --seed 2 --style 3 --size 640x480 --play 4"
  "river       a03_l7_s8            --level 7 --seed 3 --style 8 --size 1024x768"
)

differ=0
for line in "${samples[@]}"; do
  read -r game name args <<<"$line"
  mkdir -p "$out/$game"
  # shellcheck disable=SC2086  # the arguments are meant to split
  "$arena" --game "$game" $args --screenshot "$out/$game/$name.png" --print-board >/dev/null
  if (( ! check )); then
    echo "$game/$name.png"
    continue
  fi
  for file in "$game/$name.png" "$game/$name.txt"; do
    if ! cmp -s "$out/$file" "$here/$file"; then
      echo "regenerate.sh: samples/arena/$file is not what the arena draws now: run samples/arena/regenerate.sh and check the tests that read it" >&2
      differ=1
    fi
  done
done
exit "$differ"
