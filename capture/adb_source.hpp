/* adb_source.hpp: AdbSource, frames from an Android phone through `adb exec-out screencap` (raw). */
#pragma once

// Raw screencap, not `screencap -p`: PNG encoding on the phone costs about 4x the time of sending
// the raw pixels over USB 2 (issue 7), and decoding PNG costs us again. `exec-out`, not `shell`:
// no pty, so the binary stream arrives byte for byte (old `adb shell` turned \n into \r\n).
//
// The raw stream is a little-endian header then width*height pixels:
//   Android <= 8 (and some later builds): 12 bytes  width, height, format
//   Android 9+ (most):                    16 bytes  width, height, format, colour space
// Which one a device sends is told by the total size (the pixel count and format give the payload
// size, so exactly one header length fits); a stream that fits neither is refused as garbled.
//
// Rejected: guessing the layout from the Android version (`getprop ro.build.version.sdk`): vendors
// backport, and the size test needs no extra adb round trip.

#include <cstdint>
#include <memory>
#include <string_view>

#include "platform/adb_device.hpp"
#include "capture/frame_source.hpp"

namespace pb::capture {

// The little-endian 32-bit word at byte `at` of `b` (screencap and screenrecord headers); the
// caller checks `b` is long enough.
inline std::uint32_t le32(std::string_view b, std::size_t at) {
  const auto* p = reinterpret_cast<const unsigned char*>(b.data() + at);
  return static_cast<std::uint32_t>(p[0]) | static_cast<std::uint32_t>(p[1]) << 8 |
         static_cast<std::uint32_t>(p[2]) << 16 | static_cast<std::uint32_t>(p[3]) << 24;
}

// android.graphics.PixelFormat values a screencap header carries.
enum class RawFormat : std::uint32_t { kRgba8888 = 1, kRgbx8888 = 2, kRgb888 = 3, kRgb565 = 4 };

struct RawScreencap {
  cv::Mat bgr;
  int header_bytes = 0;      // 12 or 16
  RawFormat format = RawFormat::kRgba8888;
  std::uint32_t colour_space = 0;  // 0 unknown/absent, 1 sRGB, 2 Display P3
};

// Parses a raw screencap stream into BGR. Errors say the stream is short or garbled, with sizes.
Result<RawScreencap> parse_raw_screencap(std::string_view bytes);

// Bytes per pixel of a raw format, 0 for an unknown one.
int raw_bytes_per_pixel(std::uint32_t format);

// The argv AdbSource runs (for tests): adb -s SERIAL exec-out screencap
std::vector<std::string> screencap_argv(const platform::AdbOptions& o, const std::string& serial);

class AdbSource : public FrameSource {
 public:
  explicit AdbSource(std::shared_ptr<const platform::AdbDevice> device) : device_(std::move(device)) {}
  Result<Frame> grab() override;
  bool grabs_on_demand() const override { return true; }

 private:
  std::shared_ptr<const platform::AdbDevice> device_;
};

}  // namespace pb::capture
