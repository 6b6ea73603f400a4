/* game.cpp: the one-stroke game's entry in the game list and its type-erased Puzzle. */
#include "solvers/onestroke/game.hpp"

#include <string>
#include <utility>

#include "core/json.hpp"

namespace pb::solvers::onestroke {
namespace {

class OnestrokePuzzle final : public Puzzle {
 public:
  explicit OnestrokePuzzle(State state) : state_(std::move(state)) {}
  std::string_view game() const override { return kGame.name; }
  std::string format() const override { return onestroke::format(state_); }

  Outcome solve(const Limits& limits) const override {
    Solution s = onestroke::solve(state_, limits);
    Outcome out;
    out.status = s.status;
    out.reason = s.reason;
    out.nodes = s.nodes;
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

 private:
  State state_;
};

ParseResult parse_fn(const TextBoard& board) {
  auto state = parse(board);
  if (!state) return state.error();
  return std::unique_ptr<Puzzle>(std::make_unique<OnestrokePuzzle>(std::move(*state)));
}

}  // namespace

const Game kGame{"onestroke", "one-stroke (一笔画完)", parse_fn, nullptr};

std::unique_ptr<Puzzle> make_puzzle(State state) { return std::make_unique<OnestrokePuzzle>(std::move(state)); }

}  // namespace pb::solvers::onestroke
