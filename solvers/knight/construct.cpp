/* construct.cpp: divide-and-conquer knight's tours: block tours with forced corner edges, joined by edge swaps. */
#include "solvers/knight/construct.hpp"

// The board is cut into blocks of 5..11 squares a side (for a closed tour every block has an even
// side, so each has a closed tour by Schwenk's theorem). Each block gets a closed tour, found by the
// exact search, that contains chosen "join edges" near its corners. Two neighbouring blocks are then
// joined by the classic two-edge swap: remove edge a-b from one tour and c-d from the other, add a-c
// and b-d (both knight moves across the border). Joining along a spanning tree of the blocks (every
// block row left to right, plus the first block column top to bottom) with distinct join edges gives
// one cycle: each swap merges two different cycles and removes only its own two edges.
//
//   left-right join, L's top-right and R's top-left corner:  a = L(0, w-1), b = L(2, w-2)
//                                                            c = R(1, 1),   d = R(3, 0)
//   top-bottom join (first block column), T over B:          a = T(h-1, 0), b = T(h-2, 2)
//                                                            c = B(1, 1),   d = B(0, 3)
//
// Open tours on odd x odd boards (no closed tour exists) use the same joins with one odd x odd
// block that holds an open path starting at the start square; a swap with a path edge keeps one path
// with the same start. The odd block is placed over the start with only even blocks before it, so
// the start keeps its colour inside the block.
//
// A block's tour must contain its join edges; the search forces an edge x-y by replacing it with a
// helper vertex z joined to x and y only: any Hamiltonian cycle then passes x-z-y.
//
// Rejected: Parberry's structured base tours typed in as tables (they would be unverifiable data in
// the source; here the blocks come from the search at run time, cached per call, and every tour is
// replayed before it is returned); Lin and Wei's O(1)-parallel variant (same result, more cases);
// Warnsdorff with tie-breaks on the whole board (fails beyond about 500x500, and its failures are too
// deep to backtrack out of).

#include <algorithm>
#include <array>
#include <cstdlib>
#include <map>
#include <tuple>

#include "solvers/knight/board_graph.hpp"
#include "solvers/knight/search.hpp"

