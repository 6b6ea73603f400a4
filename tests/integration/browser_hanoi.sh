#!/usr/bin/env bash
# browser_hanoi.sh: `puzzlebot play --game hanoi --window "Hanoi page"` solves the project's Tower of Hanoi page in Chromium at 100% by dragging disks, as the page's title shows.
source "$(dirname "$0")/browser_hanoi.bash"
play_hanoi_page 1
