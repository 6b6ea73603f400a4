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
// - Round 4 (issue #17), each within the noise of a machine shared at load 3-5 (a few % either way
//   on BM_Grid/1000): 2 MiB pages for the big arrays (madvise; no TLB gain to see); sorting each
//   breadth-first level by node number (slower: the sort costs more than the order saves); keeping
//   the input's node order instead of renumbering (with the sweeps' prefetching 6% faster on the
//   row-by-row grid text, but 1.18 s against 0.78 s on the same board with its lines shuffled); a further depth-first pass with the phase's labels when a pass found paths (4
//   phases instead of 10, as many visits); a new phase as soon as one search costs a quarter of
//   the graph (the searches after the first of a late phase are the expensive ones, ~0.2-1 M
//   visits, but a sweep costs as much); prefetching in the renumbering and in the depth-first
//   searches (a search learns where it goes next only when it gets there).
// - Round 5: keeping the input's order is kept after all, but only when that order is already local
//   (local_order()): a row-by-row grid saves the renumbering (~90 ms of 0.8 s), a shuffled text is
//   still renumbered.
// Chosen: the split graph is never built, and a free valve (no flow through it) is handled as one
// node, not two: its in -> out arc weighs 0 in the distances, so both sides always share a label.
// Per node only `prv`/`nxt` (the flow path through it: unit capacities make that a single
// predecessor and successor) and the two residual distances are stored, together in 16 bytes.
// Each phase starts with a breadth-first search from the outlet over the residual arcs walked
// backwards (exact residual distances to t counting pipes; a node side that cannot reach t is dead
// for the phase), then finds augmenting paths by depth-first search, each node's neighbours sorted
// nearest first when the search enters it: with exact distances the first path runs straight
// down them, and later ones of the phase follow them while they are nearly right. Within a phase a
// node side is visited at most once (one that led nowhere stays dead until the next phase), so a
// phase is O(V + E); the flow is maximum when the breadth-first search no longer reaches s, and
// that search's reached set gives the cut. On the grid: 45, 26, 13, 6, 3, 3, 3, 2, 1 paths in 9
// phases, 16.3 M visits (23.1 M when every valve was two split nodes). The sweeps prefetch a few
// items ahead: after the first phase they run in an order far from the numbering.
//
// One residual arc is deliberately left out of the depth-first search: u.out -> w.in when flow
// already runs w -> u. Using it would leave a flow 2-cycle u -> w -> u; and the same node w.in stays
// reachable by u.out -> u.in -> w.out -> w.in (two reverse arcs and the reverse of w's vertex arc),
// so reachability, and with it the max-flow and the cut, is unchanged. The breadth-first search
// walks every pipe (saturated ones too: an unbounded arc is never saturated), so its distances are
// those of the true residual graph.

#include <algorithm>
#include <cstdlib>
#include <limits>
#include <memory>
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

// Labels of a split node side: a residual distance to t, or one of these.
constexpr std::int32_t kUnreached = std::numeric_limits<std::int32_t>::max();  // cannot reach t (yet)
constexpr std::int32_t kDead = kUnreached - 1;  // visited by this phase's searches, or never usable
constexpr bool usable(std::int32_t label) { return label < kDead; }

