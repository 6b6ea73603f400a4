/* adb_sink.cpp: choosing the touch method, gestures to sendevent or `input` words, sending them with fallbacks. */
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

std::optional<TouchMethod> touch_method_from_name(std::string_view name) {
  for (TouchMethod m : {TouchMethod::kAuto, TouchMethod::kSendevent, TouchMethod::kMotionevent, TouchMethod::kInput})
    if (name_of(m) == name) return m;
  return std::nullopt;
}

std::string_view name_of(TouchMethod m) {
  switch (m) {
    case TouchMethod::kSendevent: return "sendevent";
    case TouchMethod::kMotionevent: return "motionevent";
    case TouchMethod::kInput: return "input";
    case TouchMethod::kAuto: break;
  }
  return "auto";
}

Result<bool> AdbSink::probe_motionevent() {
  if (options_.motionevent) return *options_.motionevent;
  // `input` with no command prints its usage (and exits nonzero): Android 11+ lists motionevent.
  auto usage = device_->shell({"input"});
  if (!usage) return usage.error();
  options_.motionevent = usage_has_motionevent(*usage);
  return *options_.motionevent;
}

Result<void> AdbSink::prepare() {
  if (chosen_ != TouchMethod::kAuto) return {};
  const TouchMethod want = options_.method;
  if (want == TouchMethod::kAuto || want == TouchMethod::kSendevent) {
    auto listed = device_->shell({"getevent", "-p"});
    if (!listed) return listed.error();
    touch_ = find_touch_device(*listed);
    if (touch_) {
      auto dump = device_->shell({"dumpsys", "input"});
      if (!dump) return dump.error();
      rotation_ = parse_display_rotation(*dump);
      chosen_ = TouchMethod::kSendevent;
      return {};
    }
    if (want == TouchMethod::kSendevent)
      return make_error("--touch sendevent: the phone " + device_->serial() +
                        " lists no multi-touch screen (ABS_MT_POSITION_X/Y with slots) in 'getevent -p'; try --touch motionevent");
    note_ = "no multi-touch screen in getevent -p";
  }
  if (want == TouchMethod::kInput) {
    options_.motionevent = false;
    chosen_ = TouchMethod::kInput;
    return {};
  }
  auto motion = probe_motionevent();
  if (!motion) return motion.error();
  if (!*motion && want == TouchMethod::kMotionevent)
    return make_error("--touch motionevent: the phone " + device_->serial() +
                      "'s `input` has no motionevent (Android 10 or older); try --touch input");
  chosen_ = *motion ? TouchMethod::kMotionevent : TouchMethod::kInput;
  return {};
}

std::string AdbSink::describe() const {
  std::string s;
  switch (chosen_) {
    case TouchMethod::kAuto: return "not chosen yet";
    case TouchMethod::kSendevent:
      s = "sendevent on " + touch_->path + " (" + touch_->name + ", x " + std::to_string(touch_->x.min) + ".." +
          std::to_string(touch_->x.max) + ", y " + std::to_string(touch_->y.min) + ".." + std::to_string(touch_->y.max) +
          ", rotation " + std::to_string(rotation_ * 90) + ")";
      break;
    case TouchMethod::kMotionevent: s = "input motionevent"; break;
    case TouchMethod::kInput:
      s = options_.fallback == DragFallback::kTaps ? "input swipe/tap (no motionevent)" : "input swipe (no motionevent)";
      break;
  }
  if (!note_.empty()) s += "; " + note_;
  return s;
}

Result<void> AdbSink::fall_back(const std::string& why) {
  // Only auto mode leaves a method; the gesture refused did nothing (the device node never opened).
  note_ = "sendevent refused (" + why + ")";
  touch_.reset();
  auto motion = probe_motionevent();
  if (!motion) return motion.error();
  chosen_ = *motion ? TouchMethod::kMotionevent : TouchMethod::kInput;
  return {};
}

