/* column_dp.cpp: frontier dynamic programme for Hamiltonian paths and cycles of narrow knight graphs. */
#include "solvers/knight/column_dp.hpp"

// The result followed: the frontier-based (transfer-matrix) method for counting and finding
// Hamiltonian paths and cycles in graphs of small pathwidth (Knuth's SIMPATH; Kawahara, Inoue,
// Iwashita and Minato, "Frontier-based search", 2017), applied to the knight graph of an h x n board
// with its squares numbered down each column, column by column. It is exact, so it proves the
// Conrad et al. and Schwenk conditions for 3- and 4-wide boards constructively: whenever they say a
// tour exists, the programme finds one, and for a given start it says exactly whether one exists.
//
// Squares are numbered v = col * h + row. Every edge joins v to a later square at most 2h+1 further
// on ((r±2, c+1) or (r±1, c+2)), so when square v's forward edges are decided, all its other edges
// have been, and only squares v .. v+2h+1 (the "window", W = 2h+2 slots) can still gain edges. The
// decided edges form disjoint paths (a cycle only as the very last step of a closed tour). A state
// records, per window slot, 4 bits:
//   0            no edge yet
//   15           two edges: saturated, done with
//   14           one edge, and the path's other end has left the window as a tour end ("tail")
//   1..13        one edge; the one other slot with the same label is the path's other end
// plus how many tour ends have left the window (open tours: at most two, leaving room for the
// pinned ends still to come: the given start and, when asked for, a given finish) and a "done" bit
// once the path or cycle is complete (no edge may follow, and every free square still to leave
// must already be saturated). Labels are renumbered in slot order, so equal situations are equal
// numbers. Step v tries each subset of v's (at most 4) forward edges, checks v's final degree as it
// leaves (2; 1 at a tour end; 0 for a removed square) and shifts the window. A state's successors
// depend only on the state and the square's kind (which forward edges exist, free, pinned end,
// pinned ends still ahead), so they are computed once per (state, kind) and reused.
// Each step keeps, for each state reached, the position of one predecessor and the edges chosen, so
// a complete state at the end is traced back to the edge set of a tour.
//
// Length: after a few columns the set of states reached stops changing (sorted, it is the same list
// after column c as after column c - P, P <= kMaxPeriod), and while the columns ahead have the same
// kinds of squares as those P before, every step repeats an earlier one exactly, so it shares that
// step's arrays instead of being computed. The cost is that of the first and last few columns and
// those around a given start: the same for 4x50 as for 4x2000.
// Size (most states at one step): 3 wide, about 150 for closed tours and 1,000 for open ones;
// 4 wide, 900 closed (which the solver never asks for: there are none) and 15,000 open, which
// pinning the far end (solve() tries a corner first) cuts to about 6,000.
//
// Rejected: concatenating blocks found by search (the given-start cases need blocks for every start
// position and entry/exit pair, and 4-wide pieces cannot be chained at all: see construct.cpp);
// backtracking search (exponential on the boards that gave up, such as 4x50 open); storing whole
// states per step for the trace back (8 bytes a state; the parent position and the 4-bit edge
// choice are all the trace needs); std::unordered_map for the state ids (a node per entry made the
// lookups a third of the time; open addressing below).

#include <algorithm>
#include <array>

namespace pb::solvers::knight {
namespace {

constexpr unsigned kSaturated = 15;
constexpr unsigned kTail = 14;
constexpr int kEndsShift = 56;
constexpr std::uint64_t kEndsMask = std::uint64_t{3} << kEndsShift;
constexpr std::uint64_t kDone = std::uint64_t{1} << 58;

// A square's kind: which of its forward edges exist (bits 0-3), and flags.
// kKindPinned: the square must be a tour end (the start, or the finish); bits 6-7: how many pinned
// ends come after the square.
enum : unsigned { kKindFree = 16, kKindPinned = 32, kKindAheadShift = 6, kKinds = 256 };

// Longest repetition looked for, in columns.
constexpr std::size_t kMaxPeriod = 4;

struct Step {
  std::uint32_t next;  // state id
  std::uint8_t edges;  // forward edges chosen (bits as in the kind)
};

class Programme {
 public:
  Programme(int h, bool closed)
      : w_(2 * h + 2), closed_(closed), offsets_{h - 2, h + 2, 2 * h - 1, 2 * h + 1},
        slot_mask_(w_ * 4 >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << (w_ * 4)) - 1) {}

