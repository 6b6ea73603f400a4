/* play_sliding.cpp: sliding tiles in `puzzlebot play` (Simon Tatham's Fifteen): its reader and its entry (its Rules: solvers/sliding/rules.hpp). */
#include <cstdio>
#include <span>
#include <string>
#include <utility>

#include "app/play_games.hpp"
#include "app/play_players.hpp"
#include "solvers/sliding/rules.hpp"
#include "vision/sliding/reader.hpp"

namespace pb::app {
namespace {

using SlidingPlayer = GamePlayer<solvers::sliding::Rules>;

// The sliding Rules over the sliding reader, Params from the profile's `sliding` node.
Result<std::unique_ptr<Player>> make_sliding(const PlayContext& c) {
  auto params = params_for<vision::sliding::Params>(c, "sliding",
                                                    [](const cv::FileNode& n) { return vision::sliding::load_params(n); });
  if (!params) return params.error();
  return std::unique_ptr<Player>(std::make_unique<SlidingPlayer>(
      [p = *params](const cv::Mat& bgr) -> Result<SlidingPlayer::Reading> {
        auto r = vision::sliding::read(bgr, p);
        if (!r) return r.error();
        return SlidingPlayer::Reading{std::move(r->state), std::move(r->centres), {}};
      }));
}

// `play --check`: Fifteen's status line ("Moves: 3", "COMPLETED!") as read.
void sliding_check_lines(const cv::Mat& frame, const std::string& /*board_text*/) {
  auto status = vision::sliding::read_status_line(frame);
  std::printf("status line: %s\n", status ? status->c_str() : ("(unreadable: " + status.error().text() + ")").c_str());
}

}  // namespace

std::span<const PlayGame> sliding_play_games() {
  static constexpr PlayGame kEntries[] = {
      {"sliding", "Fifteen", "Simon Tatham's Fifteen: click the tile that slides into the gap", LevelFlow::kNewGame,
       &make_sliding, 15, true, 5, &sliding_check_lines},  // Fifteen moves on the press: 0 ms worked too (docs/PERFORMANCE.md)
  };
  return kEntries;
}

}  // namespace pb::app
