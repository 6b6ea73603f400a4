#!/usr/bin/env bash
# browser_onestroke_zoom150.sh: the same one-stroke page at 150% (--force-device-scale-factor=1.5: window pixels 1.5 times CSS pixels), 2 levels cleared with the browser profile's slower input pacing, as the page's title shows.
source "$(dirname "$0")/browser_onestroke.bash"
play_onestroke_page 1.5 calibration/profiles/browser.yml
