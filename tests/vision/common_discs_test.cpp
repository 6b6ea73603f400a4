/* common_discs_test.cpp: the detection layer's discs (each cue, the merge, the size range) and the lattice fitted to their centres. */
#include <gtest/gtest.h>

#include <opencv2/imgproc.hpp>

#include "vision/common/disc_lattice.hpp"
#include "vision/common/discs.hpp"

namespace pv = pb::vision;

namespace {

// A 5x4 lattice of discs (radius 12) at pitch 40 from (53, 61), on square tiles that touch (outlined
// in black), on a tan page; the disc at (1, 2) has a ring around it.
cv::Mat tiled_board() {
  cv::Mat img(260, 300, CV_8UC3, cv::Scalar(135, 184, 222));
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 5; ++c) {
      const cv::Point centre(53 + c * 40, 61 + r * 40);
      cv::rectangle(img, cv::Rect(centre.x - 20, centre.y - 20, 41, 41), cv::Scalar(20, 20, 20), 1);
      cv::circle(img, centre, 12, (r + c) % 2 ? cv::Scalar(19, 69, 139) : cv::Scalar(220, 245, 245), cv::FILLED, cv::LINE_AA);
      cv::circle(img, centre, 12, cv::Scalar(20, 20, 20), 1, cv::LINE_AA);
      if (r == 1 && c == 2) cv::circle(img, centre, 16, cv::Scalar(60, 180, 60), 1, cv::LINE_AA);
    }
  return img;
}

int near_sites(const std::vector<pv::Disc>& discs, float lo, float hi) {
  int n = 0;
  for (const pv::Disc& d : discs) {
    const float r = pv::outline_in(d, lo, hi, lo);
    if (r <= 0) continue;
    const float fx = (d.centre.x - 53) / 40, fy = (d.centre.y - 61) / 40;
    if (std::abs(fx - std::round(fx)) < 0.1f && std::abs(fy - std::round(fy)) < 0.1f) ++n;
  }
  return n;
}

}  // namespace

TEST(CommonDiscs, EachCueFindsDiscsOnTouchingTiles) {
  const cv::Mat img = tiled_board();
  const pv::DiscShape shape;
  // Every cue alone finds (nearly) all 20 discs; the tiles are squares, not discs (roundness 0.64).
  // The edge map closes the ringed disc's edges into its tile's (a pixel apart after closing).
  const auto ink = pv::merge_discs(pv::ink_discs(img, cv::Vec3b(135, 184, 222), 14, shape), shape);
  const auto edges = pv::merge_discs(pv::edge_discs(img, 30, 60, shape), shape);
  const auto colour = pv::merge_discs(pv::colour_discs(img, 6, 100000, shape), shape);
  EXPECT_EQ(near_sites(ink, 10, 14), 20);
  EXPECT_GE(near_sites(edges, 10, 14), 19);
  EXPECT_GE(near_sites(colour, 9, 14), 18);
  // Merged, each disc is one, whichever cues found it; the ringed one has its ring as an outline.
  std::vector<pv::Disc> all = ink;
  all.insert(all.end(), edges.begin(), edges.end());
  all.insert(all.end(), colour.begin(), colour.end());
  const auto merged = pv::merge_discs(all, shape);
  const auto [lo, hi] = pv::board_size_range(merged, 1.6, 6);
  EXPECT_GE(lo, 9.0f);
  EXPECT_LE(lo, 14.0f);
  int on_board = 0;
  for (const pv::Disc& d : merged) {
    if (pv::outline_in(d, lo, hi, lo) <= 0) continue;
    ++on_board;
    if (cv::norm(d.centre - cv::Point2f(133, 101)) < 3) {
      EXPECT_GE(d.outlines.size(), 2u);
      EXPECT_GT(d.radius, 15.0f);
      EXPECT_NE(d.cues & pv::kInkCue, 0u);
      EXPECT_NE(d.cues & pv::kColourCue, 0u);
    }
  }
  EXPECT_EQ(on_board, 20);
}

