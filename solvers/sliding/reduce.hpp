/* reduce.hpp: fast suboptimal solving of boards larger than 16 cells (row/column reduction). */
#pragma once

#include "solvers/sliding/sliding.hpp"

namespace pb::solvers::sliding {

// Solves the top row or left column (whichever side is longer) tile by tile, shrinking the board,
// until a corner of at most 4x4 is left, which is solved optimally; then stretches of the solution
// are re-solved optimally where that is shorter (shorten.hpp), and square boards of up to 64 cells
// are also solved mirrored about the diagonal, on a second thread, the shorter kept. Up to 36 cells the first row and
// column are placed together by weighted IDA* first (reduce.cpp, FirstLines), and a 5x5 board or
// corner is solved whole by weighted.hpp where its tables fit. The length is not minimal;
// Solution::lower_bound is Manhattan + linear conflicts of the whole board.
Solution solve_reduced(const State& state, const Limits& limits);

}  // namespace pb::solvers::sliding
