/* board_graph.hpp: the knight graph of a board's free squares, shared by the proofs, search and construction. */
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "solvers/knight/knight.hpp"
#include "solvers/knight/search.hpp"

namespace pb::solvers::knight {

// The eight knight moves as (row, col) offsets.
inline constexpr std::array<std::array<int, 2>, 8> kKnightMoves = {
    {{-2, -1}, {-2, 1}, {-1, -2}, {-1, 2}, {1, -2}, {1, 2}, {2, -1}, {2, 1}}};

inline bool knight_move(Cell a, Cell b) {
  int dr = a.row > b.row ? a.row - b.row : b.row - a.row;
  int dc = a.col > b.col ? a.col - b.col : b.col - a.col;
  return (dr == 1 && dc == 2) || (dr == 2 && dc == 1);
}

// Warnsdorff tie-break for square (r, c): squares farther from the centre get lower values and so
// are taken first, before they can be cut off (the rule Squirrel and Cull's and Pohl's tie-breaks
// refine; it is what lets plain Warnsdorff finish boards in the hundreds).
std::uint32_t centre_priority(int rows, int cols, int r, int c);

struct BoardGraph {
  Graph graph;
  std::vector<std::int32_t> vertex_of;  // per square (row-major): its vertex, or -1 when not free
  std::vector<Cell> cell_of;            // per vertex
};

// Vertices are the state's free squares (kFree), in row-major order.
BoardGraph board_graph(const State& state);

}  // namespace pb::solvers::knight
