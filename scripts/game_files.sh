#!/usr/bin/env bash
# game_files.sh: for each game of PB_GAMES, every file of the program that names it, and how many
# (docs/ARCHITECTURE.md "Adding a game": a game should be its own files and one word in PB_GAMES).
#
# A file names a game when a line of code in it (comments left out: prose may cite any game as an
# example) holds the game's word, as a whole word, in any case. Its own files are those whose path
# holds the word (solvers/<g>/, vision/<g>/, app/play_<g>.cpp); the others are where the game leaks.
# tests/, docs/, fuzz/ and bench/ are left out: they are about the games, not the program.
#
# usage: game_files.sh [--list | --pairs] [ROOT]   (default: the source tree this script is in)
#   --list   the table, with the other files listed
#   --pairs  no table: one "GAME FILE" line for each other file (tests/checks/game_names_in_games.sh)
set -euo pipefail
list=0
pairs=0
if [[ ${1:-} == --list ]]; then list=1; shift; fi
if [[ ${1:-} == --pairs ]]; then pairs=1; shift; fi
root=${1:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}
cd "$root"

games=$(sed -nE 's/^set\(PB_GAMES ([a-z][a-z _-]*)\)$/\1/p' solvers/CMakeLists.txt | head -n 1)
mapfile -t files < <(git ls-files -- '*.cpp' '*.hpp' '*.h' '*.inc' '*.cmake' '*CMakeLists.txt' '*.sh' \
                       ':!tests' ':!docs' ':!fuzz' ':!bench')

# One pass over every file: for each, the games its code lines name. Code lines only: drop // and
# # comments and /* */ one-liners, keep string literals; a game's word, whole, in any case.
named=$(awk -v games="$games" '
  BEGIN { n = split(games, g, " ") }
  FNR == 1 { file = FILENAME }
  {
    line = $0
    if (line ~ /^[ \t]*(\/\/|#[^a-z]|# )/ || line ~ /^[ \t]*\/?\*/) next
    sub(/[ \t]\/\/[ \t].*/, "", line)
    line = tolower(line)
    for (i = 1; i <= n; ++i)
      if (!((file, i) in seen) && line ~ ("(^|[^a-z0-9_])" g[i] "([^a-z0-9_]|$)")) {
        seen[file, i] = 1
        print g[i], file
      }
  }' "${files[@]}")

declare -A names_it
while read -r g f; do [[ -n $g ]] && names_it["$g $f"]=1; done <<<"$named"

((pairs)) || printf '%-10s %5s %7s  %s\n' game own others "others (files outside the game's folders whose code names it)"
for g in $games; do
  own=0
  others=()
  for f in "${files[@]}"; do
    if [[ -n ${names_it["$g $f"]:-} ]]; then
      if [[ ${f,,} == *"$g"* ]]; then own=$((own + 1)); else others+=("$f"); fi
    fi
  done
  if ((pairs)); then
    for f in "${others[@]}"; do echo "$g $f"; done
    continue
  fi
  printf '%-10s %5d %7d  %s\n' "$g" "$own" "${#others[@]}" "$( ((list)) && echo "${others[*]}")"
done
