/* play_valves.cpp: the valves in `puzzlebot play` (the arena): its reader and its entry (its Rules: solvers/valves/rules.hpp). */
#include <span>
#include <utility>

#include "app/play_arena.hpp"
#include "app/play_games.hpp"
#include "solvers/valves/rules.hpp"
#include "vision/valves/reader.hpp"

namespace pb::app {
namespace {

using Rules = solvers::valves::Rules;

// The screen is read after every click (a closed wheel changes colour and gets a bar, the water
// recedes: no picture simply moves), and the last click clears the level (ArenaLevels sees the banner).
Result<std::unique_ptr<Player>> make_valves(const PlayContext& c) {
  return make_arena_player<Rules>(
      c, [](const cv::FileNode& n) { return vision::valves::load_params(n); },
      [](const cv::Mat& bgr, const vision::valves::Params& p) -> Result<PlayReading<Rules::State>> {
        auto r = vision::valves::read(bgr, p);
        if (!r) return r.error();
        return PlayReading<Rules::State>{solvers::valves::Board{std::move(r->state)}, std::move(r->centres), {}};
      });
}

}  // namespace

std::span<const PlayGame> valves_play_games() {
  static constexpr PlayGame kEntries[] = {
      {"valves", kArenaWindow, "valves (arena): click a valve's wheel to close it", LevelFlow::kAdvancesItself,
       &make_valves},
  };
  return kEntries;
}

}  // namespace pb::app
