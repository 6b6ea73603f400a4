/* optimal.cpp: IDA* with additive pattern databases (and their diagonal reflection) or Manhattan+LC. */
#include "solvers/sliding/optimal.hpp"

#include <algorithm>
#include <array>
#include <climits>
#include <cstdint>
#include <cstdlib>
#include <numeric>

#include "solvers/sliding/cell_masks.hpp"
#include "solvers/sliding/ida.hpp"
#include "solvers/sliding/pattern_db.hpp"
#include "solvers/sliding/pdb78.hpp"
#include "solvers/sliding/pdb_heuristic.hpp"

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
// The search is ida.hpp's; per node (PdbHeuristic, pdb_heuristic.hpp): every partition covers
// every tile once, so its sum is the Manhattan distance plus twice its lookups' 4-bit excesses
// (PatternDb::excess), and h = MD + 2 max_j E_j. The rank and excess of every lookup, the E_j and
// MD are kept for the current node; a move changes only the moving tile's lookup in each
// partition, whose rank moves by a few place values (branch-free). All children of a node are
// evaluated before any is entered, so their table reads are independent loads the processor
// overlaps; they are then entered smallest h first.
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


// A group of tiles (by goal cell) turned into the database it needs and the map into that database.
// When the cells left free at the goal are connected, the blank's goal does not matter and any
// symmetry of the board may carry the group onto a database already built (lowest_image).
GroupImage canonical(int rows, int cols, const std::vector<int>& group) {
  const bool connected = goal_free_connected(rows, cols, group);
  return lowest_image(rows, cols, group,
                      connected ? symmetries(rows, cols) : std::vector<CellMap>{identity_map(rows * cols)}, connected);
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

  using Undo = NoUndo;

  explicit ManhattanHeuristic(const State& state) : rows_(state.rows), cols_(state.cols) {}

  Node root(const std::uint8_t* board) const {
    Node node;
    for (int c = 0; c < rows_ * cols_; ++c)
      if (board[c] != 0) node.md += distance(board[c], c);
    for (int r = 0; r < rows_; ++r) node.line[r] = static_cast<std::uint8_t>(row_lc(board, r));
    for (int c = 0; c < cols_; ++c) node.line[rows_ + c] = static_cast<std::uint8_t>(col_lc(board, c));
    for (int i = 0; i < rows_ + cols_; ++i) node.lc += node.line[i];
    node.h = node.md + node.lc;
    return node;
  }

  // Each child's lines are counted on the board after its move, made and undone here.
  void children(const Node& prev, IdaChild<Node>* child, int count, std::uint8_t* board, int to) const {
    for (int x = 0; x < count; ++x) {
      const int tile = child[x].tile, from = child[x].from;
      Node& node = child[x].node;
      node = prev;
      board[to] = static_cast<std::uint8_t>(tile);
      board[from] = 0;
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
      board[from] = static_cast<std::uint8_t>(tile);
      board[to] = 0;
    }
  }
  void enter(const IdaChild<Node>&, Undo&) const {}
  void leave(const IdaChild<Node>&, const Undo&) const {}

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

template <class H>
Solution solve_pdb(const State& state, const PdbTables& tables, const Limits& limits, Solution sol) {
  Budget budget(limits);
  Ida<H> ida(state, budget, tables);
  return solve_by(ida, budget, std::move(sol));
}

std::string bytes_text(std::uint64_t b) {
  if (b >= (1u << 20)) return std::to_string((b + (1u << 19)) >> 20) + " MiB";
  if (b >= 1024) return std::to_string((b + 512) >> 10) + " KiB";
  return std::to_string(b) + " B";
}

// The databases an option needs (each distinct one once).
std::vector<GroupImage> databases(int rows, int cols, const Option& option) {
  std::vector<GroupImage> out;
  for (const Partition& p : option)
    for (const Group& g : p) {
      GroupImage c = canonical(rows, cols, g);
      bool dup = false;
      for (const GroupImage& o : out) dup = dup || o.spec.name() == c.spec.name();
      if (!dup) out.push_back(std::move(c));
    }
  return out;
}

// Tables an option needs: each distinct database once (its bytes, its 4-bit excess copy and the
// sparse copy, at most: see PatternDb), plus the largest build's scratch.
std::uint64_t table_bytes(int rows, int cols, const Option& option) {
  std::uint64_t table = 0, scratch = 0;
  for (const GroupImage& c : databases(rows, cols, option)) {
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
    for (const GroupImage& c : databases(rows, cols, option))
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
  for (const GroupImage& c : databases(rows, cols, options(rows, cols).front())) out.push_back(c.spec);
  return out;
}

Solution solve_manhattan_below(const State& state, const Limits& limits, int below) {
  Solution sol;
  sol.lower_bound = lower_bound(state);
  sol.method = "IDA* with Manhattan distance + linear conflicts";
  Budget budget(limits);
  Ida<ManhattanHeuristic> ida(state, budget);
  return solve_below_by(ida, budget, below, std::move(sol));
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
      std::vector<PdbLookup> lookups;
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
            const GroupImage c = canonical(rows, cols, g);
            auto handle = get_pattern_db(c.spec, limits);
            if (!handle.ok()) return table_missing(std::move(sol), handle.error(), limits);
            built = built || handle->source == DbSource::kBuilt || handle->source == DbSource::kRebuiltCorrupt;
            if (!handle->note.empty()) note = handle->note;
            keep.push_back(handle->db);
            PdbLookup l;
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
      for (const PdbLookup& l : lookups) {
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
        return solve_pdb<PdbHeuristic<4, 3, true, true>>(state, tables, limits, std::move(sol));  // 4x4
      if (tables.sums == 4) return solve_pdb<PdbHeuristic<4, 0, false>>(state, tables, limits, std::move(sol));
      if (tables.sums == 2) return solve_pdb<PdbHeuristic<2, 0, false>>(state, tables, limits, std::move(sol));
      return solve_pdb<PdbHeuristic<1, 0, false>>(state, tables, limits, std::move(sol));
    }
  }
  sol.method = "IDA* with Manhattan distance + linear conflicts";
  if (!fallback_note.empty()) sol.method += " (" + fallback_note + ")";
  if (!pdb78_note.empty()) sol.method += "; " + pdb78_note;
  Budget budget(limits);
  Ida<ManhattanHeuristic> ida(state, budget);
  return solve_by(ida, budget, std::move(sol));
}

}  // namespace pb::solvers::sliding
