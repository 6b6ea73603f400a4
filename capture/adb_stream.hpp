/* adb_stream.hpp: AdbStreamSource, frames streamed from the phone by `screenrecord --output-format=frames` (raw RGB, sent only when the screen changes). */
#pragma once

// A raw screencap costs 250-700 ms on a phone (SurfaceFlinger's capture plus ~8 MB over USB), and the
// play loop needs several per move (read, wait for the screen to change, check it holds still). A
// stream turns that around: one long-lived `adb exec-out screenrecord --output-format=frames -` sends
// a frame whenever the display changes (and nothing while it holds still), a thread here keeps the
// newest, and grab() returns it at once: a still screen costs nothing to check.
//
// The stream's packets (AOSP screenrecord FrameOutput): a 20-byte little-endian header, packet length
// (16 + pixel bytes), width, height, row stride (width * 3), pixel format (HAL_PIXEL_FORMAT_RGB_888 =
// 3), then the rows as RGB. "frames" rather than h264: no decoder (FFmpeg) needed, at the price of
// raw pixels over USB, which is what a screencap sends anyway.
//
// A frame still arriving when grab() is called is newer than the one held, so grab() waits for it
// (bounded): the loop's "two equal grabs mean still" must not be fooled by a frame in transit. Nor
// by one not yet sent: shortly after a frame, grab() waits up to one frame gap for the next.
// screenrecord stops by itself after 3 minutes (its time limit): the next grab starts it again.
//
// Rejected: h264 with FFmpeg (libavcodec in the build and on every user's machine for a phone
// feature, and a lossy picture for the readers); minicap (a binary per ABI and Android version,
// unmaintained for Android 10+).

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>

#include "platform/adb_device.hpp"
#include "capture/frame_source.hpp"

namespace pb::capture {

struct StreamHeader {
  std::uint32_t packet = 0, width = 0, height = 0, stride = 0, format = 0;
};
inline constexpr std::size_t kStreamHeaderBytes = 20;

// Checks one packet header (the first 20 bytes): sizes within limits, RGB_888, consistent lengths.
Result<StreamHeader> parse_stream_header(std::string_view bytes);

// The argv of the stream (for tests): adb -s SERIAL exec-out screenrecord --output-format=frames -
std::vector<std::string> stream_argv(const platform::AdbOptions& o, const std::string& serial);

class AdbStreamSource : public FrameSource {
 public:
  // Starts the stream and waits up to `first_frame` for its first frame: errors when the phone
  // does not stream (no screenrecord, no frames format, nothing within the time, garbled bytes).
  static Result<std::unique_ptr<AdbStreamSource>> open(std::shared_ptr<const platform::AdbDevice> device,
                                                       std::chrono::milliseconds first_frame);
  ~AdbStreamSource() override;
  AdbStreamSource(const AdbStreamSource&) = delete;
  AdbStreamSource& operator=(const AdbStreamSource&) = delete;

  Result<Frame> grab() override;

 private:
  explicit AdbStreamSource(std::shared_ptr<const platform::AdbDevice> device) : device_(std::move(device)) {}
  Result<void> start();
  void stop();
  void pump(int out_fd, int err_fd);  // the reader thread

  std::shared_ptr<const platform::AdbDevice> device_;
  std::chrono::milliseconds first_frame_{3000};
  int pid_ = -1;
  std::thread reader_;
  std::mutex m_;
  std::condition_variable cv_;
  cv::Mat latest_;            // BGR
  std::uint64_t frames_ = 0;  // frames received since start()
  // When the newest frame arrived, and the gap between two frames of one change (a phone sends a
  // 1080p frame every 100-200 ms while the screen changes; twice their running mean): grab()
  // waits that long after a frame for the next, at least kShortestFrameGap; gaps of
  // kLongestFrameGap or more are still screens, not frame gaps.
  static constexpr std::chrono::milliseconds kShortestFrameGap{120}, kLongestFrameGap{300};
  std::chrono::steady_clock::time_point arrived_{};
  std::chrono::steady_clock::duration frame_gap_{};
  bool in_flight_ = false;    // part of a frame has arrived
  bool ended_ = false;        // the stream closed (time limit, phone gone, error)
  bool stopping_ = false;
  std::string error_;         // why it ended badly (garbled, stderr's first line)
};

}  // namespace pb::capture
