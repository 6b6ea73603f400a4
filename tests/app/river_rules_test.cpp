// river_rules_test.cpp: the river's play rules: the solver's steps are the plan, taps land on the right figure, the board text.
#include <gtest/gtest.h>

#include "app/play_players.hpp"
#include "solvers/river/rules.hpp"
#include "solvers/common/text_board.hpp"
#include "tests/support/river_positions.hpp"

namespace pb::app {
namespace {

namespace rv = solvers::river;
using RiverPosition = rv::Position;
using RiverClick = rv::Step;
using Kind = RiverClick::Kind;
using RiverRules = rv::Rules;

using solvers::test_support::river_position;

TEST(RiverRules, PlansAreTheSolversStepsAndReplayToTheGoal) {
  // The solver plans in taps (solvers/river: Step); the Rules pass them on unchanged.
  for (const RiverPosition& s : {river_position(3, 3, 2, 3, 3, true), river_position(3, 3, 2, 3, 3, true, {2, 0}),
                                 river_position(2, 1, 2, 0, 0, false, {1, 0})}) {
    const std::string what = RiverRules::format(s);
    auto plan = RiverRules::solve(s, solvers::Limits{});
    ASSERT_EQ(plan.status, solvers::Status::kSolved) << what << plan.reason;
    EXPECT_EQ(plan.moves, rv::solve_position(s, solvers::Limits{}).steps) << what;
    RiverPosition end = s;
    for (const RiverClick& c : plan.moves) {
      auto next = RiverRules::apply(end, c);
      ASSERT_TRUE(next.ok()) << what << next.error().message;
      end = *next;
    }
    EXPECT_TRUE(RiverRules::is_goal(end)) << what;
  }
  EXPECT_FALSE(RiverRules::is_goal(river_position(2, 1, 2, 0, 0, false, {1, 0})));  // across, one still in the boat
}

// The Rules' input for `c` on the board read in `r`, placed on its centres as the loop places it.
Result<FrameGesture> gesture(const PlayReading<RiverPosition>& r, RiverClick c) {
  auto in = RiverRules::input(r.state, r.centres.size(), r.state, c);
  if (!in) return in.error();
  return place_input(*in, r.centres, r.frame);
}

TEST(RiverRules, ClicksLandOnAFigureOfTheRightKindAndPlace) {
  // On screen: left bank 2 guards 1 prisoner standing, right bank 1 guard, boat (left) 1 prisoner.
  PlayReading<RiverPosition> r;
  r.state = river_position(3, 2, 2, 2, 2, true, {0, 1});
  r.centres = {{300, 300},                    // hull
               {10, 10}, {20, 10}, {10, 50},  // left: guards, prisoner
               {700, 10},                     // right: guard
               {310, 280}};                   // boat: prisoner
  r.frame = {800, 600};
  auto at = [&](RiverClick c) {
    auto g = gesture(r, c);
    EXPECT_TRUE(g.ok()) << (g ? "" : g.error().message);
    return g ? cv::Point2d(g->points.front().x, g->points.front().y) : cv::Point2d(-1, -1);
  };
  EXPECT_EQ(at({Kind::kBoard, true}), cv::Point2d(10, 10));
  EXPECT_EQ(at({Kind::kBoard, false}), cv::Point2d(10, 50));
  EXPECT_EQ(at({Kind::kLand, false}), cv::Point2d(310, 280));
  EXPECT_EQ(at({Kind::kCross, false}), cv::Point2d(300, 300));
  EXPECT_FALSE(gesture(r, {Kind::kLand, true}).ok());  // no guard aboard
  r.centres.pop_back();
  EXPECT_FALSE(gesture(r, {Kind::kCross, false}).ok());  // centres do not match the counts
}

TEST(RiverRules, FormatIsTheBoardTextWithPassengersAsAComment) {
  const RiverPosition s = river_position(4, 2, 3, 4, 0, false, {1, 1});
  const std::string text = RiverRules::format(s);
  EXPECT_NE(text.find("; aboard: 1 guards, 1 prisoners"), std::string::npos) << text;
  auto tb = solvers::split_text_board(text, "format", true);
  ASSERT_TRUE(tb.ok()) << tb.error().message;
  auto back = rv::parse(*tb);
  ASSERT_TRUE(back.ok()) << back.error().message;
  EXPECT_TRUE(*back == s.board);
  EXPECT_TRUE(RiverRules::same_level(s, river_position(4, 2, 3, 1, 2, true)));
  EXPECT_FALSE(RiverRules::same_level(s, river_position(4, 2, 2, 4, 2, true)));
}

}  // namespace
}  // namespace pb::app
