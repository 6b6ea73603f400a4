/* game.cpp: peg solitaire as a Puzzle: typed solutions turned into the command line's Outcome. */
#include "solvers/pegs/game.hpp"

#include "core/json.hpp"

namespace pb::solvers::pegs {
namespace {

class PegsPuzzle final : public Puzzle {
 public:
  explicit PegsPuzzle(State state) : state_(std::move(state)) {}
  std::string_view game() const override { return "pegs"; }
  std::string format() const override { return pegs::format(state_); }

  Outcome solve(const Limits& limits) const override {
    Solution s = pegs::solve(state_, limits);
    Outcome out;
    out.status = s.status;
    out.reason = s.reason;
    out.nodes = s.nodes;
    out.moves_json = moves_json(s.moves);
    for (const Move& m : s.moves) {
      if (!out.moves_text.empty()) out.moves_text += ' ';
      out.moves_text += std::to_string(m.from.row) + "," + std::to_string(m.from.col) + ">" +
                        std::to_string(m.to.row) + "," + std::to_string(m.to.col);
    }
    if (!s.moves.empty())
      out.moves_text += " (" + std::to_string(s.moves.size()) + " jumps, " + std::to_string(s.pegs_left) +
                        (s.pegs_left == 1 ? " peg" : " pegs") + " left)";
    out.stats.emplace_back("pegs_left", std::to_string(s.pegs_left));
    out.stats.emplace_back("dead_positions", std::to_string(s.table_entries));
    out.stats.emplace_back("symmetries", std::to_string(s.symmetries));
    return out;
  }

 private:
  State state_;
};

ParseResult parse_text(const TextBoard& board) {
  Result<State> s = parse(board);
  if (!s) return s.error();
  return make_puzzle(std::move(s).value());
}

ParseResult parse_game_id(std::string_view id, std::string_view source) {
  Result<State> s = parse_id(id, source);
  if (!s) return s.error();
  return make_puzzle(std::move(s).value());
}

}  // namespace

std::string moves_json(const std::vector<Move>& moves) {
  std::vector<std::string> items;
  items.reserve(moves.size());
  for (const Move& m : moves)
    items.push_back(json::int_pairs({{m.from.row, m.from.col}, {m.to.row, m.to.col}}));
  return json::array(items);
}

std::unique_ptr<Puzzle> make_puzzle(State state) { return std::make_unique<PegsPuzzle>(std::move(state)); }

const Game kGame{"pegs", "peg solitaire", parse_text, parse_game_id};

}  // namespace pb::solvers::pegs
