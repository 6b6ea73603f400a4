/* search.cpp: the peg solitaire solver: class test, then depth-first search over bitboards with a dead-position table. */
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "solvers/pegs/geometry.hpp"
#include "solvers/pegs/pagoda.hpp"
#include "solvers/pegs/pegs.hpp"

// How a board is solved:
// 1. The rule of three (geometry.hpp) decides which holes a lone last peg could possibly be in. If
//    the goal's hole is not among them the answer is "unsolvable" at once, with the counts as proof:
//    the French board's central game is refused in microseconds instead of searched for minutes.
// 2. Otherwise a depth-first search. Every jump removes one peg, so all paths to a position have the
//    same length and the search graph is a DAG: a position once fully searched without success is
//    dead for good, and the dead-position table makes the search visit each position once. Positions
//    are folded by the symmetries of the board *and the goal* (a target hole must be fixed by them)
//    and stored in canonical form (the least image), which divides the table by up to 8.
//    Pagoda functions (pagoda.hpp) cut positions that can never gather their pegs in an end hole
//    (the target, or any hole the class test allows): Conway's golden-ratio function from the
//    start when there is a target, and functions found by LP for the dead positions whose
//    subtrees cost the most, in rounds between restarts whose simplex work is paid for by the
//    nodes searched since the last round. The time to a first solution is heavy-tailed in the
//    jump order (the natural order solves the English central game in 2143 nodes and some other
//    starts only after millions), so the search restarts with shuffled orders on a Luby schedule;
//    the table survives restarts, so no proof is redone and an unsolvable board is still searched
//    to the end. From the second restart on, each node's children are tried jumps-towards-the-end
//    first (Conway's change for the target, or for the end hole nearest the centre), the
//    shuffled order breaking ties: this halved the French single-vacancy sweep's nodes.
//    "One peg anywhere" with several ends allowed by the class (search_each_end): the joint search
//    runs alone for kJointHeadStart nodes (most starts end there), then one search per end hole,
//    each with that hole's own Conway and LP pagodas (much stronger than functions that must keep
//    every end open), joins it, a restart each in round robin: the English tail starts (3,0)
//    and (6,3) go from ~0.27 s to 0.13-0.19 s CPU, the sweep from 1.17 s to 0.62 s.
//    The joint search is also raced on the start's symmetric images (each with a head start of
//    its own, then in the round robin; solutions mapped back): mirror-image starts differ by
//    orders of magnitude in luck, and the English sweep went from 0.62 s to 0.14 s CPU.
// 3. With Limits::best and no one-peg solution: the same search with the goal "at most k pegs", for
//    k rising from the lower bound to one less than the fewest pegs seen so far.
//
// Rejected designs:
// - Breadth-first search by peg count (layer by layer): proves the same things but must hold a whole
//   layer; the English board's widest layer is millions of positions, and the first solution of a
//   solvable board comes only after all layers, where DFS usually finds one in thousands of nodes.
// - Storing 64-bit hashes instead of positions in the table: a collision would mark a live position
//   dead and could turn "solved" into a false "unsolvable" proof. Positions are stored whole.
// - Evicting old entries when the table is full: a dead table only ever saves work, so when
//   max_table_bytes is reached we stop inserting and keep searching correctly, only slower.
// - An LP per node (the exact pagoda test): about a millisecond each, thousands of times a node.
//   Measured instead: LP rounds with no pivot budget (24 programs per round) cut the English
//   "anywhere" nodes 2.5x but doubled its CPU time, since most costly dead positions have no
//   refuting pagoda; hence the budget proportional to the search.
// - Not tried, by reasoning only: pagoda functions chosen up front (an LP per hole, or random
//   objectives), which need not cut what the search meets; and meet in the middle (forward and
//   reversed half-depth searches joined by a hash set), whose middle layers on the English board
//   are millions of positions each.

namespace pb::solvers::pegs {
namespace {

// Nodes of the first restart, the unit of the Luby sequence. Smaller bases restart before the
// natural order (good for centred starts: 2143 nodes for the English central game) has finished.
constexpr std::uint64_t kRestartBase = 4096;
// Pagoda functions carried through the search at once (fixed, so the sum loops vectorise).
constexpr int kMaxPagodas = 16;
// Dead subtrees kept as LP candidates per round, and the least cost (nodes) worth keeping.
constexpr std::size_t kSamples = 256;
constexpr std::uint64_t kMinSampleCost = 8;
// The first pagoda round comes after this many nodes (so easy boards never pay for an LP), the
// next ones each at kPagodaRoundGrowth times the node count of the last. A round may spend one
// simplex pivot per kNodesPerPivot nodes searched since the last one (unspent pivots carry over):
// a pivot costs about as much as 16 nodes on the English board, so the LPs add at most about a
// quarter to a search they do not help, and cut the ones they do help by orders of magnitude.
constexpr std::uint64_t kFirstPagodaRound = 8192;
constexpr std::uint64_t kPagodaRoundGrowth = 2;
constexpr std::uint64_t kNodesPerPivot = 64;
// A program still unsolved after this many pivots is dropped (its position is almost never
// refutable: the ones that are take 100 to 1000 pivots on the English board).
constexpr int kMaxPivotsPerLp = 1500;
// "One peg anywhere": nodes the joint search runs alone before the per-end searches join it.
constexpr std::uint64_t kJointHeadStart = 16384;

// Dead positions, canonical form, open addressing with linear probing. The all-zero key (no pegs)
// never occurs in a search, so it marks an empty slot.
template <int W>
class DeadTable {
 public:
  explicit DeadTable(std::size_t max_bytes) : max_slots_(floor_pow2(max_bytes / sizeof(Bits<W>))) {
    std::size_t initial = std::min<std::size_t>(max_slots_, std::size_t{1} << 16);
    if (initial >= 16) slots_.assign(initial, Bits<W>{});
  }

