/* sliding_reduce_test.cpp: big sliding boards (5x5 up to 32x32, non-square) solved by reduction and replayed. */
#include <gtest/gtest.h>

#include <cstdlib>
#include <random>

#include "solvers/sliding/shorten.hpp"
#include "solvers/sliding/sliding.hpp"
#include "tests/support/sliding_boards.hpp"

namespace pb::solvers::sliding {
namespace {

// 5x5 boards (and 6x6 corners) use the small 5x5 tables: the full ones take ~20 s to build
// (weighted.hpp; bench_sliding_random measures them).
const bool kCacheSet = setenv("PUZZLEBOT_CACHE_DIR", PB_BINARY_DIR "/test-cache/sliding", 1) == 0 &&
                       setenv("PUZZLEBOT_SLIDING_SMALL_TABLES", "1", 1) == 0;

using test_support::random_solvable;

void expect_solved(const State& s) {
  ASSERT_EQ(unsolvable_reason(s), "");
  const Solution sol = solve(s, Limits{});
  ASSERT_EQ(sol.status, Status::kSolved) << s.rows << "x" << s.cols << ": " << sol.reason;
  const auto replay = check_solution(s, sol.moves);
  EXPECT_TRUE(replay.ok()) << s.rows << "x" << s.cols << ": " << (replay.ok() ? "" : replay.error().message);
  EXPECT_FALSE(sol.optimal);
  EXPECT_EQ(sol.lower_bound, lower_bound(s));
  EXPECT_LE(sol.lower_bound, static_cast<int>(sol.moves.size()));
  // 5x5 boards and corners go to the weighted search (weighted.hpp), the rest is reduced.
  EXPECT_TRUE(sol.method.find("reduction") != std::string::npos ||
              sol.method.find("restarting weighted IDA*") != std::string::npos)
      << sol.method;
}

TEST(SlidingReduce, RandomSquareBoardsFiveToTen) {
  std::mt19937 rng(2024);
  for (int side = 5; side <= 10; ++side)
    for (int i = 0; i < 3; ++i) expect_solved(random_solvable(side, side, rng));
}

TEST(SlidingReduce, NonSquareAndThinBoards) {
  std::mt19937 rng(7);
  const int sizes[][2] = {{5, 4}, {4, 5}, {6, 9}, {9, 6}, {2, 12}, {12, 2}, {3, 11}, {11, 3}, {2, 9}, {17, 5}};
  for (const auto& sz : sizes)
    for (int i = 0; i < 2; ++i) expect_solved(random_solvable(sz[0], sz[1], rng));
}

// Boards that once caught the last tile of a line in the dead-end cell beside the parked one (as the
// tile itself, or the blank in the cell with the tile at its exit).
TEST(SlidingReduce, LineEndTrapsAreEscaped) {
  expect_solved(State{2, 20, {19, 30, 12, 25, 5, 1, 39, 9, 38, 10, 8, 20, 22, 36, 28, 11, 32, 13, 0, 37,
                              3, 35, 17, 15, 26, 14, 34, 31, 21, 23, 7, 16, 24, 18, 33, 27, 4, 2, 6, 29}});
  expect_solved(State{8, 8, {63, 10, 55, 3, 2, 37, 8, 21, 60, 53, 32, 36, 56, 29, 47, 31, 57, 16, 13, 33, 19, 27,
                             45, 0, 49, 7, 14, 22, 39, 43, 28, 18, 17, 11, 52, 44, 34, 59, 46, 48, 42, 41, 51, 62,
                             1, 4, 23, 35, 61, 24, 58, 12, 25, 9, 38, 6, 15, 26, 5, 50, 54, 20, 40, 30}});
  std::mt19937 rng(99);
  for (int i = 0; i < 30; ++i) expect_solved(random_solvable(2 + i % 3, 12, rng));
}

TEST(SlidingReduce, LargestAcceptedBoard) {
  std::mt19937 rng(32);
  expect_solved(random_solvable(kMaxSide, kMaxSide, rng));
}

TEST(SlidingReduce, NearlySolvedBoardStaysShort) {
  State s = goal_state(8, 8);
  s = apply(s, 63).value();
  s = apply(s, 55).value();
  const Solution sol = solve(s, Limits{});
  ASSERT_EQ(sol.status, Status::kSolved);
  EXPECT_TRUE(check_solution(s, sol.moves).ok());
  EXPECT_EQ(sol.moves.size(), 2u);  // lines already in place are left alone
  EXPECT_TRUE(sol.optimal);  // the length meets the lower bound
}

// A quality check, not a timing: random 5x5 boards took 170 moves on average (bench_sliding_random)
// when every tile was placed by itself; with the first lines placed together, solutions shortened
// (shorten.hpp) and the mirrored board tried too, the first six boards of this set averaged 131
// (153 without the first lines together). Now the weighted search over the small tables (the
// tests' ones) takes these three, and the full tables do better (weighted.hpp).
TEST(SlidingReduce, FiveByFiveSolutionsStayShort) {
  std::mt19937 rng(55);
  std::size_t total = 0;
  constexpr int kBoards = 3;
  for (int i = 0; i < kBoards; ++i) {
    const State s = random_solvable(5, 5, rng);
    const Solution sol = solve(s, Limits{});
    ASSERT_EQ(sol.status, Status::kSolved) << sol.reason;
    ASSERT_TRUE(check_solution(s, sol.moves).ok());
    total += sol.moves.size();
  }
  EXPECT_LE(total / kBoards, 140u) << "mean length over " << kBoards << " boards";
}

// A detour that comes back to where it started is cut out whole, and what is left still replays.
TEST(SlidingShorten, RemovesADetourAndKeepsTheEnd) {
  std::mt19937 rng(3);
  const State start = random_solvable(5, 5, rng);
  const Solution sol = solve(start, Limits{});
  ASSERT_EQ(sol.status, Status::kSolved);
  // Walk the blank 12 steps without stepping straight back, then retrace the walk.
  State s = start;
  std::vector<Move> walk;
  while (walk.size() < 12) {
    const int b = s.blank();
    const int cand[4] = {b - 5, b + 5, b % 5 > 0 ? b - 1 : -1, b % 5 < 4 ? b + 1 : -1};
    const int c = cand[rng() % 4];
    if (c < 0 || c >= 25) continue;
    const int tile = s.tiles[static_cast<std::size_t>(c)];
    if (!walk.empty() && tile == walk.back()) continue;
    s = apply(s, tile).value();
    walk.push_back(tile);
  }
  std::vector<Move> moves = walk;
  moves.insert(moves.end(), walk.rbegin(), walk.rend());
  moves.insert(moves.end(), sol.moves.begin(), sol.moves.end());
  ShortenStats stats;
  const std::vector<Move> shorter = shorten(start, moves, Limits{}, ShortenParams{}, stats);
  EXPECT_TRUE(check_solution(start, shorter).ok());
  EXPECT_LE(shorter.size(), sol.moves.size());
  EXPECT_GE(stats.improved, 1);
}

// --best on a big board: a lightly shuffled one is proved optimal (or solved shorter); a random
// one keeps its fast solution, unproved, when the search hits a limit.
TEST(SlidingReduce, BestProvesLightlyShuffledBoardsOptimal) {
  std::mt19937 rng(11);
  const State s = test_support::random_walk(5, 18, rng);
  Limits best;
  best.best = true;
  const Solution sol = solve(s, best);
  ASSERT_EQ(sol.status, Status::kSolved) << sol.reason;
  EXPECT_TRUE(check_solution(s, sol.moves).ok());
  EXPECT_TRUE(sol.optimal) << sol.method;
  EXPECT_LE(sol.moves.size(), 18u);
  EXPECT_EQ(sol.lower_bound, static_cast<int>(sol.moves.size()));
  const Solution plain = solve(s, Limits{});  // no search for a proof without --best
  EXPECT_EQ(plain.method.find("proved optimal"), std::string::npos) << plain.method;

  const State hard = random_solvable(5, 5, rng);
  best.max_nodes = 3'000'000;
  const Solution fast = solve(hard, best);
  ASSERT_EQ(fast.status, Status::kSolved) << fast.reason;
  EXPECT_TRUE(check_solution(hard, fast.moves).ok());
  EXPECT_FALSE(fast.optimal);
  EXPECT_NE(fast.method.find("not proved optimal, node budget"), std::string::npos) << fast.method;
  EXPECT_GE(fast.lower_bound, lower_bound(hard));
}

TEST(SlidingReduce, HonoursTheDeadline) {
  std::mt19937 rng(1);
  const State s = random_solvable(30, 30, rng);
  Limits limits;
  limits.deadline = Limits::Clock::now();  // already past
  const Solution sol = solve(s, limits);
  EXPECT_EQ(sol.status, Status::kGaveUp);
  EXPECT_EQ(sol.limit, Limit::kTime) << sol.reason;
}

}  // namespace
}  // namespace pb::solvers::sliding
