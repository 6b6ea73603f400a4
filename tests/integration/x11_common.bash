# x11_common.bash: shared steps of the desktop integration tests: a private Xvfb, a game window, bounded waits.
# Sourced by tests/integration/*.sh (this file's name does not end in .sh, so it is no test itself).
# Every wait has a bound and everything started here is killed on exit, so a failure never hangs CI.

set -euo pipefail

PB=${PB_PUZZLEBOT:?set PB_PUZZLEBOT to the built puzzlebot binary}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/pb-it.XXXXXX")
PIDS=()

cleanup() {
  local rc=$? pid
  # A failed run with random choices says how to replay them (use_seed).
  if [[ $rc != 0 && -n ${SEED:-} ]]; then
    echo "replay this run: PB_TEST_SEED=$SEED ctest -R 'integration\.$(basename "$0" .sh)\$' --output-on-failure" >&2
  fi
  for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
  if [[ ${KEEP_WORK:-0} == 1 ]]; then echo "work files kept in $WORK"; else rm -rf "$WORK"; fi
}
trap cleanup EXIT

die() { echo "FAIL: $*" >&2; exit 1; }

# use_seed: seeds this run's random choices (bash's $RANDOM, the games' generators through $SEED) with
# $PB_TEST_SEED when set, else with a seed picked now, and prints it; a failed run then ends with the
# line that replays it (cleanup).
use_seed() {
  SEED=${PB_TEST_SEED:-$(( $(date +%s%N) / 1000 % 1000000000 ))}
  RANDOM=$SEED
  echo "seed $SEED (PB_TEST_SEED=$SEED replays this run)"
}

for tool in Xvfb xdotool xdpyinfo timeout import identify; do
  command -v "$tool" >/dev/null || die "$tool is not installed (packages: xvfb xdotool x11-utils coreutils imagemagick)"
done

# Starts Xvfb on a display it picks itself (-displayfd: no clash with other servers) and exports DISPLAY.
# -noreset: the server must not reset when the last client leaves (libxdo caches atoms).
start_xvfb() {
  local size=${1:-1280x1024x24}
  Xvfb -displayfd 9 -screen 0 "$size" -nolisten tcp -noreset 9>"$WORK/display" 2>"$WORK/xvfb.log" &
  PIDS+=($!)
  local i
  for i in $(seq 100); do [[ -s $WORK/display ]] && break; sleep 0.1; done
  [[ -s $WORK/display ]] || die "Xvfb did not start: $(cat "$WORK/xvfb.log")"
  export DISPLAY=":$(head -1 "$WORK/display")"
  for i in $(seq 100); do xdpyinfo >/dev/null 2>&1 && return 0; sleep 0.1; done
  die "Xvfb on $DISPLAY does not answer"
}

# start_game TITLE COMMAND...: starts a game and waits until its window is mapped, for as long as the
# game runs (PB_GAME_START_SECONDS at most, default 90: only a guard against a game that hangs). A
# game starts in its own time: GCompris under Xvfb took 7 s on a machine busy with builds and 13-15 s
# beside two CPU hogs too (its QML and resource files), so a fixed bound of 10 s failed a game that
# was still starting. A game that exits before its window shows fails at once, with what it printed.
# There is no window manager under bare Xvfb: windows still map, at (0,0). Then it waits for the
# window's first drawing (wait_drawn).
start_game() {
  local title=$1 start=$SECONDS bound=${PB_GAME_START_SECONDS:-90}
  shift
  "$@" >"$WORK/game.out" 2>"$WORK/game.err" &
  GAME_PID=$!
  PIDS+=("$GAME_PID")
  GAME_WINDOW=""
  while [[ -z $GAME_WINDOW ]]; do
    GAME_WINDOW=$(xdotool search --onlyvisible --name "^${title}\$" 2>/dev/null | head -1) || true
    [[ -n $GAME_WINDOW ]] && break
    kill -0 "$GAME_PID" 2>/dev/null || die "the game exited before its '$title' window showed: $(cat "$WORK/game.err")"
    ((SECONDS - start < bound)) || die "no '$title' window within $bound s, the game still running: $(cat "$WORK/game.err")"
    sleep 0.1
  done
  echo "the '$title' window showed after $((SECONDS - start)) s"
  wait_drawn "$title"
}

