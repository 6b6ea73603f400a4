/* play_river.hpp: playing the arena's river crossing: the solver's taps (board, land, cross) placed on the screen. */
#pragma once

// The solver gives its answer as a player makes it (solvers/river/river.hpp: Position, Step): one
// tap per figure boarded or landed and one on the hull to cross, from the position on screen,
// passengers aboard included (the reader sees who sits in the boat). So the loop's State is the
// solver's Position and its Move is a Step: the Rules only place each tap. The screen is read
// after every tap, so a lost or refused tap is seen and re-planned from.
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

// A reading's centres are the hull's first, then every figure: left bank guards, left bank
// prisoners, right bank guards, right bank prisoners, boat guards, boat prisoners (the reader's order).
struct RiverRules {
  using State = solvers::river::Position;
  using Move = solvers::river::Step;
  using Params = vision::river::Params;
  static constexpr std::string_view kGame = "river";
  static constexpr bool kConfirmByPixels = false;  // figures move between banks and boat, and redraw in new slots
  static Result<Params> load_params(const cv::FileNode& node) { return vision::river::load_params(node); }
  static Result<PlayReading<State>> read(const cv::Mat& bgr, const Params& params);
  static MoveList<Move> solve(const State& s, const solvers::Limits& limits);
  static Result<State> apply(const State& s, Move m) { return solvers::river::apply(s, m); }
  static bool is_goal(const State& s) { return s.solved(); }
  // The board text, and the passengers on a comment line (board texts skip lines starting with ';').
  static std::string format(const State& s);
  // FORMATS.md's moves are trips, [guards, prisoners] aboard at each crossing, from the position
  // read (passengers already aboard included).
  static std::string moves_json(const State& start, const std::vector<Move>& plan) {
    std::vector<std::pair<int, int>> trips;
    int guards = start.aboard.guards, prisoners = start.aboard.prisoners;
    for (const Move& step : plan) {
      switch (step.kind) {
        case solvers::river::Step::Kind::kBoard: ++(step.guard ? guards : prisoners); break;
        case solvers::river::Step::Kind::kLand: --(step.guard ? guards : prisoners); break;
        case solvers::river::Step::Kind::kCross:
          trips.emplace_back(guards, prisoners);
          guards = prisoners = 0;
          break;
      }
    }
    return json::int_pairs(trips);
  }
  static Result<FrameGesture> gesture(const PlayReading<State>& reading, const State& before, Move m);
  // The same people and boat (every position of them may follow any other in a level).
  static bool same_level(const State& start, const State& later);
};

}  // namespace pb::app
