/* adb_stream.cpp: the screenrecord frames stream: spawning it, its reader thread, packet parsing, grab(). */
#include "capture/adb_stream.hpp"
#include "capture/adb_source.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>
#include <opencv2/imgproc.hpp>

extern char** environ;

namespace pb::capture {
namespace {

constexpr std::uint32_t kRgb888 = 3;  // HAL_PIXEL_FORMAT_RGB_888

}  // namespace

Result<StreamHeader> parse_stream_header(std::string_view b) {
  if (b.size() < kStreamHeaderBytes) return make_error("a screenrecord frame header needs 20 bytes");
  StreamHeader h{le32(b, 0), le32(b, 4), le32(b, 8), le32(b, 12), le32(b, 16)};
  if (h.width == 0 || h.height == 0 || h.width > static_cast<std::uint32_t>(kMaxImageSide) ||
      h.height > static_cast<std::uint32_t>(kMaxImageSide) || static_cast<long long>(h.width) * h.height > kMaxImagePixels)
    return make_error("screenrecord sent a " + std::to_string(h.width) + "x" + std::to_string(h.height) +
                      " frame: not a phone screen (garbled stream?)");
  if (h.format != kRgb888 || h.stride != h.width * 3 || h.packet != 16 + h.stride * h.height)
    return make_error("screenrecord sent a frame header it should not (format " + std::to_string(h.format) + ", stride " +
                      std::to_string(h.stride) + ", length " + std::to_string(h.packet) + "): garbled stream?");
  return h;
}

std::vector<std::string> stream_argv(const platform::AdbOptions& o, const std::string& serial) {
  return platform::device_argv(o, serial, {"exec-out", "screenrecord", "--output-format=frames", "-"});
}

Result<std::unique_ptr<AdbStreamSource>> AdbStreamSource::open(std::shared_ptr<const platform::AdbDevice> device,
                                                               std::chrono::milliseconds first_frame) {
  std::unique_ptr<AdbStreamSource> s(new AdbStreamSource(std::move(device)));
  s->first_frame_ = first_frame;
  if (auto ok = s->start(); !ok) return ok.error();
  return s;
}

AdbStreamSource::~AdbStreamSource() { stop(); }

Result<void> AdbStreamSource::start() {
  stop();
  std::array<int, 2> out{-1, -1}, err{-1, -1};
  if (::pipe2(out.data(), O_CLOEXEC) != 0 || ::pipe2(err.data(), O_CLOEXEC) != 0)
    return make_error(std::string("cannot make a pipe: ") + std::strerror(errno));
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&actions, out[1], 1);
  posix_spawn_file_actions_adddup2(&actions, err[1], 2);
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  // Own process group: Ctrl-C reaches puzzlebot, which then stops the stream itself.
  posix_spawnattr_setpgroup(&attr, 0);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP);
  const auto argv = stream_argv(device_->options(), device_->serial());
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid = -1;
  const int rc = argv[0].find('/') == std::string::npos
                     ? ::posix_spawnp(&pid, argv[0].c_str(), &actions, &attr, args.data(), environ)
                     : ::posix_spawn(&pid, argv[0].c_str(), &actions, &attr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  ::close(out[1]);
  ::close(err[1]);
  if (rc != 0) {
    ::close(out[0]);
    ::close(err[0]);
    return make_error("cannot run '" + argv[0] + "': " + std::strerror(rc));
  }
  pid_ = pid;
  {
    std::lock_guard lk(m_);
    frames_ = 0;
    in_flight_ = ended_ = stopping_ = false;
    error_.clear();
    latest_.release();
  }
  reader_ = std::thread([this, o = out[0], e = err[0]] { pump(o, e); });
  std::unique_lock lk(m_);
  cv_.wait_for(lk, first_frame_, [&] { return frames_ > 0 || ended_; });
  if (frames_ > 0) return {};
  std::string why = !error_.empty() ? error_ : ended_ ? "the stream ended before its first frame"
                                                      : "no frame within " + std::to_string(first_frame_.count()) + " ms";
  lk.unlock();
  stop();
  // adb's own complaints (the phone gone, unauthorized) say what to do; the rest is screenrecord's.
  if (why.rfind("error:", 0) == 0) {
    const platform::ProcessOutput adb{1, "", why};
    return make_error(platform::adb_failure_code(adb), platform::explain_adb_failure("exec-out screenrecord", device_->serial(), adb));
  }
  return make_error("phone " + device_->serial() + ": screenrecord does not stream frames: " + why);
}

void AdbStreamSource::stop() {
  {
    std::lock_guard lk(m_);
    stopping_ = true;
  }
  if (pid_ > 0) {
    ::kill(pid_, SIGKILL);
    int status = 0;
    while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
    }
    pid_ = -1;
  }
  if (reader_.joinable()) reader_.join();
}