// min_vertex_cut on a graph whose nodes are either all usable (renumbered in breadth-first order
// from t: only nodes that can carry flow, and s) or those not `blocked` (the input's own order,
// kept when it is already local). Each node's neighbours are sorted nearest first in place when a
// search enters it (the sweeps take them in any order).
Cut cut_compact(Graph& g, const int s, const int t, const std::vector<std::uint8_t>* blocked, Budget& budget) {
  Cut cut;
  const int n = g.node_count;
  // Per node, in one cache line's quarter since the sweeps read them together: the residual
  // distances to t of its in and out sides (equal for a free valve: its in -> out arc weighs
  // nothing), and its flow predecessor and successor (unit capacities make the flow through a
  // valve a single path; prv may be s, nxt may be t; -1 when the valve is free).
  struct Node {
    std::int32_t din = kUnreached, dout = kUnreached, prv = -1, nxt = -1;
  };
  std::vector<Node> node(static_cast<std::size_t>(n));
  std::vector<std::int32_t>& adj = g.adj;
  // The items of the level being swept (it grows by the 0-arcs) and of the next one: 2v is v's in
  // side, 2v + 1 its out side. A node's sides are pushed at most three times in all per sweep.
  // Left uninitialised: a level holds a few thousand items on a grid, so most of these pages are
  // never touched (zeroing 24 MB and faulting it in cost ~10 ms on the 1000x1000 grid).
  const std::size_t item_room = 3 * static_cast<std::size_t>(n) + 1;
  const std::unique_ptr<std::int32_t[]> level_items(new std::int32_t[item_room]), next_items(new std::int32_t[item_room]);
  // Residual distances to t.in, by a breadth-first search walking the residual arcs backwards,
  // level by level. Pipes and flow reversals weigh 1, a valve's own arc 0: a free valve is then a
  // single item, not two. The 0-arcs: v.in -> v.out of a free valve (its out side's only
  // predecessor, so both sides get the same label at once) and v.out -> v.in of a used one (its
  // out side joins the current level when its in side is reached; a label one higher given
  // earlier by a pipe goes stale and its item is skipped).
  auto residual_distances = [&] {
    if (blocked) {  // a blocked node is dead for good
      for (std::size_t i = 0; i < node.size(); ++i) node[i].din = node[i].dout = (*blocked)[i] ? kDead : kUnreached;
    } else {
      for (Node& x : node) x.din = x.dout = kUnreached;
    }
    node[static_cast<std::size_t>(s)].din = node[static_cast<std::size_t>(s)].dout = kDead;
    node[t].dout = kDead;
    node[t].din = 0;
    std::int32_t* cur = level_items.get();
    std::int32_t* next = next_items.get();
    std::size_t cur_size = 1;
    cur[0] = 2 * t;
    for (std::int32_t level = 0; cur_size > 0; ++level) {
      std::size_t next_size = 0;
      const std::int32_t up = level + 1;
      for (std::size_t i = 0; i < cur_size; ++i) {
        if (!budget.tick()) return false;
        // Later phases sweep in an order far from the numbering (used valves reroute the waves), so
        // most reads miss the cache: ask for an item's offsets 12 items ahead, its neighbour list
        // 6 ahead and its neighbours' records 3 ahead, each read in turn from the step before.
        if (i + 12 < cur_size) __builtin_prefetch(g.offset.data() + (cur[i + 12] >> 1));
        if (i + 6 < cur_size) __builtin_prefetch(g.adj.data() + g.offset[static_cast<std::size_t>(cur[i + 6] >> 1)]);
        if (i + 3 < cur_size) {
          const int x = cur[i + 3] >> 1;
          for (int k = g.offset[x]; k < g.offset[x + 1]; ++k) __builtin_prefetch(node.data() + g.adj[k]);
        }
        const std::int32_t item = cur[i];
        const int v = item >> 1;
        Node& nv = node[static_cast<std::size_t>(v)];
        if (item & 1) {  // a used valve's out side: reached from its flow successor's in side
          if (nv.dout != level) continue;  // stale
          const int w = nv.nxt;
          if (w != t && node[static_cast<std::size_t>(w)].din == kUnreached) {
            node[static_cast<std::size_t>(w)].din = up;
            next[next_size++] = 2 * w;
          }
          continue;
        }
        // v.in: from every neighbour's out side by its pipe (s and t are preset, never reached).
        // Branch-free: whether a neighbour is new is a coin toss the predictor keeps losing.
        for (int k = g.offset[v]; k < g.offset[v + 1]; ++k) {
          const int u = g.adj[k];
          Node& nu = node[static_cast<std::size_t>(u)];
          const bool fresh = nu.dout == kUnreached;
          const bool used = nu.prv >= 0;
          nu.dout = fresh ? up : nu.dout;
          nu.din = fresh && !used ? up : nu.din;
          next[next_size] = 2 * u + (used ? 1 : 0);
          next_size += fresh ? 1 : 0;
        }
        if (nv.prv >= 0 && nv.dout > level) {  // and from its own out side if v is used
          nv.dout = level;
          cur[cur_size++] = 2 * v + 1;
        }
      }
      std::swap(cur, next);
      cur_size = next_size;
    }
    return true;
  };
  // A depth-first search's frame: a node entered at its in side (a used valve: the way on is back
  // along its flow), at its out side, or both (a free valve, in -> out at once). The labels it
  // killed are kept to be restored when the node ends up on an augmenting path.
  enum Side : std::uint8_t { kIn, kOut, kBoth };
  struct Frame {
    std::int32_t v;
    std::int32_t pos;  // kIn: 0 before its one arc, 1 after; else the next adjacency index
    std::int32_t saved_in, saved_out;
    Side side;
    bool back;  // out side of a used valve: the reverse vertex arc out -> in not tried yet
  };
  auto key = [&](std::int32_t w) { return w == t ? -1 : node[static_cast<std::size_t>(w)].din; };
  auto sort_nearest_first = [&](int v) {
    std::int32_t* const first = adj.data() + g.offset[v];
    std::int32_t* const last = adj.data() + g.offset[v + 1];
    if (last - first > 16) {
      std::sort(first, last, [&](std::int32_t a, std::int32_t b) { return key(a) < key(b); });
      return;
    }
    for (std::int32_t* i = first + 1; i < last; ++i) {  // insertion sort: most nodes have <= 4
      const std::int32_t w = *i, kw = key(w);
      std::int32_t* j = i;
      for (; j > first && key(j[-1]) > kw; --j) *j = j[-1];
      *j = w;
    }
  };
  std::vector<Frame> stack;
  auto enter = [&](int y, Side side) {
    Node& ny = node[static_cast<std::size_t>(y)];
    Frame f{y, side == kIn ? 0 : g.offset[y], ny.din, ny.dout, side, side == kOut};
    if (side != kOut) ny.din = kDead;
    if (side != kIn) {
      ny.dout = kDead;
      sort_nearest_first(y);
    }
    stack.push_back(f);
  };
  auto stopped = [&] {
    cut.limit = budget.hit();
    cut.work = budget.nodes();
    return cut;
  };
  while (true) {
    if (!residual_distances()) return stopped();
    std::int32_t s_dist = kUnreached;  // s.out: reached when one of its pipes leads to a reached in side
    for (int k = g.offset[s]; k < g.offset[s + 1]; ++k)
      if (usable(node[static_cast<std::size_t>(adj[k])].din)) s_dist = std::min(s_dist, node[static_cast<std::size_t>(adj[k])].din + 1);
    if (s_dist == kUnreached) break;
    sort_nearest_first(s);
    while (true) {  // depth-first searches from s.out until one fails
      stack.assign(1, Frame{s, g.offset[s], kDead, kDead, kOut, false});
      int last = -1;  // the node whose out side reaches t
      while (!stack.empty()) {
        if (!budget.tick()) return stopped();
        Frame& f = stack.back();
        const int v = f.v;
        Node& nv = node[static_cast<std::size_t>(v)];
        int y = -1;
        Side y_side = kIn;
        if (f.side == kIn) {  // a used valve's in side: back along its flow to its predecessor's out side
          if (f.pos == 0) {
            f.pos = 1;
            if (usable(node[static_cast<std::size_t>(nv.prv)].dout)) y = nv.prv, y_side = kOut;
          }
        } else {  // out side: its pipes nearest first, and back to v.in (if v is used) in its place among them
          const int end = g.offset[v + 1];
          while (f.pos < end) {
            const int w = adj[static_cast<std::size_t>(f.pos)];
            if (f.back && key(w) > nv.din) {
              f.back = false;
              if (usable(nv.din)) {  // undo v's vertex arc
                y = v;
                break;
              }
              continue;
            }
            ++f.pos;
            if (w == t) {
              if (nv.nxt == t) continue;  // saturated
              last = v;
              break;
            }
            const Node& nw = node[static_cast<std::size_t>(w)];
            // Dead, s, saturated, or the left-out 2-cycle arc; a free valve also needs its out side.
            if (!usable(nw.din) || nw.prv == v || nw.nxt == v) continue;
            if (nw.prv < 0) {
              if (!usable(nw.dout)) continue;
              y = w, y_side = kBoth;
            } else {
              y = w;
            }
            break;
          }
          if (last >= 0) break;
          if (y < 0 && f.back) {
            f.back = false;
            if (usable(nv.din)) y = v;
          }
        }
        if (y < 0) {
          stack.pop_back();
          continue;
        }
        enter(y, y_side);
      }
      if (last < 0) break;
      // Cancel the reverse arcs first, then lay the forward ones, so no slot is overwritten early.
      for (std::size_t i = 0; i + 1 < stack.size(); ++i) {
        const Frame& a = stack[i];
        const Frame& b = stack[i + 1];
        if (a.side == kIn) {  // a.in -> b.out: cancel the flow b -> a
          node[static_cast<std::size_t>(b.v)].nxt = -1;
          node[static_cast<std::size_t>(a.v)].prv = -1;
        }
      }
      for (std::size_t i = 0; i + 1 < stack.size(); ++i) {
        const Frame& a = stack[i];
        const Frame& b = stack[i + 1];
        if (a.side != kIn && b.v != a.v) {  // a.out -> b.in: flow a -> b
          if (a.v != s) node[static_cast<std::size_t>(a.v)].nxt = b.v;
          node[static_cast<std::size_t>(b.v)].prv = a.v;
        }
      }
      node[static_cast<std::size_t>(last)].nxt = t;
      // The path's own nodes are open again for the rest of the phase: the new flow gave them
      // residual arcs (backwards along the path) the phase's later searches may need. Nodes the
      // search left behind stay dead for the phase.
      for (std::size_t i = 1; i < stack.size(); ++i) {
        const Frame& f = stack[i];
        Node& nf = node[static_cast<std::size_t>(f.v)];
        if (f.side != kOut) nf.din = f.saved_in;
        if (f.side != kIn) nf.dout = f.saved_out;
      }
    }
  }
  // The flow is maximum: t is out of s's reach. The split nodes that still reach t are the sink side
  // of a minimum cut, whose arcs are those of the valves with only their out side on it (a pipe
  // u.out -> w.in is unbounded, so it never crosses: u.out would reach t through it).
  for (int v = 0; v < n; ++v)
    if (v != s && v != t && node[static_cast<std::size_t>(v)].din == kUnreached && usable(node[static_cast<std::size_t>(v)].dout))
      cut.nodes.push_back(v);
  cut.work = budget.nodes();
  return cut;
}

