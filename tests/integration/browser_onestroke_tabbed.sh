#!/usr/bin/env bash
# browser_onestroke_tabbed.sh: the one-stroke page in a normal Chromium window (tabs, address bar, titled "One stroke - Chromium"), found by `--window "One stroke"`, 2 levels cleared, as the page's title shows.
source "$(dirname "$0")/browser_onestroke.bash"
BROWSER_MODE=normal play_onestroke_page 1
