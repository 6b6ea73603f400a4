/* weighted.cpp: restarting weighted IDA* on 5x5 sliding boards over 5-5-5-5-4 pattern databases (and their reflection). */
#include "solvers/sliding/weighted.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <climits>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <vector>

#include "solvers/sliding/cell_masks.hpp"
#include "solvers/sliding/ida.hpp"
#include "solvers/sliding/optimal.hpp"
#include "solvers/sliding/pattern_db.hpp"

// Heuristic: h = max over two partitions of the additive database sums; every partition covers
// every tile, so a sum is the Manhattan distance plus twice its lookups' 4-bit excesses
// (PatternDb::sparse(), indexed by the base-25 number of the tiles' cells), and a move changes only
// the moving tile's lookup in each partition. The second partition is the first reflected about
// the main diagonal, which maps the goal (blank last) onto itself: it reads the same tables
// through the transposed cells, so five tables serve ten lookups.
//
// Search: weighted IDA* (threshold on g + w h), restarted at lower and lower weights with the best
// length so far as an admissible cut (kWeights below). Measured with bench_sliding_random --side 5
// (the whole solve: this, then shorten.hpp, on the board and its mirror image; docs/PERFORMANCE.md
// has the table), mean length / mean CPU a board at load 11-15, first 20 boards unless said:
//   - weighted A* (bucket queue, hash table of boards, re-opening) at w = 1.5: 117 moves (50
//     boards); restarted down to w = 1.25 within 0.5 M expansions a direction: 112, 736 ms. It
//     costs ~0.8 us an expansion (cache misses into the node and hash arrays) against ~0.1 us a
//     node for IDA*, which gets further in the same time: 110 in 385 ms with 2 M nodes a direction
//     (113 on all 50; 112 with the finer series below), and needs no memory. 3 M nodes: 110 again.
//   - w = 2 alone: 137-150 moves (one direction, no shortening); w = 1.5 alone 119; 1.25 runs out
//     of nodes on most boards; skipping 1.5 in the series: 121.
//   - weights halved between a success and a failure instead of a fixed series: 112.
//   - the series also on the mirrored board and with the children's order reversed, the budget
//     shared (2 or 4 variants): 111-112; going on after the first way found in an iteration: 129.
// Round 4 (docs/PERFORMANCE.md): solve_reduced runs the board and its mirror image on two threads,
// so each series gets 8 M nodes for about the wall time 2 M took one after the other (6 M: 109.7,
// 10 M: 109.2 on all 50, before the two changes below); thresholds rise by at least two moves'
// weight (Ida::run in ida.hpp); stretches ending on a board with the blank in a corner are re-solved over
// the tables (shorten_over_tables: -0.7 at 2 M nodes). Dropped: the best length shared between the
// two threads as a cut (112.6 against 111.8 at 2 M, 109.9 against 109.7 at 6 M: the mirror image
// is worth more as a second, different solution for the shortening passes than as a bound);
// stretches of 60-80 moves searched with the whole series of weights (110.6-111.0 against 111.1
// for 48 moves at 5/4 and 1, for 1.7x the time); prefetching the children's table entries (no
// change in ns a node).
//
// The heuristic: the partition's mean bound is 80.8 on 50 random boards against 78.4 for
// Manhattan + linear conflicts, where optimal solutions are ~100 moves. A second base partition
// (rows, and columns by reflection) gave 110 again for 25% more time; 6-6-6-6 tables would add
// about one (Korf & Felner report 81.6 for theirs) for 20x the table size and build time.

