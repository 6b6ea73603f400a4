// knight_tour_test.cpp: knight's tours found, replayed through the rules, and impossibility proved.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <string>

#include "solvers/knight/game.hpp"
#include "solvers/knight/knight.hpp"

namespace pb::solvers::knight {
namespace {

State full_board(int rows, int cols, bool closed, std::optional<Cell> start = std::nullopt) {
  State s;
  s.rows = rows;
  s.cols = cols;
  s.closed = closed;
  s.start = start;
  s.squares.assign(static_cast<std::size_t>(rows * cols), Square::kFree);
  return s;
}

State from_text(const std::string& text) {
  auto board = split_text_board(text, "test.txt", true);
  EXPECT_TRUE(board.ok()) << (board.ok() ? "" : board.error().message);
  auto state = parse(*board);
  EXPECT_TRUE(state.ok()) << (state.ok() ? "" : state.error().message);
  return *state;
}

Limits test_limits() { return Limits::with_timeout(std::chrono::seconds(20)); }

// Solves, insists on `want`, and replays any tour through the rules.
Solution expect(const State& state, Status want) {
  Solution sol = solve(state, test_limits());
  EXPECT_EQ(sol.status, want) << format(state) << sol.reason;
  if (sol.status == Status::kSolved) {
    auto ok = check_solution(state, sol.tour);
    EXPECT_TRUE(ok.ok()) << (ok.ok() ? "" : ok.error().message);
    if (state.start && !sol.tour.empty()) {
      EXPECT_EQ(sol.tour.front(), *state.start);
    }
  } else {
    EXPECT_FALSE(sol.reason.empty());
  }
  return sol;
}

TEST(KnightTour, EightByEightOpenFromEveryStart) {
  for (int r = 0; r < 8; ++r)
    for (int c = 0; c < 8; ++c) expect(full_board(8, 8, false, Cell{r, c}), Status::kSolved);
}

TEST(KnightTour, EightByEightClosedFromEveryStart) {
  for (int r = 0; r < 8; ++r)
    for (int c = 0; c < 8; ++c) expect(full_board(8, 8, true, Cell{r, c}), Status::kSolved);
}

TEST(KnightTour, SchwenkBoardsHaveNoClosedTour) {
  for (auto [r, c] : {std::pair{5, 5}, {7, 9}, {4, 6}, {6, 4}, {4, 100}, {3, 4}, {3, 6}, {8, 3}, {2, 8}, {1, 5}, {1, 1},
                      {1001, 1001}}) {
    Solution sol = expect(full_board(r, c, true), Status::kUnsolvable);
    EXPECT_NE(sol.reason.find("Schwenk"), std::string::npos) << sol.reason;
  }
}

// The theorems' small cases must agree with exhaustive search (search_only uses no theorem).
TEST(KnightTour, TheoremsAgreeWithExhaustionOnSmallBoards) {
  for (int m = 1; m <= 5; ++m)
    for (int n = m; n <= (m <= 3 ? 10 : 6); ++n)
      for (bool closed : {false, true}) {
        State s = full_board(m, n, closed);
        Solution by_search = search_only(s, test_limits());
        Solution by_solve = solve(s, test_limits());
        ASSERT_NE(by_search.status, Status::kGaveUp) << m << "x" << n;
        EXPECT_EQ(by_search.status, by_solve.status) << m << "x" << n << (closed ? " closed: " : " open: ")
                                                     << by_solve.reason;
        if (by_search.status == Status::kSolved) {
          EXPECT_TRUE(check_solution(s, by_search.tour).ok());
        }
      }
  // The open exceptions of Conrad et al. and the closed ones of Schwenk, by name.
  for (auto [m, n] : {std::pair{3, 5}, {3, 6}, {4, 4}}) EXPECT_EQ(search_only(full_board(m, n, false), test_limits()).status, Status::kUnsolvable);
  for (auto [m, n] : {std::pair{3, 4}, {3, 7}, {4, 5}}) EXPECT_EQ(search_only(full_board(m, n, false), test_limits()).status, Status::kSolved);
  EXPECT_EQ(search_only(full_board(3, 8, true), test_limits()).status, Status::kUnsolvable);
  EXPECT_EQ(search_only(full_board(3, 10, true), test_limits()).status, Status::kSolved);
}

TEST(KnightTour, ColourCountsFromAGivenStart) {
  // 5x5: 13 light, 12 dark. A dark start is impossible; every light start is decided exactly.
  for (int r = 0; r < 5; ++r)
    for (int c = 0; c < 5; ++c) {
      State s = full_board(5, 5, false, Cell{r, c});
      Solution sol = solve(s, test_limits());
      if ((r + c) % 2 == 1) {
        EXPECT_EQ(sol.status, Status::kUnsolvable);
        EXPECT_NE(sol.reason.find("colour"), std::string::npos) << sol.reason;
      } else {
        EXPECT_NE(sol.status, Status::kGaveUp);
        EXPECT_EQ(sol.status, search_only(s, test_limits()).status) << r << "," << c;
        if (sol.status == Status::kSolved) {
          EXPECT_TRUE(check_solution(s, sol.tour).ok());
        }
      }
    }
  // Large odd boards take the same proof without a search.
  expect(full_board(101, 103, false, Cell{0, 1}), Status::kUnsolvable);
  expect(full_board(101, 103, false, Cell{50, 50}), Status::kSolved);
  // Counts differing by two: no tour from anywhere.
  Solution two = expect(from_text("knight\n#.#.\n....\n....\n....\n"), Status::kUnsolvable);
  EXPECT_NE(two.reason.find("at most one"), std::string::npos) << two.reason;
  // Closed tours need equal counts.
  Solution closed = expect(from_text("knight closed=1\n......\n......\n......\n......\n......\n.....#\n"), Status::kUnsolvable);
  EXPECT_NE(closed.reason.find("as many light"), std::string::npos) << closed.reason;
}

TEST(KnightTour, DisconnectedAndOneMoveSquares) {
  Solution apart = expect(from_text("knight\n.....\n.....\n#####\n#####\n.....\n"), Status::kUnsolvable);
  EXPECT_NE(apart.reason.find("cannot get from"), std::string::npos) << apart.reason;
  // (0,0) keeps only the move to (1,2) once (2,1) is removed.
  Solution single = expect(from_text("knight closed=1\n......\n......\n.#....\n......\n......\n......\n"), Status::kUnsolvable);
  EXPECT_NE(single.reason.find("only one knight move"), std::string::npos) << single.reason;
}

TEST(KnightTour, HoledBoardsAreDecidedExactly) {
  // Every 4x5 board with one square removed, no start: solve() (with its shortcuts) must agree with
  // plain exhaustive search, and some of them (an inner-row hole) are only settled by exhaustion.
  int by_exhaustion = 0;
  for (int hole = 0; hole < 20; ++hole) {
    State s = full_board(4, 5, false);
    s.squares[static_cast<std::size_t>(hole)] = Square::kRemoved;
    Solution sol = solve(s, test_limits());
    Solution exact = search_only(s, test_limits());
    ASSERT_NE(exact.status, Status::kGaveUp);
    EXPECT_EQ(sol.status, exact.status) << format(s) << sol.reason;
    if (sol.status == Status::kSolved) {
      EXPECT_TRUE(check_solution(s, sol.tour).ok());
    }
    if (sol.status == Status::kUnsolvable && sol.reason.find("exhaustive") != std::string::npos) ++by_exhaustion;
  }
  // Holed boards with a start, or closed, where no counting argument applies: decided, replayed.
  for (std::string text : {"knight\nN....#\n......\n..#...\n......\n...#..\n.#....\n",
                           "knight\nN....#\n......\n..#...\n...#..\n......\n#.....\n",
                           "knight closed=1\n......\n......\n..##..\n..##..\n......\n......\n"}) {
    State s = from_text(text);
    expect(s, search_only(s, test_limits()).status);
  }
  EXPECT_GT(by_exhaustion, 0);
}

TEST(KnightTour, ExhaustionProvesAStartImpossible) {
  // 3x4 has open tours and 6 light vs 6 dark squares, and the board is connected, yet there is no
  // tour from (1,1): only exhaustion can tell.
  State s = full_board(3, 4, false, Cell{1, 1});
  Solution sol = expect(s, Status::kUnsolvable);
  EXPECT_NE(sol.reason.find("exhaustive"), std::string::npos) << sol.reason;
}

TEST(KnightTour, LargeBoardsByConstruction) {
  expect(full_board(100, 100, true), Status::kSolved);
  expect(full_board(100, 100, false, Cell{37, 41}), Status::kSolved);
  expect(full_board(100, 100, true, Cell{99, 0}), Status::kSolved);
  Solution big = expect(full_board(500, 501, false), Status::kSolved);
  EXPECT_EQ(big.method, Method::kConstruction);
  expect(full_board(501, 500, true, Cell{250, 250}), Status::kSolved);
  expect(full_board(5, 301, false, Cell{2, 150}), Status::kSolved);
  expect(full_board(13, 17, false, Cell{6, 8}), Status::kSolved);
  expect(full_board(12, 5, true), Status::kSolved);
}

TEST(KnightTour, ThreeWideBoardsByChain) {
  for (int n = 16; n <= 40; ++n) expect(full_board(3, n, false), Status::kSolved);
  expect(full_board(3, 1000, false), Status::kSolved);
  expect(full_board(1000, 3, false, Cell{995, 1}), Status::kSolved);  // start in the last piece: mirrored
}

TEST(KnightTour, BudgetIsHonoured) {
  Limits limits;
  limits.max_nodes = 20;
  Solution sol = solve(from_text("knight\n......#..\n.........\n...#.....\n.........\n.....#...\n.........\n"), limits);
  EXPECT_EQ(sol.status, Status::kGaveUp);
  EXPECT_NE(sol.reason.find("node budget"), std::string::npos) << sol.reason;
}

TEST(KnightTour, RulesRejectBadMoves) {
  State s = full_board(5, 5, false, Cell{0, 0});
  EXPECT_FALSE(apply(s, {1, 2}).ok());  // not the start
  auto placed = apply(s, {0, 0});
  ASSERT_TRUE(placed.ok());
  EXPECT_FALSE(apply(*placed, {1, 1}).ok());  // not a knight's move
  EXPECT_FALSE(apply(*placed, {-2, 1}).ok());  // off the board
  auto moved = apply(*placed, {1, 2});
  ASSERT_TRUE(moved.ok());
  EXPECT_FALSE(apply(*moved, {0, 0}).ok());  // revisit
  State holed = from_text("knight\nN.#\n...\n.#.\n");
  EXPECT_FALSE(apply(*apply(holed, {0, 0}), {2, 1}).ok());  // removed square
  // A closed tour whose last square is not a knight's move from the first fails the replay.
  State c = full_board(3, 4, false);
  Solution open = solve(c, test_limits());
  ASSERT_EQ(open.status, Status::kSolved);
  c.closed = true;
  EXPECT_FALSE(check_solution(c, open.tour).ok());
  EXPECT_FALSE(check_solution(full_board(3, 4, false), {open.tour.begin(), open.tour.end() - 1}).ok());
}

TEST(KnightTour, PuzzleOutcome) {
  auto board = split_text_board("knight closed=1\n......\n......\n......\n...N..\n......\n......\n", "t", true);
  ASSERT_TRUE(board.ok());
  auto puzzle = kGame.parse(*board);
  ASSERT_TRUE(puzzle.ok());
  Outcome out = (*puzzle)->solve(test_limits());
  EXPECT_EQ(out.status, Status::kSolved);
  EXPECT_EQ(out.moves_json.rfind("[[3,3],", 0), 0u) << out.moves_json;
  EXPECT_NE(out.moves_text.find("closed tour of 36 squares from (3,3)"), std::string::npos) << out.moves_text;
  EXPECT_EQ((*puzzle)->format(), "knight closed=1\n......\n......\n......\n...N..\n......\n......\n");
}

}  // namespace
}  // namespace pb::solvers::knight

namespace pb::solvers::knight {
namespace {

// The sample boards solve to what their comments say.
TEST(KnightTour, SampleBoards) {
  const std::pair<const char*, Status> samples[] = {
      {"eight_open.txt", Status::kSolved},          {"eight_closed.txt", Status::kSolved},
      {"five_closed_impossible.txt", Status::kUnsolvable}, {"five_dark_start.txt", Status::kUnsolvable},
      {"holed_start.txt", Status::kSolved},         {"holed_exhaustion.txt", Status::kUnsolvable},
      {"big_closed_200.txt", Status::kSolved}};
  for (auto [name, want] : samples) {
    std::string path = std::string(PB_SOURCE_DIR) + "/samples/boards/knight/" + name;
    FILE* f = std::fopen(path.c_str(), "rb");
    ASSERT_NE(f, nullptr) << path;
    std::string text;
    char buf[65536];
    for (std::size_t n; (n = std::fread(buf, 1, sizeof buf, f)) > 0;) text.append(buf, n);
    std::fclose(f);
    expect(from_text(text), want);
  }
}

}  // namespace
}  // namespace pb::solvers::knight
