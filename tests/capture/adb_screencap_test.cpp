/* adb_screencap_test.cpp: raw screencap parsing (both headers, four formats, bad streams), adb argv, device choice, the runner. */
#include <gtest/gtest.h>

#include <signal.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "platform/adb_device.hpp"
#include "capture/adb_source.hpp"

namespace pb::capture {
namespace {

void put32(std::string& out, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) out.push_back(static_cast<char>(v >> (8 * i) & 0xff));
}

// A 3x2 stream: pixels given as RGB, encoded in `format` the way Android lays them out.
struct Px {
  int r, g, b;
};
const std::vector<Px> kPixels = {{255, 0, 0}, {0, 255, 0}, {0, 0, 255}, {255, 255, 255}, {0, 0, 0}, {200, 100, 50}};

// The 12-byte header: width, height, pixel format.
std::string header12(std::uint32_t w, std::uint32_t h, std::uint32_t format) {
  std::string s;
  put32(s, w);
  put32(s, h);
  put32(s, format);
  return s;
}

std::string stream(std::uint32_t format, int header, int w = 3, int h = 2) {
  std::string s = header12(static_cast<std::uint32_t>(w), static_cast<std::uint32_t>(h), format);
  if (header == 16) put32(s, 1);
  for (int i = 0; i < w * h; ++i) {
    const Px p = kPixels[static_cast<std::size_t>(i) % kPixels.size()];
    if (format == 1 || format == 2) {
      s.push_back(static_cast<char>(p.r));
      s.push_back(static_cast<char>(p.g));
      s.push_back(static_cast<char>(p.b));
      s.push_back(static_cast<char>(format == 1 ? 0xff : 0x13));  // RGBX: the X byte is junk
    } else if (format == 3) {
      s.push_back(static_cast<char>(p.r));
      s.push_back(static_cast<char>(p.g));
      s.push_back(static_cast<char>(p.b));
    } else {
      const unsigned v = static_cast<unsigned>(p.r >> 3) << 11 | static_cast<unsigned>(p.g >> 2) << 5 |
                         static_cast<unsigned>(p.b >> 3);
      s.push_back(static_cast<char>(v & 0xff));
      s.push_back(static_cast<char>(v >> 8));
    }
  }
  return s;
}

class RawFormats : public ::testing::TestWithParam<std::tuple<int, int>> {};

TEST_P(RawFormats, DecodesToBgr) {
  const auto [format, header] = GetParam();
  auto parsed = parse_raw_screencap(stream(static_cast<std::uint32_t>(format), header));
  ASSERT_TRUE(parsed) << parsed.error().message;
  EXPECT_EQ(parsed->header_bytes, header);
  EXPECT_EQ(static_cast<int>(parsed->format), format);
  EXPECT_EQ(parsed->colour_space, header == 16 ? 1u : 0u);
  ASSERT_EQ(parsed->bgr.type(), CV_8UC3);
  ASSERT_EQ(parsed->bgr.cols, 3);
  ASSERT_EQ(parsed->bgr.rows, 2);
  // RGB_565 keeps 5/6/5 bits: expanded values are within 8 levels of the original.
  const int tol = format == 4 ? 8 : 0;
  for (int i = 0; i < 6; ++i) {
    const cv::Vec3b got = parsed->bgr.at<cv::Vec3b>(i / 3, i % 3);
    const Px want = kPixels[static_cast<std::size_t>(i)];
    EXPECT_NEAR(got[0], want.b, tol) << "pixel " << i;
    EXPECT_NEAR(got[1], want.g, tol) << "pixel " << i;
    EXPECT_NEAR(got[2], want.r, tol) << "pixel " << i;
  }
  if (format == 4) {  // full-scale channels must stay full scale (bit replication, not a shift)
    EXPECT_EQ(parsed->bgr.at<cv::Vec3b>(1, 0), cv::Vec3b(255, 255, 255));
    EXPECT_EQ(parsed->bgr.at<cv::Vec3b>(1, 1), cv::Vec3b(0, 0, 0));
  }
}

INSTANTIATE_TEST_SUITE_P(AllLayouts, RawFormats,
                         ::testing::Combine(::testing::Values(1, 2, 3, 4), ::testing::Values(12, 16)));

TEST(RawScreencap, RefusesShortAndGarbledStreams) {
  EXPECT_FALSE(parse_raw_screencap(""));
  EXPECT_FALSE(parse_raw_screencap(std::string(11, '\0')));
  std::string s = stream(1, 16);
  auto cut = parse_raw_screencap(std::string_view(s).substr(0, s.size() - 1));
  ASSERT_FALSE(cut);
  EXPECT_EQ(cut.error().code, ErrorCode::kBadInput) << cut.error().message;
  EXPECT_FALSE(parse_raw_screencap(s + "xx"));  // neither header length fits
  std::string bad_format = stream(1, 16);
  bad_format[8] = 9;
  auto f = parse_raw_screencap(bad_format);
  ASSERT_FALSE(f);
  EXPECT_EQ(f.error().code, ErrorCode::kBadInput);
  // A forged header asking for a huge screen is refused before anything is allocated.
  auto h = parse_raw_screencap(header12(100000, 100000, 1));
  ASSERT_FALSE(h);
  EXPECT_EQ(h.error().code, ErrorCode::kBadInput);
  EXPECT_FALSE(parse_raw_screencap(header12(0, 5, 1)));
}

TEST(AdbArgv, EveryCommandLine) {
  platform::AdbOptions o;
  EXPECT_EQ(platform::devices_argv(o), (std::vector<std::string>{"adb", "devices"}));
  o.adb_path = "/opt/sdk/platform tools/adb";  // a space stays inside one argv element
  EXPECT_EQ(platform::devices_argv(o), (std::vector<std::string>{"/opt/sdk/platform tools/adb", "devices"}));
  EXPECT_EQ(screencap_argv(o, "R58M"),
            (std::vector<std::string>{"/opt/sdk/platform tools/adb", "-s", "R58M", "exec-out", "screencap"}));
  EXPECT_EQ(platform::exec_out_argv(o, "R58M", {"screencap"}), screencap_argv(o, "R58M"));
  EXPECT_EQ(platform::shell_argv(o, "emulator-5554", {"wm", "size"}),
            (std::vector<std::string>{"/opt/sdk/platform tools/adb", "-s", "emulator-5554", "shell", "wm", "size"}));
  EXPECT_EQ(platform::shell_argv(o, "X", {"getprop", "ro.product.model"}),
            (std::vector<std::string>{"/opt/sdk/platform tools/adb", "-s", "X", "shell", "getprop", "ro.product.model"}));
}

TEST(AdbArgv, OnlyKnownWordsAndNumbersReachTheShell) {
  for (const char* ok : {"input", "tap", "motionevent", "DOWN", "MOVE", "UP", ";", "0", "1079", "wm", "size", "-1",
                         "sendevent", "/dev/input/event2", "keyevent", "KEYCODE_N"})
    EXPECT_TRUE(platform::safe_shell_word(ok)) << ok;
  for (const char* bad : {"", "-2", "1.5", "/dev/input/event2x", "/dev/input/../sda", "tap;rm", "$(reboot)", "`id`", "a b", "12 ", "'", "\"", "&&", "|", ">x",
                          "1234567890", "rm", "KEYCODE_POWER", "KEYCODE_N;reboot"})
    EXPECT_FALSE(platform::safe_shell_word(bad)) << bad;
}

TEST(AdbDevices, ParsesTheListing) {
  auto d = platform::parse_devices(
      "* daemon not running; starting now at tcp:5037\n* daemon started successfully\nList of devices attached\n"
      "R58M123\tdevice\nemulator-5554\tunauthorized\n0123abc\tno permissions (user in plugdev group; are your udev "
      "rules wrong?); see [http://developer.android.com/tools/device.html]\n\n");
  ASSERT_EQ(d.size(), 3u);
  EXPECT_EQ(d[0].serial, "R58M123");
  EXPECT_EQ(d[0].state, "device");
  EXPECT_EQ(d[1].state, "unauthorized");
  EXPECT_TRUE(d[2].state.starts_with("no permissions"));
  EXPECT_TRUE(platform::parse_devices("List of devices attached\n\n").empty());
}

TEST(AdbDevices, ChoosesOrSaysWhatToDo) {
  using V = std::vector<platform::DeviceEntry>;
  auto msg = [](const Result<std::string>& r) { return r ? std::string("ok ") + *r : r.error().message; };
  EXPECT_EQ(msg(platform::choose_device(V{{"A", "device"}}, "")), "ok A");
  EXPECT_NE(msg(platform::choose_device(V{}, "")).find("no phone attached"), std::string::npos);
  EXPECT_NE(msg(platform::choose_device(V{{"A", "unauthorized"}}, "")).find("Allow USB debugging"), std::string::npos);
  EXPECT_NE(msg(platform::choose_device(V{{"A", "offline"}}, "")).find("offline"), std::string::npos);
  EXPECT_NE(msg(platform::choose_device(V{{"A", "device"}, {"B", "device"}}, "")).find("--adb SERIAL"), std::string::npos);
  EXPECT_EQ(msg(platform::choose_device(V{{"A", "device"}, {"B", "device"}}, "B")), "ok B");
  EXPECT_NE(msg(platform::choose_device(V{{"A", "device"}}, "Z")).find("no phone with serial 'Z'"), std::string::npos);
  EXPECT_NE(msg(platform::choose_device(V{{"A", "no permissions (udev)"}}, "A")).find("udev"), std::string::npos);
}

TEST(AdbFailures, OneLineThatSaysWhatToDo) {
  platform::ProcessOutput gone{1, "", "error: device 'R58M' not found\n"};
  std::string m = platform::explain_adb_failure("exec-out screencap", "R58M", gone);
  EXPECT_NE(m.find("no longer connected"), std::string::npos) << m;
  EXPECT_EQ(m.find('\n'), std::string::npos);
  platform::ProcessOutput unauth{1, "", "error: device unauthorized.\nThis adb server's $ADB_VENDOR_KEYS is not set\n"};
  m = platform::explain_adb_failure("shell wm", "R58M", unauth);
  EXPECT_NE(m.find("unauthorized"), std::string::npos);
  EXPECT_EQ(m.find('\n'), std::string::npos);
  platform::ProcessOutput other{255, "", "something odd\nsecond line\n"};
  m = platform::explain_adb_failure("shell wm", "R58M", other);
  EXPECT_NE(m.find("something odd"), std::string::npos);
  EXPECT_EQ(m.find("second line"), std::string::npos);
}

TEST(AdbFailures, APhoneThatIsGoneIsDeviceGone) {
  // The play loop stops at once on kDeviceGone (no retries against a phone that is not there).
  EXPECT_EQ(platform::adb_failure_code({1, "", "error: device 'R58M' not found\n"}), ErrorCode::kDeviceGone);
  EXPECT_EQ(platform::adb_failure_code({1, "", "error: device offline\n"}), ErrorCode::kDeviceGone);
  EXPECT_EQ(platform::adb_failure_code({1, "", "error: no devices/emulators found\n"}), ErrorCode::kDeviceGone);
  EXPECT_EQ(platform::adb_failure_code({1, "", "error: device unauthorized.\n"}), ErrorCode::kBadInput);
  EXPECT_EQ(platform::adb_failure_code({255, "", "something odd\n"}), ErrorCode::kBadInput);
}

TEST(RunProcess, ArgvNotShellAndBoundedTime) {
  // Each argument arrives as one word, spaces and quotes untouched.
  auto echo = platform::run_process({"printf", "%s|", "a b", "'c'", "$HOME"}, std::chrono::seconds(10), 1 << 20);
  ASSERT_TRUE(echo) << echo.error().message;
  EXPECT_EQ(echo->out, "a b|'c'|$HOME|");
  EXPECT_EQ(echo->exit_code, 0);
  auto failing = platform::run_process({"sh", "-c", "echo oops >&2; exit 3"}, std::chrono::seconds(10), 1 << 20);
  ASSERT_TRUE(failing);
  EXPECT_EQ(failing->exit_code, 3);
  EXPECT_EQ(failing->err, "oops\n");
  // A child that would sleep for ten minutes: a run_process that waited for it would run into ctest's
  // timeout (no clock is read here: a loaded machine must not fail a test). Killed, it is gone.
  const std::string pid_file = ::testing::TempDir() + "pb-slow-child-" + std::to_string(::getpid());
  auto slow = platform::run_process({"sh", "-c", "echo $$ > " + pid_file + "; exec sleep 600"},
                                    std::chrono::milliseconds(1000), 1 << 20);
  ASSERT_FALSE(slow);
  EXPECT_EQ(slow.error().code, ErrorCode::kBadInput);
  std::ifstream pid_in(pid_file);
  long child = 0;
  ASSERT_TRUE(pid_in >> child) << pid_file;
  std::remove(pid_file.c_str());
  EXPECT_NE(::kill(static_cast<pid_t>(child), 0), 0) << "the timed-out child " << child << " is still there";
  auto missing = platform::run_process({"/nonexistent/adb", "devices"}, std::chrono::seconds(1), 1024);
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error().code, ErrorCode::kBadInput);
  auto flood = platform::run_process({"head", "-c", "100000", "/dev/zero"}, std::chrono::seconds(10), 1000);
  ASSERT_FALSE(flood);
  EXPECT_EQ(flood.error().code, ErrorCode::kBadInput);
}

}  // namespace
}  // namespace pb::capture
