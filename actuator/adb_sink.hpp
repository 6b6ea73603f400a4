/* adb_sink.hpp: AdbSink, touches on an Android phone: `sendevent` to the touchscreen, else `adb shell input` (motionevent, swipe, tap). */
#pragma once

// A gesture becomes one `adb shell` call (or a few, for a very long drag), by the fastest method the
// phone takes, chosen once at start (prepare()):
//
//   sendevent    the touchscreen's kernel device, found in `getevent -p` (actuator/touch_device.hpp):
//                each point is two or three `sendevent` lines, a few ms each on the phone; a 49-cell
//                drag is one adb call of ~0.5 s.
//   motionevent  `input motionevent DOWN x y ; ... MOVE ... ; UP x y` in one shell line (Android 11+;
//                listed in `input`'s usage text). One continuous touch, but every `input` starts a
//                Java program on the phone: 300-700 ms per point, 15-30 s for a 7x7 level.
//   input        no motionevent (Android 10 and older): a two-point drag is `input swipe x1 y1 x2 y2
//                ms`; a longer drag falls back to taps, `input tap` on every point after the first.
//                The first point is where the finger would land; in 一笔画完 that is the cat, which
//                is there already, and the game takes a tap on a free cell next to the cat as a step
//                onto it, so the taps draw the same path. For games where a drag is not a chain of
//                taps (e.g. Pegs), choose DragFallback::kSwipes: one swipe per segment.
//
// In auto mode a phone that lists a protocol-B touchscreen gets sendevent; if the first gesture is
// refused (the device node not writable: "Permission denied"), the sink says so and falls back to
// motionevent, then to swipe/tap, re-sending that gesture. A forced method (--touch) never falls back.
//
// Safety: every point must fall inside the phone's touch space (the size given at construction,
// from `wm size`); the words sent are checked by AdbDevice::shell (fixed vocabulary, plain numbers,
// /dev/input/eventN); the cancel flag (Ctrl-C) is checked before each gesture, never in the middle
// of one (a finger is never left down).
//
// Rejected: `input draganddrop` (Android 12+ only, two points, and long-press semantics); one
// `adb shell` per point (a 40-cell path would take seconds and the game might see a pause as the
// finger lifting); minitouch (a binary pushed to the phone per ABI, and unmaintained for Android
// 10+; sendevent gives the same native speed with what every phone ships); a long-lived `adb shell`
// fed line by line (saves the ~20 ms adb round trip per gesture, but a wedged shell is hard to time
// out, and one call per gesture is already far below a frame read).

#include <atomic>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "actuator/input_sink.hpp"
#include "actuator/touch_device.hpp"
#include "platform/adb_device.hpp"

namespace pb::actuator {

enum class DragFallback { kTaps, kSwipes };

// How touches are sent (--touch): kAuto picks the fastest the phone takes.
enum class TouchMethod { kAuto, kSendevent, kMotionevent, kInput };
std::optional<TouchMethod> touch_method_from_name(std::string_view name);  // auto|sendevent|motionevent|input
std::string_view name_of(TouchMethod m);

struct AdbSinkOptions {
  calibration::Size screen;  // the touch space (wm size), every point is checked against it
  TouchMethod method = TouchMethod::kAuto;
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
  AdbSink(std::shared_ptr<const platform::AdbDevice> device, AdbSinkOptions options)
      : device_(std::move(device)), options_(options) {}

  Result<void> perform(const Gesture& gesture) override;

  // Chooses the touch method now (perform() does it on first use otherwise): `getevent -p` and
  // `dumpsys input` for sendevent, `input`'s usage for motionevent. Errors: adb failed, or a forced
  // method the phone lacks.
  Result<void> prepare();
  // The method in use and its details ("sendevent on /dev/input/event2 (fts_ts, x 0..4095, y 0..4095,
  // rotation 0)"); "not chosen yet" before prepare().
  std::string describe() const;
  TouchMethod method() const { return chosen_; }

  // Presses a key on the phone as a keyboard would (`input keyevent KEYCODE`), e.g. KEYCODE_N, the
  // 'n' that starts a new game in Simon Tatham's Puzzles. `keycode` must be a word safe_shell_word
  // allows. Errors: Ctrl-C, adb failed, or the phone refused the key.
  Result<void> press_key(std::string_view keycode);

  // Runs the probe now (done by the first drag otherwise); returns whether motionevent exists.
  Result<bool> probe_motionevent();

 private:
  Result<void> send_input(const Gesture& gesture);
  Result<void> send_sendevent(const Gesture& gesture);
  Result<void> fall_back(const std::string& why);

  std::shared_ptr<const platform::AdbDevice> device_;
  AdbSinkOptions options_;
  TouchMethod chosen_ = TouchMethod::kAuto;  // kAuto: not chosen yet
  std::optional<TouchDevice> touch_;
  int rotation_ = 0;
  int tracking_id_ = 0;
  std::string note_;  // why a faster method was left, for describe()
};

}  // namespace pb::actuator