  bool contains(const Bits<W>& key) const {
    if (slots_.empty()) return false;
    std::size_t mask = slots_.size() - 1;
    for (std::size_t i = key.hash() & mask;; i = (i + 1) & mask) {
      if (slots_[i] == key) return true;
      if (slots_[i].none()) return false;
    }
  }

  // Starts loading the slot `key` probes first, so that several probes' cache misses overlap.
  void prefetch(const Bits<W>& key) const {
    if (!slots_.empty()) __builtin_prefetch(&slots_[key.hash() & (slots_.size() - 1)]);
  }

  void insert(const Bits<W>& key) {
    if (slots_.empty() || full_) return;
    if ((size_ + 1) * 4 > slots_.size() * 3) {
      if (slots_.size() * 2 > max_slots_) {
        full_ = true;  // keep the load factor: probing a nearly full table would cost more than it saves
        return;
      }
      grow();
    }
    place(key);
    ++size_;
  }

  std::size_t size() const { return size_; }
  bool full() const { return full_; }

 private:
  static std::size_t floor_pow2(std::size_t n) { return n == 0 ? 0 : std::bit_floor(n); }

  void place(const Bits<W>& key) {
    std::size_t mask = slots_.size() - 1;
    std::size_t i = key.hash() & mask;
    while (!slots_[i].none()) i = (i + 1) & mask;
    slots_[i] = key;
  }

  void grow() {
    std::vector<Bits<W>> old(slots_.size() * 2, Bits<W>{});
    old.swap(slots_);
    for (const auto& k : old)
      if (!k.none()) place(k);
  }

  std::size_t max_slots_;
  std::vector<Bits<W>> slots_;
  std::size_t size_ = 0;
  bool full_ = false;
};

// The goal of one search: at most `max_pegs` pegs, or (max_pegs == 1 and target >= 0) a lone peg at
// `target`.
struct Goal {
  int max_pegs = 1;
  int target = -1;
};

template <int W>
class Searcher {
 public:
  Searcher(const Geometry& g, Budget& budget) : g_(g), budget_(budget) {
    for (const Jump& j : g.jumps) {
      flip_.push_back(Bits<W>::bit(j.from) | Bits<W>::bit(j.over) | Bits<W>::bit(j.to));
      need_.push_back(Bits<W>::bit(j.from) | Bits<W>::bit(j.over));
    }
    from_.resize(static_cast<std::size_t>(g.holes()));
    for (int j = 0; j < static_cast<int>(g.jumps.size()); ++j) from_[static_cast<std::size_t>(g.jumps[static_cast<std::size_t>(j)].from)].push_back(j);
  }

  // Searches from `start` for `goal`, folding by the symmetries listed in `syms` (indices into
  // g.symmetries, identity first). `ends` are the holes a lone last peg may be in (the target, or
  // those the class test allows); pagoda functions are only used for one-peg goals. True when
  // found; path() is then the solution.
  bool run(const Bits<W>& start, Goal goal, const std::vector<int>& ends, const std::vector<int>& syms,
           std::size_t max_table_bytes, std::uint64_t seed) {
    begin(start, goal, ends, syms, max_table_bytes, seed);
    Step st = Step::kGoOn;
    while (st == Step::kGoOn) st = step();
    return st == Step::kFound;
  }

  // The same search one restart at a time, so that several searches can share a node budget
  // (solve_with's per-end-hole portfolio). begin() sets up; each step() runs one restart.
  enum class Step { kFound, kProved, kStopped, kGoOn };
  void begin(const Bits<W>& start, Goal goal, const std::vector<int>& ends, const std::vector<int>& syms,
             std::size_t max_table_bytes, std::uint64_t seed) {
    goal_ = goal;
    start_ = start;
    target_ = goal.target >= 0 ? Bits<W>::bit(goal.target) : Bits<W>{};
    ends_ = goal.max_pegs == 1 ? ends : std::vector<int>{};
    pagodas_ = 0;
    delta_.assign(g_.jumps.size() * kMaxPagodas, 0.0);
    weight_.assign(static_cast<std::size_t>(g_.holes()) * kMaxPagodas, 0.0);
    threshold_.fill(-1e300);
    if (goal.target >= 0 && goal.max_pegs == 1) add_pagoda(conway_pagoda(goal.target));
    {
      int focus = goal.target >= 0 ? goal.target : centre_hole();
      if (goal.target < 0 && !ends_.empty()) focus = nearest_end(focus);
      const Pagoda c = conway_pagoda(focus);
      rank_.clear();
      for (const Jump& jp : g_.jumps)
        rank_.push_back(c.weight[static_cast<std::size_t>(jp.to)] - c.weight[static_cast<std::size_t>(jp.from)] -
                        c.weight[static_cast<std::size_t>(jp.over)]);
    }
    samples_.clear();
    next_round_ = kFirstPagodaRound;
    last_round_nodes_ = budget_.nodes();
    pivots_banked_ = 0;
    build_symmetry_tables(syms);
    table_ = std::make_unique<DeadTable<W>>(max_table_bytes);
    sums_.assign(static_cast<std::size_t>(start.count() + 1) * kMaxPagodas, 0.0);
    rng_.seed(seed);
    round_ = 0;
  }

