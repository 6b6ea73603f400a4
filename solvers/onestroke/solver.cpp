/* solver.cpp: exact one-stroke search (Hamiltonian path from a fixed head on a holed grid). */
#include <algorithm>
#include <array>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "solvers/onestroke/onestroke.hpp"

// The search walks the path forward from the head (depth-first, Warnsdorff order) and, after every
// move that is not forced, checks the graph G' = unvisited cells + head with one Tarjan pass:
//   * G' must be connected (one DFS reaches every unvisited cell);
//   * its block-cut tree must be a chain starting at the head's block: the path enters each
//     biconnected block through one cut cell and leaves through the next, so a cut cell with two
//     "far" sides, or the head itself being a cut cell, is a dead position. Dead ends (cells with one
//     way in) are the special case of a pendant block; two of them cannot both be the path's end;
//   * every block on the chain must pass colour parity (the grid is bipartite): a block crossed from
//     cut cell x to cut cell y has equal dark/light counts when x and y differ in colour, and one more
//     of x's colour when they match; the last block, entered at x with a free end, has 0 or 1 more of
//     x's colour. For one block this is the classic global parity count.
// This catches a region sealed off with the wrong parity when it is made, not thousands of nodes
// later, which is what separates 50x50 boards solved in milliseconds from boards that never finish.
// The same pass counts forced edges: a cell with two ways in uses both unless it is the path's end,
// so a cell that would receive three such edges (the head: two) needs the end next to it, and there
// is only one end. On top of that: forced moves (two neighbours of the head with one other way in:
// one must be next, the other the end), a failure table of refuted (visited set, head) positions keyed by
// 128-bit Zobrist hashes (positions recur through different orders of the same cells), and
// randomised restarts with Luby-growing node caps that keep the table, so an early wrong commitment
// costs one short run, not the whole budget. Each run is a complete search under its cap, and a run
// that ends without hitting its cap is an exhaustive proof of unsolvability, so the solver stays exact.
//
// Rejected: checking all this only every k nodes (a bad region is then found late, exactly the
// thrashing we avoid); a SAT/ILP formulation (a dependency, and slow to start on the < 1 ms levels);
// bitset flood fills for connectivity (they need a second pass for cut cells anyway, and the Tarjan
// pass is O(cells) already); skipping the pass when the old head's free neighbours stay on one arc
// around it (measured: it fired rarely, saved little, and let one 30x30 board thrash on a cut cell it
// failed to see). The table trusts a 128-bit hash: a false "refuted" needs a 2^-128 collision.
// Moves along a corridor (the head has one way out) skip the check: the
// old head was a leaf of G', so removing it leaves the block chain and its parities as they were.
//
// A fixed end E (the board's 'E') is the free-end search on G' plus a pendant cell hung on E, which
// can only be the path's end: so E must lie in the chain's last block (not on a cut cell), the last
// block is crossed from its entry to E (the two-end parity rule), E takes one path edge from G' (its
// pendant the other), the one end is spent before counting, so any other cell with one way in or any
// overload is dead; and E is never a move until it is the last free cell. The same pass, the same
// corridor argument, a tighter prune: fixing the end only removes positions.

namespace pb::solvers::onestroke {
namespace {

std::string cell_text(int row, int col) {
  std::string s(1, '(');  // appended, not `"(" + ...`: GCC 12 warns falsely (-Wrestrict) on that form
  s += std::to_string(row);
  s += ',';
  s += std::to_string(col);
  s += ')';
  return s;
}

std::uint64_t luby(std::uint64_t i) {  // 1,1,2,1,1,2,4,1,1,2,... (i from 1)
  for (std::uint64_t k = 1;; ++k) {
    std::uint64_t full = (std::uint64_t{1} << k) - 1;
    if (i == full) return std::uint64_t{1} << (k - 1);
    if (i < full) return luby(i - ((std::uint64_t{1} << (k - 1)) - 1));
  }
}

class Search {
 public:
  Search(const State& state, const Limits& limits);
  Solution run();

 private:
  enum class Fail { kNone, kDisconnected, kHeadCut, kBranching, kParity, kForced, kEndCut };
  enum class RunEnd { kSolved, kExhausted, kCapped };

  struct Frame {
    int cell;
    std::uint8_t count = 0;
    std::uint8_t next = 0;
    std::array<int, 4> moves{};
  };

