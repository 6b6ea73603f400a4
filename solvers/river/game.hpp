/* game.hpp: the river crossing's entry in the game list. */
#pragma once

#include <memory>

#include "solvers/common/puzzle.hpp"
#include "solvers/river/river.hpp"

namespace pb::solvers::river {

extern const Game kGame;

// The type-erased Puzzle for a typed state (vision uses it for boards read from images).
std::unique_ptr<Puzzle> make_puzzle(State state);

}  // namespace pb::solvers::river
