/* sliding_model_test.cpp: sliding tiles board text, game IDs, rules and the parity proof. */
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>

#include "solvers/sliding/sliding.hpp"
#include "tests/support/replay_check.hpp"
#include "tests/support/solver_boards.hpp"

namespace pb::solvers::sliding {
namespace {

// Pattern databases go to the build tree, not the user's cache.
const bool kCacheSet = setenv("PUZZLEBOT_CACHE_DIR", PB_BINARY_DIR "/test-cache/sliding", 1) == 0;

Result<State> parse_text(std::string_view text) {
  auto board = split_text_board(text, "board.txt", true);
  if (!board.ok()) return board.error();
  return parse(board.value());
}

TEST(SlidingModel, ParsesAndFormatsRoundTrip) {
  auto s = parse_text("sliding\n; a comment\n 1  2  3\n 4  0  6\n 7  5  8\n");
  ASSERT_TRUE(s.ok()) << s.error().message;
  EXPECT_EQ(s->rows, 3);
  EXPECT_EQ(s->cols, 3);
  EXPECT_EQ(s->blank(), 4);
  const std::string text = format(*s);
  EXPECT_EQ(text, "sliding\n1 2 3\n4 0 6\n7 5 8\n");
  auto again = parse_text(text);
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(*again, *s);
}

TEST(SlidingModel, BadInputNamesLineAndColumn) {
  struct Case { const char* text; const char* expect; };
  const Case cases[] = {
      {"sliding\n1 2\n3 x\n", "board.txt:3:3: not a tile number: 'x'"},
      {"sliding\n1 2 3\n0 4\n", "board.txt:3: row has 2 numbers"},
      {"sliding\n1 2\n2 0\n", "board.txt:3:1: tile 2 appears twice"},
      {"sliding\n1 7\n3 0\n", "board.txt:2:3: tile 7 is out of range"},
      {"sliding\n1 -2\n3 0\n", "out of range"},
      {"sliding\n", "no rows"},
      {"sliding\n0\n", "at least 2 cells"},
      {"sliding size=3\n1 0\n", "unknown parameter 'size'"},
  };
  for (const Case& c : cases) {
    auto s = parse_text(c.text);
    ASSERT_FALSE(s.ok()) << c.text;
    EXPECT_EQ(s.error().code, ErrorCode::kBadInput) << c.expect << ": " << s.error().message;
  }
  std::string big = "sliding\n";
  for (int r = 0; r < 33; ++r) big += "1\n";
  auto s = parse_text(big);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().code, ErrorCode::kBadInput) << s.error().message;
}

TEST(SlidingModel, ParsesSimonTathamIdsWidthFirst) {
  auto s = parse_id("3x5:8,12,9,10,7,11,13,5,0,14,1,3,4,2,6", "id");
  ASSERT_TRUE(s.ok()) << s.error().message;
  EXPECT_EQ(s->cols, 3);  // sgt-fifteen writes W x H
  EXPECT_EQ(s->rows, 5);
  EXPECT_EQ(s->tiles[8], 0);
  EXPECT_TRUE(parse_id("fifteen:2x2:1,2,3,0", "").ok());
  for (const char* bad : {"4x4", "4x4:1,2,3", "4y4:1,2,3,0", "2x2:1,2,2,0", "2x2:1,2,,0", "0x2:", "40x40:1"})
    EXPECT_FALSE(parse_id(bad, "id").ok()) << bad;
}

TEST(SlidingModel, ApplyMovesOnlyTilesNextToTheBlank) {
  const State g = goal_state(3, 3);
  EXPECT_TRUE(is_goal(g));
  auto s = apply(g, 8);
  ASSERT_TRUE(s.ok());
  EXPECT_EQ(s->blank(), 7);
  EXPECT_FALSE(is_goal(*s));
  EXPECT_FALSE(apply(g, 5).ok());   // diagonal-free but not adjacent
  EXPECT_FALSE(apply(g, 9).ok());   // no such tile
  EXPECT_FALSE(apply(g, 0).ok());   // the blank is not a move
  EXPECT_TRUE(check_solution(*s, {8}).ok());
  EXPECT_FALSE(check_solution(*s, {}).ok());
  EXPECT_FALSE(check_solution(*s, {6}).ok());
}

// Random walks from the goal are always solvable; one swap of two tiles never is.
TEST(SlidingModel, ParityProvesSwappedBoardsUnsolvable) {
  std::mt19937 rng(4);
  for (int rows = 2; rows <= 7; ++rows) {
    for (int cols = 2; cols <= 7; ++cols) {
      State s = goal_state(rows, cols);
      for (int i = 0; i < 200; ++i) {
        const int b = s.blank();
        std::vector<int> nb;
        if (b >= cols) nb.push_back(s.tiles[b - cols]);
        if (b + cols < s.cells()) nb.push_back(s.tiles[b + cols]);
        if (b % cols > 0) nb.push_back(s.tiles[b - 1]);
        if (b % cols < cols - 1) nb.push_back(s.tiles[b + 1]);
        s = apply(s, nb[rng() % nb.size()]).value();
      }
      EXPECT_EQ(unsolvable_reason(s), "") << rows << "x" << cols;
      State swapped = s;
      int a = 0, c = 1;
      if (swapped.tiles[a] == 0) a = 2;
      if (swapped.tiles[c] == 0) c = 2;
      std::swap(swapped.tiles[a], swapped.tiles[c]);
      const std::string why = unsolvable_reason(swapped);
      EXPECT_NE(why.find("permutation parity"), std::string::npos) << rows << "x" << cols;
      const Solution sol = solve(swapped, Limits{});
      EXPECT_EQ(sol.status, Status::kUnsolvable);
      EXPECT_EQ(sol.nodes, 0u);  // proved, not searched
    }
  }
  // The classic: 14 and 15 exchanged.
  auto s = parse_text("sliding\n1 2 3 4\n5 6 7 8\n9 10 11 12\n13 15 14 0\n");
  ASSERT_TRUE(s.ok());
  EXPECT_EQ(solve(*s, Limits{}).status, Status::kUnsolvable);
}

TEST(SlidingModel, OneWideBoards) {
  auto ok = parse_text("sliding\n1 0 2 3\n");
  ASSERT_TRUE(ok.ok());
  const Solution sol = solve(*ok, Limits{});
  ASSERT_EQ(sol.status, Status::kSolved);
  EXPECT_EQ(sol.moves, (std::vector<Move>{2, 3}));
  EXPECT_TRUE(check_solution(*ok, sol.moves).ok());
  auto bad = parse_text("sliding\n2\n0\n1\n");
  ASSERT_TRUE(bad.ok());
  const Solution no = solve(*bad, Limits{});
  EXPECT_EQ(no.status, Status::kUnsolvable);
  EXPECT_NE(no.reason.find("cannot pass"), std::string::npos);
}

TEST(SlidingModel, GameEntryProducesJsonMovesAndStats) {
  const Outcome out = test_support::solve_replayed(kGame, "sliding\n1 2 3\n4 5 6\n0 7 8\n");
  EXPECT_EQ(pb::testing::replay::move_count(out.moves_json), 2u) << out.moves_json;
  EXPECT_EQ(out.moves_text, "7 left, 8 left");
  EXPECT_TRUE(test_support::has_stat(out, "lower_bound", "2"));
  EXPECT_TRUE(test_support::has_stat(out, "optimal", "true"));
  ASSERT_NE(kGame.parse_id, nullptr);
  auto unsolvable = kGame.parse_id("2x2:2,1,3,0", "id");
  ASSERT_TRUE(unsolvable.ok());
  EXPECT_EQ(unsolvable.value()->solve(Limits{}).status, Status::kUnsolvable);
}

// IDs straight from Simon Tatham's generator, when it is installed.
TEST(SlidingModel, SolvesSgtFifteenGeneratedIds) {
  FILE* p = popen("/usr/games/sgt-fifteen --generate 2 3x3 2>/dev/null; "
                  "/usr/games/sgt-fifteen --generate 2 4x2 2>/dev/null", "r");
  ASSERT_NE(p, nullptr) << "cannot run sgt-fifteen";
  std::string out;
  char buf[256];
  while (fgets(buf, sizeof buf, p) != nullptr) out += buf;
  pclose(p);
  ASSERT_FALSE(out.empty()) << "sgt-fifteen gave no IDs: is sgt-puzzles installed (scripts/setup.sh)?";
  std::size_t pos = 0, solved = 0;
  while (pos < out.size()) {
    std::size_t nl = out.find('\n', pos);
    if (nl == std::string::npos) nl = out.size();
    const std::string id = out.substr(pos, nl - pos);
    pos = nl + 1;
    if (id.empty()) continue;
    auto s = parse_id(id, "sgt");
    ASSERT_TRUE(s.ok()) << id << ": " << s.error().message;
    EXPECT_EQ(unsolvable_reason(*s), "") << id;
    const Solution sol = solve(*s, Limits{});
    ASSERT_EQ(sol.status, Status::kSolved) << id;
    EXPECT_TRUE(check_solution(*s, sol.moves).ok()) << id;
    ++solved;
  }
  EXPECT_EQ(solved, 4u);
}

}  // namespace
}  // namespace pb::solvers::sliding
