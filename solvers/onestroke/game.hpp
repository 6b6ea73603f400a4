/* game.hpp: the one-stroke game's entry in the game list and its Puzzle (solvers/common/game_puzzle.hpp). */
#pragma once

#include "solvers/common/game_puzzle.hpp"
#include "solvers/onestroke/onestroke.hpp"

namespace pb::solvers::onestroke {

struct Spec {
  using State = onestroke::State;
  using Solution = onestroke::Solution;
  static constexpr std::string_view kName = "onestroke";
  static constexpr auto parse = &onestroke::parse;
  static constexpr auto format = &onestroke::format;
  static constexpr auto solve = &onestroke::solve;
  // Moves are the path's [row, col] cells, head first.
  static Outcome outcome(const State& state, const Solution& sol);
};

extern const Game kGame;

}  // namespace pb::solvers::onestroke
