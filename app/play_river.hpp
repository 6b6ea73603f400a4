/* play_river.hpp: playing the arena's river crossing: a trip is several clicks (board, land, cross). */
#pragma once

// The solver's move is a trip (who crosses); the arena's input is one click per figure boarded or
// landed and one on the hull to cross, and the reader sees who sits in the boat. So the loop's State
// is the board plus the boat's passengers, and its Move is one click: a plan of trips becomes, per
// trip, the landings and boardings that make the boat's passengers the trip's, then the crossing
// (the arena lands everyone when the boat arrives). The screen is read after every click, so a lost
// or refused click is seen and re-planned from, passengers aboard included.
//
// Rejected: one multi-point gesture per trip (a lost click inside it would go unseen until the
// crossing, and the arena refuses an unsafe crossing without a word on the board); clicking only the
// outermost figure as the arena's own --play does (any figure standing on the boat's bank boards).

#include <opencv2/core.hpp>
#include <string>
#include <string_view>

#include "app/play_arena.hpp"
#include "solvers/river/river.hpp"
#include "vision/river/reader.hpp"

namespace pb::app {

// Where the river game stands: the board (passengers counted on the boat's bank, as in the board
// text) and who sits in the boat.
struct RiverPosition {
  solvers::river::State board;
  solvers::river::Move aboard;
  friend bool operator==(const RiverPosition&, const RiverPosition&) = default;
};

// One click: board a guard or prisoner from the boat's bank, land one from the boat, or cross.
struct RiverClick {
  enum class Kind { kBoard, kLand, kCross };
  Kind kind = Kind::kCross;
  bool guard = false;  // kBoard, kLand: which kind of figure
  friend bool operator==(const RiverClick&, const RiverClick&) = default;
};

// A reading's centres are the hull's first, then every figure: left bank guards, left bank
// prisoners, right bank guards, right bank prisoners, boat guards, boat prisoners (the reader's order).
struct RiverRules {
  using State = RiverPosition;
  using Move = RiverClick;
  using Params = vision::river::Params;
  static constexpr std::string_view kGame = "river";
  static constexpr bool kConfirmByPixels = false;  // figures move between banks and boat, and redraw in new slots
  static Result<Params> load_params(const cv::FileNode& node) { return vision::river::load_params(node); }
  static Result<PlayReading<State>> read(const cv::Mat& bgr, const Params& params);
  static MoveList<Move> solve(const State& s, const solvers::Limits& limits);
  static Result<State> apply(const State& s, Move m);
  static bool is_goal(const State& s) { return s.board.solved() && s.aboard == solvers::river::Move{}; }
  // The board text, and the passengers on a comment line (board texts skip lines starting with ';').
  static std::string format(const State& s);
  static Result<FrameGesture> gesture(const PlayReading<State>& reading, const State& before, Move m);
  // The same people and boat (every position of them may follow any other in a level).
  static bool same_level(const State& start, const State& later);
};

}  // namespace pb::app