Result<void> AdbSink::perform(const Gesture& gesture) {
  if (options_.cancel != nullptr && options_.cancel->load()) return make_error(ErrorCode::kInterrupted, "stopped by Ctrl-C before the next touch");
  if (auto ok = prepare(); !ok) return ok;
  if (chosen_ == TouchMethod::kSendevent) return send_sendevent(gesture);
  return send_input(gesture);
}

Result<void> AdbSink::press_key(std::string_view keycode) {
  if (options_.cancel != nullptr && options_.cancel->load()) return make_error(ErrorCode::kInterrupted, "stopped by Ctrl-C before the next key");
  if (!platform::safe_shell_word(keycode)) return make_error("the key " + std::string(keycode) + " is not one puzzlebot sends");
  auto out = device_->input({"input", "keyevent", std::string(keycode)}, device_->options().timeout + std::chrono::milliseconds(1000));
  if (!out) return out.error();
  for (const char* bad : {"Error:", "Exception", "Usage:", "usage:"})
    if (out->find(bad) != std::string::npos) {
      std::string line = out->substr(out->find(bad));
      line = line.substr(0, line.find_first_of("\r\n"));
      return make_error("the phone " + device_->serial() + " refused the key " + std::string(keycode) + ": " + line);
    }
  return {};
}

Result<void> AdbSink::send_sendevent(const Gesture& gesture) {
  // The same checks as for `input` words (inside the screen, meant for this screen) come first.
  if (auto checked = gesture_words(gesture, options_.screen, false, options_.fallback, options_.swipe_ms); !checked)
    return checked.error();
  std::vector<RawPoint> raw;
  for (const auto& p : gesture.points) raw.push_back(to_raw(*touch_, rotation_, p, options_.screen));
  if (gesture.kind == Gesture::Kind::kTap) raw.resize(1);
  const auto words = sendevent_words(*touch_, raw, ++tracking_id_);
  // Old adb daemons take at most 4 kB of command line; the finger stays down between two calls.
  const auto runs = split_commands(words, 3800);
  for (std::size_t i = 0; i < runs.size(); ++i) {
    const long lines = std::count(runs[i].begin(), runs[i].end(), std::string("sendevent"));
    auto out = device_->input(runs[i], device_->options().timeout + std::chrono::milliseconds(20) * lines);
    if (!out) return out.error();
    // sendevent prints "could not open /dev/input/event2, Permission denied" and stops.
    for (const char* bad : {"could not open", "Permission denied", "not found", "Operation not permitted"}) {
      if (out->find(bad) == std::string::npos) continue;
      const auto nl = out->rfind('\n', out->find(bad));
      std::string line = out->substr(nl == std::string::npos ? 0 : nl + 1);
      line = line.substr(0, line.find_first_of("\r\n"));
      if (options_.method == TouchMethod::kSendevent || i > 0)
        return make_error("the phone " + device_->serial() + " refused sendevent: " + line +
                          (i > 0 ? std::string() : ": try --touch motionevent"));
      if (auto back = fall_back(line); !back) return back;
      return send_input(gesture);
    }
  }
  return {};
}

Result<void> AdbSink::send_input(const Gesture& gesture) {
  bool motion = false;
  if (gesture.kind == Gesture::Kind::kDrag && gesture.points.size() > 2) {
    auto probed = probe_motionevent();
    if (!probed) return probed.error();
    motion = *probed;
  } else if (options_.motionevent) {
    motion = *options_.motionevent;
  }
  if (chosen_ == TouchMethod::kInput) motion = false;
  auto words = gesture_words(gesture, options_.screen, motion, options_.fallback, options_.swipe_ms);
  if (!words) return words.error();
  // Each `input` run takes 300-700 ms on a phone (it starts a Java process): budget for that.
  const long commands = std::count(words->begin(), words->end(), std::string("input"));
  auto timeout = device_->options().timeout + std::chrono::milliseconds(1000) * commands;
  auto out = device_->input(*words, timeout);
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
