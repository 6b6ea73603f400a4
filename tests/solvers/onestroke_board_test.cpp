/* onestroke_board_test.cpp: one-stroke board text (both forms), apply() and the replay check. */
#include <gtest/gtest.h>

#include <string>

#include "solvers/onestroke/onestroke.hpp"

namespace pb::solvers::onestroke {
namespace {

const char* const kLevel643 =
    "onestroke\n.##.S##\n#######\n##.####\n.######\n#.#####\n#####.#\n#######\n";

Result<State> read(const std::string& text, bool header = true) {
  auto board = split_text_board(text, "b.txt", header);
  if (!board) return board.error();
  if (!header) board->game = "onestroke";
  return parse(*board);
}

std::string error_of(const std::string& text, bool header = true) {
  auto s = read(text, header);
  return s ? std::string("(parsed)") : s.error().message;
}

TEST(OnestrokeBoard, ParsesLevel643) {
  auto s = read(kLevel643);
  ASSERT_TRUE(s) << s.error().message;
  EXPECT_EQ(s->rows, 7);
  EXPECT_EQ(s->cols, 7);
  EXPECT_EQ(s->head, (Cell{0, 4}));
  EXPECT_EQ(s->at({0, 4}), Site::kVisited);
  EXPECT_EQ(s->at({0, 0}), Site::kNone);
  EXPECT_EQ(s->at({0, 1}), Site::kFree);
  EXPECT_EQ(s->free_count(), 49 - 6 - 1);
  EXPECT_EQ(format(*s), kLevel643);
}

TEST(OnestrokeBoard, FormatRoundTripsMidLevel) {
  std::string text = "onestroke\n.xx#\nxS##\n";
  auto s = read(text);
  ASSERT_TRUE(s) << s.error().message;
  EXPECT_EQ(s->head, (Cell{1, 1}));
  EXPECT_EQ(s->free_count(), 3);
  EXPECT_EQ(format(*s), text);
}

TEST(OnestrokeBoard, BlogMapWithHeaderStart) {
  auto s = read("onestroke start=14\n111111\n101101\n111111\n101101\n111111\n000000\n");
  ASSERT_TRUE(s) << s.error().message;
  EXPECT_EQ(s->rows, 6);
  EXPECT_EQ(s->cols, 6);
  EXPECT_EQ(s->head, (Cell{2, 4}));  // the blog: index 14 is row 2, column 4
  EXPECT_EQ(s->free_count(), 26 - 1);  // 6+4+6+4+6 cells
  EXPECT_EQ(s->at({5, 0}), Site::kNone);
  EXPECT_EQ(s->at({1, 1}), Site::kNone);
}

TEST(OnestrokeBoard, BlogMapHeaderlessWithStartLine) {
  const std::string body = "111111\n101101\n111111\n101101\n111111\n000000\n";
  for (const std::string last : {"14", "start=14"}) {
    auto s = read(body + last + "\n", false);
    ASSERT_TRUE(s) << last << ": " << s.error().message;
    EXPECT_EQ(s->head, (Cell{2, 4})) << last;
  }
  // A start that is itself made of 0s and 1s: told from a row by its length.
  auto s = read(body + "10\n", false);
  ASSERT_TRUE(s) << s.error().message;
  EXPECT_EQ(s->rows, 6);
  EXPECT_EQ(s->head, (Cell{2, 0}));
}

TEST(OnestrokeBoard, BlogMapStartAsRowAndColumn) {
  const std::string body = "111111\n101101\n111111\n101101\n111111\n000000\n";
  // The same cell as index 14, in the header and as a body line.
  for (const std::string& text : {"onestroke start=2,4\n" + body, "onestroke\nstart=2,4\n" + body,
                                  "onestroke\n" + body + "2,4\n"}) {
    auto s = read(text);
    ASSERT_TRUE(s) << text << ": " << s.error().message;
    EXPECT_EQ(s->head, (Cell{2, 4})) << text;
    EXPECT_EQ(s->free_count(), 25) << text;
  }
  auto headerless = read(body + "start=4,0\n", false);
  ASSERT_TRUE(headerless) << headerless.error().message;
  EXPECT_EQ(headerless->head, (Cell{4, 0}));
  // A hole, or a cell off the map, is no start; a malformed value says both forms.
  EXPECT_NE(error_of("onestroke start=1,1\n" + body).find("not a cell of the map"), std::string::npos)
      << error_of("onestroke start=1,1\n" + body);
  EXPECT_NE(error_of("onestroke start=9,0\n" + body).find("not a cell of the map"), std::string::npos);
  EXPECT_NE(error_of("onestroke start=2;4\n" + body).find("ROW,COL"), std::string::npos)
      << error_of("onestroke start=2;4\n" + body);
}

TEST(OnestrokeBoard, ShortRowsArePaddedWithHoles) {
  auto s = read("onestroke\nS##\n#\n###\n");
  ASSERT_TRUE(s) << s.error().message;
  EXPECT_EQ(s->cols, 3);
  EXPECT_EQ(s->at({1, 1}), Site::kNone);
  EXPECT_EQ(s->at({1, 2}), Site::kNone);
  EXPECT_EQ(format(*s), "onestroke\nS##\n#..\n###\n");
}

TEST(OnestrokeBoard, ErrorsNameLineAndColumn) {
  EXPECT_NE(error_of("onestroke\nS##\n#?#\n").find("b.txt:3:2:"), std::string::npos) << error_of("onestroke\nS##\n#?#\n");
  EXPECT_NE(error_of("onestroke\n; c\nS#S\n").find("b.txt:3:3:"), std::string::npos);
  EXPECT_NE(error_of("onestroke\nS# #\n").find("b.txt:2:3:"), std::string::npos);
  EXPECT_NE(error_of("onestroke start=2\n111\n1#1\n").find("b.txt:3:2:"), std::string::npos);
  EXPECT_NE(error_of("onestroke\n###\n###\n").find("no start"), std::string::npos);
  EXPECT_NE(error_of("onestroke start=9\n111\n101\n").find("past the last cell"), std::string::npos);
  EXPECT_NE(error_of("onestroke\n111\n101\n").find("needs its start"), std::string::npos);
  EXPECT_NE(error_of("onestroke strat=1\n111\n").find("unknown parameter"), std::string::npos);
  EXPECT_NE(error_of("onestroke start=1\n111\n111\n2\n").find("given twice"), std::string::npos);
  EXPECT_NE(error_of("onestroke\n").find("no board rows"), std::string::npos);
}

TEST(OnestrokeBoard, ApplyFollowsTheRules) {
  auto s = read("onestroke\nS#.\n##x\n");
  ASSERT_TRUE(s);
  auto ok = apply(*s, Cell{0, 1});
  ASSERT_TRUE(ok) << ok.error().message;
  EXPECT_EQ(ok->head, (Cell{0, 1}));
  EXPECT_EQ(ok->at({0, 1}), Site::kVisited);
  EXPECT_FALSE(apply(*s, Cell{1, 1}));   // diagonal
  EXPECT_FALSE(apply(*s, Cell{0, 2}));   // not one step
  EXPECT_FALSE(apply(*s, Cell{-1, 0}));  // off the board
  EXPECT_FALSE(apply(*ok, Cell{0, 2}));  // a hole
  EXPECT_FALSE(apply(*ok, Cell{0, 0}));  // back onto the path
  auto down = apply(*ok, Cell{1, 1});
  ASSERT_TRUE(down);
  EXPECT_FALSE(apply(*down, Cell{1, 2}));  // an 'x' cell
}

TEST(OnestrokeBoard, CheckSolutionReplays) {
  auto s = read("onestroke\nS#\n##\n");
  ASSERT_TRUE(s);
  EXPECT_TRUE(check_solution(*s, {{0, 0}, {0, 1}, {1, 1}, {1, 0}}));
  EXPECT_FALSE(check_solution(*s, {{0, 0}, {0, 1}, {1, 1}}));          // a cell left
  EXPECT_FALSE(check_solution(*s, {{0, 1}, {1, 1}, {1, 0}}));          // wrong start
  EXPECT_FALSE(check_solution(*s, {{0, 0}, {1, 1}, {0, 1}, {1, 0}}));  // diagonal step
  EXPECT_FALSE(check_solution(*s, {{0, 0}, {0, 1}, {0, 0}, {1, 0}}));  // revisit
  EXPECT_FALSE(check_solution(*s, {}));
}

TEST(OnestrokeBoard, EndCellRoundTrips) {
  const std::string text = "onestroke\n.S##\n###E\n";
  auto s = read(text);
  ASSERT_TRUE(s) << s.error().message;
  ASSERT_TRUE(s->end);
  EXPECT_EQ(*s->end, (Cell{1, 3}));
  EXPECT_EQ(s->at({1, 3}), Site::kFree);  // E is a cell to visit, the last one
  EXPECT_EQ(s->free_count(), 6);
  EXPECT_EQ(format(*s), text);
  // Mid-level: visited cells and the head with an end.
  const std::string mid = "onestroke\nxxx#\n#S#E\n";
  auto m = read(mid);
  ASSERT_TRUE(m) << m.error().message;
  EXPECT_EQ(m->head, (Cell{1, 1}));
  EXPECT_EQ(*m->end, (Cell{1, 3}));
  EXPECT_EQ(format(*m), mid);
  // No E: no end.
  EXPECT_FALSE(read(kLevel643)->end);
}

TEST(OnestrokeBoard, EndCellInTheBlogMap) {
  const std::string body = "111111\n101101\n111111\n101101\n111111\n000000\n";
  for (const std::string header : {"onestroke start=14 end=0,0\n", "onestroke start=2,4 end=0\n"}) {
    auto s = read(header + body);
    ASSERT_TRUE(s) << header << s.error().message;
    EXPECT_EQ(s->head, (Cell{2, 4}));
    ASSERT_TRUE(s->end) << header;
    EXPECT_EQ(*s->end, (Cell{0, 0}));
    EXPECT_EQ(format(*s).substr(0, 17), "onestroke\nE#####\n");
  }
}

TEST(OnestrokeBoard, MalformedEndCellsAreRefused) {
  const std::string body = "111111\n101101\n111111\n";
  // Each refusal names the line and column or the header; the code is bad input.
  for (const std::string& text :
       {std::string("onestroke\nS#E\n#E#\n"),                  // two ends
        "onestroke start=0 end=1,1\n" + body,                    // the end on a hole
        "onestroke start=0 end=0\n" + body,                      // the end is the start
        "onestroke start=2,4 end=2,4\n" + body,                  // the same, as ROW,COL
        "onestroke start=0 end=99\n" + body,                     // past the last cell
        "onestroke start=0 end=9,9\n" + body,                    // off the map
        "onestroke start=0 end=a\n" + body,                      // neither form
        std::string("onestroke end=0,1\nS##\n")}) {              // end= on a symbol board
    auto s = read(text);
    ASSERT_FALSE(s) << text;
    EXPECT_EQ(s.error().code, ErrorCode::kBadInput) << text;
  }
  // The well-formed neighbours of those boards parse, so the refusals above are the ends' doing.
  EXPECT_TRUE(read("onestroke\nS#E\n###\n"));
  EXPECT_TRUE(read("onestroke start=0 end=0,1\n" + body));
}

TEST(OnestrokeBoard, TheEndCellIsSteppedOnLast) {
  auto s = read("onestroke\nSE\n##\n");
  ASSERT_TRUE(s);
  EXPECT_FALSE(apply(*s, Cell{0, 1}));  // two cells still to visit
  auto a = apply(*s, Cell{1, 0});
  ASSERT_TRUE(a);
  auto b = apply(*a, Cell{1, 1});
  ASSERT_TRUE(b);
  auto c = apply(*b, Cell{0, 1});  // the last cell: legal
  ASSERT_TRUE(c) << c.error().message;
  EXPECT_EQ(c->free_count(), 0);
  EXPECT_TRUE(check_solution(*s, {{0, 0}, {1, 0}, {1, 1}, {0, 1}}));
  EXPECT_FALSE(check_solution(*s, {{0, 0}, {0, 1}, {1, 1}, {1, 0}}));  // through E, ending elsewhere
}

}  // namespace
}  // namespace pb::solvers::onestroke
