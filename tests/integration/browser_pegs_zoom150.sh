#!/usr/bin/env bash
# browser_pegs_zoom150.sh: the same peg solitaire page at 150% (--force-device-scale-factor=1.5), solved by click-select-click, as the page's title shows.
source "$(dirname "$0")/browser_pegs.bash"
play_pegs_page 1.5
