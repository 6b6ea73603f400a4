/* search.hpp: generic BFS, A* and IDA* over any puzzle that states its moves (a small concept). */
#pragma once

// A puzzle gets search for free by providing
//
//   struct MyProblem {
//     using State = ...;   // equality-comparable, std::hash-able, copyable
//     using Move = ...;    // copyable, default-constructible
//     bool is_goal(const State&) const;
//     void successors(const State&, std::vector<search::Edge<State, Move>>& out) const;  // appends
//     search::Cost heuristic(const State&) const;   // A* and IDA* only: a lower bound on the cost
//   };                                             // still to pay (admissible)
//
// and calling bfs(problem, start, limits), astar(...) or idastar(...). Each returns a SearchResult:
// the moves of a cheapest path (BFS: fewest moves, ignoring costs), the states expanded, and whether
// the goal was found, the whole reachable space was exhausted without one (a proof of "no solution"),
// or a limit stopped the search first (and which one).
//
// Rejected designs:
// - successors() returning a fresh std::vector per call: one allocation per expanded state, which is
//   most of the time in a small-state BFS; the caller-owned `out` vector is reused instead.
// - successors() taking a callback: cleaner to write, but a concept cannot check a generic callable
//   without instantiating the puzzle's template, so errors would surface deep inside the search.
// - parent pointers into an unordered_map: node addresses are stable there, but a flat vector of
//   (state, parent index, move) records is smaller and lets memory be estimated for the table cap.
// - a virtual interface: per-state virtual calls and type erasure of State for nothing, since every
//   user knows its types at compile time.

#include <algorithm>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <queue>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "solvers/common/puzzle.hpp"

