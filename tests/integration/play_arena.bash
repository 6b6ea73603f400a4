# play_arena.bash: the shared steps of tests/integration/play_arena_<game>.sh: puzzlebot plays 3 levels of puzzlebot-arena.
# Sourced, not run (the name does not end in .sh, so it is no test itself). A game's test is two lines:
#   source "$(dirname "$0")/play_arena.bash"
#   play_arena GAME STYLE [SEED]
# It proves the levels were cleared from the arena's own output, not from puzzlebot's: the arena prints
# each level's board (--print-board) when the level starts, and a level starts only when the one
# before it was cleared, so 3 cleared levels are exactly 4 boards printed (levels 1 to 4).
source "$(dirname "${BASH_SOURCE[0]}")/x11_common.bash"

ARENA=${PB_BINARY_DIR:?set PB_BINARY_DIR to the build folder}/bin/puzzlebot-arena
[[ -x $ARENA ]] || die "$ARENA is not built (it needs libX11)"

# boards_printed GAME FILE: how many boards the arena printed (each starts with a line naming the game).
boards_printed() {
  grep -cE "^$1( |\$)" "$2" || true
}

# play_arena GAME STYLE [SEED]: a fresh Xvfb and arena (a non-default style and a fixed seed, so a
# failure replays), puzzlebot plays 3 levels, the arena must then have reached level 4 and no further.
play_arena() {
  local game=$1 style=$2 seed=${3:-20261122} levels=3
  start_xvfb 1024x768x24
  start_game "puzzlebot arena" "$ARENA" --game "$game" --seed "$seed" --style "$style" --size 800x600 --print-board
  wait_for_line "$WORK/game.out" "^$game( |\$)" 5 || die "$game: the arena printed no board: $(cat "$WORK/game.err")"
  echo "$game, seed $seed, style $style: level 1 is"
  cat "$WORK/game.out"

  local rc=0 t0=$SECONDS
  timeout 120 "$PB" play --window "puzzlebot arena" --game "$game" --levels "$levels" --json \
    >"$WORK/play.out" 2>"$WORK/play.err" || rc=$?
  local took=$((SECONDS - t0))
  grep -E 'level [0-9]+: read|solved the board|timings|re-plans?\)' "$WORK/play.err" || true
  [[ $rc == 0 ]] || die "$game: puzzlebot play exited $rc after $took s: $(tail -8 "$WORK/play.err")"
  grep -q "solved $levels levels" "$WORK/play.err" || die "$game: puzzlebot does not say it solved $levels levels"
  # Every plan (one a level, one more per re-plan) replays to the goal from the board it was read on.
  expect_plans "$WORK/play.out" "$WORK/play.err" "$levels"

  # The arena shows LEVEL CLEARED for a second before it starts (and prints) the next level.
  wait_for_line_count "$game" $((levels + 1)) 10 ||
    die "$game: the arena printed $(boards_printed "$game" "$WORK/game.out") boards, expected $((levels + 1)) (levels 1 to $((levels + 1))): $(cat "$WORK/game.out")"
  sleep 1.5  # nothing more may come: puzzlebot must have stopped after $levels levels
  local printed
  printed=$(boards_printed "$game" "$WORK/game.out")
  [[ $printed == $((levels + 1)) ]] || die "$game: the arena reached level $printed, puzzlebot was asked for $levels levels"
  kill -0 "$GAME_PID" 2>/dev/null || die "$game: the arena exited: $(cat "$WORK/game.err")"
  echo "$game: $levels levels cleared in $took s (the arena is at level $printed)"
  echo "PASS"
}

# wait_for_line_count GAME N SECONDS: waits until the arena has printed N boards.
wait_for_line_count() {
  local game=$1 n=$2 seconds=$3 i
  for i in $(seq $((seconds * 10))); do
    [[ $(boards_printed "$game" "$WORK/game.out") -ge $n ]] && return 0
    sleep 0.1
  done
  return 1
}
