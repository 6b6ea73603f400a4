/* play_games.cpp: the list of games `puzzlebot play` knows, and how each one's Player is built. */
#include "app/play_games.hpp"

#include <opencv2/core/persistence.hpp>

#include "app/play_arena.hpp"
#include "app/play_peg_solitaire.hpp"
#include "app/play_river.hpp"
#include "app/play_valves.hpp"
#include "app/play_players.hpp"
#include "calibration/profile.hpp"
#include "vision/sliding/reader.hpp"
#ifdef PB_HAVE_PEGS_READER
#include "vision/pegs/reader.hpp"
#endif

namespace pb::app {
namespace {

// The Player of a Rules struct that names its reader (Params, load_params, read: play_arena.hpp).
template <class Rules>
Result<std::unique_ptr<Player>> make_game_player(const std::string& profile) {
  auto params = calibration::reader_params<typename Rules::Params>(
      profile, Rules::kGame, [](const cv::FileNode& n) { return Rules::load_params(n); });
  if (!params) return params.error();
  return std::unique_ptr<Player>(std::make_unique<GamePlayer<Rules>>(
      [p = *params](const cv::Mat& bgr) { return Rules::read(bgr, p); }));
}

Result<std::unique_ptr<Player>> make_sliding(const std::string& profile) {
  auto params = calibration::reader_params<vision::sliding::Params>(
      profile, "sliding", [](const cv::FileNode& n) { return vision::sliding::load_params(n); });
  if (!params) return params.error();
  return std::unique_ptr<Player>(std::make_unique<SlidingPlayer>(
      [p = *params](const cv::Mat& bgr) -> Result<SlidingPlayer::Reading> {
        auto r = vision::sliding::read(bgr, p);
        if (!r) return r.error();
        return SlidingPlayer::Reading{std::move(r->state), std::move(r->centres), {}};
      }));
}

Result<std::unique_ptr<Player>> make_pegs([[maybe_unused]] const std::string& profile) {
#ifndef PB_HAVE_PEGS_READER
  return make_error("this puzzlebot was built without the Pegs reader (vision/pegs)");
#else
  auto params = calibration::reader_params<vision::pegs::Params>(
      profile, "pegs", [](const cv::FileNode& n) { return vision::pegs::load_params(n); });
  if (!params) return params.error();
  return std::unique_ptr<Player>(std::make_unique<PegsPlayer>(
      [p = *params](const cv::Mat& bgr) -> Result<PegsPlayer::Reading> {
        auto r = vision::pegs::read(bgr, p);
        if (!r) return r.error();
        return PegsPlayer::Reading{std::move(r->state), std::move(r->centres), {}};
      }));
#endif
}

// A new arena game: a Rules struct (play_arena.hpp shows three) and one line here.
constexpr PlayGame kGames[] = {
    {"sliding", "Fifteen", "Simon Tatham's Fifteen: click the tile that slides into the gap",
     LevelFlow::kNewGameKey, &make_sliding},
    {"pegs", "Pegs", "Simon Tatham's Pegs: drag a peg onto the hole it lands in", LevelFlow::kNewGameKey, &make_pegs},
    {"peg-solitaire", "Peg-solitaire", "Peg Solitaire (Qt): click a peg, then the hole it lands in (--profile peg-solitaire.yml)",
     LevelFlow::kNewGameKey, &make_peg_solitaire},
    {"onestroke", kArenaWindow, "one-stroke (arena): drag the cat through every cell in one stroke",
     LevelFlow::kAdvancesItself, &make_game_player<OnestrokeRules>},
    {"knight", kArenaWindow, "knight's tour (arena): click the squares in order", LevelFlow::kAdvancesItself,
     &make_game_player<KnightRules>},
    {"hanoi", kArenaWindow, "Tower of Hanoi (arena): drag the top disk onto another peg",
     LevelFlow::kAdvancesItself, &make_game_player<HanoiRules>},
    {"river", kArenaWindow, "river crossing (arena): click figures to board or land them, the hull to cross",
     LevelFlow::kAdvancesItself, &make_game_player<RiverRules>},
    {"valves", kArenaWindow, "valves (arena): click a valve's wheel to close it", LevelFlow::kAdvancesItself,
     &make_game_player<ValvesRules>},
};

}  // namespace

std::span<const PlayGame> play_games() { return kGames; }

const PlayGame* find_play_game(std::string_view name) {
  for (const PlayGame& g : kGames)
    if (g.name == name) return &g;
  return nullptr;
}

std::string play_game_names() {
  std::string out;
  for (const PlayGame& g : kGames) out.append(out.empty() ? "" : "|").append(g.name);
  return out;
}

}  // namespace pb::app
