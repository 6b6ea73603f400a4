/* still.hpp: wait_until_still, the one way every caller waits for a screen to stop changing. */
#pragma once

// MaaFramework's post_wait_freezes in puzzlebot's terms: after an action, first wait (bounded) for
// the screen to differ from the frame before it, so a game slow to react is not mistaken for a
// still one; then until two grabs `poll` apart are equal. The whole wait is bounded by
// `settle_timeout`; past it the last frame is returned with `still` false, and the caller decides
// whether to read it anyway (the play loop does) or to complain (calibration does).
//
// Rejected: fixed sleeps (too short on a loaded machine, wasted time on a fast one); a per-pixel
// tolerance (a blinking cursor would then count as still, and no game here draws noise).

#include <atomic>
#include <chrono>
#include <opencv2/core.hpp>

#include "capture/frame_source.hpp"
#include "core/clock.hpp"
#include "core/result.hpp"

namespace pb::capture {

struct StillOptions {
  std::chrono::milliseconds poll{25};              // between grabs
  std::chrono::milliseconds change_timeout{800};   // longest wait for the screen to differ from `before`
  std::chrono::milliseconds settle_timeout{4000};  // longest wait in all
  const std::atomic<bool>* cancel = nullptr;       // Ctrl-C: return the last frame at once
  Clock* clock = nullptr;                          // the time waited in; nullptr: steady_clock()
};

struct StillFrame {
  Frame frame;
  bool changed = false;  // differs from `before` (always true without `before`)
  bool still = false;    // two grabs in a row were equal
  int grabs = 0;
  double capture_ms = 0;  // time spent inside grab()
};

// Whether two frames have identical pixels.
bool same_pixels(const cv::Mat& a, const cv::Mat& b);

// Grabs from `source` until the screen has changed from `before` (when given, at most
// `change_timeout`) and then holds still. Errors are the source's (window gone, phone unplugged).
Result<StillFrame> wait_until_still(FrameSource& source, const cv::Mat* before, const StillOptions& options);

}  // namespace pb::capture
