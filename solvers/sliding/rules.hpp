/* rules.hpp: Fifteen as the play loop plays it: a move is a tap on the tile that slides into the gap. */
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "solvers/common/play_rules.hpp"
#include "solvers/sliding/sliding.hpp"

namespace pb::solvers::sliding {

// The reader's places are the cells, row-major.
struct Rules : RulesOf<Spec, Move> {
  static constexpr bool kConfirmByPixels = true;  // a tile's picture moves into the gap unchanged
  static Result<State> apply(const State& s, Move m) { return sliding::apply(s, m); }
  static bool is_goal(const State& s) { return sliding::is_goal(s); }
  static std::string moves_json(const State& start, const std::vector<Move>& plan);
  static Result<MoveInput> input(const State& seen, std::size_t places, const State& before, Move move);
  static std::vector<std::pair<int, int>> moved_cells(const State& before, Move move);
};

}  // namespace pb::solvers::sliding
