#!/usr/bin/env bash
# setup.sh: install every Debian package puzzlebot needs, then configure and build the program.
# Usage: scripts/setup.sh [--no-build] [--all] [--build-dir DIR]
#   Builds build/bin/puzzlebot and its two modules only; --all also the tests, benchmarks and the arena.
# Idempotent: packages already present are skipped by apt; the build is incremental.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build_dir="$here/build"
do_build=1
build_all=0
while [ $# -gt 0 ]; do
  case "$1" in
    --no-build) do_build=0 ;;
    --all) build_all=1 ;;
    --build-dir) build_dir="$2"; shift ;;
    -h|--help) sed -n '2,5p' "$0"; exit 0 ;;
    *) echo "setup.sh: unknown option $1 (try --help)" >&2; exit 2 ;;
  esac
  shift
done

# One list, grouped by what needs it. Keep in step with README.md.
packages=(
  # toolchain and tests
  build-essential cmake pkg-config git libgtest-dev libgmock-dev libbenchmark-dev
  clang libclang-rt-14-dev lld
  # vision
  libopencv-dev libtesseract-dev tesseract-ocr tesseract-ocr-eng
  # desktop capture and input
  libx11-dev libxext-dev libxdo-dev xdotool xvfb x11-utils
  # real games and comparison tools for integration tests and benchmarks
  sgt-puzzles imagemagick fonts-dejavu-core python3 chromium
  # third-party games played live (GNOME Taquin runs in its own D-Bus session, settings by gsettings)
  gnome-taquin dbus dbus-x11 libglib2.0-bin peg-solitaire
  # GCompris (Qt Quick, software renderer under Xvfb); without libqt5svg5 its pictures do not load
  gcompris-qt libqt5svg5
  # phones
  adb
  # the fake phone's sliding app decodes GNOME Taquin's PNG picture itself (tests/fake_adb)
  libpng-dev
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done

if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "setup.sh: not root; run this first, then run setup.sh again:" >&2
    echo "  sudo apt-get update && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ${missing[*]}" >&2
    exit 2
  fi
  echo "setup.sh: installing ${#missing[@]} Debian packages: ${missing[*]}" >&2
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if [ "$do_build" -eq 1 ]; then
  cmake -S "$here" -B "$build_dir" -DCMAKE_BUILD_TYPE=Release >/dev/null
  # README's first command wants one program, not the ~70 test programs: those are built by
  # scripts/test.sh (or --all). The modules are loaded by the program (platform/plugin.hpp).
  targets=(--target puzzlebot pb_codecs_plugin pb_ocr_plugin)
  [ "$build_all" -eq 1 ] && targets=()
  cmake --build "$build_dir" -j"$(nproc)" "${targets[@]}"
fi
