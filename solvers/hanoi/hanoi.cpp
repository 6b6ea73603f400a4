/* hanoi.cpp: Tower of Hanoi rules, the 3-rod optimal plan, Frame-Stewart, and exact search. */
#include "solvers/hanoi/hanoi.hpp"

// Rejected designs:
// - Exact search for 3 rods too: 3^n positions; the recursion below is optimal and linear in its
//   output, so search only serves the tests as a yardstick.
// - Dropping the largest disks already in place before a 4+-rod search: true for 3 rods, but not
//   proved here for arbitrary 4+-rod positions, so the search keeps every disk.
// - Listing every move whatever n is: a 30-disk tower is a billion moves and gigabytes of JSON;
//   kMaxListedMoves caps the list while the count stays exact.

#include <algorithm>
#include <array>
#include <bit>
#include <charconv>
#include <functional>

#include "core/json.hpp"
#include "solvers/common/replay.hpp"
#include "solvers/common/search.hpp"

namespace pb::solvers::hanoi {
namespace {

constexpr std::uint64_t kSaturated = ~std::uint64_t{0};

std::uint64_t sat_add(std::uint64_t a, std::uint64_t b) { return a > kSaturated - b ? kSaturated : a + b; }

std::uint64_t pow2_minus_1(int k) { return k >= 64 ? kSaturated : (std::uint64_t{1} << k) - 1; }

// Frame-Stewart: cost[k][p] moves for a k-disk tower with p rods, split[k][p] the disks parked on
// a spare rod first (they then stay put while the other k - split disks use the p - 1 other rods).
struct FsTable {
  std::array<std::array<std::uint64_t, kMaxRods + 1>, kMaxDisks + 1> cost{};
  std::array<std::array<int, kMaxRods + 1>, kMaxDisks + 1> split{};
};

const FsTable& fs_table() {
  static const FsTable table = [] {
    FsTable t;
    for (int k = 0; k <= kMaxDisks; ++k) t.cost[k][3] = pow2_minus_1(k);
    for (int p = 4; p <= kMaxRods; ++p)
      for (int k = 1; k <= kMaxDisks; ++k) {
        t.cost[k][p] = t.cost[k][p - 1];  // split 0: leave one rod unused
        t.split[k][p] = 0;
        for (int s = 1; s < k; ++s) {
          std::uint64_t c = sat_add(sat_add(t.cost[s][p], t.cost[s][p]), t.cost[k - s][p - 1]);
          if (c < t.cost[k][p]) {
            t.cost[k][p] = c;
            t.split[k][p] = s;
          }
        }
      }
    return t;
  }();
  return table;
}

// Collects moves, ticking the budget once per move so deadlines hold for long lists.
struct Emitter {
  std::vector<Move>& out;
  Budget& budget;
  bool stopped = false;
  void emit(int from, int to) {
    if (stopped) return;
    if (!budget.tick()) {
      stopped = true;
      return;
    }
    out.push_back({from, to});
  }
};

// The classic recursion: the top k disks of `from` to `to` via `via`.
void tower(int k, int from, int to, int via, Emitter& em) {
  if (k == 0 || em.stopped) return;
  tower(k - 1, from, via, to, em);
  em.emit(from, to);
  tower(k - 1, via, to, from, em);
}

// Frame-Stewart's plan for the top k disks of `from` to `to`, using the rods in `mask`.
void frame_stewart_moves(int k, int from, int to, std::uint32_t mask, Emitter& em) {
  if (k == 0 || em.stopped) return;
  if (k == 1) {
    em.emit(from, to);
    return;
  }
  const int p = std::popcount(mask);
  std::uint32_t spare_mask = mask & ~(1u << from) & ~(1u << to);
  const int spare = std::countr_zero(spare_mask);
  if (p == 3) {
    tower(k, from, to, spare, em);
    return;
  }
  const int s = fs_table().split[k][p];
  if (s == 0) {
    frame_stewart_moves(k, from, to, mask & ~(1u << spare), em);
    return;
  }
  frame_stewart_moves(s, from, spare, mask, em);
  frame_stewart_moves(k - s, from, to, mask & ~(1u << spare), em);
  frame_stewart_moves(s, spare, to, mask, em);
}

// 3 rods: moves to gather disks 0..m-1 of `cur` onto `rod` (exact minimum; `cur` is updated).
std::uint64_t gather_cost(const Config& cfg, int m, int rod) {
  std::uint64_t cost = 0;
  for (int d = m - 1; d >= 0; --d)
    if (cfg[d] != rod) {
      cost += std::uint64_t{1} << d;  // park the smaller ones elsewhere, move d, restack: 2^d
      rod = 3 - cfg[d] - rod;
    }
  return cost;
}

void gather(Config& cur, int m, int rod, Emitter& em) {
  for (int d = m - 1; d >= 0; --d) {
    if (cur[d] == rod) continue;
    const int from = cur[d];
    const int other = 3 - from - rod;
    gather(cur, d, other, em);
    em.emit(from, rod);
    tower(d, other, rod, from, em);
    for (int e = 0; e <= d; ++e) cur[e] = static_cast<std::uint8_t>(rod);
    return;
  }
}

// Moves from a tower of disks 0..m-1 on `rod` to the position `cfg`: a gather run backwards.
void scatter(const Config& cfg, int m, int rod, Emitter& em) {
  std::vector<Move> back;
  Emitter rev{back, em.budget};
  Config cur = cfg;
  gather(cur, m, rod, rev);
  if (rev.stopped) em.stopped = true;
  for (auto it = back.rbegin(); it != back.rend(); ++it) em.emit(it->to, it->from);
}

std::string rod_name(int p) { return "rod " + std::to_string(p); }

Solution too_long(Solution sol) {
  sol.status = Status::kGaveUp;
  sol.counted = true;
  sol.reason = "the shortest solution has " + std::to_string(sol.min_moves) +
               " moves, more than the " + std::to_string(kMaxListedMoves) +
               " this program lists (a 22-disk 3-rod tower)";
  return sol;
}

Solution finish(Solution sol, const Emitter& em) {
  if (em.stopped) {
    give_up(sol, em.budget.hit(), "while listing moves");
    sol.moves.clear();
  } else {
    sol.status = Status::kSolved;
  }
  sol.nodes = em.budget.nodes();
  return sol;
}

Solution three_rods(const State& st, const Config& goal, const Limits& limits) {
  Solution sol;
  sol.method = "3-peg recursion";  // a --json stats value scripts may compare: kept as before the rods were renamed
  sol.counted = true;
  int k = st.disks() - 1;
  while (k >= 0 && st.config[k] == goal[k]) --k;
  Budget budget(limits);
  Emitter em{sol.moves, budget};
  if (k < 0) return finish(sol, em);
  const int a = st.config[k], b = goal[k], c = 3 - a - b;
  // Plan 1: k moves once, a -> b, while the smaller disks wait on c.
  // Plan 2: k moves twice, a -> c -> b, the smaller disks waiting on b, then on a.
  const std::uint64_t once = gather_cost(st.config, k, c) + 1 + gather_cost(goal, k, c);
  const std::uint64_t twice = gather_cost(st.config, k, b) + 1 + pow2_minus_1(k) + 1 +
                              gather_cost(goal, k, a);
  sol.min_moves = std::min(once, twice);
  if (sol.min_moves > kMaxListedMoves) return too_long(sol);
  sol.moves.reserve(sol.min_moves);
  Config cur = st.config;
  if (once <= twice) {
    gather(cur, k, c, em);
    em.emit(a, b);
    scatter(goal, k, c, em);
  } else {
    gather(cur, k, b, em);
    em.emit(a, c);
    tower(k, b, a, c, em);
    em.emit(c, b);
    scatter(goal, k, a, em);
  }
  return finish(sol, em);
}

// The exact-search view of Hanoi: a position packed 4 bits per disk.
struct SearchProblem {
  using State = std::uint64_t;
  using Move = hanoi::Move;
  int rods = 4;
  int disks = 0;
  std::uint64_t goal = 0;

