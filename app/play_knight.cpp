/* play_knight.cpp: the knight's tour in `puzzlebot play` (the arena): its reader and its entry (its Rules: solvers/knight/rules.hpp). */
#include <span>

#include "app/play_arena.hpp"
#include "app/play_games.hpp"
#include "solvers/knight/rules.hpp"
#include "vision/knight/reader.hpp"

namespace pb::app {

std::span<const PlayGame> knight_play_games() {
  static constexpr PlayGame kEntries[] = {
      arena_game<solvers::knight::Rules, &vision::knight::load_params, &vision::knight::read>("knight's tour (arena): click the squares in order")};
  return kEntries;
}

}  // namespace pb::app
