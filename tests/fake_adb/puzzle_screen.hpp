/* puzzle_screen.hpp: the simulated phone showing a puzzle app: a Taquin-style picture sliding puzzle or a Pegs-style board. */
#pragma once

// Like ArenaScreen, a level is made again on every adb command from (game, level, seed, size) and
// the pointer events applied to it so far, replayed through the rules here.
//
// sliding: GNOME Taquin's look (tests/support/taquin_draw.hpp) with its N-numbers.png picture,
//   centred under the status bar; the level is a seeded random walk of the gap from Taquin's goal
//   (so always solvable; `scramble` steps long). A tap on a tile in the gap's row or column slides it and the tiles
//   between towards the gap, as Taquin does. Solved: the whole picture shows, gap piece included.
// pegs: Simon Tatham's Pegs' look (vision/pegs/reader.hpp: pegs 2/3 of the pitch, holes 1/2, on a
//   plain ground): a 3x4 board full but one hole, chosen per level among the starts that leave one
//   peg (checked with `puzzlebot solve`). A drag from a peg to a hole two sites away in a line,
//   over a peg, jumps. Cleared: one peg left.
//
// Rejected: reading the picture with OpenCV's imgcodecs: the fake avoids it (each adb command would
// load ~120 shared libraries); libpng alone is two small ones.

#include <memory>
#include <opencv2/core.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.hpp"
#include "tests/fake_adb/arena_screen.hpp"

namespace pb::fake_adb {

struct PuzzleSetup {
  enum class Kind { kSliding, kPegs } kind = Kind::kSliding;
  std::uint64_t seed = 1;
  int size = 3;                // sliding: tiles a side (3 or 4)
  int scramble = 0;            // sliding: steps of the gap's random walk; 0: 5 per tile a side
  cv::Size screen{540, 960};   // the whole display, px
  int status_bar = 48;         // px at the top
  int nav_bar = 0;             // px at the bottom
  std::string picture_dir = "/usr/share/gnome-taquin/themes/numbers";  // sliding: N-numbers.png
};

// The puzzle app shown for `game=<name>` ("sliding", "pegs"); nullopt: not a puzzle app.
std::optional<PuzzleSetup::Kind> puzzle_app(std::string_view name);
// The puzzle apps' names, ", " between them (for the phone's error on an unknown game).
std::string puzzle_app_names();

class PuzzleScreen : public GameScreen {
 public:
  // Level `level` with `events` replayed on it. Errors: the picture is missing, the size is not 3 or 4.
  static Result<std::unique_ptr<PuzzleScreen>> open(const PuzzleSetup& setup, int level,
                                                    const std::vector<ArenaEvent>& events);

  void press(cv::Point2d screen) override;
  void drag(cv::Point2d screen) override;
  void release(cv::Point2d screen) override;
  cv::Mat image() const override;
  std::string board_text() const override;
  bool cleared() const override;
  const std::vector<ArenaEvent>& events() const override { return events_; }

 private:
  explicit PuzzleScreen(PuzzleSetup setup) : setup_(std::move(setup)) {}
  void apply(const ArenaEvent& e);
  void slide_at(cv::Point2d p);               // sliding: a tap
  void jump(cv::Point2d from, cv::Point2d to);  // pegs: a drag
  int site_at(cv::Point2d p) const;           // the site under a screen point, -1 none

  PuzzleSetup setup_;
  int rows_ = 0, cols_ = 0;
  std::vector<int> pieces_;  // sliding: site -> Taquin piece, -1 the gap
  std::string pegs_;         // pegs: per site 'o' peg, '.' hole
  cv::Mat picture_;          // sliding: BGRA
  cv::Point origin_;         // sliding: the frame's top-left; pegs: site (0, 0)'s centre
  int pitch_ = 0;
  std::vector<ArenaEvent> events_;
  bool pressed_ = false;
  cv::Point2d press_at_;
};

}  // namespace pb::fake_adb
