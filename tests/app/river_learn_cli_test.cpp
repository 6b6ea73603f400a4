/* river_learn_cli_test.cpp: `puzzlebot learn --game river` fits a profile to a look the defaults refuse (prisoners drawn as diamonds), and `solve --profile` reads another position of that look. */
#include <gtest/gtest.h>

#include <opencv2/imgproc.hpp>

#include "solvers/river/river.hpp"
#include "tests/support/learn_round_trip.hpp"

namespace pb::testing {
namespace {

namespace sr = pb::solvers::river;

// The arena's layout (bank | water | bank, guards squares 1.7 radii wide, a hull of 2.3 radii a seat
// plus 2.2) with prisoners drawn as diamonds: they fill half their box, less than the default
// min_fill (0.65) lets a figure, so the defaults refuse the scene.
cv::Mat draw(const sr::State& s) {
  const int r = 10, top = 40, bottom = 260;
  cv::Mat page(300, 480, CV_8UC3, cv::Scalar(235, 235, 235));
  const cv::Scalar bank(70, 150, 80), water(190, 120, 40), guard(40, 40, 170), prisoner(30, 150, 230), hull(40, 80, 120);
  cv::rectangle(page, cv::Rect(0, top, 160, bottom - top), bank, cv::FILLED);
  cv::rectangle(page, cv::Rect(160, top, 160, bottom - top), water, cv::FILLED);
  cv::rectangle(page, cv::Rect(320, top, 160, bottom - top), bank, cv::FILLED);
  auto figures = [&](int x0, int guards, int prisoners) {
    for (int k = 0; k < guards; ++k) {
      const cv::Point c(x0 + 30 * k, 100);
      cv::rectangle(page, cv::Rect(c.x - 8, c.y - 8, 17, 17), guard, cv::FILLED);
    }
    for (int k = 0; k < prisoners; ++k) {
      const cv::Point c(x0 + 30 * k, 170);
      const cv::Point diamond[] = {{c.x, c.y - r}, {c.x + r, c.y}, {c.x, c.y + r}, {c.x - r, c.y}};
      cv::fillConvexPoly(page, diamond, 4, prisoner, cv::LINE_8);
    }
  };
  figures(30, s.left_guards, s.left_prisoners);
  figures(350, s.right_guards(), s.right_prisoners());
  const int width = static_cast<int>((s.boat * 2.3 + 2.2) * r);
  cv::rectangle(page, cv::Rect(s.boat_left ? 170 : 310 - width, 150, width, 14), hull, cv::FILLED);
  return page;
}

TEST(RiverLearnCli, LearnsALookTheDefaultsRefuseAndSolveReadsAnotherPosition) {
  sr::State first, second;
  first.guards = first.prisoners = second.guards = second.prisoners = 2;
  first.boat = second.boat = 2;
  first.left_guards = first.left_prisoners = 2;
  second.left_guards = second.left_prisoners = 1;
  second.boat_left = false;
  expect_learn_round_trip({"river", draw(first), sr::format(first), draw(second), sr::format(second), "min_fill"});
}

}  // namespace
}  // namespace pb::testing