  void visit(int v);
  void unvisit(int v, int previous_head);
  bool consistent();
  void gen_moves(Frame& f);
  RunEnd run_once(std::uint64_t cap);
  std::string explain_root();
  bool block_parity_ok(int x, int y, int diff) const {
    return colour_[x] == colour_[y] ? diff == colour_[x] : diff == 0;
  }

  // Failure table (open addressing, one probe; an overwritten entry only loses pruning).
  struct Key { std::uint64_t a = 0, b = 0; };
  Key key() const { return {hash_a_ ^ head_a_[head_], hash_b_ ^ head_b_[head_]}; }
  bool refuted(Key k) const {
    if (table_.empty()) return false;
    const Key& e = table_[k.a & table_mask_];
    return e.a == k.a && e.b == k.b;
  }
  void remember_refuted(Key k);

  int row_of(int v) const { return v / width_ - 1; }
  int col_of(int v) const { return v % width_ - 1; }

  const Limits& limits_;
  Budget budget_;
  std::mt19937_64 rng_;
  int width_ = 0;
  std::array<int, 4> dir_{};
  std::vector<std::uint8_t> free_;  // padded grid: 1 = cell not yet on the path
  std::vector<std::uint8_t> deg_;   // number of free neighbours, kept for every site
  std::vector<std::int8_t> colour_;  // +1 / -1 checkerboard
  int head_ = 0;
  int end_ = -1;       // the fixed end's index, -1 when the path may end anywhere
  int remaining_ = 0;  // free cells
  std::vector<int> path_;

  // Tarjan scratch, stamped so nothing is cleared between passes.
  std::vector<std::uint32_t> disc_, low_, fin_;
  std::vector<int> diff_, parent_;
  std::vector<std::uint8_t> iter_;
  std::vector<int> stack_, order_;
  std::vector<std::uint32_t> load_stamp_;
  std::vector<std::uint8_t> load_;
  std::uint32_t clock_ = 0;
  std::vector<std::pair<int, int>> seps_;  // (cut cell a, child c) with S(c) cut off by a
  Fail fail_ = Fail::kNone;
  int fail_x_ = -1, fail_y_ = -1, fail_diff_ = 0;

