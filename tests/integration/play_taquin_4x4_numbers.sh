#!/usr/bin/env bash
# play_taquin_4x4_numbers.sh: `puzzlebot play` clears a random 4x4 GNOME Taquin in its "numbers" theme; Taquin must say "Bravo!".
source "$(dirname "$0")/taquin_common.bash"
play_taquin 4 numbers
