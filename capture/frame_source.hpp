/* frame_source.hpp: FrameSource, where frames come from (X11 window, phone over adb, image files). */
#pragma once

#include <chrono>
#include <opencv2/core.hpp>
#include <string>
#include <vector>

#include "calibration/coords.hpp"
#include "core/result.hpp"

namespace pb::capture {

// One captured picture: 8-bit BGR, and where it came from.
struct Frame {
  cv::Mat bgr;
  // The captured area in the source's own screen pixels (an X11 window's root rectangle, or the
  // phone's full screen); (0,0,w,h) for an image file.
  cv::Rect screen_rect;
  std::chrono::steady_clock::time_point taken;
  std::string origin;  // "x11:0x3a00007", "adb:SERIAL", or a file path, for messages
};

class FrameSource {
 public:
  virtual ~FrameSource() = default;
  virtual Result<Frame> grab() = 0;
  // Whether every grab makes the device draw a whole screenshot on demand (a phone's screencap:
  // 250-700 ms each, the device busy meanwhile). Then a caller should wait and look once rather
  // than poll. False for sources whose frames are ready when asked: an X11 window, a screen
  // stream, a file.
  virtual bool grabs_on_demand() const { return false; }
};

// Largest image accepted from anywhere (pixels): beyond it a "screenshot" is refused as bad input
// before it is decoded, so a forged header cannot make us allocate gigabytes.
inline constexpr long long kMaxImagePixels = 50'000'000;
inline constexpr int kMaxImageSide = 20'000;

// Decodes PNG or JPEG bytes into BGR, checking the size in the header before decoding.
// `name` is used in messages ("shot.png: ...").
Result<cv::Mat> decode_image(const std::vector<unsigned char>& bytes, const std::string& name);

// Reads an image file into BGR with size checks done on the header first. Errors say what to do.
Result<cv::Mat> read_image_file(const std::string& path);

// Serves one image file per grab (for offline use and tests).
class FileSource : public FrameSource {
 public:
  explicit FileSource(std::string path) : path_(std::move(path)) {}
  Result<Frame> grab() override;

 private:
  std::string path_;
};

}  // namespace pb::capture
