/* reduce.cpp: row-by-row / column-by-column reduction of big sliding boards to an optimal 4x4 finish. */
#include "solvers/sliding/reduce.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <system_error>
#include <thread>
#include <vector>

#include "solvers/sliding/optimal.hpp"
#include "solvers/sliding/shorten.hpp"
#include "solvers/sliding/weighted.hpp"

// The human method, made mechanical. Each tile of the first line is brought home by a breadth-first
// search over (tile cell, blank cell) in the unlocked part of the board, so every single placement is
// as short as it can be. The last two tiles of a line cannot go in one after the other (the second
// would have to pass the first), so the next-to-last tile is parked in the last cell, the last tile
// just beyond it, the blank brought to the next-to-last cell, and two slides finish the line. When
// the last tile is caught in the dead-end cell beside the parked one, a tiny search over the 2x3
// block at the line's end (a, b and the blank: 120 states) finishes the line instead.
// The search first runs in a window around tile, blank and target (a 32x32 board would otherwise
// cost a million states per tile) and falls back to the whole free area if the window is too tight.
//
// Rejected: weighted A* / greedy best-first over the whole board (memory-hungry and erratic past
// 6x6, and no better than reduction once the corner is solved optimally); hand-coded move macros for
// the line-end cases (the search finds the same moves, and cannot get a special case wrong);
// finishing on a 3x3 corner (shorter solutions come from the optimal 4x4 finish, which costs
// milliseconds with the pattern databases; 3x3 is kept for when their tables do not fit the limits).

namespace pb::solvers::sliding {
namespace {

class Reducer {
 public:
  Reducer(const State& state, const Limits& limits)
      : rows_(state.rows), cols_(state.cols), board_(state.tiles), limits_(limits),
        locked_(board_.size(), 0), pos_(board_.size()) {
    for (int c = 0; c < cells(); ++c) pos_[static_cast<std::size_t>(board_[c])] = c;
  }

  // Reduces until the free corner is at most `corner` x `corner`; false when a limit was hit
  // (over_budget(): the node budget).
  bool reduce(int corner) {
    while (rows_ - r0_ > corner || cols_ - c0_ > corner) {
      if (limits_.out_of_time()) return false;
      const bool row = rows_ - r0_ > cols_ - c0_;
      std::vector<int> line, beyond;  // target cells, and the cells one step further in
      if (row) {
        for (int c = c0_; c < cols_; ++c) line.push_back(r0_ * cols_ + c), beyond.push_back((r0_ + 1) * cols_ + c);
      } else {
        for (int r = r0_; r < rows_; ++r) line.push_back(r * cols_ + c0_), beyond.push_back(r * cols_ + c0_ + 1);
      }
      if (!solve_line(line, beyond)) return false;
      (row ? r0_ : c0_) += 1;
    }
    return true;
  }

  int r0() const { return r0_; }
  int c0() const { return c0_; }
  const std::vector<int>& board() const { return board_; }
  const std::vector<Move>& moves() const { return moves_; }
  // States the searches below took from their queues: the reduction's search nodes, counted
  // against Limits::max_nodes like any other search's, and what they used is no longer there for
  // the corner's finish.
  std::uint64_t nodes() const { return nodes_; }
  bool over_budget() const { return nodes_ > limits_.max_nodes; }
  void slide(int cell) {  // the tile at `cell` slides into the (adjacent) blank
    const int b = pos_[0];
    const int t = board_[static_cast<std::size_t>(cell)];
    board_[static_cast<std::size_t>(b)] = t;
    board_[static_cast<std::size_t>(cell)] = 0;
    pos_[static_cast<std::size_t>(t)] = b;
    pos_[0] = cell;
    moves_.push_back(t);
  }

 private:
  int cells() const { return rows_ * cols_; }
  bool is_free(int cell) const { return !locked_[static_cast<std::size_t>(cell)]; }

