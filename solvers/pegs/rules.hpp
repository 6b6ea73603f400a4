/* rules.hpp: peg solitaire as the play loop plays it: a jump is a drag (Simon Tatham's Pegs) or two taps (Qt Peg Solitaire). */
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "solvers/common/play_rules.hpp"
#include "solvers/pegs/pegs.hpp"

namespace pb::solvers::pegs {

// The reader's places are the sites, row-major. A jump is a drag of the peg onto the hole it lands
// in: sgt-pegs moves a peg only by press, drag, release (click-click does nothing).
struct Rules : RulesOf<Spec, Move> {
  static constexpr bool kConfirmByPixels = true;  // pegs and holes are pictures that swap places
  static Result<State> apply(const State& s, const Move& m) { return pegs::apply(s, m); }
  static bool is_goal(const State& s);
  static std::string moves_json(const State&, const std::vector<Move>& plan) { return pegs::moves_json(plan); }
  static Result<MoveInput> input(const State& seen, std::size_t places, const State& before, const Move& move);
  static std::vector<std::pair<int, int>> moved_cells(const State& before, const Move& move);
};

// Peg Solitaire (the Qt game, package peg-solitaire): the same rules, but a jump is a tap on the
// peg (it turns yellow) and then a tap on the landing hole; a drag selects the peg and drops nothing.
struct ClickRules : Rules {
  static Result<MoveInput> input(const State& seen, std::size_t places, const State& before, const Move& move);
};

}  // namespace pb::solvers::pegs
