/* rules.hpp: the valves as the play loop plays them: a move is a tap on the wheel of the valve to close. */
#pragma once

// The solver's move is a valve (a node index) and so is the player's: one tap on its wheel. The
// board is compared by names, not by node index: the reader lists nodes by name, so indices agree
// between readings of one level, but a board that compares equal only when it means the same
// network does not rely on that. Rejected: comparing the typed solver State field by field (it has
// no equality, and its graph arrays are derived data).

#include <string>
#include <string_view>
#include <vector>

#include "solvers/common/play_rules.hpp"
#include "solvers/valves/valves.hpp"

namespace pb::solvers::valves {

// A valves board as the loop sees it: the solver's State, equal to another when both have the same
// nodes, pipes, ends, wrench count and closed valves, by name.
struct Board {
  State state;
  friend bool operator==(const Board& a, const Board& b);
};

// The reader's places are the nodes, in the order of the board it read (state.names).
struct Rules {
  using State = Board;
  using Move = valves::Move;  // the valve to close: a node index of the board it is made on
  static constexpr std::string_view kName = "valves";
  static constexpr bool kConfirmByPixels = false;  // a closed wheel is redrawn, and the water with it
  static MoveList<Move> solve(const State& s, const Limits& limits);
  static Result<State> apply(const State& s, Move m);
  static bool is_goal(const State& s);
  static std::string format(const State& s) { return valves::format(s.state); }
  static std::string moves_json(const State& start, const std::vector<Move>& plan);  // valve names
  // A tap on the valve's wheel, found by name in the board `seen`.
  static Result<MoveInput> input(const State& seen, std::size_t places, const State& before, Move m);
  // The same network and wrench count. Closed valves may open again: the arena restarts a level
  // whose wrenches ran out, and that is the same level, not the next one.
  static bool same_level(const State& start, const State& later);
};

}  // namespace pb::solvers::valves
