/* play_river.cpp: the river crossing's taps: where a boarding, a landing or a crossing is tapped. */
#include "app/play_river.hpp"

#include <algorithm>
#include <span>

namespace pb::app {
namespace {

namespace rv = solvers::river;

std::string who(bool guard) { return guard ? "guard" : "prisoner"; }

}  // namespace

Result<PlayReading<RiverRules::State>> RiverRules::read(const cv::Mat& bgr, const Params& params) {
  auto r = vision::river::read(bgr, params);
  if (!r) return r.error();
  PlayReading<State> out;
  out.state = {r->state, r->aboard};
  out.centres.push_back(r->hull_centre);
  for (const vision::river::Figure& f : r->figures) out.centres.push_back(f.centre);  // already in the order above
  return out;
}

MoveList<RiverRules::Move> RiverRules::solve(const State& s, const solvers::Limits& limits) {
  rv::Solution sol = rv::solve_position(s, limits);
  return {sol.status, std::move(sol.steps), sol.reason, sol.nodes};
}

std::string RiverRules::format(const State& s) {
  std::string text = rv::format(s.board);
  if (s.aboard != rv::Move{})
    text += "; aboard: " + std::to_string(s.aboard.guards) + " guards, " + std::to_string(s.aboard.prisoners) + " prisoners\n";
  return text;
}

Result<FrameGesture> RiverRules::gesture(const PlayReading<State>& reading, const State& before, Move m) {
  // Index of the first figure of each group in `centres` (after the hull), as RiverRules::read lays them out.
  const State& seen = reading.state;
  const int groups[6] = {seen.standing(true, true),  seen.standing(true, false),  seen.standing(false, true),
                         seen.standing(false, false), seen.aboard.guards,         seen.aboard.prisoners};
  int total = 1;
  for (int g : groups) total += g;
  if (static_cast<int>(reading.centres.size()) != total)
    return make_error("the reader gave " + std::to_string(reading.centres.size()) + " centres for " +
                      std::to_string(total - 1) + " figures and the hull: a reader bug");
  auto centre_of = [&](int group) -> Result<cv::Point2f> {
    if (groups[group] < 1) return make_error("no such figure on screen: a planner bug");
    int at = 1;
    for (int g = 0; g < group; ++g) at += groups[g];
    return reading.centres[static_cast<std::size_t>(at)];
  };
  Result<cv::Point2f> p = reading.centres.front();
  std::string label;
  const bool left = before.board.boat_left;
  switch (m.kind) {
    case Move::Kind::kBoard:
      p = centre_of((left ? 0 : 2) + (m.guard ? 0 : 1));
      label = "board a " + who(m.guard) + " on the " + (left ? "left" : "right") + " bank";
      break;
    case Move::Kind::kLand:
      p = centre_of(m.guard ? 4 : 5);
      label = "land a " + who(m.guard);
      break;
    case Move::Kind::kCross:
      label = "cross to the " + std::string(left ? "right" : "left") + " with " + std::to_string(before.aboard.guards) +
              "G " + std::to_string(before.aboard.prisoners) + "P";
      break;
  }
  if (!p) return p.error();
  return FrameGesture{actuator::Gesture::Kind::kTap, {{p->x, p->y, reading.frame}}, label};
}

bool RiverRules::same_level(const State& start, const State& later) {
  return start.board.guards == later.board.guards && start.board.prisoners == later.board.prisoners &&
         start.board.boat == later.board.boat;
}

}  // namespace pb::app

// The river crossing's entry in `puzzlebot play` (app/play_games.hpp).

namespace pb::app {

std::span<const PlayGame> river_play_games() {
  static constexpr PlayGame kEntries[] = {
      {"river", kArenaWindow, "river crossing (arena): click figures to board or land them, the hull to cross",
       LevelFlow::kAdvancesItself, &make_arena_player<RiverRules>},
  };
  return kEntries;
}

}  // namespace pb::app
