/* pdb_heuristic.cpp: a pattern-database lookup's per-move tables (pdb_heuristic.hpp). */
#include "solvers/sliding/pdb_heuristic.hpp"

#include <algorithm>

#include "solvers/sliding/cell_masks.hpp"

namespace pb::solvers::sliding {

void PdbLookup::init(int k_, int n_, int rows, int cols) {
  k = k_;
  n = n_;
  slot.fill(-1);
  for (int i = 0; i < k; ++i) slot[tiles[static_cast<std::size_t>(i)]] = static_cast<std::int8_t>(i);
  for (int c = 0; c < n; ++c) inv[map[static_cast<std::size_t>(c)]] = static_cast<std::uint8_t>(c);
  std::uint32_t w = 1;
  for (int i = k - 1; i >= 0; --i) {
    weight[static_cast<std::size_t>(i)] = w;
    w *= static_cast<std::uint32_t>(n - i);
  }
  for (int s = 0; s < k; ++s)
    for (int j = 0; j < k; ++j)
      contrib[static_cast<std::size_t>(s)][tiles[static_cast<std::size_t>(j)]] =
          j < s ? -static_cast<std::int32_t>(weight[static_cast<std::size_t>(s)])
                : static_cast<std::int32_t>(weight[static_cast<std::size_t>(j)]);
  // Along a database row a move passes no cell, across one it passes cols - 1 (the maps are the
  // board's symmetries: a square's transposition keeps the side).
  for (int b = 0; b < n; ++b)
    for (int dir = 0; dir < 4; ++dir) {
      const int a = source_cell(b, dir, rows, cols);
      if (a < 0) continue;
      Step& st = steps[static_cast<std::size_t>(b * 4 + dir)];
      const int p = map[static_cast<std::size_t>(a)], qq = map[static_cast<std::size_t>(b)];
      st.step = static_cast<std::int8_t>(qq - p);
      st.sign = static_cast<std::int8_t>(qq > p ? 1 : -1);
      int m = 0;
      for (int x = std::min(p, qq) + 1; x < std::max(p, qq); ++x) st.cells[m++] = inv[static_cast<std::size_t>(x)];
      while (m < kMaxDbCells / 2) st.cells[m++] = static_cast<std::uint8_t>(n);
    }
}

std::uint32_t PdbLookup::sparse_index(const std::uint8_t* pos) const {
  std::uint32_t index = 0;
  for (int i = 0; i < k; ++i)
    index = index * static_cast<std::uint32_t>(n) + map[pos[tiles[static_cast<std::size_t>(i)]]];
  return index;
}

std::uint32_t PdbLookup::rank(const std::uint8_t* pos) const {
  std::uint8_t cells[kMaxDbCells];
  for (int i = 0; i < k; ++i) cells[i] = map[pos[tiles[static_cast<std::size_t>(i)]]];
  return static_cast<std::uint32_t>(rank_placement(cells, k, n));
}

CellMap identity_map(int n) {
  CellMap m{};
  for (int i = 0; i < n; ++i) m[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(i);
  return m;
}

GroupImage lowest_image(int rows, int cols, const std::vector<int>& group, const std::vector<CellMap>& maps,
                        bool connected) {
  const int n = rows * cols;
  GroupImage best;
  bool have = false;
  for (const CellMap& m : maps) {
    auto at = [&m](int c) { return m[static_cast<std::size_t>(c)]; };
    std::vector<int> order = group;
    std::sort(order.begin(), order.end(), [&](int a, int b) { return at(a) < at(b); });
    std::vector<int> image;
    for (int c : order) image.push_back(at(c));
    if (!have || image < best.spec.cells) {
      have = true;
      best.spec = DbSpec{rows, cols, image, connected ? -1 : n - 1};
      best.map = m;
      best.goal_cells = order;
    }
  }
  return best;
}

bool goal_free_connected(int rows, int cols, const std::vector<int>& group) {
  std::uint32_t occupied = 0;
  for (int c : group) occupied |= 1u << c;
  return CellMasks(rows, cols).free_connected(occupied);
}

}  // namespace pb::solvers::sliding
