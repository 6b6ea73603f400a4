/* play.hpp: the play loop: capture, read, solve, act, wait for the move to begin and end, check, re-plan. */
#pragma once

// The loop knows no game and no device: a Player turns frames into boards and planned moves into
// gestures in frame pixels; a FrameSource and an InputSink are the device; `to_input` (calibration)
// maps frame pixels to input pixels. The desktop (X11Source + XdoSink) and the phone (adb capture
// + adb touch) run the same loop with different parts.
//
// Rejected: planning all gestures up front and firing them blind (one lost click and every later
// click lands on the wrong tile); re-solving after every move (the solver may take seconds on a
// hard 15-puzzle; it is called again only when the screen disagrees with the prediction); fixed
// sleeps after each move (too short on a loaded machine, wasted time on a fast one); accepting a
// move on the first frame whose cells show the predicted pictures (an easing slide is within a
// pixel of its end some frames before it ends, and GNOME Taquin drops a click that arrives before
// it has: the next move was lost, one in eight on a 4x4); waiting for the whole window to hold
// still (the tail of the previous move's animation, elsewhere on the board, passed for this
// move's start). We watch the cells the move touches: its change must begin, and then those cells
// must hold still with the predicted pictures, within deadlines learned from the game's own
// reaction and animation times (docs/RELIABILITY.md, "What the play loop waits for").

#include <atomic>
#include <chrono>
#include <cstdio>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "actuator/input_sink.hpp"
#include "app/play_capabilities.hpp"
#include "calibration/coords.hpp"
#include "capture/frame_source.hpp"
#include "core/clock.hpp"
#include "core/result.hpp"
#include "solvers/common/puzzle.hpp"

