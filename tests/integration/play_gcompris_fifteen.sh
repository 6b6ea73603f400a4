#!/usr/bin/env bash
# play_gcompris_fifteen.sh: GCompris's Fifteen (a numbered picture, no seams between tiles) read exactly from screenshots taken now, and level 1 cleared live by `puzzlebot play`; GCompris must show level 2.
# GCompris scrambles level 1 with a few random moves of its own (no seed to give it). The reader is
# judged twice by the game itself: boards it reads after arrow keys (the game's own moves, the
# keys chosen from the board read) must be the boards those moves make, and the board it plays
# from must be the one GCompris counts as cleared (it moves on to level 2).
source "$(dirname "$0")/x11_common.bash"

for tool in import convert tesseract python3; do
  command -v "$tool" >/dev/null || die "$tool is not installed (packages: imagemagick tesseract-ocr python3)"
done
[[ -x /usr/games/gcompris-qt ]] || die "gcompris-qt is not installed (packages: gcompris-qt libqt5svg5)"
use_seed

# As play_gcompris_hanoi.sh: GCompris fills a 1280x720 screen; a private home with its settings
# file (no first-run dialog), sound off, no downloads.
start_xvfb 1280x720x24
export HOME=$WORK/home XDG_CONFIG_HOME=$WORK/home/.config XDG_DATA_HOME=$WORK/home/.local/share XDG_CACHE_HOME=$WORK/home/.cache
mkdir -p "$XDG_CONFIG_HOME/gcompris"
cat >"$XDG_CONFIG_HOME/gcompris/gcompris-qt.conf" <<'CONF'
[General]
isAudioVoicesEnabled=false
isAudioEffectsEnabled=false
isBackgroundMusicEnabled=false
isAutomaticDownloadsEnabled=false
isFullscreen=false
exitConfirmation=false

[Internal]
exeCount=1
lastGCVersionRan=30100

[Admin]
renderer=software
CONF
start_game GCompris /usr/games/gcompris-qt --launch fifteen -w --software-renderer

# The level number GCompris shows in its bar, read by Tesseract (as play_gcompris_hanoi.sh).
level_shown() {
  import -window root "$WORK/screen.png" 2>/dev/null || return 0
  convert "$WORK/screen.png" -crop 50x70+398+625 +repage -colorspace gray -threshold 92% -negate \
    -bordercolor white -border 20 -resize 200% "$WORK/level.png" 2>/dev/null || return 0
  tesseract "$WORK/level.png" - --psm 10 -c tessedit_char_whitelist=0123456789 2>/dev/null | tr -dc 0-9
}

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
[[ $(level_shown) == 1 ]] || die "GCompris does not show level 1 at its start (read '$(level_shown)')"
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
for i in $(seq 30); do
  [[ $(level_shown) == 2 ]] && { echo "PASS"; exit 0; }
  sleep 0.5
done
die "GCompris does not move on to level 2 (it shows '$(level_shown)')"
