// knight_parse_test.cpp: the knight board text: what parses, what is refused (with line:col), round trips.
#include <gtest/gtest.h>

#include <string>

#include "solvers/knight/knight.hpp"
#include "tests/support/solver_boards.hpp"

namespace pb::solvers::knight {
namespace {

Result<State> parse_text(const std::string& text) { return test_support::parse_with(&parse, text, "k.txt"); }

std::string error_of(const std::string& text) {
  auto state = parse_text(text);
  return state.ok() ? std::string("<parsed>") : state.error().message;
}

TEST(KnightParse, ReadsSquaresStartAndClosed) {
  auto s = parse_text("knight closed=1\n; a comment\n..N\n#..\n");
  ASSERT_TRUE(s.ok()) << s.error().message;
  EXPECT_EQ(s->rows, 2);
  EXPECT_EQ(s->cols, 3);
  EXPECT_TRUE(s->closed);
  ASSERT_TRUE(s->start.has_value());
  EXPECT_EQ(*s->start, (Cell{0, 2}));
  EXPECT_EQ(s->at({1, 0}), Square::kRemoved);
  EXPECT_EQ(s->free_count(), 5);
  EXPECT_EQ(format(*s), "knight closed=1\n..N\n#..\n");
  auto open = parse_text("knight\n...\n");
  ASSERT_TRUE(open.ok());
  EXPECT_FALSE(open->closed);
  EXPECT_FALSE(open->start.has_value());
}

TEST(KnightParse, RefusesBadBoardsWithLineAndColumn) {
  EXPECT_EQ(error_of("knight\n...\n.x.\n"), "k.txt:3:2: unexpected 'x': knight rows use '.' (square), '#' (removed) and 'N' (start)");
  EXPECT_EQ(error_of("knight\nN..\n..N\n").rfind("k.txt:3:3: a second start", 0), 0u);
  EXPECT_EQ(error_of("knight\n...\n..\n").rfind("k.txt:3:3: row has 2 squares", 0), 0u);
  EXPECT_EQ(error_of("knight closed=2\n...\n").rfind("k.txt:1: closed=2 is out of range", 0), 0u);
  EXPECT_EQ(error_of("knight closd=1\n...\n").rfind("k.txt:1: unknown parameter 'closd'", 0), 0u);
  EXPECT_NE(error_of("knight\n").find("no rows"), std::string::npos);
  EXPECT_NE(error_of("knight\n###\n").find("no squares"), std::string::npos);
  EXPECT_NE(error_of("knight\n" + std::string(2001, '.') + "\n").find("larger than the 2000x2000 limit"), std::string::npos);
  std::string holed = "knight\n#" + std::string(600, '.') + "\n";
  for (int r = 1; r < 500; ++r) holed += std::string(601, '.') + "\n";
  EXPECT_NE(error_of(holed).find("limit of 250000 squares for holed boards"), std::string::npos);
}

TEST(KnightParse, MidTourStatesFormatAsTheRemainingProblem) {
  auto s = parse_text("knight\nN...\n....\n....\n");
  ASSERT_TRUE(s.ok());
  auto a = apply(*s, {0, 0});
  ASSERT_TRUE(a.ok());
  auto b = apply(*a, {2, 1});
  ASSERT_TRUE(b.ok());
  EXPECT_EQ(format(*b), "knight\n#...\n....\n.N..\n");
  EXPECT_EQ(solve(*b, Limits{}).status, Status::kGaveUp);  // solve() takes boards before the first move
}

}  // namespace
}  // namespace pb::solvers::knight
