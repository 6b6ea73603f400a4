#!/usr/bin/env bash
# arena_window.sh: puzzlebot-arena opens its "puzzlebot arena" window under Xvfb for every game; grabs of the knight, Hanoi and river windows read back (puzzlebot solve --json) as the board the arena printed, and their answers replay (replay_check).
source "$(dirname "$0")/x11_common.bash"

ARENA=${PB_BINARY_DIR:?set PB_BINARY_DIR to the build folder}/bin/puzzlebot-arena
[[ -x $ARENA ]] || die "$ARENA is not built (it needs libX11)"
CHECK=${PB_REPLAY_CHECK:-$PB_BINARY_DIR/bin/replay_check}
[[ -x $CHECK ]] || die "no replay checker at $CHECK: build the replay_check target"
for tool in xwininfo import python3; do
  command -v "$tool" >/dev/null || die "$tool is not installed (packages: x11-utils imagemagick python3)"
done

start_xvfb 1280x1024x24

board_of_json() {  # the "board" of puzzlebot's one JSON object
  python3 -c 'import json, sys; print(json.load(sys.stdin)["board"].rstrip())'
}

style=0
for game in onestroke knight valves hanoi river; do
  style=$((style + 3))
  start_game "puzzlebot arena" "$ARENA" --game "$game" --level 2 --seed 7 --style "$style" --size 800x600 --print-board
  wait_for_line "$WORK/game.out" "^$game" 5 || die "$game: no board text on stdout"
  geometry=$(timeout 5 xwininfo -id "$GAME_WINDOW") || die "$game: xwininfo failed"
  grep -q 'Map State: IsViewable' <<<"$geometry" || die "$game: the window is not viewable"
  grep -q 'Width: 800' <<<"$geometry" || die "$game: the window is not 800 px wide: $geometry"
  timeout 10 import -window "$GAME_WINDOW" "$WORK/$game.png" || die "$game: cannot grab the window"
  # Not blank: the grab has more than a handful of colours.
  colours=$(timeout 10 identify -format '%k' "$WORK/$game.png")
  [[ $colours -gt 8 ]] || die "$game: the window shows only $colours colours"
  if [[ $game == knight || $game == hanoi || $game == river ]]; then
    rc=0
    timeout 30 "$PB" solve "$WORK/$game.png" --game "$game" --json >"$WORK/$game.json" 2>"$WORK/$game.err" || rc=$?
    [[ $rc == 0 ]] || die "$game: puzzlebot solve exited $rc: $(cat "$WORK/$game.err")"
    read_board=$(board_of_json <"$WORK/$game.json")
    truth=$(sed '/^[[:space:]]*$/d' "$WORK/game.out")
    [[ $read_board == "$truth" ]] || die "$game: read
$read_board
but the arena printed
$truth"
    "$CHECK" --solved <"$WORK/$game.json" >/dev/null 2>"$WORK/$game.check" ||
      die "$game: the answer does not replay: $(cat "$WORK/$game.check")"
    echo "$game: read back exactly, and the answer replays"
  else
    echo "$game: window up and drawn"
  fi
  kill "$GAME_PID"
  wait "$GAME_PID" 2>/dev/null || true
done
echo "PASS"
