/* play_arena.hpp: playing puzzlebot-arena: its games' Rules (one-stroke, knight, Hanoi) and its level flow. */
#pragma once

// The arena (samples/arena) differs from Simon Tatham's games in two ways the loop must know:
//
// - Pieces do not just swap pictures (a knight leaves a number behind, the cat a band, a Hanoi disk
//   lands on a stack of another height), so every arena Rules sets kConfirmByPixels = false: the loop
//   reads the screen after every move.
// - A cleared level is covered by a LEVEL CLEARED banner for about a second, then the next level
//   comes by itself: no key starts it. ArenaLevels wraps any Player for that flow: when the final
//   gesture of a plan has been sent and the board then cannot be found (ErrorCode::kNoBoard from
//   the reader: the banner covers it) or a board of another level is on screen (Rules::same_level),
//   the level counts as cleared;
//   await_next_level() waits, bounded, until a new unsolved board reads.
//
// A Rules struct here is GamePlayer's (play_players.hpp) plus the reader: `Params`, `load_params`
// (the profile node named kGame) and `read` (a frame -> PlayReading), so the game registry
// (play_games.cpp) builds its Player with one line.
//
// Rejected: pressing 'R' or waiting a fixed second between levels (the banner's length is the
// arena's business; a new readable board is what matters); recognising the banner itself (its
// colours and font change with the arena's style, and "the board is gone right after the last
// move" needs no knowledge of the banner's look); reusing OnestrokePlayer (play_onestroke.hpp: the
// phone's replay button and screens; the arena has neither, and its level flow is ArenaLevels').

#include <chrono>
#include <memory>
#include <opencv2/core.hpp>
#include <string>
#include <vector>

#include "app/play_players.hpp"
#include "capture/frame_source.hpp"
#include "solvers/hanoi/hanoi.hpp"
#include "solvers/knight/knight.hpp"
#include "solvers/onestroke/onestroke.hpp"
#include "vision/hanoi/reader.hpp"
#include "vision/knight/reader.hpp"
#include "vision/onestroke/reader.hpp"

namespace pb::app {

// The title of puzzlebot-arena's window.
inline constexpr std::string_view kArenaWindow = "puzzlebot arena";

// What a solver that names its moves as a list gives the loop (GamePlayer reads .status .moves
// .reason .nodes).
template <class Move>
struct MoveList {
  solvers::Status status = solvers::Status::kGaveUp;
  std::vector<Move> moves;
  std::string reason;
  std::uint64_t nodes = 0;
};

// One-stroke: press on the cat and drag through the whole path in one stroke, as a person does; a
// Move is that path (the head first), so a plan is one gesture.
struct OnestrokeRules {
  using State = solvers::onestroke::State;
  using Move = std::vector<solvers::onestroke::Cell>;
  using Params = vision::onestroke::Params;
  static constexpr std::string_view kGame = "onestroke";
  static constexpr bool kConfirmByPixels = false;  // the band and the cat redraw the cells they cross
  static Result<Params> load_params(const cv::FileNode& node) { return vision::onestroke::load_params(node); }
  static Result<PlayReading<State>> read(const cv::Mat& bgr, const Params& params);
  static MoveList<Move> solve(const State& s, const solvers::Limits& limits);
  static Result<State> apply(const State& s, const Move& path);
  static bool is_goal(const State& s) { return s.free_count() == 0; }
  static std::string format(const State& s) { return solvers::onestroke::format(s); }
  static Result<FrameGesture> gesture(const PlayReading<State>& reading, const State& before, const Move& path);
  // The same cells, and every cell visited at `start` still visited.
  static bool same_level(const State& start, const State& later);
};

// Knight's tour: click the squares in order; the first click places the knight. A board read
// mid-tour (knight placed) is solved as the board of its free squares starting on the knight.
struct KnightRules {
  using State = solvers::knight::State;
  using Move = solvers::knight::Move;
  using Params = vision::knight::Params;
  static constexpr std::string_view kGame = "knight";
  static constexpr bool kConfirmByPixels = false;  // a visited square gets a number, the knight a disc
  static Result<Params> load_params(const cv::FileNode& node) { return vision::knight::load_params(node); }
  static Result<PlayReading<State>> read(const cv::Mat& bgr, const Params& params);
  static MoveList<Move> solve(const State& s, const solvers::Limits& limits);
  static Result<State> apply(const State& s, Move m) { return solvers::knight::apply(s, m); }
  static bool is_goal(const State& s) { return s.knight.has_value() && s.free_count() == 0; }
  static std::string format(const State& s) { return solvers::knight::format(s); }
  static Result<FrameGesture> gesture(const PlayReading<State>& reading, const State& before, Move m);
  // The same squares removed, and every square visited at `start` still visited.
  static bool same_level(const State& start, const State& later);
};

// Tower of Hanoi: drag the top disk of the source peg onto the target peg. The reading's centres
// are the pegs' (halfway up each rod); the disks' boxes are kept for where to press.
struct HanoiRules {
  using State = solvers::hanoi::State;
  using Move = solvers::hanoi::Move;
  using Params = vision::hanoi::Params;
  static constexpr std::string_view kGame = "hanoi";
  static constexpr bool kConfirmByPixels = false;  // disks change place and stack heights
  static Result<Params> load_params(const cv::FileNode& node) { return vision::hanoi::load_params(node); }
  static Result<PlayReading<State>> read(const cv::Mat& bgr, const Params& params);
  static MoveList<Move> solve(const State& s, const solvers::Limits& limits);
  static Result<State> apply(const State& s, Move m) { return solvers::hanoi::apply(s, m); }
  static bool is_goal(const State& s);
  static std::string format(const State& s) { return solvers::hanoi::format(s); }
  static Result<FrameGesture> gesture(const PlayReading<State>& reading, const State& before, Move m);
  // The same pegs, disks and goal (any position of them is reachable from any other).
  static bool same_level(const State& start, const State& later);
};

// The arena's level flow around any Player (see the top of this file).
class ArenaLevels : public Player {
 public:
  explicit ArenaLevels(std::unique_ptr<Player> inner) : inner_(std::move(inner)) {}

  std::string_view game() const override { return inner_->game(); }
  Result<void> read(const cv::Mat& bgr) override;
  bool solved() const override { return cleared_ || inner_->solved(); }
  std::string board_text() const override;
  PlanOutcome plan(const solvers::Limits& limits) override;
  Result<FrameGesture> gesture(std::size_t i) const override;
  bool matches_after(std::size_t i) const override;
  bool confirm_by_pixels(const cv::Mat& before, const cv::Mat& after, std::size_t i) override {
    return !cleared_ && inner_->confirm_by_pixels(before, after, i);
  }

  // Once a level is cleared: grabs from `source` every `poll` until a board reads that is not
  // finished (the next level), at most `timeout`. Errors say what was last seen.
  Result<void> await_next_level(capture::FrameSource& source, std::chrono::milliseconds timeout,
                                std::chrono::milliseconds poll) override;
  bool cleared_by_vanishing() const override { return vanished_; }
  // How the last level was seen to end ("" while it is being played).
  std::string cleared_how() const override { return cleared_how_; }

 private:
  std::unique_ptr<Player> inner_;
  std::size_t steps_ = 0;           // the current plan's length
  mutable bool final_sent_ = false; // the loop fetched the plan's last gesture (it sends it right away)
  bool cleared_ = false;
  bool vanished_ = false;
  std::string cleared_how_;
};

}  // namespace pb::app
