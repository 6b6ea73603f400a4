/* pdb_heuristic.hpp: the additive pattern-database heuristic of the optimal and 7-8 searches, for ida.hpp. */
#pragma once

// h = MD + 2 max_j E_j: every partition covers every tile once, so its additive sum is the
// Manhattan distance plus twice its lookups' excesses over it (PatternDb::excess, ExcessDb), E_j
// partition j's excess sum. The rank and excess of every lookup, the E_j and MD are kept for the
// current node; a move changes only the moving tile's lookup in each partition, whose rank moves
// by a few place values (children(), branch-free). All children's ranks are computed before any
// table is read, so the reads are independent loads the processor overlaps.
//
// kSums partitions, kPasses = cols - 1 (0: read at run time), kNibbles (every table at 4 bits;
// false: each lookup says), kSparse (read by the base-n index of the cells, PatternDb::sparse(),
// whose change per move is a constant) and kPrefetch (prefetch each child's entry as its rank is
// known: pdb78's 290 MB tables gain from it, the 6-6-3 ones do not) are template parameters so that
// the 4x4 case compiles to straight-line code.

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "solvers/sliding/ida.hpp"
#include "solvers/sliding/pattern_db.hpp"

namespace pb::solvers::sliding {

using CellMap = std::array<std::uint8_t, kMaxDbCells>;

CellMap identity_map(int n);

// A group of tiles (by goal cell) as the database it needs and the map onto that database: of
// `maps` (symmetries of the board that keep what the database assumes), the one giving the lowest
// sorted image, so that a group and its images share one database. The tiles are ordered by their
// image cell so the database's cells are sorted. `connected`: the cells left free at the goal are
// connected, so the blank's goal does not matter; else it is the last cell (DbSpec::blank).
struct GroupImage {
  DbSpec spec;
  CellMap map{};
  std::vector<int> goal_cells;  // the group's own goal cells, in the database's order
};
GroupImage lowest_image(int rows, int cols, const std::vector<int>& group, const std::vector<CellMap>& maps,
                        bool connected);
// Whether the cells the group leaves free at the goal are connected.
bool goal_free_connected(int rows, int cols, const std::vector<int>& group);

// The cell the blank at `b` takes its tile from in direction dir (up, left, right, down) on a
// rows x cols board, or -1 at the edge: move b * 4 + dir.
inline int source_cell(int b, int dir, int rows, int cols) {
  const int r = b / cols, q = b % cols;
  return dir == 0 ? (r > 0 ? b - cols : -1)
       : dir == 1 ? (q > 0 ? b - 1 : -1)
       : dir == 2 ? (q < cols - 1 ? b + 1 : -1)
                  : (r < rows - 1 ? b + cols : -1);
}

// One database lookup: the cells of the group's tiles, through `map`, ranked into the database.
struct PdbLookup {
  const std::uint8_t* excess = nullptr;  // 4-bit excesses by rank, else one a byte (nibbles false)
  bool nibbles = true;                    // which of the two `excess` is
  const std::uint8_t* sparse = nullptr;   // PatternDb::sparse(), when it has one
  int k = 0;
  int n = 0;
  std::array<std::uint8_t, kMaxDbCells> tiles{};  // slot -> tile
  std::array<std::int8_t, kMaxDbCells> slot{};    // tile -> slot, -1 when not in the group (the blank)
  CellMap map{};                                  // board cell -> database cell
  CellMap inv{};                                  // database cell -> board cell
  std::array<std::uint32_t, kMaxDbCells> weight{};  // place value of each slot's digit in the rank

  // Per move (blank cell * 4 + direction) in database cells: the step q - p, its sign, and the
  // board cells it passes in database cell order, padded with the board's sentinel cell n.
  struct Step {
    std::int8_t step = 0, sign = 0;
    std::uint8_t cells[kMaxDbCells / 2] = {};
  };
  std::array<Step, kMaxDbCells * 4> steps{};
  // contrib[s][tile]: the rank change, for a forward move of slot s, from passing a cell that
  // holds `tile`: an earlier slot takes one from s's digit, a later one adds one to its own, a tile
  // outside the group (or the blank) changes nothing. Indexed by tile, not slot, to save a load.
  std::array<std::array<std::int32_t, kMaxDbCells>, kMaxDbCells> contrib{};

