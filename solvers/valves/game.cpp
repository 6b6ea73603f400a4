/* game.cpp: turns a valves Solution into the command line's Outcome (moves are valve names). */
#include "solvers/valves/game.hpp"

#include "core/json.hpp"

namespace pb::solvers::valves {
namespace {

class ValvesPuzzle final : public Puzzle {
 public:
  explicit ValvesPuzzle(State state) : state_(std::move(state)) {}
  std::string_view game() const override { return "valves"; }
  std::string format() const override { return valves::format(state_); }

  Outcome solve(const Limits& limits) const override {
    Solution sol = valves::solve(state_, limits);
    Outcome out;
    out.status = sol.status;
    out.reason = sol.reason;
    out.nodes = sol.nodes;
    std::vector<std::string> names;
    std::string text;
    for (Move m : sol.moves) {
      names.push_back(json::quote(state_.names[m]));
      text += (text.empty() ? "close " : ", ") + state_.names[m];
    }
    out.moves_json = json::array(names);
    if (sol.status == Status::kSolved)
      out.moves_text = text.empty() ? "nothing to close: no water reaches the outlet" : text;
    if (sol.min_valves >= 0) out.stats.emplace_back("min_valves", std::to_string(sol.min_valves));
    out.stats.emplace_back("wrenches", std::to_string(state_.wrenches));
    out.stats.emplace_back("valves", std::to_string(state_.names.size() - 2));
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
  return std::make_unique<ValvesPuzzle>(std::move(state));
}

const Game kGame{"valves", "valves (Machinarium's sewer: close k valves to cut inlet from outlet)",
                 &parse_board, nullptr};

}  // namespace pb::solvers::valves
