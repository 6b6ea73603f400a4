/* ida.hpp: the sliding solvers' one IDA*, over a heuristic given as a template parameter. */
#pragma once

// IDA* (Korf 1985), never undoing the previous move. All children of a node are evaluated before
// any is entered (a table-driven heuristic then issues their reads together, and the processor
// overlaps the cache misses), and entered smallest h first: the order changes nothing before the
// last iteration, and in the last one the goal tends to lie under the child that looks closest
// (saves a tenth of the nodes on Korf's 100). The first child over the bound ends the loop.
//
// Weighted (kWeighted): the threshold is on den g + num h, only ways shorter than `below` are
// searched (nodes with g + h >= below are dropped), and thresholds rise by at least kStep moves'
// weight (weighted.cpp's restarting series). Unweighted, `below` only stops the iterations.
//
// The heuristic is a template parameter, not an interface with virtual calls: each search
// compiles to its own straight-line loop with the heuristic inlined (the inner loop is a few
// hundred instructions a node, a call per child would be a tenth of it). Rejected: one Ida for
// the node-carrying heuristics (Manhattan, weighted) and a second for the table ones that keep
// per-lookup state (optimal's and pdb78's): the two differed only in enter()/leave().

#include <algorithm>
#include <climits>
#include <concepts>
#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "solvers/sliding/optimal.hpp"
#include "solvers/sliding/sliding.hpp"

namespace pb::solvers::sliding {

// A child of the current node: `tile`, at cell `from`, slides into the blank; `id` is the move's
// number, blank cell * 4 + direction (up, left, right, down), the index of per-move tables.
template <class Node>
struct IdaChild {
  int tile, from, id;
  Node node;
};

// What Ida needs of a heuristic:
// - Node: a node's heuristic state, with its value h (0 only on the goal).
// - root(board): the start's Node (board: the cells' tiles, 0 the blank, cell n a sentinel 0).
// - children(node, child, count, board, blank): fills each child's node from its move, board as
//   before the moves (it may move tiles on the board if it puts them back).
// - enter(child, undo) / leave(child, undo): called around the search under a child, for a
//   heuristic that keeps state outside its Node (Undo: what leave() needs; empty otherwise).
template <class H>
concept IdaHeuristic = requires(H& h, const typename H::Node& node, IdaChild<typename H::Node>* child, int count,
                                std::uint8_t* board, int blank, typename H::Undo& undo) {
  { node.h } -> std::convertible_to<int>;
  { h.root(board) } -> std::same_as<typename H::Node>;
  h.children(node, child, count, board, blank);
  h.enter(std::as_const(*child), undo);
  h.leave(std::as_const(*child), std::as_const(undo));
};

template <IdaHeuristic H, bool kWeighted = false>
class Ida {
 public:
  using Node = typename H::Node;
  using Child = IdaChild<Node>;

  // `args`: the heuristic's constructor's arguments after the state.
  template <class... Args>
  Ida(const State& state, Budget& budget, Args&&... args)
      : h_(state, std::forward<Args>(args)...), budget_(budget) {
    const int cols = state.cols, n = state.cells();
    for (int c = 0; c < n; ++c) {
      board_[c] = static_cast<std::uint8_t>(state.tiles[static_cast<std::size_t>(c)]);
      if (board_[c] == 0) blank_ = c;
      const int r = c / cols, q = c % cols;
      const bool has[4] = {r > 0, q > 0, q < cols - 1, r < state.rows - 1};
      const int step[4] = {-cols, -1, 1, cols};
      int k = 0;
      for (int dir = 0; dir < 4; ++dir) {
        if (!has[dir]) continue;
        move_[c][k] = static_cast<std::uint8_t>(c * 4 + dir);
        neighbours_[c][k++] = static_cast<std::int8_t>(c + step[dir]);
      }
      degree_[c] = static_cast<std::int8_t>(k);
    }
    board_[n] = 0;  // the sentinel cell
  }

  // True with the moves when solved; false when the budget ran out, or when no solution is
  // shorter than `below` (then reached() is `below`). `first_bound`: the start's h. num / den:
  // the weight of h (kWeighted only).
  bool run(std::vector<Move>& moves, int& first_bound, int below = INT_MAX, int num = 1, int den = 1) {
    if constexpr (!kWeighted) num = den = 1;
    num_ = num;
    den_ = den;
    below_ = below;
    const Node root = h_.root(board_);
    first_bound = root.h;
    for (Cost bound = static_cast<Cost>(num) * root.h;;) {
      if ((num == den && bound >= below) || (kWeighted && root.h >= below)) {
        reached_ = below;
        return false;
      }
      reached_ = static_cast<int>(bound / den);
      path_.assign(static_cast<std::size_t>(bound / den) + 1, 0);
      const Cost next = dfs(0, bound, root, -1);
      if (next == kFound) {
        moves.assign(path_.begin(), path_.begin() + found_);
        return true;
      }
      if (next == kAborted) return false;
      if (next == kNone) {  // every way was at least `below` long
        reached_ = below;
        return false;
      }
      // Weighted, the next threshold is often only a unit or two above this one (f = den g + num h
      // takes many values), and each iteration repeats the last: it moves on by at least the
      // weight of kStep moves instead (node-limited on 50 5x5 boards: 108.1 moves against 108.9).
      bound = num == den ? next : std::max(next, bound + kStep * den);
    }
  }
  // The bound being searched when run() stopped (in moves): every shorter solution was ruled out
  // (unweighted).
  int reached() const { return reached_; }

