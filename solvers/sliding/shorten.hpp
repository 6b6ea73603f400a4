/* shorten.hpp: makes a long sliding-tile solution shorter by re-solving short stretches of it optimally. */
#pragma once

#include <cstdint>
#include <vector>

#include "solvers/common/puzzle.hpp"
#include "solvers/sliding/sliding.hpp"

namespace pb::solvers::sliding {

// What shorten() may spend and did.
struct ShortenStats {
  std::uint64_t nodes = 0;    // IDA* nodes over all stretches
  int stretches = 0;          // stretches re-solved
  int improved = 0;           // stretches replaced by a shorter way
};

// Window and budgets (moves, nodes); the defaults are what solve() uses (docs/PERFORMANCE.md).
struct ShortenParams {
  // Measured on random 5x5 boards (bench_sliding_random): 36 / 30,000 / 3 M nodes gave 2% shorter
  // solutions for twice the time, and longer windows with bigger caps no better.
  int window = 32;                        // moves between the two ends of a stretch
  std::uint64_t stretch_nodes = 5'000;    // per stretch: past this the stretch is kept as it is
  std::uint64_t total_nodes = 400'000;    // over the whole solution
};

// Takes `moves`, a solution from `start`, and replaces stretches of it by optimal ways between the
// same two boards (IDA* over the Manhattan distance between them), where that way is shorter.
// The result reaches the same final board from `start`, never longer. Stops early at the limits'
// deadline or cancel flag, keeping what it has.
std::vector<Move> shorten(const State& start, std::vector<Move> moves, const Limits& limits,
                          const ShortenParams& params, ShortenStats& stats);

}  // namespace pb::solvers::sliding
