/* play_valves.hpp: playing the arena's valves: close a valve by clicking its wheel. */
#pragma once

// The solver's move is a valve (a node index) and so is the loop's: one click on the wheel the reader
// found. The screen is read after every click (a closed wheel changes colour and gets a bar, the water
// recedes: no picture simply moves), and the last click clears the level (ArenaLevels sees the banner).
//
// The board is compared by names, not by node index: the reader lists nodes by name, so indices agree
// between readings of one level, but a board that compares equal only when it means the same network
// does not rely on that. Rejected: comparing the typed solver State field by field (it has no
// equality, and its graph arrays are derived data).

#include <opencv2/core.hpp>
#include <string>
#include <string_view>

#include "app/play_arena.hpp"
#include "solvers/valves/valves.hpp"
#include "vision/valves/reader.hpp"

namespace pb::app {

// A valves board as the loop sees it: the solver's State, equal to another when both have the same
// nodes, pipes, ends, wrench count and closed valves, by name.
struct ValvesBoard {
  solvers::valves::State state;
  friend bool operator==(const ValvesBoard& a, const ValvesBoard& b);
};

struct ValvesRules {
  using State = ValvesBoard;
  using Move = solvers::valves::Move;  // the valve to close: a node index of the board it is made on
  using Params = vision::valves::Params;
  static constexpr std::string_view kGame = "valves";
  static constexpr bool kConfirmByPixels = false;  // a closed wheel is redrawn, and the water with it
  static Result<Params> load_params(const cv::FileNode& node) { return vision::valves::load_params(node); }
  static Result<PlayReading<State>> read(const cv::Mat& bgr, const Params& params);
  static MoveList<Move> solve(const State& s, const solvers::Limits& limits);
  static Result<State> apply(const State& s, Move m);
  static bool is_goal(const State& s);
  static std::string format(const State& s) { return solvers::valves::format(s.state); }
  static std::string moves_json(const State& start, const std::vector<Move>& plan);  // valve names
  // A click on the valve's wheel, found by name in the reading.
  static Result<FrameGesture> gesture(const PlayReading<State>& reading, const State& before, Move m);
  // The same network and wrench count. Closed valves may open again: the arena restarts a level
  // whose wrenches ran out, and that is the same level, not the next one.
  static bool same_level(const State& start, const State& later);
};

}  // namespace pb::app
