#!/usr/bin/env bash
# play_arena_hanoi.sh: `puzzlebot play --game hanoi` clears 3 Tower of Hanoi levels of puzzlebot-arena under Xvfb (style 23), as the arena's own output shows.
source "$(dirname "$0")/play_arena.bash"
play_arena hanoi 23
