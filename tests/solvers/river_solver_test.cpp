/* river_solver_test.cpp: guards and prisoners: the minimum-trip table, mid-game positions, bad input. */
#include <gtest/gtest.h>

#include "solvers/river/river.hpp"
#include "tests/support/solver_boards.hpp"

namespace pb::solvers::river {
namespace {

using test_support::read_sample;

Result<State> parse_text(const std::string& text) { return test_support::parse_with(&parse, text, "r.txt"); }

State classic(int n, int boat) {
  State st;
  st.guards = st.prisoners = st.left_guards = st.left_prisoners = n;
  st.boat = boat;
  return st;
}

TEST(River, MinimumTripTable) {
  struct Row {
    int n, boat, trips;  // -1: impossible
  };
  for (const Row& r : std::vector<Row>{{3, 2, 11}, {3, 3, 5}, {4, 2, -1}, {4, 3, 9}, {5, 3, 11},
                                       {5, 4, 7}, {6, 3, -1}, {6, 4, 9}, {10, 4, 17}, {10, 5, 13}}) {
    State st = classic(r.n, r.boat);
    Solution sol = solve(st, Limits{});
    if (r.trips < 0) {
      EXPECT_EQ(sol.status, Status::kUnsolvable) << r.n << "/" << r.boat;
      EXPECT_NE(sol.reason.find("positions reachable"), std::string::npos);
    } else {
      ASSERT_EQ(sol.status, Status::kSolved) << r.n << "/" << r.boat;
      EXPECT_EQ(static_cast<int>(sol.trips.size()), r.trips) << r.n << "/" << r.boat;
      EXPECT_TRUE(check_solution(st, sol.trips).ok());
    }
  }
}

TEST(River, MidGamePositions) {
  auto st = parse_text("river guards=3 prisoners=3 boat=2\nleft=3,1 side=R\n");
  ASSERT_TRUE(st.ok()) << st.error().message;
  EXPECT_FALSE(st->boat_left);
  Solution sol = solve(*st, Limits{});
  ASSERT_EQ(sol.status, Status::kSolved);
  EXPECT_TRUE(check_solution(*st, sol.trips).ok());
  // Two prisoners crossing first (trip 1 of the classic 11) reach this position: 10 trips remain.
  EXPECT_EQ(sol.trips.size(), 10u);
  auto done = parse_text("river\nleft=0,0 side=R\n");
  ASSERT_TRUE(done.ok());
  EXPECT_TRUE(solve(*done, Limits{}).trips.empty());
  EXPECT_EQ(solve(*done, Limits{}).status, Status::kSolved);
  // Boat on the empty bank: nobody can row it back.
  auto stuck = parse_text("river guards=3 prisoners=3 boat=2\nleft=3,3 side=R\n");
  ASSERT_TRUE(stuck.ok());
  EXPECT_EQ(solve(*stuck, Limits{}).status, Status::kUnsolvable);
}

TEST(River, BadInputIsAnError) {
  test_support::expect_refused(parse_text, {
      {"river guards=3 prisoners=3 boat=0\n", "out of range"},
      {"river guards=3 prisoners=3 boat=2\nleft=4,0 side=L\n", "r.txt:2:1: left=4,0 is more"},
      {"river guards=3 prisoners=3 boat=2\nleft=1,2 side=L\n", "left bank already has prisoners"},
      {"river guards=3 prisoners=3 boat=2\nleft=2,1 side=L\n", "right bank already has prisoners"},
      {"river guards=3 prisoners=3 boat=2\nleft=3,3 side=X\n", "r.txt:2:10: side= is L or R"},
      {"river guards=3 prisoners=3 boat=2\nleft=3 side=L\n", "expected left=G,P"},
      {"river guards=3 prisoners=3 boat=2\nside=L\n", "needs left=G,P"},
      {"river guards=3 prisoners=3 boat=2\nleft=3,3\nleft=3,3\n", "only one position line"},
      {"river cannibals=3\n", "unknown parameter"},
  });
}

TEST(River, ApplyEnforcesTheRules) {
  State st = classic(3, 2);
  EXPECT_FALSE(apply(st, {0, 0}).ok());
  EXPECT_FALSE(apply(st, {2, 1}).ok());  // over capacity
  auto eaten = apply(st, {2, 0});        // leaves 1 guard with 3 prisoners
  ASSERT_FALSE(eaten.ok());
  EXPECT_NE(eaten.error().message.find("left bank"), std::string::npos);
  auto ok = apply(st, {1, 1});
  ASSERT_TRUE(ok.ok());
  EXPECT_FALSE(ok->boat_left);
  EXPECT_FALSE(apply(*ok, {0, 2}).ok());  // only 1 prisoner on the right
  EXPECT_FALSE(check_solution(st, {{1, 1}}).ok());  // not everyone across
}

TEST(River, NodeBudgetGivesUp) {
  Limits few;
  few.max_nodes = 3;
  Solution sol = solve(classic(10, 4), few);
  EXPECT_EQ(sol.status, Status::kGaveUp);
  EXPECT_NE(sol.reason.find("node budget"), std::string::npos);
}

TEST(River, GameOutcome) {
  auto puzzle = test_support::parse_puzzle(kGame, "river guards=3 prisoners=3 boat=3\n", "r");
  ASSERT_TRUE(puzzle.ok());
  Outcome out = (*puzzle)->solve(Limits{});
  EXPECT_EQ(out.status, Status::kSolved);
  EXPECT_EQ(std::count(out.moves_json.begin(), out.moves_json.end(), '['), 6);  // 5 trips
  EXPECT_EQ((*puzzle)->format(), "river guards=3 prisoners=3 boat=3\nleft=3,3 side=L\n");
}

TEST(River, SampleBoards) {
  struct Sample {
    const char* file;
    int trips;  // -1: impossible
  };
  for (const Sample& s : std::vector<Sample>{{"river/classic.txt", 11}, {"river/four_boat2.txt", -1},
                                             {"river/ten_boat4.txt", 17}, {"river/midgame.txt", 10}}) {
    auto st = parse_text(read_sample(s.file));
    ASSERT_TRUE(st.ok()) << s.file << ": " << st.error().message;
    Solution sol = solve(*st, Limits{});
    if (s.trips < 0) {
      EXPECT_EQ(sol.status, Status::kUnsolvable) << s.file;
      continue;
    }
    ASSERT_EQ(sol.status, Status::kSolved) << s.file;
    EXPECT_EQ(static_cast<int>(sol.trips.size()), s.trips) << s.file;
    EXPECT_TRUE(check_solution(*st, sol.trips).ok()) << s.file;
  }
}

}  // namespace
}  // namespace pb::solvers::river
