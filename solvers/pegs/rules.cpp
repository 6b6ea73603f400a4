/* rules.cpp: a peg solitaire jump as input (a drag, or two taps) and the sites it changes. */
#include "solvers/pegs/rules.hpp"

namespace pb::solvers::pegs {

std::vector<std::pair<int, int>> Rules::moved_cells(const State& before, const Move& move) {
  auto index = [&](Cell c) { return c.row * before.cols + c.col; };
  int from = index(move.from), over = index(move.over), to = index(move.to);
  // The peg lands in `to`; `from` and `over` become empty holes, looking as `to` did before.
  return {{to, from}, {from, to}, {over, to}};
}

bool Rules::is_goal(const State& s) {
  if (s.peg_count() != 1) return false;
  return !s.target || s.at(*s.target) == Site::kPeg;
}

Result<MoveInput> Rules::input(const State& /*seen*/, std::size_t places, const State& before, const Move& move) {
  if (places != before.sites.size()) return places_mismatch(places, before.sites.size(), "sites");
  if (!before.inside(move.from) || !before.inside(move.to))
    return make_error("jump " + to_string(move.from) + " -> " + to_string(move.to) + " is off the board: a planner bug");
  // The sink inserts intermediate points so the game sees a continuous drag.
  return MoveInput{MoveInput::Kind::kDrag,
                   {move.from.row * before.cols + move.from.col, move.to.row * before.cols + move.to.col},
                   place_text(move.from.row, move.from.col) + " -> " + place_text(move.to.row, move.to.col)};
}

Result<MoveInput> ClickRules::input(const State& seen, std::size_t places, const State& before, const Move& move) {
  auto in = Rules::input(seen, places, before, move);  // the peg's and the hole's places
  if (!in) return in;
  in->kind = MoveInput::Kind::kTap;  // a tap on each: select the peg, then land it
  return in;
}

}  // namespace pb::solvers::pegs
