/* search.cpp: Warnsdorff-ordered, dead-end-pruned depth-first search for Hamiltonian paths and cycles. */
#include "solvers/knight/search.hpp"

#include <algorithm>
#include <array>
#include <cassert>

namespace pb::solvers::knight {
namespace {

std::uint64_t splitmix(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

// The search state. deg[u] counts u's neighbours still usable: unvisited ones, plus the start of a
// closed tour (it stays available as the final destination). `zeros`/`ones` count unvisited
// vertices (the closed tour's start excluded) with 0 or 1 usable neighbours: such a vertex not next
// to the knight can only be where the path ends, which is the whole of the pruning.
class Dfs {
 public:
  Dfs(const Graph& g, int start, bool closed, std::uint64_t jitter)
      : g_(g), n_(g.size()), target_(closed ? start : -1), jitter_(jitter),
        visited_(static_cast<std::size_t>(n_), 0), deg_(static_cast<std::size_t>(n_)),
        path_(static_cast<std::size_t>(n_)), cand_(static_cast<std::size_t>(n_)),
        ncand_(static_cast<std::size_t>(n_)), next_(static_cast<std::size_t>(n_)) {
    for (int v = 0; v < n_; ++v) {
      deg_[idx(v)] = static_cast<std::int32_t>(g_.neighbours(v).size());
      if (v == target_) continue;
      if (deg_[idx(v)] == 0) ++zeros_;
      else if (deg_[idx(v)] == 1) ++ones_;
    }
    remaining_ = closed ? n_ - 1 : n_;
    if (closed) visited_[idx(start)] = 1;  // the target: never entered again, never decrements
    else visit(start);
    path_[0] = start;
  }

  SearchRun run(Budget& budget, std::uint64_t node_cap) {
    SearchRun out;
    std::uint64_t nodes = 0;
    int depth = 0;
    if (expand(0)) return found(0);
    while (depth >= 0) {
      auto d = idx(depth);
      if (next_[d] < ncand_[d]) {
        int u = cand_[d][static_cast<std::size_t>(next_[d]++)];
        if (!budget.tick()) { out.end = SearchEnd::kBudget; return out; }
        if (node_cap != 0 && ++nodes > node_cap) { out.end = SearchEnd::kCapped; return out; }
        visit(u);
        path_[idx(++depth)] = u;
        if (expand(depth)) return found(depth);
      } else {
        if (depth == 0) break;
        unvisit(path_[d]);
        --depth;
      }
    }
    out.end = SearchEnd::kExhausted;
    return out;
  }

 private:
  static std::size_t idx(int v) { return static_cast<std::size_t>(v); }

  void dec(int u) {
    auto& d = deg_[idx(u)];
    if (!visited_[idx(u)] && u != target_) {
      if (d == 2) ++ones_;
      else if (d == 1) { --ones_; ++zeros_; }
    }
    --d;
  }
  void inc(int u) {
    auto& d = ++deg_[idx(u)];
    if (!visited_[idx(u)] && u != target_) {
      if (d == 2) --ones_;
      else if (d == 1) { --zeros_; ++ones_; }
    }
  }
  void visit(int v) {
    if (deg_[idx(v)] == 0) --zeros_;
    else if (deg_[idx(v)] == 1) --ones_;
    visited_[idx(v)] = 1;
    --remaining_;
    for (int u : g_.neighbours(v)) dec(u);
  }
  void unvisit(int v) {
    for (int u : g_.neighbours(v)) inc(u);
    visited_[idx(v)] = 0;
    ++remaining_;
    if (deg_[idx(v)] == 0) ++zeros_;
    else if (deg_[idx(v)] == 1) ++ones_;
  }

  bool adjacent(int v, int w) const {
    for (int u : g_.neighbours(v))
      if (u == w) return true;
    return false;
  }

  // With the knight on path_[depth]: true when the path is complete; otherwise fills the ordered
  // candidate list (left empty when the position is a proven dead end).
  bool expand(int depth) {
    int v = path_[idx(depth)];
    auto d = idx(depth);
    ncand_[d] = 0;
    next_[d] = 0;
    if (remaining_ == 0) {
      if (target_ >= 0) return adjacent(v, target_);
      return g_.interior_only.empty() || !g_.interior_only[idx(v)];
    }
    int adj_zeros = 0, adj_ones = 0;
    for (int u : g_.neighbours(v)) {
      if (visited_[idx(u)]) continue;
      if (deg_[idx(u)] == 0) ++adj_zeros;
      else if (deg_[idx(u)] == 1) ++adj_ones;
    }
    int far_zeros = zeros_ - adj_zeros, far_ones = ones_ - adj_ones;
    if (far_zeros > 0) return false;  // a square nobody can reach any more
    if (target_ >= 0) {
      // A closed tour ends at the target, so no other square may be a forced end.
      if (adj_zeros > 0 || far_ones > 0 || deg_[idx(target_)] == 0) return false;
    } else {
      if (adj_zeros > 0 && remaining_ > 1) return false;  // it would have to be last, but is not
      if (far_ones >= 2) return false;                    // two squares that each must be last
    }
    // Warnsdorff: fewest onward moves first; ties by priority (or jittered priority on restarts).
    std::array<std::uint64_t, kMaxDegree> keys{};
    int n = 0;
    auto& cand = cand_[d];
    for (int u : g_.neighbours(v)) {
      if (visited_[idx(u)]) continue;
      std::uint64_t tie = g_.priority.empty() ? 0 : g_.priority[idx(u)];
      tie <<= 8;
      if (jitter_ != 0) tie |= splitmix(jitter_ ^ static_cast<std::uint64_t>(u)) & 0xffu;
      std::uint64_t key = (static_cast<std::uint64_t>(deg_[idx(u)]) << 48) | tie;
      int i = n++;
      while (i > 0 && keys[static_cast<std::size_t>(i - 1)] > key) {
        keys[static_cast<std::size_t>(i)] = keys[static_cast<std::size_t>(i - 1)];
        cand[static_cast<std::size_t>(i)] = cand[static_cast<std::size_t>(i - 1)];
        --i;
      }
      keys[static_cast<std::size_t>(i)] = key;
      cand[static_cast<std::size_t>(i)] = u;
    }
    ncand_[d] = n;
    return false;
  }

  SearchRun found(int depth) {
    SearchRun out;
    out.end = SearchEnd::kFound;
    out.path.assign(path_.begin(), path_.begin() + depth + 1);
    return out;
  }

  const Graph& g_;
  int n_;
  int target_;
  std::uint64_t jitter_;
  std::vector<std::uint8_t> visited_;
  std::vector<std::int32_t> deg_;
  std::vector<std::int32_t> path_;
  std::vector<std::array<std::int32_t, kMaxDegree>> cand_;
  std::vector<std::int32_t> ncand_;
  std::vector<std::int32_t> next_;
  int zeros_ = 0, ones_ = 0, remaining_ = 0;
};

}  // namespace

SearchRun search_from(const Graph& graph, int start, bool closed, Budget& budget,
                      std::uint64_t node_cap, std::uint64_t jitter_seed) {
  assert(start >= 0 && start < graph.size());
  Dfs dfs(graph, start, closed, jitter_seed);
  return dfs.run(budget, node_cap);
}

SearchRun find_tour(const Graph& graph, std::span<const int> starts, bool closed, Budget& budget,
                    std::uint64_t seed) {
  SearchRun run;
  if (starts.empty()) return run;  // kExhausted: nothing to try
  int n = graph.size();
  // Short runs first: plain Warnsdorff with a little backtracking nearly always succeeds, and when a
  // run wanders into a hopeless subtree a fresh tie-break beats digging it out. Tiny graphs go
  // straight to the exhaustive search, which is then also the proof.
  constexpr int kRestarts = 8;
  constexpr int kTinyGraph = 64;
  if (n > kTinyGraph) {
    std::uint64_t cap = 4 * static_cast<std::uint64_t>(n) + 20000;
    for (int attempt = 0; attempt < kRestarts; ++attempt) {
      std::size_t which = attempt == 0 ? 0 : splitmix(seed + static_cast<std::uint64_t>(attempt)) % starts.size();
      std::uint64_t jitter = attempt == 0 ? 0 : splitmix(seed ^ (0x51ed27ull * static_cast<std::uint64_t>(attempt)));
      run = search_from(graph, starts[which], closed, budget, cap, jitter);
      if (run.end == SearchEnd::kFound || run.end == SearchEnd::kBudget) return run;
      // kExhausted from one start is a proof only for that start: the loop below redoes it cheaply.
    }
  }
  for (int s : starts) {
    run = search_from(graph, s, closed, budget, 0, 0);
    if (run.end != SearchEnd::kExhausted) return run;
  }
  return run;  // kExhausted for every start
}

}  // namespace pb::solvers::knight