  bool solve_line(const std::vector<int>& line, const std::vector<int>& beyond) {
    const std::size_t len = line.size();
    for (std::size_t i = 0; i + 2 < len; ++i) {
      if (!place(line[i] + 1, line[i])) return false;
      locked_[static_cast<std::size_t>(line[i])] = 1;
    }
    const int a = line[len - 2] + 1, b = line[len - 1] + 1;
    const int la = line[len - 2], lb = line[len - 1], below = beyond[len - 1];
    if (!(pos_[static_cast<std::size_t>(a)] == la && pos_[static_cast<std::size_t>(b)] == lb)) {
      if (!place(a, lb)) return false;
      locked_[static_cast<std::size_t>(lb)] = 1;
      const int pb = pos_[static_cast<std::size_t>(b)];
      if (pb == la || (pos_[0] == la && pb == beyond[len - 2])) {
        // The trap: b in the dead-end cell beside a (or the blank in it with b at its only exit).
        // Getting b out leaves the blank in that cell with no way back but pushing b in again.
        // Solve the last two inside the 2x3 block at the line's end instead (every arrangement of
        // a, b and the blank there is reachable).
        if (pb == la) {
          locked_[static_cast<std::size_t>(la)] = 1;
          if (!walk_blank(below)) return false;
          locked_[static_cast<std::size_t>(la)] = 0;
        }
        locked_[static_cast<std::size_t>(lb)] = 0;
        const int deep_a = 2 * beyond[len - 2] - la, deep_b = 2 * beyond[len - 1] - lb;
        if (!solve_block({la, lb, beyond[len - 2], below, deep_a, deep_b}, a, b, la, lb)) return false;
      } else {
        if (!place(b, below)) return false;
        locked_[static_cast<std::size_t>(below)] = 1;
        if (!walk_blank(la)) return false;
        locked_[static_cast<std::size_t>(lb)] = 0;
        locked_[static_cast<std::size_t>(below)] = 0;
        slide(lb);     // a: last cell -> its own cell
        slide(below);  // b: beyond -> last cell
      }
    }
    locked_[static_cast<std::size_t>(la)] = 1;
    locked_[static_cast<std::size_t>(lb)] = 1;
    return true;
  }

  // BFS over (cell of a, cell of b, blank) inside `block` (a, b and the blank must be in it) until
  // a is at `ta` and b at `tb`; applies the moves.
  bool solve_block(const std::vector<int>& block, int a, int b, int ta, int tb) {
    const int m = static_cast<int>(block.size());
    auto index = [&](int cell) {
      return static_cast<int>(std::find(block.begin(), block.end(), cell) - block.begin());
    };
    auto adjacent = [&](int x, int y) {
      return std::abs(x / cols_ - y / cols_) + std::abs(x % cols_ - y % cols_) == 1;
    };
    const int sa = index(pos_[static_cast<std::size_t>(a)]), sb = index(pos_[static_cast<std::size_t>(b)]),
              s0 = index(pos_[0]);
    if (sa == m || sb == m || s0 == m) return false;
    std::vector<int> parent(static_cast<std::size_t>(m * m * m), -1), queue;
    const int start = (sa * m + sb) * m + s0;
    parent[static_cast<std::size_t>(start)] = start;
    queue.push_back(start);
    int found = -1;
    for (std::size_t qi = 0; qi < queue.size() && found < 0; ++qi) {
      if (++nodes_ > limits_.max_nodes) return false;
      const int st = queue[qi], ia = st / (m * m), ib = st / m % m, i0 = st % m;
      if (block[static_cast<std::size_t>(ia)] == ta && block[static_cast<std::size_t>(ib)] == tb) found = st;
      for (int j = 0; j < m && found < 0; ++j) {
        if (!adjacent(block[static_cast<std::size_t>(i0)], block[static_cast<std::size_t>(j)])) continue;
        const int na = j == ia ? i0 : ia, nb = j == ib ? i0 : ib;
        const int ns = (na * m + nb) * m + j;
        if (parent[static_cast<std::size_t>(ns)] >= 0) continue;
        parent[static_cast<std::size_t>(ns)] = st;
        queue.push_back(ns);
      }
    }
    if (found < 0) return false;
    std::vector<int> path;
    for (int st = found; st != start; st = parent[static_cast<std::size_t>(st)])
      path.push_back(block[static_cast<std::size_t>(st % m)]);
    for (auto it = path.rbegin(); it != path.rend(); ++it) slide(*it);
    return true;
  }

