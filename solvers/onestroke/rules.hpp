/* rules.hpp: one-stroke as the play loop plays it: the whole path is one move, one drag through every cell. */
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "solvers/common/play_rules.hpp"
#include "solvers/onestroke/onestroke.hpp"

namespace pb::solvers::onestroke {

// Press on the cat and drag through the whole path in one stroke, as a person does: a Move is that
// path (the head first), so a plan is one input. The reader's places are the cells, row-major.
struct Rules {
  using State = onestroke::State;
  using Move = std::vector<Cell>;
  static constexpr std::string_view kName = "onestroke";
  static constexpr bool kConfirmByPixels = false;  // the band and the cat redraw the cells they cross
  static MoveList<Move> solve(const State& s, const Limits& limits);
  static Result<State> apply(const State& s, const Move& path);
  static bool is_goal(const State& s) { return s.free_count() == 0; }
  static std::string format(const State& s) { return onestroke::format(s); }
  // FORMATS.md's moves are the cells in order from the head; each drag after the first starts
  // where the last one ended.
  static std::string moves_json(const State& start, const std::vector<Move>& plan);
  static Result<MoveInput> input(const State& seen, std::size_t places, const State& before, const Move& path);
  // The same cells, and every cell visited at `start` still visited.
  static bool same_level(const State& start, const State& later);
};

}  // namespace pb::solvers::onestroke
