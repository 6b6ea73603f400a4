/* play_valves.cpp: the valves in `puzzlebot play` (the arena): its reader and its entry (its Rules: solvers/valves/rules.hpp). */
#include <span>

#include "app/play_arena.hpp"
#include "app/play_games.hpp"
#include "solvers/valves/rules.hpp"
#include "vision/valves/reader.hpp"

namespace pb::app {

// The screen is read after every click (a closed wheel changes colour and gets a bar, the water
// recedes: no picture simply moves), and the last click clears the level (ArenaLevels sees the banner).
std::span<const PlayGame> valves_play_games() {
  static constexpr PlayGame kEntries[] = {
      arena_game<solvers::valves::Rules, &vision::valves::load_params, &vision::valves::read>("valves (arena): click a valve's wheel to close it")};
  return kEntries;
}

}  // namespace pb::app
