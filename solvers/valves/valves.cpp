/* valves.cpp: parsing, rules and the minimum vertex cut of the valves puzzle. */
#include "solvers/valves/valves.hpp"

// The cut: a max-flow on the vertex-split graph (valve v becomes v.in -> v.out, capacity 1; a pipe
// u-w becomes u.out -> w.in and w.out -> u.in, unbounded). After the max-flow the cut is the valves
// whose `out` side still reaches the outlet in the residual graph and whose `in` side does not.
//
// Rejected designs (measured on the 1000x1000 grid with 30% walls, CPU time per run on a loaded
// 2-core machine; see docs/PERFORMANCE.md):
// - Textbook Dinic on an explicit split graph (min_vertex_cut_dinic below, kept as the baseline and
//   as a test oracle): 33 s. Its shortest augmenting paths lengthen a step at a time on a grid, so
//   it runs hundreds of BFS phases over 2 million split nodes.
// - One BFS per augmenting path: O(flow * E), 100+ full sweeps.
// - Boykov-Kolmogorov search trees on the same implicit graph: correct (it passed the tests below)
//   but 8.5 s: each augmenting path is a 1000+-node branch of the source tree, so every path
//   orphans huge subtrees that must be re-adopted or regrown.
// - Alternating phases between a search from the inlet and one from the outlet (same code with s/t
//   and the flow reversed): no gain, both sides reach most of the grid.
// - Highest-label push-relabel with global relabelling (implicit split graph, unit source arcs):
//   correct, but the inlet floods ~700 units of excess of which 102 get through, and the rest
//   climbs label by label behind the bottleneck: 4.3 M relabels and 119 global relabels on
//   250x250 (3 s; the chosen code takes 0.03 s there).
// - Depth-first phases with one fixed neighbour order (nearest to the outlet in the empty network)
//   and no distances per phase (round 1): 1.4-1.9 s, 65 M visits. The first phase found 44 of 102
//   paths, then about one per phase, each phase a near-full sweep.
// - Capping each search of a phase (a few times the shortest path's length) and starting a new
//   phase when it runs out: more phases, and a phase's breadth-first search costs more than the
//   sweep it saves (25 phases, 37 M visits against 8 phases, 21 M).
// - Boost.Graph: not available here, and its explicit split graph costs Dinic's memory.
// Chosen: the split graph is never built. Per node only `prv`/`nxt` (the flow path through it: unit
// capacities make that a single predecessor and successor) and a phase stamp per split node are
// stored. Each phase starts with a breadth-first search from the outlet over the residual arcs
// walked backwards (exact residual distances to t; a split node that cannot reach t is dead for
// good), sorts every node's neighbours nearest first, then finds augmenting paths by depth-first
// search: with exact distances the first path runs straight down them, and later ones of the phase
// follow them while they are nearly right. Within a phase a split node is visited at most once (a
// node that led nowhere stays dead until the next phase), so a phase is O(V + E); the flow is
// maximum when the breadth-first search no longer reaches s, and that search's reached set gives
// the cut. On the grid: 49, 26, 7, 7, 5, 4, 3, 1 paths in 8 phases, 21 M visits.
//
// One residual arc is deliberately left out of the depth-first search: u.out -> w.in when flow
// already runs w -> u. Using it would leave a flow 2-cycle u -> w -> u; and the same node w.in stays
// reachable by u.out -> u.in -> w.out -> w.in (two reverse arcs and the reverse of w's vertex arc),
// so reachability, and with it the max-flow and the cut, is unchanged. The breadth-first search
// walks every pipe (saturated ones too: an unbounded arc is never saturated), so its distances are
// those of the true residual graph.

#include <algorithm>
#include <limits>
#include <queue>

#include "core/json.hpp"
#include "solvers/common/replay.hpp"