namespace pb::app {

// A gesture in frame pixels, before calibration maps it to the input device.
struct FrameGesture {
  actuator::Gesture::Kind kind = actuator::Gesture::Kind::kTap;
  std::vector<calibration::FramePoint> points;
  std::string label;  // "tile 7", "(3,1) -> (3,3)": for logs and the dry-run picture
};

// What solving the board on screen gave.
struct PlanOutcome {
  solvers::Status status = solvers::Status::kGaveUp;
  std::string reason;  // why unsolvable / which limit was hit
  std::size_t moves = 0;
  std::uint64_t nodes = 0;
};

// One game's half of the loop (see play_players.hpp for the typed implementation): what every game
// has. What only some games have (checking steps on pixels, an end screen, a next level that comes
// by itself, `--json` moves) are capabilities (play_capabilities.hpp) the loop asks the Player for.
class Player {
 public:
  virtual ~Player() = default;
  virtual std::string_view game() const = 0;
  // Reads the board in `bgr`; on success it becomes the current board (and geometry).
  virtual Result<void> read(const cv::Mat& bgr) = 0;
  virtual bool solved() const = 0;            // the current board is finished
  virtual std::string board_text() const = 0;  // the current board, FORMATS.md text
  // Solves from the current board and keeps the moves as the plan.
  virtual PlanOutcome plan(const solvers::Limits& limits) = 0;
  // The gesture for planned step `i`, placed with the geometry of the last board read.
  virtual Result<FrameGesture> gesture(std::size_t i) const = 0;
  // Whether the current board is the board predicted after planned steps 0..i (i = npos: before any).
  virtual bool matches_after(std::size_t i) const = 0;
};

inline constexpr std::size_t kBeforePlan = static_cast<std::size_t>(-1);

// Milliseconds spent per stage over a run.
struct StageTimes {
  double capture = 0, read = 0, solve = 0, act = 0, settle = 0;
  int grabs = 0;
};

struct PlayOptions {
  std::chrono::milliseconds solve_timeout{20000};  // per solve (first plan and each re-plan)
  int levels = 1;                 // boards to clear in a row (needs next_level for more than 1)
  int max_replans = 3;            // screen/prediction disagreements tolerated per level
  int read_attempts = 3;          // reads of an unreadable screen before giving up
  std::chrono::milliseconds poll{25};             // between grabs while waiting for the screen
  std::chrono::milliseconds watch_poll{4};        // between grabs while watching a move's cells change
  // Longest wait for a move to show at all, and for the screen to stop changing: the deadlines of
  // the first moves; later ones are learned from what those took (the loop's Pace), never longer.
  std::chrono::milliseconds change_timeout{800};
  std::chrono::milliseconds settle_timeout{4000};
  std::chrono::milliseconds drag_step_pause{15};  // between the points of a drag (Gesture::step_pause)
  // A source whose every grab is a screenshot made on demand (FrameSource::grabs_on_demand: a phone
  // without the screen stream, 250-700 ms a look) is not watched: after a move the loop waits this
  // long, looks once, and watches for stillness only when that look does not show the prediction
  // (then the wait grows to what the move took). A device profile's timings.settle_ms.
  std::chrono::milliseconds look_after{400};
  // After each move, first check the screen by comparing cell pictures with the frame before the
  // move (PixelSteps::confirm_by_pixels, well under a millisecond) and read it (OCR, hundreds of ms)
  // only when that fails; false: read after every move.
  bool confirm_by_pixels = true;
  // With confirm_by_pixels: send the next move as soon as a frame shows the last one taken (and
  // every earlier one landed), without waiting for its animation to end (PixelSteps::steps_shown).
  bool pipeline = false;
  bool dry_run = false;           // plan and draw, send nothing
  std::string dry_run_out = "puzzlebot-dry-run.png";
  const std::atomic<bool>* cancel = nullptr;      // Ctrl-C: stop before the next move
  // The time every wait above is measured and slept in; nullptr: steady_clock(). A test runs the
  // loop in virtual time with a device that moves it on by what its looks and animations take.
  Clock* clock = nullptr;
  // Frame pixels -> input pixels for this frame (calibration). Required.
  std::function<calibration::FrameToInput(const capture::Frame&)> to_input;
  // Starts the next level once one is cleared (e.g. a key press); empty: levels must be 1.
  std::function<Result<void>()> next_level;
  // Longest wait for the next level's board in games that bring it themselves.
  std::chrono::milliseconds next_level_timeout{15000};
  std::FILE* log = stderr;        // progress and timings; nullptr: quiet
  // `play --json`: one line per plan made (the first and every re-plan), `solve --json`'s object
  // for the board it was made from, so a test can replay what was sent; nullptr: none.
  std::FILE* json = nullptr;
};

struct PlayReport {
  // FORMATS.md: 0 solved, 1 unsolvable, 3 gave up (a limit, the screen kept disagreeing); when
  // `error` is set, exit_status(error->code) (app/commands.hpp), the one map from codes to statuses.
  int exit_status = 3;
  std::optional<Error> error; // what stopped the run when something went wrong (Ctrl-C, device gone, ...)
  std::string message;        // one line for the user (the error's message, or what was done)
  int levels_cleared = 0;
  int moves_made = 0;         // gestures sent (one sent again after it showed no change counts once)
  int resent = 0;             // gestures sent again because the screen showed no change
  int replans = 0;
  StageTimes times;
  std::vector<FrameGesture> planned;  // dry run: the gestures that would have been sent
};

// Plays until the board is finished (`levels` times), the solver says it cannot be done, or
// something goes wrong. An error from the source or sink (window closed, user took the mouse,
// Ctrl-C) ends the run at once, carried in the report with its code and message.
PlayReport play(capture::FrameSource& source, actuator::InputSink& sink, Player& player, const PlayOptions& options);

// The dry-run picture: `gestures` drawn over `bgr`, numbered in order (taps as rings, drags as arrows),
// under a banner giving their number and the drawn ones in words. Only drawn_steps() are drawn.
cv::Mat draw_gestures(const cv::Mat& bgr, const std::vector<FrameGesture>& gestures);
// How many of `gestures` the picture numbers: all, unless some place is used twice (then the first 10).
std::size_t drawn_steps(const std::vector<FrameGesture>& gestures);

// Maps a frame gesture into an input gesture; errors when a point falls outside the input space.
Result<actuator::Gesture> to_input_gesture(const FrameGesture& g, const calibration::FrameToInput& map,
                                           std::chrono::milliseconds step_pause);

// The desktop mapping: a frame of a window at `screen_rect` (root pixels) on a root of `root` size.
calibration::FrameToInput window_to_root(const cv::Rect& screen_rect, calibration::Size root);

}  // namespace pb::app
