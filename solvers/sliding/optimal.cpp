/* optimal.cpp: IDA* with additive pattern databases (and their diagonal reflection) or Manhattan+LC. */
#include "solvers/sliding/optimal.hpp"

#include <algorithm>
#include <array>
#include <climits>
#include <cstdint>
#include <cstdlib>
#include <numeric>

#include "solvers/sliding/pattern_db.hpp"
#include "solvers/sliding/pdb78.hpp"

// Search: IDA* (Korf 1985), never undoing the previous move. The heuristic is the maximum over
// several partitions of the tiles of the additive pattern-database sum (Korf & Felner 2002; Felner,
// Korf & Hanan 2004 on taking the max of several). On 4x4 the partitions are Korf & Felner's 6-6-3
// carried over to our goal (blank last) -- {1,2,5,6,9,10} {3,4,7,8,11,12} {13,14,15} -- its
// reflection about the main diagonal, and the two 6-6-3 splits that put the 2x3 blocks in the other
// corners ({2,3,4,6,7,8} {9,10,11,13,14,15} {1,5,12} and its reflection). Every 2x3 corner block is
// the same database up to a symmetry of the board (see canonical()), so one 6-tile database and a
// few 3-tile ones serve all four. Before all that, 4x4 boards go to the 7-8 tables of pdb78.hpp
// when they are cached or may be built (21x fewer nodes on Korf's 100).
//
// Per node (PdbIda): every partition covers every tile once, so its sum is the Manhattan distance
// plus twice its lookups' 4-bit excesses (PatternDb::excess), and h = MD + 2 max_j E_j. The rank
// and excess of every lookup, the E_j and MD are kept for the current node; a move changes only the
// moving tile's lookup in each partition, whose rank moves by a few place values (PdbIda::evaluate,
// branch-free). All children of a node are evaluated before any is entered, so their table reads
// are independent loads the processor overlaps; they are then entered smallest h first.
//
// Rejected: A* (memory grows with the frontier, tens of millions of nodes on hard instances);
// transposition tables for IDA* (the pattern databases already cut the tree enough, and the table
// would compete with them for cache); reflection by relabelling the board at each lookup
// (listing the transposed partition is the same bound with no per-node relabelling); ranking each lookup from scratch per child (the
// previous version: 30% slower); stopping a child's evaluation at the first partition over the
// bound (fewer reads, but each waits on the last: measured 8% slower than reading all at once);
// only two partitions (a and its reflection: 27% more nodes, same time), or three (16% more nodes,
// same time); prefetching the grandchildren's entries before entering the children (the extra rank
// computations cost more than the misses they hid: 20% slower); software prefetch of the
// children's entries (no gain: the loads are already issued together); breaking ties between
// children of equal h by their excess sums (17% fewer nodes on Korf's 100 in total, but 49
// instances gained and 51 lost, geometric mean 0.99: luck on a few big instances, not a better
// order).


namespace pb::solvers::sliding {
namespace {

constexpr int kMaxCells = kMaxDbCells;

using CellMap = std::array<std::uint8_t, kMaxCells>;

CellMap identity_map(int n) {
  CellMap m{};
  for (int i = 0; i < n; ++i) m[i] = static_cast<std::uint8_t>(i);
  return m;
}

// The rectangle's symmetries as cell maps (4 for any board, 8 when square).
std::vector<CellMap> symmetries(int rows, int cols) {
  std::vector<CellMap> out;
  const int n = rows * cols;
  for (int s = 0; s < (rows == cols ? 8 : 4); ++s) {
    CellMap m{};
    for (int c = 0; c < n; ++c) {
      int r = c / cols, q = c % cols;
      if (s & 1) q = cols - 1 - q;
      if (s & 2) r = rows - 1 - r;
      if (s & 4) std::swap(r, q);  // square only
      m[c] = static_cast<std::uint8_t>(r * cols + q);
    }
    out.push_back(m);
  }
  return out;
}

// One database lookup: the cells of the group's tiles, through `map`, ranked into the database.
struct Lookup {
  const std::uint8_t* excess = nullptr;  // PatternDb::excess(), else PatternDb::excess_bytes()
  bool nibbles = true;                    // which of the two `excess` is
  const std::uint8_t* sparse = nullptr;   // PatternDb::sparse(), when it has one
  int k = 0;
  int n = 0;
  std::array<std::uint8_t, kMaxCells> tiles{};  // slot -> tile
  std::array<std::int8_t, kMaxCells> slot{};    // tile -> slot, -1 when not in the group (the blank)
  CellMap map{};                                // board cell -> database cell
  CellMap inv{};                                // database cell -> board cell
  std::array<std::uint32_t, kMaxCells> weight{};  // place value of each slot's digit in the rank

  // Per move (Lookup::move_id) in database cells: the step q - p, its sign, and the board cells
  // it passes in database cell order, padded to `passes` with the board's sentinel cell n.
  struct Step {
    std::int8_t step = 0, sign = 0;
    std::uint8_t cells[kMaxCells / 2] = {};
  };
  std::array<Step, kMaxCells * 4> steps{};
  int passes = 0;
  // contrib[s][tile]: the rank change, for a forward move of slot s, from passing a cell that
  // holds `tile`: an earlier slot takes one from s's digit, a later one adds one to its own, a tile
  // outside the group (or the blank) changes nothing. Indexed by tile, not slot, to save a load.
  std::array<std::array<std::int32_t, kMaxCells>, kMaxCells> contrib{};

