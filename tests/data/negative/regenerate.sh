#!/usr/bin/env bash
# regenerate.sh: re-makes these pictures that are not boards (vision readers must reject them).
# usage: tests/data/negative/regenerate.sh [RENDER_ONESTROKE]   (default: build/bin/render_onestroke)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
render="${1:-$here/../../../build/bin/render_onestroke}"
[[ -x "$render" ]] || { echo "regenerate.sh: build render_onestroke first (or pass its path)" >&2; exit 2; }
"$render" --negative blank "$here/blank.png" --width 360 --height 640
"$render" --negative noise "$here/noise.jpg" --width 240 --height 426 --seed 7
"$render" --negative photo "$here/photo.jpg" --width 360 --height 640 --seed 8
"$render" --negative chess "$here/chess.png" --width 360 --height 640 --seed 9
"$render" --negative grid "$here/grid.png" --width 360 --height 640 --seed 10
"$render" --negative tiles "$here/tiles.png" --width 360 --height 640 --seed 11
