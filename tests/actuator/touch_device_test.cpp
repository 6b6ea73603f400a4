/* touch_device_test.cpp: finding the touchscreen in `getevent -p`, the display rotation, panel coordinates and sendevent lines. */
#include <gtest/gtest.h>

#include "actuator/adb_sink.hpp"
#include "actuator/touch_device.hpp"
#include "platform/adb_device.hpp"

namespace pb::actuator {
namespace {

// As a Pixel-class phone prints it: power keys first, then the touchscreen, then a sensor.
constexpr const char* kGeteventP = R"(add device 1: /dev/input/event0
  name:     "qpnp_pon"
  events:
    KEY (0001): 0072  0074
  input props:
    <none>
add device 2: /dev/input/event4
  name:     "sec_touchscreen"
  events:
    KEY (0001): 014a
    ABS (0003): 002f  : value 0, min 0, max 9, fuzz 0, flat 0, resolution 0
                0030  : value 0, min 0, max 255, fuzz 0, flat 0, resolution 0
                0035  : value 0, min 0, max 1439, fuzz 0, flat 0, resolution 0
                0036  : value 0, min 0, max 3199, fuzz 0, flat 0, resolution 0
                0039  : value 0, min 0, max 65535, fuzz 0, flat 0, resolution 0
  input props:
    INPUT_PROP_DIRECT
add device 3: /dev/input/event3
  name:     "accel"
  events:
    ABS (0003): 0000  : value 0, min -32768, max 32767, fuzz 0, flat 0, resolution 0
  input props:
    <none>
)";

TEST(TouchDevice, FindsTheProtocolBTouchscreen) {
  auto d = find_touch_device(kGeteventP);
  ASSERT_TRUE(d);
  EXPECT_EQ(d->path, "/dev/input/event4");
  EXPECT_EQ(d->name, "sec_touchscreen");
  EXPECT_EQ(d->x.max, 1439);
  EXPECT_EQ(d->y.max, 3199);
  EXPECT_TRUE(d->btn_touch);
  EXPECT_TRUE(d->touch_major.present());
  EXPECT_FALSE(d->pressure.present());
}

TEST(TouchDevice, NoSlotsOrNoPositionsIsNoTouchscreen) {
  std::string a = kGeteventP;
  a.replace(a.find("002f  :"), 4, "0019");  // no ABS_MT_SLOT: protocol A
  EXPECT_FALSE(find_touch_device(a));
  EXPECT_FALSE(find_touch_device("add device 1: /dev/input/event0\n  name: \"keys\"\n  events:\n    KEY (0001): 0072\n"));
  EXPECT_FALSE(find_touch_device(""));
}

TEST(TouchDevice, DisplayRotationFromDumpsysInput) {
  EXPECT_EQ(parse_display_rotation("    Viewport INTERNAL: displayId=0, orientation=1, logicalFrame=[0, 0, 2400, 1080]"), 1);
  EXPECT_EQ(parse_display_rotation("  Touch Input Mapper:\n    SurfaceOrientation: 3\n"), 3);
  EXPECT_EQ(parse_display_rotation("nothing here"), 0);
}

TEST(TouchDevice, ScreenCornersMapToPanelCornersInEveryRotation) {
  TouchDevice d;
  d.x = {0, 4095};
  d.y = {0, 4095};
  const calibration::Size portrait{1080, 1920}, landscape{1920, 1080};
  auto raw = [&](int rot, int x, int y, calibration::Size s) { return to_raw(d, rot, {x, y, s}, s); };
  // Upright: top-left is the panel's origin (pixel centres: a few raw units in).
  EXPECT_LT(raw(0, 0, 0, portrait).x, 5);
  EXPECT_GT(raw(0, 1079, 1919, portrait).y, 4090);
  // Rotated a quarter turn: the screen's top-left is the panel's bottom-left (x max, y 0 in raw u/v).
  const RawPoint r1 = raw(1, 0, 0, landscape);
  EXPECT_GT(r1.x, 4090);
  EXPECT_LT(r1.y, 5);
  const RawPoint r2 = raw(2, 0, 0, portrait);
  EXPECT_GT(r2.x, 4090);
  EXPECT_GT(r2.y, 4090);
  const RawPoint r3 = raw(3, 0, 0, landscape);
  EXPECT_LT(r3.x, 5);
  EXPECT_GT(r3.y, 4090);
  // The centre stays the centre.
  for (int rot = 0; rot < 4; ++rot) {
    const RawPoint c = raw(rot, 540, 960, portrait);
    EXPECT_NEAR(c.x, 2048, 4);
    EXPECT_NEAR(c.y, 2048, 4);
  }
}

TEST(TouchDevice, SendeventLinesFollowProtocolB) {
  TouchDevice d;
  d.path = "/dev/input/event4";
  d.x = {0, 1439};
  d.y = {0, 3199};
  d.btn_touch = true;
  const auto w = sendevent_words(d, {{10, 20}, {10, 40}, {30, 40}}, 7);
  std::string s;
  for (const auto& x : w) s += (s.empty() ? "" : " ") + x;
  const std::string e = "sendevent /dev/input/event4 ";
  EXPECT_EQ(s, e + "3 47 0 ; " + e + "3 57 7 ; " + e + "1 330 1 ; " + e + "3 53 10 ; " + e + "3 54 20 ; " + e + "0 0 0 ; " +
                   e + "3 54 40 ; " + e + "0 0 0 ; " + e + "3 53 30 ; " + e + "0 0 0 ; " + e + "3 57 -1 ; " + e +
                   "1 330 0 ; " + e + "0 0 0");
  for (const auto& x : w) EXPECT_TRUE(platform::safe_shell_word(x)) << x;
}

TEST(TouchDevice, LongScriptsSplitBetweenCommands) {
  TouchDevice d;
  d.path = "/dev/input/event2";
  d.x = d.y = {0, 4095};
  std::vector<RawPoint> pts;
  for (int i = 0; i < 200; ++i) pts.push_back({i * 10, i * 10});
  const auto w = sendevent_words(d, pts, 1);
  const auto runs = split_commands(w, 3800);
  ASSERT_GT(runs.size(), 1u);
  std::vector<std::string> rejoined;
  for (const auto& r : runs) {
    std::size_t chars = 0;
    for (const auto& x : r) chars += x.size() + 1;
    EXPECT_LE(chars, 3800u);
    EXPECT_EQ(r.front(), "sendevent");
    EXPECT_NE(r.back(), ";");
    if (!rejoined.empty()) rejoined.push_back(";");
    rejoined.insert(rejoined.end(), r.begin(), r.end());
  }
  EXPECT_EQ(rejoined, w);
}

TEST(TouchDevice, MethodNames) {
  for (auto m : {TouchMethod::kAuto, TouchMethod::kSendevent, TouchMethod::kMotionevent, TouchMethod::kInput})
    EXPECT_EQ(touch_method_from_name(name_of(m)), m);
  EXPECT_FALSE(touch_method_from_name("minitouch"));
}

TEST(TouchDevice, ShellWordsForTheDeviceNodeOnly) {
  EXPECT_TRUE(platform::safe_shell_word("/dev/input/event12"));
  EXPECT_FALSE(platform::safe_shell_word("/dev/input/event"));
  EXPECT_FALSE(platform::safe_shell_word("/dev/input/event1;rm"));
  EXPECT_FALSE(platform::safe_shell_word("/dev/block/sda"));
  EXPECT_FALSE(platform::safe_shell_word("-2"));
}

}  // namespace
}  // namespace pb::actuator
