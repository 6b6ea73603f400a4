/* rules.cpp: one-stroke's path as one drag, applied cell by cell, and what the same level is. */
#include "solvers/onestroke/rules.hpp"

#include <utility>

#include "core/json.hpp"

namespace pb::solvers::onestroke {

MoveList<Rules::Move> Rules::solve(const State& s, const Limits& limits) {
  auto sol = onestroke::solve(s, limits);
  MoveList<Move> out{sol.status, {}, sol.reason, sol.nodes};
  if (sol.status == Status::kSolved) out.moves.push_back(std::move(sol.path));
  return out;
}

Result<State> Rules::apply(const State& s, const Move& path) {
  if (path.empty() || !(path.front() == s.head))
    return make_error("a one-stroke drag must start on the cat " + place_text(s.head.row, s.head.col));
  State now = s;
  for (std::size_t k = 1; k < path.size(); ++k) {
    auto next = onestroke::apply(now, path[k]);
    if (!next) return next.error();
    now = std::move(*next);
  }
  return now;
}

Result<MoveInput> Rules::input(const State& /*seen*/, std::size_t places, const State& before, const Move& path) {
  if (places != before.sites.size()) return places_mismatch(places, before.sites.size(), "sites");
  if (path.size() < 2) return make_error("a one-stroke drag needs at least two cells: a planner bug");
  // Press on the cat, then through every cell's centre: the arena takes a straight run cell by cell,
  // and a corner is entered at its centre, never across the gap between two cells.
  MoveInput in{MoveInput::Kind::kDrag, {}, {}};
  for (const auto& c : path) {
    if (!before.inside(c)) return make_error("cell " + place_text(c.row, c.col) + " is off the board: a planner bug");
    in.places.push_back(c.row * before.cols + c.col);
  }
  in.label = "drag through " + std::to_string(path.size()) + " cells " + place_text(path.front().row, path.front().col) +
             " -> " + place_text(path.back().row, path.back().col);
  return in;
}

bool Rules::same_level(const State& start, const State& later) {
  return start.rows == later.rows && start.cols == later.cols &&
         visits_kept(start.sites, later.sites, Site::kNone, Site::kVisited);
}

std::string Rules::moves_json(const State&, const std::vector<Move>& plan) {
  std::vector<std::pair<int, int>> pairs;
  for (const Move& path : plan)
    for (std::size_t k = pairs.empty() ? 0 : 1; k < path.size(); ++k) pairs.emplace_back(path[k].row, path[k].col);
  return json::int_pairs(pairs);
}

}  // namespace pb::solvers::onestroke