  // Restart r may visit kRestartBase * luby(r) nodes; the table carries over, so a restart
  // re-walks only the live part of what the last one saw.
  Step step() {
    const std::uint64_t r = ++round_;
    if (r == 1) {
      order_.clear();
      for (int j = 0; j < static_cast<int>(g_.jumps.size()); ++j) order_.push_back(j);
    } else {
      shuffle_order(rng_);
    }
    if (!ends_.empty() && budget_.nodes() >= next_round_) pagoda_round();
    restart_left_ = kRestartBase * luby(r);
    if (restart_left_ > (std::uint64_t{1} << 40)) restart_left_ = ~std::uint64_t{0};
    path_.clear();
    std::fill(sums_.begin(), sums_.begin() + kMaxPagodas, 0.0);
    start_.for_each([&](int i) {
      for (int k = 0; k < pagodas_; ++k) sums_[static_cast<std::size_t>(k)] += weight_[static_cast<std::size_t>(i * kMaxPagodas + k)];
    });
    Step out = Step::kGoOn;
    if (refuted(sums_.data())) {
      out = Step::kProved;  // dead at the root: the search is complete
    } else if (!budget_.tick()) {
      out = Step::kStopped;
    } else {
      --restart_left_;
      const Bits<W> key = canonical(start_);
      bool found = !table_->contains(key) && dfs(start_, key, start_.count(), 0);
      if (found) out = Step::kFound;
      else if (budget_.exhausted()) out = Step::kStopped;
      else if (restart_left_ > 0) out = Step::kProved;  // the restart ran to its end: proved
      else ++restarts_;
    }
    table_entries_ = std::max(table_entries_, table_->size());
    table_full_ = table_full_ || table_->full();
    return out;
  }

  const std::vector<int>& path() const { return path_; }
  // The fewest pegs seen in any position searched so far, and the jumps reaching it.
  int best_pegs() const { return best_pegs_; }
  const std::vector<int>& best_path() const { return best_path_; }
  std::size_t table_entries() const { return table_entries_; }
  bool table_full() const { return table_full_; }
  int pagodas() const { return pagodas_; }
  // Takes over another search's best sequence and adds its table to the count (for the portfolio).
  // `best` is o's best_path() in this search's hole numbering (mapped back when o searched an image).
  void merge(const Searcher& o, const std::vector<int>& best) {
    if (o.best_pegs_ < best_pegs_) best_pegs_ = o.best_pegs_, best_path_ = best;
    table_entries_ += o.table_entries_;
    table_full_ = table_full_ || o.table_full_;
  }

 private:
  // Pagoda sums of the position at each depth, kMaxPagodas per depth; unused slots stay 0 against
  // a threshold of -1e300, so the loops run over a fixed width the compiler can vectorise.
  // (Only the sums of positions on the current path are kept; children's are recomputed when
  // they are entered, which is cheaper than storing them all.)
  bool refuted(const double* sums) const {
    bool dead = false;
    for (int k = 0; k < kMaxPagodas; ++k) dead |= sums[k] < threshold_[static_cast<std::size_t>(k)];
    return dead;
  }

