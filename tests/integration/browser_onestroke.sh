#!/usr/bin/env bash
# browser_onestroke.sh: `puzzlebot play --game onestroke --window "One stroke"` clears 2 levels of the project's one-stroke page in Chromium at 100%, as the page's title shows.
source "$(dirname "$0")/browser_onestroke.bash"
play_onestroke_page 1
