/* rules.cpp: the knight's tour from a mid-tour board, a tap per square, and what the same level is. */
#include "solvers/knight/rules.hpp"

#include <utility>

#include "core/json.hpp"

namespace pb::solvers::knight {

MoveList<Move> Rules::solve(const State& s, const Limits& limits) {
  if (!s.knight) {
    auto sol = knight::solve(s, limits);
    return {sol.status, std::move(sol.tour), sol.reason, sol.nodes};
  }
  // Mid-tour: the rest of the tour is a tour of the free squares that starts on the knight's square
  // (the solver takes boards before the first move, where visited squares are removed ones).
  State rest = s;
  for (auto& sq : rest.squares)
    if (sq == Square::kVisited) sq = Square::kRemoved;
  rest.squares[rest.index(*s.knight)] = Square::kFree;
  rest.start = s.knight;
  rest.knight.reset();
  rest.closed = false;  // the arena's tours are open; a closed one would have to return to s.start
  auto sol = knight::solve(rest, limits);
  MoveList<Move> out{sol.status, {}, sol.reason, sol.nodes};
  if (sol.status == Status::kSolved && !sol.tour.empty())
    out.moves.assign(sol.tour.begin() + 1, sol.tour.end());  // the knight stands on the first square
  return out;
}

Result<MoveInput> Rules::input(const State& /*seen*/, std::size_t places, const State& before, Move m) {
  if (places != before.squares.size()) return places_mismatch(places, before.squares.size(), "squares");
  if (!before.inside(m)) return make_error("square " + place_text(m.row, m.col) + " is off the board: a planner bug");
  return MoveInput{MoveInput::Kind::kTap,
                   {static_cast<int>(before.index(m))},
                   (before.knight ? "knight to " : "place the knight on ") + place_text(m.row, m.col)};
}

bool Rules::same_level(const State& start, const State& later) {
  return start.rows == later.rows && start.cols == later.cols &&
         visits_kept(start.squares, later.squares, Square::kRemoved, Square::kVisited);
}

std::string Rules::moves_json(const State& start, const std::vector<Move>& plan) {
  std::vector<std::pair<int, int>> pairs;
  if (start.knight) pairs.emplace_back(start.knight->row, start.knight->col);
  for (const Move& m : plan) pairs.emplace_back(m.row, m.col);
  return json::int_pairs(pairs);
}

}  // namespace pb::solvers::knight