  // With tiles[0..k_) and map set: the rest, for a rows x cols board of n_ cells.
  void init(int k_, int n_, int rows, int cols);
  // The base-n number of the tiles' database cells, PatternDb::sparse()'s index.
  std::uint32_t sparse_index(const std::uint8_t* pos) const;
  std::uint32_t rank(const std::uint8_t* pos) const;
};

// The heuristic's fixed part: the lookups, and for each tile the lookup holding it in each
// partition (the same lookup for two partitions that share a group).
struct PdbTables {
  static constexpr int kMaxLookups = 24;
  static constexpr int kMaxSums = 4;
  std::vector<PdbLookup> lookups;
  int sums = 0;  // partitions
  std::vector<std::array<std::uint8_t, kMaxSums>> in_sum;  // [tile][partition] -> lookup
};

template <int kSums, int kPasses, bool kNibbles, bool kSparse = false, bool kPrefetch = false>
class PdbHeuristic {
 public:
  struct Node {  // h, the Manhattan distance, the partitions' sums, and the moved tile's new ranks
    int h, md;
    int sum[kSums];
    std::uint32_t rank[kSums];
    std::uint8_t excess[kSums];
  };
  struct Undo {
    std::uint32_t rank[kSums];
    std::uint8_t excess[kSums];
  };

  PdbHeuristic(const State& state, const PdbTables& tables) : t_(tables), n_(state.cells()) {
    const int cols = state.cols;
    passes_ = kPasses > 0 ? kPasses : cols - 1;
    for (int t = 1; t < n_; ++t) {
      for (int c = 0; c < n_; ++c)
        distance_[t][c] = static_cast<std::int8_t>(std::abs(c / cols - (t - 1) / cols) +
                                                   std::abs(c % cols - (t - 1) % cols));
      for (int j = 0; j < kSums; ++j) {
        const int l = t_.in_sum[static_cast<std::size_t>(t)][static_cast<std::size_t>(j)];
        const PdbLookup& lk = t_.lookups[static_cast<std::size_t>(l)];
        const auto s = static_cast<std::size_t>(lk.slot[static_cast<std::size_t>(t)]);
        Entry& e = entry_[t][j];
        e.lookup = static_cast<std::uint8_t>(l);
        e.weight = static_cast<std::int32_t>(lk.weight[s]);
        e.contrib = lk.contrib[s].data();
        e.steps = lk.steps.data();
        e.table = kSparse ? lk.sparse : lk.excess;
        e.shift = lk.nibbles ? 1 : 0;
        e.mask = lk.nibbles ? 15 : 255;
        if constexpr (kSparse) {  // the index change of each move of tile t: its cell digit's
          std::int32_t place = 1;
          for (int i = lk.k - 1; i > lk.slot[static_cast<std::size_t>(t)]; --i) place *= n_;
          for (int b = 0; b < n_; ++b)
            for (int dir = 0; dir < 4; ++dir) {
              const int a = source_cell(b, dir, state.rows, cols);
              if (a >= 0) delta_[t][b * 4 + dir][j] = (lk.map[static_cast<std::size_t>(b)] - lk.map[static_cast<std::size_t>(a)]) * place;
            }
        }
      }
    }
  }

  Node root(const std::uint8_t* board) {
    std::uint8_t pos[kMaxDbCells];
    for (int c = 0; c < n_; ++c) pos[board[c]] = static_cast<std::uint8_t>(c);
    const int lookups = static_cast<int>(t_.lookups.size());
    for (int l = 0; l < lookups; ++l) {
      const PdbLookup& lk = t_.lookups[static_cast<std::size_t>(l)];
      rank_[l] = kSparse ? lk.sparse_index(pos) : lk.rank(pos);
      Entry e;
      e.table = kSparse ? lk.sparse : lk.excess;
      e.shift = lk.nibbles ? 1 : 0;
      e.mask = lk.nibbles ? 15 : 255;
      excess_[l] = static_cast<std::uint8_t>(Entry::template read<false>(e, rank_[l]));
    }
    Node root{};
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
    return root;
  }

