#!/usr/bin/env bash
# game_names_in_games.sh: fails, naming game and file, where a file outside a game's own folders
# names the game in its code (scripts/game_files.sh --pairs), unless the list below says why it may.
#
# A game is its own files (solvers/<game>/, vision/<game>/, app/play_<game>.cpp, its arena level)
# and one word in PB_GAMES (docs/ARCHITECTURE.md "Adding a game", issue #27): what the commands need
# to know of a game comes from the registry (Game::tables, Reader::reads_text, PlayGame's defaults
# and calibration probe), so prepare, doctor, cache, calibrate and the help texts name none. An
# entry below that no longer names its game is reported too: the list only shrinks.
#
# usage: game_names_in_games.sh [ROOT]   (default: the source tree this script is in)
set -euo pipefail
root=${1:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$root"
if ! git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  echo "error: $root is not a git checkout: scripts/game_files.sh lists the program's files with git ls-files" >&2
  exit 2
fi

# GAME FILE  (why; "*" for every game). Keep the reasons in docs/ARCHITECTURE.md "Adding a game".
allowed=(
  # The one word in PB_GAMES.
  "* solvers/CMakeLists.txt"
  # The sample screenshots to render, per game by nature: the arena's levels with their arguments.
  "* samples/arena/regenerate.sh"
  # Simon Tatham's screenshots of the two games it has, each rendered by its own program (sgt-fifteen,
  # sgt-pegs) with its own game ID format, and the board text each ID gives.
  "pegs samples/sgt/regenerate.sh"
  "sliding samples/sgt/regenerate.sh"
  # Hanoi's rods were called pegs: its --json stats key "pegs" keeps the name (FORMATS.md: output
  # is extended, never broken).
  "pegs solvers/hanoi/hanoi.cpp"
)

is_allowed() {
  local entry
  for entry in "${allowed[@]}"; do
    [[ $entry == "$1 $2" || $entry == "* $2" ]] && return 0
  done
  return 1
}

status=0
mapfile -t pairs < <(bash "$here/scripts/game_files.sh" --pairs "$root")
for pair in "${pairs[@]}"; do
  read -r game file <<<"$pair"
  if ! is_allowed "$game" "$file"; then
    echo "$file: names the game '$game' in its code"
    status=1
  fi
done
if ((status != 0)); then
  echo "error: the files above name a game outside its own folders: let the game say it in its own files" \
       "(its Spec or Game entry in solvers/<game>/<game>.hpp, its Reader, its PlayGame in app/play_<game>.cpp)" \
       "and the command ask the registry (docs/ARCHITECTURE.md \"Adding a game\")" >&2
fi
for entry in "${allowed[@]}"; do
  [[ $entry == \** ]] && continue
  if ! printf '%s\n' "${pairs[@]}" | grep -qxF -- "$entry"; then
    echo "error: '$entry' is allowed in $0 but no longer names the game: remove the entry" >&2
    status=1
  fi
done
if ((status == 0)); then
  echo "${#pairs[@]} game names outside the games' folders, each allowed for a reason (${#allowed[@]} entries)"
fi
exit $status
