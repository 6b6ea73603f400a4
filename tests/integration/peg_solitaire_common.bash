# peg_solitaire_common.bash: plays Peg Solitaire (the Qt game, package peg-solitaire) with `puzzlebot play` under Xvfb.
# Sourced by play_peg_solitaire_*.sh as: play_peg_solitaire BOARD PEGS, BOARD the name in the game's
# list ("Classic  1" is the English board, "European  1" the French one), PEGS the pegs it starts with.
# The game keeps its settings in $HOME/.config/De Marchi/Solitari.conf: a private HOME with English
# chosen, and a personal record of one second on every board, so that no "new personal record"
# dialog covers the board at the end (the status bar says "Solved game!", or "We found a new
# solution!" when the solution is not among those it ships, all the same).
source "$(dirname "${BASH_SOURCE[0]}")/x11_common.bash"

play_peg_solitaire() {
  local board=$1 pegs=$2
  for tool in dbus-daemon import tesseract; do
    command -v "$tool" >/dev/null || die "$tool is not installed (packages: dbus-daemon imagemagick tesseract-ocr)"
  done
  [[ -x /usr/games/peg-solitaire ]] || die "peg-solitaire is not installed (package peg-solitaire)"
  start_xvfb
  export HOME=$WORK/home XDG_RUNTIME_DIR=$WORK/runtime
  mkdir -p "$HOME/.config/De Marchi" "$XDG_RUNTIME_DIR"
  chmod 700 "$XDG_RUNTIME_DIR"
  {
    echo '[%General]'
    echo 'idioma=en_EN'
    local id
    for id in $(seq 1 400); do printf '\n[%d]\nrecord=00:00:01\n' "$id"; done
  } >"$HOME/.config/De Marchi/Solitari.conf"
  # A private session bus: left alone, Qt's D-Bus autolaunch would start one that outlives the test.
  local bus
  bus=$(dbus-daemon --session --fork --nopidfile --print-address=1 --print-pid=1) || die "dbus-daemon did not start"
  export DBUS_SESSION_BUS_ADDRESS=$(sed -n 1p <<<"$bus")
  PIDS+=("$(sed -n 2p <<<"$bus")")
  start_game Peg-solitaire /usr/games/peg-solitaire

  # Choose the board: click the game list, type the board's name (the list's type-ahead selects it).
  xdotool mousemove --window "$GAME_WINDOW" 140 250 click 1
  sleep 0.5
  xdotool type --delay 40 "$board"
  sleep 1

  local profile=calibration/profiles/peg-solitaire.yml
  "$PB" play --game peg-solitaire --window Peg-solitaire --profile "$profile" --check >"$WORK/before.txt" 2>&1 ||
    die "cannot read the new game: $(cat "$WORK/before.txt")"
  cat "$WORK/before.txt"
  grep -q "^pegs: $pegs\$" "$WORK/before.txt" || die "expected $pegs pegs on the '$board' board"

  local rc=0
  timeout 120 "$PB" play --game peg-solitaire --window Peg-solitaire --profile "$profile" --timeout-ms 60000 --json \
    >"$WORK/out.txt" 2>"$WORK/err.txt" || rc=$?
  tail -3 "$WORK/err.txt"
  [[ $rc == 0 ]] || die "play exited $rc: $(tail -5 "$WORK/err.txt")"
  # Peg Solitaire answers every drag the same way: one plan, replayed from the board read, every
  # jump of it sent (PEGS - 1 of them), no re-plan.
  expect_one_plan "$WORK/out.txt" "$WORK/err.txt"
  [[ $SENT == $((pegs - 1)) ]] || die "$SENT jumps sent for $pegs pegs: expected $((pegs - 1))"

  # The game's own word, in its status bar at the bottom of the window.
  local i said=0
  for i in $(seq 20); do
    import -window "$GAME_WINDOW" "$WORK/final.png" 2>/dev/null || true
    convert "$WORK/final.png" -gravity south -crop 100%x12%+0+0 +repage -resize 200% "$WORK/status.png" 2>/dev/null || true
    if tesseract "$WORK/status.png" - 2>/dev/null | grep -qE 'Solved game|new solution'; then said=1; break; fi
    sleep 0.25
  done
  [[ $said == 1 ]] || die "the game's status bar does not say 'Solved game!' nor 'We found a new solution!'"
  "$PB" play --game peg-solitaire --window Peg-solitaire --profile "$profile" --check >"$WORK/after.txt" 2>&1 ||
    die "cannot read the final screen: $(cat "$WORK/after.txt")"
  cat "$WORK/after.txt"
  grep -q '^pegs: 1$' "$WORK/after.txt" || die "the final screen does not show exactly one peg"
  echo "PASS"
}
