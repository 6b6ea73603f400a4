/* game.cpp: turns a river-crossing Solution into the command line's Outcome ([guards, prisoners] trips). */
#include "solvers/river/game.hpp"

#include "core/json.hpp"

namespace pb::solvers::river {

Outcome Spec::outcome(const State& state, const Solution& sol) {
  Outcome out = outcome_of(sol);
  std::vector<std::pair<int, int>> pairs;
  std::string text;
  bool left = state.boat_left;
  for (const Move& m : sol.trips) {
    pairs.emplace_back(m.guards, m.prisoners);
    text += (text.empty() ? "" : ", ") + std::to_string(m.guards) + "G " + std::to_string(m.prisoners) + "P " +
            (left ? "->" : "<-");
    left = !left;
  }
  out.moves_json = json::int_pairs(pairs);
  if (sol.status == Status::kSolved) out.moves_text = text.empty() ? "already across" : text;
  if (sol.status == Status::kSolved) out.stats.emplace_back("trips", std::to_string(sol.trips.size()));
  // What a player taps: every boarding and every crossing (Solution::steps).
  if (sol.status == Status::kSolved) out.stats.emplace_back("steps", std::to_string(sol.steps.size()));
  out.stats.emplace_back("positions", std::to_string(sol.states));
  return out;
}

const Game kGame = game_entry<Spec>("river crossing (guards and prisoners)");

}  // namespace pb::solvers::river