namespace pb::solvers::valves {

Graph make_graph(int node_count, const std::vector<std::pair<int, int>>& pipes) {
  Graph g;
  g.node_count = node_count;
  g.offset.assign(static_cast<std::size_t>(node_count) + 1, 0);
  for (auto [a, b] : pipes) {
    ++g.offset[static_cast<std::size_t>(a) + 1];
    ++g.offset[static_cast<std::size_t>(b) + 1];
  }
  for (int v = 0; v < node_count; ++v) g.offset[v + 1] += g.offset[v];
  g.adj.resize(static_cast<std::size_t>(g.offset[node_count]));
  std::vector<std::int32_t> fill(g.offset.begin(), g.offset.end() - 1);
  for (auto [a, b] : pipes) {
    g.adj[fill[a]++] = b;
    g.adj[fill[b]++] = a;
  }
  return g;
}

bool connected(const Graph& g, int source, int sink, const std::vector<bool>& closed) {
  std::vector<char> seen(static_cast<std::size_t>(g.node_count), 0);
  std::vector<int> todo{source};
  seen[source] = 1;
  while (!todo.empty()) {
    int v = todo.back();
    todo.pop_back();
    if (v == sink) return true;
    for (int i = g.offset[v]; i < g.offset[v + 1]; ++i) {
      int w = g.adj[i];
      if (seen[w] || (!closed.empty() && closed[w])) continue;
      seen[w] = 1;
      todo.push_back(w);
    }
  }
  return false;
}

namespace {

bool adjacent(const Graph& g, int a, int b) {
  return std::find(g.adj.begin() + g.offset[a], g.adj.begin() + g.offset[a + 1], b) !=
         g.adj.begin() + g.offset[a + 1];
}

// Blocks nodes that can carry no flow: peeling nodes with at most one open neighbour (dead-end
// corridors and trees hanging off the network). Such nodes lie on no simple s-t path.
void prune_dead_ends(const Graph& g, int s, int t, std::vector<std::uint8_t>& blocked) {
  const int n = g.node_count;
  std::vector<std::int32_t> degree(static_cast<std::size_t>(n), 0);
  std::vector<std::int32_t> todo;
  for (int v = 0; v < n; ++v) {
    if (blocked[v]) continue;
    for (int i = g.offset[v]; i < g.offset[v + 1]; ++i) degree[v] += blocked[g.adj[i]] ? 0 : 1;
    if (degree[v] <= 1 && v != s && v != t) todo.push_back(v);
  }
  while (!todo.empty()) {
    int v = todo.back();
    todo.pop_back();
    if (blocked[v]) continue;
    blocked[v] = 1;
    for (int i = g.offset[v]; i < g.offset[v + 1]; ++i) {
      int w = g.adj[i];
      if (!blocked[w] && --degree[w] <= 1 && w != s && w != t) todo.push_back(w);
    }
  }
}

}  // namespace

namespace {

// min_vertex_cut on a graph numbered for locality, with `blocked` nodes (closed or useless) removed.
Cut cut_renumbered(const Graph& g, int s, int t, const std::vector<std::uint8_t>& blocked, Budget& budget) {
  Cut cut;
  const int n = g.node_count;
  // Split node ids: 2v is v.in, 2v+1 is v.out. Only s.out and t.in are ever used for s and t.
  std::vector<std::int32_t> nxt(static_cast<std::size_t>(n), -1);  // flow successor, -1: unused
  std::vector<std::int32_t> prv(static_cast<std::size_t>(n), -1);  // flow predecessor (may be s)
  std::vector<std::uint32_t> mark(2 * static_cast<std::size_t>(n), 0);  // phase stamp
  // Residual distances to t.in per split node, by a breadth-first search from t.in over the residual
  // arcs walked backwards, at the start of each phase: kFar when t is out of reach (for good: a
  // node that cannot reach t never can again, since an augmenting path only adds arcs between
  // nodes that reach t), kNever for split nodes outside the network (blocked, s.in, s.out, t.out).
  constexpr std::int32_t kFar = std::numeric_limits<std::int32_t>::max();
  constexpr std::int32_t kNever = kFar - 1;
  const std::int32_t t_in = 2 * t, s_out = 2 * s + 1;
  std::vector<std::int32_t> unreached(2 * static_cast<std::size_t>(n), kFar);
  for (int v = 0; v < n; ++v)
    if (blocked[v]) unreached[2 * v] = unreached[2 * v + 1] = kNever;
  unreached[2 * s] = unreached[s_out] = unreached[2 * t + 1] = kNever;
  std::vector<std::int32_t> dist(unreached.size());
  std::vector<std::int32_t> queue(unreached.size());
  std::vector<std::int32_t> adj = g.adj;  // each node's neighbours, nearest to t first
  auto residual_distances = [&] {
    std::copy(unreached.begin(), unreached.end(), dist.begin());
    std::size_t head = 0, tail = 0;
    dist[t_in] = 0;
    queue[tail++] = t_in;
    auto reach = [&](std::int32_t x, std::int32_t d) {
      if (dist[x] != kFar) return;
      dist[x] = d;
      queue[tail++] = x;
    };
    while (head < tail) {
      if (!budget.tick()) return false;
      const std::int32_t y = queue[head++];
      const int v = y >> 1;
      const std::int32_t d = dist[y] + 1;
      if ((y & 1) == 0) {  // v.in: from every u.out by its pipe (unbounded); from v.out if v is used
        for (int i = g.offset[v]; i < g.offset[v + 1]; ++i) {
          reach(2 * g.adj[i] + 1, d);  // kNever for s, t and blocked nodes
        }
        if (v != t && prv[v] >= 0) reach(2 * v + 1, d);
      } else {  // v.out: from v.in if v is free; from w.in if v's flow goes on to w (w.in -> v.out)
        if (prv[v] < 0) reach(2 * v, d);
        if (nxt[v] >= 0 && nxt[v] != t) reach(2 * nxt[v], d);
      }
    }
    // s.out is the start: reached when one of its pipes leads to a reached in side.
    dist[s_out] = kFar;
    for (int i = g.offset[s]; i < g.offset[s + 1]; ++i) {
      const std::int32_t d = dist[2 * g.adj[i]];
      if (d < kNever) dist[s_out] = std::min(dist[s_out], d + 1);
    }
    return true;
  };
  struct Frame {
    std::int32_t node;  // split node id
    std::int32_t pos;   // in-node: 0 before its one arc, 1 after; out-node: next adjacency index
    bool back;          // out-node of a used node: the reverse vertex arc out -> in not tried yet
  };
  std::vector<Frame> stack;
  std::uint32_t phase = 0;
  while (true) {
    ++phase;
    if (!residual_distances()) {
      cut.limit = budget.which();
      cut.work = budget.nodes();
      return cut;
    }
    if (dist[s_out] == kFar) break;
    for (int v = 0; v < n; ++v) {  // nearest first; t first of all
      if (blocked[v]) continue;
      auto key = [&](std::int32_t w) { return w == t ? -1 : dist[2 * w]; };
      std::sort(adj.begin() + g.offset[v], adj.begin() + g.offset[v + 1],
                [&](std::int32_t a, std::int32_t b) { return key(a) < key(b); });
    }
    int found = 0;
    mark[s_out] = phase;
    while (true) {  // depth-first searches from s until one fails
      stack.assign(1, Frame{s_out, g.offset[s], false});
      int last = -1;  // the node whose out side reaches t
      while (!stack.empty()) {
        if (!budget.tick()) {
          cut.limit = budget.which();
          cut.work = budget.nodes();
          return cut;
        }
        Frame& f = stack.back();
        const int v = f.node >> 1;
        int y = -1;
        if ((f.node & 1) == 0) {  // v.in: forward to v.out if v is free, else back along its flow
          if (f.pos == 0) {
            f.pos = 1;
            y = prv[v] < 0 ? 2 * v + 1 : 2 * prv[v] + 1;
            if (mark[y] == phase || dist[y] >= kNever) y = -1;
          }
        } else {  // v.out: its pipes nearest first, and back to v.in (if v is used) in its place among them
          while (y < 0 && f.pos < g.offset[v + 1]) {
            const int w = adj[f.pos];
            if (f.back && (w == t ? -1 : dist[2 * w]) > dist[2 * v]) {
              f.back = false;
              y = 2 * v;  // undo v's vertex arc
              if (mark[y] == phase || dist[y] >= kNever) y = -1;
              continue;
            }
            ++f.pos;
            if (w == s || blocked[w]) continue;
            if (w == t) {
              if (nxt[v] == t) continue;  // saturated
              last = v;
              break;
            }
            if (prv[w] == v || nxt[w] == v) continue;  // saturated, or the left-out 2-cycle arc
            if (mark[2 * w] != phase && dist[2 * w] < kNever) y = 2 * w;
          }
          if (last >= 0) break;
          if (y < 0 && f.back) {
            f.back = false;
            y = 2 * v;
            if (mark[y] == phase || dist[y] >= kNever) y = -1;
          }
        }
        if (y < 0) {
          stack.pop_back();
          continue;
        }
        mark[y] = phase;
        const int yv = y >> 1;
        stack.push_back({y, (y & 1) == 0 ? 0 : g.offset[yv], (y & 1) == 1 && prv[yv] >= 0});
      }
      if (last < 0) break;
      ++found;
      // Cancel the reverse arcs first, then lay the forward ones, so no slot is overwritten early.
      for (std::size_t i = 0; i + 1 < stack.size(); ++i) {
        int x = stack[i].node, y = stack[i + 1].node;
        if ((x & 1) == 0 && (y >> 1) != (x >> 1)) {  // w.in -> u.out: cancel flow u -> w
          nxt[y >> 1] = -1;
          prv[x >> 1] = -1;
        }
      }
      for (std::size_t i = 0; i + 1 < stack.size(); ++i) {
        int x = stack[i].node, y = stack[i + 1].node;
        if ((x & 1) == 1 && (y >> 1) != (x >> 1)) {  // u.out -> w.in: flow u -> w
          if ((x >> 1) != s) nxt[x >> 1] = y >> 1;
          prv[y >> 1] = x >> 1;
        }
      }
      nxt[last] = t;
      // The path's own nodes are open again for the rest of the phase: the new flow gave them
      // residual arcs (backwards along the path) the phase's later searches may need. Nodes the
      // search left behind stay dead for the phase.
      for (std::size_t i = 1; i < stack.size(); ++i) mark[stack[i].node] = 0;
    }
  }
  // The flow is maximum: t is out of s's reach. The split nodes that still reach t are the sink side
  // of a minimum cut, whose arcs are those of the valves with only their out side on it (a pipe
  // u.out -> w.in is unbounded, so it never crosses: u.out would reach t through it).
  for (int v = 0; v < n; ++v)
    if (v != s && v != t && !blocked[v] && dist[2 * v] == kFar && dist[2 * v + 1] < kNever)
      cut.nodes.push_back(v);
  cut.work = budget.nodes();
  return cut;
}

}  // namespace

Cut min_vertex_cut(const Graph& g, int s, int t, const std::vector<bool>& closed, Budget& budget) {
  Cut cut;
  if (adjacent(g, s, t)) {
    cut.finite = false;
    return cut;
  }
  const int n = g.node_count;
  std::vector<std::uint8_t> blocked(static_cast<std::size_t>(n), 0);
  for (int v = 0; v < n && !closed.empty(); ++v) blocked[v] = closed[v] ? 1 : 0;
  prune_dead_ends(g, s, t, blocked);
  // Renumber the nodes in breadth-first order from t: the searches below sweep the graph in waves
  // around t, and in this order a wave reads consecutive memory. In the input's order (a grid's
  // rows) each step of a wave touched a page per row: on the 1000x1000 grid that made a node
  // visit cost ~50 ns, mostly TLB and cache misses. Nodes t cannot reach (except through s, which
  // no simple path revisits) carry no flow and are blocked.
  std::vector<std::int32_t> new_of(static_cast<std::size_t>(n), -1), old_of;
  old_of.reserve(static_cast<std::size_t>(n));
  new_of[t] = 0;
  old_of.push_back(t);
  for (std::size_t head = 0; head < old_of.size(); ++head) {
    const int v = old_of[head];
    if (v == s) continue;
    for (int i = g.offset[v]; i < g.offset[v + 1]; ++i) {
      const int w = g.adj[i];
      if (new_of[w] >= 0 || blocked[w]) continue;
      new_of[w] = static_cast<std::int32_t>(old_of.size());
      old_of.push_back(w);
    }
  }
  if (new_of[s] < 0) return cut;  // nothing to cut
  const std::size_t reached = old_of.size();
  for (int v = 0; v < n; ++v)
    if (new_of[v] < 0) {
      new_of[v] = static_cast<std::int32_t>(old_of.size());
      old_of.push_back(v);
    }
  Graph h;
  h.node_count = n;
  h.offset.resize(static_cast<std::size_t>(n) + 1);
  h.adj.resize(g.adj.size());
  std::vector<std::uint8_t> h_blocked(static_cast<std::size_t>(n), 1);
  std::size_t k = 0;
  for (int x = 0; x < n; ++x) {
    const int v = old_of[static_cast<std::size_t>(x)];
    h.offset[static_cast<std::size_t>(x)] = static_cast<std::int32_t>(k);
    for (int i = g.offset[v]; i < g.offset[v + 1]; ++i) h.adj[k++] = new_of[g.adj[i]];
    if (static_cast<std::size_t>(x) < reached) h_blocked[static_cast<std::size_t>(x)] = 0;
  }
  h.offset[static_cast<std::size_t>(n)] = static_cast<std::int32_t>(k);
  cut = cut_renumbered(h, new_of[s], new_of[t], h_blocked, budget);
  for (int& v : cut.nodes) v = old_of[static_cast<std::size_t>(v)];
  std::sort(cut.nodes.begin(), cut.nodes.end());
  return cut;
}

Cut min_vertex_cut_dinic(const Graph& g, int s, int t, const std::vector<bool>& closed) {
  Cut cut;
  if (adjacent(g, s, t)) {
    cut.finite = false;
    return cut;
  }
  const int n = g.node_count;
  auto open = [&](int v) { return closed.empty() || !closed[v]; };
  struct Arc {
    int to;
    int cap;
  };
  std::vector<Arc> arcs;
  std::vector<std::vector<int>> out(2 * static_cast<std::size_t>(n));
  auto add = [&](int a, int b, int cap) {
    out[a].push_back(static_cast<int>(arcs.size()));
    arcs.push_back({b, cap});
    out[b].push_back(static_cast<int>(arcs.size()));
    arcs.push_back({a, 0});
  };
  for (int v = 0; v < n; ++v) {
    if (!open(v)) continue;
    add(2 * v, 2 * v + 1, (v == s || v == t) ? n : 1);
    for (int i = g.offset[v]; i < g.offset[v + 1]; ++i)
      if (open(g.adj[i])) add(2 * v + 1, 2 * g.adj[i], n);  // pipes never belong to the cut
  }
  const int src = 2 * s + 1, dst = 2 * t;
  std::vector<int> level(2 * static_cast<std::size_t>(n)), it(2 * static_cast<std::size_t>(n));
  auto bfs = [&] {
    std::fill(level.begin(), level.end(), -1);
    std::queue<int> q;
    level[src] = 0;
    q.push(src);
    while (!q.empty()) {
      int x = q.front();
      q.pop();
      for (int a : out[x])
        if (arcs[a].cap > 0 && level[arcs[a].to] < 0) {
          level[arcs[a].to] = level[x] + 1;
          q.push(arcs[a].to);
        }
    }
    return level[dst] >= 0;
  };
  std::vector<int> path;  // arc ids; iterative so long grid paths cannot overflow the call stack
  while (bfs()) {
    std::fill(it.begin(), it.end(), 0);
    while (true) {
      path.clear();
      int x = src;
      while (x != dst) {
        auto& i = it[x];
        while (i < static_cast<int>(out[x].size())) {
          const Arc& a = arcs[out[x][i]];
          if (a.cap > 0 && level[a.to] == level[x] + 1) break;
          ++i;
        }
        if (i == static_cast<int>(out[x].size())) {  // dead end: retreat
          if (path.empty()) break;
          level[x] = -1;
          x = arcs[path.back() ^ 1].to;
          path.pop_back();
          ++it[x];
          continue;
        }
        path.push_back(out[x][i]);
        x = arcs[out[x][i]].to;
        ++cut.work;
      }
      if (x != dst) break;
      for (int a : path) {
        --arcs[a].cap;
        ++arcs[a ^ 1].cap;
      }
    }
  }
  for (int v = 0; v < n; ++v)
    if (v != s && v != t && level[2 * v] >= 0 && level[2 * v + 1] < 0) cut.nodes.push_back(v);
  return cut;
}

int State::closed_count() const {
  return static_cast<int>(std::count(closed.begin(), closed.end(), true));
}

namespace {

std::vector<std::string> split_commas(std::string_view s) {
  std::vector<std::string> out;
  std::size_t pos = 0;
  while (true) {
    std::size_t c = s.find(',', pos);
    out.emplace_back(s.substr(pos, c == std::string_view::npos ? std::string_view::npos : c - pos));
    if (c == std::string_view::npos) break;
    pos = c + 1;
  }
  return out;
}

// Node name -> index, by open addressing over indices into `names` (FNV-1a of the name, linear
// probing, at most half full). It replaced an std::unordered_map<std::string, int> that made the
// parse of a 1000x1000 grid (11 MB, 0.98 M pipes) cost ~1 s of CPU: a node allocation per name and
// a std::string built for every lookup.
class NameIndex {
 public:
  NameIndex(std::vector<std::string>& names, std::size_t expected) : names_(names) {
    std::size_t cap = 16;
    while (cap < 2 * expected) cap *= 2;
    slots_.assign(cap, Slot{});
    names_.reserve(expected);
  }
  // The index of `name`, or -1.
  int find(std::string_view name) const {
    const std::uint32_t tag = tag_of(hash(name));
    for (std::size_t i = hash(name) & mask();; i = (i + 1) & mask()) {
      const Slot s = slots_[i];
      if (s.index < 0) return -1;
      if (s.tag == tag && names_[static_cast<std::size_t>(s.index)] == name) return s.index;
    }
  }
  // The index of `name`, added at the end of `names` when new.
  int add(std::string_view name) {
    const std::size_t h = hash(name);
    Recent& recent = recent_[h & (kRecent - 1)];
    if (recent.index >= 0 && recent.hash == h && names_[static_cast<std::size_t>(recent.index)] == name)
      return recent.index;
    const int v = add_slot(name, h);
    recent = Recent{h, v};
    return v;
  }

