#!/usr/bin/env bash
# play_taquin_3x3_cats.sh: `puzzlebot play` clears a random 3x3 GNOME Taquin in its "cats" theme; Taquin must say "Bravo!".
source "$(dirname "$0")/taquin_common.bash"
play_taquin 3 cats
