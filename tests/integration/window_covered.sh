#!/usr/bin/env bash
# window_covered.sh: a game window partly covered by another real window is raised or refused by name,
# never read as "no board found"; a misspelled --window lists the nearest titles (issue #18, items 2 and 9).
source "$(dirname "$0")/x11_common.bash"
command -v xmessage >/dev/null || die "xmessage is not installed (package x11-utils)"

start_xvfb
start_game Fifteen /usr/games/sgt-fifteen 4x4:2,1,3,4,5,6,7,8,9,10,11,12,13,14,0,15

# Item 9: a title in the wrong case names the real one.
rc=0
"$PB" play --game sliding --window fifteen --check >"$WORK/case.out" 2>"$WORK/case.err" || rc=$?
cat "$WORK/case.err"
[[ $rc == 2 ]] || die "a wrong-case title exited $rc, not 2"
grep -q "nearest first: 'Fifteen'" "$WORK/case.err" || die "the error does not offer 'Fifteen' first"

# Item 2: a real second window over the middle of the game (no window manager: it maps where asked).
eval "$(xdotool getwindowgeometry --shell "$GAME_WINDOW")"
xmessage -geometry "+$((X + WIDTH / 3))+$((Y + HEIGHT / 3))" "I cover the game" 2>/dev/null &
PIDS+=($!)
COVER=$(timeout 10 xdotool search --sync --onlyvisible --name '^xmessage$' | head -1) || die "no xmessage window"
sleep 0.3

# Refusing (no raising): the error names the covering window, and no board is misread.
rc=0
PB_X11_NO_RAISE=1 "$PB" play --game sliding --window Fifteen --check >"$WORK/refuse.out" 2>"$WORK/refuse.err" || rc=$?
cat "$WORK/refuse.err"
[[ $rc == 2 ]] || die "a covered window exited $rc, not 2"
grep -q "is covered by 'xmessage'" "$WORK/refuse.err" || die "the error does not name the covering window"
grep -q "no board found" "$WORK/refuse.err" && die "the covered window was read as no board"

# Raising (the default): the game comes to the front and reads whole.
rc=0
"$PB" play --game sliding --window Fifteen --check >"$WORK/raise.out" 2>"$WORK/raise.err" || rc=$?
cat "$WORK/raise.out" "$WORK/raise.err"
[[ $rc == 0 ]] || die "the raised window could not be read (exit $rc)"
grep -q '^finished: no' "$WORK/raise.out" || die "the board read is not the game's"
grep -q '^ 2  1  3  4\|^2 1 3 4' "$WORK/raise.out" || die "the board read is not 4x4:2,1,3,4,...: $(cat "$WORK/raise.out")"
# The game is now above the cover in the stacking order (xwininfo -root -children lists top first).
order=$(xwininfo -root -children | grep -Eo '0x[0-9a-f]+' | tail -n +2)
game_at=$(grep -n -i "$(printf '0x%x' "$GAME_WINDOW")" <<<"$order" | cut -d: -f1 | head -1)
cover_at=$(grep -n -i "$(printf '0x%x' "$COVER")" <<<"$order" | cut -d: -f1 | head -1)
[[ -n $game_at && -n $cover_at && $game_at -lt $cover_at ]] || die "the game was not raised above the cover ($game_at vs $cover_at)"
echo "PASS"