// Whether the nodes' own numbering is already local (3 in 4 pipes join nodes at most n/16 apart, as
// in a grid written row by row): the sweeps then read nearby memory without a renumbering, which
// costs ~90 ms on a 1000x1000 grid (a breadth-first pass and a copy of the graph, both cache misses
// at every node). A text whose lines come in another order (names first seen anywhere) is not.
bool local_order(const Graph& g) {
  const std::int64_t reach = std::max(1, g.node_count / 16);
  std::int64_t near = 0;
  for (int v = 0; v < g.node_count; ++v)
    for (int i = g.offset[v]; i < g.offset[v + 1]; ++i) near += std::abs(g.adj[i] - v) <= reach ? 1 : 0;
  return 4 * near >= 3 * static_cast<std::int64_t>(g.adj.size());
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
  if (local_order(g)) {  // keep the input's order: solve on a copy (the searches sort neighbours in place)
    Graph h = g;
    return cut_compact(h, s, t, &blocked, budget);
  }
  // Renumber the nodes in breadth-first order from t, keeping only those that can carry flow: the
  // sweeps below go in waves around t, and in this order a wave reads consecutive memory. Nodes t
  // cannot reach (except through s, which no simple path revisits) are left out, and so are the
  // pipes to them.
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
  const int m = static_cast<int>(old_of.size());
  Graph h;
  h.node_count = m;
  h.offset.resize(static_cast<std::size_t>(m) + 1);
  h.adj.reserve(g.adj.size());
  for (int x = 0; x < m; ++x) {
    const int v = old_of[static_cast<std::size_t>(x)];
    h.offset[static_cast<std::size_t>(x)] = static_cast<std::int32_t>(h.adj.size());
    for (int i = g.offset[v]; i < g.offset[v + 1]; ++i)
      if (new_of[g.adj[i]] >= 0) h.adj.push_back(new_of[g.adj[i]]);
  }
  h.offset[static_cast<std::size_t>(m)] = static_cast<std::int32_t>(h.adj.size());
  cut = cut_compact(h, new_of[s], 0, nullptr, budget);
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
  // The index of `name` (whose hash() is `h`), added at the end of `names` when new.
  int add(std::string_view name, std::size_t h) {
    Recent& recent = recent_[h & (kRecent - 1)];
    if (recent.index >= 0 && recent.hash == h && names_[static_cast<std::size_t>(recent.index)] == name)
      return recent.index;
    const int v = add_slot(name, h);
    recent = Recent{h, v};
    return v;
  }
  // Starts loading the two places add() will look for a name of hash `h`: on a big board both are
  // cache misses (the recent names' 1 MiB, the 16 MB table on a name's first sight), and asking a
  // few lines ahead hides them behind the lines in between.
  void prefetch(std::size_t h) const {
    __builtin_prefetch(recent_.data() + (h & (kRecent - 1)));
    __builtin_prefetch(slots_.data() + (h & mask()));
  }
  static std::size_t hash(std::string_view s) {
    std::uint64_t h = 1469598103934665603ull;
    for (unsigned char c : s) h = (h ^ c) * 1099511628211ull;
    return static_cast<std::size_t>(h ^ (h >> 29));
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
  // Each line is split and hashed kAhead lines before its names are looked up (see prefetch()).
  struct Split {
    Word ws[2];
    std::size_t hashes[2] = {0, 0};
    bool ok = false;
  };
  constexpr std::size_t kAhead = 16;
  Split ahead[kAhead];
  const std::size_t rows = board.rows.size();
  auto split_ahead = [&](std::size_t r) {
    Split& sp = ahead[r % kAhead];
    sp.ok = two_words(board.rows[r].text, sp.ws[0], sp.ws[1]);
    if (!sp.ok) return;
    for (int j = 0; j < 2; ++j) {
      sp.hashes[j] = NameIndex::hash(sp.ws[j].text);
      index.prefetch(sp.hashes[j]);
    }
  };
  for (std::size_t r = 0; r < std::min(rows, kAhead); ++r) split_ahead(r);
  for (std::size_t r = 0; r < rows; ++r) {
    const TextLine& row = board.rows[r];
    const Split sp = ahead[r % kAhead];
    if (r + kAhead < rows) split_ahead(r + kAhead);
    if (!sp.ok) {
      const auto all = words(row.text);
      return board.error_at(row.line, all.size() > 2 ? all[2].col : 1,
                            "a pipe is two node names, e.g. `X G`; this line has " +
                                std::to_string(all.size()));
    }
    for (const Word& w : sp.ws)
      if (w.text.find_first_of(",=") != std::string_view::npos)
        return board.error_at(row.line, w.col, "node name '" + std::string(w.text) +
                                                   "' may not contain ',' or '='");
    if (sp.ws[0].text == sp.ws[1].text)
      return board.error_at(row.line, sp.ws[1].col,
                            "pipe from " + std::string(sp.ws[0].text) + " to itself");
    const int a = index.add(sp.ws[0].text, sp.hashes[0]), b = index.add(sp.ws[1].text, sp.hashes[1]);
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
  if (cut.limit != Limit::kNone) {
    give_up(sol, cut.limit, "before the minimum cut was known");
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

Outcome outcome(const State& state, const Solution& sol) {
  Outcome out = outcome_of(sol);
  std::vector<std::string> names;
  std::string text;
  for (Move m : sol.moves) {
    names.push_back(json::quote(state.names[m]));
    text += (text.empty() ? "close " : ", ") + state.names[m];
  }
  out.moves_json = json::array(names);
  out.move_count = names.size();
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