  // The state's id, adding it if new. Open addressing with linear probing: this lookup is the
  // programme's hottest spot, and std::unordered_map's node per entry made it a third of the time.
  std::uint32_t intern(std::uint64_t s) {
    if (2 * (states_.size() + 1) > slots_.size()) grow();
    std::size_t mask = slots_.size() - 1;
    for (std::size_t i = hash(s) & mask;; i = (i + 1) & mask) {
      std::uint32_t id = slots_[i];
      if (id == kEmpty) {
        slots_[i] = static_cast<std::uint32_t>(states_.size());
        states_.push_back(s);
        return slots_[i];
      }
      if (states_[id] == s) return id;
    }
  }
  std::uint64_t state(std::uint32_t id) const { return states_[id]; }
  std::size_t state_count() const { return states_.size(); }

  // The successors of state `id` for a square of kind `kind`, as [first, last) for step().
  std::pair<std::uint32_t, std::uint32_t> successors(std::uint32_t id, unsigned kind) {
    auto& memo = memo_[kind];
    if (memo.size() <= id) memo.resize(states_.size(), kUnknown);
    if (memo[id] == kUnknown) {
      auto first = static_cast<std::uint32_t>(steps_.size());
      unsigned avail = kind & 15u;
      for (unsigned sub = 0; sub < 16; ++sub) {
        if ((sub & ~avail) != 0) continue;
        std::uint64_t t = states_[id];
        bool ok = true;
        for (int k = 0; k < 4 && ok; ++k)
          if (sub & (1u << k)) ok = add_edge(t, offsets_[static_cast<std::size_t>(k)]);
        if (ok) ok = leave(t, kind);
        if (ok) steps_.push_back({intern(canon(t)), static_cast<std::uint8_t>(sub)});
      }
      memo_[kind].resize(states_.size(), kUnknown);  // intern() may have added states
      memo_[kind][id] = (std::uint64_t{first} << 32) | static_cast<std::uint32_t>(steps_.size());
    }
    std::uint64_t packed = memo_[kind][id];
    return {static_cast<std::uint32_t>(packed >> 32), static_cast<std::uint32_t>(packed)};
  }
  const Step& step(std::uint32_t i) const { return steps_[i]; }

 private:
  static constexpr std::uint64_t kUnknown = ~std::uint64_t{0};

  static constexpr std::uint32_t kEmpty = ~std::uint32_t{0};
  static std::size_t hash(std::uint64_t s) {
    s ^= s >> 29;
    s *= 0xbf58476d1ce4e5b9ull;
    return static_cast<std::size_t>(s ^ (s >> 32));
  }
  void grow() {
    std::vector<std::uint32_t> bigger(slots_.empty() ? 1024 : 2 * slots_.size(), kEmpty);
    std::size_t mask = bigger.size() - 1;
    for (std::uint32_t id = 0; id < states_.size(); ++id) {
      std::size_t i = hash(states_[id]) & mask;
      while (bigger[i] != kEmpty) i = (i + 1) & mask;
      bigger[i] = id;
    }
    slots_ = std::move(bigger);
  }

