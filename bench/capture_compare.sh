#!/usr/bin/env bash
# capture_compare.sh: root-window grab time on a 1920x1080 Xvfb: X11Source (SHM, XGetImage) vs ImageMagick import.
# usage: bench/capture_compare.sh BUILD_DIR   (needs bench_capture_x11 built there)
set -euo pipefail
BUILD=${1:?usage: capture_compare.sh BUILD_DIR}
BENCH=$(find "$BUILD" -name bench_capture_x11 -type f -perm -u+x | head -1)
[[ -n $BENCH ]] || { echo "bench_capture_x11 not built in $BUILD" >&2; exit 2; }
WORK=$(mktemp -d)
Xvfb -displayfd 9 -screen 0 1920x1080x24 -nolisten tcp -noreset 9>"$WORK/display" 2>/dev/null &
XVFB=$!
trap 'kill $XVFB 2>/dev/null; wait $XVFB 2>/dev/null; rm -rf "$WORK"' EXIT
for _ in $(seq 100); do [[ -s $WORK/display ]] && break; sleep 0.1; done
export DISPLAY=":$(head -1 "$WORK/display")"
for _ in $(seq 100); do xdpyinfo >/dev/null 2>&1 && break; sleep 0.1; done
# Something on screen, so the grab is not of a blank root (the pixels do not change the cost).
/usr/games/sgt-fifteen >/dev/null 2>&1 &
GAME=$!
trap 'kill $GAME $XVFB 2>/dev/null; wait $GAME $XVFB 2>/dev/null; rm -rf "$WORK"' EXIT
sleep 1

"$BENCH" --benchmark_repetitions=3 --benchmark_report_aggregates_only=true

N=20
start=$(date +%s%N)
for _ in $(seq $N); do import -window root "$WORK/root.png"; done
end=$(date +%s%N)
echo "import -window root (to PNG): $(( (end - start) / N / 1000000 )) ms per grab over $N"
start=$(date +%s%N)
for _ in $(seq $N); do import -window root "$WORK/root.bmp"; done
end=$(date +%s%N)
echo "import -window root (to BMP, no compression): $(( (end - start) / N / 1000000 )) ms per grab over $N"
