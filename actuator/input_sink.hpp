/* input_sink.hpp: InputSink, where gestures go (libxdo on X11, touch over adb, a recorder in tests). */
#pragma once

#include <chrono>
#include <vector>

#include "calibration/coords.hpp"
#include "core/result.hpp"

namespace pb::actuator {

// Taps, one on each point in turn (step_pause apart; the adb sink taps the first only), or a drag:
// a press at the first point, moves through the rest, release at the last.
struct Gesture {
  enum class Kind { kTap, kDrag };
  Kind kind = Kind::kTap;
  std::vector<calibration::InputPoint> points;
  std::chrono::milliseconds step_pause{15};  // pause between drag points, so the game sees each one
};

class InputSink {
 public:
  virtual ~InputSink() = default;
  virtual Result<void> perform(const Gesture& gesture) = 0;
};

// Keeps gestures instead of sending them: for --dry-run and tests.
class RecordingSink : public InputSink {
 public:
  Result<void> perform(const Gesture& gesture) override {
    gestures.push_back(gesture);
    return {};
  }
  std::vector<Gesture> gestures;
};

}  // namespace pb::actuator
