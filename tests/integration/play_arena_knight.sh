#!/usr/bin/env bash
# play_arena_knight.sh: `puzzlebot play --game knight` clears 3 knight's tour levels of puzzlebot-arena under Xvfb (style 49), as the arena's own output shows.
source "$(dirname "$0")/play_arena.bash"
play_arena knight 49
