/* play_capabilities.hpp: what some games' Players can do beyond reading, planning and gestures, each a small interface the loop asks for. */
#pragma once

// A Player (play.hpp) is what every game has: read a board, say whether it is finished, plan, give
// a step's gesture, match the board predicted after a step. Anything more is a capability here, a
// separate interface a Player also derives from when its game has it; the loop and `play` ask for
// one with capability<C>(player) and do without it when it is nullptr (the behaviour written under
// each). A game that has none of them implements none of them.
//
// Rejected: a virtual method on Player per behaviour with a do-nothing default (12 methods, half of
// them for one game each, that every game inherited and every wrapper had to forward); flags in the
// game's entry (the behaviour needs the Player's state: its plan, its reading, its last level).

#include <atomic>
#include <chrono>
#include <cstddef>
#include <opencv2/core.hpp>
#include <string>
#include <vector>

#include "capture/frame_source.hpp"
#include "core/result.hpp"

namespace pb::app {

// The capability `C` of `player`, or nullptr when its game has none.
template <class C, class P>
C* capability(P& player) {
  return dynamic_cast<C*>(&player);
}
template <class C, class P>
const C* capability(const P& player) {
  return dynamic_cast<const C*>(&player);
}

// `play --json`: the plan as FORMATS.md's "moves" array. Without it: no moves, and the board read.
class PlanAsMoves {
 public:
  virtual ~PlanAsMoves() = default;
  // The current plan's moves for the board it was made on; empty when the game cannot say.
  virtual std::string plan_moves_json() const = 0;
  // The board those moves start from: the board read, unless the plan first restarts the level.
  virtual std::string plan_board_text() const = 0;
};

// Games whose pieces just swap pictures (a tile into the gap, a peg over another): a step is
// checked on the pixels of the cells it changes, without reading. Without it: the loop reads the
// screen after every move, waits for the whole screen to hold still, and does not pipeline.
class PixelSteps {
 public:
  virtual ~PixelSteps() = default;
  // Checks step `i` without reading: `after` must show, cell by cell, the pictures `before` showed,
  // moved the way step i moves pieces. When it does, the predicted board becomes the current board
  // and true is returned; false means "read the screen". `before` must be the frame the current
  // board was read or confirmed from.
  virtual bool confirm_by_pixels(const cv::Mat& before, const cv::Mat& after, std::size_t i) = 0;
  // The frame rectangles of the cells planned step `i` changes (the faces cells_match compares, in
  // the geometry of the last board read): the loop watches them to see the step begin and end.
  // Empty: unknown, the loop waits for the whole screen to hold still. Offered only when sending a
  // step's gesture again after it was taken does nothing (the tile clicked is now the gap, the peg
  // dragged is gone): a step whose cells show no change by the deadline is sent once more.
  virtual std::vector<cv::Rect> step_cells(std::size_t i) const = 0;
  // Pipelined checking, for games whose moves animate and whose next input ends a running
  // animation (Simon Tatham's midend): `anchor` is the frame the current board was read or
  // confirmed on, the board before planned step `a`. With `i_moving` false: whether `frame` shows
  // the board after steps a..i, cell by cell from `anchor` (then it becomes the current board).
  // With `i_moving` true: whether `frame` shows the board after steps a..i-1 in every cell but step
  // i's own, and step i under way there (one of its cells no longer shows its picture): step i was
  // taken and every step before it landed as predicted.
  virtual bool steps_shown(const cv::Mat& anchor, std::size_t a, const cv::Mat& frame, std::size_t i,
                           bool i_moving) = 0;
};

// Games that may cover a won board with an end screen (GNOME Taquin's "Bravo!"). Without it: a board
// that cannot be found after a move is an error.
class EndScreen {
 public:
  virtual ~EndScreen() = default;
  // Whether the board predicted after planned step `i` is finished: when the board leaves the
  // screen after that step, the level was won.
  virtual bool finished_after(std::size_t i) const = 0;
};

// Games that can tell two levels apart from their boards. Without it: any board read may be a later
// position of the board the plan started from.
class SameLevel {
 public:
  virtual ~SameLevel() = default;
  // Whether the board read last may be a later position of the board the plan started from; false
  // when it cannot be (another level is showing).
  virtual bool same_level_as_plan() const = 0;
};

// What NextLevel::await_next_level returns when Ctrl-C stops its wait (exit 3, as everywhere).
inline Error interrupted_between_levels() {
  return make_error(ErrorCode::kInterrupted, "stopped by Ctrl-C while waiting for the next level");
}

// Games that bring their next level by themselves (the arena, 一笔画完: LevelFlow::kAdvancesItself).
// Without it: a new game must be started by the device (Simon Tatham's 'n').
class NextLevel {
 public:
  virtual ~NextLevel() = default;
  // Once a level is cleared, grabs from `source` every `poll` until the next level's board reads,
  // at most `timeout`. An error with ErrorCode::kNotCleared says the level came back unfinished;
  // `cancel` set (Ctrl-C) stops the wait at the next poll with ErrorCode::kInterrupted.
  virtual Result<void> await_next_level(capture::FrameSource& source, std::chrono::milliseconds timeout,
                                        std::chrono::milliseconds poll, const std::atomic<bool>* cancel) = 0;
  // Whether the last level was counted as cleared only because its board went away after the
  // final move (to be confirmed by the next level showing).
  virtual bool cleared_by_vanishing() const = 0;
  // How the last level was seen to end, for the log ("the finished board was seen", ...).
  virtual std::string cleared_how() const = 0;
};

}  // namespace pb::app
