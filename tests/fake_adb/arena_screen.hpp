/* arena_screen.hpp: the simulated phone showing an arena level (any game of the arena's list) at its screen size. */
#pragma once

// The fake phone runs once per adb command, so nothing lives between two commands but files. An
// arena level is deterministic from (game, level, seed, style variant), so what is kept is those and
// the pointer events applied to this level so far; every run makes the level again and replays the
// events through the arena's own Session (same rules, same refusals, same LEVEL CLEARED banner).
// Replaying costs well under a millisecond per event, far below a phone's own touch latency.
//
// The screen is what a phone shows around an app: a status bar strip on top (clock, battery), the
// arena's frame (title, board, status line) in the app's area, and optionally a navigation bar at the
// bottom. Touches on the bars do nothing to the game.
//
// Rejected: serialising the Level's own state (five games, five formats, and the arena keeps some of
// it private); drawing the arena's frame at a desktop size and scaling it (a phone app draws at the
// phone's size, and the readers must cope with that).

#include <memory>
#include <opencv2/core.hpp>
#include <string>
#include <vector>

#include "core/result.hpp"
#include "samples/arena/arena.hpp"

namespace pb::fake_adb {

// A pointer event in the app area's pixels (the arena's canvas).
struct ArenaEvent {
  char kind = 'P';  // 'P' press, 'D' drag, 'R' release
  double x = 0, y = 0;
};

// What the fake phone shows while a game runs: an arena level (ArenaScreen) or a puzzle app
// (PuzzleScreen). Each is rebuilt per adb command from its setup, level and the events so far.
class GameScreen {
 public:
  virtual ~GameScreen() = default;
  virtual void press(cv::Point2d screen) = 0;
  virtual void drag(cv::Point2d screen) = 0;
  virtual void release(cv::Point2d screen) = 0;
  virtual cv::Mat image() const = 0;
  virtual std::string board_text() const = 0;
  virtual bool cleared() const = 0;
  virtual const std::vector<ArenaEvent>& events() const = 0;
};

// The phone's own bars over `img` (the whole display): a status bar `status_bar` px high on top,
// a navigation bar `nav_bar` px high at the bottom (0: none).
void draw_phone_bars(cv::Mat& img, int status_bar, int nav_bar);

struct ArenaSetup {
  arena::Game game = nullptr;  // required: one of arena::games()
  std::uint64_t seed = 1;
  int variant = 0;
  cv::Size screen{540, 960};  // the whole display, px
  int status_bar = 48;        // px at the top
  int nav_bar = 0;            // px at the bottom
};

class ArenaScreen : public GameScreen {
 public:
  // Level `level` with `events` replayed on it. Errors: the arena refuses the setup (too small).
  static Result<ArenaScreen> open(const ArenaSetup& setup, int level, const std::vector<ArenaEvent>& events);

  // Pointer input in screen pixels; points on the status or navigation bar are ignored (a press
  // there is not recorded, so the drag and release after it do nothing either, as in the arena).
  void press(cv::Point2d screen) override;
  void drag(cv::Point2d screen) override;
  void release(cv::Point2d screen) override;

  cv::Mat image() const override;               // the whole display, BGR
  std::string board_text() const override;      // the level's position, FORMATS.md text (ground truth)
  bool cleared() const override;                // the level is cleared (the banner shows)
  const std::vector<ArenaEvent>& events() const override { return events_; }
  cv::Rect app_area() const;             // screen px of the app (between the bars)

 private:
  ArenaScreen(ArenaSetup setup, arena::Session session) : setup_(setup), session_(std::move(session)) {}
  bool apply(const ArenaEvent& e);

  ArenaSetup setup_;
  arena::Session session_;
  std::vector<ArenaEvent> events_;
  bool pressed_ = false;  // a press inside the app is in progress
};

}  // namespace pb::fake_adb