  // Brings `tile` to `target` without touching locked cells. Window first, then the whole board.
  bool place(int tile, int target) {
    if (pos_[static_cast<std::size_t>(tile)] == target) return true;
    const int t = pos_[static_cast<std::size_t>(tile)], b = pos_[0];
    int rlo = std::min({t / cols_, b / cols_, target / cols_}), rhi = std::max({t / cols_, b / cols_, target / cols_});
    int clo = std::min({t % cols_, b % cols_, target % cols_}), chi = std::max({t % cols_, b % cols_, target % cols_});
    constexpr int kMargin = 2;
    if (search(tile, target, std::max(r0_, rlo - kMargin), std::min(rows_ - 1, rhi + kMargin),
               std::max(c0_, clo - kMargin), std::min(cols_ - 1, chi + kMargin)))
      return true;
    return search(tile, target, r0_, rows_ - 1, c0_, cols_ - 1);
  }

  // BFS over (tile cell, blank cell) inside rows [rlo, rhi] x cols [clo, chi]; applies the path found.
  bool search(int tile, int target, int rlo, int rhi, int clo, int chi) {
    const int h = rhi - rlo + 1, w = chi - clo + 1, m = h * w;
    auto local = [&](int cell) { return (cell / cols_ - rlo) * w + (cell % cols_ - clo); };
    auto global = [&](int l) { return (rlo + l / w) * cols_ + clo + l % w; };
    const std::size_t states = static_cast<std::size_t>(m) * static_cast<std::size_t>(m);
    parent_.assign(states, -1);
    queue_.clear();
    const int start = local(pos_[static_cast<std::size_t>(tile)]) * m + local(pos_[0]);
    parent_[static_cast<std::size_t>(start)] = start;
    queue_.push_back(start);
    const int goal_tile = local(target);
    int found = -1;
    for (std::size_t qi = 0; qi < queue_.size() && found < 0; ++qi) {
      if (++nodes_ > limits_.max_nodes) return false;
      const int s = queue_[qi];
      const int tl = s / m, bl = s % m;
      const int br = bl / w, bc = bl % w;
      const int nbs[4][2] = {{br - 1, bc}, {br + 1, bc}, {br, bc - 1}, {br, bc + 1}};
      for (const auto& nb : nbs) {
        if (nb[0] < 0 || nb[0] >= h || nb[1] < 0 || nb[1] >= w) continue;
        const int nl = nb[0] * w + nb[1];
        if (!is_free(global(nl))) continue;
        const int ns = (nl == tl ? bl : tl) * m + nl;  // blank steps onto the tile: the tile moves back
        if (parent_[static_cast<std::size_t>(ns)] >= 0) continue;
        parent_[static_cast<std::size_t>(ns)] = s;
        if (ns / m == goal_tile) { found = ns; break; }
        queue_.push_back(ns);
      }
    }
    if (found < 0) return false;
    std::vector<int> blank_path;  // cells the blank steps onto, last first
    for (int s = found; s != start; s = parent_[static_cast<std::size_t>(s)]) blank_path.push_back(global(s % m));
    for (auto it = blank_path.rbegin(); it != blank_path.rend(); ++it) slide(*it);
    return true;
  }

  // Moves the blank to `target` along free cells (BFS over blank cells).
  bool walk_blank(int target) {
    std::vector<int> parent(static_cast<std::size_t>(cells()), -1);
    std::vector<int> queue{pos_[0]};
    parent[static_cast<std::size_t>(pos_[0])] = pos_[0];
    for (std::size_t qi = 0; qi < queue.size() && parent[static_cast<std::size_t>(target)] < 0; ++qi) {
      if (++nodes_ > limits_.max_nodes) return false;
      const int c = queue[qi], r = c / cols_, q = c % cols_;
      const int nbs[4][2] = {{r - 1, q}, {r + 1, q}, {r, q - 1}, {r, q + 1}};
      for (const auto& nb : nbs) {
        if (nb[0] < r0_ || nb[0] >= rows_ || nb[1] < c0_ || nb[1] >= cols_) continue;
        const int n = nb[0] * cols_ + nb[1];
        if (!is_free(n) || parent[static_cast<std::size_t>(n)] >= 0) continue;
        parent[static_cast<std::size_t>(n)] = c;
        queue.push_back(n);
      }
    }
    if (parent[static_cast<std::size_t>(target)] < 0) return false;
    std::vector<int> path;
    for (int c = target; c != pos_[0]; c = parent[static_cast<std::size_t>(c)]) path.push_back(c);
    for (auto it = path.rbegin(); it != path.rend(); ++it) slide(*it);
    return true;
  }

