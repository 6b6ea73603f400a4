/* grid.hpp: a square of a rectangular board, as the grid games (one-stroke, pegs, knight) name it. */
#pragma once

namespace pb::solvers {

// Row and column from the top left, 0-based: the order FORMATS.md's JSON moves use.
struct Cell {
  int row = 0;
  int col = 0;
  friend bool operator==(const Cell&, const Cell&) = default;
};

}  // namespace pb::solvers
