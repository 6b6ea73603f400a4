/* construct.hpp: knight's tours of large full boards by joining small block tours (divide and conquer). */
#pragma once

// Warnsdorff's rule alone starts failing on boards beyond about 500x500, and search cannot repair a
// failure that deep; this construction is linear and does not fail. See construct.cpp for the join.

#include <cstdint>
#include <optional>
#include <vector>

#include "solvers/common/puzzle.hpp"
#include "solvers/knight/knight.hpp"

namespace pb::solvers::knight {

// Smallest side the construction takes: every block is at least 5x5.
inline constexpr int kConstructMinSide = 5;

// Whether the construction handles a full rows x cols board: both sides at least 5 and, for a closed
// tour, not both odd (Schwenk: then a closed tour exists). Open tours on odd x odd boards are built
// around one odd block that holds an open path from the start (which must be a light square).
bool construction_applies(int rows, int cols, bool closed);

// A tour of the full board as squares (row * cols + col) in visiting order, starting at `start`
// (default (0,0)); closed tours do not repeat the start. Empty when a block search failed or the
// budget ran out (the caller then falls back to search and reports which).
std::vector<std::int32_t> construct_tour(int rows, int cols, bool closed, std::optional<Cell> start,
                                         Budget& budget, std::uint64_t seed);

}  // namespace pb::solvers::knight