namespace pb::solvers::sliding {
namespace {

constexpr int kSide = 5;
constexpr int kCells = kSide * kSide;
constexpr int kMaxLookups = 12;  // 6 groups x 2 partitions

using Group = std::vector<int>;  // goal cells of a group's tiles
using Partition = std::vector<Group>;

// 5-5-5-5-4 in compact blocks (rows of two, then the bottom-right L around the blank's corner);
// 4-4-4-4-4-4 in 2x2 blocks for kSmall.
Partition partition(WeightedTables tables) {
  if (tables == WeightedTables::kFull)
    return {{0, 1, 2, 5, 6}, {3, 4, 7, 8, 9}, {10, 11, 15, 16, 20}, {12, 13, 14, 17, 18}, {19, 21, 22, 23}};
  return {{0, 1, 5, 6}, {2, 3, 7, 8}, {4, 9, 13, 14}, {10, 11, 15, 16}, {12, 17, 18, 19}, {20, 21, 22, 23}};
}

int transpose(int c) { return (c % kSide) * kSide + c / kSide; }

// The database of a group: its goal cells in order, and the blank's goal cell only when the cells
// left free at the goal are not connected (then which area the blank is in matters).
DbSpec spec_of(const Group& group) {
  std::vector<int> cells = group;
  std::sort(cells.begin(), cells.end());
  std::uint32_t occupied = 0;
  for (int c : cells) occupied |= 1u << c;
  return DbSpec{kSide, kSide, cells, CellMasks(kSide, kSide).free_connected(occupied) ? -1 : kCells - 1};
}

int distance(int tile, int cell) {
  const int g = tile - 1;
  return std::abs(g / kSide - cell / kSide) + std::abs(g % kSide - cell % kSide);
}

// The lookups of both partitions, and per tile and partition its lookup and the amount each cell
// adds to that lookup's index (the cell's database image times the tile's place value).
struct Tables {
  int groups = 0;  // lookups [0, groups) are the first partition, [groups, 2 groups) its reflection
  std::array<const std::uint8_t*, kMaxLookups> sparse{};
  std::vector<std::shared_ptr<const PatternDb>> keep;
  std::uint8_t lookup[kCells][2] = {};
  std::uint32_t cell_value[kCells][2][kCells] = {};
  std::uint8_t dist[kCells][kCells] = {};  // [tile][cell]
  std::string name;
  bool built = false;
  bool small = false;  // WeightedTables::kSmall
};

std::uint64_t table_bytes(WeightedTables which) {
  std::uint64_t table = 0, scratch = 0;
  for (const Group& g : partition(which)) {
    const DbSpec spec = spec_of(g);
    table += spec.entries() + spec.entries() / 2 + sparse_entries(spec) / 2;
    scratch = std::max(scratch, build_scratch_bytes(spec));
  }
  return table + scratch;
}

Result<std::unique_ptr<Tables>> load(WeightedTables which, const Limits& limits) {
  auto t = std::make_unique<Tables>();
  const Partition p = partition(which);
  t->groups = static_cast<int>(p.size());
  t->small = which == WeightedTables::kSmall;
  t->name = which == WeightedTables::kFull ? "5-5-5-5-4" : "4-4-4-4-4-4";
  t->name += " pattern databases (max with the reflection)";
  for (int tile = 1; tile < kCells; ++tile)
    for (int c = 0; c < kCells; ++c) t->dist[tile][c] = static_cast<std::uint8_t>(distance(tile, c));
  for (int gi = 0; gi < t->groups; ++gi) {
    const DbSpec spec = spec_of(p[static_cast<std::size_t>(gi)]);
    auto handle = get_pattern_db(spec, limits);
    if (!handle.ok()) return handle.error();
    t->built = t->built || handle->source == DbSource::kBuilt || handle->source == DbSource::kRebuiltCorrupt;
    const std::uint8_t* sparse = handle->db->sparse();
    if (sparse == nullptr) return make_error("pattern database " + spec.name() + " has no 4-bit index table");
    t->keep.push_back(handle->db);
    const int k = static_cast<int>(spec.cells.size());
    for (int j = 0; j < 2; ++j) {
      const int l = gi + j * t->groups;
      t->sparse[static_cast<std::size_t>(l)] = sparse;
      std::uint32_t place = 1;
      for (int slot = k - 1; slot >= 0; --slot, place *= kCells) {
        // Slot `slot` holds the tile whose goal is the slot's cell (reflected for the second partition).
        const int goal = j == 0 ? spec.cells[static_cast<std::size_t>(slot)]
                                : transpose(spec.cells[static_cast<std::size_t>(slot)]);
        const int tile = goal + 1;
        t->lookup[tile][j] = static_cast<std::uint8_t>(l);
        for (int c = 0; c < kCells; ++c) t->cell_value[tile][j][c] = static_cast<std::uint32_t>(j == 0 ? c : transpose(c)) * place;
      }
    }
  }
  return t;
}

// Whether every table of `which` is in the cache folder already (or no folder is set).
bool cached(WeightedTables which) {
  const std::string dir = cache_dir();
  std::error_code ec;
  for (const Group& g : partition(which))
    if (!dir.empty() && !std::filesystem::exists(dir + "/" + spec_of(g).name() + ".pdb", ec)) return false;
  return true;
}

// Time the full tables may need to build (5 tables, 2 threads, a loaded machine: ~25 s measured).
constexpr auto kFullBuildTime = std::chrono::seconds(90);

// The tables solve_weighted uses within the limits, or an error saying why none. The full ones
// are not built under a deadline too close to hold their build (a 10 s command-line solve would
// spend it all building and then give up): the small ones serve, and `note` says why.
Result<std::unique_ptr<Tables>> load_fitting(const Limits& limits, std::string& note) {
  bool full = weighted_tables_wanted() == WeightedTables::kFull;
  if (full && table_bytes(WeightedTables::kFull) <= limits.max_table_bytes && !cached(WeightedTables::kFull) &&
      limits.deadline - Limits::Clock::now() < kFullBuildTime) {
    full = false;
    note = "the full 5x5 tables are not built yet (about 30 s, once): run puzzlebot prepare sliding, or solve with --timeout-ms 90000";
  }
  for (WeightedTables which : {WeightedTables::kFull, WeightedTables::kSmall})
    if ((full || which == WeightedTables::kSmall) && table_bytes(which) <= limits.max_table_bytes)
      return load(which, limits);
  return make_error("no 5x5 pattern databases fit the table limit");
}

int read(const std::uint8_t* table, std::uint32_t index) { return table[index >> 1] >> ((index & 1u) << 2) & 15; }

// A board's heuristic state: Manhattan distance, each lookup's index and excess, each partition's sum.
struct Eval {
  int md = 0, h = 0;
  int sum[2] = {};
  std::uint32_t index[kMaxLookups] = {};
  std::uint8_t excess[kMaxLookups] = {};
};

Eval evaluate(const Tables& t, const std::uint8_t* pos) {
  Eval e;
  for (int tile = 1; tile < kCells; ++tile) {
    e.md += t.dist[tile][pos[tile]];
    for (int j = 0; j < 2; ++j) e.index[t.lookup[tile][j]] += t.cell_value[tile][j][pos[tile]];
  }
  for (int l = 0; l < 2 * t.groups; ++l) {
    e.excess[l] = static_cast<std::uint8_t>(read(t.sparse[static_cast<std::size_t>(l)], e.index[l]));
    e.sum[l < t.groups ? 0 : 1] += e.excess[l];
  }
  e.h = e.md + 2 * std::max(e.sum[0], e.sum[1]);
  return e;
}

// `e` after `tile` slides from cell `from` to cell `to`.
void after_move(const Tables& t, Eval& e, int tile, int from, int to) {
  e.md += t.dist[tile][to] - t.dist[tile][from];
  for (int j = 0; j < 2; ++j) {
    const int l = t.lookup[tile][j];
    e.index[l] += t.cell_value[tile][j][to] - t.cell_value[tile][j][from];
    const int x = read(t.sparse[static_cast<std::size_t>(l)], e.index[l]);
    e.sum[j] += x - e.excess[l];
    e.excess[l] = static_cast<std::uint8_t>(x);
  }
  e.h = e.md + 2 * std::max(e.sum[0], e.sum[1]);
}

// The heuristic as ida.hpp takes it: all of its state is in the Eval.
class TablesHeuristic {
 public:
  using Node = Eval;
  using Undo = NoUndo;
  TablesHeuristic(const State& /*state*/, const Tables& t) : t_(t) {}
  Node root(const std::uint8_t* board) const {
    std::uint8_t pos[kCells];
    for (int c = 0; c < kCells; ++c) pos[board[c]] = static_cast<std::uint8_t>(c);
    return evaluate(t_, pos);
  }
  void children(const Node& node, IdaChild<Node>* child, int count, const std::uint8_t* /*board*/, int blank) const {
    for (int x = 0; x < count; ++x) {
      child[x].node = node;
      after_move(t_, child[x].node, child[x].tile, child[x].from, blank);
    }
  }
  void enter(const IdaChild<Node>&, Undo&) const {}
  void leave(const IdaChild<Node>&, const Undo&) const {}

