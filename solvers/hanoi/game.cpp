/* game.cpp: turns a Hanoi Solution into the command line's Outcome (moves are [from, to] pegs). */
#include "solvers/hanoi/game.hpp"

#include "core/json.hpp"

namespace pb::solvers::hanoi {
namespace {

// A person reads the first moves; the JSON always has them all.
constexpr std::size_t kTextMoves = 200;

}  // namespace

Outcome Spec::outcome(const State& state, const Solution& sol) {
  Outcome out = outcome_of(sol);
  std::vector<std::pair<int, int>> pairs;
  pairs.reserve(sol.moves.size());
  for (const Move& m : sol.moves) pairs.emplace_back(m.from, m.to);
  out.moves_json = json::int_pairs(pairs);
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
  out.stats.emplace_back("pegs", std::to_string(state.pegs));
  out.stats.emplace_back("disks", std::to_string(state.disks()));
  return out;
}

const Game kGame = game_entry<Spec>("Tower of Hanoi (any pegs, any legal position)");

}  // namespace pb::solvers::hanoi
