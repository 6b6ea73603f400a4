#!/usr/bin/env bash
# play_taquin_5x5_numbers.sh: `puzzlebot play` clears a random 5x5 GNOME Taquin in its "numbers" theme; Taquin must say "Bravo!".
source "$(dirname "$0")/taquin_common.bash"
TAQUIN_PLAY_SECONDS=${TAQUIN_PLAY_SECONDS:-240} TAQUIN_SOLVE_MS=${TAQUIN_SOLVE_MS:-120000}  # 5x5 solutions are long
play_taquin 5 numbers
