/* knight_states.hpp: random knight's-tour positions (removed squares, a start, a few jumps made) for the reader tests. */
#pragma once

#include <opencv2/core.hpp>
#include <utility>
#include <vector>

#include "solvers/knight/knight.hpp"

namespace pb::testing {

// A random board with `removed` squares gone, an optional start, and `moves` random legal jumps made;
// the squares landed on are appended to `tour`.
inline solvers::knight::State random_knight_state(cv::RNG& rng, int rows, int cols, int removed, bool start, int moves,
                                                  std::vector<solvers::knight::Cell>* tour) {
  using solvers::knight::Cell;
  using solvers::knight::Square;
  solvers::knight::State s;
  s.rows = rows;
  s.cols = cols;
  s.squares.assign(static_cast<std::size_t>(rows * cols), Square::kFree);
  for (int i = 0; i < removed; ++i) s.squares[static_cast<std::size_t>(rng.uniform(0, rows * cols))] = Square::kRemoved;
  std::vector<Cell> free_cells;
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c)
      if (s.at({r, c}) == Square::kFree) free_cells.push_back({r, c});
  if (start) s.start = free_cells[static_cast<std::size_t>(rng.uniform(0, static_cast<int>(free_cells.size())))];
  for (int m = 0; m < moves; ++m) {
    std::vector<Cell> options;
    if (!s.knight) options = s.start ? std::vector<Cell>{*s.start} : free_cells;
    else
      for (auto [dr, dc] : {std::pair{1, 2}, {2, 1}, {-1, 2}, {-2, 1}, {1, -2}, {2, -1}, {-1, -2}, {-2, -1}}) {
        const Cell c{s.knight->row + dr, s.knight->col + dc};
        if (s.inside(c) && s.at(c) == Square::kFree) options.push_back(c);
      }
    if (options.empty()) break;
    const Cell next = options[static_cast<std::size_t>(rng.uniform(0, static_cast<int>(options.size())))];
    s = *solvers::knight::apply(s, next);
    tour->push_back(next);
  }
  return s;
}

}  // namespace pb::testing
