/* game.cpp: turns a valves Solution into the command line's Outcome (moves are valve names). */
#include "solvers/valves/game.hpp"

#include "core/json.hpp"

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
