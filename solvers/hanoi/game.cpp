/* game.cpp: turns a Hanoi Solution into the command line's Outcome (moves are [from, to] pegs). */
#include "solvers/hanoi/game.hpp"

#include "core/json.hpp"

namespace pb::solvers::hanoi {
namespace {

// A person reads the first moves; the JSON always has them all.
constexpr std::size_t kTextMoves = 200;

class HanoiPuzzle final : public Puzzle {
 public:
  explicit HanoiPuzzle(State state) : state_(std::move(state)) {}
  std::string_view game() const override { return "hanoi"; }
  std::string format() const override { return hanoi::format(state_); }

  Outcome solve(const Limits& limits) const override {
    Solution sol = hanoi::solve(state_, limits);
    Outcome out;
    out.status = sol.status;
    out.reason = sol.reason;
    out.nodes = sol.nodes;
    std::vector<std::pair<int, int>> pairs;
    pairs.reserve(sol.moves.size());
    for (const Move& m : sol.moves) pairs.emplace_back(m.from, m.to);
    out.moves_json = json::int_pairs(pairs);
    if (sol.status == Status::kSolved) {
      std::string text;
      for (std::size_t i = 0; i < sol.moves.size() && i < kTextMoves; ++i)
        text += (i ? " " : "") + std::to_string(sol.moves[i].from) + "->" +
                std::to_string(sol.moves[i].to);
      if (sol.moves.size() > kTextMoves)
        text += " ... (" + std::to_string(sol.moves.size() - kTextMoves) + " more)";
      out.moves_text = sol.moves.empty() ? "already solved" : text;
    }
    if (sol.counted) out.stats.emplace_back("min_moves", std::to_string(sol.min_moves));
    if (!sol.method.empty()) out.stats.emplace_back("method", json::quote(sol.method));
    out.stats.emplace_back("pegs", std::to_string(state_.pegs));
    out.stats.emplace_back("disks", std::to_string(state_.disks()));
    return out;
  }

 private:
  State state_;
};

ParseResult parse_board(const TextBoard& board) {
  auto st = parse(board);
  if (!st) return st.error();
  return make_puzzle(std::move(*st));
}

}  // namespace

std::unique_ptr<Puzzle> make_puzzle(State state) {
  return std::make_unique<HanoiPuzzle>(std::move(state));
}

const Game kGame{"hanoi", "Tower of Hanoi (any pegs, any legal position)", &parse_board, nullptr};

}  // namespace pb::solvers::hanoi