  // `s` is not in the table (the caller checked `key`, its canonical form) and not refuted by a
  // pagoda function. Children are generated, filtered by the pagodas and canonicalised first, and
  // their table slots prefetched, before any is probed: the probes are the solver's cache misses
  // (a third of its time when done one by one) and this way they overlap.
  bool dfs(const Bits<W>& s, const Bits<W>& key, int pegs, int depth) {
    if (pegs < best_pegs_) best_pegs_ = pegs, best_path_ = path_;
    if (pegs <= goal_.max_pegs && (goal_.target < 0 || s == target_)) return true;
    if (pegs == 1) return false;
    const std::uint64_t nodes_before = budget_.nodes();
    const double* sums = &sums_[static_cast<std::size_t>(depth) * kMaxPagodas];
    double* next = &sums_[static_cast<std::size_t>(depth + 1) * kMaxPagodas];
    const std::size_t first = children_.size();
    for (int j : order_) {
      const Bits<W>& need = need_[static_cast<std::size_t>(j)];
      if ((s & need) != need || s.test(g_.jumps[static_cast<std::size_t>(j)].to)) continue;
      if (pagodas_ > 0) {
        const double* d = &delta_[static_cast<std::size_t>(j) * kMaxPagodas];
        bool dead = false;
        for (int k = 0; k < kMaxPagodas; ++k) dead |= sums[k] + d[k] < threshold_[static_cast<std::size_t>(k)];
        if (dead) continue;  // the pegs left can never gather in an end hole
      }
      Bits<W> child = s ^ flip_[static_cast<std::size_t>(j)];
      Bits<W> child_key = canonical(child);
      table_->prefetch(child_key);
      children_.push_back({j, child, child_key});
    }
    const std::size_t last = children_.size();
    // Jumps towards the end hole (Conway's weights: they keep the sum) before the others; the
    // shuffled order breaks ties, so restarts still differ.
    // Not in the first restart: the natural order solves centred starts sooner.
    if (round_ > 1)
      std::stable_sort(children_.begin() + static_cast<std::ptrdiff_t>(first), children_.begin() + static_cast<std::ptrdiff_t>(last),
                     [&](const Child& a, const Child& b) {
                       return rank_[static_cast<std::size_t>(a.jump)] > rank_[static_cast<std::size_t>(b.jump)];
                     });
    bool found = false;
    for (std::size_t c = first; c < last && !found; ++c) {
      const Child ch = children_[c];  // a copy: the recursion grows children_
      if (!budget_.tick() || restart_left_ == 0) break;  // a node is a position probed, as a restart's unit
      --restart_left_;
      if (table_->contains(ch.key)) continue;
      if (pagodas_ > 0) {
        const double* d = &delta_[static_cast<std::size_t>(ch.jump) * kMaxPagodas];
        for (int k = 0; k < kMaxPagodas; ++k) next[k] = sums[k] + d[k];
      }
      path_.push_back(ch.jump);
      found = dfs(ch.pos, ch.key, pegs - 1, depth + 1);
      if (found) break;
      path_.pop_back();
      if (budget_.exhausted() || restart_left_ == 0) break;
    }
    children_.resize(first);
    if (found || budget_.exhausted() || restart_left_ == 0) return found;
    table_->insert(key);
    sample(s, budget_.nodes() - nodes_before);
    return false;
  }

  // Keeps the positions whose dead subtrees cost the most nodes (a min-heap on cost): the next
  // pagoda round tries to refute them, and a function that refutes one usually refutes its
  // relatives elsewhere in the tree before they are searched.
  void sample(const Bits<W>& s, std::uint64_t cost) {
    if (ends_.empty() || pagodas_ >= kMaxPagodas || cost < kMinSampleCost) return;
    auto cmp = [](const Sample& a, const Sample& b) { return a.cost > b.cost; };
    if (samples_.size() < kSamples) {
      samples_.push_back({cost, s});
      std::push_heap(samples_.begin(), samples_.end(), cmp);
    } else if (cost > samples_.front().cost) {
      std::pop_heap(samples_.begin(), samples_.end(), cmp);
      samples_.back() = {cost, s};
      std::push_heap(samples_.begin(), samples_.end(), cmp);
    }
  }

  // Between restarts: solve an LP for the costliest sampled dead positions that no function yet
  // refutes, and add each function found. Rounds come at geometrically spaced node counts, so
  // their cost stays a small fraction of the search.
  void pagoda_round() {
    next_round_ = budget_.nodes() * kPagodaRoundGrowth;
    pivots_banked_ += (budget_.nodes() - last_round_nodes_) / kNodesPerPivot;
    last_round_nodes_ = budget_.nodes();
    std::sort(samples_.begin(), samples_.end(), [](const Sample& a, const Sample& b) { return a.cost > b.cost; });
    for (const Sample& smp : samples_) {
      if (pagodas_ >= kMaxPagodas || pivots_banked_ < kMaxPivotsPerLp / 4) break;
      std::vector<int> pegs;
      double sums[kMaxPagodas] = {};
      smp.pos.for_each([&](int i) {
        pegs.push_back(i);
        for (int k = 0; k < kMaxPagodas; ++k) sums[k] += weight_[static_cast<std::size_t>(i * kMaxPagodas + k)];
      });
      if (pagodas_ > 0 && refuted(sums)) continue;
      int pivots = static_cast<int>(std::min<std::uint64_t>(pivots_banked_, kMaxPivotsPerLp));
      const int granted = pivots;
      std::optional<Pagoda> p = refute(g_, pegs, ends_, pivots);
      pivots_banked_ -= static_cast<std::uint64_t>(granted - pivots);
      if (p) add_pagoda(*p);
    }
    samples_.clear();
  }

  void add_pagoda(const Pagoda& p) {
    if (pagodas_ >= kMaxPagodas || pagoda_violation(g_, p.weight) > 1e-12) return;
    const auto k = static_cast<std::size_t>(pagodas_++);
    double scale = 1;
    for (double w : p.weight) scale = std::max(scale, std::abs(w));
    // Sums are rounded at ~1e-16 relative per add and the function may break its inequalities
    // by 1e-12 per jump (checked): 1e-7 of the largest weight is far above both, so a position
    // is only cut when it is dead in exact arithmetic too.
    threshold_[k] = p.threshold - 1e-7 * scale;
    for (int i = 0; i < g_.holes(); ++i) weight_[static_cast<std::size_t>(i) * kMaxPagodas + k] = p.weight[static_cast<std::size_t>(i)];
    for (std::size_t j = 0; j < g_.jumps.size(); ++j) {
      const Jump& jp = g_.jumps[j];
      delta_[j * kMaxPagodas + k] = p.weight[static_cast<std::size_t>(jp.to)] - p.weight[static_cast<std::size_t>(jp.from)] -
                                    p.weight[static_cast<std::size_t>(jp.over)];
    }
  }

