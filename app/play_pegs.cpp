/* play_pegs.cpp: peg solitaire in `puzzlebot play`: Simon Tatham's Pegs (drag) and Peg Solitaire (Qt, click-click); the Rules of both: solvers/pegs/rules.hpp. */
#include <algorithm>
#include <cstdio>
#include <span>
#include <string>
#include <utility>

#include "app/play_games.hpp"
#include "app/play_players.hpp"
#include "solvers/pegs/rules.hpp"
#ifdef PB_HAVE_PEGS_READER
#include "vision/pegs/reader.hpp"
#endif

namespace pb::app {
namespace {

// `Rules` over the Pegs reader, Params from the profile's `pegs` node (both games' pegs and holes
// are balls of one size, told apart by colour).
template <class Rules>
Result<std::unique_ptr<Player>> make_pegs([[maybe_unused]] const PlayContext& c) {
#ifndef PB_HAVE_PEGS_READER
  return make_error("this puzzlebot was built without the Pegs reader (vision/pegs)");
#else
  using PegsGame = GamePlayer<Rules>;
  auto params = params_for<vision::pegs::Params>(c, "pegs", [](const cv::FileNode& n) { return vision::pegs::load_params(n); });
  if (!params) return params.error();
  return std::unique_ptr<Player>(std::make_unique<PegsGame>([p = *params](const cv::Mat& bgr) -> Result<typename PegsGame::Reading> {
    auto r = vision::pegs::read(bgr, p);
    if (!r) return r.error();
    return typename PegsGame::Reading{std::move(r->state), std::move(r->centres), {}};
  }));
#endif
}

// `play --check`: the pegs on the board read.
void pegs_check_lines(const cv::Mat& /*frame*/, const std::string& board_text) {
  const std::size_t body = board_text.find('\n');
  const long pegs = body == std::string::npos ? 0 : std::count(board_text.begin() + static_cast<long>(body), board_text.end(), 'o');
  std::printf("pegs: %ld\n", pegs);
}

}  // namespace

std::span<const PlayGame> pegs_play_games() {
  static constexpr PlayGame kEntries[] = {
      // Pegs drops a peg where the button is released: the points in between need no pause (51 ms
      // drags worked with none; 5 ms keeps a margin; docs/PERFORMANCE.md).
      {"pegs", "Pegs", "Simon Tatham's Pegs: drag a peg onto the hole it lands in", LevelFlow::kNewGame,
       &make_pegs<solvers::pegs::Rules>, 5, false, 25, &pegs_check_lines},
      {"peg-solitaire", "Peg-solitaire",
       "Peg Solitaire (Qt): click a peg, then the hole it lands in (--profile peg-solitaire.yml)", LevelFlow::kNewGame,
       &make_pegs<solvers::pegs::ClickRules>, 15, false, 25, &pegs_check_lines},
  };
  return kEntries;
}

}  // namespace pb::app
