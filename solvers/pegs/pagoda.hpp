/* pagoda.hpp: pagoda functions for a peg board, found by linear programming, to prune the solver's search. */
#pragma once

// A pagoda function gives each hole a weight p (of any sign) such that p(to) <= p(from) + p(over)
// for every jump: the weight summed over the pegs never grows. A position whose sum is below the
// smallest weight of the holes a last peg may end in can never be finished, which is a proof, not
// a heuristic. Which function proves a given dead position is a small linear program (refute()).
//
// Rejected designs:
// - Only the classic hand-made functions (Conway's golden ratio, the English board's resource
//   counts): they exist for two boards and one target each; an LP finds them for any board, end set
//   and dead position, and the search picks the positions (search.cpp).
// - Nonnegative weights only: negative weights are what express "too many pegs stranded in a
//   corner" (a resource count is 1 - p), the main reason "one peg anywhere" starts go dead.
// - An LP library: the programs are tiny (a row per hole, a column per jump and end hole: the dual
//   of the search for weights, see pagoda.cpp); a dense tableau simplex is a hundred lines and every
//   function it returns is checked exactly.

#include <optional>
#include <vector>

#include "solvers/pegs/geometry.hpp"

namespace pb::solvers::pegs {

struct Pagoda {
  std::vector<double> weight;  // per hole
  double threshold = 0;        // the least weight of an end hole: sums below it are dead
};

// Largest amount by which `weight` breaks p(to) <= p(from) + p(over) over the board's jumps (0 when
// it is a pagoda function), for checking what the LP returns.
double pagoda_violation(const Geometry& g, const std::vector<double>& weight);

// A pagoda function proving that the pegs `pegs` (hole numbers) cannot end with one peg in any of
// `ends`, or nullopt when there is none. Every function returned has been checked to be a pagoda
// function (violation below 1e-12) and leaves `pegs` at least 0.5 below its threshold. Each simplex
// pivot costs at most (holes + 2) x (jumps + ends + holes + 2) flops (5k on the French board; the
// pivot rows are sparse) and is taken from `pivots_left`; when that runs out the answer is nullopt.
std::optional<Pagoda> refute(const Geometry& g, const std::vector<int>& pegs, const std::vector<int>& ends,
                             int& pivots_left);

}  // namespace pb::solvers::pegs
