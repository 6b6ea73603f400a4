/* game.cpp: the one-stroke game's entry in the game list: its typed Solution as the command line's Outcome. */
#include "solvers/onestroke/game.hpp"

#include <string>
#include <utility>

#include "core/json.hpp"

namespace pb::solvers::onestroke {

Outcome Spec::outcome(const State&, const Solution& s) {
  Outcome out = outcome_of(s);
  std::vector<std::pair<int, int>> pairs;
  pairs.reserve(s.path.size());
  for (const Cell& c : s.path) pairs.emplace_back(c.row, c.col);
  out.moves_json = json::int_pairs(pairs);
  if (s.status == Status::kSolved) {
    // "(0,4) -> (0,5) -> ..." : row, column from the top left, as in the JSON.
    for (std::size_t i = 0; i < s.path.size(); ++i) {
      if (i > 0) out.moves_text += " -> ";
      out.moves_text += '(';
      out.moves_text += std::to_string(s.path[i].row);
      out.moves_text += ',';
      out.moves_text += std::to_string(s.path[i].col);
      out.moves_text += ')';
    }
  }
  out.stats.emplace_back("runs", std::to_string(s.runs));
  out.stats.emplace_back("refuted", std::to_string(s.refuted));
  return out;
}

const Game kGame = game_entry<Spec>("one-stroke (一笔画完)");

}  // namespace pb::solvers::onestroke
