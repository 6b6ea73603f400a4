/* game.cpp: sliding tiles as a Puzzle: parsing entry points and the Outcome the command line prints. */
#include "solvers/sliding/game.hpp"

#include "core/json.hpp"

namespace pb::solvers::sliding {

Outcome Spec::outcome(const State& state, const Solution& sol) {
  Outcome out = outcome_of(sol);
  if (sol.status == Status::kSolved) {
    // A solver bug must not reach the user as a wrong answer: replay before reporting.
    if (auto check = check_solution(state, sol.moves); !check.ok()) {
      out.status = Status::kGaveUp;
      out.reason = "internal error: the solution found does not replay (" + check.error().message + ")";
      return out;
    }
    std::vector<std::string> items;
    items.reserve(sol.moves.size());
    for (Move m : sol.moves) items.push_back(std::to_string(m));
    out.moves_json = json::array(items);
    out.moves_text = moves_text(state, sol.moves);
    out.stats.emplace_back("length", std::to_string(sol.moves.size()));
    out.stats.emplace_back("optimal", sol.optimal ? "true" : "false");
  }
  out.stats.emplace_back("lower_bound", std::to_string(sol.lower_bound));
  if (!sol.method.empty()) out.stats.emplace_back("method", json::quote(sol.method));
  return out;
}

const Game kGame = game_entry<Spec>("sliding tiles (15-puzzle, any n x m)");

std::string moves_text(const State& state, const std::vector<Move>& moves) {
  std::string out;
  State s = state;
  for (Move m : moves) {
    const int b = s.blank();
    int p = 0;
    while (s.tiles[static_cast<std::size_t>(p)] != m) ++p;
    const char* dir = b == p - s.cols ? "up" : b == p + s.cols ? "down" : b == p - 1 ? "left" : "right";
    if (!out.empty()) out += ", ";
    out += std::to_string(m);
    out += ' ';
    out += dir;
    auto next = apply(s, m);
    if (!next.ok()) break;  // callers replay first; a bad move just ends the text
    s = std::move(next.value());
  }
  return out;
}

}  // namespace pb::solvers::sliding
