#!/usr/bin/env bash
# browser_fifteen.sh: `puzzlebot play --game sliding --window "Fifteen page"` solves the project's 15-puzzle page in Chromium at 100% by clicking tiles, as the page's title shows.
source "$(dirname "$0")/browser_fifteen.bash"
play_fifteen_page 1
