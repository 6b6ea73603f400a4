// river_rules_test.cpp: the river's play rules: trips become board/land/cross clicks that replay to the goal, illegal clicks are refused, clicks land on the right figure.
#include <gtest/gtest.h>

#include "app/play_river.hpp"
#include "solvers/common/text_board.hpp"

namespace pb::app {
namespace {

namespace rv = solvers::river;
using Kind = RiverClick::Kind;

RiverPosition position(int guards, int prisoners, int boat, int left_g, int left_p, bool boat_left, rv::Move aboard = {}) {
  RiverPosition s;
  s.board.guards = guards;
  s.board.prisoners = prisoners;
  s.board.boat = boat;
  s.board.left_guards = left_g;
  s.board.left_prisoners = left_p;
  s.board.boat_left = boat_left;
  s.aboard = aboard;
  return s;
}

// Replays `clicks` from `s` through RiverRules::apply; returns the end position.
RiverPosition replay(RiverPosition s, const std::vector<RiverClick>& clicks) {
  for (const RiverClick& c : clicks) {
    auto next = RiverRules::apply(s, c);
    EXPECT_TRUE(next.ok()) << next.error().message;
    if (!next) return s;
    s = *next;
  }
  return s;
}

TEST(RiverRules, PlansReplayToTheGoalFromStartsAndFromPassengersAboard) {
  const RiverPosition starts[] = {
      position(3, 3, 2, 3, 3, true),
      position(4, 2, 3, 4, 0, false),                    // mid-level, boat on the right
      position(3, 3, 2, 3, 3, true, {1, 1}),             // the first trip's passengers already aboard
      position(3, 3, 2, 3, 3, true, {2, 0}),             // two guards aboard: the plan must land one
      position(5, 4, 3, 2, 1, false, {0, 2}),
      position(2, 1, 2, 0, 0, false, {1, 0}),            // everyone across, one still sitting in the boat
  };
  for (const RiverPosition& s : starts) {
    const std::string what = RiverRules::format(s);
    auto plan = RiverRules::solve(s, solvers::Limits{});
    ASSERT_EQ(plan.status, solvers::Status::kSolved) << what << plan.reason;
    EXPECT_TRUE(RiverRules::is_goal(replay(s, plan.moves))) << what;
    // One crossing per solver trip, and never more aboard than the boat holds (apply checks it).
    const auto trips = rv::solve(s.board, solvers::Limits{}).trips;
    EXPECT_EQ(std::count_if(plan.moves.begin(), plan.moves.end(), [](const RiverClick& c) { return c.kind == Kind::kCross; }),
              static_cast<long>(trips.size()))
        << what;
  }
}

TEST(RiverRules, RefusesWhatTheArenaRefuses) {
  const RiverPosition s = position(3, 3, 2, 3, 3, true);
  EXPECT_FALSE(RiverRules::apply(s, {Kind::kCross, false}).ok());  // nobody rows
  EXPECT_FALSE(RiverRules::apply(s, {Kind::kLand, true}).ok());    // nobody to land
  const RiverPosition full = position(3, 3, 2, 3, 3, true, {1, 1});
  EXPECT_FALSE(RiverRules::apply(full, {Kind::kBoard, true}).ok());  // the boat holds two
  const RiverPosition no_guards = position(2, 2, 2, 0, 2, true);
  EXPECT_FALSE(RiverRules::apply(no_guards, {Kind::kBoard, true}).ok());  // no guard on the boat's bank
  // Two guards leave: three prisoners eat the one guard left behind.
  EXPECT_FALSE(RiverRules::apply(position(3, 3, 2, 3, 3, true, {2, 0}), {Kind::kCross, false}).ok());
  // A crossing lands everyone on the other bank.
  auto crossed = RiverRules::apply(position(3, 3, 2, 3, 3, true, {0, 2}), {Kind::kCross, false});
  ASSERT_TRUE(crossed.ok()) << crossed.error().message;
  EXPECT_TRUE(*crossed == position(3, 3, 2, 3, 1, false));
}

TEST(RiverRules, ClicksLandOnAFigureOfTheRightKindAndPlace) {
  // On screen: left bank 2 guards 1 prisoner standing, right bank 1 guard, boat (left) 1 prisoner.
  PlayReading<RiverPosition> r;
  r.state = position(3, 2, 2, 2, 2, true, {0, 1});
  r.centres = {{300, 300},                    // hull
               {10, 10}, {20, 10}, {10, 50},  // left: guards, prisoner
               {700, 10},                     // right: guard
               {310, 280}};                   // boat: prisoner
  r.frame = {800, 600};
  auto at = [&](RiverClick c) {
    auto g = RiverRules::gesture(r, r.state, c);
    EXPECT_TRUE(g.ok()) << (g ? "" : g.error().message);
    return g ? cv::Point2d(g->points.front().x, g->points.front().y) : cv::Point2d(-1, -1);
  };
  EXPECT_EQ(at({Kind::kBoard, true}), cv::Point2d(10, 10));
  EXPECT_EQ(at({Kind::kBoard, false}), cv::Point2d(10, 50));
  EXPECT_EQ(at({Kind::kLand, false}), cv::Point2d(310, 280));
  EXPECT_EQ(at({Kind::kCross, false}), cv::Point2d(300, 300));
  EXPECT_FALSE(RiverRules::gesture(r, r.state, {Kind::kLand, true}).ok());  // no guard aboard
  r.centres.pop_back();
  EXPECT_FALSE(RiverRules::gesture(r, r.state, {Kind::kCross, false}).ok());  // centres do not match the counts
}

TEST(RiverRules, FormatIsTheBoardTextWithPassengersAsAComment) {
  const RiverPosition s = position(4, 2, 3, 4, 0, false, {1, 1});
  const std::string text = RiverRules::format(s);
  EXPECT_NE(text.find("; aboard: 1 guards, 1 prisoners"), std::string::npos) << text;
  auto tb = solvers::split_text_board(text, "format", true);
  ASSERT_TRUE(tb.ok()) << tb.error().message;
  auto back = rv::parse(*tb);
  ASSERT_TRUE(back.ok()) << back.error().message;
  EXPECT_TRUE(*back == s.board);
  EXPECT_TRUE(RiverRules::same_level(s, position(4, 2, 3, 1, 2, true)));
  EXPECT_FALSE(RiverRules::same_level(s, position(4, 2, 2, 4, 2, true)));
}

}  // namespace
}  // namespace pb::app