  static int rod_of(std::uint64_t key, int d) { return static_cast<int>((key >> (4 * d)) & 15u); }
  bool is_goal(std::uint64_t key) const { return key == goal; }
  void successors(std::uint64_t key, std::vector<search::Edge<State, Move>>& out) const {
    std::array<int, kMaxRods> top;
    top.fill(disks);  // "empty": larger than any disk
    for (int d = disks - 1; d >= 0; --d) top[rod_of(key, d)] = d;
    for (int from = 0; from < rods; ++from) {
      const int d = top[from];
      if (d == disks) continue;
      for (int to = 0; to < rods; ++to)
        if (to != from && top[to] > d)
          out.push_back({{from, to}, (key & ~(std::uint64_t{15} << (4 * d))) |
                                         (static_cast<std::uint64_t>(to) << (4 * d)), 1});
    }
  }
  // Every disk not on its goal rod must move at least once.
  search::Cost heuristic(std::uint64_t key) const {
    search::Cost h = 0;
    for (int d = 0; d < disks; ++d) h += rod_of(key, d) != rod_of(goal, d);
    return h;
  }
};

std::uint64_t pack(const Config& cfg) {
  std::uint64_t key = 0;
  for (std::size_t d = 0; d < cfg.size(); ++d) key |= static_cast<std::uint64_t>(cfg[d]) << (4 * d);
  return key;
}

bool is_tower(const Config& cfg) {
  return std::all_of(cfg.begin(), cfg.end(), [&](std::uint8_t p) { return p == cfg.front(); });
}

}  // namespace

std::uint64_t frame_stewart(int disks, int rods) {
  if (disks <= 0) return 0;
  if (rods < 3 || rods > kMaxRods || disks > kMaxDisks) return kSaturated;
  return fs_table().cost[disks][rods];
}

int State::top(int rod) const {
  for (int d = 0; d < disks(); ++d)
    if (config[d] == rod) return d;
  return -1;
}

Result<State> parse(const TextBoard& board) {
  if (auto r = board.check_params({"goal"}); !r) return r.error();
  const int rods = static_cast<int>(board.rows.size());
  if (rods < 3)
    return board.header_error("a Tower of Hanoi needs at least 3 rods, one line each (`-` for empty); got " +
                              std::to_string(rods));
  if (rods > kMaxRods)
    return board.error_at(board.rows[kMaxRods].line, 0,
                          "more than " + std::to_string(kMaxRods) + " rods");
  auto goal = board.int_param("goal", rods - 1, 0, rods - 1);
  if (!goal) return goal.error();
  struct Seen {
    int rod = -1;
    int line = 0;
    int col = 0;
  };
  std::vector<Seen> seen(kMaxDisks + 1);
  int n = 0;
  for (int p = 0; p < rods; ++p) {
    const TextLine& row = board.rows[p];
    int below = kMaxDisks + 1;
    bool empty_mark = false;
    int count = 0;
    for (const auto& [word, col] : words(row.text)) {
      if (word == "-") {
        empty_mark = true;
        if (count > 0) return board.error_at(row.line, col, "`-` marks an empty rod; this one has disks");
        continue;
      }
      if (empty_mark) return board.error_at(row.line, col, "`-` marks an empty rod; this one has disks");
      int d = 0;
      auto [end, ec] = std::from_chars(word.data(), word.data() + word.size(), d);
      if (ec != std::errc() || end != word.data() + word.size() || d < 1 || d > kMaxDisks)
        return board.error_at(row.line, col, "'" + std::string(word) + "' is not a disk number (1.." +
                                                 std::to_string(kMaxDisks) + ", 1 the smallest)");
      if (seen[d].rod >= 0)
        return board.error_at(row.line, col, "disk " + std::to_string(d) + " appears twice (also at line " +
                                                 std::to_string(seen[d].line) + ":" +
                                                 std::to_string(seen[d].col) + ")");
      if (d > below)
        return board.error_at(row.line, col, "disk " + std::to_string(d) + " lies on the smaller disk " +
                                                 std::to_string(below) + ": list disks bottom to top");
      seen[d] = {p, row.line, col};
      below = d;
      n = std::max(n, d);
      ++count;
    }
  }
  State st;
  st.rods = rods;
  st.goal = static_cast<int>(*goal);
  st.config.resize(static_cast<std::size_t>(n));
  for (int d = 1; d <= n; ++d) {
    if (seen[d].rod < 0)
      return board.error_at(seen[n].line, seen[n].col,
                            "disk " + std::to_string(d) + " is missing: disks are numbered 1.." +
                                std::to_string(n) + " with none left out");
    st.config[d - 1] = static_cast<std::uint8_t>(seen[d].rod);
  }
  return st;
}

std::string format(const State& st) {
  std::string out = "hanoi goal=" + std::to_string(st.goal) + "\n";
  for (int p = 0; p < st.rods; ++p) {
    std::string line;
    for (int d = st.disks() - 1; d >= 0; --d)
      if (st.config[d] == p) {
        if (!line.empty()) line += ' ';  // (not `"" + std::string&&`: GCC 12 warns falsely, -Wrestrict)
        line += std::to_string(d + 1);
      }
    out += (line.empty() ? "-" : line) + "\n";
  }
  return out;
}

Result<State> apply(const State& st, Move m) {
  if (m.from < 0 || m.from >= st.rods || m.to < 0 || m.to >= st.rods)
    return make_error("no such rod in [" + std::to_string(m.from) + "," + std::to_string(m.to) +
                      "]: rods are 0.." + std::to_string(st.rods - 1));
  if (m.from == m.to) return make_error("a move must go to another rod");
  const int d = st.top(m.from);
  if (d < 0) return make_error(rod_name(m.from) + " is empty");
  const int under = st.top(m.to);
  if (under >= 0 && under < d)
    return make_error("disk " + std::to_string(d + 1) + " cannot go on the smaller disk " +
                      std::to_string(under + 1));
  State next = st;
  next.config[d] = static_cast<std::uint8_t>(m.to);
  return next;
}

Result<void> check_solution(const State& st, const Config& goal, const std::vector<Move>& moves) {
  auto end = replay_moves(st, moves, apply);
  if (!end) return end.error();
  if (end->config != goal) return make_error("the moves end in another position than the goal");
  return {};
}

Result<void> check_solution(const State& st, const std::vector<Move>& moves) {
  return check_solution(st, Config(st.config.size(), static_cast<std::uint8_t>(st.goal)), moves);
}

Solution solve_by_search(const State& st, const Config& goal, const Limits& limits, bool use_bfs) {
  Solution sol;
  sol.method = use_bfs ? "BFS" : "A* search";
  if (st.disks() > kMaxSearchDisks) {
    sol.reason = "exact search handles at most " + std::to_string(kMaxSearchDisks) + " disks";
    return sol;
  }
  Limits capped = limits;
  capped.max_table_bytes = std::min(limits.max_table_bytes, kMaxSearchTableBytes);
  SearchProblem problem{st.rods, st.disks(), pack(goal)};
  auto r = use_bfs ? search::bfs(problem, pack(st.config), capped)
                   : search::astar(problem, pack(st.config), capped);
  sol.nodes = r.nodes;
  switch (r.status) {
    case search::SearchStatus::kFound:
      sol.status = Status::kSolved;
      sol.counted = true;
      sol.moves = std::move(r.path);
      sol.min_moves = sol.moves.size();
      break;
    case search::SearchStatus::kExhausted:  // cannot happen: every position reaches every other
      sol.status = Status::kUnsolvable;
      sol.reason = "the goal position is not reachable (searched all " + std::to_string(r.stored) +
                   " positions)";
      break;
    case search::SearchStatus::kLimit:
      give_up(sol, r.limit,
              "after " + std::to_string(r.stored) + " positions of exact search" +
                  (r.limit == Limit::kTableMemory ? " (capped at 256 MiB)" : ""));
      break;
  }
  return sol;
}

Solution solve_to(const State& st, const Config& goal, const Limits& limits) {
  if (goal.size() != st.config.size() ||
      std::any_of(goal.begin(), goal.end(), [&](std::uint8_t p) { return p >= st.rods; })) {
    Solution sol;
    sol.status = Status::kUnsolvable;
    sol.reason = "the goal has other disks or rods than the board";
    return sol;
  }
  if (st.rods == 3) return three_rods(st, goal, limits);
  if (st.config.empty() || st.config == goal) {
    Solution sol;
    sol.status = Status::kSolved;
    sol.counted = true;
    sol.method = "already solved";
    return sol;
  }
  if (is_tower(st.config) && is_tower(goal)) {
    Solution sol;
    sol.method = "Frame-Stewart";
    sol.counted = true;
    sol.min_moves = frame_stewart(st.disks(), st.rods);
    if (sol.min_moves > kMaxListedMoves) return too_long(sol);
    Budget budget(limits);
    Emitter em{sol.moves, budget};
    sol.moves.reserve(sol.min_moves);
    frame_stewart_moves(st.disks(), st.config.front(), goal.front(), (1u << st.rods) - 1, em);
    return finish(sol, em);
  }
  if (st.disks() > kMaxSearchDisks) {
    Solution sol;
    sol.status = Status::kGaveUp;
    sol.reason = "with 4 or more rods only a tower is solved for any n; from other positions exact "
                 "search handles at most " + std::to_string(kMaxSearchDisks) + " disks";
    return sol;
  }
  return solve_by_search(st, goal, limits, false);
}

Solution solve(const State& st, const Limits& limits) {
  return solve_to(st, Config(st.config.size(), static_cast<std::uint8_t>(st.goal)), limits);
}

}  // namespace pb::solvers::hanoi

