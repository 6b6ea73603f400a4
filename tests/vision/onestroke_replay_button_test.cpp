/* onestroke_replay_button_test.cpp: finding 一笔画完's replay button on rendered screens, and not finding it where it is not. */
#include <gtest/gtest.h>

#include <opencv2/imgproc.hpp>

#include "vision/onestroke/render.hpp"
#include "vision/onestroke/replay_button.hpp"

namespace pb::vision::onestroke {
namespace {

TEST(ReplayButton, FoundOnRenderedScreensOfEveryShape) {
  const State s = random_board(5, 5, 0, 3);
  for (cv::Size sz : {cv::Size{540, 960}, cv::Size{1080, 2340}, cv::Size{720, 1280}, cv::Size{1080, 1920}}) {
    RenderStyle st;
    st.width = sz.width;
    st.height = sz.height;
    const cv::Mat img = render(s, st);
    auto at = find_replay_button(img);
    ASSERT_TRUE(at) << sz.width << "x" << sz.height << ": " << at.error().message;
    // The renderer's "Again" button: a disc centred (221, h - 141) in units of width / 1080.
    const double u = sz.width / 1080.0;
    EXPECT_NEAR(at->x, 221 * u, 6 * u) << sz.width;
    EXPECT_NEAR(at->y, sz.height - 141 * u, 6 * u) << sz.height;
    EXPECT_EQ(at->frame.width, sz.width);
    EXPECT_EQ(at->frame.height, sz.height);
  }
}

TEST(ReplayButton, FoundWhateverItsColour) {
  // Another version paints it another colour: only its shape and place count.
  RenderStyle st;
  st.width = 540;
  st.height = 960;
  cv::Mat img = render(random_board(4, 4, 0, 1), st);
  const double u = 0.5;
  cv::circle(img, {static_cast<int>(221 * u), static_cast<int>(960 - 141 * u)}, static_cast<int>(71 * u),
             cv::Scalar(60, 60, 230), cv::FILLED);
  auto at = find_replay_button(img);
  ASSERT_TRUE(at) << at.error().message;
  EXPECT_NEAR(at->x, 221 * u, 4);
}

TEST(ReplayButton, NotFoundWithoutChromeOrOnTheRightOnlyOrAsARing) {
  const State s = random_board(5, 5, 0, 3);
  RenderStyle bare;
  bare.width = 540;
  bare.height = 960;
  bare.chrome = false;
  const cv::Mat board_only = render(s, bare);
  EXPECT_FALSE(find_replay_button(board_only));
  // A round button on the right half only is another button (Hint), not the replay button.
  cv::Mat right = board_only.clone();
  cv::circle(right, {430, 890}, 36, cv::Scalar(0, 168, 255), cv::FILLED);
  EXPECT_FALSE(find_replay_button(right));
  // A coloured ring and a wide bar at the bottom left are not round buttons.
  cv::Mat ring = board_only.clone();
  cv::circle(ring, {110, 890}, 36, cv::Scalar(240, 160, 40), 4);
  EXPECT_FALSE(find_replay_button(ring));
  cv::Mat bar = board_only.clone();
  cv::rectangle(bar, cv::Rect(40, 880, 200, 20), cv::Scalar(240, 160, 40), cv::FILLED);
  EXPECT_FALSE(find_replay_button(bar));
  // The same disc where the button stands is found.
  cv::Mat disc = board_only.clone();
  cv::circle(disc, {110, 890}, 36, cv::Scalar(240, 160, 40), cv::FILLED);
  auto at = find_replay_button(disc);
  ASSERT_TRUE(at) << at.error().message;
  EXPECT_NEAR(at->x, 110, 2);
  EXPECT_NEAR(at->y, 890, 2);
}

TEST(ReplayButton, NoScreenIsAnError) {
  auto none = find_replay_button(cv::Mat());
  ASSERT_FALSE(none);
  EXPECT_EQ(none.error().code, ErrorCode::kBadInput);
  EXPECT_FALSE(find_replay_button(cv::Mat(960, 540, CV_8UC1, cv::Scalar(128))));
  auto blank = find_replay_button(render_negative(Negative::kBlank, {540, 960}, 1));
  ASSERT_FALSE(blank);
  EXPECT_EQ(blank.error().code, ErrorCode::kBadInput);
}

}  // namespace
}  // namespace pb::vision::onestroke
