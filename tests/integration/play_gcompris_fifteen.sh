#!/usr/bin/env bash
# play_gcompris_fifteen.sh: GCompris's Fifteen (a numbered picture, no seams between tiles) read exactly from screenshots taken now, and level 1 cleared live by `puzzlebot play`; GCompris must show level 2.
# GCompris scrambles level 1 with a few random moves of its own (no seed to give it). The reader is
# judged twice by the game itself: boards it reads after arrow keys (the game's own moves, the
# keys chosen from the board read) must be the boards those moves make, and the board it plays
# from must be the one GCompris counts as cleared (it moves on to level 2).
source "$(dirname "$0")/x11_common.bash"
source "$(dirname "$0")/gcompris_common.bash"

command -v python3 >/dev/null || die "python3 is not installed (package: python3)"
use_seed
start_gcompris fifteen

# read_shot NAME: a screenshot of the whole screen saved as NAME.png, and the board `solve` reads
# off it (the rows of its text board, one line) in NAME.board; fails when none is read.
read_shot() {
  import -window root "$WORK/$1.png" 2>/dev/null || return 1
  "$PB" solve "$WORK/$1.png" --game sliding --json >"$WORK/$1.json" 2>"$WORK/$1.err" || return 1
  python3 -c 'import json, sys; print(" ".join(json.load(sys.stdin)["board"].split()[1:]))' <"$WORK/$1.json" >"$WORK/$1.board"
}

# wait_for_still NAME SECONDS: reads screenshots until two in a row give the same board (a tile
# that is sliding gives none, or the board before it moved).
wait_for_still() {
  local i last=""
  for i in $(seq $(($2 * 2))); do
    if read_shot "$1"; then
      [[ $(cat "$WORK/$1.board") == "$last" ]] && return 0
      last=$(cat "$WORK/$1.board")
    fi
    sleep 0.5
  done
  die "no steady board within $2 s: $(cat "$WORK/$1.err" 2>/dev/null)"
}

wait_for_still shot0 30
expect_level_shown 1 5 "GCompris does not show level 1 at its start"
echo "read: $(cat "$WORK/shot0.board")"

# Three arrow keys, each a legal move of the board read (GCompris: an arrow slides the tile beside
# the gap in that direction into it), then the board read must be the one the keys made. The
# window must have the focus for its keys (no window manager gives it).
xdotool windowfocus --sync "$GAME_WINDOW" 2>/dev/null || xdotool windowfocus "$GAME_WINDOW"
board=$(cat "$WORK/shot0.board")
for step in 1 2 3; do
  read -r key board < <(python3 - "$board" "$RANDOM" <<'PY'
import random, sys
tiles = [int(t) for t in sys.argv[1].split()]
random.seed(int(sys.argv[2]))
n = 4
g = tiles.index(0)
r, c = divmod(g, n)
# The key names the way the tile moves: Right takes the tile left of the gap, and so on.
options = [(k, dr, dc) for k, dr, dc in (("Right", 0, -1), ("Left", 0, 1), ("Down", -1, 0), ("Up", 1, 0))
           if 0 <= r + dr < n and 0 <= c + dc < n]
# Never the key that finishes the puzzle: the play below needs a board to clear.
goal = list(range(1, n * n)) + [0]
def after(option):
    _, dr, dc = option
    t = (r + dr) * n + c + dc
    moved = tiles[:]
    moved[g], moved[t] = moved[t], moved[g]
    return moved
options = [o for o in options if after(o) != goal]
k, dr, dc = random.choice(options)
t = (r + dr) * n + c + dc
tiles[g], tiles[t] = tiles[t], tiles[g]
print(k, " ".join(map(str, tiles)))
PY
)
  xdotool key "$key"
  wait_for_still "shot$step" 10
  [[ $(cat "$WORK/shot$step.board") == "$board" ]] ||
    die "after key $key the board reads '$(cat "$WORK/shot$step.board")', not '$board' (kept: shot$step.png with KEEP_WORK=1)"
  echo "key $key: read exactly: $board"
done

timeout 60 "$PB" play --game sliding --window GCompris --json >"$WORK/out.json" 2>"$WORK/err.txt" || die "play exited $?: $(tail -20 "$WORK/err.txt")"
tail -2 "$WORK/err.txt"
expect_one_plan "$WORK/out.json" "$WORK/err.txt"
# The plan was made on the board the keys left.
python3 -c 'import json, sys; print(" ".join(json.loads(sys.stdin.readline())["board"].split()[1:]))' <"$WORK/out.json" >"$WORK/played.board"
[[ $(cat "$WORK/played.board") == "$board" ]] || die "play read '$(cat "$WORK/played.board")', the screen showed '$board'"
# GCompris's word: after its bonus it moves on to level 2.
expect_level_shown 2 15 "GCompris does not move on to level 2"
echo "PASS"
