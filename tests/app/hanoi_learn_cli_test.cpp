/* hanoi_learn_cli_test.cpp: `puzzlebot learn --game hanoi` fits a profile to a look the defaults refuse (a small board in a large screenshot), and `solve --profile` reads another position of that look. */
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <opencv2/imgcodecs.hpp>

#include "solvers/hanoi/hanoi.hpp"
#include "tests/app/learn_round_trip.hpp"
#include "vision/hanoi/render.hpp"

namespace pb::testing {
namespace {

namespace fs = std::filesystem;
namespace vh = pb::vision::hanoi;

// The arena's style 5 drawn 420x300 in the middle of an 1800x1400 page: its rods stand less than
// min_rod_fraction of the image tall.
std::string small_board(const fs::path& dir, const std::string& name, const pb::solvers::hanoi::State& s) {
  const vh::RenderStyle style = vh::style_variant(5);
  cv::Mat page(1400, 1800, CV_8UC3, style.background);
  vh::render(s, style, {420, 300}, false).copyTo(page({700, 600, 420, 300}));
  const std::string path = (dir / name).string();
  cv::imwrite(path, page);
  return path;
}

TEST(HanoiLearnCli, LearnsALookTheDefaultsRefuseAndSolveReadsAnotherPosition) {
  const fs::path dir = pb::testing::scratch_dir() / "hanoi_learn";
  fs::create_directories(dir);
  pb::solvers::hanoi::State first, second;
  first.rods = second.rods = 3;
  first.goal = second.goal = 2;
  first.config = {0, 0, 1};
  second.config = {2, 1, 0};
  const std::string shot = small_board(dir, "first.png", first), other = small_board(dir, "second.png", second);
  const std::string board = (dir / "first.txt").string();
  std::ofstream(board, std::ios::binary) << pb::solvers::hanoi::format(first);
  std::string profile;
  expect_learn_round_trip("hanoi", dir, shot, board, other, pb::solvers::hanoi::format(second), profile);
}

}  // namespace
}  // namespace pb::testing