# wait_drawn TITLE: waits until the game window GAME_WINDOW shows its drawing, as the play loop waits
# for the game and not for a timer (it replaces a fixed 0.3 s after mapping: the board is drawn at
# the first expose, in the game's own time). Drawn means a grab of the window that is not one colour
# (a window mapped and not yet exposed is blank) and the same as the grab before it, PB_GAME_DRAW_POLL
# seconds earlier (default 0.1: a board being drawn, a menu bar before the board, still changes).
# Bounded by PB_GAME_DRAW_SECONDS (default 60, a guard against a game that never draws, as start_game's
# bound); the failure says what the last grab showed, and KEEP_WORK=1 keeps it ($WORK/drawn.ppm).
wait_drawn() {
  local title=$1 start=$SECONDS bound=${PB_GAME_DRAW_SECONDS:-60} poll=${PB_GAME_DRAW_POLL:-0.1}
  local grab=$WORK/drawn.ppm sum last="" colours="no grab" grabs=0
  while true; do
    if import -silent -window "$GAME_WINDOW" "$grab" 2>"$WORK/drawn.err"; then
      grabs=$((grabs + 1))
      colours=$(identify -format '%k' "$grab" 2>/dev/null) || colours=0
      sum=$(md5sum <"$grab")
      if ((colours > 1)); then
        [[ $sum == "$last" ]] && break
        last=$sum
      else
        last=""
      fi
    fi
    kill -0 "$GAME_PID" 2>/dev/null || die "the game exited before its '$title' window was drawn: $(cat "$WORK/game.err")"
    if ((SECONDS - start >= bound)); then
      local seen="one colour all over (nothing drawn)"
      [[ -n $last ]] && seen="drawn ($colours colours) but never the same twice in a row: is the game animating?"
      ((grabs == 0)) && seen="never grabbed: $(head -c 300 "$WORK/drawn.err")"
      die "the '$title' window was not drawn within $bound s: the last of $grabs grabs was $seen (KEEP_WORK=1 keeps it as $grab)"
    fi
    sleep "$poll"
  done
  echo "the '$title' window was drawn after $((SECONDS - start)) s more ($grabs grabs, $colours colours)"
}

# start_sgt GAME TITLE PARAMS: Simon Tatham's GAME (/usr/games/sgt-GAME) in its window TITLE, on the
# board its own generator makes of PARAMS#SEED (use_seed first); sets ID.
start_sgt() {
  ID=$(/usr/games/sgt-$1 --generate 1 "$3#$SEED" | head -1)
  echo "game ID: $ID"
  start_game "$2" "/usr/games/sgt-$1" "$ID"
}

# read_window FILE ARGS...: `puzzlebot play ARGS... --check` (what the window shows) into FILE; fails
# when it cannot read the board.
read_window() {
  local file=$1
  shift
  "$PB" play "$@" --check >"$file" 2>&1 || die "cannot read the window: $(cat "$file")"
}

# play_whole ARGS...: `puzzlebot play ARGS... --timeout-ms 60000 --json` (150 s at most) into
# $WORK/out.txt and $WORK/err.txt; fails unless it exits 0 with one plan, replayed from the board
# read and sent whole (expect_one_plan).
play_whole() {
  local rc=0
  timeout 150 "$PB" play "$@" --timeout-ms 60000 --json >"$WORK/out.txt" 2>"$WORK/err.txt" || rc=$?
  tail -3 "$WORK/err.txt"
  [[ $rc == 0 ]] || die "play exited $rc: $(tail -5 "$WORK/err.txt")"
  expect_one_plan "$WORK/out.txt" "$WORK/err.txt"
}