  static int move_id(int blank, int dir) { return blank * 4 + dir; }  // dir: up, left, right, down

  void init(int k_, int n_, int rows, int cols) {
    k = k_;
    n = n_;
    slot.fill(-1);
    for (int i = 0; i < k; ++i) slot[tiles[i]] = static_cast<std::int8_t>(i);
    for (int c = 0; c < n; ++c) inv[map[c]] = static_cast<std::uint8_t>(c);
    std::uint32_t w = 1;
    for (int i = k - 1; i >= 0; --i) {
      weight[i] = w;
      w *= static_cast<std::uint32_t>(n - i);
    }
    for (int s = 0; s < k; ++s)
      for (int j = 0; j < k; ++j)
        contrib[s][tiles[j]] = j < s ? -static_cast<std::int32_t>(weight[s]) : static_cast<std::int32_t>(weight[j]);
    // Along a database row a move passes no cell, across one it passes cols - 1 (the maps are the
    // board's symmetries: a square's transposition keeps the side).
    passes = cols - 1;
    for (int b = 0; b < n; ++b)
      for (int dir = 0; dir < 4; ++dir) {
        const int r = b / cols, q = b % cols;
        const int a = dir == 0 ? (r > 0 ? b - cols : -1)
                    : dir == 1 ? (q > 0 ? b - 1 : -1)
                    : dir == 2 ? (q < cols - 1 ? b + 1 : -1)
                               : (r < rows - 1 ? b + cols : -1);
        if (a < 0) continue;
        Step& st = steps[move_id(b, dir)];
        const int p = map[a], qq = map[b];
        st.step = static_cast<std::int8_t>(qq - p);
        st.sign = static_cast<std::int8_t>(qq > p ? 1 : -1);
        int m = 0;
        for (int x = std::min(p, qq) + 1; x < std::max(p, qq); ++x) st.cells[m++] = inv[x];
        while (m < passes) st.cells[m++] = static_cast<std::uint8_t>(n);
      }
  }
  // The base-n number of the tiles' database cells, PatternDb::sparse()'s index.
  std::uint32_t sparse_index(const std::uint8_t* pos) const {
    std::uint32_t index = 0;
    for (int i = 0; i < k; ++i) index = index * static_cast<std::uint32_t>(n) + map[pos[tiles[i]]];
    return index;
  }
  std::uint32_t rank(const std::uint8_t* pos) const {
    std::uint8_t cells[kMaxCells];
    for (int i = 0; i < k; ++i) cells[i] = map[pos[tiles[i]]];
    return static_cast<std::uint32_t>(rank_placement(cells, k, n));
  }
};

// A group of tiles (by goal cell) turned into the database it needs and the map into that database.
// When the cells left free at the goal are connected, the blank's goal does not matter and any
// symmetry of the board may carry the group onto a database already built; the lowest sorted image
// is the shared one. Tiles are then ordered by their image cell so the database's cells are sorted.
struct Canonical {
  DbSpec spec;
  CellMap map{};
  std::vector<int> goal_cells;  // the group's own goal cells, in the database's order
};

Canonical canonical(int rows, int cols, const std::vector<int>& group) {
  const int n = rows * cols;
  std::uint32_t occupied = 0;
  for (int c : group) occupied |= 1u << c;
  // Connectedness of the free cells: flood from one free cell.
  std::uint32_t free = ((1u << n) - 1u) & ~occupied;
  std::uint32_t seen = free & (~free + 1u), grown = 0;
  while (grown != seen) {
    grown = seen;
    for (int c = 0; c < n; ++c) {
      if (!(seen >> c & 1u)) continue;
      const int r = c / cols, q = c % cols;
      if (r > 0) seen |= (1u << (c - cols)) & free;
      if (r < rows - 1) seen |= (1u << (c + cols)) & free;
      if (q > 0) seen |= (1u << (c - 1)) & free;
      if (q < cols - 1) seen |= (1u << (c + 1)) & free;
    }
  }
  const bool connected = seen == free;
  std::vector<CellMap> maps = connected ? symmetries(rows, cols) : std::vector<CellMap>{identity_map(n)};
  Canonical best;
  bool have = false;
  for (const CellMap& m : maps) {
    std::vector<int> order(group.begin(), group.end());
    std::sort(order.begin(), order.end(), [&](int a, int b) { return m[a] < m[b]; });
    std::vector<int> image;
    for (int c : order) image.push_back(m[c]);
    if (!have || image < best.spec.cells) {
      have = true;
      best.spec = DbSpec{rows, cols, image, connected ? -1 : n - 1};
      best.map = m;
      best.goal_cells = order;
    }
  }
  return best;
}

using Group = std::vector<int>;          // goal cells of a group's tiles
using Partition = std::vector<Group>;    // disjoint groups covering every tile
using Option = std::vector<Partition>;   // partitions whose sums are maxed together

Partition transposed(const Partition& p, int side) {
  Partition out;
  for (const Group& g : p) {
    Group t;
    for (int c : g) t.push_back((c % side) * side + c / side);
    out.push_back(t);
  }
  return out;
}

// The options tried, best first (each later one needs smaller tables).
std::vector<Option> options(int rows, int cols) {
  const int n = rows * cols;
  std::vector<Option> out;
  if (rows == 4 && cols == 4) {
    const Partition a{{0, 1, 4, 5, 8, 9}, {2, 3, 6, 7, 10, 11}, {12, 13, 14}};
    const Partition b{{1, 2, 3, 5, 6, 7}, {8, 9, 10, 12, 13, 14}, {0, 4, 11}};
    out.push_back({a, transposed(a, 4), b, transposed(b, 4)});
  }
  std::vector<int> order;  // goal cells along the longer side, so groups are compact blocks
  for (int i = 0; i < n - 1; ++i) order.push_back(i);
  if (cols > rows) {
    order.clear();
    for (int q = 0; q < cols; ++q)
      for (int r = 0; r < rows; ++r)
        if (r * cols + q != n - 1) order.push_back(r * cols + q);
  }
  std::vector<int> sizes;
  if (n <= 9) sizes.push_back(n - 1);  // one group of every tile: an exact table, 9!/1 entries at most
  for (int g : {6, 5, 4, 3}) if (g < n - 1) sizes.push_back(g);
  for (int g : sizes) {
    Partition p;
    for (std::size_t i = 0; i < order.size(); i += static_cast<std::size_t>(g))
      p.emplace_back(order.begin() + static_cast<std::ptrdiff_t>(i),
                     order.begin() + static_cast<std::ptrdiff_t>(std::min(order.size(), i + g)));
    Option o{p};
    if (rows == cols && g < n - 1) o.push_back(transposed(p, rows));  // the reflection
    out.push_back(std::move(o));
  }
  return out;
}

// The heuristic's fixed part: the lookups, and for each tile the lookup holding it in each
// partition (the same lookup for two partitions that share a group).
struct PdbTables {
  static constexpr int kMaxLookups = 24;
  static constexpr int kMaxSums = 4;
  std::vector<Lookup> lookups;
  int sums = 0;  // partitions
  std::vector<std::array<std::uint8_t, kMaxSums>> in_sum;  // [tile][partition] -> lookup
};

// IDA* over the pattern databases. Every partition covers every tile once, so its additive sum
// is the Manhattan distance plus twice the sum of its lookups' excesses (PatternDb::excess), and
// h = MD + 2 max_j E_j with E_j partition j's excess sum. Per node the search keeps each lookup's
// rank and excess, E_j and MD; a move changes only the moving tile's lookup in each partition,
// whose rank moves by a few place values (evaluate()). All children of a node are evaluated
// before any is entered, and without stopping at the first partition over the bound: their table
// reads (cache misses) are then independent loads the processor overlaps; they are entered
// smallest h first, and the first one over the bound ends the loop.
//
// kSums partitions, kPasses = cols - 1 (0: read at run time) and kNibbles (every table at 4 bits;
// false: each lookup says) are template parameters so that the 4x4 case compiles to straight-line
// code: this version executes about a third of the instructions per node of the previous one,
// which looped over per-tile lookup counts and kept a value and Manhattan distance per lookup.
template <int kSums, int kPasses, bool kNibbles, bool kSparse = false>
class PdbIda {
 public:
  PdbIda(const State& state, const PdbTables& tables, Budget& budget)
      : t_(tables), budget_(budget), cols_(state.cols), n_(state.cells()) {
    passes_ = kPasses > 0 ? kPasses : cols_ - 1;
    for (int t = 1; t < n_; ++t) {
      for (int c = 0; c < n_; ++c)
        distance_[t][c] = static_cast<std::int8_t>(std::abs(c / cols_ - (t - 1) / cols_) +
                                                   std::abs(c % cols_ - (t - 1) % cols_));
      for (int j = 0; j < kSums; ++j) {
        const int l = t_.in_sum[static_cast<std::size_t>(t)][j];
        const Lookup& lk = t_.lookups[static_cast<std::size_t>(l)];
        Entry& e = entry_[t][j];
        e.lookup = static_cast<std::uint8_t>(l);
        e.weight = static_cast<std::int32_t>(lk.weight[lk.slot[t]]);
        e.contrib = lk.contrib[lk.slot[t]].data();
        e.steps = lk.steps.data();
        e.table = kSparse ? lk.sparse : lk.excess;
        e.shift = lk.nibbles ? 1 : 0;
        e.mask = lk.nibbles ? 15 : 255;
        if constexpr (kSparse) {  // the index change of each move of tile t: its cell digit's
          std::int32_t place = 1;
          for (int i = lk.k - 1; i > lk.slot[t]; --i) place *= n_;
          for (int b = 0; b < n_; ++b)
            for (int dir = 0; dir < 4; ++dir) {
              const int r = b / cols_, q = b % cols_;
              const int a = dir == 0 ? (r > 0 ? b - cols_ : -1)
                          : dir == 1 ? (q > 0 ? b - 1 : -1)
                          : dir == 2 ? (q < cols_ - 1 ? b + 1 : -1)
                                     : (r < state.rows - 1 ? b + cols_ : -1);
              if (a >= 0) delta_[t][Lookup::move_id(b, dir)][j] = (lk.map[b] - lk.map[a]) * place;
            }
        }
      }
    }
    for (int c = 0; c < n_; ++c) {
      board_[c] = static_cast<std::uint8_t>(state.tiles[c]);
      if (state.tiles[c] == 0) blank_ = c;
      const int r = c / cols_, q = c % cols_;
      int k = 0;
      const bool has[4] = {r > 0, q > 0, q < cols_ - 1, r < state.rows - 1};
      const int step[4] = {-cols_, -1, 1, cols_};
      for (int dir = 0; dir < 4; ++dir) {
        if (!has[dir]) continue;
        move_[c][k] = static_cast<std::uint8_t>(Lookup::move_id(c, dir));
        neighbours_[c][k++] = static_cast<std::int8_t>(c + step[dir]);
      }
      degree_[c] = static_cast<std::int8_t>(k);
    }
    board_[n_] = 0;  // the sentinel cell evaluate() reads for padding
  }