  // The end hole nearest (Manhattan) to hole `h`.
  int nearest_end(int h) const {
    const Cell& a = g_.cells[static_cast<std::size_t>(h)];
    int best = ends_.front(), bd = 1 << 30;
    for (int e : ends_) {
      const Cell& c = g_.cells[static_cast<std::size_t>(e)];
      int d = std::abs(c.row - a.row) + std::abs(c.col - a.col);
      if (d < bd) bd = d, best = e;
    }
    return best;
  }

  // The hole nearest the board's centroid.
  int centre_hole() const {
    double cr = 0, cc = 0;
    for (const Cell& c : g_.cells) cr += c.row, cc += c.col;
    cr /= g_.holes(), cc /= g_.holes();
    int best = 0;
    double bd = 1e300;
    for (int i = 0; i < g_.holes(); ++i) {
      const Cell& c = g_.cells[static_cast<std::size_t>(i)];
      double d = std::abs(c.row - cr) + std::abs(c.col - cc);
      if (d < bd) bd = d, best = i;
    }
    return best;
  }

  // Conway's pagoda: weight phi^-d at Manhattan distance d from the target, phi the golden ratio.
  // A jump straight towards the target keeps the sum (phi^-(d+2) + phi^-(d+1) = phi^-d) and any
  // other jump lowers it. Free (no LP), and right from the first node.
  Pagoda conway_pagoda(int target) const {
    Pagoda p;
    const double inv_phi = 2.0 / (1.0 + std::sqrt(5.0));
    Cell t = g_.cells[static_cast<std::size_t>(target)];
    for (int i = 0; i < g_.holes(); ++i) {
      Cell c = g_.cells[static_cast<std::size_t>(i)];
      p.weight.push_back(std::pow(inv_phi, std::abs(c.row - t.row) + std::abs(c.col - t.col)));
    }
    p.threshold = 1.0;
    return p;
  }

  // A new jump order: the holes in random order, each hole's jumps (from it) together in a random
  // direction order. Keeping one peg's jumps together is what makes the natural order good.
  void shuffle_order(std::mt19937_64& rng) {
    std::vector<int> holes(static_cast<std::size_t>(g_.holes()));
    for (int i = 0; i < g_.holes(); ++i) holes[static_cast<std::size_t>(i)] = i;
    std::shuffle(holes.begin(), holes.end(), rng);
    order_.clear();
    for (int h : holes) {
      std::vector<int> js = from_[static_cast<std::size_t>(h)];
      std::shuffle(js.begin(), js.end(), rng);
      order_.insert(order_.end(), js.begin(), js.end());
    }
  }

  // Luby et al.'s universal restart sequence 1 1 2 1 1 2 4 1 1 2 ... (r >= 1).
  static std::uint64_t luby(std::uint64_t r) {
    for (std::uint64_t k = 1;; ++k) {
      std::uint64_t top = (std::uint64_t{1} << k) - 1;
      if (r == top) return std::uint64_t{1} << (k - 1);
      if (r < top) return luby(r - ((std::uint64_t{1} << (k - 1)) - 1));
    }
  }

  // Each symmetry maps a position byte by byte through a 256-entry table per 8 holes, so a
  // symmetric image costs holes/8 loads and ORs instead of one test per hole.
  void build_symmetry_tables(const std::vector<int>& syms) {
    chunks_ = (g_.holes() + 7) / 8;
    sym_tables_.clear();
    for (int id : syms) {
      const std::vector<int>& perm = g_.symmetries[static_cast<std::size_t>(id)];
      bool identity = true;
      for (int i = 0; i < g_.holes(); ++i) identity = identity && perm[static_cast<std::size_t>(i)] == i;
      if (identity) continue;
      std::vector<Bits<W>> table(static_cast<std::size_t>(chunks_) * 256);
      for (int c = 0; c < chunks_; ++c)
        for (unsigned byte = 0; byte < 256; ++byte) {
          Bits<W> image;
          for (int b = 0; b < 8; ++b)
            if ((byte >> b) & 1u) {
              int hole = c * 8 + b;
              if (hole < g_.holes()) image |= Bits<W>::bit(perm[static_cast<std::size_t>(hole)]);
            }
          table[static_cast<std::size_t>(c) * 256 + byte] = image;
        }
      sym_tables_.push_back(std::move(table));
    }
  }

  Bits<W> canonical(const Bits<W>& s) const {
    Bits<W> best = s;
    for (const auto& table : sym_tables_) {
      Bits<W> image;
      for (int c = 0; c < chunks_; ++c) image |= table[static_cast<std::size_t>(c) * 256 + s.byte(c)];
      if (image < best) best = image;
    }
    return best;
  }

