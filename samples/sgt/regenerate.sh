#!/usr/bin/env bash
# regenerate.sh: renders the Simon Tatham Fifteen and Pegs samples (PNG + ground-truth .txt) under Xvfb.
#
# The pictures are the games' own output: `--screenshot` (the drawing area only) or a grab of the
# whole window (menu bar and status line included, as the play loop sees it), with colours from
# FIFTEEN_COLOUR_n / PEGS_COLOUR_n (RRGGBB hex, README.Debian of sgt-puzzles) and sizes from
# *_TILESIZE or a resized window. Game IDs come from fixed random seeds (`--generate 1 'PARAMS#SEED'`),
# so a rerun draws the same boards; the .txt beside each PNG is derived from the game ID, never from
# our own reader. Needs: Xvfb, sgt-puzzles, xdotool, ImageMagick `import`.
#
# usage: samples/sgt/regenerate.sh [OUTDIR]   (default: the folder this script is in)
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
# pegs_id_rows: the board an sgt-pegs ID describes, shared with the live reader tests.
source "$here/../../tests/integration/sgt_pegs_common.bash"
out=${1:-$here}
mkdir -p "$out/fifteen" "$out/pegs"
fifteen=/usr/games/sgt-fifteen
pegs=/usr/games/sgt-pegs

# Our own X server on a free display; killed on exit, whatever happens.
display=""
for n in $(seq 90 199); do
  if [[ ! -e /tmp/.X11-unix/X$n && ! -e /tmp/.X$n-lock ]]; then display=$n; break; fi
done
[[ -n $display ]] || { echo "regenerate.sh: no free X display in :90..:199" >&2; exit 2; }
Xvfb ":$display" -screen 0 1280x1024x24 -nolisten tcp >/dev/null 2>&1 &
xvfb_pid=$!
game_pid=""
cleanup() {
  [[ -n $game_pid ]] && kill "$game_pid" 2>/dev/null || true
  kill "$xvfb_pid" 2>/dev/null || true
  wait 2>/dev/null || true
}
trap cleanup EXIT
export DISPLAY=":$display"
for _ in $(seq 50); do xdpyinfo >/dev/null 2>&1 && break; sleep 0.1; done

# Game ID of a seeded random game: deterministic for a given sgt-puzzles version.
gen() { "$1" --generate 1 "$2"; }

# Ground truth from a Fifteen ID "WxH:t,t,...": `sliding` then H rows of W numbers (0 the blank).
fifteen_truth() {
  local id=$1 dims=${1%%:*} w
  w=${dims%%x*}
  { echo "; from sgt-fifteen game ID $id"; echo sliding
    echo "${id#*:}" | tr ',' '\n' | awk -v w="$w" '{ printf "%s%3d", (NR % w == 1 || w == 1) ? "" : " ", $1;
                                                     if (NR % w == 0) printf "\n" }'
  } >"$2"
}

# Ground truth from a Pegs ID "WxH:<P peg, H hole, O outside>", cropped to the holes' bounding box
# (a reader sees holes, not the outside cells around them).
pegs_truth() {
  { echo "; from sgt-pegs game ID $1"; echo pegs; pegs_id_rows "$1"; } >"$2"
}

# --screenshot: the drawing area only. Extra arguments are environment assignments.
shot() {
  local bin=$1 png=$2 id=$3; shift 3
  env "$@" timeout 20 "$bin" --screenshot "$png" "$id"
}

# A grab of the real window (menu bar and status line included). $4: "WxH" to resize it first, or
# "-"; $5: keys to press after it is up, or "-". Extra arguments are environment assignments.
grab() {
  local bin=$1 png=$2 id=$3 size=$4 keys=$5 title; shift 5
  case $bin in *fifteen) title=Fifteen ;; *) title=Pegs ;; esac
  env "$@" "$bin" "$id" >/dev/null 2>&1 &
  game_pid=$!
  local win=""
  for _ in $(seq 100); do
    win=$(xdotool search --onlyvisible --name "^$title\$" 2>/dev/null | head -1 || true)
    [[ -n $win ]] && break
    sleep 0.1
  done
  [[ -n $win ]] || { echo "regenerate.sh: no $title window" >&2; exit 2; }
  if [[ $size != - ]]; then xdotool windowsize --sync "$win" "${size%x*}" "${size#*x}"; fi
  if [[ $keys != - ]]; then
    xdotool windowfocus --sync "$win"
    xdotool key --window "$win" $keys
  fi
  sleep 1.5  # let the redraw, a slide animation and the completion flash finish
  import -window "$win" "$png"
  kill "$game_pid"; wait "$game_pid" 2>/dev/null || true
  game_pid=""
}