 private:
  int add_slot(std::string_view name, std::size_t h) {
    const std::uint32_t tag = tag_of(h);
    std::size_t i = h & mask();
    for (;; i = (i + 1) & mask()) {
      const Slot s = slots_[i];
      if (s.index < 0) break;
      if (s.tag == tag && names_[static_cast<std::size_t>(s.index)] == name) return s.index;
    }
    const int v = static_cast<int>(names_.size());
    names_.emplace_back(name);
    slots_[i] = Slot{v, tag};
    if (2 * names_.size() > slots_.size()) grow();
    return v;
  }

  // A slot keeps the high bits of the name's hash, so a probe past another name rarely has to
  // read that name (a cache miss of its own).
  struct Slot {
    int index = -1;
    std::uint32_t tag = 0;
  };
  static std::size_t hash(std::string_view s) {
    std::uint64_t h = 1469598103934665603ull;
    for (unsigned char c : s) h = (h ^ c) * 1099511628211ull;
    return static_cast<std::size_t>(h ^ (h >> 29));
  }
  static std::uint32_t tag_of(std::size_t h) { return static_cast<std::uint32_t>(static_cast<std::uint64_t>(h) >> 32); }
  std::size_t mask() const { return slots_.size() - 1; }
  void grow() {
    std::vector<Slot> old(slots_.size() * 2);
    old.swap(slots_);
    for (const Slot& s : old) {
      if (s.index < 0) continue;
      std::size_t i = hash(names_[static_cast<std::size_t>(s.index)]) & mask();
      while (slots_[i].index >= 0) i = (i + 1) & mask();
      slots_[i] = s;
    }
  }

