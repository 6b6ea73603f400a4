/* rules.hpp: the river crossing as the play loop plays it: the solver's taps (board, land, cross) in the reader's places. */
#pragma once

// The solver gives its answer as a player makes it (river.hpp: Position, Step): one tap per figure
// boarded or landed and one on the hull to cross, from the position on screen, passengers aboard
// included (the reader sees who sits in the boat). So the loop's State is the solver's Position and
// its Move is a Step: the Rules only say which place each tap is on. The screen is read after every
// tap, so a lost or refused tap is seen and re-planned from.
//
// Rejected: one multi-place input per trip (a lost tap inside it would go unseen until the
// crossing, and the arena refuses an unsafe crossing without a word on the board); tapping only the
// outermost figure as the arena's own --play does (any figure standing on the boat's bank boards).

#include <string>
#include <string_view>
#include <vector>

#include "solvers/common/play_rules.hpp"
#include "solvers/river/river.hpp"

namespace pb::solvers::river {

// The reader's places are the hull's first, then every figure: left bank guards, left bank
// prisoners, right bank guards, right bank prisoners, boat guards, boat prisoners.
struct Rules {
  using State = Position;
  using Move = Step;
  static constexpr std::string_view kName = "river";
  static constexpr bool kConfirmByPixels = false;  // figures move between banks and boat, and redraw in new slots
  static MoveList<Move> solve(const State& s, const Limits& limits);
  static Result<State> apply(const State& s, Move m) { return river::apply(s, m); }
  static bool is_goal(const State& s) { return s.solved(); }
  // The board text, and the passengers on a comment line (board texts skip lines starting with ';').
  static std::string format(const State& s);
  // FORMATS.md's moves are trips, [guards, prisoners] aboard at each crossing, from the position
  // read (passengers already aboard included).
  static std::string moves_json(const State& start, const std::vector<Move>& plan);
  static Result<MoveInput> input(const State& seen, std::size_t places, const State& before, Move m);
  // The same people and boat (every position of them may follow any other in a level).
  static bool same_level(const State& start, const State& later);
};

}  // namespace pb::solvers::river
