/* adb_source.cpp: raw screencap parsing (both header layouts, four pixel formats) and AdbSource. */
#include "capture/adb_source.hpp"

#include <opencv2/imgproc.hpp>

namespace pb::capture {
namespace {

// Room for the biggest accepted screen in the widest format, plus a header.
constexpr std::size_t kMaxScreencapBytes = static_cast<std::size_t>(kMaxImagePixels) * 4 + 16;

}  // namespace

int raw_bytes_per_pixel(std::uint32_t format) {
  switch (format) {
    case 1:  // RGBA_8888
    case 2:  // RGBX_8888
      return 4;
    case 3:  // RGB_888
      return 3;
    case 4:  // RGB_565
      return 2;
    default:
      return 0;
  }
}

Result<RawScreencap> parse_raw_screencap(std::string_view bytes) {
  if (bytes.size() < 12)
    return make_error("screencap sent " + std::to_string(bytes.size()) +
                      " bytes, too short for a header: is the phone's screen on? (a garbled or truncated stream)");
  const std::uint32_t w = le32(bytes, 0), h = le32(bytes, 4), f = le32(bytes, 8);
  const int bpp = raw_bytes_per_pixel(f);
  if (bpp == 0)
    return make_error("screencap sent pixel format " + std::to_string(f) +
                      ", not one of RGBA_8888 (1), RGBX_8888 (2), RGB_888 (3), RGB_565 (4): garbled stream?");
  if (w == 0 || h == 0 || w > static_cast<std::uint32_t>(kMaxImageSide) || h > static_cast<std::uint32_t>(kMaxImageSide) ||
      static_cast<long long>(w) * h > kMaxImagePixels)
    return make_error("screencap header says " + std::to_string(w) + "x" + std::to_string(h) +
                      " pixels: not a phone screen (garbled stream?)");
  const std::size_t payload = static_cast<std::size_t>(w) * h * static_cast<std::size_t>(bpp);
  RawScreencap out;
  if (bytes.size() == 12 + payload) {
    out.header_bytes = 12;
  } else if (bytes.size() == 16 + payload) {
    out.header_bytes = 16;
    out.colour_space = le32(bytes, 12);
  } else {
    return make_error("screencap sent " + std::to_string(bytes.size()) + " bytes for a " + std::to_string(w) + "x" +
                      std::to_string(h) + " screen of " + std::to_string(bpp) + " bytes per pixel (expected " +
                      std::to_string(12 + payload) + " or " + std::to_string(16 + payload) +
                      "): the stream was cut short or garbled; try again");
  }
  out.format = static_cast<RawFormat>(f);
  const int rows = static_cast<int>(h), cols = static_cast<int>(w);
  // cv::Mat over the payload without copying; cvtColor writes the owned BGR copy.
  auto* data = const_cast<char*>(bytes.data() + out.header_bytes);
  try {
    switch (out.format) {
      case RawFormat::kRgba8888:
      case RawFormat::kRgbx8888:
        cv::cvtColor(cv::Mat(rows, cols, CV_8UC4, data), out.bgr, cv::COLOR_RGBA2BGR);
        break;
      case RawFormat::kRgb888:
        cv::cvtColor(cv::Mat(rows, cols, CV_8UC3, data), out.bgr, cv::COLOR_RGB2BGR);
        break;
      case RawFormat::kRgb565: {
        // Android RGB_565: little-endian 16-bit words, red in the top 5 bits, blue in the bottom 5.
        // Expanded by bit replication so 0x1f maps to 255 (what the phone displays).
        out.bgr.create(rows, cols, CV_8UC3);
        const auto* src = reinterpret_cast<const unsigned char*>(data);
        for (int y = 0; y < rows; ++y) {
          auto* dst = out.bgr.ptr<unsigned char>(y);
          for (int x = 0; x < cols; ++x, src += 2, dst += 3) {
            const unsigned v = static_cast<unsigned>(src[0]) | static_cast<unsigned>(src[1]) << 8;
            const unsigned r = v >> 11 & 0x1f, g = v >> 5 & 0x3f, b = v & 0x1f;
            dst[0] = static_cast<unsigned char>(b << 3 | b >> 2);
            dst[1] = static_cast<unsigned char>(g << 2 | g >> 4);
            dst[2] = static_cast<unsigned char>(r << 3 | r >> 2);
          }
        }
        break;
      }
    }
  } catch (const cv::Exception& e) {
    return make_error(std::string("cannot convert the screencap pixels: ") + e.what());
  }
  return out;
}

std::vector<std::string> screencap_argv(const platform::AdbOptions& o, const std::string& serial) {
  return platform::device_argv(o, serial, {"exec-out", "screencap"});
}

Result<Frame> AdbSource::grab() {
  auto bytes = device_->exec_out({"screencap"}, kMaxScreencapBytes);
  if (!bytes) return bytes.error();
  auto parsed = parse_raw_screencap(*bytes);
  if (!parsed) {
    // A screencap cut short once (the USB transfer hiccups): one more, and a phone that keeps
    // sending short or garbled screens is said so.
    bytes = device_->exec_out({"screencap"}, kMaxScreencapBytes);
    if (!bytes) return bytes.error();
    parsed = parse_raw_screencap(*bytes);
  }
  if (!parsed) return make_error("phone " + device_->serial() + ": " + parsed.error().message);
  Frame f;
  f.bgr = std::move(parsed->bgr);
  f.screen_rect = cv::Rect(0, 0, f.bgr.cols, f.bgr.rows);
  f.taken = std::chrono::steady_clock::now();
  f.origin = "adb:" + device_->serial();
  return f;
}

}  // namespace pb::capture
