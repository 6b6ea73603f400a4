/* river_solver_test.cpp: guards and prisoners: the minimum-trip table, mid-game positions, the steps a player taps, bad input. */
#include <gtest/gtest.h>

#include <algorithm>

#include "solvers/river/river.hpp"
#include "tests/support/replay_check.hpp"
#include "tests/support/river_positions.hpp"
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
  EXPECT_EQ(eaten.error().code, ErrorCode::kBadInput);
  auto ok = apply(st, {1, 1});
  ASSERT_TRUE(ok.ok());
  EXPECT_FALSE(ok->boat_left);
  EXPECT_FALSE(apply(*ok, {0, 2}).ok());  // only 1 prisoner on the right
  EXPECT_FALSE(check_solution(st, {{1, 1}}).ok());  // not everyone across
}

using test_support::river_position;

TEST(River, StepsAreBoardingsThenACrossingAndReplayToTheGoal) {
  const Position starts[] = {
      river_position(3, 3, 2, 3, 3, true),
      river_position(4, 2, 3, 4, 0, false),         // mid-level, boat on the right
      river_position(3, 3, 2, 3, 3, true, {1, 1}),  // the first trip's passengers already aboard
      river_position(3, 3, 2, 3, 3, true, {2, 0}),  // two guards aboard: the steps must land one first
      river_position(5, 4, 3, 2, 1, false, {0, 2}),
      river_position(2, 1, 2, 0, 0, false, {1, 0}),  // everyone across, one still sitting in the boat
      river_position(10, 10, 4, 10, 10, true),
  };
  for (const Position& p : starts) {
    const std::string what = format(p.board) + " aboard " + std::to_string(p.aboard.guards) + "," +
                             std::to_string(p.aboard.prisoners);
    const Solution sol = solve_position(p, Limits{});
    ASSERT_EQ(sol.status, Status::kSolved) << what << sol.reason;
    // Replayed tap by tap through the rules, the steps end with everyone across and the boat empty.
    EXPECT_TRUE(check_steps(p, sol.steps).ok()) << what << check_steps(p, sol.steps).error().message;
    EXPECT_TRUE(check_solution(p.board, sol.trips).ok()) << what;
    // One crossing per trip, each carrying exactly that trip's people, in order.
    Position at = p;
    std::size_t trip = 0;
    for (const Step& s : sol.steps) {
      if (s.kind == Step::Kind::kCross) {
        ASSERT_LT(trip, sol.trips.size()) << what;
        EXPECT_EQ(at.aboard, sol.trips[trip]) << what << " trip " << trip;
        ++trip;
      }
      auto next = apply(at, s);
      ASSERT_TRUE(next.ok()) << what << next.error().message;
      at = *next;
    }
    EXPECT_EQ(trip, sol.trips.size()) << what;
  }
  // From an empty boat a trip of k people is k boardings and a crossing, and nobody lands.
  const Solution classic_sol = solve_position(river_position(3, 3, 2, 3, 3, true), Limits{});
  std::size_t people = 0;
  for (const Move& m : classic_sol.trips) people += static_cast<std::size_t>(m.guards + m.prisoners);
  EXPECT_EQ(classic_sol.steps.size(), classic_sol.trips.size() + people);
  EXPECT_EQ(classic_sol.steps.size(), 29u);  // 11 trips carrying 18 people (one return carries two)
  EXPECT_TRUE(std::none_of(classic_sol.steps.begin(), classic_sol.steps.end(),
                           [](const Step& s) { return s.kind == Step::Kind::kLand; }));
  // Unsolvable: no steps.
  const Solution none = solve_position(river_position(4, 4, 2, 4, 4, true), Limits{});
  EXPECT_EQ(none.status, Status::kUnsolvable);
  EXPECT_TRUE(none.steps.empty());
}

TEST(River, StepsRefuseWhatThePlayerCannotDo) {
  const Position s = river_position(3, 3, 2, 3, 3, true);
  EXPECT_FALSE(apply(s, Step{Step::Kind::kCross, false}).ok());  // nobody rows
  EXPECT_FALSE(apply(s, Step{Step::Kind::kLand, true}).ok());    // nobody to land
  const Step board_guard{Step::Kind::kBoard, true};
  EXPECT_FALSE(apply(river_position(3, 3, 2, 3, 3, true, {1, 1}), board_guard).ok());  // the boat holds two
  EXPECT_FALSE(apply(river_position(2, 2, 2, 0, 2, true), board_guard).ok());  // no guard on the boat's bank
  // Two guards leave: three prisoners outnumber the guard left behind.
  EXPECT_FALSE(apply(river_position(3, 3, 2, 3, 3, true, {2, 0}), Step{Step::Kind::kCross, false}).ok());
  // A crossing lands everyone on the other bank.
  auto crossed = apply(river_position(3, 3, 2, 3, 3, true, {0, 2}), Step{Step::Kind::kCross, false});
  ASSERT_TRUE(crossed.ok()) << crossed.error().message;
  EXPECT_EQ(*crossed, river_position(3, 3, 2, 3, 1, false));
  EXPECT_EQ(crossed->standing(false, false), 2);
  EXPECT_EQ(crossed->standing(true, true), 3);
  // A replay that stops short, or leaves someone in the boat, is not a solution.
  EXPECT_FALSE(check_steps(s, {{Step::Kind::kBoard, false}, {Step::Kind::kBoard, false}, {Step::Kind::kCross, false}}).ok());
  auto aboard = check_steps(river_position(2, 1, 2, 0, 0, false, {1, 0}), {});
  ASSERT_FALSE(aboard.ok());
  EXPECT_EQ(aboard.error().code, ErrorCode::kBadInput);
}

TEST(River, NodeBudgetGivesUp) {
  Limits few;
  few.max_nodes = 3;
  Solution sol = solve(classic(10, 4), few);
  EXPECT_EQ(sol.status, Status::kGaveUp);
  EXPECT_EQ(sol.limit, Limit::kNodes) << sol.reason;
}

TEST(River, GameOutcome) {
  auto puzzle = test_support::parse_puzzle(kGame, "river guards=3 prisoners=3 boat=3\n", "r");
  ASSERT_TRUE(puzzle.ok());
  Outcome out = (*puzzle)->solve(Limits{});
  EXPECT_EQ(out.status, Status::kSolved);
  EXPECT_EQ(pb::testing::replay::check_moves((*puzzle)->format(), out.moves_json), "") << out.moves_json;
  EXPECT_EQ(pb::testing::replay::move_count(out.moves_json), 5u) << out.moves_json;  // 5 trips
  // The JSON moves stay trips (FORMATS.md); the taps they take are a stat beside them.
  EXPECT_NE(std::find(out.stats.begin(), out.stats.end(), std::pair<std::string, std::string>{"trips", "5"}),
            out.stats.end());
  EXPECT_NE(std::find_if(out.stats.begin(), out.stats.end(), [](const auto& kv) { return kv.first == "steps"; }),
            out.stats.end());
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
