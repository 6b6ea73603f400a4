/* adb_sink.hpp: AdbSink, touches on an Android phone through `adb shell input` (tap, swipe, motionevent). */
#pragma once

// A gesture becomes one `adb shell` call. A drag through many points is one continuous touch —
// `input motionevent DOWN x y`, `MOVE x y` for every later point, `UP x y` — sent as one shell
// line with `;` between the `input` commands, so the finger never lifts between cells and the adb
// round trip (~30-60 ms) is paid once per gesture rather than once per point.
//
// `input motionevent` exists from Android 11 (it is listed in `input`'s usage text, which is probed
// once). Without it:
//   - a two-point drag is `input swipe x1 y1 x2 y2 ms` (every Android version has swipe);
//   - a longer drag falls back to taps: `input tap` on every point after the first, in order.
//     The first point is where the finger would land; in 一笔画完 that is the cat, which is there
//     already, and the game takes a tap on a free cell next to the cat as a step onto it, so the
//     taps draw the same path. For games where a drag is not a chain of taps (e.g. Pegs), choose
//     DragFallback::kSwipes: one swipe per segment (the finger lifts at every point).
//
// Safety: every point must fall inside the phone's touch space (the size given at construction,
// from `wm size`); the words sent are checked by AdbDevice::shell (fixed vocabulary and plain
// numbers only); the cancel flag (Ctrl-C) is checked before each gesture, never in the middle of one.
//
// Rejected: `input draganddrop` (Android 12+ only, two points, and long-press semantics);
// `sendevent` to /dev/input/eventN (needs root on most phones and per-device axis scaling);
// one `adb shell` per point (a 40-cell path would take seconds and the game might see a pause
// as the finger lifting).

#include <atomic>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "actuator/input_sink.hpp"
#include "capture/adb_device.hpp"

namespace pb::actuator {

enum class DragFallback { kTaps, kSwipes };

struct AdbSinkOptions {
  calibration::Size screen;  // the touch space (wm size), every point is checked against it
  // Whether the device has `input motionevent`; empty: probe once on first use.
  std::optional<bool> motionevent;
  DragFallback fallback = DragFallback::kTaps;
  int swipe_ms = 120;         // duration of an `input swipe`, ms
  const std::atomic<bool>* cancel = nullptr;  // Ctrl-C: refuse the next gesture
};

// The shell words of one gesture (unit-tested without adb). Errors when a point lies outside
// `screen` or the gesture has no points.
Result<std::vector<std::string>> gesture_words(const Gesture& g, calibration::Size screen, bool motionevent,
                                               DragFallback fallback, int swipe_ms);

// Whether `input`'s usage text lists motionevent.
bool usage_has_motionevent(const std::string& usage);

class AdbSink : public InputSink {
 public:
  AdbSink(std::shared_ptr<const capture::AdbDevice> device, AdbSinkOptions options)
      : device_(std::move(device)), options_(options) {}

  Result<void> perform(const Gesture& gesture) override;

  // Runs the probe now (done by the first drag otherwise); returns whether motionevent exists.
  Result<bool> probe_motionevent();

 private:
  std::shared_ptr<const capture::AdbDevice> device_;
  AdbSinkOptions options_;
};

}  // namespace pb::actuator
