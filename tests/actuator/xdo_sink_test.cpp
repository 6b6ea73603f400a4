/* xdo_sink_test.cpp: XdoSink against a private Xvfb: real clicks and drags land, unsafe ones are refused. */
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#ifndef PB_HAVE_X11
TEST(XdoSink, NotBuilt) { GTEST_SKIP() << "built without X11/libxdo (PB_WITH_X11 off or libraries missing)"; }
#else

#include <atomic>

#include "actuator/xdo_sink.hpp"
#include "tests/capture/xvfb_fixture.hpp"

namespace pb::actuator {
namespace {

constexpr calibration::Size kScreen{640, 480};
// The test window: root x 100..299, y 80..229.
constexpr int kX = 100, kY = 80, kW = 200, kH = 150;

calibration::InputPoint at(int x, int y) { return {x, y, kScreen}; }

struct Seen {
  std::vector<XButtonEvent> presses, releases;
  int motions = 0;
};

class XdoSinkTest : public testing::XvfbTest<kScreen.width, kScreen.height> {
 protected:
  void SetUp() override {
    XvfbTest::SetUp();
    if (HasFatalFailure()) return;
    window_ = testing::make_window(display_, "pb input target", kX, kY, kW, kH, 0x808080);
    drain();
  }
  void TearDown() override {
    if (display_ != nullptr && window_ != 0) XDestroyWindow(display_, window_);
    XvfbTest::TearDown();
  }
  std::unique_ptr<XdoSink> open_sink(const std::atomic<bool>* cancel = nullptr) {
    XdoOptions o;
    o.display = server_->name();
    o.window = window_;
    o.title = "pb input target";
    o.press_pause = std::chrono::milliseconds(1);
    o.cancel = cancel;
    auto sink = XdoSink::open(o);
    EXPECT_TRUE(sink) << (sink ? "" : sink.error().message);
    return sink ? std::move(*sink) : nullptr;
  }
  // Everything the window received since the last call.
  // The sink's events travel on libxdo's own connection, so syncing ours does not mean they have
  // all arrived: collect until none has come for 100 ms.
  Seen drain() {
    Seen seen;
    auto quiet_since = std::chrono::steady_clock::now();
    while (std::chrono::steady_clock::now() - quiet_since < std::chrono::milliseconds(100)) {
      XSync(display_, False);
      bool got = false;
      while (XPending(display_) > 0) {
        XEvent e;
        XNextEvent(display_, &e);
        if (e.type == ButtonPress) seen.presses.push_back(e.xbutton);
        if (e.type == ButtonRelease) seen.releases.push_back(e.xbutton);
        if (e.type == MotionNotify) ++seen.motions;
        got = true;
      }
      if (got) quiet_since = std::chrono::steady_clock::now();
      else std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    return seen;
  }
  Gesture tap(int x, int y) { return {Gesture::Kind::kTap, {at(x, y)}, std::chrono::milliseconds(0)}; }

  Window window_ = 0;
};

TEST_F(XdoSinkTest, TapLandsAtTheWindowPixel) {
  auto sink = open_sink();
  ASSERT_TRUE(sink);
  EXPECT_EQ(sink->screen_size(), kScreen);
  ASSERT_TRUE(sink->perform(tap(kX + 30, kY + 40)));
  Seen seen = drain();
  ASSERT_EQ(seen.presses.size(), 1u);
  ASSERT_EQ(seen.releases.size(), 1u);
  EXPECT_EQ(seen.presses[0].button, 1u);
  EXPECT_EQ(seen.presses[0].x, 30);  // window-relative: the root point was mapped correctly
  EXPECT_EQ(seen.presses[0].y, 40);
  EXPECT_EQ(sink->performed(), 1);
}

TEST_F(XdoSinkTest, DragPressesMovesThroughAndReleasesAtTheEnd) {
  auto sink = open_sink();
  ASSERT_TRUE(sink);
  Gesture drag{Gesture::Kind::kDrag, {at(kX + 10, kY + 10), at(kX + 150, kY + 10)}, std::chrono::milliseconds(1)};
  ASSERT_TRUE(sink->perform(drag));
  Seen seen = drain();
  ASSERT_EQ(seen.presses.size(), 1u);
  ASSERT_EQ(seen.releases.size(), 1u);
  EXPECT_EQ(seen.presses[0].x, 10);
  EXPECT_EQ(seen.releases[0].x, 150);
  EXPECT_EQ(seen.releases[0].y, 10);
  EXPECT_GE(seen.motions, 140 / 12);  // intermediate points at most drag_step_px apart
}

TEST_F(XdoSinkTest, PointsOutsideTheWindowAreRefusedWithNothingSent) {
  auto sink = open_sink();
  ASSERT_TRUE(sink);
  auto outside = sink->perform(tap(kX + kW, kY + 10));  // one pixel right of the window
  ASSERT_FALSE(outside);
  EXPECT_EQ(outside.error().code, ErrorCode::kBadInput)
      << outside.error().message;
  Gesture drag{Gesture::Kind::kDrag, {at(kX + 10, kY + 10), at(kX + 10, kY + kH + 5)}, std::chrono::milliseconds(0)};
  EXPECT_FALSE(sink->perform(drag));  // the end of a drag is checked as well as its start
  Seen seen = drain();
  EXPECT_TRUE(seen.presses.empty());
  EXPECT_TRUE(seen.releases.empty());
  EXPECT_EQ(seen.motions, 0);
  EXPECT_EQ(sink->performed(), 0);
}

TEST_F(XdoSinkTest, MovedWindowIsCheckedWhereItIsNow) {
  auto sink = open_sink();
  ASSERT_TRUE(sink);
  XMoveWindow(display_, window_, 400, 300);  // now x 400..599, y 300..449
  XSync(display_, False);
  EXPECT_FALSE(sink->perform(tap(kX + 30, kY + 40)));
  ASSERT_TRUE(sink->perform(tap(410, 310)));
  Seen seen = drain();
  ASSERT_EQ(seen.presses.size(), 1u);
  EXPECT_EQ(seen.presses[0].x, 10);
}

TEST_F(XdoSinkTest, UserTakingTheMouseStopsEveryLaterGesture) {
  auto sink = open_sink();
  ASSERT_TRUE(sink);
  ASSERT_TRUE(sink->perform(tap(kX + 30, kY + 40)));
  drain();
  XWarpPointer(display_, None, DefaultRootWindow(display_), 0, 0, 0, 0, kX + 120, kY + 90);  // the "user"
  XSync(display_, False);
  auto next = sink->perform(tap(kX + 50, kY + 50));
  ASSERT_FALSE(next);
  EXPECT_EQ(next.error().code, ErrorCode::kInterrupted) << next.error().message;
  // Even with the pointer put back, the sink stays stopped: the user must start a new run.
  XWarpPointer(display_, None, DefaultRootWindow(display_), 0, 0, 0, 0, kX + 30, kY + 40);
  XSync(display_, False);
  EXPECT_FALSE(sink->perform(tap(kX + 50, kY + 50)));
  Seen seen = drain();
  EXPECT_TRUE(seen.presses.empty());
  EXPECT_EQ(sink->performed(), 1);
}

TEST_F(XdoSinkTest, CancelFlagStopsBeforeTheNextGesture) {
  std::atomic<bool> cancel{false};
  auto sink = open_sink(&cancel);
  ASSERT_TRUE(sink);
  ASSERT_TRUE(sink->perform(tap(kX + 30, kY + 40)));
  cancel = true;
  auto stopped = sink->perform(tap(kX + 30, kY + 40));
  ASSERT_FALSE(stopped);
  EXPECT_EQ(stopped.error().code, ErrorCode::kInterrupted);
  EXPECT_EQ(drain().presses.size(), 1u);
}

TEST_F(XdoSinkTest, ClosedWindowIsAnErrorNotACrash) {
  auto sink = open_sink();
  ASSERT_TRUE(sink);
  destroy({window_});
  window_ = 0;
  auto gone = sink->perform(tap(kX + 30, kY + 40));
  ASSERT_FALSE(gone);
  EXPECT_EQ(gone.error().code, ErrorCode::kDeviceGone) << gone.error().message;
}

}  // namespace
}  // namespace pb::actuator

#endif  // PB_HAVE_X11
