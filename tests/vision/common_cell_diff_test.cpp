/* common_cell_diff_test.cpp: the play loop's pixel check of a move (vision/common/cell_diff.hpp) on drawn tile boards. */
#include <gtest/gtest.h>

#include <numeric>
#include <opencv2/imgproc.hpp>
#include <string>
#include <vector>

#include "vision/common/cell_diff.hpp"

namespace pb::vision {
namespace {

constexpr int kPitch = 40;  // px between cell centres
constexpr int kSide = 3;    // cells a side
constexpr int kGap = -1;    // the picture of the empty cell

const cv::Scalar kGround{70, 60, 50};
const cv::Scalar kFace{205, 215, 225};

std::vector<cv::Point2f> centres() {
  std::vector<cv::Point2f> out;
  for (int r = 0; r < kSide; ++r)
    for (int c = 0; c < kSide; ++c) out.emplace_back(30.0f + c * kPitch, 30.0f + r * kPitch);
  return out;
}

// A Fifteen-like board: pictures[cell] is the tile drawn there (its number, kGap: none), moved by
// shift[cell] px to the right.
cv::Mat board(const std::vector<int>& pictures, const std::vector<int>& shift = {}) {
  cv::Mat img(kSide * kPitch + 20, kSide * kPitch + 20, CV_8UC3, kGround);
  const auto at = centres();
  for (std::size_t cell = 0; cell < pictures.size(); ++cell) {
    if (pictures[cell] == kGap) continue;
    const int dx = shift.empty() ? 0 : shift[cell];
    const cv::Point c(static_cast<int>(at[cell].x) + dx, static_cast<int>(at[cell].y));
    cv::rectangle(img, {c.x - 17, c.y - 17}, {c.x + 17, c.y + 17}, kFace, cv::FILLED);
    cv::putText(img, std::to_string(pictures[cell]), {c.x - 12, c.y + 8}, cv::FONT_HERSHEY_SIMPLEX, 0.6,
                cv::Scalar(20, 20, 20), 2, cv::LINE_AA);
  }
  return img;
}

std::vector<int> identity() {
  std::vector<int> s(kSide * kSide);
  std::iota(s.begin(), s.end(), 0);
  return s;
}

// Tiles 1..8, the gap last (cell 8).
const std::vector<int> kStart{1, 2, 3, 4, 5, 6, 7, 8, kGap};

TEST(CellsMatch, AnUnchangedBoardMatchesItself) {
  const cv::Mat a = board(kStart);
  EXPECT_TRUE(cells_match(a, a.clone(), centres(), identity()));
}

TEST(CellsMatch, ATileSlidIntoTheGapMatchesOnlyThatMove) {
  const cv::Mat before = board(kStart);
  // Tile 8 (cell 7) slides right into the gap (cell 8).
  const cv::Mat after = board({1, 2, 3, 4, 5, 6, 7, kGap, 8});
  std::vector<int> source = identity();
  source[8] = 7;  // the gap now shows tile 8's picture
  source[7] = 8;  // and cell 7 the gap's
  EXPECT_TRUE(cells_match(before, after, centres(), source));
  EXPECT_FALSE(cells_match(before, after, centres(), identity()));  // the screen did change
  // The prediction of the other move from the start (tile 6, from above) does not match it.
  std::vector<int> other = identity();
  other[8] = 5;
  other[5] = 8;
  EXPECT_FALSE(cells_match(before, after, centres(), other));
  // Nor does "nothing happened" against a screen that did not change: that is the identity.
  EXPECT_FALSE(cells_match(before, before, centres(), source));
}

TEST(CellsMatch, AMovedPictureMayLandAPixelOffButAStillOneMayNotMove) {
  const cv::Mat before = board(kStart);
  std::vector<int> source = identity();
  source[8] = 7;
  source[7] = 8;
  std::vector<int> shift(9, 0);
  shift[8] = 1;  // tile 8 lands a pixel right of the cell's rounded centre
  EXPECT_TRUE(cells_match(before, board({1, 2, 3, 4, 5, 6, 7, kGap, 8}, shift), centres(), source));
  shift[8] = 4;  // four pixels off: not the predicted picture
  EXPECT_FALSE(cells_match(before, board({1, 2, 3, 4, 5, 6, 7, kGap, 8}, shift), centres(), source));
  std::vector<int> still(9, 0);
  still[0] = 1;  // tile 1, which the move does not touch, shifted a pixel
  EXPECT_FALSE(cells_match(before, board(kStart, still), centres(), identity()));
}

TEST(CellsMatch, ASmallChangeInsideATileIsSeenAndFaintNoiseIsNot) {
  const cv::Mat before = board(kStart);
  cv::Mat marked = before.clone();
  // A 4x4 mark on tile 5's face: 1% of the compared square, as "12" against "13" or more.
  const cv::Point2f c = centres()[4];
  cv::rectangle(marked, cv::Rect(static_cast<int>(c.x) + 8, static_cast<int>(c.y) - 14, 4, 4), cv::Scalar(20, 20, 20),
                cv::FILLED);
  EXPECT_FALSE(cells_match(before, marked, centres(), identity()));
  // Rounding and antialiasing: every pixel off by up to 30 levels.
  cv::Mat noise(before.size(), CV_8UC3), noisy;
  cv::randu(noise, cv::Scalar::all(0), cv::Scalar::all(31));
  cv::add(before, noise, noisy);
  EXPECT_TRUE(cells_match(before, noisy, centres(), identity()));
}

TEST(CellsMatch, CellsWithANegativeSourceAreNotCompared) {
  const cv::Mat before = board(kStart);
  std::vector<int> changed = kStart;
  changed[0] = 9;  // cell 0 shows another tile
  const cv::Mat after = board(changed);
  std::vector<int> source = identity();
  EXPECT_FALSE(cells_match(before, after, centres(), source));
  source[0] = -1;  // cell 0 is left out: the rest still match
  EXPECT_TRUE(cells_match(before, after, centres(), source));
  source[1] = 99;  // a source that is no cell is no match
  EXPECT_FALSE(cells_match(before, after, centres(), source));
}

TEST(CellsMatch, WhatCannotBeComparedIsNoMatch) {
  const cv::Mat a = board(kStart);
  EXPECT_FALSE(cells_match(a, a(cv::Rect(0, 0, 100, 100)).clone(), centres(), identity()));  // sizes differ
  cv::Mat grey;
  cv::cvtColor(a, grey, cv::COLOR_BGR2GRAY);
  EXPECT_FALSE(cells_match(grey, grey, centres(), identity()));
  EXPECT_FALSE(cells_match(a, a, {centres()[0]}, {0}));                  // one cell: no pitch
  EXPECT_FALSE(cells_match(a, a, centres(), {0, 1, 2}));                  // a source per cell
  std::vector<int> out_of_range = identity();
  out_of_range[3] = 9;
  EXPECT_FALSE(cells_match(a, a, centres(), out_of_range));
  std::vector<cv::Point2f> off = centres();
  off[8] = {a.cols - 3.0f, a.rows - 3.0f};  // a square that leaves the frame
  EXPECT_FALSE(cells_match(a, a, off, identity()));
  EXPECT_FALSE(cells_match(cv::Mat(), cv::Mat(), centres(), identity()));
}

}  // namespace
}  // namespace pb::vision
