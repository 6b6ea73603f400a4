#!/usr/bin/env bash
# no_game_names_in_app.sh: fails, naming file and line, where app/ branches on a game's name (a
# comparison with it, a case on it).
#
# A game is its solver folder, its reader folder and one word in PB_GAMES (solvers/CMakeLists.txt,
# docs/ARCHITECTURE.md "Adding a game"): what differs between games is said by the game (its Rules,
# its PlayGame entry in app/play_<game>.cpp), so adding a game never means finding the places in
# app/ that ask "which game is this?".
#
# usage: no_game_names_in_app.sh [ROOT]   (default: the source tree this script is in)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/check_common.bash"
root=${1:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}
cd "$root"

# The games, from the one list.
games=$(sed -nE 's/^set\(PB_GAMES ([a-z][a-z _-]*)\)$/\1/p' solvers/CMakeLists.txt | head -n 1)
if [[ -z $games ]]; then
  echo "error: no 'set(PB_GAMES ...)' line in solvers/CMakeLists.txt: this check reads the game list there" >&2
  exit 2
fi
alt=$(tr ' ' '|' <<<"$games")

# Extended regular expressions, matched per line.
patterns=(
  # x == "hanoi", "hanoi" != x
  "[!=]=[[:space:]]*\"($alt)([-_][[:alnum:]-]*)?\""
  "\"($alt)([-_][[:alnum:]-]*)?\"[[:space:]]*[!=]="
  # case on a name (a switch over strings through a map or a constexpr hash)
  "case[[:space:]].*\"($alt)"
)

if ! no_match app; then
  echo "error: the lines above branch on a game's name in app/: say what differs in the game's own entry" \
       "(app/play_<game>.cpp: PlayGame, its Rules in solvers/<game>/rules.hpp)" >&2
  exit 1
fi
echo "app/ branches on no game name (${#patterns[@]} patterns, games: $games)"
