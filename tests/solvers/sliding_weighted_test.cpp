/* sliding_weighted_test.cpp: 5x5 pattern databases (32-bit build) and the weighted IDA* over them, replayed. */
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <random>
#include <vector>

#include "solvers/sliding/pattern_db.hpp"
#include "solvers/sliding/weighted.hpp"
#include "tests/support/sliding_boards.hpp"

namespace pb::solvers::sliding {
namespace {

// The small 5x5 tables only: the full ones take ~20 s to build (more under the sanitizers), and
// bench_sliding_random measures them.
const bool kEnvSet = setenv("PUZZLEBOT_CACHE_DIR", PB_BINARY_DIR "/test-cache/sliding", 1) == 0 &&
                     setenv("PUZZLEBOT_SLIDING_SMALL_TABLES", "1", 1) == 0;

using test_support::random_solvable;

State shuffled(int moves, unsigned seed) {
  std::mt19937 rng(seed);
  return test_support::random_walk(5, moves, rng);
}

// A two-tile database on 5x5 (32-bit blank masks in the build) against a brute force over (cell of
// the first tile, cell of the second, blank) where blank moves cost nothing; once with the blank's
// goal free to roam, once shut in its corner by the two tiles (the database then keeps it).
TEST(SlidingWeighted, FiveByFiveDatabaseMatchesBruteForce) {
  for (const DbSpec& spec : {DbSpec{5, 5, {0, 6}, -1}, DbSpec{5, 5, {19, 23}, 24}}) {
    auto db = build_pattern_db(spec, Limits{}, false);
    ASSERT_TRUE(db.ok()) << db.error().message;
    const int n = 25;
    const int ga = spec.cells[0], gc = spec.cells[1];
    const std::vector<int> best = test_support::two_tile_pattern_values(spec);
    const PatternDb& table = *db.value();
    ASSERT_NE(table.sparse(), nullptr);  // 25^2 = 625 indexes for 600 placements
    for (int a = 0; a < n; ++a)
      for (int c = 0; c < n; ++c) {
        if (a == c) continue;
        const std::uint8_t cells[2] = {static_cast<std::uint8_t>(a), static_cast<std::uint8_t>(c)};
        const int value = table.data()[rank_placement(cells, 2, n)];
        EXPECT_EQ(value, best[a * n + c]) << spec.name() << ": " << a << "," << c;
        const int md = std::abs(a / 5 - ga / 5) + std::abs(a % 5 - ga % 5) + std::abs(c / 5 - gc / 5) +
                       std::abs(c % 5 - gc % 5);
        const int index = a * n + c;
        EXPECT_EQ(md + 2 * (table.sparse()[index / 2] >> (index % 2 * 4) & 15), value) << a << "," << c;
      }
  }
}

TEST(SlidingWeighted, ThreadedFiveByFiveBuildAgrees) {
  const DbSpec spec{5, 5, {0, 1, 5, 6}, -1};  // 303,600 entries: the build uses threads
  auto one = build_pattern_db(spec, Limits{}, false, 1);
  auto two = build_pattern_db(spec, Limits{}, false, 2);
  ASSERT_TRUE(one.ok() && two.ok());
  ASSERT_EQ(one.value()->size(), 303600u);
  EXPECT_TRUE(std::equal(one.value()->data(), one.value()->data() + one.value()->size(), two.value()->data()));
  EXPECT_EQ(one.value()->max_value() > 0, true);
}

// Random boards: solved through solve() by the weighted search (not the fallback) and replayed.
// A loose quality check, not a timing: the small tables are much weaker than the full ones (these
// two boards take 155 and 114 moves; with the full tables random boards average ~109, and the
// reduction alone took 170 tile by tile).
TEST(SlidingWeighted, RandomBoardsSolvedShort) {
  std::mt19937 rng(56);
  std::size_t total = 0;
  constexpr int kBoards = 2;
  Limits limits;
  for (int i = 0; i < kBoards; ++i) {
    const State s = random_solvable(5, 5, rng);
    const Solution sol = solve(s, limits);
    ASSERT_EQ(sol.status, Status::kSolved) << sol.reason;
    ASSERT_TRUE(check_solution(s, sol.moves).ok());
    EXPECT_NE(sol.method.find("weighted IDA* (shortest at w = "), std::string::npos) << sol.method;
    EXPECT_NE(sol.method.find("4-4-4-4-4-4"), std::string::npos) << sol.method;
    EXPECT_GE(static_cast<int>(sol.moves.size()), sol.lower_bound);
    total += sol.moves.size();
  }
  EXPECT_LE(total / kBoards, 140u) << "mean length over " << kBoards << " boards";
}

// A board a few moves from the goal: the series of weights ends with every shorter way cut by the
// admissible bound, which proves the length optimal; the unweighted IDA* (--best) agrees.
TEST(SlidingWeighted, NearGoalIsProvedOptimal) {
  const State s = shuffled(14, 4);
  const Solution sol = solve_weighted(s, Limits{});
  ASSERT_EQ(sol.status, Status::kSolved) << sol.reason;
  ASSERT_TRUE(check_solution(s, sol.moves).ok());
  EXPECT_TRUE(sol.optimal) << sol.method;
  EXPECT_LE(sol.moves.size(), 14u);
  EXPECT_EQ(sol.lower_bound, static_cast<int>(sol.moves.size()));
  const Solution shorter = solve_below(s, Limits{}, static_cast<int>(sol.moves.size()));
  EXPECT_EQ(shorter.status, Status::kUnsolvable) << shorter.reason;
  EXPECT_EQ(shorter.lower_bound, static_cast<int>(sol.moves.size()));
  const Solution again = solve_below(s, Limits{}, static_cast<int>(sol.moves.size()) + 1);
  ASSERT_EQ(again.status, Status::kSolved) << again.reason;
  EXPECT_EQ(again.moves.size(), sol.moves.size());
  EXPECT_TRUE(check_solution(s, again.moves).ok());
}

// No tables within the limit: the weighted search says so and solve() reduces the board instead.
TEST(SlidingWeighted, TableLimitFallsBackToReduction) {
  std::mt19937 rng(8);
  const State s = random_solvable(5, 5, rng);
  Limits tiny;
  tiny.max_table_bytes = weighted_table_bytes(WeightedTables::kSmall) - 1;
  const Solution none = solve_weighted(s, tiny);
  EXPECT_EQ(none.status, Status::kGaveUp);
  EXPECT_NE(none.reason.find("table limit"), std::string::npos) << none.reason;
  const Solution sol = solve(s, tiny);
  ASSERT_EQ(sol.status, Status::kSolved) << sol.reason;
  EXPECT_TRUE(check_solution(s, sol.moves).ok());
  EXPECT_EQ(sol.method.find("weighted IDA* (shortest"), std::string::npos) << sol.method;
  EXPECT_NE(sol.method.find("reduction"), std::string::npos) << sol.method;
}

// The node budget is honoured: a cap too small for any weight leaves the board to the reduction.
TEST(SlidingWeighted, NodeBudgetIsHonoured) {
  std::mt19937 rng(9);
  const State s = random_solvable(5, 5, rng);
  Limits few;
  few.max_nodes = 50;
  const Solution sol = solve_weighted(s, few);
  EXPECT_EQ(sol.status, Status::kGaveUp);
  EXPECT_EQ(sol.limit, Limit::kNodes) << sol.reason;
  EXPECT_LE(sol.nodes, 51u);
}

// Without the full tables in the cache, a solve with a deadline too close to build them (a
// command-line solve's 10 s) uses the small ones and says how to build the full ones, instead of
// spending its time building and giving up.
TEST(SlidingWeighted, CloseDeadlineDoesNotBuildTheFullTables) {
  const std::string dir = PB_BINARY_DIR "/test-cache/sliding-empty-" + std::to_string(::getpid());
  std::filesystem::remove_all(dir);
  setenv("PUZZLEBOT_CACHE_DIR", dir.c_str(), 1);
  unsetenv("PUZZLEBOT_SLIDING_SMALL_TABLES");
  const State s = shuffled(30, 6);
  const Solution sol = solve_weighted(s, Limits::with_timeout(std::chrono::seconds(30)));
  setenv("PUZZLEBOT_SLIDING_SMALL_TABLES", "1", 1);
  setenv("PUZZLEBOT_CACHE_DIR", PB_BINARY_DIR "/test-cache/sliding", 1);
  ASSERT_EQ(sol.status, Status::kSolved) << sol.reason;
  EXPECT_TRUE(check_solution(s, sol.moves).ok());
  EXPECT_NE(sol.method.find("4-4-4-4-4-4"), std::string::npos) << sol.method;
  EXPECT_NE(sol.method.find("not built yet"), std::string::npos) << sol.method;
  EXPECT_FALSE(std::filesystem::exists(dir + "/sliding-5x5-0.1.2.5.6.pdb"));
  std::filesystem::remove_all(dir);
}

TEST(SlidingWeighted, CoversOnlyFiveByFive) {
  EXPECT_TRUE(weighted_covers(5, 5));
  EXPECT_FALSE(weighted_covers(4, 5));
  EXPECT_FALSE(weighted_covers(6, 6));
  EXPECT_LT(weighted_table_bytes(WeightedTables::kSmall), weighted_table_bytes(WeightedTables::kFull));
}

}  // namespace
}  // namespace pb::solvers::sliding
