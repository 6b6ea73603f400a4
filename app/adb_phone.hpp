/* adb_phone.hpp: what `play --adb` and `calibrate --adb` share: the phone, what it reports, the transform, the reader. */
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "actuator/adb_sink.hpp"
#include "calibration/calibrate.hpp"
#include "calibration/profile.hpp"
#include "platform/adb_device.hpp"
#include "capture/adb_source.hpp"
#include "core/result.hpp"

namespace pb::app {

// `--adb` takes an optional SERIAL: rewrites the command line so the option always has a value
// ("--adb" followed by another option or nothing becomes "--adb="), for parse_args.
std::vector<std::string> with_adb_value(std::vector<std::string> args);

// Whether the command line asks for a phone (`--adb` or `--adb=SERIAL`).
bool wants_adb(const std::vector<std::string>& args);

// What the phone says about itself.
struct PhoneInfo {
  std::string model;
  calibration::WmSize size;
  calibration::WmDensity density;
};

// `--touch auto|sendevent|motionevent|input` (absent: auto), with a one-line error for anything else.
Result<actuator::TouchMethod> touch_method_option(const std::optional<std::string>& value);

// Where the phone's screens come from (`--capture auto|stream|screencap`): auto tries the
// screenrecord frame stream (capture/adb_stream.hpp) and falls back to raw screencap when the phone
// does not stream; `description` says which was picked and why.
struct PhoneCapture {
  std::unique_ptr<capture::FrameSource> source;
  std::string description;
  bool streams = false;  // a screenrecord frame stream, not a screencap per grab
};
Result<PhoneCapture> open_capture(std::shared_ptr<const platform::AdbDevice> device, const std::optional<std::string>& option);

Result<std::shared_ptr<const platform::AdbDevice>> connect_phone(const std::string& adb_path, const std::string& serial);
Result<PhoneInfo> query_phone(const platform::AdbDevice& device);

}  // namespace pb::app