# play_until MOVE ARGS...: `puzzlebot play ARGS... --timeout-ms 60000` in the background (PLAY_PID,
# killed on exit; output in $WORK/out.txt and $WORK/err.txt) until it has made move MOVE (90 s at most).
play_until() {
  local move=$1
  shift
  "$PB" play "$@" --timeout-ms 60000 >"$WORK/out.txt" 2>"$WORK/err.txt" &
  PLAY_PID=$!
  PIDS+=("$PLAY_PID")
  wait_for_line "$WORK/err.txt" "move $move/" 90 || die "play made no move $move within 90 s: $(tail -5 "$WORK/err.txt")"
}

# play_stopped STATUS WHAT: the background play must end within 30 s of WHAT, with exit STATUS.
play_stopped() {
  local rc=0
  timeout 30 tail --pid="$PLAY_PID" -f /dev/null || die "play did not stop within 30 s of $2"
  wait "$PLAY_PID" || rc=$?
  tail -3 "$WORK/err.txt"
  [[ $rc == "$1" ]] || die "play exited $rc, expected $1"
}

# wait_for_line FILE REGEX SECONDS: waits until FILE has a line matching REGEX.
wait_for_line() {
  local file=$1 regex=$2 seconds=$3 i
  for i in $(seq $((seconds * 10))); do
    grep -qE "$regex" "$file" 2>/dev/null && return 0
    sleep 0.1
  done
  return 1
}

# check_plans OUT: replays what `puzzlebot play --json` printed on OUT, one line per plan (the board
# read and the moves planned from it, as `solve --json` prints them), through the test's own rules
# (tests/support/replay_check.hpp, as the program PB_REPLAY_CHECK): every plan must reach the goal
# from the board it was made on. Sets PLANS (plans made) and PLANNED (moves of the "moves" arrays).
check_plans() {
  local out=$1 checker=${PB_REPLAY_CHECK:?set PB_REPLAY_CHECK to the built replay_check}
  [[ -s $out ]] || die "play --json printed no plan"
  "$checker" --solved <"$out" >"$WORK/replay.txt" 2>&1 ||
    die "a plan does not replay through the rules: $(cat "$WORK/replay.txt"); plans: $(head -c 3000 "$out")"
  PLANS=$(wc -l <"$out")
  PLANNED=$(python3 -c 'import json, sys; print(sum(len(json.loads(l)["moves"]) for l in sys.stdin if l.strip()))' <"$out")
  echo "$PLANS plan(s) of $PLANNED moves in all replayed to the goal from the boards read"
}

# play_counts ERR: SENT (moves sent) and REPLANS (re-plans made, those not held against
# --max-replans included) from play's closing line, which --json puts on stderr.
play_counts() {
  local line
  line=$(grep -E '\([0-9]+ moves? sent, [0-9]+ re-plans?' "$1" | tail -1)
  [[ -n $line ]] || die "no '(N moves sent, R re-plans)' line in play's output: $(tail -5 "$1")"
  SENT=$(sed -E 's/.*\(([0-9]+) moves? sent.*/\1/' <<<"$line")
  REPLANS=$(sed -E 's/.* sent, ([0-9]+) re-plans?.*/\1/' <<<"$line")
}

# expect_one_plan OUT ERR: a game that answers every move the same way (no randomness in its
# response) is played from one plan: it replays, 0 re-plans, and every planned move sent once.
expect_one_plan() {
  check_plans "$1"
  play_counts "$2"
  [[ $REPLANS == 0 ]] || die "$REPLANS re-plans (0 expected): $(grep -A6 'does not show the predicted' "$2" | head -40)"
  [[ $PLANS == 1 ]] || die "$PLANS plans printed for 0 re-plans"
  [[ $SENT == "$PLANNED" ]] || die "$SENT moves sent for a plan of $PLANNED"
}

# expect_plans OUT ERR LEVELS: every plan replays (check_plans), and there is one a level and one
# per re-plan (play_counts), for games and pages whose re-plans are not counted to 0.
expect_plans() {
  check_plans "$1"
  play_counts "$2"
  [[ $PLANS == $(($3 + REPLANS)) ]] || die "$PLANS plans printed for $3 level(s) and $REPLANS re-plans"
}
