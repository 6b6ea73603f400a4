/* river.cpp: guards-and-prisoners rules and the fewest-trips search. */
#include "solvers/river/river.hpp"

// Rejected: a closed formula for the minimum trips. Known ones cover only the all-on-one-bank start
// and some capacities; breadth-first search over (left guards, left prisoners, boat side) is exact
// for every position and small: at most 2 * 1001 * 1001 positions here.

#include <algorithm>
#include <charconv>
#include <functional>

#include "core/json.hpp"
#include "solvers/common/replay.hpp"
#include "solvers/common/search.hpp"

namespace pb::solvers::river {
namespace {

// The position as the search sees it (totals and capacity live in the problem).
struct Key {
  std::int32_t left_guards;
  std::int32_t left_prisoners;
  bool boat_left;
  friend bool operator==(const Key&, const Key&) = default;
};

}  // namespace
}  // namespace pb::solvers::river

template <>
struct std::hash<pb::solvers::river::Key> {
  std::size_t operator()(const pb::solvers::river::Key& k) const noexcept {
    return (static_cast<std::size_t>(k.left_guards) * 1'000'003u + static_cast<std::size_t>(k.left_prisoners)) * 2u +
           (k.boat_left ? 1u : 0u);
  }
};

namespace pb::solvers::river {
namespace {

State with(const State& base, const Key& k) {
  State s = base;
  s.left_guards = k.left_guards;
  s.left_prisoners = k.left_prisoners;
  s.boat_left = k.boat_left;
  return s;
}

// Where the boat lands and what the banks then hold; no rule checks.
State sail(const State& s, Move m) {
  State next = s;
  const int sign = s.boat_left ? -1 : 1;
  next.left_guards += sign * m.guards;
  next.left_prisoners += sign * m.prisoners;
  next.boat_left = !s.boat_left;
  return next;
}

bool legal(const State& s, Move m) {
  const int here_g = s.boat_left ? s.left_guards : s.right_guards();
  const int here_p = s.boat_left ? s.left_prisoners : s.right_prisoners();
  if (m.guards < 0 || m.prisoners < 0 || m.guards + m.prisoners < 1 ||
      m.guards + m.prisoners > s.boat || m.guards > here_g || m.prisoners > here_p)
    return false;
  State n = sail(s, m);
  return safe(n.left_guards, n.left_prisoners) && safe(n.right_guards(), n.right_prisoners());
}

struct Problem {
  using State = Key;
  using Move = river::Move;
  river::State base;

