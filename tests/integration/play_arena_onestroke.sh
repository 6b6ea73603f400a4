#!/usr/bin/env bash
# play_arena_onestroke.sh: `puzzlebot play --game onestroke` clears 3 one-stroke levels of puzzlebot-arena under Xvfb (style 11), as the arena's own output shows.
source "$(dirname "$0")/play_arena.bash"
play_arena onestroke 11
