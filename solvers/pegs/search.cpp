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
//    From a single-vacancy start, each end hole's search is also raced against its complement
//    problem (begin_dual: the game reversed is a game on complements, from the vacancy at the end
//    hole to a lone peg in the start's vacancy), and so is a game with a target. The two halves of
//    one game differ by orders of magnitude in cost: the French sweep went from 2.4 s to ~0.8 s CPU,
//    and French vacancy (1,3) to a peg at (2,0) from over 30 s to 18 ms.
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
//   are millions of positions each. The reversed search alone, raced against the forward one
//   (begin_dual), gets most of its benefit.
// - A table of the positions with few pegs from which the end can be reached (a backward search
//   from the ends), to cut the forward search's bottom levels: measured on the French (3,1) start,
//   under 2% of the positions expanded have 8 pegs or fewer (the bulk has 11 to 18).
// - Canonical forms by mapping each child through every symmetry (a byte-table lookup per 8 holes
//   per symmetry, a tenth of the solver's time): a node keeps its images on the path instead, and a
//   child's are the parent's XOR the jump's images, one XOR per symmetry.

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
// a pivot costs about as much as 16 nodes (French board), so the LPs add at most about a
// quarter to a search they do not help, and cut the ones they do help by orders of magnitude.
constexpr std::uint64_t kFirstPagodaRound = 8192;
constexpr std::uint64_t kPagodaRoundGrowth = 2;
constexpr std::uint64_t kNodesPerPivot = 64;
// A program still unsolved after this many pivots is dropped (a cap, not a tuning: over the French
// sweep the programs took at most 127 pivots, the refuting ones at most 107).
constexpr int kMaxPivotsPerLp = 400;
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
    ord_flip_.clear(), ord_need_.clear();
    for (int j : order_) ord_flip_.push_back(flip_[static_cast<std::size_t>(j)]), ord_need_.push_back(need_[static_cast<std::size_t>(j)]);
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
      for (std::size_t k = 0; k < sym_count_; ++k) images_[k] = image(k, start_);
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
  // Takes over another search's best sequence (for the portfolio). `best` is o's best_path() in
  // this search's hole numbering (mapped back when o searched an image).
  void merge(const Searcher& o, const std::vector<int>& best) {
    if (o.best_pegs_ < best_pegs_) best_pegs_ = o.best_pegs_, best_path_ = best;
  }
  // Adds another search's table to the count.
  void count_table(const Searcher& o) {
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
    // The legal jumps (from and over hold pegs, to is empty) as a bit mask over order_, 64 jumps at
    // a time: branch-free, since whether a jump is legal is a coin flip to the branch predictor, and
    // each test independent of the others.
    const Bits<W>* images = images_.data() + static_cast<std::size_t>(depth) * sym_count_;
    const std::size_t jumps = order_.size();
    for (std::size_t base = 0; base < jumps; base += 64) {
      const std::size_t n = std::min<std::size_t>(64, jumps - base);
      std::uint64_t legal = 0;
      for (std::size_t k = 0; k < n; ++k)
        legal |= static_cast<std::uint64_t>((s & ord_flip_[base + k]) == ord_need_[base + k]) << k;
      for (; legal != 0; legal &= legal - 1) {
        const int j = order_[base + static_cast<std::size_t>(std::countr_zero(legal))];
        if (pagodas_ > 0) {
          const double* d = &delta_[static_cast<std::size_t>(j) * kMaxPagodas];
          bool dead = false;
          for (int k = 0; k < kMaxPagodas; ++k) dead |= sums[k] + d[k] < threshold_[static_cast<std::size_t>(k)];
          if (dead) continue;  // the pegs left can never gather in an end hole
        }
        const Bits<W> child = s ^ flip_[static_cast<std::size_t>(j)];
        // The child's images are the parent's with the jump's image flipped: sym_count_ XORs.
        Bits<W> child_key = child;
        const Bits<W>* flips = sym_flip_.data() + static_cast<std::size_t>(j) * sym_count_;
        for (std::size_t k = 0; k < sym_count_; ++k) {
          const Bits<W> image = images[k] ^ flips[k];
          if (image < child_key) child_key = image;
        }
        table_->prefetch(child_key);
        children_.push_back({j, child, child_key});
      }
    }
    const std::size_t last = children_.size();
    // Jumps towards the end hole (Conway's weights: they keep the sum) before the others; the
    // shuffled order breaks ties, so restarts still differ. An insertion sort: a dozen children,
    // and std::stable_sort allocated a buffer per node.
    // Not in the first restart: the natural order solves centred starts sooner.
    if (round_ > 1)
      for (std::size_t c = first + 1; c < last; ++c) {
        const Child ch = children_[c];
        const double r = rank_[static_cast<std::size_t>(ch.jump)];
        std::size_t i = c;
        for (; i > first && rank_[static_cast<std::size_t>(children_[i - 1].jump)] < r; --i) children_[i] = children_[i - 1];
        children_[i] = ch;
      }
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
      {
        Bits<W>* child_images = images_.data() + static_cast<std::size_t>(depth + 1) * sym_count_;
        const Bits<W>* flips = sym_flip_.data() + static_cast<std::size_t>(ch.jump) * sym_count_;
        for (std::size_t k = 0; k < sym_count_; ++k) child_images[k] = images[k] ^ flips[k];
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
    sym_count_ = sym_tables_.size();
    sym_flip_.clear();
    for (const Bits<W>& f : flip_)
      for (std::size_t k = 0; k < sym_count_; ++k) sym_flip_.push_back(image(k, f));
    images_.assign(static_cast<std::size_t>(g_.holes() + 1) * sym_count_, Bits<W>{});
  }

  // The image of `s` under the k-th non-identity symmetry in use.
  Bits<W> image(std::size_t k, const Bits<W>& s) const {
    Bits<W> out;
    for (int c = 0; c < chunks_; ++c) out |= sym_tables_[k][static_cast<std::size_t>(c) * 256 + s.byte(c)];
    return out;
  }

  // The least of `s` and its images: the form stored in the table. (Inside the search a child's
  // is found from its parent's images instead.)
  Bits<W> canonical(const Bits<W>& s) const {
    Bits<W> best = s;
    for (std::size_t k = 0; k < sym_count_; ++k) best = std::min(best, image(k, s));
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
  std::size_t sym_count_ = 0;        // non-identity symmetries in use
  std::vector<Bits<W>> sym_flip_;    // jump-major: each jump's flip under each symmetry in use
  std::vector<Bits<W>> images_;      // depth-major: the images of the position on the path
  std::vector<Bits<W>> ord_flip_, ord_need_;  // flip_ and need_ in order_'s order
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

// The symmetries (indices into g.symmetries) that leave `hole` in place: those usable with a goal
// of one peg in it.
std::vector<int> syms_fixing(const Geometry& g, int hole) {
  std::vector<int> out;
  for (int k = 0; k < static_cast<int>(g.symmetries.size()); ++k)
    if (g.symmetries[static_cast<std::size_t>(k)][static_cast<std::size_t>(hole)] == hole) out.push_back(k);
  return out;
}

// Every hole of the board.
template <int W>
Bits<W> all_holes(const Geometry& g) {
  Bits<W> all;
  for (int h = 0; h < g.holes(); ++h) all |= Bits<W>::bit(h);
  return all;
}

// The one empty hole of `start`, or -1 when it has none or several.
template <int W>
int lone_vacancy(const Geometry& g, const Bits<W>& start) {
  const Bits<W> vacant = all_holes<W>(g) ^ start;
  int hole = -1;
  if (vacant.count() == 1) vacant.for_each([&](int h) { hole = h; });
  return hole;
}

// The complement problem (see search_each_end) of "vacancy v to one peg at t": from the vacancy t
// to one peg at v, solved in reverse. Its solution read backwards is one of the original, jump for
// jump: a jump a over b into c takes the complement of the position after it to the complement of
// the position before it.
template <int W>
void begin_dual(Searcher<W>& s, const Geometry& g, int vacancy, int end, std::size_t table_bytes, std::uint64_t seed) {
  s.begin(all_holes<W>(g) ^ Bits<W>::bit(end), Goal{1, vacancy}, {vacancy}, syms_fixing(g, vacancy), table_bytes, seed);
}

// "One peg anywhere" as a portfolio:
// - the joint search for the start (one table, pagodas that must keep every class-allowed end open)
//   runs alone for kJointHeadStart nodes: most starts end there;
// - then the joint search for every distinct symmetric image g(start) (ends mapped by g), each alone
//   for a head start of the same length: an image is the same problem, but the time to a first
//   solution is luck in the jump order and an image meets the jumps in another order (the natural
//   order solves French (2,0) in 5 k nodes, some of its images only after millions). An image's
//   solution is mapped back by g^-1, jump by jump. Images stop after their head start: keeping them
//   in the round robin below cost more than it found (French sweep over six seeds: 14.7 s against
//   11.1 s CPU);
// - then, a restart each in round robin (each on its own Luby schedule, so the total is about
//   searches x the fastest), the joint search and, for every end hole the class allows (nearest the
//   centre first): a search for one peg in that hole, with its own Conway and LP pagodas, which cut
//   far more than functions that must keep every end open; and from a single-vacancy start the
//   complement problem of that end (begin_dual), whose cost differs from the forward one's by
//   orders of magnitude either way (French sweep 2.4 s -> ~0.8 s CPU).
// Exact: solved when any search reaches its end; unsolvable when a joint search ran to its end or,
// for every end, its search or its complement did (each is the whole question for that end). The
// node budget is shared; the table memory (max_table_bytes) goes half to the joint search, which
// runs alone first and ends most starts, and half split between the others.
template <int W>
bool search_each_end(const Geometry& g, Budget& budget, const Bits<W>& start, std::vector<int> ends,
                     const Limits& limits, Searcher<W>& main, std::vector<int>& solution) {
  using Step = typename Searcher<W>::Step;
  double cr = 0, cc = 0;
  for (const Cell& c : g.cells) cr += c.row, cc += c.col;
  cr /= g.holes(), cc /= g.holes();
  auto dist = [&](int h) {
    const Cell& c = g.cells[static_cast<std::size_t>(h)];
    return std::abs(c.row - cr) + std::abs(c.col - cc);
  };
  std::stable_sort(ends.begin(), ends.end(), [&](int a, int b) { return dist(a) < dist(b); });
  // Complement problems need a single-vacancy start (see begin_dual).
  const int vacancy = lone_vacancy(g, start);
  std::size_t others = 0;
  for (int t : ends) others += vacancy >= 0 && vacancy != t ? 2 : 1;
  const std::size_t joint_bytes = limits.max_table_bytes / 2;
  const std::size_t table_bytes = (limits.max_table_bytes - joint_bytes) / others;
  std::vector<int> all_syms;
  for (int k = 0; k < static_cast<int>(g.symmetries.size()); ++k) all_syms.push_back(k);

  main.begin(start, Goal{1, -1}, ends, all_syms, joint_bytes, limits.seed);
  for (;;) {
    const Step st = main.step();
    if (st == Step::kFound) {
      solution = main.path();
      return true;
    }
    if (st != Step::kGoOn) return false;  // proved for every end at once, or stopped
    if (budget.nodes() >= kJointHeadStart) break;
  }

  // The images' head starts, one after the other. Distinct images only; the identity was above.
  std::vector<Bits<W>> seen{start};
  for (int k = 1; k < static_cast<int>(g.symmetries.size()); ++k) {
    const std::vector<int>& perm = g.symmetries[static_cast<std::size_t>(k)];
    Bits<W> image;
    start.for_each([&](int h) { image |= Bits<W>::bit(perm[static_cast<std::size_t>(h)]); });
    if (std::find(seen.begin(), seen.end(), image) != seen.end()) continue;
    seen.push_back(image);
    std::vector<int> mapped;
    for (int t : ends) mapped.push_back(perm[static_cast<std::size_t>(t)]);
    // Maps a path on the image back to the start: each jump's holes through g^-1.
    auto map_back = [&](const std::vector<int>& path) {
      std::vector<int> inv(perm.size());
      for (std::size_t h = 0; h < perm.size(); ++h) inv[static_cast<std::size_t>(perm[h])] = static_cast<int>(h);
      std::vector<int> out;
      for (int j : path) {
        const Jump& jp = g.jumps[static_cast<std::size_t>(j)];
        const int from = inv[static_cast<std::size_t>(jp.from)], to = inv[static_cast<std::size_t>(jp.to)];
        for (int i : g.into[static_cast<std::size_t>(to)])
          if (g.jumps[static_cast<std::size_t>(i)].from == from) out.push_back(i);
      }
      return out;
    };
    Searcher<W> s(g, budget);
    s.begin(image, Goal{1, -1}, mapped, all_syms, joint_bytes, limits.seed);
    Step st = Step::kGoOn;
    for (const std::uint64_t stop = budget.nodes() + kJointHeadStart; st == Step::kGoOn && budget.nodes() < stop;)
      st = s.step();
    main.merge(s, map_back(s.best_path()));
    main.count_table(s);
    if (st == Step::kFound) {
      solution = map_back(s.path());
      return true;
    }
    if (st != Step::kGoOn) return false;  // proved for every end at once, or stopped
  }

  // The round robin: the joint search, then per end its search and its complement problem.
  struct Entry {
    std::unique_ptr<Searcher<W>> search;
    std::size_t end = 0;  // index into ends
    bool dual = false;    // the complement problem: its path is read backwards
    bool open = true;
  };
  std::vector<Entry> searches;
  for (std::size_t e = 0; e < ends.size(); ++e) {
    const int t = ends[e];
    searches.push_back({std::make_unique<Searcher<W>>(g, budget), e, false, true});
    searches.back().search->begin(start, Goal{1, t}, {t}, syms_fixing(g, t), table_bytes, limits.seed);
    if (vacancy >= 0 && vacancy != t) {
      searches.push_back({std::make_unique<Searcher<W>>(g, budget), e, true, true});
      begin_dual(*searches.back().search, g, vacancy, t, table_bytes, limits.seed);
    }
  }
  std::vector<bool> end_proved(ends.size(), false);
  std::size_t ends_left = ends.size();
  bool found = false, done = false, main_open = true;
  while (!done && !found && !budget.exhausted()) {
    if (main_open) {
      const Step st = main.step();
      if (st == Step::kFound) {
        found = true;
        solution = main.path();
      } else if (st == Step::kProved) {
        done = true;  // the joint search covers every end
      }
      main_open = st == Step::kGoOn;
    }
    for (std::size_t i = 0; i < searches.size() && !done && !found && !budget.exhausted(); ++i) {
      Entry& en = searches[i];
      if (!en.open || end_proved[en.end]) continue;
      const Step st = en.search->step();
      if (st == Step::kFound) {
        found = true;
        solution = en.search->path();
        if (en.dual) std::reverse(solution.begin(), solution.end());
      } else if (st == Step::kProved) {
        en.open = false;
        end_proved[en.end] = true;
        done = --ends_left == 0;
      }
    }
  }
  for (const Entry& en : searches) {
    if (!en.dual) main.merge(*en.search, en.search->best_path());  // a dual's is no path of the start
    main.count_table(*en.search);
  }
  return found;
}

// One peg at a target from a single-vacancy start: the search and its complement problem (see
// begin_dual), a restart each in turn. They are one problem seen from its two ends, and the time
// to a solution differs by orders of magnitude between them (French: vacancy (1,3) to a peg at
// (2,0) takes over 30 s CPU forwards, its complement 18 ms), so racing them costs at most twice the
// faster one. Either proves the other: unsolvable as soon as one runs to its end.
template <int W>
bool search_with_dual(const Geometry& g, Budget& budget, const Bits<W>& start, int target, int vacancy,
                      const Limits& limits, Searcher<W>& main, std::vector<int>& solution) {
  using Step = typename Searcher<W>::Step;
  const std::size_t table_bytes = limits.max_table_bytes / 2;
  main.begin(start, Goal{1, target}, {target}, syms_fixing(g, target), table_bytes, limits.seed);
  Searcher<W> dual(g, budget);
  begin_dual(dual, g, vacancy, target, table_bytes, limits.seed);
  bool found = false;
  for (;;) {
    Step st = main.step();
    if (st == Step::kFound) {
      solution = main.path();
      found = true;
      break;
    }
    if (st != Step::kGoOn) break;  // proved for both, or stopped
    st = dual.step();
    if (st == Step::kFound) {
      solution = dual.path();
      std::reverse(solution.begin(), solution.end());
      found = true;
      break;
    }
    if (st != Step::kGoOn) break;
  }
  main.count_table(dual);
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
    give_up(out, budget.hit(), "after " + plural(budget.nodes(), "position", "positions") + " while " + what);
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
    } else if (const int vacancy = lone_vacancy(g, start); target >= 0 && vacancy >= 0 && vacancy != target) {
      found = search_with_dual(g, budget, start, target, vacancy, limits, searcher, solution);
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
