/* adb_phone.cpp: connecting to the phone, asking it its model, size and density, waiting for a still screen. */
#include "app/adb_phone.hpp"

#include <exception>
#include <opencv2/core/persistence.hpp>
#include <thread>

#include "app/commands.hpp"
#include "capture/adb_stream.hpp"
#include "calibration/profile.hpp"

namespace pb::app {

std::vector<std::string> with_adb_value(std::vector<std::string> args) {
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--") break;
    if (args[i] != "--adb") continue;
    const bool serial_follows = i + 1 < args.size() && !args[i + 1].empty() && args[i + 1][0] != '-';
    if (!serial_follows) args[i] = "--adb=";
  }
  return args;
}

bool wants_adb(const std::vector<std::string>& args) {
  for (const auto& a : args) {
    if (a == "--") return false;
    if (a == "--adb" || a.rfind("--adb=", 0) == 0) return true;
  }
  return false;
}

Result<actuator::TouchMethod> touch_method_option(const std::optional<std::string>& value) {
  if (!value) return actuator::TouchMethod::kAuto;
  auto m = actuator::touch_method_from_name(*value);
  if (!m) return make_error("--touch takes auto, sendevent, motionevent or input, not '" + *value + "'");
  return *m;
}

Result<PhoneCapture> open_capture(std::shared_ptr<const platform::AdbDevice> device, const std::optional<std::string>& option) {
  const std::string want = option.value_or("auto");
  if (want != "auto" && want != "stream" && want != "screencap")
    return make_error("--capture takes auto, stream or screencap, not '" + want + "'");
  PhoneCapture c;
  std::string why_not;
  if (want != "screencap") {
    // The first frame of a stream comes within a second on a phone; 3 s leaves room for a slow one.
    auto stream = capture::AdbStreamSource::open(device, std::chrono::milliseconds(3000));
    if (stream) {
      c.source = std::move(*stream);
      c.description = "screenrecord frame stream";
      c.streams = true;
      return c;
    }
    if (want == "stream") return make_error(stream.error().message + " (try --capture screencap)");
    why_not = stream.error().message;  // said whole: messages are never cut up (core/result.hpp)
  }
  c.source = std::make_unique<capture::AdbSource>(std::move(device));
  c.description = "raw screencap" + (why_not.empty() ? std::string() : " (" + why_not + ")");
  return c;
}

Result<std::shared_ptr<const platform::AdbDevice>> connect_phone(const std::string& adb_path, const std::string& serial) {
  platform::AdbOptions o;
  if (!adb_path.empty()) o.adb_path = adb_path;
  o.serial = serial;
  o.cancel = &stop_requested();  // Ctrl-C stops a wait for adb (its server starting, a screenshot)
  auto device = platform::AdbDevice::connect(o);
  if (!device) return device.error();
  return std::shared_ptr<const platform::AdbDevice>(std::make_shared<platform::AdbDevice>(std::move(*device)));
}

Result<PhoneInfo> query_phone(const platform::AdbDevice& device) {
  PhoneInfo info;
  auto model = device.shell({"getprop", "ro.product.model"});
  if (!model) return model.error();
  info.model = *model;
  while (!info.model.empty() && (info.model.back() == '\n' || info.model.back() == '\r' || info.model.back() == ' '))
    info.model.pop_back();
  auto size = device.shell({"wm", "size"});
  if (!size) return size.error();
  auto parsed_size = calibration::parse_wm_size(*size);
  if (!parsed_size) return make_error("phone " + device.serial() + ": " + parsed_size.error().message);
  info.size = *parsed_size;
  auto density = device.shell({"wm", "density"});
  if (!density) return density.error();
  auto parsed_density = calibration::parse_wm_density(*density);
  if (!parsed_density) return make_error("phone " + device.serial() + ": " + parsed_density.error().message);
  info.density = *parsed_density;
  return info;
}

}  // namespace pb::app
