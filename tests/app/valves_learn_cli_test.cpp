/* valves_learn_cli_test.cpp: `puzzlebot learn --game valves` fits a profile to a look the defaults refuse (a node-link diagram with faint pipes), and `solve --profile` reads another level of that look. */
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include <opencv2/core.hpp>

#include "samples/arena/arena.hpp"
#include "samples/arena/valves_level.hpp"
#include "solvers/valves/valves.hpp"
#include "tests/support/learn_round_trip.hpp"
#include "tests/support/arena_play.hpp"
#include "tests/support/valves_diagram.hpp"

namespace pb::testing {
namespace {

// The board text as the reader writes it: each pipe's names in order, pipes sorted (the arena's
// text lists them as the level was built; the round trip compares texts).
std::string canonical(const std::string& text) {
  std::istringstream in(text);
  std::string header, line;
  std::getline(in, header);
  std::vector<std::string> pipes;
  while (std::getline(in, line)) {
    std::istringstream words(line);
    std::string a, b;
    words >> a >> b;
    pipes.push_back(a < b ? a + " " + b : b + " " + a);
  }
  std::sort(pipes.begin(), pipes.end());
  std::string out = header + "\n";
  for (const std::string& p : pipes) out += p + "\n";
  return out;
}

// An arena level drawn as a diagram whose pipes (and wrench counter) are a pale grey on a white page,
// 24 levels apart: nearer the page than the default page_distance (30), so the defaults see no pipes.
cv::Mat faint_diagram(int level, std::string& board) {
  const cv::Size size(800, 600);
  auto s = arena_session(arena::game_from_name("valves"), level, 7001, 0, size, 0);
  EXPECT_TRUE(s.ok()) << s.error().message;
  const auto& lvl = dynamic_cast<const arena::ValvesLevel&>(s->level());
  DiagramStyle look = diagram_style(0);
  look.page = cv::Scalar(246, 246, 246);
  look.pipe = cv::Scalar(222, 222, 222);
  look.pipe_px = 4;
  board = canonical(solvers::valves::format(lvl.state()));
  return draw_valves_diagram(lvl, size, look);
}

TEST(ValvesLearnCli, LearnsALookTheDefaultsRefuseAndSolveReadsAnotherLevel) {
  std::string first, second;
  const cv::Mat learn_shot = faint_diagram(2, first), shot = faint_diagram(3, second);
  ASSERT_NE(first, second);
  expect_learn_round_trip({"valves", learn_shot, first, shot, second, "page_distance"});
}

}  // namespace
}  // namespace pb::testing
