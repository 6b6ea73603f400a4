/* play_games.cpp: the list of games `puzzlebot play` knows, and how each one's Player is built. */
#include "app/play_games.hpp"

#include <opencv2/core/persistence.hpp>

#include "app/play_arena.hpp"
#include "app/play_onestroke.hpp"
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

// A reader's Params from the profile node named after the game.
template <class Params, class Load>
Result<Params> params_for(const PlayContext& c, std::string_view game, Load load) {
  return calibration::reader_params<Params>(c.profile, game, load);
}

// The Player of a Rules struct that names its reader (Params, load_params, read: play_arena.hpp),
// with the arena's level flow around it.
template <class Rules>
Result<std::unique_ptr<Player>> make_arena_player(const PlayContext& c) {
  auto params = params_for<typename Rules::Params>(c, Rules::kGame, [](const cv::FileNode& n) { return Rules::load_params(n); });
  if (!params) return params.error();
  auto inner = std::make_unique<GamePlayer<Rules>>([p = *params](const cv::Mat& bgr) { return Rules::read(bgr, p); });
  return std::unique_ptr<Player>(std::make_unique<ArenaLevels>(std::move(inner)));
}

// One-stroke: on a phone the game is 一笔画完 (the replay button, levels that follow each other:
// OnestrokePlayer); on the desktop it is the arena's.
Result<std::unique_ptr<Player>> make_onestroke(const PlayContext& c) {
  if (c.device == DeviceKind::kWindow) return make_arena_player<OnestrokeRules>(c);
  auto params = params_for<vision::onestroke::Params>(c, "onestroke",
                                                      [](const cv::FileNode& n) { return vision::onestroke::load_params(n); });
  if (!params) return params.error();
  return std::unique_ptr<Player>(std::make_unique<OnestrokePlayer>(
      [p = *params](const cv::Mat& bgr) { return vision::onestroke::read(bgr, p); }));
}

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

// A new arena game: a Rules struct (play_arena.hpp shows three) and one line here.
constexpr PlayGame kGames[] = {
    {"sliding", "Fifteen", "Simon Tatham's Fifteen: click the tile that slides into the gap", LevelFlow::kNewGame,
     &make_sliding, 15, true, 5},  // Fifteen moves on the press: 0 ms worked too (docs/PERFORMANCE.md)
    // Pegs drops a peg where the button is released: the points in between need no pause (51 ms
    // drags worked with none; 5 ms keeps a margin; docs/PERFORMANCE.md).
    {"pegs", "Pegs", "Simon Tatham's Pegs: drag a peg onto the hole it lands in", LevelFlow::kNewGame, &make_pegs, 5},
    {"peg-solitaire", "Peg-solitaire", "Peg Solitaire (Qt): click a peg, then the hole it lands in (--profile peg-solitaire.yml)",
     LevelFlow::kNewGame, &make_peg_solitaire},
    {"onestroke", kArenaWindow, "one-stroke: drag the cat through every cell in one stroke (arena; 一笔画完 on a phone)",
     LevelFlow::kAdvancesItself, &make_onestroke},
    {"knight", kArenaWindow, "knight's tour (arena): click the squares in order", LevelFlow::kAdvancesItself,
     &make_arena_player<KnightRules>},
    {"hanoi", kArenaWindow, "Tower of Hanoi (arena): drag the top disk onto another peg", LevelFlow::kAdvancesItself,
     &make_arena_player<HanoiRules>},
    {"river", kArenaWindow, "river crossing (arena): click figures to board or land them, the hull to cross",
     LevelFlow::kAdvancesItself, &make_arena_player<RiverRules>},
    {"valves", kArenaWindow, "valves (arena): click a valve's wheel to close it", LevelFlow::kAdvancesItself,
     &make_arena_player<ValvesRules>},
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