  static unsigned get(std::uint64_t s, int j) { return static_cast<unsigned>(s >> (4 * j)) & 15u; }
  static void put(std::uint64_t& s, int j, unsigned v) {
    s = (s & ~(std::uint64_t{15} << (4 * j))) | (std::uint64_t{v} << (4 * j));
  }
  int find(std::uint64_t s, unsigned v) const {
    for (int j = 0; j < w_; ++j)
      if (get(s, j) == v) return j;
    return -1;
  }
  // Whether any slot still has one edge (a path end): none may remain when the tour completes.
  bool any_end(std::uint64_t s) const {
    for (int j = 0; j < w_; ++j)
      if (unsigned v = get(s, j); v >= 1 && v <= kTail) return true;
    return false;
  }
  unsigned fresh_label(std::uint64_t s) const {
    for (unsigned l = 1; l < kTail; ++l)
      if (find(s, l) < 0) return l;
    return 0;  // unreachable: at most w_/2 + 1 labels are in use
  }

  // Adds the edge from slot 0 to slot b.
  bool add_edge(std::uint64_t& s, int b) const {
    if (s & kDone) return false;
    unsigned va = get(s, 0), vb = get(s, b);
    if (va == kSaturated || vb == kSaturated) return false;
    if (va == 0 && vb == 0) {
      unsigned l = fresh_label(s);
      put(s, 0, l);
      put(s, b, l);
      return true;
    }
    if (va == 0 || vb == 0) {
      unsigned end = va == 0 ? vb : va;
      put(s, 0, va == 0 ? end : kSaturated);
      put(s, b, vb == 0 ? end : kSaturated);
      return true;
    }
    put(s, 0, kSaturated);
    put(s, b, kSaturated);
    if (va == vb) {
      // Both ends of one path (a cycle), or two paths whose other ends are both tour ends: either
      // way the tour is complete, which is allowed only if nothing else is pending.
      if (va != kTail && !closed_) return false;
      if (any_end(s)) return false;
      s |= kDone;
      return true;
    }
    if (va == kTail) put(s, find(s, vb), kTail);
    else if (vb == kTail) put(s, find(s, va), kTail);
    else put(s, find(s, vb), va);
    return true;
  }

  // Square v (slot 0) leaves the window with its final degree; then the window moves on by one.
  bool leave(std::uint64_t& s, unsigned kind) const {
    unsigned v0 = get(s, 0);
    if (!(kind & kKindFree)) {
      if (v0 != 0) return false;
    } else if (v0 == 0) {
      return false;  // a free square with no edge is not on the tour
    } else if (v0 != kSaturated) {
      // One edge: this square is a tour end.
      if (closed_ || (s & kDone)) return false;
      auto ends = ((s & kEndsMask) >> kEndsShift) + 1;
      if (ends + (kind >> kKindAheadShift) > 2) return false;  // room for the pinned ends to come
      s = (s & ~kEndsMask) | (ends << kEndsShift);
      put(s, 0, kSaturated);
      if (v0 == kTail) {
        if (any_end(s)) return false;
        s |= kDone;
      } else {
        put(s, find(s, v0), kTail);
      }
    } else if (kind & kKindPinned) {
      return false;  // a pinned end of an open tour must be an end
    }
    std::uint64_t flags = s & ~slot_mask_;
    s = flags | ((s & slot_mask_) >> 4);
    return true;
  }

  std::uint64_t canon(std::uint64_t s) const {
    std::array<unsigned, 16> map{};
    unsigned next = 1;
    for (int j = 0; j < w_; ++j) {
      unsigned v = get(s, j);
      if (v >= 1 && v < kTail) {
        if (map[v] == 0) map[v] = next++;
        put(s, j, map[v]);
      }
    }
    return s;
  }

  int w_;
  bool closed_;
  std::array<int, 4> offsets_;
  std::uint64_t slot_mask_;
  std::vector<std::uint64_t> states_;
  std::vector<std::uint32_t> slots_;  // hash table of state ids
  std::vector<Step> steps_;
  std::array<std::vector<std::uint64_t>, kKinds> memo_;
};

}  // namespace

