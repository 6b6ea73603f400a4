/* scroll_into_view_test.cpp: a board cut by the window's edge is wheeled into view, or refused within the bound. */
#include <gtest/gtest.h>

#include <opencv2/imgproc.hpp>

#include "app/scroll_into_view.hpp"
#include "vision/common/clipping.hpp"

namespace pb::app {
namespace {

// A page 1000 px tall seen through a window `view` px tall, scrolled `offset` px (a wheel notch
// moves it 50 px, as Chromium does at 100%); the board is a block from `board_top` to
// `board_top + board_height`. Frames show the offset as a grey level (offsets are whole notches, at
// most 700 px), so a scroll is a changed frame.
struct Page {
  int view = 300, offset = 0, board_top = 400, board_height = 200;
  int most() const { return 1000 - view; }
};

class PageSource : public capture::FrameSource {
 public:
  explicit PageSource(Page& page) : page_(page) {}
  Result<capture::Frame> grab() override {
    capture::Frame f;
    f.bgr = cv::Mat(page_.view, 200, CV_8UC3, cv::Scalar::all(10 + page_.offset / 50 * 15));
    f.screen_rect = {0, 0, 200, page_.view};
    return f;
  }

 private:
  Page& page_;
};

// Reads the board when it is wholly in view; cut by the window's edge, refuses as the readers do.
class PagePlayer : public Player {
 public:
  explicit PagePlayer(Page& page) : page_(page) {}
  std::string_view game() const override { return "page"; }
  Result<void> read(const cv::Mat&) override {
    ++reads;
    const int top = page_.board_top - page_.offset, bottom = top + page_.board_height;
    if (bottom <= 0 || top >= page_.view) return make_error(ErrorCode::kNoBoard, "no board found");
    if (top < 0) return vision::board_clipped(vision::FrameSide::kTop, "page");
    if (bottom > page_.view) return vision::board_clipped(vision::FrameSide::kBottom, "page");
    return {};
  }
  bool solved() const override { return false; }
  std::string board_text() const override { return ""; }
  PlanOutcome plan(const solvers::Limits&) override { return {}; }
  Result<FrameGesture> gesture(std::size_t) const override { return make_error("no moves"); }
  bool matches_after(std::size_t) const override { return false; }
  int reads = 0;

 private:
  Page& page_;
};

struct Wheel {
  Page& page;
  std::vector<calibration::FramePoint> points;
  int turns = 0;
  ScrollFn fn() {
    return [this](const capture::Frame& f, calibration::FramePoint at, int notches) -> Result<void> {
      EXPECT_TRUE(at.x >= 0 && at.y >= 0 && at.x < f.bgr.cols && at.y < f.bgr.rows) << "the wheel outside the window";
      points.push_back(at);
      ++turns;
      page.offset = std::clamp(page.offset + 50 * notches, 0, page.most());
      return {};
    };
  }
};

ScrollOptions quick() {
  ScrollOptions o;
  o.settle = std::chrono::milliseconds(40);
  o.poll = std::chrono::milliseconds(1);
  return o;
}

// A page in its window with a wheel: what scroll_board_into_view is given.
struct ScrollRig {
  Page page;
  PageSource source{page};
  PagePlayer player{page};
  Wheel wheel{page, {}, 0};
  Result<void> scroll(const ScrollOptions& o = quick()) {
    return scroll_board_into_view(source, player, wheel.fn(), o, nullptr);
  }
};

TEST(ScrollIntoView, ABoardBelowTheFoldIsScrolledDownIntoView) {
  ScrollRig rig;  // the board 400-600 on the page
  rig.page.offset = 150;  // window shows 150-450: the board's top 50 px
  auto r = rig.scroll();
  ASSERT_TRUE(r.ok()) << r.error().text();
  EXPECT_GE(rig.page.offset, 300);  // 300-600 shows the board whole
  EXPECT_LE(rig.page.offset, 400);
  EXPECT_GT(rig.wheel.turns, 0);
}

TEST(ScrollIntoView, ABoardCutAtTheTopIsScrolledBackUp) {
  ScrollRig rig;
  rig.page.offset = 500;  // window shows 500-800: the board's bottom 100 px
  auto r = rig.scroll();
  ASSERT_TRUE(r.ok()) << r.error().text();
  EXPECT_GE(rig.page.offset, 300);
  EXPECT_LE(rig.page.offset, 400);
}

TEST(ScrollIntoView, ABoardTallerThanTheWindowIsRefusedWithinTheBound) {
  ScrollRig rig;
  rig.page.board_height = 400;  // taller than the 300 px window: never whole
  rig.page.offset = 200;
  ScrollOptions o = quick();
  o.max_steps = 30;
  auto r = rig.scroll(o);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, ErrorCode::kBoardClipped);
  EXPECT_LE(rig.wheel.turns, o.max_steps);
}

TEST(ScrollIntoView, AWholeBoardOrAnotherFailureIsNotScrolled) {
  ScrollRig rig;
  rig.page.offset = 350;  // the board whole
  EXPECT_TRUE(rig.scroll().ok());
  rig.page.offset = 0;
  rig.page.board_top = 700;  // no board in view: the play loop says so in its words
  EXPECT_TRUE(rig.scroll().ok());
  EXPECT_EQ(rig.wheel.turns, 0);
}

TEST(ScrollIntoView, ACutBoardOnADeviceWithoutAWheelIsRefused) {
  ScrollRig rig;
  rig.page.offset = 150;
  auto r = scroll_board_into_view(rig.source, rig.player, ScrollFn{}, quick(), nullptr);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, ErrorCode::kBoardClipped);
}

}  // namespace
}  // namespace pb::app
