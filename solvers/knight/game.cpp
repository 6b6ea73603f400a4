/* game.cpp: the knight's tour as a Puzzle: typed solution to Outcome (JSON moves, a readable grid). */
#include "solvers/knight/game.hpp"

#include <string>
#include <utility>

#include "core/json.hpp"
#include "solvers/knight/theory.hpp"

namespace pb::solvers::knight {
namespace {

std::string_view method_name(Method m) {
  switch (m) {
    case Method::kTheory: return "theory";
    case Method::kConstruction: return "construction";
    case Method::kColumnDp: return "column-dp";
    case Method::kSearch: return "search";
    case Method::kNone: break;
  }
  return "none";
}

}  // namespace

Outcome Spec::outcome(const State& state, const Solution& sol) {
  Outcome out = outcome_of(sol);
  if (sol.status == Status::kSolved) {
    std::vector<std::pair<int, int>> pairs;
    pairs.reserve(sol.tour.size());
    for (Cell c : sol.tour) pairs.emplace_back(c.row, c.col);
    out.moves_json = json::int_pairs(pairs);
    out.moves_text = tour_text(state, sol.tour);
  }
  out.stats.emplace_back("method", json::quote(method_name(sol.method)));
  out.stats.emplace_back("squares", std::to_string(state.free_count()));
  out.stats.emplace_back("closed", state.closed ? "true" : "false");
  return out;
}

std::string tour_text(const State& state, const std::vector<Cell>& tour) {
  if (tour.empty()) return {};
  std::string kind = state.closed ? "closed tour" : "tour";
  std::string head = kind + " of " + std::to_string(tour.size()) + " squares from " + cell_text(tour.front()) +
                     (state.closed ? " back to it" : " to " + cell_text(tour.back()));
  if (state.rows > kMaxGridSide || state.cols > kMaxGridSide) return head + " (every square is in the JSON moves)";
  std::vector<std::size_t> step(state.squares.size(), 0);
  for (std::size_t i = 0; i < tour.size(); ++i) step[state.index(tour[i])] = i + 1;
  std::size_t width = std::to_string(tour.size()).size();
  std::string out = head + ":\n";
  for (int r = 0; r < state.rows; ++r) {
    for (int c = 0; c < state.cols; ++c) {
      std::size_t n = step[state.index({r, c})];
      std::string cell = n == 0 ? std::string(width, '-') : std::to_string(n);
      out += std::string(width - cell.size() + (c > 0 ? 1 : 0), ' ') + cell;
    }
    if (r + 1 < state.rows) out += '\n';
  }
  return out;
}

const Game kGame = game_entry<Spec>("knight's tour");

}  // namespace pb::solvers::knight
