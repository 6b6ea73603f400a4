/* game.hpp: peg solitaire's entry in the game list and its Puzzle (solvers/common/game_puzzle.hpp). */
#pragma once

#include <string>
#include <vector>

#include "solvers/common/game_puzzle.hpp"
#include "solvers/pegs/pegs.hpp"

namespace pb::solvers::pegs {

struct Spec {
  using State = pegs::State;
  using Solution = pegs::Solution;
  static constexpr std::string_view kName = "pegs";
  static constexpr auto parse = &pegs::parse;
  static constexpr auto parse_id = &pegs::parse_id;
  static constexpr auto format = &pegs::format;
  static constexpr auto solve = &pegs::solve;
  // Moves are jumps (moves_json below), also the best partial ones of an unsolvable board.
  static Outcome outcome(const State& state, const Solution& sol);
};

extern const Game kGame;

// FORMATS.md's moves array: [[[r1,c1],[r2,c2]],...], each jump from, to.
std::string moves_json(const std::vector<Move>& moves);

}  // namespace pb::solvers::pegs