  int rows_, cols_;
  std::vector<int> board_;
  const Limits& limits_;
  std::vector<char> locked_;
  std::vector<int> pos_;  // cell of each tile, [0] the blank
  int r0_ = 0, c0_ = 0;   // the free corner is rows [r0_, rows_) x cols [c0_, cols_)
  std::vector<Move> moves_;
  std::vector<int> parent_, queue_;
  std::uint64_t nodes_ = 0;
};

// Nodes the optimal 4x4 finish may spend before the corner is reduced to 3x3 instead: a random 4x4
// corner needs ~0.4 M nodes on average, the hardest ones ~10x more (a few seconds), and the whole
// point of this solver is to be fast.
constexpr std::uint64_t kFinishNodes = 1'000'000;

// The corner of `board` (rows x cols) from cell (r0, c0) on, as a board of its own: the tile whose
// goal is corner cell (r, c) becomes r * w + c + 1; `to_global` maps those numbers back.
State corner_of(const std::vector<int>& board, int rows, int cols, int r0, int c0, std::vector<int>& to_global) {
  const int h = rows - r0, w = cols - c0;
  State corner{h, w, std::vector<int>(static_cast<std::size_t>(h * w))};
  to_global.assign(static_cast<std::size_t>(h * w), 0);
  for (int r = 0; r < h; ++r)
    for (int c = 0; c < w; ++c) {
      const int t = board[static_cast<std::size_t>((r0 + r) * cols + c0 + c)];
      int local = 0;
      if (t != 0) {
        local = ((t - 1) / cols - r0) * w + (t - 1) % cols - c0 + 1;
        to_global[static_cast<std::size_t>(local)] = t;
      }
      corner.tiles[static_cast<std::size_t>(r * w + c)] = local;
    }
  return corner;
}

// `limits` with `spent` nodes of its budget used by an earlier stage of the same solve.
Limits after(const Limits& limits, std::uint64_t spent) {
  Limits rest = limits;
  rest.max_nodes = limits.max_nodes - std::min(limits.max_nodes, spent);
  return rest;
}

Solution reduce_and_finish(const State& state, const Limits& limits, int corner) {
  Solution sol;
  Reducer reducer(state, limits);
  if (!reducer.reduce(corner)) {
    sol.nodes = reducer.nodes();
    if (const Limit hit = limits.expired(); hit != Limit::kNone) give_up(sol, hit, "while reducing the board");
    else if (reducer.over_budget()) give_up(sol, Limit::kNodes, "while reducing the board");
    else sol.reason = "internal error: a tile could not be placed";
    return sol;
  }
  const int r0 = reducer.r0(), c0 = reducer.c0(), h = state.rows - r0, w = state.cols - c0;
  std::vector<int> to_global;
  const State corner_state = corner_of(reducer.board(), state.rows, state.cols, r0, c0, to_global);
  const Limits rest = after(limits, reducer.nodes());
  Solution finish;
  if (is_goal(corner_state)) {
    finish.status = Status::kSolved;
    finish.method = "nothing left";
  } else if (corner > 3) {
    Limits capped = rest;
    capped.max_nodes = std::min(rest.max_nodes, kFinishNodes);
    finish = solve_optimal(corner_state, capped);
    if (finish.status == Status::kGaveUp && !limits.out_of_time() && rest.max_nodes > kFinishNodes) {
      const std::uint64_t spent = finish.nodes;
      finish = reduce_and_finish(corner_state, after(rest, spent), 3);  // a hard corner: one more step of reduction
      finish.nodes += spent;
    }
  } else {
    finish = solve_optimal(corner_state, rest);
  }
  sol.nodes = reducer.nodes() + finish.nodes;
  sol.method = "row/column reduction to " + std::to_string(h) + "x" + std::to_string(w) + ", then " + finish.method;
  if (finish.status != Status::kSolved) {
    sol.status = finish.status;
    sol.reason = finish.reason;
    sol.limit = finish.limit;
    return sol;
  }
  sol.moves = reducer.moves();
  for (Move m : finish.moves) sol.moves.push_back(to_global[static_cast<std::size_t>(m)]);
  sol.status = Status::kSolved;
  return sol;
}

// Brings the tiles of the first row (and then of the first column) home together, by weighted IDA*
// (f = g + w h; h is their Manhattan distance plus the cells the blank must cross to reach the
// nearest of them not home; the other tiles are free), instead of one at a time: on 5x5 the
// tile-by-tile reduction of those nine took ~120 of its ~170 moves, where the whole board needs
// ~100. Measured over 10 random 5x5 boards (bench_sliding_random --side 5), mean length with
// shortening: w = 1.5: 148 (most stages ran out of nodes), 2: 135, 2.5: 133, 3: 136; without the
// blank's term w = 2 gave 139 and failed twice as often; both lines at once at w = 3: 135 for
// 1.7x the time.
class FirstLines {
 public:
  // with_column: the first column's tiles too, else only the first row's.
  FirstLines(const State& s, bool with_column, int weight_num, int weight_den)
      : rows_(s.rows), cols_(s.cols), num_(weight_num), den_(weight_den), board_(s.tiles), pos_(s.tiles.size()) {
    for (std::size_t c = 0; c < board_.size(); ++c) pos_[static_cast<std::size_t>(board_[c])] = static_cast<int>(c);
    in_set_.assign(board_.size(), 0);
    for (int t = 1; t < s.cells(); ++t)
      in_set_[static_cast<std::size_t>(t)] = (t - 1) / cols_ == 0 || (with_column && (t - 1) % cols_ == 0);
    for (int t = 1; t < s.cells(); ++t)
      if (in_set_[static_cast<std::size_t>(t)]) set_tiles_.push_back(t);
  }

