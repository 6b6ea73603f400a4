/* board_graph.cpp: building the knight graph of a board. */
#include "solvers/knight/board_graph.hpp"

namespace pb::solvers::knight {

std::uint32_t centre_priority(int rows, int cols, int r, int c) {
  // Doubled coordinates keep the centre of an even board on the grid. Fits: 2 * (2 * 2000)^2 < 2^32.
  auto dr = static_cast<std::int64_t>(2 * r - (rows - 1));
  auto dc = static_cast<std::int64_t>(2 * c - (cols - 1));
  auto max_r = static_cast<std::int64_t>(rows - 1), max_c = static_cast<std::int64_t>(cols - 1);
  return static_cast<std::uint32_t>(max_r * max_r + max_c * max_c - (dr * dr + dc * dc));
}

BoardGraph board_graph(const State& state) {
  BoardGraph out;
  out.vertex_of.assign(state.squares.size(), -1);
  for (int r = 0; r < state.rows; ++r)
    for (int c = 0; c < state.cols; ++c)
      if (state.at({r, c}) == Square::kFree) {
        out.vertex_of[state.index({r, c})] = static_cast<std::int32_t>(out.cell_of.size());
        out.cell_of.push_back({r, c});
      }
  Graph& g = out.graph;
  g.offsets.reserve(out.cell_of.size() + 1);
  g.priority.reserve(out.cell_of.size());
  for (Cell a : out.cell_of) {
    for (auto [dr, dc] : kKnightMoves) {
      Cell b{a.row + dr, a.col + dc};
      if (state.inside(b) && out.vertex_of[state.index(b)] >= 0)
        g.targets.push_back(out.vertex_of[state.index(b)]);
    }
    g.offsets.push_back(static_cast<std::int32_t>(g.targets.size()));
    g.priority.push_back(centre_priority(state.rows, state.cols, a.row, a.col));
  }
  return out;
}

}  // namespace pb::solvers::knight
