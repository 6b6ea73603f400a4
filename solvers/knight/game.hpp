/* game.hpp: the knight's tour's entry in the game list. */
#pragma once

#include <memory>

#include "solvers/common/puzzle.hpp"
#include "solvers/knight/knight.hpp"

namespace pb::solvers::knight {

extern const Game kGame;

// The type-erased Puzzle for a typed state (vision uses it for boards read from images).
std::unique_ptr<Puzzle> make_puzzle(State state);

// The tour for a person: a grid of visiting numbers on boards up to kMaxGridSide a side, otherwise
// a one-line summary (the JSON has every square).
std::string tour_text(const State& state, const std::vector<Cell>& tour);
inline constexpr int kMaxGridSide = 40;

}  // namespace pb::solvers::knight