  // The moves, or false when `cap` nodes were not enough or a limit was hit.
  bool run(std::uint64_t cap, const Limits& limits, std::vector<Move>& out, std::uint64_t& nodes) {
    cap_ = cap;
    limits_ = &limits;
    int h = 0;
    for (int t = 1; t < static_cast<int>(board_.size()); ++t) h += cost(t, pos_[static_cast<std::size_t>(t)]);
    long bound = static_cast<long>(num_) * (h + blank_term());
    bool found = false;
    for (;;) {
      const long r = dfs(0, bound, h, -1);
      if (r == kFound) { found = true; break; }
      if (r == kAborted) break;
      bound = r;
    }
    nodes += nodes_;
    if (found) out = path_;
    return found;
  }

 private:
  static constexpr long kFound = -1;
  static constexpr long kAborted = -2;

  int cost(int tile, int cell) const {  // the tile's distance home, 0 for tiles outside the set
    if (!in_set_[static_cast<std::size_t>(tile)]) return 0;
    const int g = tile - 1;
    return std::abs(g / cols_ - cell / cols_) + std::abs(g % cols_ - cell % cols_);
  }

  // Cells the blank must still cross before it can push the nearest tile of the set that is not
  // home (it must get next to one first).
  int blank_term() const {
    const int b = pos_[0];
    int best = 0;
    bool any = false;
    for (int t : set_tiles_) {
      const int p = pos_[static_cast<std::size_t>(t)];
      if (p == t - 1) continue;
      const int d = std::abs(b / cols_ - p / cols_) + std::abs(b % cols_ - p % cols_) - 1;
      if (!any || d < best) best = d;
      any = true;
    }
    return best;
  }

  long dfs(int g, long bound, int h, int prev) {
    const long f = static_cast<long>(den_) * g + static_cast<long>(num_) * (h + blank_term());
    if (f > bound) return f;
    if (h == 0) return kFound;
    if (++nodes_ > cap_ || ((nodes_ & 4095u) == 0 && limits_->out_of_time())) return kAborted;
    const int blank = pos_[0];
    const int r = blank / cols_, c = blank % cols_;
    const int next[4] = {r > 0 ? blank - cols_ : -1, c > 0 ? blank - 1 : -1, c + 1 < cols_ ? blank + 1 : -1,
                         r + 1 < rows_ ? blank + cols_ : -1};
    long best = std::numeric_limits<long>::max();
    for (int from : next) {
      if (from < 0) continue;
      const int tile = board_[static_cast<std::size_t>(from)];
      if (tile == prev) continue;
      const int h2 = h - cost(tile, from) + cost(tile, blank);
      slide(from, blank, tile);
      path_.push_back(tile);
      const long got = dfs(g + 1, bound, h2, tile);
      slide(blank, from, tile);
      if (got == kFound) return kFound;
      path_.pop_back();
      if (got == kAborted) return kAborted;
      best = std::min(best, got);
    }
    return best;
  }

