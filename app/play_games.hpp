/* play_games.hpp: the games `puzzlebot play` plays on the desktop, listed once in play_games.cpp (like sgt-puzzles' list.c). */
#pragma once

// A game is a name, the window it usually plays in, a line of help, how a new board comes after a
// cleared one, and a function that builds its Player (reader Params from the profile node named
// after the game). play_command.cpp knows no game by name: it looks the game up here.

#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "app/play.hpp"
#include "core/result.hpp"

namespace pb::app {

// How a new board comes once one is cleared (--levels above 1).
enum class LevelFlow {
  kNewGameKey,      // Simon Tatham's games: press 'n', wait until the window changes
  kAdvancesItself,  // puzzlebot-arena: a LEVEL CLEARED banner, then the next level by itself
                    // (the Player is wrapped in ArenaLevels, app/play_arena.hpp)
};

struct PlayGame {
  std::string_view name;    // --game
  std::string_view window;  // the usual window title, for help and messages
  std::string_view about;   // one help line: the game, and how a move is made
  LevelFlow flow;
  Result<std::unique_ptr<Player>> (*make)(const std::string& profile);  // profile: "" for defaults
};

std::span<const PlayGame> play_games();
const PlayGame* find_play_game(std::string_view name);
// "sliding|pegs|..." for usage lines and errors.
std::string play_game_names();

}  // namespace pb::app
