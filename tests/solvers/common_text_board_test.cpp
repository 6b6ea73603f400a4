/* common_text_board_test.cpp: the game-independent board text splitting and its error positions. */
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "solvers/common/puzzle.hpp"
#include "solvers/common/replay.hpp"
#include "solvers/common/text_board.hpp"

namespace pb::solvers {
namespace {

TEST(TextBoard, SplitsHeaderParamsAndRowsSkippingCommentsAndBlanks) {
  auto b = split_text_board("; a comment\n\nvalves k=3 inlet=X outlet=Y\r\nX G  \n; more\n\nG Y\n", "f.txt", true);
  ASSERT_TRUE(b.ok()) << b.error().message;
  EXPECT_EQ(b->game, "valves");
  EXPECT_EQ(b->header_line, 3);
  EXPECT_EQ(b->params.at("k"), "3");
  EXPECT_EQ(b->params.at("inlet"), "X");
  ASSERT_EQ(b->rows.size(), 2u);
  EXPECT_EQ(b->rows[0].line, 4);
  EXPECT_EQ(b->rows[0].text, "X G");
  EXPECT_EQ(b->rows[1].line, 7);
}

TEST(TextBoard, HeaderlessKeepsEveryMeaningfulLine) {
  auto b = split_text_board("111\n101\n\n111\n", "m", false);
  ASSERT_TRUE(b.ok());
  EXPECT_EQ(b->game, "");
  EXPECT_EQ(b->rows.size(), 3u);
  EXPECT_EQ(b->rows[2].line, 4);
}

TEST(TextBoard, MalformedParameterReportsLineAndColumn) {
  auto b = split_text_board("\nknight closed\n", "k.txt", true);
  ASSERT_FALSE(b.ok());
  EXPECT_EQ(b.error().code, ErrorCode::kBadInput) << b.error().message;  // "k.txt:2:8: header parameter ..."
}

TEST(TextBoard, DuplicateParameterIsAnError) {
  auto b = split_text_board("hanoi goal=1 goal=2\n", "h", true);
  ASSERT_FALSE(b.ok());
  EXPECT_EQ(b.error().code, ErrorCode::kBadInput);
}

TEST(TextBoard, NulByteIsRejectedWithPosition) {
  std::string text = "onestroke\n#S";
  text += '\0';
  text += "#\n";
  auto b = split_text_board(text, "n", true);
  ASSERT_FALSE(b.ok());
  EXPECT_EQ(b.error().code, ErrorCode::kBadInput) << b.error().message;
}

TEST(TextBoard, EmptyTextIsRejected) {
  EXPECT_FALSE(split_text_board("\n; only a comment\n  \n", "e", true).ok());
}

TEST(TextBoard, IntParamChecksRangeAndSyntax) {
  auto b = split_text_board("river guards=3 prisoners=x boat=99999999999999999999\n", "r", true);
  ASSERT_TRUE(b.ok());
  EXPECT_EQ(*b->int_param("guards", 0, 0, 100), 3);
  EXPECT_EQ(*b->int_param("missing", 7, 0, 100), 7);
  EXPECT_FALSE(b->int_param("prisoners", 0, 0, 100).ok());
  EXPECT_FALSE(b->int_param("boat", 0, 0, 100).ok());
  EXPECT_FALSE(b->int_param("guards", 0, 5, 100).ok());
}

TEST(TextBoard, UnknownParameterNamesTheKnownOnes) {
  auto b = split_text_board("knight closd=1\n", "k", true);
  ASSERT_TRUE(b.ok());
  auto checked = b->check_params({"closed"});
  ASSERT_FALSE(checked.ok());
  EXPECT_EQ(checked.error().code, ErrorCode::kBadInput);
  EXPECT_TRUE(b->check_params({"closd"}).ok());
}

TEST(TextBoard, FirstWordSkipsCommentsAndBlankLines) {
  EXPECT_EQ(first_word("; hi\n\n  pegs target=3,3\n"), "pegs");
  EXPECT_EQ(first_word("4x4:1,2,3\n"), "4x4:1,2,3");
  EXPECT_EQ(first_word(""), "");
}

TEST(Budget, StopsAtTheNodeLimitAndStaysStopped) {
  Limits limits;
  limits.max_nodes = 10;
  Budget budget(limits);
  int ticks = 0;
  while (budget.tick()) ++ticks;
  EXPECT_EQ(ticks, 10);
  EXPECT_TRUE(budget.exhausted());
  EXPECT_EQ(budget.hit(), Limit::kNodes);
  EXPECT_FALSE(budget.tick());
}

// A stop by the user is its own limit, never the time limit (puzzlebot solve's reason for Ctrl-C).
TEST(Budget, StopsWhenCancelled) {
  std::atomic<bool> cancel{true};
  Limits limits;
  limits.cancel = &cancel;
  Budget budget(limits);
  std::uint64_t n = 0;
  while (budget.tick() && n < 100000) ++n;
  EXPECT_TRUE(budget.exhausted());
  EXPECT_EQ(budget.hit(), Limit::kStopped);
  EXPECT_LE(n, 1024u);
}

TEST(TextBoard, WordsCarryTheirColumns) {
  auto w = words("  ab\tc  d");
  ASSERT_EQ(w.size(), 3u);
  EXPECT_EQ(w[0].text, "ab");
  EXPECT_EQ(w[0].col, 3);
  EXPECT_EQ(w[1].text, "c");
  EXPECT_EQ(w[1].col, 6);
  EXPECT_EQ(w[2].text, "d");
  EXPECT_EQ(w[2].col, 9);
  EXPECT_TRUE(words(" \t ").empty());
}

TEST(Replay, NamesTheFirstIllegalMove) {
  // A counter that may only go up by 1 or 2.
  auto step = [](int at, int by) -> Result<int> {
    if (by < 1 || by > 2) return make_error("cannot add " + std::to_string(by));
    return at + by;
  };
  auto end = replay_moves(0, std::vector<int>{1, 2, 2}, step);
  ASSERT_TRUE(end.ok());
  EXPECT_EQ(*end, 5);
  auto bad = replay_moves(0, std::vector<int>{1, 3}, step, "trip");
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().code, ErrorCode::kBadInput) << bad.error().message;  // "trip 2: cannot add 3"
}

}  // namespace
}  // namespace pb::solvers
