/* play_arena.hpp: playing puzzlebot-arena: its level flow, and the Player an arena game's entry builds. */
#pragma once

// The arena (samples/arena) differs from Simon Tatham's games in two ways the loop must know:
//
// - Pieces do not just swap pictures (a knight leaves a number behind, the cat a band, a Hanoi disk
//   lands on a stack of another height), so every arena game's Rules (solvers/<game>/rules.hpp) sets
//   kConfirmByPixels = false: its Player has no PixelSteps (play_capabilities.hpp), and the loop
//   reads the screen after every move.
// - A cleared level is covered by a LEVEL CLEARED banner for about a second, then the next level
//   comes by itself: no key starts it. ArenaLevels wraps any Player for that flow: when the final
//   gesture of a plan has been sent and the board then cannot be found (ErrorCode::kNoBoard from
//   the reader: the banner covers it) or a board of another level is on screen (Rules::same_level),
//   the level counts as cleared;
//   await_next_level() (its NextLevel, play_capabilities.hpp) waits, bounded, until a new unsolved
//   board reads.
//
// An arena game's entry (app/play_<game>.cpp: play_knight.cpp, play_hanoi.cpp) builds its Player
// with make_arena_player: its Rules, and its reader's Params loader and read (a frame -> PlayReading).
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
#include <type_traits>
#include <utility>
#include <vector>

#include "app/play_games.hpp"
#include "app/play_players.hpp"
#include "capture/frame_source.hpp"

namespace pb::app {

// The title of puzzlebot-arena's window.
inline constexpr std::string_view kArenaWindow = "puzzlebot arena";

// The arena's level flow around any Player (see the top of this file).
class ArenaLevels : public Player, public PlanAsMoves, public NextLevel {
 public:
  explicit ArenaLevels(std::unique_ptr<Player> inner) : inner_(std::move(inner)) {}

  std::string_view game() const override { return inner_->game(); }
  Result<void> read(const cv::Mat& bgr) override;
  bool solved() const override { return cleared_ || inner_->solved(); }
  std::string board_text() const override;
  std::string plan_moves_json() const override {
    const auto* m = capability<PlanAsMoves>(*inner_);
    return m ? m->plan_moves_json() : std::string();
  }
  std::string plan_board_text() const override {
    const auto* m = capability<PlanAsMoves>(*inner_);
    return m ? m->plan_board_text() : inner_->board_text();
  }
  PlanOutcome plan(const solvers::Limits& limits) override;
  Result<FrameGesture> gesture(std::size_t i) const override;
  bool matches_after(std::size_t i) const override;

  // Once a level is cleared: grabs from `source` every `poll` until a board reads that is not
  // finished (the next level), at most `timeout`. Errors say what was last seen.
  Result<void> await_next_level(capture::FrameSource& source, std::chrono::milliseconds timeout,
                                std::chrono::milliseconds poll, const std::atomic<bool>* cancel) override;
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

// A reading whose state (as the Rules' State) and centres are the Rules' state and places as they are.
template <class State, class Reading>
PlayReading<State> state_and_centres(Reading&& reading) {
  return {State{std::move(reading.state)}, std::move(reading.centres), {}};
}

// The Player of `Rules` over a reader's own functions (vision/<game>/reader.hpp): `load` its
// load_params, with Params from the profile node named after the game; `read` its read, with no
// debug sink when it takes one; `places` the reading as the Rules' state and places. The arena's
// level flow is around it.
template <class Rules, class Params, class Reading, class... Debug>
Result<std::unique_ptr<Player>> make_arena_player(
    const PlayContext& c, Result<Params> (*load)(const cv::FileNode&, const Params&),
    Result<Reading> (*read)(const cv::Mat&, const Params&, Debug...),
    PlayReading<typename Rules::State> (*places)(Reading&&) = &state_and_centres<typename Rules::State, Reading>) {
  auto params = params_for<Params>(c, Rules::kName, [load](const cv::FileNode& n) { return load(n, Params{}); });
  if (!params) return params.error();
  // ArenaLevels offers no PixelSteps: the arena's pieces do not just swap pictures (above).
  static_assert(!Rules::kConfirmByPixels, "an arena game is read after every move");
  auto inner = std::make_unique<GamePlayer<Rules>>(
      [p = *params, read, places](const cv::Mat& bgr) -> Result<PlayReading<typename Rules::State>> {
        auto r = read(bgr, p, Debug{}...);
        if (!r) return r.error();
        return places(std::move(*r));
      });
  return std::unique_ptr<Player>(std::make_unique<ArenaLevels>(std::move(inner)));
}

// make_arena_player as an arena game's PlayGame::make.
template <class Rules, auto kLoad, auto kRead, auto... kPlaces>
Result<std::unique_ptr<Player>> arena_player(const PlayContext& c) {
  return make_arena_player<Rules>(c, kLoad, kRead, kPlaces...);
}

// An arena game's entry: named as its Rules, in the arena's window, the next level coming by itself.
template <class Rules, auto kLoad, auto kRead, auto... kPlaces>
constexpr PlayGame arena_game(std::string_view about) {
  return {Rules::kName, kArenaWindow, about, LevelFlow::kAdvancesItself, &arena_player<Rules, kLoad, kRead, kPlaces...>};
}

}  // namespace pb::app
