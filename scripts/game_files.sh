#!/usr/bin/env bash
# game_files.sh: for each game of PB_GAMES, every file of the program that names it, and how many
# (docs/ARCHITECTURE.md "Adding a game": a game should be its own files and one word in PB_GAMES).
#
# A file names a game when a line of code in it (comments left out: prose may cite any game as an
# example) holds the game's word, as a whole word, in any case. Its own files are those whose path
# holds the word (solvers/<g>/, vision/<g>/, app/play_<g>.cpp); the others are where the game leaks.
# tests/, docs/, fuzz/ and bench/ are left out: they are about the games, not the program.
#
# usage: game_files.sh [--list] [ROOT]   (default: the source tree this script is in)
set -euo pipefail
list=0
if [[ ${1:-} == --list ]]; then list=1; shift; fi
root=${1:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}
cd "$root"

games=$(sed -nE 's/^set\(PB_GAMES ([a-z][a-z _-]*)\)$/\1/p' solvers/CMakeLists.txt | head -n 1)
mapfile -t files < <(git ls-files -- '*.cpp' '*.hpp' '*.h' '*.inc' '*.cmake' '*CMakeLists.txt' '*.sh' \
                       ':!tests' ':!docs' ':!fuzz' ':!bench')

printf '%-10s %5s %7s  %s\n' game own others "others (files outside the game's folders whose code names it)"
for g in $games; do
  own=0
  others=()
  for f in "${files[@]}"; do
    # Code lines only: drop // and # comments and /* */ one-liners, keep string literals.
    if sed -E -e 's@^[[:space:]]*(//|#[^a-z]|# ).*@@' -e 's@^[[:space:]]*/?\*.*@@' -e 's@[[:space:]]//[[:space:]].*@@' "$f" |
        grep -iw -- "$g" >/dev/null; then
      if [[ ${f,,} == *"$g"* ]]; then own=$((own + 1)); else others+=("$f"); fi
    fi
  done
  printf '%-10s %5d %7d  %s\n' "$g" "$own" "${#others[@]}" "$( ((list)) && echo "${others[*]}")"
done
