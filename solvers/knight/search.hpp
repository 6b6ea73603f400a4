/* search.hpp: exact Hamiltonian path/cycle search (Warnsdorff-ordered depth-first search) on a graph. */
#pragma once

// The graph is generic (CSR adjacency) rather than a board because the construction
// (construct.cpp) searches small blocks with extra helper vertices that force chosen edges.
// Rejected: recursion (a 500x500 holed board would need a 250000-deep call stack); a connectivity
// check at every node (O(n) per node; the local dead-end counts below prune almost as well on
// knight graphs at a constant cost).

#include <cstdint>
#include <span>
#include <vector>

#include "solvers/common/puzzle.hpp"

namespace pb::solvers::knight {

// Adjacency in compressed rows: the neighbours of v are targets[offsets[v] .. offsets[v+1]).
struct Graph {
  std::vector<std::int32_t> offsets{0};
  std::vector<std::int32_t> targets;
  // Tie-break among neighbours with the same number of onward moves: lower goes first. For board
  // squares it is "nearer the centre is later", which keeps Warnsdorff's rule from stranding
  // corners on large boards.
  std::vector<std::uint32_t> priority;
  // Vertices that may not be the last of an open path (the construction's helper vertices).
  std::vector<std::uint8_t> interior_only;

  int size() const { return static_cast<int>(offsets.size()) - 1; }
  std::span<const std::int32_t> neighbours(int v) const {
    return {targets.data() + offsets[static_cast<std::size_t>(v)],
            targets.data() + offsets[static_cast<std::size_t>(v) + 1]};
  }
};

// Most neighbours a vertex may have (a knight has 8 moves; helper vertices keep degrees unchanged).
inline constexpr int kMaxDegree = 8;

enum class SearchEnd {
  kFound,      // path holds a Hamiltonian path (closed: cycle) from the start
  kExhausted,  // every branch was tried: there is none (from these starts)
  kCapped,     // this run's own node cap was reached
  kBudget,     // the caller's Budget (nodes, time, cancel) ran out
};

struct SearchRun {
  SearchEnd end = SearchEnd::kExhausted;
  std::vector<std::int32_t> path;  // vertices in visiting order (closed: the start is not repeated)
};

// One depth-first search from `start`. `closed`: the path must end next to `start`.
// `node_cap` bounds this run only (0: none); `jitter_seed` != 0 breaks ties pseudo-randomly, for
// restarts. Every node entered is charged to `budget`.
SearchRun search_from(const Graph& graph, int start, bool closed, Budget& budget,
                      std::uint64_t node_cap, std::uint64_t jitter_seed);

// A Hamiltonian path (closed: cycle) starting at one of `starts`, by a few short randomised
// Warnsdorff runs and then one exhaustive search per start. kExhausted means proved absent for
// these starts. `seed` comes from Limits::seed.
SearchRun find_tour(const Graph& graph, std::span<const int> starts, bool closed, Budget& budget,
                    std::uint64_t seed);

}  // namespace pb::solvers::knight