  bool run(std::vector<Move>& moves, int& first_bound) {
    std::uint8_t pos[kMaxCells];
    for (int c = 0; c < n_; ++c) pos[board_[c]] = static_cast<std::uint8_t>(c);
    const int lookups = static_cast<int>(t_.lookups.size());
    for (int l = 0; l < lookups; ++l) {
      const Lookup& lk = t_.lookups[static_cast<std::size_t>(l)];
      rank_[l] = kSparse ? lk.sparse_index(pos) : lk.rank(pos);
      Entry e;
      e.table = kSparse ? lk.sparse : lk.excess;
      e.shift = lk.nibbles ? 1 : 0;
      e.mask = lk.nibbles ? 15 : 255;
      excess_[l] = static_cast<std::uint8_t>(Entry::template read<false>(e, rank_[l]));
    }
    Child root{};
    root.tile = -1;
    for (int t = 1; t < n_; ++t) root.md += distance_[t][pos[t]];
    int max_e = 0;
    for (int j = 0; j < kSums; ++j) {
      bool counted[PdbTables::kMaxLookups] = {};
      for (int t = 1; t < n_; ++t) {
        const int l = entry_[t][j].lookup;
        if (!counted[l]) root.sum[j] += excess_[l];
        counted[l] = true;
      }
      max_e = std::max(max_e, root.sum[j]);
    }
    root.h = root.md + 2 * max_e;
    const int h = root.h;
    first_bound = h;
    int bound = h;
    for (;;) {
      path_.assign(static_cast<std::size_t>(bound) + 1, 0);
      const int next = dfs(0, bound, root);
      if (next == kFound) {
        moves.assign(path_.begin(), path_.begin() + found_);
        return true;
      }
      if (next == kAborted) return false;
      bound = next;  // never INT_MAX: a solvable board always has a path
    }
  }