namespace pb::solvers::knight {
namespace {

// Which join edges a block needs (bits), by its place in the spanning tree.
enum : unsigned { kJoinLeft = 1, kJoinRight = 2, kJoinTop = 4, kJoinBottom = 8 };

struct Edge {
  Cell a, b;
};

std::vector<Edge> join_edges(int h, int w, unsigned mask) {
  std::vector<Edge> out;
  if (mask & kJoinLeft) out.push_back({{1, 1}, {3, 0}});
  if (mask & kJoinRight) out.push_back({{0, w - 1}, {2, w - 2}});
  if (mask & kJoinTop) out.push_back({{1, 1}, {0, 3}});
  if (mask & kJoinBottom) out.push_back({{h - 1, 0}, {h - 2, 2}});
  return out;
}

// A block's tour as the two tour neighbours of every local square (-1: none, at a path's ends).
struct BlockTour {
  std::vector<std::array<std::int32_t, 2>> nb;
};

// Node cap per block search run, and runs per block: blocks are at most 11x11, where Warnsdorff
// ordering nearly always succeeds at once; a failed block makes the caller try another layout.
constexpr std::uint64_t kBlockNodeCap = 200000;
constexpr int kBlockRuns = 6;

std::optional<BlockTour> block_tour(int h, int w, unsigned mask, bool closed, Cell start, Budget& budget,
                                    std::uint64_t seed) {
  State board;
  board.rows = h;
  board.cols = w;
  board.squares.assign(static_cast<std::size_t>(h * w), Square::kFree);
  BoardGraph bg = board_graph(board);
  int n = h * w;
  std::vector<std::vector<std::int32_t>> adj(static_cast<std::size_t>(n));
  for (int v = 0; v < n; ++v) {
    auto nbs = bg.graph.neighbours(v);
    adj[static_cast<std::size_t>(v)].assign(nbs.begin(), nbs.end());
  }
  std::vector<std::uint32_t> priority = bg.graph.priority;
  for (const Edge& e : join_edges(h, w, mask)) {
    int x = e.a.row * w + e.a.col, y = e.b.row * w + e.b.col;
    auto z = static_cast<std::int32_t>(adj.size());
    std::replace(adj[static_cast<std::size_t>(x)].begin(), adj[static_cast<std::size_t>(x)].end(), y, z);
    std::replace(adj[static_cast<std::size_t>(y)].begin(), adj[static_cast<std::size_t>(y)].end(), x, z);
    adj.push_back({x, y});
    priority.push_back(priority[static_cast<std::size_t>(x)]);
  }
  Graph g;
  g.priority = std::move(priority);
  g.interior_only.assign(adj.size(), 0);
  for (std::size_t v = 0; v < adj.size(); ++v) {
    g.targets.insert(g.targets.end(), adj[v].begin(), adj[v].end());
    g.offsets.push_back(static_cast<std::int32_t>(g.targets.size()));
    if (static_cast<int>(v) >= n) g.interior_only[v] = 1;
  }
  int s = start.row * w + start.col;
  for (int run = 0; run < kBlockRuns; ++run) {
    std::uint64_t jitter = run == 0 ? 0 : seed * 0x9e3779b97f4a7c15ull + static_cast<std::uint64_t>(run);
    SearchRun found = search_from(g, s, closed, budget, kBlockNodeCap, jitter);
    if (found.end == SearchEnd::kBudget) return std::nullopt;
    if (found.end != SearchEnd::kFound) continue;
    std::vector<std::int32_t> order;
    for (int v : found.path)
      if (v < n) order.push_back(v);
    BlockTour tour;
    tour.nb.assign(static_cast<std::size_t>(n), {-1, -1});
    auto link = [&](int u, int v) {
      auto& a = tour.nb[static_cast<std::size_t>(u)];
      (a[0] < 0 ? a[0] : a[1]) = v;
    };
    for (std::size_t i = 0; i + 1 < order.size(); ++i) {
      link(order[i], order[i + 1]);
      link(order[i + 1], order[i]);
    }
    if (closed) {
      link(order.back(), order.front());
      link(order.front(), order.back());
    }
    return tour;
  }
  return std::nullopt;
}

// Parts of 6, 8 or 10 summing to an even length >= 6 (or no parts for 0).
std::vector<int> split_even(int len) {
  std::vector<int> parts;
  if (len == 0) return parts;
  if (len <= 10) return {len};
  parts.assign(static_cast<std::size_t>(len / 8), 8);
  switch (len % 8) {
    case 2: parts.back() = 10; break;
    case 4: parts.back() = 6; parts.push_back(6); break;
    case 6: parts.push_back(6); break;
    default: break;
  }
  return parts;
}

// Parts of 5..11 summing to a length >= 5.
std::vector<int> split_any(int len) {
  if (len <= 11) return {len};
  std::vector<int> parts(static_cast<std::size_t>(len / 8), 8);
  int r = len % 8;
  if (r >= 1 && r <= 3) parts.back() += r;
  else if (r == 4) { parts.back() = 6; parts.push_back(6); }
  else if (r >= 5) parts.push_back(r);
  return parts;
}

// Ways to cut an odd length into even parts and one odd part that covers position `pos`:
// (parts, index of the odd part). Best first: the start well inside a 7 or 9 block.
std::vector<std::pair<std::vector<int>, int>> odd_splits(int len, int pos) {
  struct Option {
    int score, before, odd;
  };
  std::vector<Option> options;
  for (int odd : {7, 9, 5, 11}) {
    for (int before = 0; before <= pos; before += 2) {
      int after = len - before - odd;
      bool ok = after >= 0 && (before == 0 || before >= 6) && (after == 0 || after >= 6) && pos < before + odd;
      if (ok) options.push_back({std::abs(2 * (pos - before) - (odd - 1)) + (odd == 5 || odd == 11 ? 100 : 0), before, odd});
    }
  }
  std::stable_sort(options.begin(), options.end(), [](const Option& a, const Option& b) { return a.score < b.score; });
  std::vector<std::pair<std::vector<int>, int>> out;
  for (const Option& o : options) {
    if (out.size() == 3) break;
    std::vector<int> parts = split_even(o.before);
    int index = static_cast<int>(parts.size());
    parts.push_back(o.odd);
    for (int p : split_even(len - o.before - o.odd)) parts.push_back(p);
    out.push_back({std::move(parts), index});
  }
  return out;
}

// Replaces the tour neighbour `from` of square v by `to`.
bool relink(std::vector<std::array<std::int32_t, 2>>& nb, std::int32_t v, std::int32_t from, std::int32_t to) {
  auto& a = nb[static_cast<std::size_t>(v)];
  if (a[0] == from) a[0] = to;
  else if (a[1] == from) a[1] = to;
  else return false;
  return true;
}

// Assembles the board from blocks; `path_block` (bi, bj) gets an open path from `start` instead of a
// closed tour (closed tours: none, pass {-1, -1}).
std::vector<std::int32_t> assemble(int rows, int cols, const std::vector<int>& rparts, const std::vector<int>& cparts,
                                   std::pair<int, int> path_block, Cell start, Budget& budget, std::uint64_t seed) {
  int br = static_cast<int>(rparts.size()), bc = static_cast<int>(cparts.size());
  std::vector<int> roff{0}, coff{0};
  for (int p : rparts) roff.push_back(roff.back() + p);
  for (int p : cparts) coff.push_back(coff.back() + p);
  auto total = static_cast<std::size_t>(rows) * static_cast<std::size_t>(cols);
  std::vector<std::array<std::int32_t, 2>> nb(total);
  std::map<std::tuple<int, int, unsigned>, BlockTour> cache;  // per call: no shared state between threads
  auto id = [cols](int r, int c) { return static_cast<std::int32_t>(r * cols + c); };

  for (int bi = 0; bi < br; ++bi) {
    for (int bj = 0; bj < bc; ++bj) {
      int h = rparts[static_cast<std::size_t>(bi)], w = cparts[static_cast<std::size_t>(bj)];
      int r0 = roff[static_cast<std::size_t>(bi)], c0 = coff[static_cast<std::size_t>(bj)];
      unsigned mask = (bj > 0 ? kJoinLeft : 0u) | (bj < bc - 1 ? kJoinRight : 0u) |
                      (bj == 0 && bi > 0 ? kJoinTop : 0u) | (bj == 0 && bi < br - 1 ? kJoinBottom : 0u);
      const BlockTour* tour = nullptr;
      std::optional<BlockTour> path;
      if (std::pair{bi, bj} == path_block) {
        path = block_tour(h, w, mask, false, {start.row - r0, start.col - c0}, budget, seed);
        if (!path) return {};
        tour = &*path;
      } else {
        auto key = std::tuple{h, w, mask};
        auto it = cache.find(key);
        if (it == cache.end()) {
          auto made = block_tour(h, w, mask, true, {0, 0}, budget, seed);
          if (!made) return {};
          it = cache.emplace(key, std::move(*made)).first;
        }
        tour = &it->second;
      }
      for (int r = 0; r < h; ++r)
        for (int c = 0; c < w; ++c) {
          const auto& local = tour->nb[static_cast<std::size_t>(r * w + c)];
          auto& global = nb[static_cast<std::size_t>(id(r0 + r, c0 + c))];
          for (int k = 0; k < 2; ++k)
            global[static_cast<std::size_t>(k)] =
                local[static_cast<std::size_t>(k)] < 0
                    ? -1
                    : id(r0 + local[static_cast<std::size_t>(k)] / w, c0 + local[static_cast<std::size_t>(k)] % w);
        }
    }
  }

  auto swap = [&](std::int32_t a, std::int32_t b, std::int32_t c, std::int32_t d) {
    return relink(nb, a, b, c) && relink(nb, b, a, d) && relink(nb, c, d, a) && relink(nb, d, c, b);
  };
  for (int bi = 0; bi < br; ++bi) {
    int r0 = roff[static_cast<std::size_t>(bi)];
    for (int bj = 0; bj + 1 < bc; ++bj) {
      int c1 = coff[static_cast<std::size_t>(bj + 1)];  // first column of the right block
      if (!swap(id(r0, c1 - 1), id(r0 + 2, c1 - 2), id(r0 + 1, c1 + 1), id(r0 + 3, c1))) return {};
    }
  }
  for (int bi = 0; bi + 1 < br; ++bi) {
    int r1 = roff[static_cast<std::size_t>(bi + 1)];  // first row of the lower block
    if (!swap(id(r1 - 1, 0), id(r1 - 2, 2), id(r1 + 1, 1), id(r1, 3))) return {};
  }

  std::vector<std::int32_t> order;
  order.reserve(total);
  std::int32_t prev = -1, cur = id(start.row, start.col);
  for (std::size_t i = 0; i < total && cur >= 0; ++i) {
    order.push_back(cur);
    const auto& a = nb[static_cast<std::size_t>(cur)];
    std::int32_t next = (a[0] != prev && a[0] >= 0) ? a[0] : a[1];
    prev = cur;
    cur = next;
  }
  return order;  // the caller replays it; a short or repeating walk fails that check
}

// Boards 3 or 4 wide are not built here but by the column programme (column_dp.hpp), which is
// exact. Rejected for them: a chain of piece paths, each starting a knight's move from the previous
// piece's last square (an earlier version did this for open 3-wide tours, but a start mid-board
// needs the chain to go both ways, and closed tours need it to come back). It cannot work 4 wide at
// all: the outer rows only have moves into the inner rows, so a tour alternates outer/inner squares
// except at one place where two inner squares follow each other; each piece of a chain would need
// such a place of its own (else its outer squares would all be one colour), so no chain of two or
// more pieces exists. No two-edge swap exists within three rows either (checked by enumeration).
}  // namespace

bool construction_applies(int rows, int cols, bool closed) {
  if (rows < kConstructMinSide || cols < kConstructMinSide) return false;
  return !closed || rows % 2 == 0 || cols % 2 == 0;
}

std::vector<std::int32_t> construct_tour(int rows, int cols, bool closed, std::optional<Cell> start, Budget& budget,
                                         std::uint64_t seed) {
  if (!construction_applies(rows, cols, closed)) return {};
  Cell s = start.value_or(Cell{0, 0});
  if (rows % 2 == 0 || cols % 2 == 0) {
    // Closed tours, and open ones as a closed tour read from the start (dropping the last move).
    std::vector<int> rparts = rows % 2 == 0 ? split_even(rows) : split_any(rows);
    std::vector<int> cparts = rows % 2 == 0 ? split_any(cols) : split_even(cols);
    return assemble(rows, cols, rparts, cparts, {-1, -1}, s, budget, seed);
  }
  if ((s.row + s.col) % 2 != 0) return {};  // a dark start on an odd board: proved impossible elsewhere
  for (const auto& [rparts, bi] : odd_splits(rows, s.row))
    for (const auto& [cparts, bj] : odd_splits(cols, s.col)) {
      auto order = assemble(rows, cols, rparts, cparts, {bi, bj}, s, budget, seed);
      if (!order.empty()) return order;
      if (budget.exhausted()) return {};
    }
  return {};
}

}  // namespace pb::solvers::knight