// Turns a Hanoi Solution into the command line's Outcome (moves are [from, to] rods).

namespace pb::solvers::hanoi {
namespace {

// A person reads the first moves; the JSON always has them all.
constexpr std::size_t kTextMoves = 200;

}  // namespace

Outcome outcome(const State& state, const Solution& sol) {
  Outcome out = outcome_of(sol);
  set_int_pair_moves(out, sol.moves, [](const Move& m) { return std::pair{m.from, m.to}; });
  if (sol.status == Status::kSolved) {
    std::string text;
    for (std::size_t i = 0; i < sol.moves.size() && i < kTextMoves; ++i) {
      if (i) text += ' ';
      text += std::to_string(sol.moves[i].from) + "->" + std::to_string(sol.moves[i].to);
    }
    if (sol.moves.size() > kTextMoves)
      text += " ... (" + std::to_string(sol.moves.size() - kTextMoves) + " more of " +
              std::to_string(sol.moves.size()) + ": --json lists them all)";
    out.moves_text = sol.moves.empty() ? "already solved" : text;
  }
  if (sol.counted) out.stats.emplace_back("min_moves", std::to_string(sol.min_moves));
  if (!sol.method.empty()) out.stats.emplace_back("method", json::quote(sol.method));
  // The stats key is --json output (docs/FORMATS.md: extend, never break): it keeps its first name.
  out.stats.emplace_back("pegs", std::to_string(state.rods));
  out.stats.emplace_back("disks", std::to_string(state.disks()));
  return out;
}

const Game kGame = game_entry<Spec>("Tower of Hanoi (any rods, any legal position)");

}  // namespace pb::solvers::hanoi
