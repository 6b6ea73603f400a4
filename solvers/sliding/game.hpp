/* game.hpp: the sliding-tiles game's entry in the game list. */
#pragma once

#include <memory>

#include "solvers/common/puzzle.hpp"
#include "solvers/sliding/sliding.hpp"

namespace pb::solvers::sliding {

extern const Game kGame;

// The type-erased Puzzle for a typed state (vision uses it for boards read from images).
std::unique_ptr<Puzzle> make_puzzle(State state);

// "12 down, 8 right, ...": the moves for a person (direction the tile slides).
std::string moves_text(const State& state, const std::vector<Move>& moves);

}  // namespace pb::solvers::sliding
