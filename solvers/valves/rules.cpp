/* rules.cpp: valves boards compared by name, plans of valves to close, and a tap per valve. */
#include "solvers/valves/rules.hpp"

#include <algorithm>
#include <set>
#include <utility>

#include "core/json.hpp"

namespace pb::solvers::valves {
namespace {

const std::string& name_of(const valves::State& s, int v) { return s.names[static_cast<std::size_t>(v)]; }

// The network by names: pipes as sorted name pairs, and the ends.
std::multiset<std::pair<std::string, std::string>> pipes_of(const valves::State& s) {
  std::multiset<std::pair<std::string, std::string>> out;
  for (auto [a, b] : s.pipes) {
    std::string x = name_of(s, a), y = name_of(s, b);
    if (y < x) std::swap(x, y);
    out.insert({std::move(x), std::move(y)});
  }
  return out;
}

bool same_network(const valves::State& a, const valves::State& b) {
  return a.wrenches == b.wrenches && name_of(a, a.inlet) == name_of(b, b.inlet) &&
         name_of(a, a.outlet) == name_of(b, b.outlet) && pipes_of(a) == pipes_of(b);
}

std::set<std::string> closed_of(const valves::State& s) {
  std::set<std::string> out;
  for (std::size_t v = 0; v < s.names.size(); ++v)
    if (s.closed[v]) out.insert(s.names[v]);
  return out;
}

}  // namespace

bool operator==(const Board& a, const Board& b) {
  return same_network(a.state, b.state) && closed_of(a.state) == closed_of(b.state);
}

MoveList<Move> Rules::solve(const State& s, const Limits& limits) {
  auto sol = valves::solve(s.state, limits);
  return {sol.status, std::move(sol.moves), sol.reason, sol.nodes};
}

Result<Rules::State> Rules::apply(const State& s, Move m) {
  auto next = valves::apply(s.state, m);
  if (!next) return next.error();
  return Board{std::move(*next)};
}

bool Rules::is_goal(const State& s) {
  return !s.state.names.empty() && !connected(s.state.graph, s.state.inlet, s.state.outlet, s.state.closed);
}

Result<MoveInput> Rules::input(const State& seen, std::size_t places, const State& before, Move m) {
  if (m < 0 || static_cast<std::size_t>(m) >= before.state.names.size())
    return make_error("valve " + std::to_string(m) + " is not on the board: a planner bug");
  const std::string& name = name_of(before.state, m);
  const auto& names = seen.state.names;
  const auto it = std::find(names.begin(), names.end(), name);
  if (it == names.end() || places != names.size())
    return make_error("valve " + name + " is not where the board was read: read the screen again");
  return MoveInput{MoveInput::Kind::kTap, {static_cast<int>(it - names.begin())}, "close valve " + name};
}

bool Rules::same_level(const State& start, const State& later) { return same_network(start.state, later.state); }

std::string Rules::moves_json(const State& start, const std::vector<Move>& plan) {
  std::vector<std::string> names;
  State s = start;
  for (Move m : plan) {
    if (m < 0 || static_cast<std::size_t>(m) >= s.state.names.size()) break;  // plan() replayed it: not reached
    names.push_back(json::quote(name_of(s.state, m)));
    auto next = apply(s, m);
    if (!next) break;
    s = std::move(*next);
  }
  return json::array(names);
}

}  // namespace pb::solvers::valves
