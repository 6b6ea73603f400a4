#!/usr/bin/env bash
# browser_hanoi_zoom150.sh: the same Tower of Hanoi page at 150% (--force-device-scale-factor=1.5), solved by dragging disks, as the page's title shows.
source "$(dirname "$0")/browser_hanoi.bash"
play_hanoi_page 1.5
