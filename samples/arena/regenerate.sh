#!/usr/bin/env bash
# regenerate.sh: re-renders the arena's sample screenshots (GAME/NAME.png) and their board texts (NAME.txt, ground truth).
# usage: samples/arena/regenerate.sh [PUZZLEBOT_ARENA]   (default: build/bin/puzzlebot-arena)
# Needs no display: --screenshot draws off-screen. Each sample is fixed by its arguments below, so
# running this again gives the same files unless the arena's drawing or level generation changed.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
arena="${1:-$here/../../build/bin/puzzlebot-arena}"
[[ -x "$arena" ]] || { echo "regenerate.sh: build puzzlebot-arena first (or pass its path)" >&2; exit 2; }

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

for line in "${samples[@]}"; do
  read -r game name args <<<"$line"
  mkdir -p "$here/$game"
  # shellcheck disable=SC2086  # the arguments are meant to split
  "$arena" --game "$game" $args --screenshot "$here/$game/$name.png" --print-board >/dev/null
  echo "$game/$name.png"
done