 private:
  static constexpr int kFound = -1;
  static constexpr int kAborted = -2;

  struct Entry {  // a tile's lookup in one partition
    std::uint8_t lookup = 0;
    std::int32_t weight = 0;                // place value of the tile's digit in the rank
    const std::int32_t* contrib = nullptr;  // Lookup::contrib row of the tile's slot
    const Lookup::Step* steps = nullptr;
    const std::uint8_t* table = nullptr;    // excess entries: 4 bits (shift 1, mask 15) or bytes (0, 255)
    std::uint32_t shift = 1;
    int mask = 15;

    template <bool kAllNibbles>
    static int read(const Entry& e, std::uint32_t r) {
      if constexpr (kAllNibbles) return e.table[r >> 1] >> ((r & 1u) << 2) & 15;
      return e.table[r >> e.shift] >> ((r & e.shift) << 2) & e.mask;
    }
  };
  struct Child {  // a node: the tile that moved into it, its h, Manhattan distance, sums, new ranks
    int tile, from, id, h, md;
    int sum[kSums];
    std::uint32_t rank[kSums];
    std::uint8_t excess[kSums];
  };

  // Every partition of every child: first all ranks, then all reads, so that the reads of all
  // children are independent loads in flight together. A rank after the tile slides into the
  // blank (board as before the move, with the sentinel board[n] = 0): only the digits of the tiles
  // passed in database cell order change (see the build's rank_delta in pattern_db.cpp); the pass
  // lists are padded so the loop is branch-free, since the direction is random.
  void evaluate(const Child& node, Child* child, int children, int passes) {
    for (int x = 0; x < children; ++x) {
      Child& c = child[x];
      for (int j = 0; j < kSums; ++j) {
        const Entry& e = entry_[c.tile][j];
        if constexpr (kSparse) {
          c.rank[j] = rank_[e.lookup] + static_cast<std::uint32_t>(delta_[c.tile][c.id][j]);
        } else {
          const Lookup::Step& st = e.steps[c.id];
          std::int32_t passed = 0;
          for (int y = 0; y < passes; ++y) passed += e.contrib[board_[st.cells[y]]];
          c.rank[j] = rank_[e.lookup] + static_cast<std::uint32_t>(st.step * e.weight + st.sign * passed);
        }
      }
    }
    for (int x = 0; x < children; ++x) {
      Child& c = child[x];
      int max_e = 0;
      for (int j = 0; j < kSums; ++j) {
        const Entry& e = entry_[c.tile][j];
        c.excess[j] = static_cast<std::uint8_t>(Entry::template read<kNibbles>(e, c.rank[j]));
        c.sum[j] = node.sum[j] + c.excess[j] - excess_[e.lookup];
        max_e = std::max(max_e, c.sum[j]);
      }
      c.h = c.md + 2 * max_e;
    }
  }