  const Geometry& g_;
  Budget& budget_;
  std::vector<Bits<W>> flip_, need_;
  std::vector<std::vector<int>> from_;
  struct Child {
    int jump = 0;
    Bits<W> pos;
    Bits<W> key;  // canonical form of pos
  };
  std::vector<Child> children_;  // a stack: each dfs frame's children above its caller's
  struct Sample {
    std::uint64_t cost = 0;  // nodes its dead subtree took
    Bits<W> pos;
  };
  std::vector<int> ends_;
  int pagodas_ = 0;
  std::vector<double> weight_;  // hole-major, kMaxPagodas per hole
  std::vector<double> delta_;   // jump-major: the change of each sum by the jump
  std::vector<double> rank_;    // per jump: its Conway change for the end hole, the ordering key
  std::array<double, kMaxPagodas> threshold_{};
  std::vector<double> sums_;    // depth-major, kMaxPagodas per depth
  std::vector<Sample> samples_;
  std::uint64_t next_round_ = 0;        // node count of the next pagoda round
  std::uint64_t last_round_nodes_ = 0;  // node count at the last one
  std::uint64_t pivots_banked_ = 0;     // simplex pivots the rounds may still spend
  std::vector<int> order_;  // the order jumps are tried in, this restart
  Bits<W> start_;
  std::mt19937_64 rng_;
  std::uint64_t round_ = 0;  // restarts begun
  std::uint64_t restart_left_ = 0;
  std::uint64_t restarts_ = 0;
  Goal goal_;
  Bits<W> target_;
  int chunks_ = 0;
  std::vector<std::vector<Bits<W>>> sym_tables_;
  std::unique_ptr<DeadTable<W>> table_;
  std::vector<int> path_;
  int best_pegs_ = 1 << 30;
  std::vector<int> best_path_;
  std::size_t table_entries_ = 0;
  bool table_full_ = false;
};

std::string plural(std::size_t n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

// "One peg anywhere" as a portfolio, interleaved a restart at a time (round robin, each search on
// its own Luby schedule, so the total is about searches x the fastest):
// - the joint search for the start, and for every distinct symmetric image g(start) of it (ends
//   mapped by g): an image is the same problem, but the time to a first solution is luck in the jump
//   order and an image meets the jumps in another order (the natural order solves French (2,0) in
//   5 k nodes; mirror-image starts took 0.01 s to 3.2 s CPU before this race). Each image first
//   gets a head start of its own (kJointHeadStart nodes, alone, in turn), where most are solved;
//   an image's solution is mapped back by g^-1, jump by jump;
// - one search per end hole the class test allows, for the start itself: a fixed end gets Conway's
//   pagoda for that hole and LP pagodas for it alone, which cut far more than any function that must
//   keep every end open; the ends nearest the centre, usually the easiest, go first.
// Exact: solved when any search reaches its end; unsolvable when any image's joint search ran to its
// end (the images are equivalent problems) or every end's search did. The node budget is shared and
// the table memory (max_table_bytes) split evenly between all searches.
template <int W>
bool search_each_end(const Geometry& g, Budget& budget, const Bits<W>& start, std::vector<int> ends,
                     const Limits& limits, Searcher<W>& main, std::vector<int>& solution) {
  double cr = 0, cc = 0;
  for (const Cell& c : g.cells) cr += c.row, cc += c.col;
  cr /= g.holes(), cc /= g.holes();
  auto dist = [&](int h) {
    const Cell& c = g.cells[static_cast<std::size_t>(h)];
    return std::abs(c.row - cr) + std::abs(c.col - cc);
  };
  std::stable_sort(ends.begin(), ends.end(), [&](int a, int b) { return dist(a) < dist(b); });
  // Distinct images of the start, the identity first; image_sym[i] is the symmetry giving image i.
  std::vector<Bits<W>> images{start};
  std::vector<int> image_sym{0};
  for (int k = 1; k < static_cast<int>(g.symmetries.size()); ++k) {
    const std::vector<int>& perm = g.symmetries[static_cast<std::size_t>(k)];
    Bits<W> img;
    start.for_each([&](int h) { img |= Bits<W>::bit(perm[static_cast<std::size_t>(h)]); });
    if (std::find(images.begin(), images.end(), img) == images.end()) images.push_back(img), image_sym.push_back(k);
  }
  const std::size_t table_bytes = limits.max_table_bytes / (images.size() + ends.size());
  // The joint search first, alone: it solves most starts within its first restarts, before the
  // other searches would have paid for their tables.
  std::vector<int> all_syms;
  for (int k = 0; k < static_cast<int>(g.symmetries.size()); ++k) all_syms.push_back(k);
  main.begin(start, Goal{1, -1}, ends, all_syms, table_bytes, limits.seed);
  for (;;) {
    auto st = main.step();
    if (st == Searcher<W>::Step::kFound) {
      solution = main.path();
      return true;
    }
    if (st != Searcher<W>::Step::kGoOn) return false;  // proved for every end at once, or stopped
    if (budget.nodes() >= kJointHeadStart) break;
  }
  // Maps image i's path back to the start: each jump's holes through g^-1.
  auto map_back = [&](std::size_t i, const std::vector<int>& path) {
    const std::vector<int>& perm = g.symmetries[static_cast<std::size_t>(image_sym[i])];
    std::vector<int> inv(perm.size());
    for (std::size_t h = 0; h < perm.size(); ++h) inv[static_cast<std::size_t>(perm[h])] = static_cast<int>(h);
    std::vector<int> out;
    for (int j : path) {
      const Jump& jp = g.jumps[static_cast<std::size_t>(j)];
      const int from = inv[static_cast<std::size_t>(jp.from)], to = inv[static_cast<std::size_t>(jp.to)];
      for (int k : g.into[static_cast<std::size_t>(to)])
        if (g.jumps[static_cast<std::size_t>(k)].from == from) out.push_back(k);
    }
    return out;
  };
  struct Entry {
    std::unique_ptr<Searcher<W>> search;
    std::size_t image = 0;
    int end = -1;  // index into ends; -1: the joint search
    bool open = true;
  };
  std::vector<Entry> searches;
  for (std::size_t i = 0; i < images.size(); ++i) {
    const std::vector<int>& perm = g.symmetries[static_cast<std::size_t>(image_sym[i])];
    const std::uint64_t seed = limits.seed;
    if (i > 0) {
      std::vector<int> mapped;
      for (int t : ends) mapped.push_back(perm[static_cast<std::size_t>(t)]);
      searches.push_back({std::make_unique<Searcher<W>>(g, budget), i, -1, true});
      Searcher<W>& s = *searches.back().search;
      s.begin(images[i], Goal{1, -1}, mapped, all_syms, table_bytes, seed);
      // Its own head start, alone, as the identity had: an image is often solved right there.
      for (const std::uint64_t stop = budget.nodes() + kJointHeadStart; budget.nodes() < stop;) {
        auto st = s.step();
        if (st == Searcher<W>::Step::kFound) {
          solution = map_back(i, s.path());
          for (const auto& en : searches) main.merge(*en.search, map_back(en.image, en.search->best_path()));
          return true;
        }
        if (st == Searcher<W>::Step::kProved) return false;  // proved for every end at once
        if (st != Searcher<W>::Step::kGoOn) break;
      }
      if (budget.exhausted()) break;
    }
    // Per-end searches for the identity only: adding them for every image too was measured slower
    // (French sweep 15.8 s against 9.0 s: 40 searches share the budget).
    for (std::size_t e = 0; e < ends.size() && i == 0; ++e) {
      const int t = perm[static_cast<std::size_t>(ends[e])];
      std::vector<int> syms;
      for (int k = 0; k < static_cast<int>(g.symmetries.size()); ++k)
        if (g.symmetries[static_cast<std::size_t>(k)][static_cast<std::size_t>(t)] == t) syms.push_back(k);
      searches.push_back({std::make_unique<Searcher<W>>(g, budget), i, static_cast<int>(e), true});
      searches.back().search->begin(images[i], Goal{1, t}, {t}, syms, table_bytes, seed);
    }
  }
  std::vector<bool> end_proved(ends.size(), false);
  std::size_t ends_left = ends.size();
  bool found = false, done = false, main_open = true;
  while (!done && !found && !budget.exhausted()) {
    if (main_open) {
      auto st = main.step();
      if (st == Searcher<W>::Step::kFound) {
        found = true;
        solution = main.path();
      } else if (st == Searcher<W>::Step::kProved) {
        done = true;  // the joint search covers every end
      }
      main_open = st == Searcher<W>::Step::kGoOn;
    }
    for (std::size_t s = 0; s < searches.size() && !done && !found && !budget.exhausted(); ++s) {
      Entry& en = searches[s];
      if (!en.open || (en.end >= 0 && end_proved[static_cast<std::size_t>(en.end)])) continue;
      auto st = en.search->step();
      if (st == Searcher<W>::Step::kFound) {
        found = true;
        solution = map_back(en.image, en.search->path());
      } else if (st == Searcher<W>::Step::kProved) {
        en.open = false;
        if (en.end < 0) {
          done = true;  // an image's joint search covers every end
        } else if (!end_proved[static_cast<std::size_t>(en.end)]) {
          end_proved[static_cast<std::size_t>(en.end)] = true;  // for every image: they are equivalent
          done = --ends_left == 0;
        }
      }
    }
  }
  for (const auto& en : searches) main.merge(*en.search, map_back(en.image, en.search->best_path()));
  return found;
}

template <int W>
Solution solve_with(const State& state, const Geometry& g, const Limits& limits) {
  Solution out;
  Budget budget(limits);
  Bits<W> start;
  for (int i = 0; i < g.holes(); ++i)
    if (state.at(g.cells[static_cast<std::size_t>(i)]) == Site::kPeg) start |= Bits<W>::bit(i);
  const int pegs = start.count();
  const int target = state.target ? g.hole_at(*state.target) : -1;

  // Symmetries usable with each goal: all of the board's for "anywhere"/"at most k"; for a target
  // only those that leave the target hole in place.
  std::vector<int> all_syms, target_syms;
  for (int k = 0; k < static_cast<int>(g.symmetries.size()); ++k) {
    all_syms.push_back(k);
    if (target < 0 || g.symmetries[static_cast<std::size_t>(k)][static_cast<std::size_t>(target)] == target)
      target_syms.push_back(k);
  }
  out.symmetries = static_cast<int>(target_syms.size());

  // The rule of three: which holes a lone peg may end in.
  const PositionClass start_class = position_class(g, state);
  std::vector<int> class_ends;
  for (int i = 0; i < g.holes(); ++i)
    if (g.hole_class[static_cast<std::size_t>(i)] == start_class) class_ends.push_back(i);
  bool class_allows_anywhere = !class_ends.empty();
  bool class_allows_goal =
      target < 0 ? class_allows_anywhere
                 : std::find(class_ends.begin(), class_ends.end(), target) != class_ends.end();

  Searcher<W> searcher(g, budget);
  auto to_moves = [&](const std::vector<int>& path) {
    std::vector<Move> moves;
    for (int j : path) {
      const Jump& jp = g.jumps[static_cast<std::size_t>(j)];
      moves.push_back(Move{g.cells[static_cast<std::size_t>(jp.from)], g.cells[static_cast<std::size_t>(jp.over)],
                           g.cells[static_cast<std::size_t>(jp.to)]});
    }
    return moves;
  };
  auto finish = [&](Solution& s) {
    s.nodes = budget.nodes();
    s.table_entries = searcher.table_entries();
    return s;
  };
  auto gave_up = [&](std::string what) {
    out.status = Status::kGaveUp;
    out.reason = std::string(budget.which()) + " reached after " + plural(budget.nodes(), "position", "positions") +
                 " while " + what;
    if (searcher.best_pegs() < pegs) {
      out.moves = to_moves(searcher.best_path());
      out.pegs_left = searcher.best_pegs();
      out.reason += "; the best sequence found leaves " + plural(static_cast<std::size_t>(out.pegs_left), "peg", "pegs");
    } else {
      out.pegs_left = pegs;
    }
    return finish(out);
  };

  std::string goal_text = target < 0 ? "one peg" : "one peg at the target " + to_string(*state.target);
  if (!class_allows_goal) {
    out.status = Status::kUnsolvable;
    out.reason = "position class (rule of three): " + class_counts(state) +
                 "; each jump changes every count by one, so the parities of a colouring flip together";
    if (!class_allows_anywhere) {
      out.reason += ", and no lone peg in any hole of this board has a matching parity pattern";
    } else {
      std::string ends;
      for (std::size_t k = 0; k < class_ends.size() && k < 6; ++k)
        ends += (k ? ", " : "") + to_string(g.cells[static_cast<std::size_t>(class_ends[k])]);
      if (class_ends.size() > 6) ends += ", ...";
      out.reason += "; a lone peg at the target " + to_string(*state.target) +
                    " does not match (one could end only at " + ends + ")";
    }
  } else {
    Goal goal{1, target};
    std::vector<int> solution;
    bool found = false;
    if (pegs == 1) {
      found = target < 0 || start.test(target);
    } else if (target < 0 && class_ends.size() > 1) {
      found = search_each_end(g, budget, start, class_ends, limits, searcher, solution);
    } else {
      found = searcher.run(start, goal, target >= 0 ? std::vector<int>{target} : class_ends, target_syms, limits.max_table_bytes, limits.seed);
      solution = searcher.path();
    }
    if (found) {
      out.status = Status::kSolved;
      out.moves = to_moves(solution);
      out.pegs_left = 1;
      return finish(out);
    }
    if (budget.exhausted()) return gave_up("searching for " + goal_text);
    out.status = Status::kUnsolvable;
    out.reason = "exhaustive search: no sequence of jumps leaves " + goal_text + " (" +
                 plural(budget.nodes(), "position", "positions") + " searched, " +
                 plural(searcher.table_entries(), "dead position", "dead positions") + " stored";
    if (out.symmetries > 1) out.reason += " up to " + plural(static_cast<std::size_t>(out.symmetries), "symmetry", "symmetries");
    out.reason += ")";
  }
  if (!limits.best) {
    out.pegs_left = pegs;
    return finish(out);
  }

  // Fewest pegs: try k = lower bound .. (fewest seen) - 1; the first k reached is the answer.
  // A one-peg goal anywhere already failed unless there was a target (and the class allows it).
  int k = (target >= 0 && class_allows_anywhere) ? 1 : 2;
  bool reached = false;
  for (; k < std::min(searcher.best_pegs(), pegs); ++k) {
    if (searcher.run(start, Goal{k, -1}, {}, all_syms, limits.max_table_bytes, limits.seed)) {
      reached = true;
      break;
    }
    if (budget.exhausted()) return gave_up("searching for the fewest pegs (" + plural(static_cast<std::size_t>(k), "peg", "pegs") + " or fewer)");
  }
  if (reached) {
    out.moves = to_moves(searcher.path());
    out.pegs_left = k;
  } else if (searcher.best_pegs() < pegs) {
    out.moves = to_moves(searcher.best_path());
    out.pegs_left = searcher.best_pegs();
  } else {
    out.pegs_left = pegs;  // no jump at all is possible
  }
  out.reason += "; the best sequence leaves " + plural(static_cast<std::size_t>(out.pegs_left), "peg", "pegs");
  return finish(out);
}

}  // namespace

Solution solve(const State& state, const Limits& limits) {
  Geometry g = make_geometry(state);
  if (g.holes() <= 64) return solve_with<1>(state, g, limits);
  if (g.holes() <= 128) return solve_with<2>(state, g, limits);
  return solve_with<4>(state, g, limits);  // kMaxHoles = 256, enforced by the readers
}

}  // namespace pb::solvers::pegs