  std::vector<std::string>& names_;
  std::vector<Slot> slots_;
  // The names seen last, by hash: a node's pipes are usually written close together (a grid's
  // cell appears in its own lines and in those of its left and upper neighbours), so most lookups
  // are answered from this 1 MiB, which mostly stays in cache, instead of a random slot of the big table.
  struct Recent {
    std::size_t hash = 0;
    int index = -1;
  };
  static constexpr std::size_t kRecent = 65536;
  std::vector<Recent> recent_ = std::vector<Recent>(kRecent);
};

// The two words of a pipe line, or false when it has another number of words (the caller then
// asks words() for the count and columns of its message).
bool two_words(std::string_view line, Word& a, Word& b) {
  Word* out[2] = {&a, &b};
  int count = 0;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
    const std::size_t start = i;
    while (i < line.size() && line[i] != ' ' && line[i] != '\t') ++i;
    if (i == start) break;
    if (count == 2) return false;
    *out[count++] = Word{line.substr(start, i - start), static_cast<int>(start) + 1};
  }
  return count == 2;
}

}  // namespace

Result<State> parse(const TextBoard& board) {
  if (auto r = board.check_params({"k", "inlet", "outlet", "closed"}); !r)
    return r.error();
  for (std::string_view key : {"k", "inlet", "outlet"})
    if (!board.params.count(key))
      return board.header_error("missing " + std::string(key) +
                                "=...: write e.g. `valves k=3 inlet=X outlet=Y`");
  auto k = board.int_param("k", 0, 0, kMaxWrenches);
  if (!k) return k.error();
  State st;
  st.wrenches = static_cast<int>(*k);
  st.pipes.reserve(board.rows.size());
  // Sized for as many nodes as pipes (a grid has 0.7 per pipe); it grows if there are more.
  NameIndex index(st.names, board.rows.size() + 2);
  for (const TextLine& row : board.rows) {
    Word ws[2];
    if (!two_words(row.text, ws[0], ws[1])) {
      const auto all = words(row.text);
      return board.error_at(row.line, all.size() > 2 ? all[2].col : 1,
                            "a pipe is two node names, e.g. `X G`; this line has " +
                                std::to_string(all.size()));
    }
    for (const Word& w : ws)
      if (w.text.find_first_of(",=") != std::string_view::npos)
        return board.error_at(row.line, w.col, "node name '" + std::string(w.text) +
                                                   "' may not contain ',' or '='");
    if (ws[0].text == ws[1].text)
      return board.error_at(row.line, ws[1].col,
                            "pipe from " + std::string(ws[0].text) + " to itself");
    const int a = index.add(ws[0].text), b = index.add(ws[1].text);
    if (static_cast<int>(st.names.size()) > kMaxNodes)
      return board.error_at(row.line, 0, "more than " + std::to_string(kMaxNodes) + " nodes");
    st.pipes.emplace_back(a, b);
  }
  if (st.pipes.empty()) return board.header_error("no pipes: write one pipe per line, e.g. `X G`");
  auto node = [&](std::string_view key) -> Result<int> {
    std::string name = board.str_param(key);
    const int v = index.find(name);
    if (v < 0) return board.header_error(std::string(key) + "=" + name + " is not on any pipe");
    return v;
  };
  auto in = node("inlet");
  if (!in) return in.error();
  auto out = node("outlet");
  if (!out) return out.error();
  if (*in == *out) return board.header_error("inlet and outlet are the same node " + st.names[*in]);
  st.inlet = *in;
  st.outlet = *out;
  st.closed.assign(st.names.size(), false);
  if (board.params.count("closed")) {
    for (const std::string& name : split_commas(board.str_param("closed"))) {
      const int v = index.find(name);
      if (v < 0) return board.header_error("closed valve '" + name + "' is not on any pipe");
      if (v == st.inlet || v == st.outlet)
        return board.header_error("the inlet and the outlet have no valve to close");
      if (st.closed[static_cast<std::size_t>(v)]) return board.header_error("valve " + name + " closed twice");
      st.closed[static_cast<std::size_t>(v)] = true;
    }
    if (st.closed_count() > st.wrenches)
      return board.header_error(std::to_string(st.closed_count()) + " valves closed with only " +
                                std::to_string(st.wrenches) + " wrenches");
  }
  st.graph = make_graph(static_cast<int>(st.names.size()), st.pipes);
  return st;
}

