/* pegs_learn_cli_test.cpp: `puzzlebot learn --game pegs` fits a profile to a look the defaults refuse (a five-hole cross, fewer discs than min_sites), and `solve --profile` reads another position of that look. */
#include <gtest/gtest.h>

#include <opencv2/imgproc.hpp>

#include "solvers/pegs/pegs.hpp"
#include "tests/support/learn_round_trip.hpp"

namespace pb::testing {
namespace {

namespace sp = pb::solvers::pegs;

// A five-site cross (a practice board) in Simon Tatham's way: pegs 2/3 of the pitch, holes 1/2, flat.
// Five discs are fewer than the default min_sites (6), so the defaults refuse it.
sp::State cross(bool across) {
  sp::State s;
  s.rows = s.cols = 3;
  s.sites.assign(9, sp::Site::kNone);
  for (int i : {1, 3, 4, 5, 7}) s.sites[static_cast<std::size_t>(i)] = sp::Site::kHole;
  // across: pegs at (1,0) and (1,1), one jump right; else (0,1) and (1,1), one jump down.
  s.sites[across ? 3 : 1] = sp::Site::kPeg;
  s.sites[4] = sp::Site::kPeg;
  return s;
}

cv::Mat draw(const sp::State& s) {
  const int pitch = 60, margin = 60;
  cv::Mat page(s.rows * pitch + 2 * margin, s.cols * pitch + 2 * margin, CV_8UC3, cv::Scalar(214, 220, 222));
  for (int r = 0; r < s.rows; ++r)
    for (int c = 0; c < s.cols; ++c) {
      const sp::Site site = s.sites[static_cast<std::size_t>(r * s.cols + c)];
      if (site == sp::Site::kNone) continue;
      const cv::Point centre(margin + c * pitch + pitch / 2, margin + r * pitch + pitch / 2);
      const bool peg = site == sp::Site::kPeg;
      cv::circle(page, centre, peg ? pitch / 3 : pitch / 4, peg ? cv::Scalar(40, 90, 200) : cv::Scalar(90, 90, 90), cv::FILLED, cv::LINE_AA);
    }
  return page;
}

TEST(PegsLearnCli, LearnsALookTheDefaultsRefuseAndSolveReadsAnotherPosition) {
  const sp::State first = cross(true), second = cross(false);
  expect_learn_round_trip({"pegs", draw(first), sp::format(first), draw(second), sp::format(second), "min_sites"});
}

}  // namespace
}  // namespace pb::testing
