/* rules.hpp: the knight's tour as the play loop plays it: a move is a tap on the next square. */
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "solvers/common/play_rules.hpp"
#include "solvers/knight/knight.hpp"

namespace pb::solvers::knight {

// The reader's places are the squares, row-major. The first tap places the knight. A board read
// mid-tour (knight placed) is solved as the board of its free squares starting on the knight.
struct Rules : RulesOf<Spec, Move> {
  static constexpr bool kConfirmByPixels = false;  // a visited square gets a number, the knight a disc
  static MoveList<Move> solve(const State& s, const Limits& limits);
  static Result<State> apply(const State& s, Move m) { return knight::apply(s, m); }
  static bool is_goal(const State& s) { return s.knight.has_value() && s.free_count() == 0; }
  // FORMATS.md's tour starts on the knight's square: a plan made mid-tour begins with it.
  static std::string moves_json(const State& start, const std::vector<Move>& plan);
  static Result<MoveInput> input(const State& seen, std::size_t places, const State& before, Move m);
  // The same squares removed, and every square visited at `start` still visited.
  static bool same_level(const State& start, const State& later);
};

}  // namespace pb::solvers::knight
