#!/usr/bin/env bash
# browser_fifteen_zoom150.sh: the same 15-puzzle page at 150% (--force-device-scale-factor=1.5), solved by clicking tiles, as the page's title shows.
source "$(dirname "$0")/browser_fifteen.bash"
play_fifteen_page 1.5