  // The node's f is within the bound; returns kFound, kAborted or the least f over the bound.
  // `node`: the current node's h, Manhattan distance and partition sums, and the tile that moved
  // into it (-1 at the root).
  int dfs(int g, int bound, const Child& node) {
    if (node.h == 0) {  // h is 0 only on the goal (every tile home)
      found_ = g;
      return kFound;
    }
    if (!budget_.tick()) return kAborted;
    const int blank = blank_;
    const int passes = kPasses > 0 ? kPasses : passes_;
    Child child[4];
    int children = 0;
    for (int i = 0; i < degree_[blank]; ++i) {
      const int from = neighbours_[blank][i];
      const int tile = board_[from];
      if (tile == node.tile) continue;
      Child& c = child[children++];
      c.tile = tile;
      c.from = from;
      c.id = move_[blank][i];
      c.md = node.md + distance_[tile][blank] - distance_[tile][from];
    }
    evaluate(node, child, children, passes);
    // Smallest h first: the order changes nothing before the last iteration, and in the last one
    // the goal tends to lie under the child that looks closest (saves a tenth of the nodes on Korf's 100).
    int order[4] = {0, 1, 2, 3};
    for (int x = 1; x < children; ++x)
      for (int y = x; y > 0 && child[order[y]].h < child[order[y - 1]].h; --y) std::swap(order[y], order[y - 1]);
    int best = INT_MAX;
    for (int x = 0; x < children; ++x) {
      const Child& c = child[order[x]];
      const int f = g + 1 + c.h;
      if (f > bound) {  // and so are the children after it
        best = std::min(best, f);
        break;
      }
      const int tile = c.tile, from = c.from;
      std::uint32_t old_rank[kSums];
      std::uint8_t old_excess[kSums];
      for (int j = 0; j < kSums; ++j) {  // a lookup shared by two partitions is saved twice: undone in reverse
        const int l = entry_[tile][j].lookup;
        old_rank[j] = rank_[l];
        old_excess[j] = excess_[l];
        rank_[l] = c.rank[j];
        excess_[l] = c.excess[j];
      }
      board_[blank] = static_cast<std::uint8_t>(tile);
      board_[from] = 0;
      blank_ = from;
      path_[static_cast<std::size_t>(g)] = tile;
      const int r = dfs(g + 1, bound, c);
      if (r == kFound) return kFound;
      board_[from] = static_cast<std::uint8_t>(tile);
      board_[blank] = 0;
      blank_ = blank;
      for (int j = kSums - 1; j >= 0; --j) {
        const int l = entry_[tile][j].lookup;
        rank_[l] = old_rank[j];
        excess_[l] = old_excess[j];
      }
      if (r == kAborted) return kAborted;
      best = std::min(best, r);
    }
    return best;
  }

  const PdbTables& t_;
  Budget& budget_;
  int cols_, n_, passes_ = 0;
  int blank_ = 0, found_ = 0;
  Entry entry_[kMaxCells][kSums] = {};
  // kSparse: the sparse index change of each move (Lookup::move_id) of each tile, per partition
  // (the partitions last: a child reads one 16-byte run).
  std::int32_t delta_[kSparse ? kMaxCells : 1][kMaxCells * 4][kSums] = {};
  std::uint8_t board_[kMaxCells + 1] = {};
  std::uint8_t move_[kMaxCells][4] = {};  // Lookup::move_id of each neighbour's move
  std::int8_t neighbours_[kMaxCells][4] = {};
  std::int8_t degree_[kMaxCells] = {};
  std::int8_t distance_[kMaxCells][kMaxCells] = {};  // [tile][cell]
  std::uint32_t rank_[PdbTables::kMaxLookups] = {};
  std::uint8_t excess_[PdbTables::kMaxLookups] = {};
  std::vector<Move> path_;
};

// Length of the longest increasing subsequence; a line's tiles outside it each need 2 extra moves.
int conflicts(const int* goal_index, int count) {
  int tails[kMaxSide];
  int len = 0;
  for (int i = 0; i < count; ++i) {
    int lo = 0, hi = len;
    while (lo < hi) {
      int mid = (lo + hi) / 2;
      if (tails[mid] < goal_index[i]) lo = mid + 1; else hi = mid;
    }
    tails[lo] = goal_index[i];
    if (lo == len) ++len;
  }
  return count - len;
}

// Manhattan distance + linear conflicts, with the two affected lines recomputed per move.
// (Used up to kMaxIdaCells cells: 4x4 and smaller when the tables do not fit, and bigger boards
// under --best, see solve_manhattan_below.)
class ManhattanHeuristic {
 public:
  struct Node {
    int md = 0;
    int lc = 0;  // sum of 2 * conflicts over lines
    std::array<std::uint8_t, 2 * kMaxIdaCells + 2> line{};  // rows then columns: 2 * conflicts
    int h = 0;
  };

  ManhattanHeuristic(int rows, int cols) : rows_(rows), cols_(cols) {}