  bool is_goal(const Key& k) const { return k.left_guards == 0 && k.left_prisoners == 0; }
  void successors(const Key& k, std::vector<search::Edge<Key, Move>>& out) const {
    const river::State s = with(base, k);
    const int here_g = s.boat_left ? s.left_guards : s.right_guards();
    const int here_p = s.boat_left ? s.left_prisoners : s.right_prisoners();
    for (int g = 0; g <= std::min(here_g, s.boat); ++g)
      for (int p = 0; p <= std::min(here_p, s.boat - g); ++p) {
        const Move m{g, p};
        if (!legal(s, m)) continue;
        const river::State n = sail(s, m);
        out.push_back({m, Key{n.left_guards, n.left_prisoners, n.boat_left}, 1});
      }
  }
};

static_assert(search::Problem<Problem>);

std::string bank(int g, int p) { return std::to_string(g) + " guards and " + std::to_string(p) + " prisoners"; }

}  // namespace

bool safe(int guards, int prisoners) { return guards == 0 || prisoners <= guards; }

Result<State> parse(const TextBoard& board) {
  if (auto r = board.check_params({"guards", "prisoners", "boat"}); !r) return r.error();
  auto g = board.int_param("guards", 3, 0, kMaxPeople);
  if (!g) return g.error();
  auto p = board.int_param("prisoners", 3, 0, kMaxPeople);
  if (!p) return p.error();
  auto b = board.int_param("boat", 2, 1, kMaxBoat);
  if (!b) return b.error();
  State st;
  st.guards = static_cast<int>(*g);
  st.prisoners = static_cast<int>(*p);
  st.boat = static_cast<int>(*b);
  st.left_guards = st.guards;
  st.left_prisoners = st.prisoners;
  st.boat_left = true;
  if (board.rows.size() > 1)
    return board.error_at(board.rows[1].line, 1,
                          "only one position line is allowed: `left=G,P side=L`");
  if (!board.rows.empty()) {
    const TextLine& row = board.rows[0];
    bool have_left = false, have_side = false;
    for (const auto& [word, col] : words(row.text)) {
      if (word.starts_with("left=") && !have_left) {
        std::string_view v = word.substr(5);
        auto comma = v.find(',');
        int lg = -1, lp = -1;
        bool ok = comma != std::string_view::npos;
        if (ok) {
          auto [e1, c1] = std::from_chars(v.data(), v.data() + comma, lg);
          auto [e2, c2] = std::from_chars(v.data() + comma + 1, v.data() + v.size(), lp);
          ok = c1 == std::errc() && e1 == v.data() + comma && c2 == std::errc() &&
               e2 == v.data() + v.size();
        }
        if (!ok)
          return board.error_at(row.line, col, "expected left=G,P (guards and prisoners on the left bank)");
        if (lg < 0 || lg > st.guards || lp < 0 || lp > st.prisoners)
          return board.error_at(row.line, col, "left=" + std::string(v) + " is more than there are (" +
                                                   std::to_string(st.guards) + " guards, " +
                                                   std::to_string(st.prisoners) + " prisoners)");
        st.left_guards = lg;
        st.left_prisoners = lp;
        have_left = true;
      } else if (word.starts_with("side=") && !have_side) {
        std::string_view v = word.substr(5);
        if (v != "L" && v != "R")
          return board.error_at(row.line, col, "side= is L or R (the bank the boat is at)");
        st.boat_left = v == "L";
        have_side = true;
      } else {
        return board.error_at(row.line, col, "unexpected '" + std::string(word) +
                                                 "': the position line is `left=G,P side=L`");
      }
    }
    if (!have_left) return board.error_at(row.line, 1, "the position line needs left=G,P");
  }
  if (!safe(st.left_guards, st.left_prisoners))
    return board.header_error("the left bank already has prisoners outnumbering guards (" +
                              bank(st.left_guards, st.left_prisoners) + ")");
  if (!safe(st.right_guards(), st.right_prisoners()))
    return board.header_error("the right bank already has prisoners outnumbering guards (" +
                              bank(st.right_guards(), st.right_prisoners()) + ")");
  return st;
}

std::string format(const State& st) {
  std::string out = "river guards=" + std::to_string(st.guards) + " prisoners=" +
                    std::to_string(st.prisoners) + " boat=" + std::to_string(st.boat) + "\n";
  out += "left=" + std::to_string(st.left_guards) + "," + std::to_string(st.left_prisoners) +
         " side=" + (st.boat_left ? "L" : "R") + "\n";
  return out;
}

Result<State> apply(const State& st, Move m) {
  const int here_g = st.boat_left ? st.left_guards : st.right_guards();
  const int here_p = st.boat_left ? st.left_prisoners : st.right_prisoners();
  const std::string side = st.boat_left ? "left" : "right";
  if (m.guards < 0 || m.prisoners < 0) return make_error("negative head count in the boat");
  if (m.guards + m.prisoners < 1) return make_error("the boat needs someone to row it");
  if (m.guards + m.prisoners > st.boat)
    return make_error("the boat carries at most " + std::to_string(st.boat));
  if (m.guards > here_g || m.prisoners > here_p)
    return make_error("the " + side + " bank has only " + bank(here_g, here_p));
  State n = sail(st, m);
  if (!safe(n.left_guards, n.left_prisoners))
    return make_error("prisoners would outnumber guards on the left bank (" +
                      bank(n.left_guards, n.left_prisoners) + ")");
  if (!safe(n.right_guards(), n.right_prisoners()))
    return make_error("prisoners would outnumber guards on the right bank (" +
                      bank(n.right_guards(), n.right_prisoners()) + ")");
  return n;
}

int Position::standing(bool left, bool guard) const {
  int n = guard ? (left ? board.left_guards : board.right_guards())
                : (left ? board.left_prisoners : board.right_prisoners());
  if (left == board.boat_left) n -= guard ? aboard.guards : aboard.prisoners;
  return n;
}

Result<Position> apply(const Position& p, Step step) {
  const std::string who = step.guard ? "guard" : "prisoner";
  Position next = p;
  int& aboard = step.guard ? next.aboard.guards : next.aboard.prisoners;
  switch (step.kind) {
    case Step::Kind::kBoard:
      if (p.standing(p.board.boat_left, step.guard) < 1) return make_error("no " + who + " stands on the boat's bank to board");
      if (p.aboard.guards + p.aboard.prisoners >= p.board.boat)
        return make_error("the boat carries at most " + std::to_string(p.board.boat));
      ++aboard;
      return next;
    case Step::Kind::kLand:
      if (aboard < 1) return make_error("no " + who + " in the boat to land");
      --aboard;
      return next;
    case Step::Kind::kCross: {
      auto board = apply(p.board, p.aboard);
      if (!board) return board.error();
      return Position{std::move(*board), {}};
    }
  }
  return make_error("unknown river step");
}

std::vector<Step> steps_for(const Position& start, const std::vector<Move>& trips) {
  std::vector<Step> out;
  Move in_boat = start.aboard;
  auto land = [&](int have, int want, bool guard) {
    for (int k = want; k < have; ++k) out.push_back({Step::Kind::kLand, guard});
  };
  auto board = [&](int have, int want, bool guard) {
    for (int k = have; k < want; ++k) out.push_back({Step::Kind::kBoard, guard});
  };
  for (const Move& trip : trips) {
    land(in_boat.guards, trip.guards, true);
    land(in_boat.prisoners, trip.prisoners, false);
    board(in_boat.guards, trip.guards, true);
    board(in_boat.prisoners, trip.prisoners, false);
    out.push_back({Step::Kind::kCross, false});
    in_boat = {};  // everyone aboard lands on arrival
  }
  land(in_boat.guards, 0, true);
  land(in_boat.prisoners, 0, false);
  return out;
}

Result<void> check_steps(const Position& start, const std::vector<Step>& steps) {
  auto end = replay_moves(start, steps, [](const Position& p, Step s) { return apply(p, s); }, "step");
  if (!end) return end.error();
  if (!end->board.solved())
    return make_error("after the steps " + bank(end->board.left_guards, end->board.left_prisoners) +
                      " are still on the left bank");
  if (end->aboard != Move{}) return make_error("after the steps " + bank(end->aboard.guards, end->aboard.prisoners) + " still sit in the boat");
  return {};
}

Result<void> check_solution(const State& st, const std::vector<Move>& trips) {
  auto end = replay_moves(st, trips, [](const State& s, Move m) { return apply(s, m); }, "trip");
  if (!end) return end.error();
  if (!end->solved())
    return make_error("after the trips " + bank(end->left_guards, end->left_prisoners) +
                      " are still on the left bank");
  return {};
}

Solution solve(const State& st, const Limits& limits) { return solve_position(Position{st, {}}, limits); }

Solution solve_position(const Position& position, const Limits& limits) {
  const State& st = position.board;
  Solution sol;
  Problem problem{st};
  auto r = search::bfs(problem, Key{st.left_guards, st.left_prisoners, st.boat_left}, limits);
  sol.nodes = r.nodes;
  sol.states = r.stored;
  switch (r.status) {
    case search::SearchStatus::kFound:
      sol.status = Status::kSolved;
      sol.trips = std::move(r.path);
      sol.steps = steps_for(position, sol.trips);
      break;
    case search::SearchStatus::kExhausted:
      sol.status = Status::kUnsolvable;
      sol.reason = "no sequence of trips gets everyone across: all " + std::to_string(r.stored) +
                   " positions reachable from this one were searched (boat of " +
                   std::to_string(st.boat) + ")";
      break;
    case search::SearchStatus::kLimit:
      give_up(sol, r.limit, "after " + std::to_string(r.stored) + " positions");
      break;
  }
  return sol;
}

}  // namespace pb::solvers::river

// Turns a river-crossing Solution into the command line's Outcome ([guards, prisoners] trips).

namespace pb::solvers::river {

Outcome outcome(const State& state, const Solution& sol) {
  Outcome out = outcome_of(sol);
  set_int_pair_moves(out, sol.trips, [](const Move& m) { return std::pair{m.guards, m.prisoners}; });
  std::string text;
  bool left = state.boat_left;
  for (const Move& m : sol.trips) {
    text += (text.empty() ? "" : ", ") + std::to_string(m.guards) + "G " + std::to_string(m.prisoners) + "P " +
            (left ? "->" : "<-");
    left = !left;
  }
  if (sol.status == Status::kSolved) out.moves_text = text.empty() ? "already across" : text;
  if (sol.status == Status::kSolved) out.stats.emplace_back("trips", std::to_string(sol.trips.size()));
  // What a player taps: every boarding and every crossing (Solution::steps).
  if (sol.status == Status::kSolved) out.stats.emplace_back("steps", std::to_string(sol.steps.size()));
  out.stats.emplace_back("positions", std::to_string(sol.states));
  return out;
}

const Game kGame = game_entry<Spec>("river crossing (guards and prisoners)");

}  // namespace pb::solvers::river