  // Every partition of every child: first all ranks, then all reads, so that the reads of all
  // children are independent loads in flight together. A rank after the tile slides into the
  // blank (board as before the move, with the sentinel board[n] = 0): only the digits of the tiles
  // passed in database cell order change (see the build's rank_delta in pattern_db.cpp); the pass
  // lists are padded so the loop is branch-free, since the direction is random.
  void children(const Node& node, IdaChild<Node>* child, int count, const std::uint8_t* board, int blank) {
    const int passes = kPasses > 0 ? kPasses : passes_;
    for (int x = 0; x < count; ++x) {
      IdaChild<Node>& c = child[x];
      c.node.md = node.md + distance_[c.tile][blank] - distance_[c.tile][c.from];
      for (int j = 0; j < kSums; ++j) {
        const Entry& e = entry_[c.tile][j];
        if constexpr (kSparse) {
          c.node.rank[j] = rank_[e.lookup] + static_cast<std::uint32_t>(delta_[c.tile][c.id][j]);
        } else {
          const PdbLookup::Step& st = e.steps[c.id];
          std::int32_t passed = 0;
          for (int y = 0; y < passes; ++y) passed += e.contrib[board[st.cells[y]]];
          c.node.rank[j] = rank_[e.lookup] + static_cast<std::uint32_t>(st.step * e.weight + st.sign * passed);
        }
        if constexpr (kPrefetch) __builtin_prefetch(&e.table[c.node.rank[j] >> (kNibbles ? 1u : e.shift)]);
      }
    }
    for (int x = 0; x < count; ++x) {
      Node& c = child[x].node;
      int max_e = 0;
      for (int j = 0; j < kSums; ++j) {
        const Entry& e = entry_[child[x].tile][j];
        c.excess[j] = static_cast<std::uint8_t>(Entry::template read<kNibbles>(e, c.rank[j]));
        c.sum[j] = node.sum[j] + c.excess[j] - excess_[e.lookup];
        max_e = std::max(max_e, c.sum[j]);
      }
      c.h = c.md + 2 * max_e;
    }
  }

  void enter(const IdaChild<Node>& c, Undo& undo) {
    for (int j = 0; j < kSums; ++j) {  // a lookup shared by two partitions is saved twice: undone in reverse
      const int l = entry_[c.tile][j].lookup;
      undo.rank[j] = rank_[l];
      undo.excess[j] = excess_[l];
      rank_[l] = c.node.rank[j];
      excess_[l] = c.node.excess[j];
    }
  }
  void leave(const IdaChild<Node>& c, const Undo& undo) {
    for (int j = kSums - 1; j >= 0; --j) {
      const int l = entry_[c.tile][j].lookup;
      rank_[l] = undo.rank[j];
      excess_[l] = undo.excess[j];
    }
  }

 private:
  struct Entry {  // a tile's lookup in one partition
    std::uint8_t lookup = 0;
    std::int32_t weight = 0;                // place value of the tile's digit in the rank
    const std::int32_t* contrib = nullptr;  // PdbLookup::contrib row of the tile's slot
    const PdbLookup::Step* steps = nullptr;
    const std::uint8_t* table = nullptr;    // excess entries: 4 bits (shift 1, mask 15) or bytes (0, 255)
    std::uint32_t shift = 1;
    int mask = 15;

    template <bool kAllNibbles>
    static int read(const Entry& e, std::uint32_t r) {
      if constexpr (kAllNibbles) return e.table[r >> 1] >> ((r & 1u) << 2) & 15;
      return e.table[r >> e.shift] >> ((r & e.shift) << 2) & e.mask;
    }
  };

  const PdbTables& t_;
  int n_, passes_ = 0;
  Entry entry_[kMaxDbCells][kSums] = {};
  // kSparse: the sparse index change of each move of each tile, per partition (the partitions
  // last: a child reads one 16-byte run).
  std::int32_t delta_[kSparse ? kMaxDbCells : 1][kMaxDbCells * 4][kSums] = {};
  std::int8_t distance_[kMaxDbCells][kMaxDbCells] = {};  // [tile][cell]
  std::uint32_t rank_[PdbTables::kMaxLookups] = {};
  std::uint8_t excess_[PdbTables::kMaxLookups] = {};
};

}  // namespace pb::solvers::sliding
