/* column_dp.hpp: exact knight's tours on narrow boards by a dynamic programme over column cuts. */
#pragma once

// On a board h squares wide (h <= kColumnDpMaxWidth, either orientation) a knight's move spans at
// most two columns, so everything the rest of the tour needs to know about the part already decided
// is what crosses a cut two columns wide: the degree of each of those 2h+2 squares and which path
// ends are joined. That is a small set of states, so a dynamic programme over the squares (in column
// order) decides existence exactly, in time linear in the board's length, for open and closed tours,
// a free or a given start and any removed squares. See column_dp.cpp for the state and the rules.

#include <cstdint>
#include <optional>
#include <vector>

#include "solvers/common/puzzle.hpp"
#include "solvers/knight/knight.hpp"

namespace pb::solvers::knight {

// Widest board (the shorter side) the programme takes. Its cut of 2h+2 squares, 4 bits a square,
// would fit in 64 bits up to h = 6, but the number of states grows about twentyfold per row:
// about 150 (closed) and 15,000 (open) per step at h = 4, 50,000 at h = 5 (0.1 s for 5x5), millions
// at h = 6 (a 6x6 open tour took 90 s). The solver uses it up to kColumnDpSolveWidth, where it is
// fast at any length; wider boards are built or searched.
inline constexpr int kColumnDpMaxWidth = 5;
inline constexpr int kColumnDpSolveWidth = 4;

enum class DpEnd {
  kFound,   // tour holds a tour of the state's free squares (from its start; closed: a cycle)
  kNone,    // proved: no tour exists (from that start)
  kBudget,  // the Budget (nodes = states expanded, time, cancel) or the table memory ran out
};

struct DpRun {
  DpEnd end = DpEnd::kNone;
  std::vector<Cell> tour;        // visiting order; closed tours do not repeat the first square
  std::size_t widest_level = 0;  // most states at one step (the programme's width, for the docs)
};

// Requires min(rows, cols) <= kColumnDpMaxWidth and at least two free squares. `finish` (open tours
// only, a free square other than the start): the tour must also end there; kNone then only means
// no tour with that end. Pinning both ends makes the programme several times faster (no state needs
// to count loose ends), which is why solve() tries it first.
DpRun column_dp_tour(const State& state, Budget& budget, std::optional<Cell> finish = std::nullopt);

}  // namespace pb::solvers::knight
