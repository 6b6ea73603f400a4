/* rules.cpp: the river crossing's taps: which place a boarding, a landing or a crossing is tapped on. */
#include "solvers/river/rules.hpp"

#include <utility>

#include "core/json.hpp"

namespace pb::solvers::river {
namespace {

std::string who(bool guard) { return guard ? "guard" : "prisoner"; }

}  // namespace

MoveList<Rules::Move> Rules::solve(const State& s, const Limits& limits) {
  Solution sol = solve_position(s, limits);
  return {sol.status, std::move(sol.steps), sol.reason, sol.nodes};
}

std::string Rules::format(const State& s) {
  std::string text = river::format(s.board);
  if (s.aboard != river::Move{})
    text += "; aboard: " + std::to_string(s.aboard.guards) + " guards, " + std::to_string(s.aboard.prisoners) + " prisoners\n";
  return text;
}

Result<MoveInput> Rules::input(const State& seen, std::size_t places, const State& before, Move m) {
  // The first place of each group (after the hull), as the reader lists them.
  const int groups[6] = {seen.standing(true, true),  seen.standing(true, false),  seen.standing(false, true),
                         seen.standing(false, false), seen.aboard.guards,         seen.aboard.prisoners};
  int total = 1;
  for (int g : groups) total += g;
  if (static_cast<int>(places) != total)
    return make_error("the reader gave " + std::to_string(places) + " centres for " + std::to_string(total - 1) +
                      " figures and the hull: a reader bug");
  auto place_of = [&](int group) -> Result<int> {
    if (groups[group] < 1) return make_error("no such figure on screen: a planner bug");
    int at = 1;
    for (int g = 0; g < group; ++g) at += groups[g];
    return at;
  };
  Result<int> place = 0;  // the hull
  std::string label;
  const bool left = before.board.boat_left;
  switch (m.kind) {
    case Step::Kind::kBoard:
      place = place_of((left ? 0 : 2) + (m.guard ? 0 : 1));
      label = "board a " + who(m.guard) + " on the " + (left ? "left" : "right") + " bank";
      break;
    case Step::Kind::kLand:
      place = place_of(m.guard ? 4 : 5);
      label = "land a " + who(m.guard);
      break;
    case Step::Kind::kCross:
      label = "cross to the " + std::string(left ? "right" : "left") + " with " + std::to_string(before.aboard.guards) +
              "G " + std::to_string(before.aboard.prisoners) + "P";
      break;
  }
  if (!place) return place.error();
  return MoveInput{MoveInput::Kind::kTap, {*place}, std::move(label)};
}

bool Rules::same_level(const State& start, const State& later) {
  return start.board.guards == later.board.guards && start.board.prisoners == later.board.prisoners &&
         start.board.boat == later.board.boat;
}

std::string Rules::moves_json(const State& start, const std::vector<Move>& plan) {
  std::vector<std::pair<int, int>> trips;
  int guards = start.aboard.guards, prisoners = start.aboard.prisoners;
  for (const Move& step : plan) {
    switch (step.kind) {
      case Step::Kind::kBoard: ++(step.guard ? guards : prisoners); break;
      case Step::Kind::kLand: --(step.guard ? guards : prisoners); break;
      case Step::Kind::kCross:
        trips.emplace_back(guards, prisoners);
        guards = prisoners = 0;
        break;
    }
  }
  return json::int_pairs(trips);
}

}  // namespace pb::solvers::river
