/* hanoi_learn_cli_test.cpp: `puzzlebot learn --game hanoi` fits a profile to a look the defaults refuse (a small board in a large screenshot), and `solve --profile` reads another position of that look. */
#include <gtest/gtest.h>

#include <opencv2/core.hpp>

#include "solvers/hanoi/hanoi.hpp"
#include "tests/support/learn_round_trip.hpp"
#include "vision/hanoi/render.hpp"

namespace pb::testing {
namespace {

namespace vh = pb::vision::hanoi;

// The arena's style 5 drawn 420x300 in the middle of an 1800x1400 page: its rods stand less than
// min_rod_fraction of the image tall.
cv::Mat small_board(const pb::solvers::hanoi::State& s) {
  const vh::RenderStyle style = vh::style_variant(5);
  cv::Mat page(1400, 1800, CV_8UC3, style.background);
  vh::render(s, style, {420, 300}, false).copyTo(page({700, 600, 420, 300}));
  return page;
}

TEST(HanoiLearnCli, LearnsALookTheDefaultsRefuseAndSolveReadsAnotherPosition) {
  pb::solvers::hanoi::State first, second;
  first.rods = second.rods = 3;
  first.goal = second.goal = 2;
  first.config = {0, 0, 1};
  second.config = {2, 1, 0};
  expect_learn_round_trip({"hanoi", small_board(first), pb::solvers::hanoi::format(first), small_board(second),
                           pb::solvers::hanoi::format(second), ""});
}

}  // namespace
}  // namespace pb::testing
