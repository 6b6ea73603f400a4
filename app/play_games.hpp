/* play_games.hpp: the games `puzzlebot play` plays, each one's entry in its own app/play_<game>.cpp. */
#pragma once

// A game is a name, the window it usually plays in, a line of help, how a new board comes after a
// cleared one, and a function that builds its Player (reader Params from the profile node named
// after the game) for the device it plays on. play_command.cpp knows no game by name: it looks the
// game up here, and plays it on any device (play_device.hpp) through the one loop (play.hpp).
//
// A game's entries are in its own app/play_<game>.cpp, beside its Rules:
//   std::span<const PlayGame> <game>_play_games();
// app/CMakeLists.txt builds that file for every game of PB_GAMES that has one and generates the
// list play_games.cpp gathers, in PB_GAMES order (like the solver registry, and sgt-puzzles' list.c).

#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "app/calibration_probe.hpp"
#include "app/play.hpp"
#include "app/play_device.hpp"
#include "calibration/profile.hpp"
#include "core/result.hpp"

namespace pb::app {

// How a new board comes once one is cleared (--levels above 1).
enum class LevelFlow {
  kNewGame,         // Simon Tatham's games: the device starts one (PlayDevice::new_game: 'n')
  kAdvancesItself,  // puzzlebot-arena and 一笔画完: the next level comes by itself and the Player
                    // waits for it (its NextLevel, play_capabilities.hpp; arena games are wrapped
                    // in ArenaLevels)
};

// What a Player is built for: the profile (its reader's node) and what the device it plays on can
// do (a game may be another one under a finger: one-stroke is the arena's with a mouse, 一笔画完
// on a touch screen).
struct PlayContext {
  const calibration::ProfileDoc& profile;
  DeviceAbilities device;
};

struct PlayGame {
  std::string_view name;    // --game
  std::string_view window;  // the usual window title, for help and messages
  std::string_view about;   // one help line: the game, and how a move is made
  LevelFlow flow;
  Result<std::unique_ptr<Player>> (*make)(const PlayContext& context);
  int drag_pace_ms = 15;    // default --pace: pause between the points of a drag
  // The game's window ends a running animation when the next click arrives (Simon Tatham's
  // midend): played in that window, moves are pipelined (PlayOptions::pipeline).
  bool pipeline = false;
  int tap_pause_ms = 25;    // default --tap-pause: between pointer move, press and release (desktop)
  // What `play --check` prints about the screen besides the board (Fifteen's status line, the
  // pegs left), one "name: value" line each; nullptr: nothing more.
  void (*check_lines)(const cv::Mat& frame, const std::string& board_text) = nullptr;
  // Its one safe test move for `calibrate --adb` (app/calibration_probe.hpp); nullptr: none.
  const CalibrationProbe* calibration = nullptr;
};

// A reader's Params from the profile node named after the game.
template <class Params, class Load>
Result<Params> params_for(const PlayContext& c, std::string_view game, Load load) {
  return calibration::reader_params<Params>(c.profile, game, load);
}

std::span<const PlayGame> play_games();
const PlayGame* find_play_game(std::string_view name);
// "sliding|pegs|..." for usage lines and errors.
std::string play_game_names();

}  // namespace pb::app