namespace pb::solvers::search {

// Path cost in the puzzle's own unit (moves, trips, ...). Non-negative edge costs only.
using Cost = std::int64_t;
inline constexpr Cost kInfiniteCost = std::numeric_limits<Cost>::max();

// One successor: the move that leads there, the state it leads to, and the move's cost (>= 0).
template <class State, class Move>
struct Edge {
  Move move;
  State state;
  Cost cost = 1;
};

template <class P>
concept Problem = requires(const P& p, const typename P::State& s,
                           std::vector<Edge<typename P::State, typename P::Move>>& out) {
  requires std::equality_comparable<typename P::State>;
  requires std::copyable<typename P::State>;
  requires std::copyable<typename P::Move>;
  requires std::default_initializable<typename P::Move>;
  { std::hash<typename P::State>{}(s) } -> std::convertible_to<std::size_t>;
  { p.is_goal(s) } -> std::convertible_to<bool>;
  p.successors(s, out);
};

template <class P>
concept InformedProblem = Problem<P> && requires(const P& p, const typename P::State& s) {
  { p.heuristic(s) } -> std::convertible_to<Cost>;
};

enum class SearchStatus {
  kFound,      // `path` reaches a goal and is optimal for the algorithm's measure
  kExhausted,  // every reachable state was examined: no goal is reachable (a proof)
  kLimit,      // a limit stopped the search; `limit` says which
};

template <class Move>
struct SearchResult {
  SearchStatus status = SearchStatus::kLimit;
  std::vector<Move> path;      // moves from the start to the goal; empty unless found
  Cost cost = 0;               // sum of the path's edge costs (BFS: the number of moves)
  std::uint64_t nodes = 0;     // states expanded (successors generated)
  std::uint64_t stored = 0;    // distinct states held in the table (BFS, A*), or the deepest path (IDA*)
  Limit limit = Limit::kNone;  // which limit stopped the search (limit_words() for people)
};

namespace detail {

// One state in a BFS or A* table: how it was reached (parent record, move) and at what cost.
template <class State, class Move>
struct Record {
  State state;
  std::size_t parent;  // its own index for the start
  Move move;
  Cost cost;           // from the start along the recorded path
};

// A rough per-state memory cost of a visited table: record + hash node + bucket (bytes).
template <class State, class Record>
constexpr std::size_t bytes_per_state() {
  return sizeof(Record) + sizeof(State) + 3 * sizeof(void*);
}

template <class Move, class Record>
std::vector<Move> unwind(const std::vector<Record>& records, std::size_t at) {
  std::vector<Move> path;
  while (records[at].parent != at) {
    path.push_back(records[at].move);
    at = records[at].parent;
  }
  std::reverse(path.begin(), path.end());
  return path;
}

// The end of a search over a table of `stored` states: without a goal or a limit, every reachable
// state was examined, which proves there is no goal.
template <class Move>
SearchResult<Move> finish(SearchResult<Move> result, const Budget& budget, std::size_t stored) {
  if (result.status != SearchStatus::kFound && result.limit == Limit::kNone) result.status = SearchStatus::kExhausted;
  result.nodes = budget.nodes();
  result.stored = stored;
  return result;
}

}  // namespace detail

// Breadth-first search: a path with the fewest moves (edge costs are summed into `cost` but do not
// steer the search). The goal test is applied when a state is generated, one layer earlier than at
// expansion, which is still optimal in moves and saves expanding the whole last layer.
template <Problem P>
SearchResult<typename P::Move> bfs(const P& problem, const typename P::State& start,
                                   const Limits& limits) {
  using State = typename P::State;
  using Move = typename P::Move;
  using Record = detail::Record<State, Move>;
  SearchResult<Move> result;
  if (problem.is_goal(start)) {
    result.status = SearchStatus::kFound;
    result.stored = 1;
    return result;
  }
  const std::size_t max_states =
      std::max<std::size_t>(1, limits.max_table_bytes / detail::bytes_per_state<State, Record>());
  Budget budget(limits);
  std::vector<Record> records{{start, 0, Move{}, 0}};
  std::unordered_set<State> seen{start};
  std::vector<Edge<State, Move>> out;
  for (std::size_t head = 0; head < records.size(); ++head) {
    if (!budget.tick()) {
      result.limit = budget.hit();
      break;
    }
    out.clear();
    problem.successors(records[head].state, out);
    for (auto& e : out) {
      if (!seen.insert(e.state).second) continue;
      if (records.size() >= max_states) {
        result.limit = Limit::kTableMemory;
        break;
      }
      Cost c = records[head].cost + e.cost;
      bool goal = problem.is_goal(e.state);
      records.push_back({std::move(e.state), head, std::move(e.move), c});
      if (goal) {
        result.status = SearchStatus::kFound;
        result.path = detail::unwind<Move>(records, records.size() - 1);
        result.cost = c;
        break;
      }
    }
    if (result.status == SearchStatus::kFound || result.limit != Limit::kNone) break;
  }
  return detail::finish(std::move(result), budget, records.size());
}

// A*: a cheapest path when heuristic() never overestimates (admissible). States are reopened when a
// cheaper way to them turns up, so an admissible but inconsistent heuristic stays exact.
template <InformedProblem P>
SearchResult<typename P::Move> astar(const P& problem, const typename P::State& start,
                                     const Limits& limits) {
  using State = typename P::State;
  using Move = typename P::Move;
  using Record = detail::Record<State, Move>;
  struct Open {
    Cost f;
    Cost g;
    std::size_t index;
    // Lowest f first; among equal f the deepest (largest g), which reaches goals sooner.
    bool operator<(const Open& o) const { return f != o.f ? f > o.f : g < o.g; }
  };
  SearchResult<Move> result;
  const std::size_t max_states =
      std::max<std::size_t>(1, limits.max_table_bytes /
                                   (detail::bytes_per_state<State, Record>() + sizeof(Open)));
  Budget budget(limits);
  std::vector<Record> records{{start, 0, Move{}, 0}};
  std::unordered_map<State, std::size_t> index{{start, 0}};
  std::priority_queue<Open> open;
  open.push({static_cast<Cost>(problem.heuristic(start)), 0, 0});
  std::vector<Edge<State, Move>> out;
  while (!open.empty()) {
    Open top = open.top();
    open.pop();
    if (top.g != records[top.index].cost) continue;  // stale: a cheaper entry was pushed since
    if (problem.is_goal(records[top.index].state)) {
      result.status = SearchStatus::kFound;
      result.path = detail::unwind<Move>(records, top.index);
      result.cost = top.g;
      break;
    }
    if (!budget.tick()) {
      result.limit = budget.hit();
      break;
    }
    out.clear();
    problem.successors(records[top.index].state, out);
    for (auto& e : out) {
      Cost g = top.g + e.cost;
      auto [it, fresh] = index.try_emplace(e.state, records.size());
      if (fresh) {
        if (records.size() >= max_states) {
          result.limit = Limit::kTableMemory;
          break;
        }
        Cost h = static_cast<Cost>(problem.heuristic(e.state));
        records.push_back({std::move(e.state), top.index, std::move(e.move), g});
        open.push({g + h, g, records.size() - 1});
      } else if (g < records[it->second].cost) {
        Record& r = records[it->second];
        r.parent = top.index;
        r.move = std::move(e.move);
        r.cost = g;
        open.push({g + static_cast<Cost>(problem.heuristic(r.state)), g, it->second});
      }
    }
    if (result.limit != Limit::kNone) break;
  }
  return detail::finish(std::move(result), budget, records.size());
}

// IDA*: A*'s answer in memory proportional to the path length, by depth-first passes under a rising
// cost bound. It does not remember states across branches (only the current path, to skip cycles),
// so on puzzles with many transpositions it re-expands states; it suits big spaces with a good
// heuristic. A pass that finds nothing above the bound proves there is no goal (kExhausted) —
// valid for finite spaces, where every simple path is eventually enumerated.
template <InformedProblem P>
SearchResult<typename P::Move> idastar(const P& problem, const typename P::State& start,
                                       const Limits& limits) {
  using State = typename P::State;
  using Move = typename P::Move;
  SearchResult<Move> result;
  Budget budget(limits);
  std::vector<State> path_states{start};
  std::vector<Move> path_moves;
  std::vector<std::vector<Edge<State, Move>>> scratch;  // one successor buffer per depth

  // Returns the smallest f above `bound` seen below this node, or -1 once the goal is found, or
  // kInfiniteCost when nothing is left; sets result.limit when a limit is hit.
  auto dfs = [&](auto&& self, Cost g, Cost bound) -> Cost {
    const State& s = path_states.back();
    Cost f = g + static_cast<Cost>(problem.heuristic(s));
    if (f > bound) return f;
    if (problem.is_goal(s)) {
      result.cost = g;
      return -1;
    }
    if (!budget.tick()) {
      result.limit = budget.hit();
      return kInfiniteCost;
    }
    std::size_t depth = path_moves.size();
    if (scratch.size() <= depth) scratch.emplace_back();
    scratch[depth].clear();
    problem.successors(s, scratch[depth]);
    result.stored = std::max<std::uint64_t>(result.stored, depth + 1);
    Cost next = kInfiniteCost;
    for (std::size_t i = 0; i < scratch[depth].size(); ++i) {
      const auto& e = scratch[depth][i];
      if (std::find(path_states.begin(), path_states.end(), e.state) != path_states.end()) continue;
      path_states.push_back(e.state);
      path_moves.push_back(e.move);
      Cost t = self(self, g + e.cost, bound);
      if (t < 0) return -1;
      path_states.pop_back();
      path_moves.pop_back();
      if (result.limit != Limit::kNone) return kInfiniteCost;
      next = std::min(next, t);
    }
    return next;
  };

  Cost bound = static_cast<Cost>(problem.heuristic(start));
  while (true) {
    Cost t = dfs(dfs, 0, bound);
    if (t < 0) {
      result.status = SearchStatus::kFound;
      result.path = path_moves;
      break;
    }
    if (result.limit != Limit::kNone) break;
    if (t == kInfiniteCost) {
      result.status = SearchStatus::kExhausted;
      break;
    }
    bound = t;
  }
  result.nodes = budget.nodes();
  return result;
}

}  // namespace pb::solvers::search
