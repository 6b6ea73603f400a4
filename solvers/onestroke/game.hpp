/* game.hpp: the one-stroke game's entry in the game list. */
#pragma once

#include "solvers/common/puzzle.hpp"
#include "solvers/onestroke/onestroke.hpp"

namespace pb::solvers::onestroke {

extern const Game kGame;

// The type-erased Puzzle for a typed state (vision uses it for boards read from images).
std::unique_ptr<Puzzle> make_puzzle(State state);

}  // namespace pb::solvers::onestroke