  std::vector<std::uint64_t> key_a_, key_b_, head_a_, head_b_;
  std::uint64_t hash_a_ = 0, hash_b_ = 0;
  std::vector<Key> table_;
  std::size_t table_mask_ = 0;
  std::uint64_t refuted_count_ = 0;  // positions stored in the table (reported as a statistic)
  std::vector<Frame> frames_;
  Limit clock_hit_ = Limit::kNone;  // the deadline or the stop, read per node on very large boards
  static constexpr int kClockEveryNode = 20000;  // free cells above which the clock is read per node
};

Search::Search(const State& state, const Limits& limits)
    : limits_(limits), budget_(limits), rng_(limits.seed) {
  width_ = state.cols + 2;
  const int height = state.rows + 2;
  const auto n = static_cast<std::size_t>(width_) * static_cast<std::size_t>(height);
  dir_ = {-width_, -1, 1, width_};  // up, left, right, down: row-major index order
  free_.assign(n, 0);
  deg_.assign(n, 0);
  colour_.assign(n, 1);
  for (int r = 0; r < state.rows; ++r)
    for (int c = 0; c < state.cols; ++c) {
      int v = (r + 1) * width_ + c + 1;
      free_[v] = state.at(Cell{r, c}) == Site::kFree;
      colour_[v] = ((r + c) & 1) ? -1 : 1;
      remaining_ += free_[v];
    }
  for (std::size_t v = static_cast<std::size_t>(width_); v + static_cast<std::size_t>(width_) < n; ++v)
    for (int d : dir_) deg_[v] += free_[static_cast<std::size_t>(static_cast<long>(v) + d)];
  head_ = (state.head.row + 1) * width_ + state.head.col + 1;
  if (state.end) end_ = (state.end->row + 1) * width_ + state.end->col + 1;
  disc_.assign(n, 0);
  low_.assign(n, 0);
  fin_.assign(n, 0);
  diff_.assign(n, 0);
  parent_.assign(n, -1);
  iter_.assign(n, 0);
  load_stamp_.assign(n, 0);
  load_.assign(n, 0);
  std::mt19937_64 keys(0x9e3779b97f4a7c15ull);
  for (auto* k : {&key_a_, &key_b_, &head_a_, &head_b_}) {
    k->resize(n);
    for (auto& x : *k) x = keys();
  }
}

void Search::visit(int v) {
  free_[v] = 0;
  for (int d : dir_) --deg_[v + d];
  --remaining_;
  hash_a_ ^= key_a_[v];
  hash_b_ ^= key_b_[v];
  path_.push_back(v);
  head_ = v;
}

void Search::unvisit(int v, int previous_head) {
  free_[v] = 1;
  for (int d : dir_) ++deg_[v + d];
  ++remaining_;
  hash_a_ ^= key_a_[v];
  hash_b_ ^= key_b_[v];
  path_.pop_back();
  head_ = previous_head;
}

void Search::remember_refuted(Key k) {
  if (table_.empty()) {
    // Sized on first use: most real levels never backtrack and should not pay for the table.
    std::size_t want = std::max<std::size_t>(std::size_t{1} << 12, free_.size() * 256);
    std::size_t cap = std::max<std::size_t>(limits_.max_table_bytes / sizeof(Key), 1);
    want = std::min({want, cap, std::size_t{1} << 22});
    std::size_t size = 1;
    while (size * 2 <= want) size *= 2;
    table_.assign(size, Key{});
    table_mask_ = size - 1;
  }
  table_[k.a & table_mask_] = k;
  ++refuted_count_;
}

bool Search::consistent() {
  if (clock_ > 0xF0000000u) {
    std::fill(disc_.begin(), disc_.end(), 0u);
    std::fill(load_stamp_.begin(), load_stamp_.end(), 0u);
    clock_ = 0;
  }
  const std::uint32_t base = clock_;
  const int h = head_;
  seps_.clear();
  stack_.clear();
  order_.clear();
  disc_[h] = low_[h] = ++clock_;
  diff_[h] = colour_[h];
  iter_[h] = 0;
  parent_[h] = -1;
  stack_.push_back(h);
  int root_children = 0;
  while (!stack_.empty()) {
    const int v = stack_.back();
    if (iter_[v] < 4) {
      const int u = v + dir_[iter_[v]++];
      if (!free_[u] && u != h) continue;
      if (disc_[u] <= base) {
        disc_[u] = low_[u] = ++clock_;
        diff_[u] = colour_[u];
        iter_[u] = 0;
        parent_[u] = v;
        stack_.push_back(u);
        order_.push_back(u);
      } else if (u != parent_[v]) {
        low_[v] = std::min(low_[v], disc_[u]);
      }
      continue;
    }
    stack_.pop_back();
    fin_[v] = clock_;
    const int p = parent_[v];
    if (p < 0) break;
    low_[p] = std::min(low_[p], low_[v]);
    diff_[p] += diff_[v];
    if (p == h) {
      if (++root_children > 1) {
        fail_ = Fail::kHeadCut;
        return false;
      }
    } else if (low_[v] >= disc_[p]) {
      seps_.emplace_back(p, v);
    }
  }
  if (static_cast<int>(clock_ - base) != remaining_ + 1) {
    fail_ = Fail::kDisconnected;
    fail_x_ = static_cast<int>(clock_ - base);
    return false;
  }
  // Separated subtrees are recorded innermost first; walk them outermost first along the chain.
  int entry = h, prev_c = -1;
  for (auto it = seps_.rbegin(); it != seps_.rend(); ++it) {
    const auto [a, c] = *it;
    if (prev_c >= 0 && !(disc_[c] > disc_[prev_c] && disc_[c] <= fin_[prev_c])) {
      fail_ = Fail::kBranching;
      fail_x_ = a;
      return false;
    }
    int block = (prev_c < 0 ? diff_[h] : colour_[entry] + diff_[prev_c]) - diff_[c];
    if (!block_parity_ok(entry, a, block)) {
      fail_ = Fail::kParity;
      fail_x_ = entry, fail_y_ = a, fail_diff_ = block;
      return false;
    }
    entry = a;
    prev_c = c;
  }
  int last = prev_c < 0 ? diff_[h] : colour_[entry] + diff_[prev_c];
  if (end_ >= 0) {
    // The path ends inside the last block: E on an earlier block or on a cut cell leaves part behind.
    if (prev_c >= 0 && !(disc_[end_] >= disc_[prev_c] && disc_[end_] <= fin_[prev_c])) {
      fail_ = Fail::kEndCut;
      fail_x_ = entry;
      return false;
    }
    if (!block_parity_ok(entry, end_, last)) {
      fail_ = Fail::kParity;
      fail_x_ = entry, fail_y_ = end_, fail_diff_ = last;
      return false;
    }
  } else if (last != 0 && last != colour_[entry]) {
    fail_ = Fail::kParity;
    fail_x_ = entry, fail_y_ = -1, fail_diff_ = last;
    return false;
  }
  // Forced edges: a cell with two ways in uses both unless it is the path's end, and one with one
  // way in is the end. A cell can take two path edges (the head one more), so each overload needs a
  // distinct end, and there is only one end. A fixed end has spent it: E counts its pendant as a way
  // in and as an edge already taken, so it can take one more.
  const std::uint32_t stamp = clock_;
  int ends_needed = end_ >= 0;
  for (int u : order_) {
    int g = deg_[u] + (u == end_);
    for (int d : dir_) g += u + d == h;
    if (g > 2) continue;
    ends_needed += g <= 1;
    for (int d : dir_) {
      const int x = u + d;
      if (!free_[x] && x != h) continue;
      if (load_stamp_[x] != stamp) {
        load_stamp_[x] = stamp;
        load_[x] = x == end_;
      }
      ends_needed += ++load_[x] > (x == h ? 1 : 2);
    }
    if (ends_needed > 1) {
      fail_ = Fail::kForced;
      fail_x_ = u;
      return false;
    }
  }
  fail_ = Fail::kNone;
  return true;
}

void Search::gen_moves(Frame& f) {
  const int h = f.cell;
  std::array<int, 4> cand{};
  std::array<std::uint64_t, 4> order{};
  int n = 0, tight = 0;
  for (int d : dir_) {
    int w = h + d;
    if (!free_[w]) continue;
    if (w == end_) {
      if (remaining_ > 1 && deg_[w] == 0) return;  // leaving the head would cut E off
      if (remaining_ > 1) continue;                // E is stepped on last
    } else {
      tight += deg_[w] <= 1;
    }
    cand[n++] = w;
  }
  // A tight neighbour left behind has one way in, so it is the path's end: a free end takes one of
  // them, a fixed end none (then the one tight neighbour must be next).
  const int max_tight = end_ >= 0 ? 1 : 2;
  if (tight > max_tight) return;
  int m = 0;
  for (int i = 0; i < n; ++i) {
    int w = cand[i];
    if (tight == max_tight && deg_[w] > 1) continue;
    // Warnsdorff: fewest onward ways first; random tie-break (the restarts' diversity).
    order[m] = (std::uint64_t{deg_[w]} << 32) | (rng_() & 0xffffffffu);
    f.moves[m++] = w;
  }
  for (int i = 1; i < m; ++i)
    for (int j = i; j > 0 && order[j] < order[j - 1]; --j) {
      std::swap(order[j], order[j - 1]);
      std::swap(f.moves[j], f.moves[j - 1]);
    }
  f.count = static_cast<std::uint8_t>(m);
  f.next = 0;
}

Search::RunEnd Search::run_once(std::uint64_t cap) {
  const std::uint64_t start_nodes = budget_.nodes();
  frames_.clear();
  frames_.push_back(Frame{head_});
  gen_moves(frames_.back());
  while (!frames_.empty()) {
    Frame& f = frames_.back();
    if (f.next == f.count) {
      int cell = f.cell;
      frames_.pop_back();
      if (!frames_.empty()) {
        remember_refuted(key());
        unvisit(cell, frames_.back().cell);
      }
      continue;
    }
    const int v = f.moves[f.next++];
    // On very large boards one check is long enough that the Budget's clock reading every 1024
    // nodes would overshoot the deadline by seconds: read the clock at every node there.
    if (remaining_ > kClockEveryNode && clock_hit_ == Limit::kNone) clock_hit_ = limits_.expired();
    if (clock_hit_ != Limit::kNone || !budget_.tick() || budget_.nodes() - start_nodes > cap) {
      for (std::size_t i = frames_.size() - 1; i > 0; --i) unvisit(frames_[i].cell, frames_[i - 1].cell);
      return RunEnd::kCapped;
    }
    const bool corridor = deg_[f.cell] == 1;  // before the move: the head had one way out
    visit(v);
    if (remaining_ == 0) return RunEnd::kSolved;
    if (refuted(key()) || (!corridor && !consistent())) {
      unvisit(v, f.cell);
      continue;
    }
    frames_.push_back(Frame{v});
    gen_moves(frames_.back());
  }
  return RunEnd::kExhausted;
}

std::string Search::explain_root() {
  // Called once, when the position before any move already fails: say why in checkable terms.
  const int h = head_;
  std::vector<int> ends;  // cells with at most one way in (the end E left out)
  int end_degree = 0;
  for (std::size_t v = 0; v < free_.size(); ++v) {
    if (!free_[v]) continue;
    int degree = deg_[v];
    for (int d : dir_) degree += static_cast<int>(v) + d == h;
    if (static_cast<int>(v) == end_) end_degree = degree;
    else if (degree <= 1) ends.push_back(static_cast<int>(v));
  }
  const std::string e_text = end_ >= 0 ? "the end E " + cell_text(row_of(end_), col_of(end_)) : std::string();
  if (end_ >= 0 && end_degree == 0)
    return "degrees: " + e_text + " has no neighbouring cell to arrive from";
  consistent();
  if (fail_ == Fail::kDisconnected)
    return "the cells are not connected: only " + std::to_string(fail_x_ - 1) + " of " +
           std::to_string(remaining_) + " cells to visit can be reached from the start";
  if (end_ >= 0 && !ends.empty()) {
    std::string list;
    for (std::size_t i = 0; i < ends.size() && i < 4; ++i)
      list += (i ? ", " : "") + cell_text(row_of(ends[i]), col_of(ends[i]));
    return "degrees: " + std::to_string(ends.size()) + " cell(s) other than the end have one way in (" + list +
           (ends.size() > 4 ? ", ..." : "") + "), so the path would have to end there, not on E " +
           cell_text(row_of(end_), col_of(end_));
  }
  if (end_ >= 0) {
    // Both ends fixed: the path alternates colours from S to E.
    int dark = colour_[h] > 0, light = colour_[h] < 0;
    for (std::size_t v = 0; v < free_.size(); ++v)
      if (free_[v]) (colour_[v] > 0 ? dark : light) += 1;
    const int n = dark + light;
    const bool same = colour_[h] == colour_[end_];
    const int majority = dark > light ? 1 : -1;
    const bool ok = n % 2 == 0 ? !same && dark == light
                               : same && colour_[h] == majority && (dark - light) * majority == 1;
    if (!ok) {
      std::string counts = "the path from the start to " + e_text + " covers " + std::to_string(n) + " cells, " +
                           std::to_string(dark) + " dark and " + std::to_string(light) +
                           " light (dark: row + column even); it alternates colours, so ";
      std::string ends_colour = std::string("the start and E are ") +
                                (same ? (colour_[h] > 0 ? "both dark" : "both light") : "of different colours");
      if (n % 2 == 0)
        return "colour parity: " + counts + "an even count needs equal numbers and ends of different colours, and " +
               ends_colour;
      return "colour parity: " + counts + "an odd count needs one more of the ends' colour and both ends of it, and " +
             ends_colour;
    }
  }
  if (end_ < 0 && ends.size() >= 2) {
    std::string list;
    for (std::size_t i = 0; i < ends.size() && i < 4; ++i)
      list += (i ? ", " : "") + cell_text(row_of(ends[i]), col_of(ends[i]));
    return "dead ends: " + std::to_string(ends.size()) + " cells have one way in (" + list +
           (ends.size() > 4 ? ", ..." : "") + "), so each would have to be the path's one end";
  }
  int dark = 0, light = 0;
  for (std::size_t v = 0; v < free_.size(); ++v)
    if (free_[v]) (colour_[v] > 0 ? dark : light) += 1;
  int other = colour_[h] > 0 ? light : dark, same = colour_[h] > 0 ? dark : light;
  if (end_ < 0 && !(other == same || other == same + 1))
    return "colour parity: after the start, " + std::to_string(other) + " cells of the other colour and " +
           std::to_string(same) + " of the start's colour remain; a path alternates colours, so it needs " +
           "the same number or one more of the other colour";
  switch (fail_) {
    case Fail::kHeadCut:
      return "the start cuts the board in two: a path leaving it can cover only one side";
    case Fail::kBranching:
      return "cell " + cell_text(row_of(fail_x_), col_of(fail_x_)) +
             " cuts the board into parts that one path, passing it once, cannot all cover";
    case Fail::kParity: {
      // Dark cells are those with row + column even; the counts include the part's end cells.
      std::string x = cell_text(row_of(fail_x_), col_of(fail_x_));
      std::string count = " has " + std::to_string(fail_diff_) + " as its dark-minus-light cell count";
      if (fail_y_ < 0)
        return "colour parity: the last part, entered at " + x + "," + count + "; a path from there needs 0 or " +
               std::to_string(colour_[fail_x_]);
      if (fail_y_ == end_)
        return "colour parity: the last part, from " + x + " to " + e_text + "," + count +
               "; a path between them needs " +
               std::to_string(colour_[fail_x_] == colour_[fail_y_] ? colour_[fail_x_] : 0);
      int need = colour_[fail_x_] == colour_[fail_y_] ? colour_[fail_x_] : 0;
      return "colour parity: the part between " + x + " and cut cell " + cell_text(row_of(fail_y_), col_of(fail_y_)) +
             count + "; a path between them needs " + std::to_string(need);
    }
    case Fail::kForced:
      if (end_ >= 0)
        return "forced steps: the cells with only two ways in, such as " +
               cell_text(row_of(fail_x_), col_of(fail_x_)) + ", would need the path to end elsewhere than " + e_text;
      return "forced steps: the cells with only two ways in, such as " + cell_text(row_of(fail_x_), col_of(fail_x_)) +
             ", would need a path with more than one end";
    case Fail::kEndCut:
      if (fail_x_ == end_)
        return e_text + " cuts the board in two: a path ending there leaves the part beyond it unvisited";
      return e_text + " is not in the last part of the board: a path ending there leaves the part beyond cut "
             "cell " + cell_text(row_of(fail_x_), col_of(fail_x_)) + " unvisited";
    default:
      return "no path visits every cell";
  }
}

Solution Search::run() {
  Solution out;
  path_.push_back(head_);
  auto finish_path = [&] {
    for (int v : path_) out.path.push_back(Cell{row_of(v), col_of(v)});
  };
  if (remaining_ == 0) {
    out.status = Status::kSolved;
    finish_path();
    return out;
  }
  if (!consistent()) {
    out.status = Status::kUnsolvable;
    out.reason = explain_root();
    return out;
  }
  // The first run's cap lets ordinary boards finish without a restart; later runs follow Luby.
  const std::uint64_t unit = std::max<std::uint64_t>(1000, 4 * static_cast<std::uint64_t>(remaining_));
  for (std::uint64_t run = 1;; ++run) {
    std::uint64_t cap = unit * luby(run);
    switch (run_once(cap)) {
      case RunEnd::kSolved:
        out.status = Status::kSolved;
        finish_path();
        out.nodes = budget_.nodes();
        out.runs = run;
        out.refuted = refuted_count_;
        return out;
      case RunEnd::kExhausted:
        out.status = Status::kUnsolvable;
        out.reason = "exhaustive search: no path from the start " +
                     (end_ >= 0 ? "to the end E " + cell_text(row_of(end_), col_of(end_)) + " " : std::string()) +
                     "visits all " + std::to_string(remaining_) + " cells (" + std::to_string(budget_.nodes()) +
                     " positions tried)";
        out.nodes = budget_.nodes();
        out.runs = run;
        return out;
      case RunEnd::kCapped:
        if (budget_.exhausted() || clock_hit_ != Limit::kNone) {
          give_up(out, clock_hit_ != Limit::kNone ? clock_hit_ : budget_.hit(),
                  "after " + std::to_string(budget_.nodes()) + " positions (" + std::to_string(run) + " runs)");
          out.nodes = budget_.nodes();
          out.runs = run;
          return out;
        }
        break;
    }
  }
}

}  // namespace

Solution solve(const State& state, const Limits& limits) {
  if (!state.inside(state.head) || state.sites.size() != static_cast<std::size_t>(state.rows * state.cols)) {
    Solution bad;
    bad.status = Status::kUnsolvable;
    bad.reason = "invalid board: the head is off the board or the sites do not fill rows x cols";
    return bad;
  }
  if (state.end && (!state.inside(*state.end) || state.at(*state.end) != Site::kFree)) {
    Solution bad;
    bad.status = Status::kUnsolvable;
    bad.reason = "invalid board: the end E is off the board or not a cell still to visit";
    return bad;
  }
  Search search(state, limits);
  return search.run();
}

}  // namespace pb::solvers::onestroke
