# taquin_common.bash: plays GNOME Taquin (gnome-taquin) with `puzzlebot play --game sliding` under Xvfb.
# Sourced by play_taquin_*.sh as: play_taquin SIZE THEME (numbers|cats). Taquin keeps its settings in
# GSettings; the keyfile backend in a private XDG_CONFIG_HOME needs no desktop, and a private D-Bus
# session bus keeps each test's Taquin apart (it is a single-instance GApplication).
source "$(dirname "${BASH_SOURCE[0]}")/x11_common.bash"

play_taquin() {
  local size=$1 theme=$2
  for tool in gsettings dbus-daemon import tesseract; do
    command -v "$tool" >/dev/null || die "$tool is not installed (packages: libglib2.0-bin dbus-daemon imagemagick tesseract-ocr)"
  done
  [[ -x /usr/games/gnome-taquin ]] || die "gnome-taquin is not installed (package gnome-taquin)"
  start_xvfb
  export GSETTINGS_BACKEND=keyfile XDG_CONFIG_HOME=$WORK/config XDG_RUNTIME_DIR=$WORK/runtime
  mkdir -p "$XDG_CONFIG_HOME" "$XDG_RUNTIME_DIR"
  chmod 700 "$XDG_RUNTIME_DIR"
  gsettings set org.gnome.Taquin type fifteen
  gsettings set org.gnome.Taquin size "$size"
  gsettings set org.gnome.Taquin theme "$theme"
  gsettings set org.gnome.Taquin sound false
  # A window taller than wide: the board sits lower, clear of the "Bravo!" banner shown at the top.
  gsettings set org.gnome.Taquin.Lib:/org/gnome/taquin/ window-width 560
  gsettings set org.gnome.Taquin.Lib:/org/gnome/taquin/ window-height 720
  # A private session bus (started here rather than by dbus-run-session, which leaves its bus and
  # the game behind when it is killed); no accessibility bus.
  local bus
  bus=$(dbus-daemon --session --fork --nopidfile --print-address=1 --print-pid=1) || die "dbus-daemon did not start"
  export DBUS_SESSION_BUS_ADDRESS=$(sed -n 1p <<<"$bus") NO_AT_BRIDGE=1
  PIDS+=("$(sed -n 2p <<<"$bus")")
  start_game Taquin /usr/games/gnome-taquin

  "$PB" play --game sliding --window Taquin --check >"$WORK/before.txt" 2>&1 ||
    die "cannot read the new game: $(cat "$WORK/before.txt")"
  cat "$WORK/before.txt"
  grep -q '^finished: no' "$WORK/before.txt" || die "the fresh game already reads as finished"
  grep -q "^board:" "$WORK/before.txt" || die "no board printed"

  local rc=0
  # The default --max-replans: the loop waits for each slide to end before the next click (Taquin
  # drops clicks made while a tile slides) and sends a click that showed no change once more, so a
  # game here needs no re-plan; a misread may cost one.
  timeout "${TAQUIN_PLAY_SECONDS:-90}" "$PB" play --game sliding --window Taquin --timeout-ms "${TAQUIN_SOLVE_MS:-30000}" \
    --json >"$WORK/out.txt" 2>"$WORK/err.txt" || rc=$?
  tail -3 "$WORK/err.txt"
  [[ $rc == 0 ]] || die "play exited $rc: $(tail -40 "$WORK/err.txt")"
  # Every plan (the first, and one per re-plan) replays to the goal from the board it was read on.
  expect_plans "$WORK/out.txt" "$WORK/err.txt" 1
  ((REPLANS <= 1)) || die "$REPLANS re-plans (at most 1 expected): $(grep -A6 'does not show the predicted' "$WORK/err.txt" | head -40)"
  ((REPLANS > 0 || SENT == PLANNED)) || die "$SENT moves sent for a plan of $PLANNED, with no re-plan"

  # The game's own word: Taquin shows "Bravo! You finished the game!" in a banner over the window.
  local i said=0
  for i in $(seq 20); do
    import -window "$GAME_WINDOW" "$WORK/final.png" 2>/dev/null || true
    # The banner is light text on dark grey across the top: read the top of the window, inverted.
    convert "$WORK/final.png" -gravity north -crop 100%x25%+0+0 +repage -colorspace gray -negate -resize 200% \
      "$WORK/banner.png" 2>/dev/null || true
    if tesseract "$WORK/banner.png" - 2>/dev/null | grep -q 'Bravo'; then said=1; break; fi
    sleep 0.25
  done
  [[ $said == 1 ]] || die "Taquin does not say the game is finished (no 'Bravo!' banner)"
  # And the board itself, read again from the window once the whole picture has faded in: read until
  # it reads as the goal (10 s at most; the fade takes about a second on a quiet machine, longer
  # under load, and a read during it finds no board or a part of one).
  local start=$SECONDS
  until "$PB" play --game sliding --window Taquin --check >"$WORK/after.txt" 2>&1 &&
        grep -q '^finished: yes' "$WORK/after.txt"; do
    ((SECONDS - start < 10)) || die "the board on screen is not the goal 10 s after the banner: $(cat "$WORK/after.txt")"
    sleep 0.25
  done
  echo "PASS"
}
