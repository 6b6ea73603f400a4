/* game.cpp: sliding tiles as a Puzzle: parsing entry points and the Outcome the command line prints. */
#include "solvers/sliding/game.hpp"

#include <chrono>

#include "core/json.hpp"

namespace pb::solvers::sliding {
namespace {

class SlidingPuzzle final : public Puzzle {
 public:
  explicit SlidingPuzzle(State state) : state_(std::move(state)) {}
  std::string_view game() const override { return "sliding"; }
  std::string format() const override { return sliding::format(state_); }

  Outcome solve(const Limits& limits) const override {
    const Solution sol = sliding::solve(state_, limits);
    Outcome out;
    out.status = sol.status;
    out.reason = sol.reason;
    out.nodes = sol.nodes;
    if (sol.status == Status::kSolved) {
      // A solver bug must not reach the user as a wrong answer: replay before reporting.
      if (auto check = check_solution(state_, sol.moves); !check.ok()) {
        out.status = Status::kGaveUp;
        out.reason = "internal error: the solution found does not replay (" + check.error().message + ")";
        return out;
      }
      std::vector<std::string> items;
      items.reserve(sol.moves.size());
      for (Move m : sol.moves) items.push_back(std::to_string(m));
      out.moves_json = json::array(items);
      out.moves_text = moves_text(state_, sol.moves);
      out.stats.emplace_back("length", std::to_string(sol.moves.size()));
      out.stats.emplace_back("optimal", sol.optimal ? "true" : "false");
    }
    out.stats.emplace_back("lower_bound", std::to_string(sol.lower_bound));
    if (!sol.method.empty()) out.stats.emplace_back("method", json::quote(sol.method));
    return out;
  }

 private:
  State state_;
};

ParseResult parse_board(const TextBoard& board) {
  auto state = parse(board);
  if (!state.ok()) return state.error();
  return make_puzzle(std::move(state.value()));
}

ParseResult parse_game_id(std::string_view id, std::string_view source) {
  auto state = parse_id(id, source);
  if (!state.ok()) return state.error();
  return make_puzzle(std::move(state.value()));
}

}  // namespace

const Game kGame{"sliding", "sliding tiles (15-puzzle, any n x m)", &parse_board, &parse_game_id};

std::unique_ptr<Puzzle> make_puzzle(State state) { return std::make_unique<SlidingPuzzle>(std::move(state)); }

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
