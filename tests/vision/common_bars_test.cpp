// common_bars_test.cpp: the shared bar detection (vision/common/bars.hpp): the page plane under a gradient and a banner, page layers under a scene, rods, bar shapes, and the boundaries in a stack of touching bars.
#include <gtest/gtest.h>

#include <cmath>

#include <opencv2/imgproc.hpp>

#include "vision/common/bars.hpp"

namespace pb::vision {
namespace {

TEST(Bars, PageIsAPlaneThroughAGradientBesideABanner) {
  cv::Mat img(300, 600, CV_8UC3);
  for (int y = 0; y < img.rows; ++y)
    for (int x = 0; x < img.cols; ++x) img.at<cv::Vec3b>(y, x) = cv::Vec3b(200, static_cast<std::uint8_t>(180 + y / 6), 220);
  cv::rectangle(img, {0, 250, 600, 50}, cv::Scalar(0, 0, 255), cv::FILLED);  // an ad banner along the bottom edge
  cv::rectangle(img, {100, 100, 30, 100}, cv::Scalar(40, 40, 40), cv::FILLED);
  const cv::Mat lab = to_lab(img);
  const PageModel page = fit_page(lab, 10);
  EXPECT_GT(page.coverage, 0.7);
  const cv::Mat ink = ink_mask(page_distance(lab, page), 14, 0);
  EXPECT_EQ(ink.at<std::uint8_t>(10, 10), 0);    // the gradient's top
  EXPECT_EQ(ink.at<std::uint8_t>(240, 500), 0);  // and its bottom
  EXPECT_EQ(ink.at<std::uint8_t>(150, 110), 255);
  EXPECT_EQ(ink.at<std::uint8_t>(280, 300), 255);
}

// An illustrated scene: a sky gradient over hills that span the picture; the rods, a disc and a big
// panel standing in front of it are ink (the panel is no layer: it does not reach the side edges).
TEST(Bars, PageLayersTakeInHillsUnderASkyButNotAPanel) {
  cv::Mat img(300, 600, CV_8UC3);
  for (int y = 0; y < img.rows; ++y)
    for (int x = 0; x < img.cols; ++x) img.at<cv::Vec3b>(y, x) = cv::Vec3b(240, static_cast<std::uint8_t>(190 + y / 8), 90);
  std::vector<cv::Point> hills;
  for (int x = 0; x <= 600; x += 20) hills.push_back({x, 190 + static_cast<int>(25 * std::sin(x / 60.0))});
  hills.push_back({600, 300});
  hills.push_back({0, 300});
  cv::fillPoly(img, std::vector<std::vector<cv::Point>>{hills}, cv::Scalar(150, 130, 110));
  cv::rectangle(img, {400, 60, 120, 120}, cv::Scalar(40, 160, 240), cv::FILLED);  // a panel, 8% of the picture
  cv::rectangle(img, {100, 40, 16, 220}, cv::Scalar(60, 140, 230), cv::FILLED);   // a rod through both
  cv::rectangle(img, {60, 220, 96, 30}, cv::Scalar(40, 40, 220), cv::FILLED);     // a disc on the hills
  const cv::Mat lab = to_lab(img);
  const std::vector<PageModel> one = fit_page_layers(lab, 10, 1, 0.05);
  ASSERT_EQ(one.size(), 1u);
  const std::vector<PageModel> layers = fit_page_layers(lab, 10, 4, 0.05);
  ASSERT_EQ(layers.size(), 2u);  // the sky and the hills; not the panel
  const std::vector<double> scales(layers.size(), 1.0);
  const cv::Mat ink = ink_mask(page_distance(lab, layers, scales), 14, 0);
  EXPECT_EQ(ink.at<std::uint8_t>(10, 300), 0);   // sky
  EXPECT_EQ(ink.at<std::uint8_t>(280, 300), 0);  // hills
  EXPECT_EQ(ink.at<std::uint8_t>(100, 108), 255);  // the rod over the sky
  EXPECT_EQ(ink.at<std::uint8_t>(240, 108), 255);  // and over the hills
  EXPECT_EQ(ink.at<std::uint8_t>(235, 70), 255);   // the disc
  EXPECT_EQ(ink.at<std::uint8_t>(235, 62), 255);
  EXPECT_EQ(ink.at<std::uint8_t>(120, 460), 255);  // the panel
  // One plane alone takes the sky or the hills for ink.
  const cv::Mat flat = ink_mask(page_distance(lab, one.front()), 14, 0);
  EXPECT_NE(flat.at<std::uint8_t>(10, 300), flat.at<std::uint8_t>(280, 300));
}

TEST(Bars, RodsArePartedByDiscsAndJoined) {
  cv::Mat mask(400, 300, CV_8U, cv::Scalar(0));
  cv::rectangle(mask, {145, 50, 8, 300}, cv::Scalar(255), cv::FILLED);
  cv::rectangle(mask, {100, 200, 100, 30}, cv::Scalar(255), cv::FILLED);  // a disc across the rod
  cv::putText(mask, "l", {20, 40}, cv::FONT_HERSHEY_SIMPLEX, 0.5, cv::Scalar(255), 1);  // a letter: too short
  std::vector<VerticalBar> bars = vertical_bars(mask, 12, 20, 1.5, 0.7);
  ASSERT_EQ(bars.size(), 2u);  // above and below the disc
  bars = join_collinear(bars, mask, 3);
  ASSERT_EQ(bars.size(), 1u);
  EXPECT_NEAR(bars[0].x, 148.5, 1);
  EXPECT_NEAR(bars[0].top, 50, 1);
  EXPECT_NEAR(bars[0].bottom, 349, 1);
}

std::vector<vision::Run> widths(std::initializer_list<int> ws) {
  std::vector<vision::Run> rows;
  for (int w : ws) rows.push_back({100 - w / 2, 100 - w / 2 + w - 1});
  return rows;
}

TEST(Bars, ShapesOfBars) {
  EXPECT_EQ(fit_bar(widths({60, 60, 60, 60, 60, 60, 60, 60}), 0.08, 0.08).shape, BarShape::kBox);
  EXPECT_EQ(fit_bar(widths({40, 52, 58, 60, 60, 60, 58, 52, 40}), 0.08, 0.08).shape, BarShape::kRounded);
  const BarFit t = fit_bar(widths({40, 44, 48, 52, 56, 60, 64, 68}), 0.08, 0.08);
  EXPECT_EQ(t.shape, BarShape::kTrapezoid);
  EXPECT_NEAR(t.width, 54, 3);
}

TEST(Bars, TouchingBarsArePartedByColourDipOrStep) {
  const cv::Vec3f a(60, 20, 10), b(50, 22, 12);
  // Two boxes of one colour, 60 then 80 wide: a step.
  std::vector<vision::Run> rows = widths({60, 60, 60, 60, 60, 60, 80, 80, 80, 80, 80, 80});
  std::vector<cv::Vec3f> same(rows.size(), a);
  std::vector<int> cut = bar_boundaries(rows, same, 8, 4, 4, 3);
  ASSERT_EQ(cut.size(), 1u);
  EXPECT_NEAR(cut[0], 6, 1);  // the first row of the lower bar, give or take the blended row
  // Two rounded bars of one colour: a dip where their ends meet.
  rows = widths({50, 58, 60, 60, 58, 50, 40, 60, 70, 72, 72, 70, 60});
  same.assign(rows.size(), a);
  cut = bar_boundaries(rows, same, 8, 4, 4, 3);
  ASSERT_EQ(cut.size(), 1u);
  EXPECT_EQ(cut[0], 6);
  // Two boxes of one width, two shades: the colour.
  rows = widths({60, 60, 60, 60, 60, 60, 60, 60, 60, 60});
  std::vector<cv::Vec3f> shades(rows.size(), a);
  for (std::size_t i = 5; i < shades.size(); ++i) shades[i] = b;
  cut = bar_boundaries(rows, shades, 8, 4, 4, 3);
  ASSERT_EQ(cut.size(), 1u);
  EXPECT_NEAR(cut[0], 5, 1);
  // One bar, one colour, anti-aliased ends: no boundary.
  rows = widths({53, 55, 57, 55, 55, 55, 55, 55, 55, 57, 55, 53});
  same.assign(rows.size(), a);
  EXPECT_TRUE(bar_boundaries(rows, same, 8, 4, 4, 3).empty());
}

TEST(Bars, GroupsAndSpacing) {
  const std::vector<double> v{10, 11, 30, 31, 29.5};
  const auto g = group_similar(v, 0.05, 1);
  ASSERT_EQ(g.size(), 2u);
  EXPECT_EQ(g[0].size(), 2u);
  EXPECT_EQ(g[1].size(), 3u);
  EXPECT_NEAR(equal_spacing(std::vector<double>{100, 200, 301, 400}, 0.1), 100, 1.5);
  EXPECT_EQ(equal_spacing(std::vector<double>{100, 200, 400}, 0.1), 0);
}

}  // namespace
}  // namespace pb::vision
