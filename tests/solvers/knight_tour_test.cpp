// knight_tour_test.cpp: knight's tours found, replayed through the rules, and impossibility proved.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <tuple>

#include "solvers/knight/column_dp.hpp"
#include "solvers/knight/knight.hpp"
#include "tests/support/replay_check.hpp"
#include "tests/support/solver_boards.hpp"

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

// The theorems restated independently of theory.cpp, sides in any order. Conrad et al. (1994): an
// open tour exists unless the short side is 1 or 2 (1x1 aside), or it is 3x3, 3x5, 3x6 or 4x4.
// Schwenk (1991): a closed tour exists unless both sides are odd, the short side is 1, 2 or 4, or it
// is 3x4, 3x6 or 3x8.
bool tour_exists(int rows, int cols, bool closed) {
  int m = std::min(rows, cols), n = std::max(rows, cols);
  if (closed)
    return !(m % 2 == 1 && n % 2 == 1) && m != 1 && m != 2 && m != 4 && !(m == 3 && (n == 4 || n == 6 || n == 8));
  if (m == 1) return n == 1;
  return m != 2 && !(m == 3 && (n == 3 || n == 5 || n == 6)) && !(m == 4 && n == 4);
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
  // 3x8 has open tours and 12 light vs 12 dark squares, and the board is connected, yet there is no
  // tour from (1,2): only exhaustion can tell (the column programme's, checked against the search's).
  State s = full_board(3, 8, false, Cell{1, 2});
  Solution sol = expect(s, Status::kUnsolvable);
  EXPECT_NE(sol.reason.find("exhaustive"), std::string::npos) << sol.reason;
  EXPECT_EQ(search_only(s, test_limits()).status, Status::kUnsolvable);
  // On a board with a side of 4 the alternation argument settles inner starts without exhaustion.
  Solution inner = expect(full_board(3, 4, false, Cell{1, 1}), Status::kUnsolvable);
  EXPECT_NE(inner.reason.find("alternate"), std::string::npos) << inner.reason;
}