  Node reset(const std::uint8_t* board, const std::uint8_t* pos) const {
    Node node;
    for (int t = 1; t < rows_ * cols_; ++t) node.md += distance(t, pos[t]);
    for (int r = 0; r < rows_; ++r) node.line[r] = static_cast<std::uint8_t>(row_lc(board, r));
    for (int c = 0; c < cols_; ++c) node.line[rows_ + c] = static_cast<std::uint8_t>(col_lc(board, c));
    for (int i = 0; i < rows_ + cols_; ++i) node.lc += node.line[i];
    node.h = node.md + node.lc;
    return node;
  }

  Node after(const Node& prev, const std::uint8_t* board, const std::uint8_t* /*pos*/, int tile, int from,
             int to, int /*limit*/) const {
    Node node = prev;
    node.md += distance(tile, to) - distance(tile, from);
    if (from / cols_ != to / cols_) {  // vertical move: the rows it left and entered change
      for (int r : {from / cols_, to / cols_}) {
        const int v = row_lc(board, r);
        node.lc += v - node.line[r];
        node.line[r] = static_cast<std::uint8_t>(v);
      }
    } else {
      for (int c : {from % cols_, to % cols_}) {
        const int v = col_lc(board, c);
        node.lc += v - node.line[rows_ + c];
        node.line[rows_ + c] = static_cast<std::uint8_t>(v);
      }
    }
    node.h = node.md + node.lc;
    return node;
  }

 private:
  int distance(int tile, int cell) const {
    const int g = tile - 1;
    return std::abs(g / cols_ - cell / cols_) + std::abs(g % cols_ - cell % cols_);
  }
  int row_lc(const std::uint8_t* board, int r) const {
    int idx[kMaxIdaCells], count = 0;
    for (int c = 0; c < cols_; ++c) {
      const int t = board[r * cols_ + c];
      if (t != 0 && (t - 1) / cols_ == r) idx[count++] = (t - 1) % cols_;
    }
    return 2 * conflicts(idx, count);
  }
  int col_lc(const std::uint8_t* board, int c) const {
    int idx[kMaxIdaCells], count = 0;
    for (int r = 0; r < rows_; ++r) {
      const int t = board[r * cols_ + c];
      if (t != 0 && (t - 1) % cols_ == c) idx[count++] = (t - 1) / cols_;
    }
    return 2 * conflicts(idx, count);
  }
  int rows_, cols_;
};

// IDA* over any heuristic with reset()/after() and a Node carrying h.
template <class H>
class Ida {
 public:
  Ida(const State& state, const H& heuristic, Budget& budget)
      : h_(heuristic), budget_(budget), cols_(state.cols), n_(state.cells()) {
    for (int c = 0; c < n_; ++c) {
      board_[c] = static_cast<std::uint8_t>(state.tiles[c]);
      pos_[state.tiles[c]] = static_cast<std::uint8_t>(c);
      const int r = c / cols_, q = c % cols_;
      int k = 0;
      if (r > 0) neighbours_[c][k++] = static_cast<std::int8_t>(c - cols_);
      if (q > 0) neighbours_[c][k++] = static_cast<std::int8_t>(c - 1);
      if (q < cols_ - 1) neighbours_[c][k++] = static_cast<std::int8_t>(c + 1);
      if (r < state.rows - 1) neighbours_[c][k++] = static_cast<std::int8_t>(c + cols_);
      degree_[c] = static_cast<std::int8_t>(k);
    }
  }

  // Returns true with the moves when solved; false when the budget ran out, or when no solution
  // is shorter than `below` (then reached_ is `below`: every bound under it was searched).
  bool run(std::vector<Move>& moves, int& first_bound, int below = INT_MAX) {
    const typename H::Node root = h_.reset(board_, pos_);
    first_bound = root.h;
    int bound = root.h;
    path_.clear();
    for (;;) {
      if (bound >= below) {
        reached_ = below;
        return false;
      }
      reached_ = bound;
      const int next = dfs(0, bound, -1, root);
      if (next == kFound) {
        moves = path_;
        return true;
      }
      if (next == kAborted) return false;
      bound = next;  // never INT_MAX: a solvable board always has a path
    }
  }
  // The bound being searched when run() stopped: every shorter solution length was ruled out.
  int reached() const { return reached_; }

 private:
  static constexpr int kFound = -1;
  static constexpr int kAborted = -2;

  int dfs(int g, int bound, int prev_tile, const typename H::Node& node) {
    const int f = g + node.h;
    if (f > bound) return f;
    if (node.h == 0) return kFound;  // h is 0 only on the goal (every tile home)
    if (!budget_.tick()) return kAborted;
    const int blank = pos_[0];
    int best = INT_MAX;
    for (int i = 0; i < degree_[blank]; ++i) {
      const int from = neighbours_[blank][i];
      const int tile = board_[from];
      if (tile == prev_tile) continue;
      board_[blank] = static_cast<std::uint8_t>(tile);
      board_[from] = 0;
      pos_[tile] = static_cast<std::uint8_t>(blank);
      pos_[0] = static_cast<std::uint8_t>(from);
      path_.push_back(tile);
      const typename H::Node child = h_.after(node, board_, pos_, tile, from, blank, bound - g - 1);
      const int r = dfs(g + 1, bound, tile, child);
      if (r == kFound) return kFound;
      path_.pop_back();
      board_[from] = static_cast<std::uint8_t>(tile);
      board_[blank] = 0;
      pos_[tile] = static_cast<std::uint8_t>(from);
      pos_[0] = static_cast<std::uint8_t>(blank);
      if (r == kAborted) return kAborted;
      best = std::min(best, r);
    }
    return best;
  }

