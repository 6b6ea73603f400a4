/* play_hanoi.cpp: the Tower of Hanoi in `puzzlebot play` (the arena): its reader and its entry (its Rules: solvers/hanoi/rules.hpp). */
#include <span>
#include <utility>

#include "app/play_arena.hpp"
#include "app/play_games.hpp"
#include "solvers/hanoi/rules.hpp"
#include "vision/hanoi/reader.hpp"

namespace pb::app {
namespace {

using Rules = solvers::hanoi::Rules;

// The reading's places are the rods (halfway up each rod).
Result<std::unique_ptr<Player>> make_hanoi(const PlayContext& c) {
  return make_arena_player<Rules>(
      c, [](const cv::FileNode& n) { return vision::hanoi::load_params(n); },
      [](const cv::Mat& bgr, const vision::hanoi::Params& p) -> Result<PlayReading<Rules::State>> {
        auto r = vision::hanoi::read(bgr, p);
        if (!r) return r.error();
        return PlayReading<Rules::State>{std::move(r->state), std::move(r->centres), {}};
      });
}

}  // namespace

std::span<const PlayGame> hanoi_play_games() {
  static constexpr PlayGame kEntries[] = {
      {"hanoi", kArenaWindow, "Tower of Hanoi (arena): drag the top disk onto another rod", LevelFlow::kAdvancesItself,
       &make_hanoi},
  };
  return kEntries;
}

}  // namespace pb::app