std::string format(const State& st) {
  std::string out = "valves k=" + std::to_string(st.wrenches) + " inlet=" + st.names[st.inlet] +
                    " outlet=" + st.names[st.outlet];
  std::string closed;
  for (std::size_t v = 0; v < st.closed.size(); ++v)
    if (st.closed[v]) closed += (closed.empty() ? "" : ",") + st.names[v];
  if (!closed.empty()) out += " closed=" + closed;
  out += '\n';
  std::size_t bytes = out.size();
  for (auto [a, b] : st.pipes) bytes += st.names[a].size() + st.names[b].size() + 2;
  out.reserve(bytes);
  for (auto [a, b] : st.pipes) {
    out += st.names[a];
    out += ' ';
    out += st.names[b];
    out += '\n';
  }
  return out;
}

Result<State> apply(const State& st, Move move) {
  if (move < 0 || move >= static_cast<int>(st.names.size()))
    return make_error("no node number " + std::to_string(move));
  const std::string& name = st.names[move];
  if (move == st.inlet || move == st.outlet)
    return make_error(name + " is the " + (move == st.inlet ? "inlet" : "outlet") + ", not a valve");
  if (st.closed[move]) return make_error("valve " + name + " is already closed");
  if (st.closed_count() >= st.wrenches)
    return make_error("no wrench left for valve " + name + ": all " +
                      std::to_string(st.wrenches) + " are in use");
  State next = st;
  next.closed[move] = true;
  return next;
}

