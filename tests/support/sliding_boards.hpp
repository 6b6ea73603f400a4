/* sliding_boards.hpp: what the sliding-tile solver tests share: uniformly random solvable boards. */
#pragma once

#include <algorithm>
#include <random>
#include <utility>

#include "solvers/sliding/sliding.hpp"

namespace pb::solvers::sliding::test_support {

// A uniformly random solvable rows x cols board: a random permutation, and when its parity makes it
// unsolvable, one swap of two tiles (never the blank), which flips the parity.
inline State random_solvable(int rows, int cols, std::mt19937& rng) {
  State s = goal_state(rows, cols);
  std::shuffle(s.tiles.begin(), s.tiles.end(), rng);
  if (!unsolvable_reason(s).empty()) {
    const int a = s.tiles[0] == 0 ? 2 : 0, b = s.tiles[1] == 0 ? 2 : 1;
    std::swap(s.tiles[a], s.tiles[b]);
  }
  return s;
}

}  // namespace pb::solvers::sliding::test_support
