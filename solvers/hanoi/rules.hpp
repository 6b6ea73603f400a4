/* rules.hpp: the Tower of Hanoi as the play loop plays it: a move is a drag from one rod to another. */
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "solvers/common/play_rules.hpp"
#include "solvers/hanoi/hanoi.hpp"

namespace pb::solvers::hanoi {

// The reader's places are the rods (halfway up each rod).
struct Rules {
  using State = hanoi::State;
  using Move = hanoi::Move;
  static constexpr std::string_view kName = "hanoi";
  static constexpr bool kConfirmByPixels = false;  // disks change place and stack heights
  static MoveList<Move> solve(const State& s, const Limits& limits);
  static Result<State> apply(const State& s, Move m) { return hanoi::apply(s, m); }
  static bool is_goal(const State& s);
  static std::string format(const State& s) { return hanoi::format(s); }
  static std::string moves_json(const State& start, const std::vector<Move>& plan);
  static Result<MoveInput> input(const State& seen, std::size_t places, const State& before, Move m);
  // The same rods, disks and goal (any position of them is reachable from any other).
  static bool same_level(const State& start, const State& later);
};

}  // namespace pb::solvers::hanoi
