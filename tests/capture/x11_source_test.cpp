/* x11_source_test.cpp: X11Source against a private Xvfb: finding windows, SHM and XGetImage pixels, closed windows. */
#include <gtest/gtest.h>

#ifndef PB_HAVE_X11
TEST(X11Source, NotBuilt) { GTEST_SKIP() << "built without X11/libxdo (PB_WITH_X11 off or libraries missing)"; }
#else

#include "capture/x11_source.hpp"
#include "tests/capture/xvfb_fixture.hpp"

namespace pb::capture {
namespace {

constexpr unsigned long kRed = 0xff0000, kBlue = 0x0000ff;

class X11SourceTest : public testing::XvfbTest<800, 600> {
 protected:
  X11Options options(const std::string& title) {
    X11Options o;
    o.display = server_->name();
    o.title = title;
    return o;
  }
  // X11Source::open(o) must find window `w`.
  void expect_finds(const X11Options& o, Window w) {
    auto source = X11Source::open(o);
    ASSERT_TRUE(source) << source.error().message;
    EXPECT_EQ((*source)->window_id(), w);
  }
};

TEST_F(X11SourceTest, GrabsWindowPixelsAndRectThroughShmAndXGetImage) {
  Window w = testing::make_window(display_, "pb grab target", 50, 60, 200, 100, kRed);
  testing::fill(display_, w, 10, 20, 30, 40, kBlue);
  cv::Mat shm_pixels;
  for (bool shm : {true, false}) {
    X11Options o = options("pb grab target");
    o.use_shm = shm;
    auto source = X11Source::open(o);
    ASSERT_TRUE(source) << source.error().message;
    EXPECT_EQ((*source)->using_shm(), shm);
    EXPECT_EQ((*source)->window_id(), w);
    auto frame = (*source)->grab();
    ASSERT_TRUE(frame) << frame.error().message;
    EXPECT_EQ(frame->screen_rect, cv::Rect(50, 60, 200, 100));
    ASSERT_EQ(frame->bgr.type(), CV_8UC3);
    ASSERT_EQ(frame->bgr.size(), cv::Size(200, 100));
    EXPECT_EQ(frame->bgr.at<cv::Vec3b>(5, 5), cv::Vec3b(0, 0, 255));      // red, BGR order
    EXPECT_EQ(frame->bgr.at<cv::Vec3b>(25, 15), cv::Vec3b(255, 0, 0));    // blue square at x 10..39, y 20..59
    EXPECT_EQ(frame->bgr.at<cv::Vec3b>(59, 39), cv::Vec3b(255, 0, 0));
    EXPECT_EQ(frame->bgr.at<cv::Vec3b>(60, 40), cv::Vec3b(0, 0, 255));
    if (shm) shm_pixels = frame->bgr.clone();
    else EXPECT_EQ(cv::norm(shm_pixels, frame->bgr, cv::NORM_INF), 0.0);  // both paths agree exactly
  }
  destroy({w});
}

TEST_F(X11SourceTest, EnvironmentForcesXGetImage) {
  Window w = testing::make_window(display_, "pb env target", 0, 0, 40, 30, kRed);
  setenv("PB_X11_NO_SHM", "1", 1);
  auto source = X11Source::open(options("pb env target"));
  unsetenv("PB_X11_NO_SHM");
  ASSERT_TRUE(source) << source.error().message;
  EXPECT_FALSE((*source)->using_shm());
  auto frame = (*source)->grab();
  ASSERT_TRUE(frame) << frame.error().message;
  EXPECT_EQ(frame->bgr.at<cv::Vec3b>(10, 10), cv::Vec3b(0, 0, 255));
  destroy({w});
}

TEST_F(X11SourceTest, RootGrabIsTheWholeScreen) {
  Window w = testing::make_window(display_, "pb root check", 300, 200, 50, 50, kBlue);
  auto source = X11Source::open(options(""));
  ASSERT_TRUE(source) << source.error().message;
  auto frame = (*source)->grab();
  ASSERT_TRUE(frame) << frame.error().message;
  EXPECT_EQ(frame->screen_rect, cv::Rect(0, 0, 800, 600));
  EXPECT_EQ((*source)->root_size(), (calibration::Size{800, 600}));
  EXPECT_EQ(frame->bgr.at<cv::Vec3b>(210, 310), cv::Vec3b(255, 0, 0));
  destroy({w});
}

TEST_F(X11SourceTest, TitleMatchingIsExactUnlessAskedOtherwise) {
  Window w = testing::make_window(display_, "Fifteen", 0, 0, 60, 60, kRed);
  Window other = testing::make_window(display_, "sgt-fifteen helper", 100, 0, 60, 60, kRed);
  auto exact = X11Source::open(options("Fifteen"));
  ASSERT_TRUE(exact) << exact.error().message;
  EXPECT_EQ((*exact)->window_id(), w);
  EXPECT_EQ((*exact)->title(), "Fifteen");

  auto partial = X11Source::open(options("Fift"));
  ASSERT_FALSE(partial);
  EXPECT_EQ(partial.error().code, ErrorCode::kBadInput)
      << partial.error().message;

  X11Options sub = options("helper");
  sub.exact_title = false;
  expect_finds(sub, other);

  sub.title = "FIFTEEN";  // substring search ignores case and so matches both windows: ambiguous
  auto ambiguous = X11Source::open(sub);
  ASSERT_FALSE(ambiguous);
  EXPECT_EQ(ambiguous.error().code, ErrorCode::kBadInput) << ambiguous.error().message;

  X11Options by_id = options("");
  by_id.window_id = other;
  auto picked = X11Source::open(by_id);
  ASSERT_TRUE(picked) << picked.error().message;
  EXPECT_EQ((*picked)->title(), "sgt-fifteen helper");
  destroy({w, other});
}

TEST(WindowTitleMatches, PageTitleMatchesBrowserWindowsInAppAndNormalMode) {
  EXPECT_TRUE(window_title_matches("One stroke", "One stroke"));              // chromium --app=URL
  EXPECT_TRUE(window_title_matches("One stroke - Chromium", "One stroke"));   // a normal window
  EXPECT_TRUE(window_title_matches("One stroke - Google Chrome", "One stroke"));
  EXPECT_TRUE(window_title_matches("One stroke \u2014 Mozilla Firefox", "One stroke"));
  EXPECT_FALSE(window_title_matches("One stroke - 1 solved", "One stroke"));  // another title, not a suffix
  EXPECT_FALSE(window_title_matches("One stroke - Chromium extra", "One stroke"));
  EXPECT_FALSE(window_title_matches("one stroke - Chromium", "One stroke"));  // case counts, as for any title
  EXPECT_FALSE(window_title_matches("Chromium", ""));
  EXPECT_FALSE(window_title_matches("One stroke", "One stroke - Chromium"));
}

TEST_F(X11SourceTest, BrowserWindowIsFoundByItsPageTitle) {
  Window browser = testing::make_window(display_, "pb page - Chromium", 0, 0, 60, 60, kRed);
  Window decoy = testing::make_window(display_, "pb page - 2 solved", 100, 0, 60, 60, kRed);
  auto source = X11Source::open(options("pb page"));
  ASSERT_TRUE(source) << source.error().message;
  EXPECT_EQ((*source)->window_id(), browser);
  EXPECT_EQ((*source)->title(), "pb page - Chromium");
  Window app = testing::make_window(display_, "pb page", 200, 0, 60, 60, kRed);  // an --app window too: ambiguous
  auto both = X11Source::open(options("pb page"));
  EXPECT_FALSE(both);
  destroy({browser, decoy});
  expect_finds(options("pb page"), app);
  destroy({app});
}

TEST_F(X11SourceTest, RegexCharactersInTitlesAreLiteral) {
  Window w = testing::make_window(display_, "a.b (c)", 0, 0, 30, 30, kRed);
  Window decoy = testing::make_window(display_, "axb (c)", 40, 0, 30, 30, kRed);
  expect_finds(options("a.b (c)"), w);
  destroy({w, decoy});
}

TEST_F(X11SourceTest, ClosedWindowIsAnErrorNotACrash) {
  Window w = testing::make_window(display_, "pb closing", 10, 10, 80, 80, kRed);
  for (bool shm : {true, false}) {
    Window win = shm ? w : testing::make_window(display_, "pb closing", 10, 10, 80, 80, kRed);
    X11Options o = options("pb closing");
    o.use_shm = shm;
    auto source = X11Source::open(o);
    ASSERT_TRUE(source) << source.error().message;
    ASSERT_TRUE((*source)->grab());
    destroy({win});
    auto frame = (*source)->grab();
    ASSERT_FALSE(frame);
    EXPECT_EQ(frame.error().code, ErrorCode::kDeviceGone)
        << frame.error().message;
    EXPECT_FALSE((*source)->window_rect());
  }
}

TEST_F(X11SourceTest, UnmappedWindowIsReportedAsNotVisible) {
  Window w = testing::make_window(display_, "pb hidden", 10, 10, 80, 80, kRed);
  auto source = X11Source::open(options("pb hidden"));
  ASSERT_TRUE(source) << source.error().message;
  XUnmapWindow(display_, w);
  XSync(display_, False);
  auto frame = (*source)->grab();
  ASSERT_FALSE(frame);
  EXPECT_EQ(frame.error().code, ErrorCode::kBadInput) << frame.error().message;
  destroy({w});
}

TEST_F(X11SourceTest, ResizedWindowGivesFramesOfTheNewSize) {
  Window w = testing::make_window(display_, "pb resize", 0, 0, 100, 50, kRed);
  auto source = X11Source::open(options("pb resize"));
  ASSERT_TRUE(source) << source.error().message;
  auto first = (*source)->grab();
  ASSERT_TRUE(first);
  XResizeWindow(display_, w, 120, 70);
  XSync(display_, False);
  auto second = (*source)->grab();
  ASSERT_TRUE(second) << second.error().message;
  EXPECT_EQ(second->bgr.size(), cv::Size(120, 70));
  EXPECT_EQ(second->screen_rect.size(), cv::Size(120, 70));
  destroy({w});
}

TEST(X11SourceNoServer, MissingDisplayIsAnError) {
  X11Options o;
  o.display = ":4093";  // nothing listens there
  auto source = X11Source::open(o);
  ASSERT_FALSE(source);
  EXPECT_EQ(source.error().code, ErrorCode::kBadInput) << source.error().message;
}

}  // namespace
}  // namespace pb::capture

#endif  // PB_HAVE_X11
