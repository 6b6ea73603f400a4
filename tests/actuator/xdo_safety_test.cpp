/* xdo_safety_test.cpp: the desktop mouse's rules without an X server: window bounds, pointer taken, drag steps. */
#include <gtest/gtest.h>

#ifndef PB_HAVE_X11
TEST(XdoSafety, NotBuilt) { GTEST_SKIP() << "built without X11/libxdo (PB_WITH_X11 off or libraries missing)"; }
#else

#include <cmath>

#include "actuator/xdo_safety.hpp"

namespace pb::actuator {
namespace {

constexpr calibration::Size kScreen{1280, 1024};

calibration::InputPoint at(int x, int y) { return {x, y, kScreen}; }

TEST(CheckInside, AcceptsPointsInsideIncludingEdges) {
  WindowRect w{100, 50, 200, 100};  // x 100..299, y 50..149
  EXPECT_TRUE(check_inside({at(100, 50), at(299, 149), at(200, 100)}, w, kScreen, "window 'Pegs'"));
}

TEST(CheckInside, RefusesAnyPointOutsideAndSaysWhere) {
  WindowRect w{100, 50, 200, 100};
  for (auto p : {at(99, 60), at(300, 60), at(150, 49), at(150, 150), at(-5, -5)}) {
    auto r = check_inside({at(150, 100), p}, w, kScreen, "window 'Pegs'");
    ASSERT_FALSE(r) << p.x << "," << p.y;
    EXPECT_EQ(r.error().code, ErrorCode::kBadInput) << r.error().message;
  }
}

TEST(CheckInside, RefusesPointsMappedForAnotherScreenAndEmptyGestures) {
  WindowRect w{0, 0, 1280, 1024};
  auto wrong = check_inside({{10, 10, {1920, 1080}}}, w, kScreen, "the screen");
  ASSERT_FALSE(wrong);
  EXPECT_EQ(wrong.error().code, ErrorCode::kBadInput);
  EXPECT_FALSE(check_inside({}, w, kScreen, "the screen"));
}

TEST(CheckPointer, ToleratesSmallDriftOnly) {
  EXPECT_TRUE(check_pointer_unmoved(at(100, 100), 100, 100, 0));
  EXPECT_TRUE(check_pointer_unmoved(at(100, 100), 102, 98, 2));
  auto moved = check_pointer_unmoved(at(100, 100), 103, 100, 2);
  ASSERT_FALSE(moved);
  EXPECT_EQ(moved.error().code, ErrorCode::kInterrupted) << moved.error().message;
}

TEST(DragPath, InsertsPointsSoNoStepIsLongerThanAsked) {
  auto path = drag_path({at(0, 0), at(100, 0), at(100, 35)}, 10);
  ASSERT_GE(path.size(), 15u);
  EXPECT_EQ(path.front(), at(0, 0));
  EXPECT_EQ(path.back(), at(100, 35));
  EXPECT_NE(std::find(path.begin(), path.end(), at(100, 0)), path.end());  // corners are kept
  for (std::size_t i = 1; i < path.size(); ++i)
    EXPECT_LE(std::hypot(path[i].x - path[i - 1].x, path[i].y - path[i - 1].y), 10.0 + 1e-9) << i;
}

TEST(DragPath, LeavesShortOrDisabledPathsAlone) {
  std::vector<calibration::InputPoint> two{at(5, 5), at(8, 9)};
  EXPECT_EQ(drag_path(two, 10), two);
  std::vector<calibration::InputPoint> far{at(0, 0), at(500, 500)};
  EXPECT_EQ(drag_path(far, 0), far);
}

TEST(CheckUncovered, RefusesAPointUnderAWindowOnTopNamingIt) {
  const std::vector<Cover> covers{{{200, 100, 50, 40}, "'xmessage' (0x400001) at 200,100 size 50x40"}};
  EXPECT_TRUE(check_uncovered({at(10, 10), at(199, 139)}, covers, "window 'Fifteen'"));
  EXPECT_TRUE(check_uncovered({at(250, 100)}, covers, "window 'Fifteen'"));  // just right of it
  auto refused = check_uncovered({at(10, 10), at(220, 120)}, covers, "window 'Fifteen'");
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().code, ErrorCode::kBadInput) << refused.error().message;
  EXPECT_TRUE(check_uncovered({at(220, 120)}, {}, "window 'Fifteen'"));
}

}  // namespace
}  // namespace pb::actuator

#endif  // PB_HAVE_X11
