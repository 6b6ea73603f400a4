#!/usr/bin/env bash
# play_peg_solitaire_french.sh: `puzzlebot play` clears Peg Solitaire's French board (37 holes, "European 1") to one peg.
source "$(dirname "$0")/peg_solitaire_common.bash"
play_peg_solitaire "European  1" 36
