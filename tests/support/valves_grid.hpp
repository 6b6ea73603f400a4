/* valves_grid.hpp: a grid of valves and walls as a valves Graph, for the cut's tests and benchmark. */
#pragma once

#include <utility>
#include <vector>

#include "solvers/valves/valves.hpp"

namespace pb::solvers::test_support {

// A side x side grid whose open cells (`open`, row-major, non-zero) are valves piped to their open
// right and lower neighbours; the inlet, node side * side, is piped to every open cell of the left
// column, the outlet, node side * side + 1, from every open cell of the right column.
inline valves::Graph valves_grid_graph(int side, const std::vector<char>& open) {
  const int inlet = side * side, outlet = inlet + 1;
  std::vector<std::pair<int, int>> pipes;
  pipes.reserve(2 * static_cast<std::size_t>(side * side));
  for (int r = 0; r < side; ++r)
    for (int c = 0; c < side; ++c) {
      const int v = r * side + c;
      if (!open[v]) continue;
      if (c + 1 < side && open[v + 1]) pipes.emplace_back(v, v + 1);
      if (r + 1 < side && open[v + side]) pipes.emplace_back(v, v + side);
      if (c == 0) pipes.emplace_back(inlet, v);
      if (c == side - 1) pipes.emplace_back(v, outlet);
    }
  return valves::make_graph(side * side + 2, pipes);
}

}  // namespace pb::solvers::test_support
