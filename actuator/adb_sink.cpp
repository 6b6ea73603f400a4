/* adb_sink.cpp: gestures to `adb shell input` words, the motionevent probe, and sending them. */
#include "actuator/adb_sink.hpp"

#include <algorithm>

namespace pb::actuator {
namespace {

std::string point_text(const calibration::InputPoint& p) {
  std::string s(1, '(');  // built by appending: GCC 12 warns falsely on "(" + std::string&&
  s += std::to_string(p.x);
  s += ',';
  s += std::to_string(p.y);
  s += ')';
  return s;
}

void add(std::vector<std::string>& words, std::initializer_list<std::string> more) {
  if (!words.empty()) words.push_back(";");
  words.insert(words.end(), more.begin(), more.end());
}

}  // namespace

bool usage_has_motionevent(const std::string& usage) { return usage.find("motionevent") != std::string::npos; }

Result<std::vector<std::string>> gesture_words(const Gesture& g, calibration::Size screen, bool motionevent,
                                               DragFallback fallback, int swipe_ms) {
  if (g.points.empty()) return make_error("a gesture with no points: nothing to touch");
  if (screen.width <= 0 || screen.height <= 0) return make_error("the phone's touch size is unknown: cannot check touches");
  for (const auto& p : g.points) {
    if (p.x < 0 || p.y < 0 || p.x >= screen.width || p.y >= screen.height)
      return make_error("refusing to touch " + point_text(p) + ": outside the phone's " + std::to_string(screen.width) +
                        "x" + std::to_string(screen.height) + " screen (is the profile for this phone?)");
    if (p.space.width != 0 && !(p.space == screen))
      return make_error("a touch " + point_text(p) + " meant for a " + std::to_string(p.space.width) + "x" +
                        std::to_string(p.space.height) + " screen, but the phone's is " + std::to_string(screen.width) +
                        "x" + std::to_string(screen.height) + ": calibrate again");
  }
  auto xs = [](const calibration::InputPoint& p) { return std::to_string(p.x); };
  auto ys = [](const calibration::InputPoint& p) { return std::to_string(p.y); };
  std::vector<std::string> w;
  const auto& pts = g.points;
  if (g.kind == Gesture::Kind::kTap || pts.size() == 1) {
    add(w, {"input", "tap", xs(pts[0]), ys(pts[0])});
    return w;
  }
  if (motionevent) {
    add(w, {"input", "motionevent", "DOWN", xs(pts[0]), ys(pts[0])});
    for (std::size_t i = 1; i < pts.size(); ++i) add(w, {"input", "motionevent", "MOVE", xs(pts[i]), ys(pts[i])});
    add(w, {"input", "motionevent", "UP", xs(pts.back()), ys(pts.back())});
    return w;
  }
  const std::string ms = std::to_string(std::max(1, swipe_ms));
  if (pts.size() == 2 || fallback == DragFallback::kSwipes) {
    for (std::size_t i = 1; i < pts.size(); ++i)
      add(w, {"input", "swipe", xs(pts[i - 1]), ys(pts[i - 1]), xs(pts[i]), ys(pts[i]), ms});
    return w;
  }
  for (std::size_t i = 1; i < pts.size(); ++i) add(w, {"input", "tap", xs(pts[i]), ys(pts[i])});
  return w;
}

Result<bool> AdbSink::probe_motionevent() {
  if (options_.motionevent) return *options_.motionevent;
  // `input` with no command prints its usage (and exits nonzero): Android 11+ lists motionevent.
  auto usage = device_->shell({"input"});
  if (!usage) return usage.error();
  options_.motionevent = usage_has_motionevent(*usage);
  return *options_.motionevent;
}

Result<void> AdbSink::perform(const Gesture& gesture) {
  if (options_.cancel != nullptr && options_.cancel->load()) return make_error(ErrorCode::kInterrupted, "stopped by Ctrl-C before the next touch");
  bool motion = false;
  if (gesture.kind == Gesture::Kind::kDrag && gesture.points.size() > 2) {
    auto probed = probe_motionevent();
    if (!probed) return probed.error();
    motion = *probed;
  } else if (options_.motionevent) {
    motion = *options_.motionevent;
  }
  auto words = gesture_words(gesture, options_.screen, motion, options_.fallback, options_.swipe_ms);
  if (!words) return words.error();
  // Each `input` run takes 50-300 ms on a phone (it starts a Java process): budget for that.
  const long commands = std::count(words->begin(), words->end(), std::string("input"));
  auto timeout = device_->options().timeout + std::chrono::milliseconds(500) * commands;
  auto out = device_->shell(*words, timeout);
  if (!out) return out.error();
  // `input` reports bad arguments on its output rather than always through the exit status.
  for (const char* bad : {"Error:", "Exception", "Usage:", "usage:"})
    if (out->find(bad) != std::string::npos) {
      std::string line = out->substr(out->find(bad));
      line = line.substr(0, line.find_first_of("\r\n"));
      return make_error("the phone " + device_->serial() + " refused the touch: " + line);
    }
  return {};
}

}  // namespace pb::actuator
