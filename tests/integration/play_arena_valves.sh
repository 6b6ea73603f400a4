#!/usr/bin/env bash
# play_arena_valves.sh: `puzzlebot play --game valves` clears 3 valves levels of puzzlebot-arena under Xvfb (style 7), as the arena's own output shows.
source "$(dirname "$0")/play_arena.bash"
play_arena valves 7
