/* planted.hpp: random solvable one-stroke boards (for tests and the benchmark). */
#pragma once

#include <cstdint>
#include <vector>

#include "solvers/onestroke/onestroke.hpp"

namespace pb::solvers::onestroke {

// A board with a known answer: `path` visits every cell of `state` from its head.
struct Planted {
  State state;
  std::vector<Cell> path;
};

// A random Hamiltonian path of the full n x n grid (backbite moves from a serpentine), cut to a random
// prefix of between `min_keep` and all of its cells; the board is that prefix, started at its first
// cell, so it is always solvable. Same (n, min_keep, seed) -> same board.
Planted planted_board(int n, double min_keep, std::uint64_t seed);

}  // namespace pb::solvers::onestroke
