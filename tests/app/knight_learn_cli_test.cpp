/* knight_learn_cli_test.cpp: `puzzlebot learn --game knight` fits a profile to a look the defaults refuse (no grid lines, light squares in the page's colour), and `solve --profile` reads another position of that look. */
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <opencv2/imgcodecs.hpp>

#include "solvers/knight/knight.hpp"
#include "tests/app/learn_round_trip.hpp"
#include "vision/knight/render.hpp"

namespace pb::testing {
namespace {

namespace fs = std::filesystem;
namespace sk = pb::solvers::knight;
namespace vk = pb::vision::knight;

// The look of KnightReader.LearnsALookTheDefaultsRefuse: no grid lines and the light squares in the
// page's own colour, which the defaults take for removed squares (page_squares_removed).
std::string draw(const fs::path& dir, const std::string& name, const sk::State& s, const std::vector<sk::Cell>& tour) {
  vk::RenderStyle look;
  look.background = look.light = {240, 240, 240};
  look.dark = {90, 120, 160};
  look.grid_px = 0;
  look.removed = vk::RemovedLook::kCross;
  look.removed_fill = {30, 30, 200};
  look.knight_look = vk::KnightLook::kGlyph;
  look.knight = {20, 20, 20};
  const std::string path = (dir / name).string();
  cv::imwrite(path, vk::render(s, look, {640, 480}, tour));
  return path;
}

TEST(KnightLearnCli, LearnsALookTheDefaultsRefuseAndSolveReadsAnotherPosition) {
  const fs::path dir = pb::testing::scratch_dir() / "knight_learn";
  fs::create_directories(dir);
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
  const std::string shot = draw(dir, "first.png", first, {}), other = draw(dir, "second.png", second, {});
  const std::string text = (dir / "first.txt").string();
  std::ofstream(text, std::ios::binary) << sk::format(first);
  std::string profile;
  expect_learn_round_trip("knight", dir, shot, text, other, sk::format(second), profile);
  EXPECT_NE(profile.find("page_squares_removed"), std::string::npos) << profile;
}

}  // namespace
}  // namespace pb::testing
