#!/usr/bin/env bash
# browser_pegs.sh: `puzzlebot play --game peg-solitaire --window "Peg solitaire"` solves the project's peg solitaire page in Chromium at 100% (click the peg, then the hole), as the page's title shows.
source "$(dirname "$0")/browser_pegs.bash"
play_pegs_page 1
