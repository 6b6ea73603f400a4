/* play_peg_solitaire.hpp: Peg Solitaire (the Qt game, package peg-solitaire) in `puzzlebot play`: Pegs' rules, click-click jumps. */
#pragma once

// The board is read by the Pegs reader (vision/pegs: its pegs and holes are balls of one size, told
// apart by colour) and solved by the Pegs solver; only the gesture differs from sgt-pegs: this game
// makes a jump from a click on the peg (it turns yellow) and then a click on the landing hole; a
// drag selects the peg and drops nothing.

#include <memory>
#include <string>

#include "app/play_games.hpp"
#include "app/play_players.hpp"

namespace pb::app {

struct PegSolitaireRules : PegsRules {
  static Result<FrameGesture> gesture(const PlayReading<State>& reading, const State& before, const Move& move);
};

// The Player for --game peg-solitaire (reader Params from the profile's `pegs` node).
Result<std::unique_ptr<Player>> make_peg_solitaire(const PlayContext& context);

}  // namespace pb::app
