/* sliding_learn_cli_test.cpp: `puzzlebot learn --game sliding` fits a profile to a look the defaults refuse (small tiles far apart), and `solve --profile` reads another position of that look. */
#include <gtest/gtest.h>

#include <string>

#include <opencv2/imgproc.hpp>

#include "solvers/sliding/sliding.hpp"
#include "tests/support/learn_round_trip.hpp"

namespace pb::testing {
namespace {

namespace ss = pb::solvers::sliding;

// Flat tiles of their own colour, 44 px wide on a 72 px pitch: the face is 0.61 of the pitch, less
// than the default min_face_ratio (0.75) allows, so the defaults refuse the board.
cv::Mat draw(const ss::State& s) {
  const int pitch = 72, face = 44, margin = 40;
  cv::Mat page(s.rows * pitch + 2 * margin, s.cols * pitch + 2 * margin, CV_8UC3, cv::Scalar(225, 228, 230));
  for (int i = 0; i < s.cells(); ++i) {
    const int t = s.tiles[static_cast<std::size_t>(i)];
    if (t == 0) continue;
    const cv::Rect box(margin + (i % s.cols) * pitch + (pitch - face) / 2, margin + (i / s.cols) * pitch + (pitch - face) / 2, face, face);
    cv::rectangle(page, box, cv::Scalar(150, 90, 40), cv::FILLED);
    const std::string label = std::to_string(t);
    int base = 0;
    const cv::Size sz = cv::getTextSize(label, cv::FONT_HERSHEY_SIMPLEX, 0.9, 2, &base);
    cv::putText(page, label, cv::Point(box.x + (face - sz.width) / 2, box.y + (face + sz.height) / 2), cv::FONT_HERSHEY_SIMPLEX, 0.9,
                cv::Scalar(255, 255, 255), 2, cv::LINE_AA);
  }
  return page;
}

TEST(SlidingLearnCli, LearnsALookTheDefaultsRefuseAndSolveReadsAnotherPosition) {
  ss::State first, second;
  first.rows = first.cols = second.rows = second.cols = 3;
  first.tiles = {1, 2, 3, 4, 0, 6, 7, 5, 8};
  second.tiles = {4, 1, 3, 7, 2, 5, 0, 8, 6};
  expect_learn_round_trip({"sliding", draw(first), ss::format(first), draw(second), ss::format(second), "min_face_ratio"});
}

}  // namespace
}  // namespace pb::testing
