/* play_river.cpp: the river crossing in `puzzlebot play` (the arena): its reader and its entry (its Rules: solvers/river/rules.hpp). */
#include <span>
#include <utility>

#include "app/play_arena.hpp"
#include "app/play_games.hpp"
#include "solvers/river/rules.hpp"
#include "vision/river/reader.hpp"

namespace pb::app {
namespace {

// The reading's places: the hull first, then every figure in the reader's order (left bank guards,
// left bank prisoners, right bank guards, right bank prisoners, boat guards, boat prisoners), as the
// Rules name them.
PlayReading<solvers::river::Rules::State> river_places(vision::river::Reading&& r) {
  PlayReading<solvers::river::Rules::State> out;
  out.state = {r.state, r.aboard};
  out.centres.push_back(r.hull_centre);
  for (const vision::river::Figure& f : r.figures) out.centres.push_back(f.centre);
  return out;
}

}  // namespace

std::span<const PlayGame> river_play_games() {
  static constexpr PlayGame kEntries[] = {
      arena_game<solvers::river::Rules, &vision::river::load_params, &vision::river::read, &river_places>("river crossing (arena): click figures to board or land them, the hull to cross")};
  return kEntries;
}

}  // namespace pb::app
