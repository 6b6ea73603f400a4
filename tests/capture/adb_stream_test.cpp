/* adb_stream_test.cpp: screenrecord frame packets: the header checks, and the stream's argv. */
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "capture/adb_stream.hpp"

namespace pb::capture {
namespace {

std::string header(std::uint32_t packet, std::uint32_t w, std::uint32_t h, std::uint32_t stride, std::uint32_t format) {
  std::string s;
  for (std::uint32_t v : {packet, w, h, stride, format})
    for (int i = 0; i < 4; ++i) s.push_back(static_cast<char>(v >> (8 * i) & 0xff));
  return s;
}

TEST(AdbStream, HeaderOfAnRgbFrame) {
  auto h = parse_stream_header(header(16 + 1080 * 3 * 1920, 1080, 1920, 1080 * 3, 3));
  ASSERT_TRUE(h) << h.error().message;
  EXPECT_EQ(h->width, 1080u);
  EXPECT_EQ(h->height, 1920u);
}

TEST(AdbStream, GarbledHeadersAreRefused) {
  EXPECT_FALSE(parse_stream_header("short"));
  EXPECT_FALSE(parse_stream_header(header(16 + 30 * 3 * 20, 30, 20, 30 * 3, 1)));      // not RGB_888
  EXPECT_FALSE(parse_stream_header(header(16 + 30 * 3 * 20, 30, 20, 30 * 4, 3)));      // stride of RGBA
  EXPECT_FALSE(parse_stream_header(header(99, 30, 20, 30 * 3, 3)));                    // length disagrees
  EXPECT_FALSE(parse_stream_header(header(16, 0, 20, 0, 3)));                          // empty
  EXPECT_FALSE(parse_stream_header(header(16 + 3u * 30000 * 30000, 30000, 30000, 90000, 3)));  // too big
  // "/system/bin/sh: screenrecord: not found" read as a header (exec-out mixes in error text).
  EXPECT_FALSE(parse_stream_header("/system/bin/sh: screenrecord: inaccessible or not found\n"));
}

TEST(AdbStream, Argv) {
  platform::AdbOptions o;
  o.adb_path = "/opt/adb";
  EXPECT_EQ(stream_argv(o, "R58"), (std::vector<std::string>{"/opt/adb", "-s", "R58", "exec-out", "screenrecord",
                                                             "--output-format=frames", "-"}));
}

}  // namespace
}  // namespace pb::capture
