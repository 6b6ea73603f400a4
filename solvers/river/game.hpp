/* game.hpp: the river crossing's entry in the game list and its Puzzle (solvers/common/game_puzzle.hpp). */
#pragma once

#include "solvers/common/game_puzzle.hpp"
#include "solvers/river/river.hpp"

namespace pb::solvers::river {

struct Spec {
  using State = river::State;
  using Solution = river::Solution;
  static constexpr std::string_view kName = "river";
  static constexpr auto parse = &river::parse;
  static constexpr auto format = &river::format;
  static constexpr auto solve = &river::solve;
  // Moves are [guards, prisoners] trips, alternately across and back.
  static Outcome outcome(const State& state, const Solution& sol);
};

extern const Game kGame;

}  // namespace pb::solvers::river
