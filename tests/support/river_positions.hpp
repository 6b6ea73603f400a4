/* river_positions.hpp: what the river-crossing tests share: a Position written out in one call. */
#pragma once

#include "solvers/river/river.hpp"

namespace pb::solvers::test_support {

// `guards` and `prisoners` in all, a boat of `boat` seats on the left bank or not, left_g guards and
// left_p prisoners counted on the left bank, `aboard` in the boat (counted on the boat's bank).
inline river::Position river_position(int guards, int prisoners, int boat, int left_g, int left_p, bool boat_left,
                                      river::Move aboard = {}) {
  river::Position p;
  p.board.guards = guards;
  p.board.prisoners = prisoners;
  p.board.boat = boat;
  p.board.left_guards = left_g;
  p.board.left_prisoners = left_p;
  p.board.boat_left = boat_left;
  p.aboard = aboard;
  return p;
}

}  // namespace pb::solvers::test_support
