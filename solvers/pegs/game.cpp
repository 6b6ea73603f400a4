/* game.cpp: peg solitaire as a Puzzle: typed solutions turned into the command line's Outcome. */
#include "solvers/pegs/game.hpp"

#include "core/json.hpp"

namespace pb::solvers::pegs {

Outcome Spec::outcome(const State&, const Solution& s) {
  Outcome out = outcome_of(s);
  out.moves_json = moves_json(s.moves);
  for (const Move& m : s.moves) {
    if (!out.moves_text.empty()) out.moves_text += ' ';
    out.moves_text += std::to_string(m.from.row) + "," + std::to_string(m.from.col) + ">" +
                      std::to_string(m.to.row) + "," + std::to_string(m.to.col);
  }
  if (!s.moves.empty())
    out.moves_text += " (" + std::to_string(s.moves.size()) + (s.moves.size() == 1 ? " jump, " : " jumps, ") +
                      std::to_string(s.pegs_left) +
                      (s.pegs_left == 1 ? " peg" : " pegs") + " left)";
  out.stats.emplace_back("pegs_left", std::to_string(s.pegs_left));
  out.stats.emplace_back("dead_positions", std::to_string(s.table_entries));
  out.stats.emplace_back("symmetries", std::to_string(s.symmetries));
  return out;
}

std::string moves_json(const std::vector<Move>& moves) {
  std::vector<std::string> items;
  items.reserve(moves.size());
  for (const Move& m : moves)
    items.push_back(json::int_pairs({{m.from.row, m.from.col}, {m.to.row, m.to.col}}));
  return json::array(items);
}

const Game kGame = game_entry<Spec>("peg solitaire");

}  // namespace pb::solvers::pegs
