/* cell_masks.hpp: a board's cells as bit masks (neighbours, columns) and the flood fill through free cells. */
#pragma once

#include <cstdint>

#include "solvers/sliding/pattern_db.hpp"

namespace pb::solvers::sliding {

// A rows x cols board (at most kMaxTableCells cells) as 32-bit cell masks; the table builds
// (pattern_db.cpp, pdb78.cpp) and the choice of a group's table (does the blank's goal matter?)
// read it.
struct CellMasks {
  int rows = 0, cols = 0, n = 0;
  std::uint32_t all = 0, not_first_col = 0, not_last_col = 0;
  std::uint32_t neighbours[kMaxTableCells] = {};
  std::uint32_t sideways[kMaxTableCells] = {};  // the neighbours in the same row

  CellMasks(int r, int c) : rows(r), cols(c), n(r * c) {
    all = n == 32 ? ~0u : (1u << n) - 1u;
    for (int i = 0; i < n; ++i) {
      if (i % cols != 0) not_first_col |= 1u << i;
      if (i % cols != cols - 1) not_last_col |= 1u << i;
      const int y = i / cols, x = i % cols;
      if (y > 0) neighbours[i] |= 1u << (i - cols);
      if (y < rows - 1) neighbours[i] |= 1u << (i + cols);
      if (x > 0) sideways[i] |= 1u << (i - 1);
      if (x < cols - 1) sideways[i] |= 1u << (i + 1);
      neighbours[i] |= sideways[i];
    }
  }
  // Cells reachable from `start` through `free` (bit-parallel flood fill), `start` included.
  std::uint32_t fill(std::uint32_t start, std::uint32_t free) const {
    std::uint32_t r = start;
    for (;;) {
      std::uint32_t next = r | ((r & not_last_col) << 1) | ((r & not_first_col) >> 1) | (r << cols) | (r >> cols);
      next &= free | start;
      next &= all;
      if (next == r) return r;
      r = next;
    }
  }
  // Whether the cells outside `occupied` form one area (then a table for those tiles need not
  // know where the blank's goal is).
  bool free_connected(std::uint32_t occupied) const {
    const std::uint32_t free = all & ~occupied;
    return fill(free & (~free + 1u), free) == free;
  }
};

}  // namespace pb::solvers::sliding