void AdbStreamSource::pump(int out_fd, int err_fd) {
  std::string buf, err;
  std::array<char, 1 << 16> chunk;
  std::optional<StreamHeader> header;
  auto finish = [&](std::string why) {
    std::lock_guard lk(m_);
    ended_ = true;
    in_flight_ = false;
    if (error_.empty()) error_ = std::move(why);
    cv_.notify_all();
  };
  bool out_open = true, err_open = true;
  while (out_open) {
    {
      std::lock_guard lk(m_);
      if (stopping_) break;
    }
    std::array<pollfd, 2> fds{pollfd{out_fd, POLLIN, 0}, pollfd{err_open ? err_fd : -1, POLLIN, 0}};
    const int n = ::poll(fds.data(), fds.size(), 100);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) continue;
    if (err_open && fds[1].revents != 0) {
      const ssize_t got = ::read(err_fd, chunk.data(), chunk.size());
      if (got <= 0) err_open = false;
      else if (err.size() < 4096) err.append(chunk.data(), static_cast<std::size_t>(got));
    }
    if (fds[0].revents == 0) continue;
    const ssize_t got = ::read(out_fd, chunk.data(), chunk.size());
    if (got < 0 && (errno == EINTR || errno == EAGAIN)) continue;
    if (got <= 0) {
      out_open = false;
      break;
    }
    buf.append(chunk.data(), static_cast<std::size_t>(got));
    for (;;) {
      if (!header) {
        if (buf.size() < kStreamHeaderBytes) break;
        // exec-out mixes the phone's error text into the stream ("screenrecord: not found",
        // "Unknown format"): a header is never all printable, so say what the phone said.
        if (std::all_of(buf.begin(), buf.begin() + kStreamHeaderBytes,
                        [](char c) { return c == '\n' || c == '\t' || (c >= ' ' && c < 127); })) {
          finish("the phone said: " + buf.substr(0, std::min(buf.find_first_of("\r\n"), std::size_t{200})));
          ::close(out_fd);
          ::close(err_fd);
          return;
        }
        auto h = parse_stream_header(buf);
        if (!h) {
          finish(h.error().message);
          ::close(out_fd);
          ::close(err_fd);
          return;
        }
        header = *h;
      }
      const std::size_t total = 4 + header->packet;
      if (buf.size() < total) break;
      cv::Mat rgb(static_cast<int>(header->height), static_cast<int>(header->width), CV_8UC3,
                  buf.data() + kStreamHeaderBytes);
      cv::Mat bgr;
      cv::cvtColor(rgb, bgr, cv::COLOR_RGB2BGR);
      buf.erase(0, total);
      header.reset();
      std::lock_guard lk(m_);
      const auto now = std::chrono::steady_clock::now();
      // The gap between two frames of one change (a longer one was a still screen in between).
      // A running mean (one busy moment must not slow every later look), kept as twice it.
      if (frames_ > 0 && now - arrived_ < kLongestFrameGap)
        frame_gap_ = frame_gap_ == std::chrono::steady_clock::duration{} ? (now - arrived_) * 2
                                                                           : (frame_gap_ * 4 + (now - arrived_) * 2) / 5;
      arrived_ = now;
      latest_ = std::move(bgr);
      ++frames_;
      in_flight_ = !buf.empty();
      cv_.notify_all();
    }
    std::lock_guard lk(m_);
    if (!buf.empty() && !in_flight_) {
      in_flight_ = true;
      cv_.notify_all();
    }
  }
  std::string line = err.substr(0, err.find_first_of("\r\n"));
  finish(line.empty() ? "the stream closed" : line);
  ::close(out_fd);
  ::close(err_fd);
}

Result<Frame> AdbStreamSource::grab() {
  std::unique_lock lk(m_);
  // A frame in transit is newer than the one held: wait for it (a 1080p frame is ~6 MB over USB).
  cv_.wait_for(lk, std::chrono::seconds(2), [&] { return !in_flight_ || ended_; });
  // The screen was changing a moment ago: the next frame of that change may not have begun to
  // arrive (the phone composes and reads it back first). Wait for it up to one frame gap since the
  // last frame, so that two equal grabs mean one frame gap of stillness, not a frame in the making.
  const auto gap = std::max<std::chrono::steady_clock::duration>(frame_gap_, kShortestFrameGap);
  const std::uint64_t held = frames_;
  cv_.wait_until(lk, arrived_ + gap, [&] { return frames_ != held || ended_; });
  cv_.wait_for(lk, std::chrono::seconds(2), [&] { return !in_flight_ || ended_; });
  if (ended_) {
    // screenrecord's time limit (3 min) or a hiccup: start it again once; a phone that is gone
    // fails here with adb's own words.
    lk.unlock();
    if (auto again = start(); !again) return again.error();
    lk.lock();
  }
  Frame f;
  f.bgr = latest_.clone();
  f.screen_rect = cv::Rect(0, 0, f.bgr.cols, f.bgr.rows);
  f.taken = std::chrono::steady_clock::now();
  f.origin = "adb:" + device_->serial() + " (stream)";
  return f;
}

}  // namespace pb::capture
