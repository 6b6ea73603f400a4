/* play_river.cpp: the river crossing in `puzzlebot play` (the arena): its reader and its entry (its Rules: solvers/river/rules.hpp). */
#include <span>
#include <utility>

#include "app/play_arena.hpp"
#include "app/play_games.hpp"
#include "solvers/river/rules.hpp"
#include "vision/river/reader.hpp"

namespace pb::app {
namespace {

using Rules = solvers::river::Rules;

// The reading's places: the hull first, then every figure in the reader's order (left bank guards,
// left bank prisoners, right bank guards, right bank prisoners, boat guards, boat prisoners), as the
// Rules name them.
Result<std::unique_ptr<Player>> make_river(const PlayContext& c) {
  return make_arena_player<Rules>(
      c, [](const cv::FileNode& n) { return vision::river::load_params(n); },
      [](const cv::Mat& bgr, const vision::river::Params& p) -> Result<PlayReading<Rules::State>> {
        auto r = vision::river::read(bgr, p);
        if (!r) return r.error();
        PlayReading<Rules::State> out;
        out.state = {r->state, r->aboard};
        out.centres.push_back(r->hull_centre);
        for (const vision::river::Figure& f : r->figures) out.centres.push_back(f.centre);
        return out;
      });
}

}  // namespace

std::span<const PlayGame> river_play_games() {
  static constexpr PlayGame kEntries[] = {
      {"river", kArenaWindow, "river crossing (arena): click figures to board or land them, the hull to cross",
       LevelFlow::kAdvancesItself, &make_river},
  };
  return kEntries;
}

}  // namespace pb::app
