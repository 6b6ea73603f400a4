/* game.hpp: the sliding-tiles game's entry in the game list and its Puzzle (solvers/common/game_puzzle.hpp). */
#pragma once

#include <string>
#include <vector>

#include "solvers/common/game_puzzle.hpp"
#include "solvers/sliding/sliding.hpp"

namespace pb::solvers::sliding {

struct Spec {
  using State = sliding::State;
  using Solution = sliding::Solution;
  static constexpr std::string_view kName = "sliding";
  static constexpr auto parse = &sliding::parse;
  static constexpr auto parse_id = &sliding::parse_id;
  static constexpr auto format = &sliding::format;
  static constexpr auto solve = &sliding::solve;
  // Moves are the tile numbers in the order they slide; a solution that does not replay is
  // reported as an internal error (kGaveUp, no moves), never as an answer.
  static Outcome outcome(const State& state, const Solution& sol);
};

extern const Game kGame;

// "12 down, 8 right, ...": the moves for a person (direction the tile slides).
std::string moves_text(const State& state, const std::vector<Move>& moves);

}  // namespace pb::solvers::sliding