// Every start of every board 5..11 x 5..11 (open), and each board's free open and closed tours,
// within a node budget a plain open search from a given start blew (5x10 from (1,1) and 5x11 from
// (2,8) took millions of nodes): boards with a closed tour read one from the start, odd boards use
// the block construction. A tour exists from every light square of these odd boards, as exhaustive
// search found for each of them once; on the even boards from every square (Schwenk).
TEST(KnightTour, SmallBoardsEveryStartWithinANodeBudget) {
  Limits limits = test_limits();
  limits.max_nodes = 100000;
  for (int m = 5; m <= 11; ++m)
    for (int n = m; n <= 11; ++n)
      for (int k = -2; k < m * n; ++k) {
        State s = full_board(m, n, k == -1);
        if (k >= 0) s.start = Cell{k / n, k % n};
        bool exists = tour_exists(m, n, s.closed) && (!s.start || (m * n) % 2 == 0 || (k / n + k % n) % 2 == 0);
        Solution sol = solve(s, limits);
        ASSERT_EQ(sol.status, exists ? Status::kSolved : Status::kUnsolvable) << m << "x" << n << " k " << k << ": " << sol.reason;
        if (sol.status == Status::kSolved) {
          ASSERT_TRUE(check_solution(s, sol.tour).ok());
        }
      }
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


// Every 3- and 4-wide board up to 60 long, both orientations, open and closed: a tour (replayed)
// exactly where the theorems say one exists, and a reason where not.
TEST(KnightTour, NarrowBoardsFollowTheTheorems) {
  for (int m : {3, 4})
    for (int n = 1; n <= 60; ++n)
      for (bool closed : {false, true})
        for (bool transpose : {false, true}) {
          State s = transpose ? full_board(n, m, closed) : full_board(m, n, closed);
          bool exists = tour_exists(s.rows, s.cols, closed);
          Solution sol = expect(s, exists ? Status::kSolved : Status::kUnsolvable);
          if (exists) {
            EXPECT_EQ(sol.method, Method::kColumnDp) << s.rows << "x" << s.cols;
          }
        }
}

TEST(KnightTour, LongNarrowBoards) {
  for (auto [r, c] : {std::pair{3, 2000}, {4, 2000}, {2000, 3}, {2000, 4}, {1000, 3}, {1000, 4}, {3, 1999}, {4, 1999}})
    for (bool closed : {false, true}) {
      Solution sol = expect(full_board(r, c, closed), tour_exists(r, c, closed) ? Status::kSolved : Status::kUnsolvable);
      // The programme's work does not grow with the length (states expanded, a deterministic
      // measure; at most about 80,000 here, where computing every column of 4x2000 would take tens
      // of millions).
      EXPECT_LT(sol.nodes, 1000000u) << r << "x" << c;
    }
  // Given starts in the middle, at the ends and in the corners.
  expect(full_board(4, 2000, false, Cell{0, 1000}), Status::kSolved);
  expect(full_board(4, 2000, false, Cell{3, 1}), Status::kSolved);
  expect(full_board(2000, 4, false, Cell{1999, 3}), Status::kSolved);
  expect(full_board(2000, 4, false, Cell{1000, 0}), Status::kSolved);
  expect(full_board(3, 2000, false, Cell{1, 1234}), Status::kSolved);
  expect(full_board(1999, 3, false, Cell{1000, 0}), Status::kSolved);
  expect(full_board(1000, 3, true, Cell{500, 1}), Status::kSolved);
  // Odd 3 x n: a dark start is refused by the colour count.
  expect(full_board(3, 1999, false, Cell{1, 1000}), Status::kUnsolvable);
  // Inner starts of 4 x n: refused by the alternation argument (theory.cpp), and the exhaustive
  // programme, which knows no theorem, must agree at any length.
  Solution inner = expect(full_board(4, 2000, false, Cell{1, 1000}), Status::kUnsolvable);
  EXPECT_NE(inner.reason.find("outer"), std::string::npos) << inner.reason;
  for (State s : {full_board(4, 2000, false, Cell{1, 1000}), full_board(2000, 4, false, Cell{7, 2}),
                  full_board(4, 9, false, Cell{2, 0})}) {
    Limits limits = test_limits();
    Budget budget(limits);
    EXPECT_EQ(column_dp_tour(s, budget).end, DpEnd::kNone) << s.rows << "x" << s.cols;
  }
}

// Every start of the small 3- and 4-wide boards: solve() (theorems, then the column programme) must
// agree with plain exhaustive search, which shares no code with either.
TEST(KnightTour, NarrowGivenStartsAgreeWithExhaustion) {
  int refused = 0;
  for (auto [m, n] : {std::pair{3, 4}, {3, 7}, {3, 8}, {3, 9}, {3, 10}, {4, 5}, {4, 6}, {5, 3}, {6, 4}})
    for (int r = 0; r < m; ++r)
      for (int c = 0; c < n; ++c) {
        State s = full_board(m, n, false, Cell{r, c});
        Solution exact = search_only(s, test_limits());
        ASSERT_NE(exact.status, Status::kGaveUp) << m << "x" << n << " from " << r << "," << c;
        Solution sol = expect(s, exact.status);
        refused += sol.status == Status::kUnsolvable ? 1 : 0;
      }
  EXPECT_GT(refused, 0);
}

// Every start of some longer narrow boards. 3 x even >= 10: a closed tour exists (Schwenk), so an
// open one from every square. 3 x odd: only light squares (colour count). 4 x n: only the outer
// rows (theory.cpp's alternation argument); from every outer square there is one, as exhaustive
// search finds for 4x5 and 4x6 above and the programme for every n up to 60 (a regression check).
TEST(KnightTour, EveryStartOfLongerNarrowBoards) {
  for (auto [m, n] : {std::pair{3, 10}, {3, 21}, {40, 3}, {4, 20}, {33, 4}})
    for (int r = 0; r < m; ++r)
      for (int c = 0; c < n; ++c) {
        int across = m < n ? r : c, narrow = std::min(m, n);
        bool exists = narrow == 3 ? (m * n) % 2 == 0 || (r + c) % 2 == 0 : across == 0 || across == 3;
        expect(full_board(m, n, false, Cell{r, c}), exists ? Status::kSolved : Status::kUnsolvable);
      }
}

// The programme takes boards up to 5 wide (solve() uses it up to 4): on 5-wide boards it must agree
// with exhaustive search too, start by start (on 5x5 that is a tour from each light square and
// none from a dark one).
TEST(KnightTour, ColumnProgrammeOnFiveWideBoards) {
  for (auto [m, n, closed] : {std::tuple{5, 5, false}, {6, 5, true}, {5, 6, true}})
    for (int k = -1; k < m * n; k += closed ? m * n : 1) {
      State s = full_board(m, n, closed);
      if (k >= 0) s.start = Cell{k / n, k % n};
      Limits limits = test_limits();
      Budget budget(limits);
      DpRun run = column_dp_tour(s, budget);
      Solution exact = search_only(s, test_limits());
      ASSERT_NE(run.end, DpEnd::kBudget);
      ASSERT_NE(exact.status, Status::kGaveUp);
      EXPECT_EQ(run.end == DpEnd::kFound, exact.status == Status::kSolved) << m << "x" << n << " start " << k;
      if (run.end == DpEnd::kFound) {
        auto ok = check_solution(s, run.tour);
        EXPECT_TRUE(ok.ok()) << (ok.ok() ? "" : ok.error().message);
      }
    }
}

// Narrow boards with removed squares: the programme is exact on them too (open or closed, free or
// given start), and must agree with exhaustive search on each.
TEST(KnightTour, NarrowHoledBoardsAgreeWithExhaustion) {
  std::uint64_t x = 12345;
  auto next = [&x](int bound) {
    x = x * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<int>((x >> 33) % static_cast<std::uint64_t>(bound));
  };
  int solved = 0, unsolvable = 0;
  for (int i = 0; i < 120; ++i) {
    int m = 3 + next(2), n = 5 + next(4);
    State s = next(2) ? full_board(m, n, next(3) == 0) : full_board(n, m, next(3) == 0);
    for (int k = next(3) + 1; k > 0; --k) s.squares[static_cast<std::size_t>(next(m * n))] = Square::kRemoved;
    if (next(2)) {
      int at = next(m * n);
      if (s.squares[static_cast<std::size_t>(at)] == Square::kFree) s.start = Cell{at / s.cols, at % s.cols};
    }
    Solution exact = search_only(s, test_limits());
    ASSERT_NE(exact.status, Status::kGaveUp) << format(s);
    Solution sol = expect(s, exact.status);
    (sol.status == Status::kSolved ? solved : unsolvable) += 1;
  }
  EXPECT_GT(solved, 10);
  EXPECT_GT(unsolvable, 10);
}

TEST(KnightTour, BudgetIsHonoured) {
  Limits limits;
  limits.max_nodes = 20;
  Solution sol = solve(from_text("knight\n......#..\n.........\n...#.....\n.........\n.....#...\n.........\n"), limits);
  EXPECT_EQ(sol.status, Status::kGaveUp);
  EXPECT_EQ(sol.limit, Limit::kNodes) << sol.reason;
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
  // The start off the diagonal: the tour with rows and columns swapped would begin elsewhere.
  auto puzzle = test_support::parse_puzzle(kGame, "knight closed=1\n......\n......\n......\n..N...\n......\n......\n", "t");
  ASSERT_TRUE(puzzle.ok());
  Outcome out = (*puzzle)->solve(test_limits());
  EXPECT_EQ(out.status, Status::kSolved);
  EXPECT_EQ(pb::testing::replay::check_moves((*puzzle)->format(), out.moves_json), "") << out.moves_json;
  EXPECT_NE(out.moves_text.find("closed tour of 36 squares from (3,2)"), std::string::npos) << out.moves_text;
  EXPECT_EQ((*puzzle)->format(), "knight closed=1\n......\n......\n......\n..N...\n......\n......\n");
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
