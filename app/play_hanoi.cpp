/* play_hanoi.cpp: the Tower of Hanoi in `puzzlebot play` (the arena): its reader and its entry (its Rules: solvers/hanoi/rules.hpp). */
#include <span>

#include "app/play_arena.hpp"
#include "app/play_games.hpp"
#include "solvers/hanoi/rules.hpp"
#include "vision/hanoi/reader.hpp"

namespace pb::app {

// The reading's places are the rods (halfway up each rod).
std::span<const PlayGame> hanoi_play_games() {
  static constexpr PlayGame kEntries[] = {
      arena_game<solvers::hanoi::Rules, &vision::hanoi::load_params, &vision::hanoi::read>("Tower of Hanoi (arena): drag the top disk onto another rod")};
  return kEntries;
}

}  // namespace pb::app
