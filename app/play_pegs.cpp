/* play_pegs.cpp: peg solitaire in `puzzlebot play`: Simon Tatham's Pegs (drag) and Peg Solitaire (Qt, click-click). */
#include <span>
#include <utility>

#include "app/play_games.hpp"
#include "app/play_peg_solitaire.hpp"
#include "app/play_players.hpp"
#ifdef PB_HAVE_PEGS_READER
#include "vision/pegs/reader.hpp"
#endif

namespace pb::app {
namespace {

// PegsRules (play_players.hpp) over the Pegs reader, Params from the profile's `pegs` node.
Result<std::unique_ptr<Player>> make_pegs([[maybe_unused]] const PlayContext& c) {
#ifndef PB_HAVE_PEGS_READER
  return make_error("this puzzlebot was built without the Pegs reader (vision/pegs)");
#else
  auto params = params_for<vision::pegs::Params>(c, "pegs", [](const cv::FileNode& n) { return vision::pegs::load_params(n); });
  if (!params) return params.error();
  return std::unique_ptr<Player>(std::make_unique<PegsPlayer>(
      [p = *params](const cv::Mat& bgr) -> Result<PegsPlayer::Reading> {
        auto r = vision::pegs::read(bgr, p);
        if (!r) return r.error();
        return PegsPlayer::Reading{std::move(r->state), std::move(r->centres), {}};
      }));
#endif
}

}  // namespace

std::span<const PlayGame> pegs_play_games() {
  static constexpr PlayGame kEntries[] = {
      // Pegs drops a peg where the button is released: the points in between need no pause (51 ms
      // drags worked with none; 5 ms keeps a margin; docs/PERFORMANCE.md).
      {"pegs", "Pegs", "Simon Tatham's Pegs: drag a peg onto the hole it lands in", LevelFlow::kNewGame, &make_pegs, 5},
      {"peg-solitaire", "Peg-solitaire",
       "Peg Solitaire (Qt): click a peg, then the hole it lands in (--profile peg-solitaire.yml)", LevelFlow::kNewGame,
       &make_peg_solitaire},
  };
  return kEntries;
}

}  // namespace pb::app
