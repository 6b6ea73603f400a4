/* game.hpp: the knight's tour's entry in the game list and its Puzzle (solvers/common/game_puzzle.hpp). */
#pragma once

#include <string>
#include <vector>

#include "solvers/common/game_puzzle.hpp"
#include "solvers/knight/knight.hpp"

namespace pb::solvers::knight {

struct Spec {
  using State = knight::State;
  using Solution = knight::Solution;
  static constexpr std::string_view kName = "knight";
  static constexpr auto parse = &knight::parse;
  static constexpr auto format = &knight::format;
  static constexpr auto solve = &knight::solve;
  // Moves are the tour's [row, col] squares in visiting order.
  static Outcome outcome(const State& state, const Solution& sol);
};

extern const Game kGame;

// The tour for a person: a grid of visiting numbers on boards up to kMaxGridSide a side, otherwise
// a one-line summary (the JSON has every square).
std::string tour_text(const State& state, const std::vector<Cell>& tour);
inline constexpr int kMaxGridSide = 40;

}  // namespace pb::solvers::knight
