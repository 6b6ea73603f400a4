/* sliding_boards.hpp: what the sliding-tile solver tests share: random boards, a damaged table file. */
#pragma once

#include <algorithm>
#include <fstream>
#include <random>
#include <string>
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

// The goal of a side x side board after `moves` random moves of the blank, none undoing the last
// (a board whose optimal length is at most `moves`).
inline State random_walk(int side, int moves, std::mt19937& rng) {
  State s = goal_state(side, side);
  for (int prev = -1, n = 0; n < moves;) {
    const int b = s.blank();
    const int cand[4] = {b - side, b + side, b % side > 0 ? b - 1 : -1, b % side < side - 1 ? b + 1 : -1};
    const int c = cand[rng() % 4];
    if (c < 0 || c >= side * side || s.tiles[static_cast<std::size_t>(c)] == prev) continue;
    prev = s.tiles[static_cast<std::size_t>(c)];
    s = apply(s, prev).value();
    ++n;
  }
  return s;
}

// Flips the bits of the byte 100 bytes before the end of a table file (its body: the checksum
// must catch it).
inline void flip_body_byte(const std::string& path) {
  std::fstream f(path, std::ios::in | std::ios::out | std::ios::binary);
  f.seekp(-100, std::ios::end);
  char c = 0;
  f.read(&c, 1);
  f.seekp(-100, std::ios::end);
  c = static_cast<char>(c ^ 0x5A);
  f.write(&c, 1);
}

}  // namespace pb::solvers::sliding::test_support
