/* theory.hpp: proofs that no knight's tour exists (theorems for full boards, counting arguments for any board). */
#pragma once

// Each function returns the proof sketch when it proves impossibility, or nothing when it does not
// (which does not mean a tour exists: the search decides the rest, by exhaustion if need be).

#include <optional>
#include <string>

#include "solvers/knight/board_graph.hpp"
#include "solvers/knight/knight.hpp"

namespace pb::solvers::knight {

// Schwenk (1991) for closed tours and Conrad, Hindrichs, Morsy and Wegener (1994) for open tours on
// a full rows x cols board with no given start. With m <= n:
//  closed: none iff m and n are both odd, or m is 1, 2 or 4, or m = 3 and n is 4, 6 or 8;
//  open:   none iff m is 1 or 2 (except 1x1), or m = 3 and n is 3, 5 or 6, or m = n = 4.
std::optional<std::string> full_board_obstruction(int rows, int cols, bool closed);

// An open tour of a full board with a side of 4 (3x4 too) from a given start: the start must be on
// an outer line of that side (the argument of Schwenk's 4 x n case, see theory.cpp). Nothing
// otherwise.
std::optional<std::string> full_board_start_obstruction(const State& state);

// Arguments valid for any board and the state's start: the knight graph must be connected; a
// square with one move must be an end (none on a closed tour, at most two on an open one, and one
// of them the start when a start is given); moves alternate colours, so a closed tour needs equal
// colour counts and an open one counts differing by at most one, starting on the larger colour.
std::optional<std::string> graph_obstruction(const State& state, const BoardGraph& graph);

// "(r,c)" as in the JSON moves.
std::string cell_text(Cell c);

}  // namespace pb::solvers::knight