 private:
  const Tables& t_;
};

// IDA* over the tables, weighted (threshold on den g + num h) or not (num = den: optimal, for
// --best), only for ways shorter than `below`.
using TablesIda = Ida<TablesHeuristic, true>;

// Restarting weighted IDA* (after Richter, Thayer & Ruml's restarting weighted A*, 2010): a
// quick search at a high weight, then searches at lower weights for shorter ways, each pruned by
// the best length so far, while the node budget lasts (a search that runs out of it ends the
// series). Measured on random boards (bench_sliding_random --side 5, docs/PERFORMANCE.md).
constexpr int kWeights[][2] = {{2, 1}, {7, 4}, {8, 5}, {3, 2}, {10, 7}, {4, 3}, {9, 7}, {5, 4}, {6, 5}};
// 8 M nodes is ~0.75 s of one core (solve_reduced runs the board and its mirror image on a core
// each); 2 M gave 111.8 moves on the 50 boards, 6 M 109.7, 10 M 109.2.
constexpr std::uint64_t kNodes = 8'000'000;
// With the small tables (the tests' and CI's, see weighted.hpp) 500 k: enough for a way home at
// w = 2 on the boards tried, and the sanitizer build runs several boards.
constexpr std::uint64_t kSmallNodes = 500'000;
// Past this much wall time after the tables are loaded the series stops with what it has (and the
// stretches below past kStretchTime): the node budget is what normally ends it, this keeps a
// board under ~2 s when other programs hold the cores.
constexpr auto kSeriesTime = std::chrono::milliseconds(1200);
constexpr auto kStretchTime = std::chrono::milliseconds(1450);

// Re-solving stretches that end with the blank in a corner (shorten_over_tables): 48 moves back
// from such a board, 200 k nodes a stretch, 1 M in all (a quarter with the small tables); weights
// 5/4 then optimal, each pruned by the stretch's length.
constexpr int kStretchWindow = 48;
constexpr std::uint64_t kStretchNodes = 200'000;
constexpr std::uint64_t kStretchTotal = 1'000'000;
constexpr int kStretchWeights[][2] = {{5, 4}, {1, 1}};

// The symmetry of the square that takes corner cell `corner` to the goal's blank corner (the last
// cell), applied to cell `c`: a half turn for the first cell, a flip for the other two corners.
int to_goal_corner(int corner, int c) {
  constexpr int m = kSide - 1;
  const int r = c / kSide, q = c % kSide;
  if (corner == 0) return (m - r) * kSide + (m - q);
  if (corner == m) return (m - r) * kSide + q;
  if (corner == m * kSide) return r * kSide + (m - q);
  return c;
}

bool is_corner(int c) { return c == 0 || c == kSide - 1 || c == kSide * (kSide - 1) || c == kCells - 1; }

// A way from `from` to `to` (whose blank is in a corner) shorter than `len` moves, found over the
// tables: `to` is turned into the goal by a symmetry of the square and a renaming of the tiles
// (moves are tile names, so a way maps back by the renaming alone), `from` with it.
bool shorter_segment(const Tables& t, const std::uint8_t* from, const std::uint8_t* to, int len,
                     const Limits& limits, std::uint64_t cap, std::uint64_t& nodes, std::vector<Move>& way) {
  int corner = 0;
  while (to[corner] != 0) ++corner;
  std::array<int, kCells> label{}, back{};
  for (int c = 0; c < kCells; ++c)
    if (to[c] != 0) {
      label[to[c]] = to_goal_corner(corner, c) + 1;
      back[static_cast<std::size_t>(label[to[c]])] = to[c];
    }
  State s{kSide, kSide, std::vector<int>(kCells)};
  for (int c = 0; c < kCells; ++c) s.tiles[static_cast<std::size_t>(to_goal_corner(corner, c))] = from[c] == 0 ? 0 : label[from[c]];
  Limits capped = limits;
  capped.max_nodes = cap;
  Budget budget(capped);
  bool found = false;
  for (const auto& w : kStretchWeights) {
    TablesIda ida(s, budget, t);
    std::vector<Move> moves;
    int first_bound = 0;
    if (ida.run(moves, first_bound, len, w[0], w[1])) {
      found = true;
      len = static_cast<int>(moves.size());
      way = std::move(moves);
    } else if (!budget.exhausted()) {
      break;  // nothing shorter
    }
    if (budget.exhausted()) break;
  }
  nodes += budget.nodes();
  if (found)
    for (Move& m : way) m = back[static_cast<std::size_t>(m)];
  return found;
}

// Shortens `moves` (a solution of `start`) by re-solving stretches that end on a board with the
// blank in a corner, over the tables: the last kStretchWindow moves before each such board (the
// goal among them), newest first. shorten.hpp does the same between any two boards but only over
// Manhattan distance, which is too weak past ~32 moves; a solution passes a corner 5-12 times.
std::uint64_t shorten_over_tables(const Tables& t, const State& start, std::vector<Move>& moves,
                                  const Limits& limits, std::uint64_t total) {
  std::uint64_t nodes = 0;
  auto boards_of = [&] {
    std::vector<std::array<std::uint8_t, kCells>> boards(moves.size() + 1);
    std::array<std::uint8_t, kCells> b{}, pos{};
    for (int c = 0; c < kCells; ++c) {
      b[static_cast<std::size_t>(c)] = static_cast<std::uint8_t>(start.tiles[static_cast<std::size_t>(c)]);
      pos[b[static_cast<std::size_t>(c)]] = static_cast<std::uint8_t>(c);
    }
    boards[0] = b;
    for (std::size_t k = 0; k < moves.size(); ++k) {
      const int tile = moves[k], from = pos[static_cast<std::size_t>(tile)], to = pos[0];
      b[static_cast<std::size_t>(to)] = static_cast<std::uint8_t>(tile);
      b[static_cast<std::size_t>(from)] = 0;
      pos[static_cast<std::size_t>(tile)] = static_cast<std::uint8_t>(to);
      pos[0] = static_cast<std::uint8_t>(from);
      boards[k + 1] = b;
    }
    return boards;
  };
  auto boards = boards_of();
  for (int j = static_cast<int>(moves.size()); j > 0 && nodes < total && !limits.out_of_time(); --j) {
    const auto& to = boards[static_cast<std::size_t>(j)];
    int blank = 0;
    while (to[static_cast<std::size_t>(blank)] != 0) ++blank;
    if (!is_corner(blank)) continue;
    const int i = std::max(0, j - kStretchWindow);
    std::vector<Move> way;
    if (shorter_segment(t, boards[static_cast<std::size_t>(i)].data(), to.data(), j - i, limits,
                        std::min(kStretchNodes, total - nodes), nodes, way)) {
      moves.erase(moves.begin() + i, moves.begin() + j);
      moves.insert(moves.begin() + i, way.begin(), way.end());
      boards = boards_of();
      j = i + static_cast<int>(way.size()) + 1;  // the loop steps back from the end of the new way
    }
  }
  return nodes;
}

}  // namespace

bool weighted_covers(int rows, int cols) { return rows == kSide && cols == kSide; }

std::uint64_t weighted_table_bytes(WeightedTables tables) { return table_bytes(tables); }

std::vector<DbSpec> weighted_databases(WeightedTables tables) {
  std::vector<DbSpec> out;
  for (const Group& g : partition(tables)) out.push_back(spec_of(g));
  return out;
}

WeightedTables weighted_tables_wanted() {
  const char* small = std::getenv("PUZZLEBOT_SLIDING_SMALL_TABLES");
  const bool full = small == nullptr || *small == '\0' || std::string(small) == "0";
  return full ? WeightedTables::kFull : WeightedTables::kSmall;
}

Result<std::string> prepare_weighted_databases(const Limits& limits) {
  std::string note;
  auto t = load_fitting(limits, note);
  if (!t.ok()) return t.error();
  return t.value()->name + (note.empty() ? "" : " (" + note + ")");
}

Solution solve_weighted(const State& state, const Limits& limits) {
  Solution sol;
  sol.lower_bound = lower_bound(state);
  if (!weighted_covers(state.rows, state.cols)) {
    sol.reason = "weighted search: only 5x5 boards";
    return sol;
  }
  std::string note;
  auto tables = load_fitting(limits, note);
  if (!tables.ok()) return table_missing(std::move(sol), tables.error(), limits);
  const Tables& t = *tables.value();
  const auto start = Limits::Clock::now();
  Limits capped = limits;
  capped.max_nodes = std::min(limits.max_nodes, t.small ? kSmallNodes : kNodes);
  capped.deadline = std::min(limits.deadline, start + kSeriesTime);
  Budget budget(capped);
  int below = INT_MAX;
  bool proved = false;
  std::string weight;
  for (const auto& w : kWeights) {
    TablesIda ida(state, budget, t);
    std::vector<Move> moves;
    int first_bound = 0;
    if (ida.run(moves, first_bound, below, w[0], w[1])) {
      sol.moves = std::move(moves);
      below = static_cast<int>(sol.moves.size());
      weight = std::to_string(w[0]) + "/" + std::to_string(w[1]);
    } else if (!budget.exhausted() && below != INT_MAX) {
      proved = true;  // every way shorter than `below` was cut by g + h >= below: none exists
      break;
    }
    if (budget.exhausted()) break;
  }
  sol.nodes = budget.nodes();
  if (below == INT_MAX) {
    give_up(sol, budget.hit(), "during weighted IDA*");
    return sol;
  }
  sol.method = "restarting weighted IDA* (shortest at w = " + weight + ") over " + t.name +
               (t.built ? ", built now" : "") + (note.empty() ? "" : "; " + note);
  if (!proved) {
    Limits stretch = limits;
    stretch.deadline = std::min(limits.deadline, start + kStretchTime);
    const std::size_t before = sol.moves.size();
    const std::uint64_t total = std::min(t.small ? kStretchTotal / 4 : kStretchTotal,
                                         limits.max_nodes - std::min(limits.max_nodes, sol.nodes));
    sol.nodes += shorten_over_tables(t, state, sol.moves, stretch, total);
    if (sol.moves.size() < before)
      sol.method += ", " + std::to_string(before - sol.moves.size()) + " moves saved on stretches to a corner";
  }
  sol.status = Status::kSolved;
  sol.optimal = proved || static_cast<int>(sol.moves.size()) == sol.lower_bound;
  if (sol.optimal) sol.lower_bound = static_cast<int>(sol.moves.size());
  return sol;
}

Solution solve_below(const State& state, const Limits& limits, int below) {
  if (!weighted_covers(state.rows, state.cols)) return solve_manhattan_below(state, limits, below);
  std::string note;
  auto tables = load_fitting(limits, note);
  if (!tables.ok()) return solve_manhattan_below(state, limits, below);
  Solution sol;
  sol.lower_bound = lower_bound(state);
  sol.method = "IDA* with " + tables.value()->name;
  Budget budget(limits);
  TablesIda ida(state, budget, *tables.value());
  return solve_below_by(ida, budget, below, std::move(sol));
}

}  // namespace pb::solvers::sliding
