/* play_knight.cpp: the knight's tour in `puzzlebot play` (the arena): its reader and its entry (its Rules: solvers/knight/rules.hpp). */
#include <span>
#include <utility>

#include "app/play_arena.hpp"
#include "app/play_games.hpp"
#include "solvers/knight/rules.hpp"
#include "vision/knight/reader.hpp"

namespace pb::app {
namespace {

using Rules = solvers::knight::Rules;

Result<std::unique_ptr<Player>> make_knight(const PlayContext& c) {
  return make_arena_player<Rules>(
      c, [](const cv::FileNode& n) { return vision::knight::load_params(n); },
      [](const cv::Mat& bgr, const vision::knight::Params& p) -> Result<PlayReading<Rules::State>> {
        auto r = vision::knight::read(bgr, p);
        if (!r) return r.error();
        return PlayReading<Rules::State>{std::move(r->state), std::move(r->centres), {}};
      });
}

}  // namespace

std::span<const PlayGame> knight_play_games() {
  static constexpr PlayGame kEntries[] = {
      {"knight", kArenaWindow, "knight's tour (arena): click the squares in order", LevelFlow::kAdvancesItself,
       &make_knight},
  };
  return kEntries;
}

}  // namespace pb::app