DpRun column_dp_tour(const State& state, Budget& budget, std::optional<Cell> finish) {
  DpRun out;
  // Work on an h x len frame, h the shorter side; frame (r, c) is board (c, r) when transposed.
  bool transpose = state.rows > state.cols;
  int h = transpose ? state.cols : state.rows, len = transpose ? state.rows : state.cols;
  if (h > kColumnDpMaxWidth) {
    out.end = DpEnd::kBudget;  // a caller error; reported as giving up rather than as a wrong proof
    return out;
  }
  auto to_board = [&](int r, int c) { return transpose ? Cell{c, r} : Cell{r, c}; };
  auto is_free = [&](int r, int c) {
    return r >= 0 && r < h && c >= 0 && c < len && state.at(to_board(r, c)) == Square::kFree;
  };
  const bool closed = state.closed;
  auto vertex = [&](Cell b) { return transpose ? b.row * h + b.col : b.col * h + b.row; };
  int start = state.start && !closed ? vertex(*state.start) : -1;
  int pin = finish && !closed ? vertex(*finish) : -1;
  if (pin >= 0 && pin == start) return out;  // kNone: an open tour of two or more squares has two ends
  const std::array<std::array<int, 2>, 4> forward = {{{-2, 1}, {2, 1}, {-1, 2}, {1, 2}}};
  auto kind_of = [&](int v) {
    int r = v % h, c = v / h;
    unsigned kind = 0;
    if (!is_free(r, c)) return kind;
    kind |= kKindFree;
    for (std::size_t k = 0; k < 4; ++k)
      if (is_free(r + forward[k][0], c + forward[k][1])) kind |= 1u << k;
    if (v == start || v == pin) kind |= kKindPinned;
    kind |= static_cast<unsigned>((start > v ? 1 : 0) + (pin > v ? 1 : 0)) << kKindAheadShift;
    return kind;
  };

  Programme dp(h, closed);
  const int n = h * len;
  // Per step: for each state reached, its predecessor's position in the previous step, and the edges.
  // Step v's arrays are those of step store[v] (an earlier step, inside a repeating stretch).
  std::vector<std::vector<std::uint32_t>> parent(static_cast<std::size_t>(n));
  std::vector<std::vector<std::uint8_t>> chosen(static_cast<std::size_t>(n));
  std::vector<int> store(static_cast<std::size_t>(n));
  std::vector<std::uint32_t> cur{dp.intern(0)}, next;
  std::vector<std::int32_t> seen;  // per state id: the last step that reached it
  std::size_t table_bytes = 0;
  auto column_kinds = [&](int c) {
    std::array<unsigned, kColumnDpMaxWidth> kinds{};
    for (int r = 0; r < h; ++r) kinds[static_cast<std::size_t>(r)] = kind_of(c * h + r);
    return kinds;
  };
  // The state lists after the last few columns, sorted, to spot repetition.
  struct Boundary {
    int col;
    std::vector<std::uint32_t> ids;
  };
  std::vector<Boundary> history;
  for (int c = 0; c < len; ++c) {
    for (int v = c * h; v < (c + 1) * h; ++v) {
      unsigned kind = kind_of(v);
      next.clear();
      store[static_cast<std::size_t>(v)] = v;
      auto& par = parent[static_cast<std::size_t>(v)];
      auto& cho = chosen[static_cast<std::size_t>(v)];
      for (std::size_t p = 0; p < cur.size(); ++p) {
        if (!budget.tick()) {
          out.end = DpEnd::kBudget;
          return out;
        }
        auto [first, last] = dp.successors(cur[p], kind);
        if (seen.size() < dp.state_count()) seen.resize(dp.state_count(), -1);
        for (std::uint32_t i = first; i < last; ++i) {
          const Step& st = dp.step(i);
          if (seen[st.next] == v) continue;
          seen[st.next] = v;
          next.push_back(st.next);
          par.push_back(static_cast<std::uint32_t>(p));
          cho.push_back(st.edges);
        }
      }
      table_bytes += par.size() * (sizeof(std::uint32_t) + 1);
      if (table_bytes > budget.limits().max_table_bytes) {
        out.end = DpEnd::kBudget;
        return out;
      }
      out.widest_level = std::max(out.widest_level, next.size());
      std::swap(cur, next);
      if (cur.empty()) return out;  // kNone
    }
    // Sort the list (and the last step's arrays with it) so that equal sets compare equal.
    int last_v = c * h + h - 1;
    {
      std::vector<std::uint32_t> order(cur.size());
      for (std::uint32_t i = 0; i < order.size(); ++i) order[i] = i;
      std::sort(order.begin(), order.end(), [&](std::uint32_t x, std::uint32_t y) { return cur[x] < cur[y]; });
      auto& par = parent[static_cast<std::size_t>(last_v)];
      auto& cho = chosen[static_cast<std::size_t>(last_v)];
      std::vector<std::uint32_t> ids(cur.size()), p2(cur.size());
      std::vector<std::uint8_t> c2(cur.size());
      for (std::size_t i = 0; i < order.size(); ++i) {
        ids[i] = cur[order[i]];
        p2[i] = par[order[i]];
        c2[i] = cho[order[i]];
      }
      cur = std::move(ids);
      par = std::move(p2);
      cho = std::move(c2);
    }
    // Repetition: if the list after column c equals the one after column c - P, and the columns
    // ahead have the same kinds of squares as the columns P before them, every step ahead repeats
    // a step already done (same list in, same list out), so its arrays are shared, not recomputed.
    // On a full board this leaves only the first and last few columns and those around the start.
    int period = 0;
    for (const Boundary& b : history)
      if (b.ids == cur) period = c - b.col;
    if (period > 0) {
      int x = c + 1;
      while (x < len && column_kinds(x) == column_kinds(x - period)) {
        for (int v = x * h; v < (x + 1) * h; ++v)
          store[static_cast<std::size_t>(v)] = store[static_cast<std::size_t>(v - period * h)];
        ++x;
      }
      if (x > c + 1) {
        // The list after column x - 1 is the one after the column a whole number of periods before.
        int same = c - period + (x - 1 - (c - period)) % period;
        for (const Boundary& b : history)
          if (b.col == same) cur = b.ids;
        history.clear();
        c = x - 1;
        continue;
      }
    }
    history.push_back({c, cur});
    if (history.size() > kMaxPeriod) history.erase(history.begin());
  }
  auto done = std::find_if(cur.begin(), cur.end(), [&](std::uint32_t id) { return (dp.state(id) & kDone) != 0; });
  if (done == cur.end()) return out;

  // Trace back the edges, then walk them.
  std::vector<std::array<std::int32_t, 2>> nb(static_cast<std::size_t>(n), {-1, -1});
  auto link = [&](int a, int b) {
    auto& x = nb[static_cast<std::size_t>(a)];
    (x[0] < 0 ? x[0] : x[1]) = b;
  };
  auto pos = static_cast<std::uint32_t>(done - cur.begin());
  for (int v = n - 1; v >= 0; --v) {
    auto at = static_cast<std::size_t>(store[static_cast<std::size_t>(v)]);
    unsigned edges = chosen[at][pos];
    for (std::size_t k = 0; k < 4; ++k)
      if (edges & (1u << k)) {
        int u = v + forward[k][1] * h + forward[k][0];
        link(v, u);
        link(u, v);
      }
    pos = parent[at][pos];
  }
  int first = start;
  if (first < 0) {
    for (int v = 0; v < n && first < 0; ++v) {
      const auto& x = nb[static_cast<std::size_t>(v)];
      if (x[0] >= 0 && (closed || x[1] < 0)) first = v;
    }
    if (state.start) first = vertex(*state.start);
  }
  std::int32_t prev = -1, at = first;
  while (at >= 0 && out.tour.size() < static_cast<std::size_t>(n)) {
    out.tour.push_back(to_board(at % h, at / h));
    const auto& x = nb[static_cast<std::size_t>(at)];
    std::int32_t step = x[0] != prev ? x[0] : x[1];
    prev = at;
    at = step;
    if (at == first) break;
  }
  out.end = DpEnd::kFound;  // the caller replays the tour through the rules before using it
  return out;
}

}  // namespace pb::solvers::knight
