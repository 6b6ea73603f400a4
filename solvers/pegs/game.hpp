/* game.hpp: peg solitaire's entry in the game list. */
#pragma once

#include <memory>

#include "solvers/common/puzzle.hpp"
#include "solvers/pegs/pegs.hpp"

namespace pb::solvers::pegs {

extern const Game kGame;

// The type-erased Puzzle for a typed state (vision uses it for boards read from images).
std::unique_ptr<Puzzle> make_puzzle(State state);

// FORMATS.md's moves array: [[[r1,c1],[r2,c2]],...], each jump from, to.
std::string moves_json(const std::vector<Move>& moves);

}  // namespace pb::solvers::pegs
