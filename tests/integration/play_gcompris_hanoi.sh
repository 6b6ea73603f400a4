#!/usr/bin/env bash
# play_gcompris_hanoi.sh: `puzzlebot play` clears GCompris's Tower of Hanoi (hanoi_real) levels 1 and 2 under Xvfb; GCompris must show the next level's number.
# GCompris's Hanoi levels are fixed (level 1: 3 discs, level 2: 4, all on the first rod), so no seed:
# the runs are deterministic, and each must need 0 re-plans.
source "$(dirname "$0")/x11_common.bash"

for tool in import convert tesseract; do
  command -v "$tool" >/dev/null || die "$tool is not installed (packages: imagemagick tesseract-ocr)"
done
[[ -x /usr/games/gcompris-qt ]] || die "gcompris-qt is not installed (packages: gcompris-qt libqt5svg5)"
PROFILE=$PWD/calibration/profiles/gcompris.yml
[[ -f $PROFILE ]] || die "no $PROFILE (run from the source tree)"

# 1280x720: GCompris fills the screen (no window manager), and its layout follows the screen's shape.
start_xvfb 1280x720x24
# A private home: GCompris's settings file exists (no first-run dialog), sound off, no downloads.
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
start_game GCompris /usr/games/gcompris-qt --launch hanoi_real -w --software-renderer

# The level number GCompris shows in its bar (white on the grass between two orange arrows), read
# by Tesseract from the screen: the game's own word on which level it is at.
level_shown() {
  import -window root "$WORK/screen.png" 2>/dev/null || return 0
  convert "$WORK/screen.png" -crop 50x70+398+625 +repage -colorspace gray -threshold 92% -negate \
    -bordercolor white -border 20 -resize 200% "$WORK/level.png" 2>/dev/null || return 0
  tesseract "$WORK/level.png" - --psm 10 -c tessedit_char_whitelist=0123456789 2>/dev/null | tr -dc 0-9
}

# wait_for_board DISCS SECONDS: waits until the window reads as a fresh board of DISCS discs on the
# first rod (the activity is shown some seconds after the window maps; a level after its bonus).
wait_for_board() {
  local discs=$1 seconds=$2 i want
  want=$(seq "$discs" -1 1 | tr '\n' ' ' | sed 's/ $//')
  for i in $(seq $((seconds * 2))); do
    if "$PB" play --game hanoi --window GCompris --profile "$PROFILE" --check >"$WORK/check.txt" 2>&1 &&
       [[ $(sed -n 3p "$WORK/check.txt") == "$want" ]] && grep -q '^finished: no' "$WORK/check.txt"; then
      return 0
    fi
    sleep 0.5
  done
  die "no fresh $discs-disc board within $seconds s: $(cat "$WORK/check.txt")"
}

play_level() {
  local level=$1 discs=$2 rc=0
  wait_for_board "$discs" 30
  [[ $(level_shown) == "$level" ]] || die "GCompris does not show level $level at its start (read '$(level_shown)')"
  timeout 120 "$PB" play --game hanoi --window GCompris --profile "$PROFILE" >"$WORK/out.txt" 2>"$WORK/err.txt" || rc=$?
  cat "$WORK/out.txt"
  tail -2 "$WORK/err.txt"
  [[ $rc == 0 ]] || die "level $level: play exited $rc: $(tail -20 "$WORK/err.txt")"
  local moves=$(( (1 << discs) - 1 ))
  grep -q "^hanoi: solved ($moves moves sent, 0 re-plans)" "$WORK/out.txt" ||
    die "level $level: not $moves moves with 0 re-plans: $(cat "$WORK/out.txt")"
  # GCompris's word: after its bonus it moves on to the next level, whose number it shows.
  local i next=$((level + 1))
  for i in $(seq 30); do
    [[ $(level_shown) == "$next" ]] && return 0
    sleep 0.5
  done
  die "level $level: GCompris does not move on to level $next (it shows '$(level_shown)')"
}

play_level 1 3
play_level 2 4
echo "PASS"
