/* rules.cpp: a Hanoi move as input (press on the source rod, release on the target's) and its goal. */
#include "solvers/hanoi/rules.hpp"

#include <utility>

#include "core/json.hpp"

namespace pb::solvers::hanoi {

MoveList<Move> Rules::solve(const State& s, const Limits& limits) {
  auto sol = hanoi::solve(s, limits);
  return {sol.status, std::move(sol.moves), sol.reason, sol.nodes};
}

bool Rules::is_goal(const State& s) {
  for (auto rod : s.config)
    if (rod != s.goal) return false;
  return true;
}

bool Rules::same_level(const State& start, const State& later) {
  return start.rods == later.rods && start.disks() == later.disks() && start.goal == later.goal;
}

Result<MoveInput> Rules::input(const State& /*seen*/, std::size_t places, const State& before, Move m) {
  const auto rods = static_cast<std::size_t>(before.rods);
  if (places != rods) return places_mismatch(places, rods, "rods");
  if (m.from < 0 || m.to < 0 || static_cast<std::size_t>(m.from) >= rods || static_cast<std::size_t>(m.to) >= rods ||
      before.top(m.from) < 0)
    return make_error("no disk to move from rod " + std::to_string(m.from + 1) + ": a planner bug");
  // Press halfway up the source rod and release halfway up the target's: the arena picks the top
  // disk of the rod pressed, wherever on its column, so a press there cannot miss a thin top disk.
  return MoveInput{MoveInput::Kind::kDrag,
                   {m.from, m.to},
                   "disk " + std::to_string(before.top(m.from) + 1) + ": rod " + std::to_string(m.from + 1) + " -> rod " +
                       std::to_string(m.to + 1)};
}

std::string Rules::moves_json(const State&, const std::vector<Move>& plan) {
  std::vector<std::pair<int, int>> pairs;
  for (const Move& m : plan) pairs.emplace_back(m.from, m.to);
  return json::int_pairs(pairs);
}

}  // namespace pb::solvers::hanoi
