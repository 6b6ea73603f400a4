/* valves.cpp: parsing, rules and the minimum vertex cut of the valves puzzle. */
#include "solvers/valves/valves.hpp"

// The cut: a max-flow on the vertex-split graph (valve v becomes v.in -> v.out, capacity 1; a pipe
// u-w becomes u.out -> w.in and w.out -> u.in, unbounded). After the max-flow the cut is the valves
// whose `in` side the inlet still reaches in the residual graph and whose `out` side it does not.
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
// - Boost.Graph: not available here, and its explicit split graph costs Dinic's memory.
// Chosen (1.9 s): the split graph is never built. Per node only `prv`/`nxt` (the flow path through
// it: unit capacities make that a single predecessor and successor) and a phase stamp per split node
// are stored. Augmenting paths are found by depth-first search in phases: within a phase a split
// node is visited at most once (a node that led nowhere stays dead until the next phase), so a phase
// is O(V + E); a phase that finds none has visited exactly the residual-reachable set, which gives
// the cut. Two cheap steps make the first phase find most paths: dead-end trees are pruned, and each
// node's neighbours are tried nearest-to-outlet first, so early paths run straight and leave room
// for others (on the grid: 44 of 102 paths in the first phase, then about one per phase).
//
// One residual arc is deliberately left out: u.out -> w.in when flow already runs w -> u. Using it
// would leave a flow 2-cycle u -> w -> u; and the same node w.in stays reachable by
// u.out -> u.in -> w.out -> w.in (two reverse arcs and the reverse of w's vertex arc), so
// reachability, and with it the max-flow and the cut, is unchanged.

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

// g.adj with each node's neighbours sorted by their distance to `t` (unreachable ones last).
std::vector<std::int32_t> ordered_towards(const Graph& g, int t, const std::vector<std::uint8_t>& blocked) {
  const int n = g.node_count;
  constexpr std::int32_t kFar = std::numeric_limits<std::int32_t>::max();
  std::vector<std::int32_t> dist(static_cast<std::size_t>(n), kFar);
  std::vector<std::int32_t> queue;
  queue.reserve(static_cast<std::size_t>(n));
  dist[t] = 0;
  queue.push_back(t);
  for (std::size_t head = 0; head < queue.size(); ++head) {
    int v = queue[head];
    for (int i = g.offset[v]; i < g.offset[v + 1]; ++i) {
      int w = g.adj[i];
      if (dist[w] != kFar || blocked[w]) continue;
      dist[w] = dist[v] + 1;
      queue.push_back(w);
    }
  }
  std::vector<std::int32_t> adj = g.adj;
  for (int v = 0; v < n; ++v)
    std::stable_sort(adj.begin() + g.offset[v], adj.begin() + g.offset[v + 1],
                     [&](int a, int b) { return dist[a] < dist[b]; });
  return adj;
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

Cut min_vertex_cut(const Graph& g, int s, int t, const std::vector<bool>& closed, Budget& budget) {
  Cut cut;
  if (adjacent(g, s, t)) {
    cut.finite = false;
    return cut;
  }
  const int n = g.node_count;
  // Split node ids: 2v is v.in, 2v+1 is v.out. Only s.out and t.in are ever used for s and t.
  std::vector<std::int32_t> nxt(static_cast<std::size_t>(n), -1);  // flow successor, -1: unused
  std::vector<std::int32_t> prv(static_cast<std::size_t>(n), -1);  // flow predecessor (may be s)
  std::vector<std::uint8_t> blocked(static_cast<std::size_t>(n), 0);
  for (int v = 0; v < n && !closed.empty(); ++v) blocked[v] = closed[v] ? 1 : 0;
  prune_dead_ends(g, s, t, blocked);
  std::vector<std::uint32_t> mark(2 * static_cast<std::size_t>(n), 0);  // phase stamp
  // Goal-directed order: each node's neighbours sorted by their pipe distance to t (a BFS of the
  // original graph, once). Depth-first paths then run nearly straight to t instead of snaking
  // through the graph, so they block few other routes and the first phase finds many of them.
  std::vector<std::int32_t> adj = ordered_towards(g, t, blocked);
  struct Frame {
    std::int32_t node;  // split node id
    std::int32_t pos;   // in-node: 0 before its one arc, 1 after; out-node: next adjacency index,
                        // or -1 before the reverse vertex arc out -> in of a used node
  };
  std::vector<Frame> stack;
  std::uint32_t phase = 0;
  while (true) {
    ++phase;
    const std::int32_t s_out = 2 * s + 1;
    int found = 0;
    mark[s_out] = phase;
    while (true) {  // depth-first searches from s until one fails
      stack.assign(1, Frame{s_out, g.offset[s]});
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
            if (mark[y] == phase) y = -1;
          }
        } else {  // v.out
          if (f.pos == -1) {
            f.pos = g.offset[v];
            y = 2 * v;  // v is used: undo its vertex arc
            if (mark[y] == phase) y = -1;
          }
          while (y < 0 && f.pos < g.offset[v + 1]) {
            const int w = adj[f.pos++];
            if (w == s || blocked[w]) continue;
            if (w == t) {
              if (nxt[v] == t) continue;  // saturated
              last = v;
              break;
            }
            if (prv[w] == v || nxt[w] == v) continue;  // saturated, or the left-out 2-cycle arc
            if (mark[2 * w] != phase) y = 2 * w;
          }
          if (last >= 0) break;
        }
        if (y < 0) {
          stack.pop_back();
          continue;
        }
        mark[y] = phase;
        const int yv = y >> 1;
        stack.push_back({y, (y & 1) == 0 ? 0 : (prv[yv] >= 0 ? -1 : g.offset[yv])});
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
    if (found == 0) break;
  }
  // The last phase searched the whole residual graph reachable from s and found no path. The cut
  // is the valves whose out side it did not reach but whose in side is reachable; pipes have
  // unbounded capacity, so v.in is reachable exactly when some reached u.out is v's neighbour (the
  // search skipped pipes already carrying flow, which lead nowhere new but do reach v.in).
  for (int v = 0; v < n; ++v) {
    if (v == s || v == t || blocked[v] || mark[2 * v + 1] == phase) continue;
    for (int i = g.offset[v]; i < g.offset[v + 1]; ++i) {
      const int u = g.adj[i];
      if (u != t && !blocked[u] && mark[2 * u + 1] == phase) {
        cut.nodes.push_back(v);
        break;
      }
    }
  }
  cut.work = budget.nodes();
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
