/* calibrate.hpp: the device-independent half of `puzzlebot calibrate`: what the phone says, and the transform. */
#pragma once

// app/calibrate_command.cpp talks to the phone (adb) and looks at the screen (vision); this file
// only turns what the phone reported into numbers, so every rule is unit-tested without a phone.
//
// The touch space is the size `input tap` coordinates refer to: the "Override size" of `wm size`
// when one is set (the user or the vendor's "screen resolution" setting scaled the display), else
// the "Physical size". A screenshot may differ from it (scaled screens: a 1440x3120 panel that
// screencap returns at 1080x2340), so frame_to_input scales each axis by touch / screenshot.
// `wm size` always reports the natural (portrait) orientation; a landscape screenshot swaps it.
//
// Rejected: measuring the scale by tapping two far-apart cells and locating both on screen (the
// tap check below confirms one cell, which catches a wrong scale as surely, with one touch on the
// user's game instead of two).

#include <optional>
#include <string>
#include <string_view>

#include "calibration/coords.hpp"
#include "calibration/profile.hpp"
#include "core/result.hpp"

namespace pb::calibration {

struct WmSize {
  Size physical;
  std::optional<Size> override_size;
  Size touch() const { return override_size ? *override_size : physical; }
};

struct WmDensity {
  int physical = 0;
  std::optional<int> override_density;
  int effective() const { return override_density ? *override_density : physical; }
};

// `wm size`: "Physical size: 1080x2340" and optionally "Override size: 720x1560".
Result<WmSize> parse_wm_size(std::string_view text);
// `wm density`: "Physical density: 440" and optionally "Override density: 320".
Result<WmDensity> parse_wm_density(std::string_view text);

// Screenshot pixels -> touch pixels. `touch` is as `wm size` reports it (portrait); it is turned to
// the screenshot's orientation first. Errors when the two shapes differ (more than 2% in aspect):
// then the screenshot is cropped or letterboxed and a scale alone cannot map it.
Result<FrameToInput> screenshot_to_touch(Size shot, Size touch);

// A file-name-safe profile name: "phone-pixel-7-1080x2400".
std::string profile_name(std::string_view model, Size touch);

// The profile calibrate writes: default timings, the board rect in screenshot pixels.
Profile phone_profile(std::string model, Size touch, int density, const FrameToInput& transform,
                      std::optional<cv::Rect> board);

// Checks that `profile` fits the phone now attached: same touch size (either orientation).
Result<void> check_profile_fits(const Profile& profile, Size touch);

}  // namespace pb::calibration