Result<void> check_solution(const State& st, const std::vector<Move>& moves) {
  auto end = replay_moves(st, moves, apply);
  if (!end) return end.error();
  if (connected(end->graph, end->inlet, end->outlet, end->closed))
    return make_error("water still reaches " + end->names[end->outlet] + " from " +
                      end->names[end->inlet]);
  return {};
}

Solution solve(const State& st, const Limits& limits) {
  Solution sol;
  Budget budget(limits);
  const int left = st.wrenches - st.closed_count();
  Cut cut = min_vertex_cut(st.graph, st.inlet, st.outlet, st.closed, budget);
  sol.nodes = cut.work;
  const std::string& in = st.names[st.inlet];
  const std::string& out = st.names[st.outlet];
  if (!cut.limit.empty()) {
    sol.status = Status::kGaveUp;
    sol.reason = "stopped by the " + cut.limit + " before the minimum cut was known";
    return sol;
  }
  if (!cut.finite) {
    sol.status = Status::kUnsolvable;
    sol.reason = in + " and " + out + " share a pipe with no valve on it: no valves can cut them";
    return sol;
  }
  const int need = static_cast<int>(cut.nodes.size());
  sol.min_valves = need;
  if (need > left) {
    sol.status = Status::kUnsolvable;
    sol.reason = "needs " + std::to_string(need) + (st.closed_count() > 0 ? " more" : "") +
                 " valves, you have " + std::to_string(left) + ": there are " +
                 std::to_string(need) + " routes from " + in + " to " + out +
                 " that share no valve";
    return sol;
  }
  sol.status = Status::kSolved;
  sol.moves = cut.nodes;
  return sol;
}

}  // namespace pb::solvers::valves

// Turns a valves Solution into the command line's Outcome (moves are valve names).

namespace pb::solvers::valves {

Outcome Spec::outcome(const State& state, const Solution& sol) {
  Outcome out = outcome_of(sol);
  std::vector<std::string> names;
  std::string text;
  for (Move m : sol.moves) {
    names.push_back(json::quote(state.names[m]));
    text += (text.empty() ? "close " : ", ") + state.names[m];
  }
  out.moves_json = json::array(names);
  if (sol.status == Status::kSolved)
    out.moves_text = text.empty() ? "nothing to close: no water reaches the outlet" : text;
  if (sol.min_valves >= 0) out.stats.emplace_back("min_valves", std::to_string(sol.min_valves));
  out.stats.emplace_back("wrenches", std::to_string(state.wrenches));
  out.stats.emplace_back("valves", std::to_string(state.names.size() - 2));
  return out;
}

const Game kGame =
    game_entry<Spec>("valves (Machinarium's sewer: close k valves to cut inlet from outlet)");

}  // namespace pb::solvers::valves
