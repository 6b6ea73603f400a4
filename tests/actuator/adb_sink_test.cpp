/* adb_sink_test.cpp: the `adb shell input` words for every gesture shape, the fallbacks, and the screen check. */
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "actuator/adb_sink.hpp"

namespace pb::actuator {
namespace {

using W = std::vector<std::string>;
constexpr calibration::Size kScreen{1080, 2340};

Gesture make(Gesture::Kind kind, std::vector<std::pair<int, int>> pts, calibration::Size space = kScreen) {
  Gesture g;
  g.kind = kind;
  for (auto [x, y] : pts) g.points.push_back({x, y, space});
  return g;
}

std::string joined(const W& w) {
  std::string s;
  for (const auto& x : w) s += (s.empty() ? "" : " ") + x;
  return s;
}

TEST(AdbSinkWords, Tap) {
  auto w = gesture_words(make(Gesture::Kind::kTap, {{540, 1200}}), kScreen, true, DragFallback::kTaps, 120);
  ASSERT_TRUE(w) << w.error().message;
  EXPECT_EQ(*w, (W{"input", "tap", "540", "1200"}));
}

TEST(AdbSinkWords, DragAsOneMotionEventSequence) {
  auto w = gesture_words(make(Gesture::Kind::kDrag, {{10, 20}, {110, 20}, {110, 120}}), kScreen, true,
                         DragFallback::kTaps, 120);
  ASSERT_TRUE(w) << w.error().message;
  EXPECT_EQ(joined(*w),
            "input motionevent DOWN 10 20 ; input motionevent MOVE 110 20 ; input motionevent MOVE 110 120 ; "
            "input motionevent UP 110 120");
}

TEST(AdbSinkWords, WithoutMotionEventTwoPointsSwipeLongerPathsTap) {
  auto swipe = gesture_words(make(Gesture::Kind::kDrag, {{10, 20}, {110, 20}}), kScreen, false, DragFallback::kTaps, 150);
  ASSERT_TRUE(swipe);
  EXPECT_EQ(*swipe, (W{"input", "swipe", "10", "20", "110", "20", "150"}));
  // The first point is the cat's cell: the taps start with the next one.
  auto taps = gesture_words(make(Gesture::Kind::kDrag, {{10, 20}, {110, 20}, {110, 120}}), kScreen, false,
                            DragFallback::kTaps, 150);
  ASSERT_TRUE(taps);
  EXPECT_EQ(joined(*taps), "input tap 110 20 ; input tap 110 120");
  auto swipes = gesture_words(make(Gesture::Kind::kDrag, {{10, 20}, {110, 20}, {110, 120}}), kScreen, false,
                              DragFallback::kSwipes, 150);
  ASSERT_TRUE(swipes);
  EXPECT_EQ(joined(*swipes), "input swipe 10 20 110 20 150 ; input swipe 110 20 110 120 150");
}

TEST(AdbSinkWords, EveryPointInsideTheScreen) {
  for (auto bad : std::vector<std::pair<int, int>>{{-1, 5}, {5, -1}, {1080, 5}, {5, 2340}, {99999, 99999}}) {
    auto w = gesture_words(make(Gesture::Kind::kDrag, {{10, 10}, bad}), kScreen, true, DragFallback::kTaps, 120);
    ASSERT_FALSE(w) << bad.first << "," << bad.second;
    EXPECT_EQ(w.error().code, ErrorCode::kBadInput) << w.error().message;
  }
  auto edge = gesture_words(make(Gesture::Kind::kTap, {{1079, 2339}}), kScreen, true, DragFallback::kTaps, 120);
  EXPECT_TRUE(edge);
  // A point computed for another screen size is refused even when it happens to fall inside.
  auto other = gesture_words(make(Gesture::Kind::kTap, {{10, 10}}, {720, 1560}), kScreen, true, DragFallback::kTaps, 120);
  ASSERT_FALSE(other);
  EXPECT_EQ(other.error().code, ErrorCode::kBadInput);
  EXPECT_FALSE(gesture_words(Gesture{}, kScreen, true, DragFallback::kTaps, 120));
  EXPECT_FALSE(gesture_words(make(Gesture::Kind::kTap, {{1, 1}}), {0, 0}, true, DragFallback::kTaps, 120));
}

TEST(AdbSinkWords, OnlySafeWordsEverProduced) {
  for (bool motion : {true, false})
    for (auto fb : {DragFallback::kTaps, DragFallback::kSwipes}) {
      auto w = gesture_words(make(Gesture::Kind::kDrag, {{0, 0}, {1079, 0}, {1079, 2339}, {0, 2339}}), kScreen, motion,
                             fb, 120);
      ASSERT_TRUE(w);
      for (const auto& word : *w) EXPECT_TRUE(platform::safe_shell_word(word)) << word;
    }
}

TEST(AdbSinkProbe, MotionEventFromUsageText) {
  EXPECT_TRUE(usage_has_motionevent("      motionevent <DOWN|UP|MOVE|CANCEL> <x> <y> (Default: touchscreen)\n"));
  EXPECT_FALSE(usage_has_motionevent("Usage: input [<source>] <command> [<arg>...]\n      tap <x> <y>\n"));
}

// The options of a sink on no device (nothing may reach adb) that honours Ctrl-C through `cancel`.
AdbSinkOptions without_device(const std::atomic<bool>* cancel) {
  AdbSinkOptions o;
  o.screen = kScreen;
  o.cancel = cancel;
  return o;
}

TEST(AdbSinkCancel, RefusesTheNextGestureAfterCtrlC) {
  // No device at all: Ctrl-C must be honoured before adb would even be started.
  std::atomic<bool> stop{true};
  AdbSink sink(nullptr, without_device(&stop));
  auto r = sink.perform(make(Gesture::Kind::kTap, {{5, 5}}));
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, ErrorCode::kInterrupted);
}

TEST(AdbSinkKey, RefusesAfterCtrlCAndAnyKeyNotOnTheList) {
  // Neither reaches adb (there is no device): Ctrl-C first, then the shell-word check.
  std::atomic<bool> stop{true};
  const AdbSinkOptions o = without_device(&stop);
  AdbSink stopped(nullptr, o);
  auto r = stopped.press_key("KEYCODE_N");
  ASSERT_FALSE(r);
  EXPECT_TRUE(r.error().is(ErrorCode::kInterrupted));
  stop = false;
  AdbSink sink(nullptr, o);
  for (const char* bad : {"KEYCODE_POWER", "KEYCODE_N;reboot", ""}) {
    auto refused = sink.press_key(bad);
    ASSERT_FALSE(refused) << bad;
    EXPECT_EQ(refused.error().code, ErrorCode::kBadInput) << bad;
  }
}

}  // namespace
}  // namespace pb::actuator
