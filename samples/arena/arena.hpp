/* arena.hpp: the practice arena's model: levels of five puzzles that take pointer input by the rules. */
#pragma once

// puzzlebot-arena shows one Level at a time. A Level holds the puzzle state (the solvers' own State,
// changed only through their apply(), so the arena and the solvers agree on the rules), turns pointer
// events in canvas pixels into moves, and draws itself into its area. A Session strings levels
// together (seeded generation, LEVEL CLEARED banner, next level after a delay) and composes the whole
// frame: title, board area, status line. The program (main.cpp) only moves pixels and events between
// a Session and X11 or a PNG file, so tests drive the same code without a display.
//
// Rejected: a GUI toolkit (a dependency for five simple boards); drawing with Xlib calls (the same
// picture would then have to be drawn twice, once for --screenshot); one Level class switching on the
// game (the five games share nothing but this interface).

#include <chrono>
#include <cstdint>
#include <memory>
#include <opencv2/core.hpp>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/result.hpp"

namespace pb::arena {

class Level;

// One game of the arena, defined in its own samples/arena/<game>_level.cpp as
//   extern const GameEntry <game>_game{...};
// The arena's games are those of PB_GAMES (solvers/CMakeLists.txt) that have such a file, in that
// order (samples/arena/CMakeLists.txt generates the list): adding one edits no list here.
struct GameEntry {
  std::string_view name;   // as in PB_GAMES and FORMATS.md: "onestroke", "knight", ...
  std::string_view title;  // "one-stroke", "knight's tour", ...
  // Mixed into the seed of each of its levels; unique per game (0-4 are the numbers the first five
  // games had before the registry, so their levels stay what the samples and tests know).
  std::uint64_t seed_key;
  // Level `number` from `rng_seed` (the session seed, seed_key and the number mixed), in style `variant`.
  std::unique_ptr<Level> (*make)(int number, std::uint64_t rng_seed, int variant);
};
using Game = const GameEntry*;  // never null where a game is required

std::span<const Game> games();                  // PB_GAMES order
Game game_from_name(std::string_view name);     // nullptr: the arena has no such game
std::string game_names(std::string_view sep);   // "onestroke|valves|..." with sep "|"
std::string_view name_of(Game game);
std::string_view title_of(Game game);

// The frame's look around the board, from the level's style variant.
struct Style {
  cv::Scalar page{236, 236, 236};  // background, BGR
  cv::Scalar ink{40, 40, 40};      // title and status text
  cv::Scalar banner{40, 160, 40};  // LEVEL CLEARED
  int font = 0;                    // cv::HersheyFonts value
};

// What became of one pointer event.
struct Response {
  bool changed = false;   // the picture changed (redraw)
  bool moved = false;     // a move by the rules was made
  std::string refusal;    // why the input was refused by the rules ("" if accepted or ignored)
};

// A pointer gesture in canvas pixels: press at the first point, move through the others, release at
// the last. A click is one point.
struct Stroke {
  std::vector<cv::Point2d> points;
};

class Level {
 public:
  virtual ~Level() = default;
  // The current position in FORMATS.md's text (ground truth for readers and tests).
  virtual std::string board_text() const = 0;
  virtual Style style() const = 0;
  virtual void draw(cv::Mat& canvas) const = 0;  // into area(); the page is already filled
  virtual Response press(cv::Point2d p) = 0;
  virtual Response drag(cv::Point2d /*p*/) { return {}; }
  virtual Response release(cv::Point2d /*p*/) { return {}; }
  virtual bool cleared() const = 0;
  // True when no further move can clear the level (valves: wrenches used up); the session restarts it.
  virtual bool stuck() const { return false; }
  virtual void restart() = 0;  // back to the level's first position
  // Gestures that clear the level from the current position, from the game's solver and this level's
  // geometry (--play and the tests); empty when the solver finds nothing.
  virtual std::vector<Stroke> solution() const = 0;

  int moves() const { return moves_; }
  cv::Rect area() const { return area_; }
  // Where the level is drawn, canvas px; hit tests use it, so set it before input.
  void set_area(cv::Rect area) { area_ = area; }

 protected:
  int moves_ = 0;
  cv::Rect area_{0, 0, 800, 600};
};

// What every game's Level shares: its first and current position in the solver's State (`Spec`:
// solvers/<game>/<game>.hpp), the board text the solver writes, and the style variant.
template <class Spec>
class LevelOf : public Level {
 public:
  using State = typename Spec::State;
  LevelOf(State start, int variant) : start_(start), state_(std::move(start)), variant_(variant) {}
  std::string board_text() const override { return Spec::format(state_); }
  void restart() override {  // a level with more to reset (a picked piece, a path) adds to it
    state_ = start_;
    moves_ = 0;
  }
  const State& state() const { return state_; }

 protected:
  State start_, state_;
  int variant_;
};

// Level `number` (1-based; bigger is harder) of `game` from `seed`, drawn in style `variant`
// (0 the default look). The same arguments give the same level.
Result<std::unique_ptr<Level>> make_level(Game game, int number, std::uint64_t seed, int variant);

// Feeds a stroke to a level as press / drag... / release; returns the last refusal ("" if none).
std::string perform(Level& level, const Stroke& stroke);

struct SessionOptions {
  Game game = nullptr;  // required: one of games()
  int first_level = 1;
  std::uint64_t seed = 1;
  int variant = 0;
  cv::Size size{800, 600};
  std::chrono::milliseconds clear_delay{1000};  // LEVEL CLEARED stays this long
};

// Levels one after another, and the frame around them.
class Session {
 public:
  static Result<Session> create(const SessionOptions& options);

  cv::Mat frame() const;
  cv::Rect board_area() const;  // canvas px between the title and the status line
  Level& level() { return *level_; }
  const Level& level() const { return *level_; }
  int level_number() const { return number_; }
  std::string status() const;   // the status line's text
  bool showing_cleared() const { return cleared_at_.has_value(); }

  // Pointer and keys; each returns true when the frame changed.
  bool press(cv::Point2d p);
  bool drag(cv::Point2d p);
  bool release(cv::Point2d p);
  bool restart();
  // Moves on to the next level once the banner has shown for clear_delay; true when it did.
  Result<bool> tick(std::chrono::steady_clock::time_point now);

 private:
  explicit Session(const SessionOptions& options) : options_(options) {}
  Result<void> load(int number);
  bool after(const Response& r);

  SessionOptions options_;
  std::unique_ptr<Level> level_;
  int number_ = 1;
  std::string message_;
  std::optional<std::chrono::steady_clock::time_point> cleared_at_;
};

}  // namespace pb::arena
