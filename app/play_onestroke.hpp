/* play_onestroke.hpp: the one-stroke (一笔画完) Player: one drag per plan, recovery with the replay button. */
#pragma once

// A one-stroke move is ONE drag from the cat through the centre of every cell of the solution
// path: the finger never lifts, as a person plays it. So a plan is one step (the drag), or two
// when the board on screen cannot be finished any more (a lost or slipped touch left the cat in a
// dead end): tap the game's replay button (vision/onestroke/replay_button.hpp), then drag
// the whole path from the start.
//
// Why not GamePlayer<Rules> (play_players.hpp): that keeps no memory across reads, and one-stroke
// needs some: the level's fresh board (to know where the replay takes the cat back to), and
// whether the drag that finishes the level has been sent (the game then shows the finished board
// only briefly, or a "cleared" animation the reader cannot read, before the next level: the board
// going away, or a board of another shape appearing, right after the finishing drag means the
// level was cleared, not that the screen is unreadable or the plan went wrong).
//
// Rejected: restarting with the replay button at every disagreement (a mid-level board is
// usually still solvable, and re-planning from it keeps the cells already drawn); dragging back
// along the path to undo (the game's undo-by-touch behaviour differs between versions; the
// button does not).

#include <functional>
#include <opencv2/core.hpp>
#include <optional>
#include <vector>

#include "app/play.hpp"
#include "capture/frame_source.hpp"
#include "solvers/onestroke/onestroke.hpp"
#include "vision/onestroke/reader.hpp"

namespace pb::app {

// A step of a one-stroke plan.
struct OnestrokeStep {
  enum class Kind { kDrag, kReplay };
  Kind kind = Kind::kDrag;
  std::vector<solvers::onestroke::Cell> path;  // kDrag: head first
};

// Whether two boards have the same cells (ignoring which are visited and where the cat is).
bool same_layout(const solvers::onestroke::State& a, const solvers::onestroke::State& b);

// The board as the level started, guessed from a mid-level board: the start is the far end of the
// visited band (the visited cell, other than the head, with one visited neighbour; the first such
// when several qualify: the screen check after the replay corrects a wrong guess).
solvers::onestroke::State fresh_board_guess(const solvers::onestroke::State& mid);

class OnestrokePlayer : public Player, public PlanAsMoves, public NextLevel {
 public:
  using ReadFn = std::function<Result<vision::onestroke::Reading>(const cv::Mat&)>;
  explicit OnestrokePlayer(ReadFn read) : read_(std::move(read)) {}

  std::string_view game() const override { return "onestroke"; }
  Result<void> read(const cv::Mat& bgr) override;
  bool solved() const override;
  std::string board_text() const override;
  std::string plan_moves_json() const override;
  std::string plan_board_text() const override;
  PlanOutcome plan(const solvers::Limits& limits) override;
  Result<FrameGesture> gesture(std::size_t i) const override;
  bool matches_after(std::size_t i) const override;

  // A new level is about to be played: forget that the last one was cleared.
  void begin_level();
  // Waits until the next level's board (fresh: only the start visited, another shape than the
  // level just played) is on screen. The same board back unfinished is ErrorCode::kNotCleared.
  Result<void> await_next_level(capture::FrameSource& source, std::chrono::milliseconds timeout,
                                std::chrono::milliseconds poll, const std::atomic<bool>* cancel) override;
  bool cleared_by_vanishing() const override { return vanished_; }
  // The last read board (empty before the first successful read or after the board vanished).
  const std::optional<vision::onestroke::Reading>& reading() const { return reading_; }
  // The board this level started from, when it has been seen.
  const std::optional<solvers::onestroke::State>& level_board() const { return level_; }
  const std::vector<OnestrokeStep>& steps() const { return steps_; }
  // The board the last plan started from (the level just played, while waiting for the next).
  const solvers::onestroke::State& planned_from() const { return plan_start_; }
  // How the last level was seen to be cleared ("finished board", "board left the screen", ...).
  std::string cleared_how() const override { return cleared_how_; }

 private:
  ReadFn read_;
  std::optional<vision::onestroke::Reading> reading_;
  cv::Mat frame_;  // the frame read last (for the replay button)
  std::optional<solvers::onestroke::State> level_;
  std::vector<OnestrokeStep> steps_;
  std::vector<solvers::onestroke::State> predicted_;  // after steps_[i]
  solvers::onestroke::State plan_start_;
  // Set when the loop fetched the gesture of the plan's last step (it sends it right away), so a
  // vanished or different board on the next read means the level was cleared.
  mutable bool finish_sent_ = false;
  bool cleared_ = false;
  bool vanished_ = false;
  std::string cleared_how_;
};

}  // namespace pb::app
