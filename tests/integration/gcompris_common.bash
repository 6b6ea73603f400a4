# gcompris_common.bash: what the GCompris tests share: GCompris started on one activity under Xvfb in a
# private home, and the level number it shows read by Tesseract. Sourced after x11_common.bash.

# start_gcompris ACTIVITY: Xvfb at 1280x720 (GCompris fills the screen with no window manager, and
# its layout follows the screen's shape), a private home whose settings file exists (no first-run
# dialog), sound off, no downloads; then GCompris on ACTIVITY (hanoi_real, fifteen, ...).
start_gcompris() {
  for tool in import convert tesseract; do
    command -v "$tool" >/dev/null || die "$tool is not installed (packages: imagemagick tesseract-ocr)"
  done
  [[ -x /usr/games/gcompris-qt ]] || die "gcompris-qt is not installed (packages: gcompris-qt libqt5svg5)"
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
  start_game GCompris /usr/games/gcompris-qt --launch "$1" -w --software-renderer
}

# level_shown: the level number GCompris shows in its bar (white on the grass between two orange
# arrows), read by Tesseract from the screen: the game's own word on which level it is at.
level_shown() {
  import -window root "$WORK/screen.png" 2>/dev/null || return 0
  convert "$WORK/screen.png" -crop 50x70+398+625 +repage -colorspace gray -threshold 92% -negate \
    -bordercolor white -border 20 -resize 200% "$WORK/level.png" 2>/dev/null || return 0
  tesseract "$WORK/level.png" - --psm 10 -c tessedit_char_whitelist=0123456789 2>/dev/null | tr -dc 0-9
}

# expect_level_shown LEVEL SECONDS WHAT: waits until GCompris's bar shows LEVEL, at most SECONDS (the
# bar is drawn after the board, and redrawn some time after a level's bonus); dies saying WHAT
# otherwise, with the number last read.
expect_level_shown() {
  local level=$1 seconds=$2 what=$3 i
  for i in $(seq $((seconds * 2))); do
    [[ $(level_shown) == "$level" ]] && return 0
    sleep 0.5
  done
  die "$what (it shows '$(level_shown)')"
}