TEST(CommonDiscs, LatticeFromCentresWithGapsAndAStray) {
  // An English cross of centres at pitch 37.5 from (20.4, 30.2), jittered by up to a pixel, with one
  // stray between sites and two far away: the pitch and origin come back, the strays stay out.
  std::vector<cv::Point2f> centres;
  cv::RNG rng(7);
  for (int r = 0; r < 7; ++r)
    for (int c = 0; c < 7; ++c)
      if ((r >= 2 && r <= 4) || (c >= 2 && c <= 4)) {
        // The y jitter drawn first, as g++ evaluated the two draws when they were one call's
        // arguments (clang evaluates arguments the other way).
        const float dy = rng.uniform(-1.0f, 1.0f);
        centres.emplace_back(20.4f + 37.5f * c + rng.uniform(-1.0f, 1.0f), 30.2f + 37.5f * r + dy);
      }
  const std::size_t board = centres.size();
  centres.emplace_back(20.4f + 37.5f * 3.5f, 30.2f + 37.5f * 3);  // half-way between two sites
  centres.emplace_back(600, 600);
  centres.emplace_back(680, 600);
  const std::vector<float> slack(centres.size(), 10.0f);
  auto fit = pv::fit_square_lattice(centres, slack, pv::LatticeFitParams{}, 6);
  ASSERT_TRUE(fit.ok()) << fit.error().message;
  EXPECT_NEAR(fit->pitch, 37.5, 0.3);
  EXPECT_NEAR(fit->origin.x, 20.4 + 37.5 * 0, 1.0);
  EXPECT_NEAR(fit->origin.y, 30.2, 1.0);
  EXPECT_EQ(fit->rows, 7);
  EXPECT_EQ(fit->cols, 7);
  EXPECT_EQ(fit->members.size(), board);
  EXPECT_EQ(fit->strays.size(), 3u);
  for (std::size_t k = 0; k < fit->members.size(); ++k) {
    const auto [row, col] = fit->sites[k];
    EXPECT_TRUE((row >= 2 && row <= 4) || (col >= 2 && col <= 4)) << row << "," << col;
  }
  // Too few centres on one lattice: no board.
  auto none = pv::fit_square_lattice({{10, 10}, {50, 10}, {200, 300}}, {5, 5, 5}, pv::LatticeFitParams{}, 6);
  ASSERT_FALSE(none.ok());
  EXPECT_TRUE(none.error().is(pb::ErrorCode::kNoBoard));
}

TEST(CommonDiscs, PatternsTellShadedFromFlat) {
  cv::Mat img(80, 160, CV_8UC3, cv::Scalar(240, 240, 240));
  cv::circle(img, {40, 40}, 25, cv::Scalar(0, 200, 255), cv::FILLED);                 // flat yellow
  cv::circle(img, {120, 40}, 25, cv::Scalar(19, 69, 139), cv::FILLED);                // brown ...
  cv::ellipse(img, {120, 40}, {14, 14}, 0, 220, 320, cv::Scalar(255, 255, 255), 2);   // ... with a highlight arc
  const cv::Mat lab = pv::to_lab(img);
  const pv::DiscLook flat = pv::disc_look(lab, {40, 40}, 25, 0.5), arc = pv::disc_look(lab, {120, 40}, 25, 0.5);
  EXPECT_LT(flat.contrast, 1.0f);
  EXPECT_GT(arc.contrast, 5.0f);
  EXPECT_GT(arc.chroma, 30.0f);
  EXPECT_FLOAT_EQ(pv::pattern_distance(flat, flat, 2.5f), 0.0f);
  EXPECT_FLOAT_EQ(pv::pattern_distance(flat, arc, 2.5f), 1.0f);
  EXPECT_NEAR(pv::pattern_distance(arc, arc, 2.5f), 0.0f, 1e-5);
}

TEST(CommonDiscs, EdgeRadiusMeasuresTheDrawnEdgeWhateverTheColour) {
  // An ink blob's radius counts faint edge pixels, more for some colours than others: two discs a
  // pixel apart in radius measured 0.9 px apart at radius 5-6. At the edge (half-way steps) they are
  // a pixel apart, and discs of one radius measure alike in any colour, from an outline a little
  // outside or well inside the edge.
  for (int radius : {4, 5, 6, 9, 12}) {
    SCOPED_TRACE("radius " + std::to_string(radius));
    std::vector<float> measured;
    for (const cv::Scalar& colour : {cv::Scalar(17, 17, 17), cv::Scalar(45, 192, 251), cv::Scalar(200, 60, 20)})
      for (int r : {radius, radius + 1}) {
        cv::Mat img(80, 80, CV_8UC3, cv::Scalar(255, 255, 255));
        cv::circle(img, cv::Point(40, 40), r, colour, cv::FILLED, cv::LINE_AA);
        for (float outline : {r + 1.5f, r - 1.5f}) {
          const float e = pv::edge_radius(img, cv::Point2f(40, 40), outline);
          ASSERT_GT(e, 0.0f);
          measured.push_back(e - static_cast<float>(r));
        }
      }
    // Every measure the same distance from the drawn radius, within a fifth of a pixel.
    const auto [lo, hi] = std::minmax_element(measured.begin(), measured.end());
    EXPECT_LT(*hi - *lo, 0.2f);
  }
  // A plain page has no edge.
  EXPECT_EQ(pv::edge_radius(cv::Mat(80, 80, CV_8UC3, cv::Scalar(200, 200, 200)), cv::Point2f(40, 40), 10), 0.0f);
}
