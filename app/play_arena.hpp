/* play_arena.hpp: playing puzzlebot-arena: its level flow, the Player an arena game's entry builds, and one-stroke's Rules. */
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
// An arena game's Rules struct is GamePlayer's (play_players.hpp) plus the reader: `Params`,
// `load_params` (the profile node named kGame) and `read` (a frame -> PlayReading), so its entry
// (app/play_<game>.cpp: play_knight.cpp, play_hanoi.cpp) builds its Player with make_arena_player.
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

#include "app/play_games.hpp"
#include "app/play_players.hpp"
#include "capture/frame_source.hpp"
#include "solvers/onestroke/onestroke.hpp"
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

// "(row,col)": a cell, in messages.
std::string cell_text(int row, int col);

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
  // FORMATS.md's moves are the cells in order from the head; each drag after the first starts
  // where the last one ended.
  static std::string moves_json(const State&, const std::vector<Move>& plan) {
    std::vector<std::pair<int, int>> pairs;
    for (const Move& path : plan)
      for (std::size_t k = pairs.empty() ? 0 : 1; k < path.size(); ++k) pairs.emplace_back(path[k].row, path[k].col);
    return json::int_pairs(pairs);
  }
  static Result<FrameGesture> gesture(const PlayReading<State>& reading, const State& before, const Move& path);
  // The same cells, and every cell visited at `start` still visited.
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
  std::string plan_moves_json() const override { return inner_->plan_moves_json(); }
  std::string plan_board_text() const override { return inner_->plan_board_text(); }
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

// The Player of an arena Rules struct (it names its reader: Params, load_params, read), Params from
// the profile node named after the game, with the arena's level flow around it.
template <class Rules>
Result<std::unique_ptr<Player>> make_arena_player(const PlayContext& c) {
  auto params = params_for<typename Rules::Params>(c, Rules::kGame, [](const cv::FileNode& n) { return Rules::load_params(n); });
  if (!params) return params.error();
  auto inner = std::make_unique<GamePlayer<Rules>>([p = *params](const cv::Mat& bgr) { return Rules::read(bgr, p); });
  return std::unique_ptr<Player>(std::make_unique<ArenaLevels>(std::move(inner)));
}

}  // namespace pb::app
