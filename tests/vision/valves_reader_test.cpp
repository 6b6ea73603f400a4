// valves_reader_test.cpp: the valves reader reads arena screenshots (styles, seeds, levels, mid-game) exactly and rejects non-boards.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>
#include <set>
#include <sstream>
#include <string>

#include "solvers/common/text_board.hpp"
#include "vision/valves/image_puzzle.hpp"
#include "vision/valves/reader.hpp"

namespace fs = std::filesystem;
namespace vv = pb::vision::valves;
namespace sv = pb::solvers::valves;

namespace {

// A board compared by names, not by node order (the reader meets nodes in another order than the
// arena wrote them): pipes as sorted name pairs, the ends, k, the closed valves.
struct Canon {
  std::multiset<std::pair<std::string, std::string>> pipes;
  std::string inlet, outlet;
  int k = 0;
  std::set<std::string> closed;
  bool operator==(const Canon&) const = default;
};

Canon canon(const sv::State& s) {
  Canon c;
  for (auto [a, b] : s.pipes) {
    std::string x = s.names[static_cast<std::size_t>(a)], y = s.names[static_cast<std::size_t>(b)];
    if (y < x) std::swap(x, y);
    c.pipes.insert({x, y});
  }
  c.inlet = s.names[static_cast<std::size_t>(s.inlet)];
  c.outlet = s.names[static_cast<std::size_t>(s.outlet)];
  c.k = s.wrenches;
  for (std::size_t i = 0; i < s.names.size(); ++i)
    if (s.closed[i]) c.closed.insert(s.names[i]);
  return c;
}

std::string canon_text(const Canon& c) {
  std::string t = "k=" + std::to_string(c.k) + " inlet=" + c.inlet + " outlet=" + c.outlet + " closed=";
  for (const auto& v : c.closed) t += v + ",";
  t += "\n";
  for (const auto& [a, b] : c.pipes) t += a + " " + b + "\n";
  return t;
}

fs::path arena_program() { return fs::path(PB_BINARY_DIR) / "samples/arena/puzzlebot-arena"; }

// A screenshot and its board text from the arena program (--screenshot with --print-board).
struct Shot {
  cv::Mat image;
  sv::State truth;
};

Shot shoot(int level, int seed, int style, int played) {
  const fs::path dir = fs::temp_directory_path() / ("pb_valves_test_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const fs::path png = dir / ("l" + std::to_string(level) + "s" + std::to_string(seed) + "v" + std::to_string(style) + "p" +
                              std::to_string(played) + ".png");
  const std::string cmd = arena_program().string() + " --game valves --level " + std::to_string(level) + " --seed " +
                          std::to_string(seed) + " --style " + std::to_string(style) + " --play " + std::to_string(played) +
                          " --screenshot " + png.string() + " --print-board > /dev/null";
  EXPECT_EQ(std::system(cmd.c_str()), 0) << cmd;
  Shot shot;
  shot.image = cv::imread(png.string());
  std::ifstream in(fs::path(png).replace_extension(".txt"));
  std::stringstream ss;
  ss << in.rdbuf();
  auto board = pb::solvers::split_text_board(ss.str(), "truth", true);
  EXPECT_TRUE(static_cast<bool>(board)) << ss.str();
  if (board) {
    auto st = sv::parse(*board);
    EXPECT_TRUE(static_cast<bool>(st)) << ss.str();
    if (st) shot.truth = *st;
  }
  return shot;
}

void expect_reads_back(int level, int seed, int style, int played) {
  const Shot shot = shoot(level, seed, style, played);
  ASSERT_FALSE(shot.image.empty());
  auto got = vv::read(shot.image);
  ASSERT_TRUE(static_cast<bool>(got)) << "level " << level << " seed " << seed << " style " << style << ": " << got.error().message;
  EXPECT_EQ(canon_text(canon(got->state)), canon_text(canon(shot.truth)))
      << "level " << level << " seed " << seed << " style " << style << " played " << played;
  EXPECT_EQ(got->wrenches_used, shot.truth.closed_count());
  // Every node's centre is where a click closes it: inside the image, distinct.
  for (std::size_t i = 0; i < got->centres.size(); ++i)
    for (std::size_t j = i + 1; j < got->centres.size(); ++j) EXPECT_GT(cv::norm(got->centres[i] - got->centres[j]), got->radius);
}

}  // namespace

TEST(ValvesReader, ReadsArenaLevelsAcrossStylesAndSeeds) {
  ASSERT_TRUE(fs::exists(arena_program())) << "build puzzlebot-arena first: " << arena_program();
  for (int style : {0, 1, 2, 3, 5})
    for (int seed : {1, 7})
      for (int level : {1, 4, 9}) expect_reads_back(level, seed, style, 0);
}

TEST(ValvesReader, ReadsClosedValvesMidGame) {
  ASSERT_TRUE(fs::exists(arena_program())) << "build puzzlebot-arena first: " << arena_program();
  for (int style : {0, 2, 4}) expect_reads_back(6, 3, style, 1);
}

TEST(ValvesReader, ImagePuzzleSolvesWhatItRead) {
  ASSERT_TRUE(fs::exists(arena_program()));
  const Shot shot = shoot(5, 11, 1, 0);
  auto puzzle = vv::kReader.read(shot.image, {});
  ASSERT_TRUE(static_cast<bool>(puzzle)) << puzzle.error().message;
  const auto out = (*puzzle)->solve(pb::solvers::Limits{});
  EXPECT_EQ(out.status, pb::solvers::Status::kSolved);
  const auto& p = static_cast<const vv::ValvesImagePuzzle&>(**puzzle);
  ASSERT_FALSE(static_cast<bool>(sv::check_solution(shot.truth, {})));  // the level is not already cut
  // The valves it would close, by name, cut the true network.
  std::vector<sv::Move> on_truth;
  for (sv::Move m : p.moves()) {
    const std::string& name = p.reading().state.names[static_cast<std::size_t>(m)];
    const auto it = std::find(shot.truth.names.begin(), shot.truth.names.end(), name);
    ASSERT_NE(it, shot.truth.names.end());
    on_truth.push_back(static_cast<sv::Move>(it - shot.truth.names.begin()));
  }
  EXPECT_TRUE(static_cast<bool>(sv::check_solution(shot.truth, on_truth)));
}

TEST(ValvesReader, RejectsNonBoards) {
  const cv::Mat blank(480, 640, CV_8UC3, cv::Scalar(230, 230, 230));
  EXPECT_FALSE(static_cast<bool>(vv::read(blank)));
  cv::Mat noise(480, 640, CV_8UC3);
  cv::randu(noise, 0, 255);
  EXPECT_FALSE(static_cast<bool>(vv::read(noise)));
  // Rings alone (no inlet, no outlet, no pipes) are not a network.
  cv::Mat rings = blank.clone();
  for (int i = 0; i < 4; ++i) cv::circle(rings, {120 + 120 * i, 240}, 20, cv::Scalar(40, 110, 40), 4, cv::LINE_AA);
  auto got = vv::read(rings);
  ASSERT_FALSE(static_cast<bool>(got));
  EXPECT_EQ(got.error().message.rfind("no board found: ", 0), 0u) << got.error().message;
  EXPECT_FALSE(static_cast<bool>(vv::read(cv::Mat())));
}
