/* knight_learn_cli_test.cpp: `puzzlebot learn --game knight` fits a profile to a look the defaults refuse (no grid lines, light squares in the page's colour), and `solve --profile` reads another position of that look. */
#include <gtest/gtest.h>

#include <vector>

#include <opencv2/core.hpp>

#include "solvers/knight/knight.hpp"
#include "tests/support/learn_round_trip.hpp"
#include "vision/knight/render.hpp"

namespace pb::testing {
namespace {

namespace sk = pb::solvers::knight;
namespace vk = pb::vision::knight;

// The look of KnightReader.LearnsALookTheDefaultsRefuse: no grid lines and the light squares in the
// page's own colour, which the defaults take for removed squares (page_squares_removed).
cv::Mat draw(const sk::State& s, const std::vector<sk::Cell>& tour) {
  vk::RenderStyle look;
  look.background = look.light = {240, 240, 240};
  look.dark = {90, 120, 160};
  look.grid_px = 0;
  look.removed = vk::RemovedLook::kCross;
  look.removed_fill = {30, 30, 200};
  look.knight_look = vk::KnightLook::kGlyph;
  look.knight = {20, 20, 20};
  return vk::render(s, look, {640, 480}, tour);
}

TEST(KnightLearnCli, LearnsALookTheDefaultsRefuseAndSolveReadsAnotherPosition) {
  // 5x5 boards with their start marked and no jump made yet, as a board text says them (it has no
  // letter for visited squares); a corner and the centre both start tours on 5x5.
  auto board = [](sk::Cell start) {
    sk::State s;
    s.rows = s.cols = 5;
    s.squares.assign(25, sk::Square::kFree);
    s.start = start;
    return s;
  };
  const sk::State first = board({0, 0}), second = board({2, 2});
  expect_learn_round_trip({"knight", draw(first, {}), sk::format(first), draw(second, {}), sk::format(second), "page_squares_removed"});
}

}  // namespace
}  // namespace pb::testing
