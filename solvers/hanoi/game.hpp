/* game.hpp: the Tower of Hanoi's entry in the game list. */
#pragma once

#include <memory>

#include "solvers/common/puzzle.hpp"
#include "solvers/hanoi/hanoi.hpp"

namespace pb::solvers::hanoi {

extern const Game kGame;

// The type-erased Puzzle for a typed state (vision uses it for boards read from images).
std::unique_ptr<Puzzle> make_puzzle(State state);

}  // namespace pb::solvers::hanoi