  void slide(int from, int to, int tile) {
    board_[static_cast<std::size_t>(to)] = tile;
    board_[static_cast<std::size_t>(from)] = 0;
    pos_[static_cast<std::size_t>(tile)] = to;
    pos_[0] = from;
  }

  int rows_, cols_, num_, den_;
  std::vector<int> board_, pos_;
  std::vector<char> in_set_;
  std::vector<int> set_tiles_;
  std::uint64_t cap_ = 0, nodes_ = 0;
  const Limits* limits_ = nullptr;
  std::vector<Move> path_;
};

// The board mirrored about its main diagonal, which maps the goal onto the goal of the
// transposed size: tile t (goal cell r, c) becomes the tile whose goal is (c, r). `back` maps the
// mirrored board's tile numbers to this board's.
State transposed(const State& s, std::vector<int>& back) {
  State t{s.cols, s.rows, std::vector<int>(s.tiles.size())};
  back.assign(s.tiles.size(), 0);
  for (int r = 0; r < s.rows; ++r)
    for (int c = 0; c < s.cols; ++c) {
      const int tile = s.tiles[static_cast<std::size_t>(r * s.cols + c)];
      int mirrored = 0;
      if (tile != 0) {
        const int gr = (tile - 1) / s.cols, gc = (tile - 1) % s.cols;
        mirrored = gc * s.rows + gr + 1;
        back[static_cast<std::size_t>(mirrored)] = tile;
      }
      t.tiles[static_cast<std::size_t>(c * s.rows + r)] = mirrored;
    }
  return t;
}

// FirstLines' weight (numerator, denominator) and node cap per stage (~0.1 s).
constexpr int kLinesWeight[2] = {5, 2};
constexpr std::uint64_t kLinesNodes = 2'000'000;

// Boards of up to this many cells, both sides longer than the corner, get their first lines placed
// by FirstLines, again and again on the corner left, down to the corner the reduction finishes
// optimally (thin boards such as 3x12 are left to the reduction: their stages mostly ran out of
// nodes, which cost a test 50 s under AddressSanitizer). On 6x6 that took the
// mean length from 332 to 280 moves (bench_sliding_random, 0.4 s CPU a board); on 7x7, 8x8 and
// 6x10 the stages mostly ran out of nodes: 0.5 s more a board for no shorter solutions.
constexpr int kLinesCells = 36;
constexpr std::uint64_t kCornerNodes = 2'000'000;

// The first row, then the first column with the row kept home (both at once needed 1.7x the time
// for a longer result), then the same on the corner left; the reduction takes over where a stage
// runs out of nodes and for the last corner.
Solution lines_then_reduce(const State& state, const Limits& limits, int corner) {
  // A 5x5 board (or corner) is solved whole by weighted A* over pattern databases (weighted.hpp),
  // the reduction below being the fallback where its budget runs out.
  std::uint64_t spent = 0;
  if (weighted_covers(state.rows, state.cols)) {
    Solution whole = solve_weighted(state, limits);
    if (whole.status == Status::kSolved) return whole;
    spent = whole.nodes;
  }
  if (state.cells() > kLinesCells || state.rows <= corner || state.cols <= corner) {
    Solution sol = reduce_and_finish(state, after(limits, spent), corner);
    sol.nodes += spent;
    return sol;
  }
  State rest = state;
  std::vector<Move> first;
  std::uint64_t nodes = 0;
  int done = 0;
  for (; done < 2; ++done) {
    FirstLines lines(rest, done == 1, kLinesWeight[0], kLinesWeight[1]);
    std::vector<Move> part;
    if (!lines.run(std::min(kLinesNodes, after(limits, spent + nodes).max_nodes), limits, part, nodes)) break;
    for (Move m : part) rest = apply(rest, m).value();
    first.insert(first.end(), part.begin(), part.end());
  }
  Solution sol;
  std::vector<int> to_global;
  if (done == 2) {
    // The corner left (5x5 of a 6x6 board) gets round 3's budget, not a 5x5 board's own: 8 M
    // nodes there took the slowest 6x6 board from 1.3 to 2.2 s wall for one move in 300.
    Limits for_corner = after(limits, spent + nodes);
    for_corner.max_nodes = std::min(for_corner.max_nodes, kCornerNodes);
    sol = lines_then_reduce(corner_of(rest.tiles, rest.rows, rest.cols, 1, 1, to_global), for_corner, corner);
    for (Move& m : sol.moves) m = to_global[static_cast<std::size_t>(m)];
  } else {
    sol = reduce_and_finish(rest, after(limits, spent + nodes), corner);
  }
  sol.nodes += nodes + spent;
  if (!first.empty() && sol.status == Status::kSolved) {
    first.insert(first.end(), sol.moves.begin(), sol.moves.end());
    sol.moves = std::move(first);
    if (sol.method.rfind("first lines", 0) != 0) sol.method = "first lines by weighted IDA*, then " + sol.method;
  }
  return sol;
}

Solution reduce_and_shorten(const State& state, const Limits& limits, int corner) {
  Solution sol = lines_then_reduce(state, limits, corner);
  if (sol.status == Status::kSolved) {
    // Then stretches of it are re-solved optimally where that is shorter (shorten.hpp).
    ShortenParams params;
    params.total_nodes = std::min(params.total_nodes, limits.max_nodes - std::min(limits.max_nodes, sol.nodes));
    ShortenStats stats;
    const std::size_t before = sol.moves.size();
    sol.moves = shorten(state, std::move(sol.moves), limits, params, stats);
    sol.nodes += stats.nodes;
    sol.method += "; " + std::to_string(before - sol.moves.size()) + " moves saved by re-solving " +
                  std::to_string(stats.improved) + " stretches";
  }
  return sol;
}

// Square boards up to this many cells are also solved mirrored, and the shorter solution kept:
// the reduction then takes its lines in the other order (a few per cent shorter on average, for
// twice the time). Other boards gain less from it (6x10: 942 -> 917 moves on average, for 2.5x the
// time) and are left as they are.
constexpr int kMirrorCells = 64;

Solution finish(const State& state, Solution sol) {
  sol.lower_bound = lower_bound(state);
  sol.optimal = sol.status == Status::kSolved && static_cast<int>(sol.moves.size()) == sol.lower_bound;  // a bound met
  return sol;
}

}  // namespace

Solution solve_reduced(const State& state, const Limits& limits) {
  // Finish on 4x4 when its pattern databases fit the table limit, else on 3x3 (Manhattan is fast there).
  const int corner = preferred_table_bytes(4, 4) <= limits.max_table_bytes ? 4 : 3;
  if (state.rows != state.cols || state.cells() > kMirrorCells) return finish(state, reduce_and_shorten(state, limits, corner));
  // The board and its mirror image are solved on two threads (the target machine has two cores):
  // the wall time of one, the CPU time of both. Each thread has its own search state; the pattern
  // databases are shared read-only (get_pattern_db loads them under a lock).
  std::vector<int> back;
  const State mirrored = transposed(state, back);
  Solution other;
  std::thread helper;
  try {
    helper = std::thread([&] { other = reduce_and_shorten(mirrored, limits, corner); });
  } catch (const std::system_error&) {
    // No thread to be had: the mirror image after the board, as long as time is left.
  }
  Solution sol = reduce_and_shorten(state, limits, corner);
  if (helper.joinable()) helper.join();
  else if (sol.status == Status::kSolved && !limits.out_of_time()) other = reduce_and_shorten(mirrored, limits, corner);
  sol.nodes += other.nodes;
  if (other.status == Status::kSolved && (sol.status != Status::kSolved || other.moves.size() < sol.moves.size())) {
    for (Move& m : other.moves) m = back[static_cast<std::size_t>(m)];
    const std::uint64_t nodes = sol.nodes;
    sol = std::move(other);
    sol.nodes = nodes;
    sol.method += " (on the board mirrored about its diagonal)";
  }
  return finish(state, std::move(sol));
}

}  // namespace pb::solvers::sliding
