/* game.hpp: the valves puzzle's entry in the game list. */
#pragma once

#include <memory>

#include "solvers/common/puzzle.hpp"
#include "solvers/valves/valves.hpp"

namespace pb::solvers::valves {

extern const Game kGame;

// The type-erased Puzzle for a typed state (vision uses it for boards read from images).
std::unique_ptr<Puzzle> make_puzzle(State state);

}  // namespace pb::solvers::valves
