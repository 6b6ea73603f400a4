#!/usr/bin/env bash
# play_arena_river.sh: `puzzlebot play --game river` clears 3 river-crossing levels of puzzlebot-arena under Xvfb (style 23), as the arena's own output shows.
source "$(dirname "$0")/play_arena.bash"
play_arena river 23