f=$out/fifteen
# Default look, default tile size (48 px), drawing area only.
id=$(gen $fifteen '4x4#101'); shot $fifteen "$f/4x4_default.png" "$id"; fifteen_truth "$id" "$f/4x4_default.txt"
# The whole window with menu and "Moves: 0" status line, big tiles.
id=$(gen $fifteen '4x4#102'); grab $fifteen "$f/4x4_window_t64.png" "$id" - - FIFTEEN_TILESIZE=64
fifteen_truth "$id" "$f/4x4_window_t64.txt"
# Dark theme: yellow digits on navy.
id=$(gen $fifteen '4x4#103')
shot $fifteen "$f/4x4_dark_t40.png" "$id" FIFTEEN_TILESIZE=40 FIFTEEN_COLOUR_0=1e1e2e FIFTEEN_COLOUR_1=ffd700 \
  FIFTEEN_COLOUR_2=44475a FIFTEEN_COLOUR_3=0b0b14
fifteen_truth "$id" "$f/4x4_dark_t40.txt"
# 3x3 with small tiles, white on green.
id=$(gen $fifteen '3x3#104')
shot $fifteen "$f/3x3_green_t32.png" "$id" FIFTEEN_TILESIZE=32 FIFTEEN_COLOUR_0=2e7d32 FIFTEEN_COLOUR_1=ffffff \
  FIFTEEN_COLOUR_2=66bb6a FIFTEEN_COLOUR_3=1b5e20
fifteen_truth "$id" "$f/3x3_green_t32.txt"
# 5x5 in a window resized by hand (tile size follows the window, board not centred on a tile grid).
id=$(gen $fifteen '5x5#105'); grab $fifteen "$f/5x5_window_resized.png" "$id" 430x520 -
fifteen_truth "$id" "$f/5x5_window_resized.txt"
# 6 wide, 4 high; white digits on black with a red lowlight.
id=$(gen $fifteen '6x4#106')
shot $fifteen "$f/6x4_black_t36.png" "$id" FIFTEEN_TILESIZE=36 FIFTEEN_COLOUR_0=000000 FIFTEEN_COLOUR_1=ffffff \
  FIFTEEN_COLOUR_2=505050 FIFTEEN_COLOUR_3=aa0000
fifteen_truth "$id" "$f/6x4_black_t36.txt"
# One move from solved; pressing Left slides 15 home: the status line reads "COMPLETED! Moves: 1".
id='4x4:1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15'
grab $fifteen "$f/4x4_completed_window.png" "$id" - Left
fifteen_truth '4x4:1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0' "$f/4x4_completed_window.txt"
# Small tiles (32 px: digits 10-11 px high, about the least Tesseract reads reliably; at 28 px a lone
# "8" is 6x8 px and the reader refuses the board rather than guess).
id=$(gen $fifteen '4x4#107'); shot $fifteen "$f/4x4_small_t32.png" "$id" FIFTEEN_TILESIZE=32
fifteen_truth "$id" "$f/4x4_small_t32.txt"

p=$out/pegs
# The English cross, default look.
id=$(gen $pegs '7x7cross#201'); shot $pegs "$p/cross_default.png" "$id"; pegs_truth "$id" "$p/cross_default.txt"
# Octagon in its window with the menu bar.
id=$(gen $pegs '7x7octagon#202'); grab $pegs "$p/octagon_window_t40.png" "$id" - - PEGS_TILESIZE=40
pegs_truth "$id" "$p/octagon_window_t40.txt"
# Random 7x7, red pegs on a dark board.
id=$(gen $pegs '7x7random#203')
shot $pegs "$p/random7_dark.png" "$id" PEGS_COLOUR_0=202020 PEGS_COLOUR_1=606060 PEGS_COLOUR_2=000000 \
  PEGS_COLOUR_3=e53935
pegs_truth "$id" "$p/random7_dark.txt"
# Random 5x5 with small tiles.
id=$(gen $pegs '5x5random#204'); shot $pegs "$p/random5_t24.png" "$id" PEGS_TILESIZE=24
pegs_truth "$id" "$p/random5_t24.txt"
# Random 9x9 in a window resized to a wide, short shape.
id=$(gen $pegs '9x9random#205'); grab $pegs "$p/random9_window_resized.png" "$id" 640x420 -
pegs_truth "$id" "$p/random9_window_resized.txt"
# Mid-game cross (several holes), black pegs on white, yellow holes.
id='7x7:OOPHPOOOOHPHOOPPPPHPPPHPPHPPPPPPHPPOOPPPOOOOHPPOO'
shot $pegs "$p/cross_midgame_white.png" "$id" PEGS_TILESIZE=36 PEGS_COLOUR_0=ffffff PEGS_COLOUR_1=f0f0f0 \
  PEGS_COLOUR_2=fbc02d PEGS_COLOUR_3=111111
pegs_truth "$id" "$p/cross_midgame_white.txt"

echo "regenerate.sh: wrote $(ls "$f"/*.png "$p"/*.png | wc -l) samples under $out"
