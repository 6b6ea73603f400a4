/* hanoi_solver_test.cpp: Tower of Hanoi: optimality against BFS, Frame-Stewart counts, bad boards. */
#include <gtest/gtest.h>

#include <random>

#include "solvers/hanoi/hanoi.hpp"
#include "tests/support/replay_check.hpp"
#include "tests/support/solver_boards.hpp"

namespace pb::solvers::hanoi {
namespace {

using test_support::read_sample;

Result<State> parse_text(const std::string& text) { return test_support::parse_with(&parse, text, "h.txt"); }

State tower(int rods, int disks, int from, int goal) {
  State st;
  st.rods = rods;
  st.config.assign(static_cast<std::size_t>(disks), static_cast<std::uint8_t>(from));
  st.goal = goal;
  return st;
}

Config random_config(int rods, int disks, std::mt19937& rng) {
  Config c(static_cast<std::size_t>(disks));
  for (auto& p : c) p = static_cast<std::uint8_t>(rng() % rods);
  return c;
}

TEST(Hanoi, ParsesFormatsAndRoundTrips) {
  auto st = parse_text("hanoi goal=1\n3 2\n-\n1\n");
  ASSERT_TRUE(st.ok()) << st.error().message;
  EXPECT_EQ(st->rods, 3);
  EXPECT_EQ(st->goal, 1);
  EXPECT_EQ(st->config, (Config{2, 0, 0}));
  EXPECT_EQ(format(*st), "hanoi goal=1\n3 2\n-\n1\n");
  auto dflt = parse_text("hanoi\n4 3 2 1\n-\n-\n-\n");
  ASSERT_TRUE(dflt.ok());
  EXPECT_EQ(dflt->goal, 3);  // the last rod
}

TEST(Hanoi, IllegalBoardsAreErrors) {
  test_support::expect_refused(parse_text, {
      {"hanoi\n2 3\n-\n1\n", "h.txt:2:3: disk 3 lies on the smaller disk 2"},
      {"hanoi\n3 2\n2\n1\n", "h.txt:3:1: disk 2 appears twice"},
      {"hanoi\n4 2\n-\n1\n", "disk 3 is missing"},
      {"hanoi\n3 x\n-\n1\n", "h.txt:2:3: 'x' is not a disk number"},
      {"hanoi\n3 0\n-\n1\n", "'0' is not a disk number"},
      {"hanoi\n2 1\n-\n", "at least 3 rods"},
      {"hanoi goal=3\n2 1\n-\n-\n", "out of range"},
      {"hanoi\n- 1\n2\n-\n", "`-` marks an empty rod"},
      {"hanoi rods=3\n1\n-\n-\n", "unknown parameter"},
  });
}

TEST(Hanoi, ApplyEnforcesTheRules) {
  auto st = parse_text("hanoi\n2 1\n-\n-\n");
  ASSERT_TRUE(st.ok());
  EXPECT_FALSE(apply(*st, {1, 2}).ok());  // empty rod
  EXPECT_FALSE(apply(*st, {0, 0}).ok());
  EXPECT_FALSE(apply(*st, {0, 3}).ok());
  auto a = apply(*st, {0, 1});
  ASSERT_TRUE(a.ok());
  auto b = apply(*a, {0, 1});  // disk 2 onto disk 1
  ASSERT_FALSE(b.ok());
  EXPECT_EQ(b.error().code, ErrorCode::kBadInput);
}

TEST(Hanoi, ThreeRodTowersTakeTwoToTheNMinusOne) {
  for (int n = 0; n <= 12; ++n) {
    State st = tower(3, n, 0, 2);
    Solution sol = solve(st, Limits{});
    ASSERT_EQ(sol.status, Status::kSolved);
    EXPECT_EQ(sol.moves.size(), (std::size_t{1} << n) - 1);
    EXPECT_EQ(sol.min_moves, sol.moves.size());
    EXPECT_TRUE(check_solution(st, sol.moves).ok()) << n;
  }
}

TEST(Hanoi, ThreeRodsAnyStartAnyGoalIsOptimalAgainstBfs) {
  // Every start and goal for n = 3 (27 x 27), random pairs for n = 4..6.
  auto check = [](const State& st, const Config& goal) {
    Solution fast = solve_to(st, goal, Limits{});
    Solution bfs = solve_by_search(st, goal, Limits{}, true);
    ASSERT_EQ(fast.status, Status::kSolved);
    ASSERT_EQ(bfs.status, Status::kSolved);
    EXPECT_EQ(fast.moves.size(), bfs.moves.size());
    EXPECT_EQ(fast.min_moves, fast.moves.size());
    EXPECT_TRUE(check_solution(st, goal, fast.moves).ok());
    EXPECT_TRUE(check_solution(st, goal, bfs.moves).ok());
  };
  for (int a = 0; a < 27; ++a)
    for (int b = 0; b < 27; ++b) {
      State st = tower(3, 3, 0, 2);
      Config goal(3);
      for (int d = 0, x = a, y = b; d < 3; ++d, x /= 3, y /= 3) {
        st.config[d] = static_cast<std::uint8_t>(x % 3);
        goal[d] = static_cast<std::uint8_t>(y % 3);
      }
      check(st, goal);
    }
  std::mt19937 rng(3);
  for (int n = 4; n <= 6; ++n)
    for (int trial = 0; trial < 40; ++trial) {
      State st = tower(3, n, 0, 2);
      st.config = random_config(3, n, rng);
      check(st, random_config(3, n, rng));
    }
}

TEST(Hanoi, FrameStewartFourRodCounts) {
  const std::uint64_t expected[] = {1, 3, 5, 9, 13, 17, 25, 33, 41, 49};
  for (int n = 1; n <= 10; ++n) {
    EXPECT_EQ(frame_stewart(n, 4), expected[n - 1]);
    State st = tower(4, n, 0, 3);
    Solution sol = solve(st, Limits{});
    ASSERT_EQ(sol.status, Status::kSolved);
    EXPECT_EQ(sol.method, "Frame-Stewart");
    EXPECT_EQ(sol.moves.size(), expected[n - 1]);
    EXPECT_TRUE(check_solution(st, sol.moves).ok()) << n;
  }
  EXPECT_EQ(frame_stewart(20, 4), 289u);  // published sequence A007664
  EXPECT_EQ(frame_stewart(10, 5), 31u);   // A007665
}

TEST(Hanoi, FrameStewartMatchesBfsForSmallTowers) {
  for (int rods = 4; rods <= 5; ++rods)
    for (int n = 1; n <= (rods == 4 ? 7 : 5); ++n) {
      State st = tower(rods, n, 1, 0);
      Config goal(static_cast<std::size_t>(n), 0);
      Solution fs = solve(st, Limits{});
      Solution bfs = solve_by_search(st, goal, Limits{}, true);
      ASSERT_EQ(bfs.status, Status::kSolved);
      EXPECT_EQ(fs.moves.size(), bfs.moves.size()) << rods << " rods, " << n << " disks";
      EXPECT_TRUE(check_solution(st, fs.moves).ok());
    }
}

TEST(Hanoi, FourRodsArbitraryPositionsUseExactSearch) {
  std::mt19937 rng(9);
  for (int trial = 0; trial < 20; ++trial) {
    State st = tower(4, 6, 0, 3);
    st.config = random_config(4, 6, rng);
    Solution sol = solve(st, Limits{});
    Config goal(6, 3);
    Solution bfs = solve_by_search(st, goal, Limits{}, true);
    ASSERT_EQ(sol.status, Status::kSolved);
    EXPECT_EQ(sol.moves.size(), bfs.moves.size());
    EXPECT_TRUE(check_solution(st, sol.moves).ok());
  }
}

TEST(Hanoi, HugeSolutionsAreCountedButNotListed) {
  Solution sol = solve(tower(3, 30, 0, 2), Limits{});
  EXPECT_EQ(sol.status, Status::kGaveUp);
  EXPECT_TRUE(sol.counted);
  EXPECT_EQ(sol.min_moves, (std::uint64_t{1} << 30) - 1);
  EXPECT_TRUE(sol.moves.empty());
  EXPECT_NE(sol.reason.find("1073741823 moves"), std::string::npos) << sol.reason;
  Solution big = solve(tower(3, 63, 0, 2), Limits{});
  EXPECT_EQ(big.min_moves, (std::uint64_t{1} << 63) - 1);
  // 4+ rods from a non-tower with too many disks for search: gives up, says why.
  State st = tower(4, 20, 0, 3);
  st.config[0] = 1;
  EXPECT_EQ(solve(st, Limits{}).status, Status::kGaveUp);
}

TEST(Hanoi, DeadlineStopsListing) {
  Limits past;
  past.deadline = Limits::Clock::now() - std::chrono::seconds(1);
  Solution sol = solve(tower(3, 20, 0, 2), past);
  EXPECT_EQ(sol.status, Status::kGaveUp);
  EXPECT_EQ(sol.limit, Limit::kTime) << sol.reason;
}

TEST(Hanoi, GameOutcome) {
  Outcome out = test_support::solve_replayed(kGame, "hanoi\n3 2 1\n-\n-\n");
  EXPECT_EQ(pb::testing::replay::move_count(out.moves_json), 7u) << out.moves_json;  // 2^3 - 1: the fewest
}

TEST(Hanoi, SampleBoards) {
  struct Sample {
    const char* file;
    bool legal;
    std::size_t moves;
  };
  for (const Sample& s : std::vector<Sample>{{"hanoi/tower5.txt", true, 31},
                                             {"hanoi/reve8.txt", true, 33},
                                             {"hanoi/midgame3.txt", true, 0},
                                             {"hanoi/scattered4.txt", true, 0},
                                             {"hanoi/illegal.txt", false, 0}}) {
    auto st = parse_text(read_sample(s.file));
    ASSERT_EQ(st.ok(), s.legal) << s.file;
    if (!s.legal) continue;
    Solution sol = solve(*st, Limits{});
    ASSERT_EQ(sol.status, Status::kSolved) << s.file;
    if (s.moves > 0) {
      EXPECT_EQ(sol.moves.size(), s.moves) << s.file;
    }
    EXPECT_TRUE(check_solution(*st, sol.moves).ok()) << s.file;
  }
}

}  // namespace
}  // namespace pb::solvers::hanoi
