#!/usr/bin/env bash
# play_peg_solitaire_english.sh: `puzzlebot play` clears Peg Solitaire's English board (33 holes, centre empty) to one peg.
source "$(dirname "$0")/peg_solitaire_common.bash"
play_peg_solitaire "Classic  1" 32
