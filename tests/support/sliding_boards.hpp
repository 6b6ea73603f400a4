/* sliding_boards.hpp: what the sliding-tile solver tests share: random boards, a damaged table file. */
#pragma once

#include <algorithm>
#include <fstream>
#include <random>
#include <string>
#include <utility>

#include "solvers/sliding/pattern_db.hpp"
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

// What a two-tile pattern database must hold, by brute force: for the pattern's tiles on cells a and
// c, the fewest moves of those two tiles (blank moves free) that bring them to spec.cells, the blank
// then anywhere else or, when spec.blank >= 0, on spec.blank; 1 << 20 where none does. Index a * n + c
// (n cells); a relaxation to a fixed point over (a, c, blank), for boards of a few dozen cells.
inline std::vector<int> two_tile_pattern_values(const DbSpec& spec) {
  const int rows = spec.rows, cols = spec.cols, n = rows * cols;
  constexpr int kFar = 1 << 20;
  std::vector<int> dist(static_cast<std::size_t>(n * n * n), kFar);  // [(a * n + c) * n + blank]
  const int ga = spec.cells[0], gc = spec.cells[1];
  for (int b = 0; b < n; ++b)
    if (b != ga && b != gc && (spec.blank < 0 || b == spec.blank)) dist[(ga * n + gc) * n + b] = 0;
  for (bool changed = true; changed;) {
    changed = false;
    for (int a = 0; a < n; ++a)
      for (int c = 0; c < n; ++c)
        for (int b = 0; b < n; ++b) {
          if (a == c || a == b || c == b) continue;
          const int d = dist[(a * n + c) * n + b];
          if (d >= kFar) continue;
          const int br = b / cols, bc = b % cols;
          const int nbs[4][2] = {{br - 1, bc}, {br + 1, bc}, {br, bc - 1}, {br, bc + 1}};
          for (const auto& nb : nbs) {
            if (nb[0] < 0 || nb[0] >= rows || nb[1] < 0 || nb[1] >= cols) continue;
            const int q = nb[0] * cols + nb[1];
            int na = a, nc = c, cost = 0;
            if (q == a) na = b, cost = 1;
            if (q == c) nc = b, cost = 1;
            int& target = dist[(na * n + nc) * n + q];
            if (d + cost < target) target = d + cost, changed = true;
          }
        }
  }
  std::vector<int> best(static_cast<std::size_t>(n * n), kFar);
  for (int a = 0; a < n; ++a)
    for (int c = 0; c < n; ++c)
      for (int b = 0; b < n; ++b)
        if (a != c && b != a && b != c) best[a * n + c] = std::min(best[a * n + c], dist[(a * n + c) * n + b]);
  return best;
}

}  // namespace pb::solvers::sliding::test_support
