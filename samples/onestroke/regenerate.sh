#!/usr/bin/env bash
# regenerate.sh: re-renders the one-stroke sample screenshots from their board texts.
# usage: samples/onestroke/regenerate.sh [RENDER_ONESTROKE]   (default: build/bin/render_onestroke)
# A board text (NAME.txt, the ground truth) is made with `render_onestroke --random` only when it is
# missing; existing texts are kept, so the samples' boards never change unless a text is deleted.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
render="${1:-$here/../../build/bin/render_onestroke}"
[[ -x "$render" ]] || { echo "regenerate.sh: build render_onestroke first (or pass its path)" >&2; exit 2; }

# name                  rows cols visited seed  render options
samples=(
  "s01_4x4_480x854.png          4 4 0  101  --width 480 --height 854 --cat 0 --level 3"
  "s02_5x5_720x1280.jpg         5 5 0  102  --width 720 --height 1280 --jpeg 80 --cat 1 --level 17"
  "s03_6x5_1080x1920.png        6 5 0  103  --width 1080 --height 1920 --cat 2 --level 58"
  "s04_7x7_1080x1920_mid.png    7 7 14 104  --width 1080 --height 1920 --cat 0 --band 0 --level 120"
  "s05_9x8_1440x3120.png        9 8 0  105  --width 1440 --height 3120 --cat 3 --level 702"
  "s06_9x8_1440x3120_mid.jpg    9 8 30 106  --width 1440 --height 3120 --jpeg 70 --cat 4 --band 1 --level 733"
  "s07_8x7_1080x2340_mid.png    8 7 20 107  --width 1080 --height 2340 --cat 1 --band 2 --level 455"
  "s08_6x6_750x1334.jpg         6 6 0  108  --width 750 --height 1334 --jpeg 60 --cat 4 --level 233"
  "s09_7x6_480x854_mid.jpg      7 6 9  109  --width 480 --height 854 --jpeg 75 --cat 2 --band 3 --level 301"
  "s10_8x8_letterbox.png        8 8 12 110  --width 270 --height 480 --letterbox 1920x1080 --blur 0.5 --cat 0 --band 0 --level 512"
  "s11_7x7_cropped.png          7 7 0  111  --width 1080 --height 1920 --crop-board --cat 3 --level 643"
  "s12_5x6_720x1280_blur.png    5 6 0  112  --width 720 --height 1280 --blur 1.5 --cat 1 --level 88"
  "s13_9x8_1080x1920_mid.jpg    9 8 40 113  --width 1080 --height 1920 --jpeg 85 --cat 0 --band 1 --level 815"
  "s14_4x5_1440x3120_mid.png    4 5 6  114  --width 1440 --height 3120 --cat 2 --band 4 --jitter 0.01 --level 9"
  "s15_8x6_cropped_mid.jpg      8 6 17 115  --width 720 --height 1280 --crop-board --jpeg 75 --cat 4 --band 0 --level 390"
)

for line in "${samples[@]}"; do
  read -r name rows cols visited seed opts <<<"$line"
  board="$here/${name%.*}.txt"
  if [[ ! -f "$board" ]]; then
    "$render" --random "$rows" "$cols" "$visited" "$seed" >"$board"
  fi
  # shellcheck disable=SC2086  # the options are words
  "$render" "$board" "$here/$name" --seed "$seed" $opts
  echo "$name"
done
