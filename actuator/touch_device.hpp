/* touch_device.hpp: a phone's touchscreen as the kernel sees it: found in `getevent -p`, driven with `sendevent` (multi-touch protocol B). */
#pragma once

// Every `adb shell input ...` starts a Java program on the phone (300-700 ms); `sendevent` is a tiny
// native program (a few ms) that writes one input_event to /dev/input/eventN, which the shell user
// may do on most phones (the device node belongs to group `input`). A whole drag then becomes one
// `adb shell` call running a few sendevent lines per point.
//
// The kernel's touch coordinates are the panel's, not the screen's: their ranges come from
// `getevent -p` (often 0..4095 or a multiple of the pixels), and they are in the panel's natural
// orientation, so a rotated display turns them (`dumpsys input`: SurfaceOrientation, or the
// viewport's orientation=). The mapping is the inverse of Android's TouchInputMapper.
//
// Protocol B (slots): a contact is ABS_MT_SLOT s, ABS_MT_TRACKING_ID id (>= 0 while down, -1 to lift),
// ABS_MT_POSITION_X/Y; each frame of changes ends with SYN_REPORT. BTN_TOUCH goes with the first
// contact where the device lists it. Only slot 0 is used: one finger.
//
// Rejected: protocol A devices (no ABS_MT_SLOT; rare since Android 4, and their reports need
// SYN_MT_REPORT framing): they use `input motionevent`; pressure and touch-major values (sent when the
// device has the axis, at a mid value: some drivers' readers drop contacts with zero pressure).

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "calibration/coords.hpp"
#include "core/result.hpp"

namespace pb::actuator {

struct AxisRange {
  int min = 0, max = 0;
  bool present() const { return max > min; }
};

// A multi-touch screen from `getevent -p`.
struct TouchDevice {
  std::string path;  // /dev/input/eventN
  std::string name;  // the driver's name, for messages
  AxisRange x, y;    // ABS_MT_POSITION_X / _Y
  AxisRange pressure, touch_major;  // optional axes (absent: max == min)
  int max_tracking_id = 65535;
  bool btn_touch = false;  // KEY BTN_TOUCH listed
};

// The first device in `getevent -p` output with ABS_MT_POSITION_X/Y, ABS_MT_TRACKING_ID and ABS_MT_SLOT
// (protocol B); nullopt when there is none.
std::optional<TouchDevice> find_touch_device(std::string_view getevent_p);

// The display rotation (0..3, quarter turns) from `dumpsys input`; 0 when it does not say.
int parse_display_rotation(std::string_view dumpsys_input);

// A screen point (in the current orientation, `screen` the size `input tap` takes) to the panel's
// raw coordinates.
struct RawPoint {
  int x = 0, y = 0;
};
RawPoint to_raw(const TouchDevice& d, int rotation, calibration::InputPoint p, calibration::Size screen);

// The shell words of a drag or tap through `raw` points as sendevent lines separated by ";": down
// at the first, moves through the rest, up at the last. `tracking_id` names the contact.
std::vector<std::string> sendevent_words(const TouchDevice& d, const std::vector<RawPoint>& raw, int tracking_id);

// Shell words split into runs of at most `max_chars` characters (joined with spaces), cut only after a
// ";", so each run is a whole number of commands: old adb daemons refuse a command line over 4 kB.
std::vector<std::vector<std::string>> split_commands(const std::vector<std::string>& words, std::size_t max_chars);

}  // namespace pb::actuator
