/* game.cpp: turns a river-crossing Solution into the command line's Outcome ([guards, prisoners] trips). */
#include "solvers/river/game.hpp"

#include "core/json.hpp"

namespace pb::solvers::river {
namespace {

class RiverPuzzle final : public Puzzle {
 public:
  explicit RiverPuzzle(State state) : state_(std::move(state)) {}
  std::string_view game() const override { return "river"; }
  std::string format() const override { return river::format(state_); }

  Outcome solve(const Limits& limits) const override {
    Solution sol = river::solve(state_, limits);
    Outcome out;
    out.status = sol.status;
    out.reason = sol.reason;
    out.nodes = sol.nodes;
    std::vector<std::pair<int, int>> pairs;
    std::string text;
    bool left = state_.boat_left;
    for (const Move& m : sol.trips) {
      pairs.emplace_back(m.guards, m.prisoners);
      text += (text.empty() ? "" : ", ") + std::to_string(m.guards) + "G " +
              std::to_string(m.prisoners) + "P " + (left ? "->" : "<-");
      left = !left;
    }
    out.moves_json = json::int_pairs(pairs);
    if (sol.status == Status::kSolved) out.moves_text = text.empty() ? "already across" : text;
    if (sol.status == Status::kSolved) out.stats.emplace_back("trips", std::to_string(sol.trips.size()));
    out.stats.emplace_back("positions", std::to_string(sol.states));
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
  return std::make_unique<RiverPuzzle>(std::move(state));
}

const Game kGame{"river", "river crossing (guards and prisoners)", &parse_board, nullptr};

}  // namespace pb::solvers::river
