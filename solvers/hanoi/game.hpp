/* game.hpp: the Tower of Hanoi's entry in the game list and its Puzzle (solvers/common/game_puzzle.hpp). */
#pragma once

#include "solvers/common/game_puzzle.hpp"
#include "solvers/hanoi/hanoi.hpp"

namespace pb::solvers::hanoi {

struct Spec {
  using State = hanoi::State;
  using Solution = hanoi::Solution;
  static constexpr std::string_view kName = "hanoi";
  static constexpr auto parse = &hanoi::parse;
  static constexpr auto format = &hanoi::format;
  static constexpr auto solve = &hanoi::solve;
  // Moves are [from, to] pegs; the text lists the first moves only.
  static Outcome outcome(const State& state, const Solution& sol);
};

extern const Game kGame;

}  // namespace pb::solvers::hanoi