  const H& h_;
  Budget& budget_;
  int cols_, n_;
  int reached_ = 0;
  std::uint8_t board_[kMaxIdaCells] = {};
  std::uint8_t pos_[kMaxIdaCells] = {};
  std::int8_t neighbours_[kMaxIdaCells][4] = {};
  std::int8_t degree_[kMaxIdaCells] = {};
  std::vector<Move> path_;
};

template <class Search, class H>
Solution run_ida(const State& state, const H& heuristic, const Limits& limits, Solution sol) {
  Budget budget(limits);
  Search ida(state, heuristic, budget);
  int first_bound = 0;
  const bool solved = ida.run(sol.moves, first_bound);
  sol.nodes += budget.nodes();
  sol.lower_bound = std::max(sol.lower_bound, first_bound);
  if (solved) {
    sol.status = Status::kSolved;
    sol.optimal = true;
    sol.lower_bound = static_cast<int>(sol.moves.size());
  } else {
    sol.moves.clear();
    sol.status = Status::kGaveUp;
    sol.reason = std::string(budget.which()) + " reached during IDA* (" + sol.method + ")";
  }
  return sol;
}

std::string bytes_text(std::uint64_t b) {
  if (b >= (1u << 20)) return std::to_string((b + (1u << 19)) >> 20) + " MiB";
  if (b >= 1024) return std::to_string((b + 512) >> 10) + " KiB";
  return std::to_string(b) + " B";
}

// The databases an option needs (each distinct one once).
std::vector<Canonical> databases(int rows, int cols, const Option& option) {
  std::vector<Canonical> out;
  for (const Partition& p : option)
    for (const Group& g : p) {
      Canonical c = canonical(rows, cols, g);
      bool dup = false;
      for (const Canonical& o : out) dup = dup || o.spec.name() == c.spec.name();
      if (!dup) out.push_back(std::move(c));
    }
  return out;
}

// Tables an option needs: each distinct database once (its bytes, its 4-bit excess copy and the
// sparse copy, at most: see PatternDb), plus the largest build's scratch.
std::uint64_t table_bytes(int rows, int cols, const Option& option) {
  std::uint64_t table = 0, scratch = 0;
  for (const Canonical& c : databases(rows, cols, option)) {
    table += c.spec.entries() + c.spec.entries() / 2 + sparse_entries(c.spec) / 2;
    scratch = std::max(scratch, build_scratch_bytes(c.spec));
  }
  return table + scratch;
}

std::string label(const Option& option) {
  std::string out;
  for (const Group& g : option.front()) {
    if (!out.empty()) out += '-';
    out += std::to_string(g.size());
  }
  if (option.size() > 1) out += " (max of " + std::to_string(option.size()) + " partitions)";
  return out;
}

}  // namespace

Result<std::string> prepare_databases(int rows, int cols, const Limits& limits, int threads) {
  if (rows == 4 && cols == 4)  // the 7-8 tables when cached or buildable (pdb78.hpp), else those below
    if (auto prepared = prepare_pdb78(limits, threads); prepared.ok()) return prepared;
  for (const Option& option : options(rows, cols)) {
    if (table_bytes(rows, cols, option) > limits.max_table_bytes) continue;
    for (const Canonical& c : databases(rows, cols, option))
      if (auto handle = get_pattern_db(c.spec, limits, threads); !handle.ok()) return handle.error();
    return "pattern databases " + label(option);
  }
  return std::string("Manhattan distance + linear conflicts (no tables fit)");
}

std::uint64_t preferred_table_bytes(int rows, int cols) {
  return table_bytes(rows, cols, options(rows, cols).front());
}

std::vector<DbSpec> preferred_databases(int rows, int cols) {
  std::vector<DbSpec> out;
  for (const Canonical& c : databases(rows, cols, options(rows, cols).front())) out.push_back(c.spec);
  return out;
}

Solution solve_manhattan_below(const State& state, const Limits& limits, int below) {
  Solution sol;
  sol.lower_bound = lower_bound(state);
  sol.method = "IDA* with Manhattan distance + linear conflicts";
  ManhattanHeuristic h(state.rows, state.cols);
  Budget budget(limits);
  Ida<ManhattanHeuristic> ida(state, h, budget);
  int first_bound = 0;
  const bool found = ida.run(sol.moves, first_bound, below);
  sol.nodes = budget.nodes();
  if (found) {
    sol.status = Status::kSolved;
    sol.optimal = true;
    sol.lower_bound = static_cast<int>(sol.moves.size());
    return sol;
  }
  sol.moves.clear();
  sol.lower_bound = std::max(sol.lower_bound, ida.reached());
  if (!budget.exhausted()) {
    sol.status = Status::kUnsolvable;
    sol.reason = "no solution shorter than " + std::to_string(below) + " moves";
    sol.lower_bound = below;
  } else {
    sol.status = Status::kGaveUp;
    sol.reason = std::string(budget.which()) + " reached while searching solutions of " +
                 std::to_string(ida.reached()) + " moves";
  }
  return sol;
}

Solution solve_optimal(const State& state, const Limits& limits, Heuristic heuristic) {
  Solution sol;
  sol.lower_bound = lower_bound(state);
  const int rows = state.rows, cols = state.cols, n = state.cells();
  std::string pdb78_note;  // why the 7-8 tables were not used, said after the method
  std::string fallback_note;
  if (heuristic == Heuristic::kBest && rows == 4 && cols == 4) {
    // The 7-8 tables when cached or buildable within the limits (pdb78.hpp), else the 6-6-3 below.
    std::string why_not;
    if (std::optional<Solution> s = solve_pdb78(state, limits, why_not)) {
      s->lower_bound = std::max(s->lower_bound, sol.lower_bound);
      return *std::move(s);
    }
    pdb78_note = why_not;
  }
  if (heuristic == Heuristic::kBest) {
    for (const Option& option : options(rows, cols)) {
      const std::uint64_t need = table_bytes(rows, cols, option);
      if (need > limits.max_table_bytes) {
        if (fallback_note.empty())
          fallback_note = "pattern databases " + label(option) + " need " + bytes_text(need) + ", limit " +
                          bytes_text(limits.max_table_bytes);
        continue;
      }
      std::vector<Lookup> lookups;
      std::vector<std::string> lookup_keys;  // group cells, to share a lookup between partitions
      std::vector<std::array<std::uint8_t, PdbTables::kMaxSums>> in_sum(static_cast<std::size_t>(n));
      std::vector<std::shared_ptr<const PatternDb>> keep;
      std::string note;
      bool built = false;
      for (std::size_t j = 0; j < option.size(); ++j) {
        for (const Group& g : option[j]) {
          Group sorted = g;
          std::sort(sorted.begin(), sorted.end());
          std::string key;
          for (int c : sorted) key += std::to_string(c) + ",";
          std::size_t index = std::find(lookup_keys.begin(), lookup_keys.end(), key) - lookup_keys.begin();
          if (index == lookup_keys.size()) {
            const Canonical c = canonical(rows, cols, g);
            auto handle = get_pattern_db(c.spec, limits);
            if (!handle.ok()) {
              sol.status = Status::kGaveUp;
              sol.reason = handle.error().message;
              return sol;
            }
            built = built || handle->source == DbSource::kBuilt || handle->source == DbSource::kRebuiltCorrupt;
            if (!handle->note.empty()) note = handle->note;
            keep.push_back(handle->db);
            Lookup l;
            l.nibbles = handle->db->excess() != nullptr;
            l.excess = l.nibbles ? handle->db->excess() : handle->db->excess_bytes();
            l.sparse = handle->db->sparse();
            l.map = c.map;
            for (std::size_t i = 0; i < c.goal_cells.size(); ++i)
              l.tiles[i] = static_cast<std::uint8_t>(c.goal_cells[i] + 1);
            l.init(static_cast<int>(c.goal_cells.size()), n, rows, cols);
            lookups.push_back(l);
            lookup_keys.push_back(key);
          }
          for (int c : g) in_sum[static_cast<std::size_t>(c + 1)][j] = static_cast<std::uint8_t>(index);
        }
      }
      sol.method = "IDA* with pattern databases " + label(option) + (built ? ", built now" : "") +
                   (note.empty() ? "" : "; " + note) + (pdb78_note.empty() ? "" : "; " + pdb78_note);
      // The databases stay alive in get_pattern_db's process cache; `keep` makes that explicit.
      bool nibbles = true, usable = true, sparse = true;
      for (const Lookup& l : lookups) {
        nibbles = nibbles && l.nibbles;
        usable = usable && l.excess != nullptr;
        sparse = sparse && l.sparse != nullptr;
      }
      if (!usable) {  // only a database that is not one (odd excesses); never seen
        if (fallback_note.empty()) fallback_note = "pattern databases " + label(option) + " unusable";
        continue;
      }
      const PdbTables tables{std::move(lookups), static_cast<int>(option.size()), std::move(in_sum)};
      const int passes = cols - 1;
      if (tables.sums == 4 && passes == 3 && nibbles && sparse)
        return run_ida<PdbIda<4, 3, true, true>>(state, tables, limits, std::move(sol));  // 4x4
      if (tables.sums == 4) return run_ida<PdbIda<4, 0, false>>(state, tables, limits, std::move(sol));
      if (tables.sums == 2) return run_ida<PdbIda<2, 0, false>>(state, tables, limits, std::move(sol));
      return run_ida<PdbIda<1, 0, false>>(state, tables, limits, std::move(sol));
    }
  }
  sol.method = "IDA* with Manhattan distance + linear conflicts";
  if (!fallback_note.empty()) sol.method += " (" + fallback_note + ")";
  if (!pdb78_note.empty()) sol.method += "; " + pdb78_note;
  ManhattanHeuristic h(rows, cols);
  return run_ida<Ida<ManhattanHeuristic>>(state, h, limits, std::move(sol));
}

}  // namespace pb::solvers::sliding
