#!/usr/bin/env bash
# no_game_names_in_app.sh: fails, naming file and line, where app/ or the arena (samples/arena)
# branches on a game's name (a comparison with it, a case on it), or where a core file that must
# know no game (the play loop, its Player and capabilities, the arena's list and session, the fake
# phone's arena screen) names one in its code.
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

status=0
if ! no_match app samples/arena; then
  status=1
  echo "error: the lines above branch on a game's name in app/ or samples/arena/: say what differs in the" \
       "game's own entry (app/play_<game>.cpp: PlayGame, its Rules in solvers/<game>/rules.hpp;" \
       "samples/arena/<game>_level.cpp: GameEntry)" >&2
fi

# Files that know no game at all: what differs between games reaches them through the game's entry,
# its Rules and its Player's capabilities (app/play_capabilities.hpp), or the arena's GameEntry.
# Code lines only, as scripts/game_files.sh reads them: a comment may cite a game as an example.
core=(app/play.hpp app/play_capabilities.hpp app/play_players.hpp app/play_players.cpp app/play_loop.cpp
      app/play_games.hpp app/play_games.cpp app/play_arena.hpp app/play_arena.cpp app/play_device.hpp
      app/play_device.cpp samples/arena/arena.hpp samples/arena/session.cpp samples/arena/main.cpp
      samples/arena/CMakeLists.txt tests/fake_adb/arena_screen.hpp tests/fake_adb/arena_screen.cpp)
named=0
for f in "${core[@]}"; do
  if [[ ! -f $f ]]; then
    echo "error: $f is gone: update the core file list in $0" >&2
    exit 2
  fi
  if sed -E -e 's@^[[:space:]]*(//|#[^a-z]|# ).*@@' -e 's@^[[:space:]]*/?\*.*@@' -e 's@[[:space:]]//[[:space:]].*@@' "$f" |
      grep -inwE -- "$alt" | sed "s|^|$f:|"; then
    named=1
  fi
done
if ((named != 0)); then
  status=1
  echo "error: the lines above name a game in a file that must know none: move it to the game's own files" \
       "(app/play_<game>.cpp, solvers/<game>/rules.hpp, samples/arena/<game>_level.cpp)" >&2
fi
if ((status == 0)); then
  echo "app/ and the arena branch on no game name (${#patterns[@]} patterns), ${#core[@]} core files name none" \
       "(games: $games)"
fi
exit $status