 private:
  using Cost = std::conditional_t<kWeighted, long, int>;
  static constexpr Cost kFound = -1;
  static constexpr Cost kAborted = -2;
  static constexpr Cost kNone = std::numeric_limits<Cost>::max();
  static constexpr Cost kStep = 2;

  Cost cost(int g, int h) const {
    if constexpr (kWeighted) return static_cast<Cost>(den_) * g + static_cast<Cost>(num_) * h;
    return g + h;
  }

  // `node`'s f is within the bound; returns kFound, kAborted or the least f over the bound (kNone:
  // none, every way was cut at `below`). `prev`: the tile that moved into `node` (-1 at the root).
  Cost dfs(int g, Cost bound, const Node& node, int prev) {
    if (node.h == 0) {  // h is 0 only on the goal (every tile home)
      found_ = g;
      return kFound;
    }
    if (!budget_.tick()) return kAborted;
    const int blank = blank_;
    Child child[4];
    int children = 0;
    const int degree = std::min<int>(degree_[blank], 4);  // (tells the compiler child[] holds them)
    for (int i = 0; i < degree; ++i) {
      const int from = neighbours_[blank][i];
      const int tile = board_[from];
      if (tile == prev) continue;
      Child& c = child[children++];
      c.tile = tile;
      c.from = from;
      c.id = move_[blank][i];
    }
    h_.children(node, child, children, board_, blank);
    int order[4] = {0, 1, 2, 3};
    for (int x = 1; x < children; ++x)
      for (int y = x; y > 0 && child[order[y]].node.h < child[order[y - 1]].node.h; --y)
        std::swap(order[y], order[y - 1]);
    Cost best = kNone;
    for (int x = 0; x < children; ++x) {
      const Child& c = child[order[x]];
      const Cost f = cost(g + 1, c.node.h);
      if (f > bound) {  // and so are the children after it
        best = std::min(best, f);
        break;
      }
      if (kWeighted && g + 1 + c.node.h >= below_) continue;  // a way of `below` moves or more
      const int tile = c.tile, from = c.from;
      typename H::Undo undo;
      h_.enter(c, undo);
      board_[blank] = static_cast<std::uint8_t>(tile);
      board_[from] = 0;
      blank_ = from;
      path_[static_cast<std::size_t>(g)] = tile;
      const Cost r = dfs(g + 1, bound, c.node, tile);
      if (r == kFound) return kFound;
      board_[from] = static_cast<std::uint8_t>(tile);
      board_[blank] = 0;
      blank_ = blank;
      h_.leave(c, undo);
      if (r == kAborted) return kAborted;
      best = std::min(best, r);
    }
    return best;
  }

  H h_;
  Budget& budget_;
  int num_ = 1, den_ = 1, below_ = INT_MAX;
  int blank_ = 0, found_ = 0, reached_ = 0;
  std::uint8_t board_[kMaxIdaCells + 1] = {};
  std::uint8_t move_[kMaxIdaCells][4] = {};  // the move number of each neighbour's move
  std::int8_t neighbours_[kMaxIdaCells][4] = {};
  std::int8_t degree_[kMaxIdaCells] = {};
  std::vector<Move> path_;
};

// A heuristic that keeps all of its state in its Node: enter() and leave() do nothing.
struct NoUndo {};

// A table the solve needs could not be had: given up, with the table's error as the reason; at
// the limit that stopped the table's build when one did (build_stopped put its words in the error).
inline Solution table_missing(Solution sol, const Error& error, const Limits& limits) {
  sol.status = Status::kGaveUp;
  sol.reason = error.message;
  sol.limit = limits.expired();
  return sol;
}

// Runs `ida` for an optimal solution into `sol` (whose method is set): kSolved, or kGaveUp at a
// limit of `budget` (ida's budget).
template <class Search>
Solution solve_by(Search& ida, Budget& budget, Solution sol) {
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
    give_up(sol, budget.hit(), "during IDA* (" + sol.method + ")");
  }
  return sol;
}

// Runs `ida` for solutions shorter than `below` (solve_manhattan_below, solve_below): kSolved
// (optimal), kUnsolvable (none shorter: the known one is optimal) or kGaveUp with the bound reached.
template <class Search>
Solution solve_below_by(Search& ida, Budget& budget, int below, Solution sol) {
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
  sol.lower_bound = std::max({sol.lower_bound, first_bound, ida.reached()});
  if (!budget.exhausted()) {
    sol.status = Status::kUnsolvable;
    sol.reason = "no solution shorter than " + std::to_string(below) + " moves";
    sol.lower_bound = below;
  } else {
    give_up(sol, budget.hit(), "while searching solutions of " + std::to_string(ida.reached()) + " moves");
  }
  return sol;
}

}  // namespace pb::solvers::sliding
