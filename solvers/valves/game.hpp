/* game.hpp: the valves puzzle's entry in the game list and its Puzzle (solvers/common/game_puzzle.hpp). */
#pragma once

#include "solvers/common/game_puzzle.hpp"
#include "solvers/valves/valves.hpp"

namespace pb::solvers::valves {

struct Spec {
  using State = valves::State;
  using Solution = valves::Solution;
  static constexpr std::string_view kName = "valves";
  static constexpr auto parse = &valves::parse;
  static constexpr auto format = &valves::format;
  static constexpr auto solve = &valves::solve;
  // Moves are the names of the valves to close.
  static Outcome outcome(const State& state, const Solution& sol);
};

extern const Game kGame;

}  // namespace pb::solvers::valves
