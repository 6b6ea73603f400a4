/* image_puzzle.hpp: the knight reader's entry in the reader list and its ImagePuzzle. */
#pragma once

#include <vector>

#include "solvers/knight/game.hpp"
#include "vision/common/game_image_puzzle.hpp"
#include "vision/knight/reader.hpp"

namespace pb::vision::knight {

// What vision/common/game_image_puzzle.hpp needs to know of this reader.
struct ImageSpec {
  using Game = solvers::knight::Spec;
  using Params = knight::Params;
  using Reading = knight::Reading;
  using Drawn = std::vector<Cell>;
  static constexpr auto load_params = &knight::load_params;
  static constexpr auto param_table = &knight::param_table;
  static constexpr auto read = &knight::read;
  static constexpr auto annotate = &knight::annotate;
  static constexpr auto learn = &knight::learn;
  static Drawn drawn(const solvers::Outcome& out, const solvers::knight::Solution& sol);
  // The board text's state (solvers/knight: the replay check wants a board before the first move).
  static solvers::knight::State solver_state(const Reading& reading);
};

// A board read from a screenshot. It is solved as its board text (FORMATS.md): visited squares become
// removed ones and the knight (or the start ring) the start 'N', the same problem for an open tour. So
// the tour begins on the knight's own square when the knight is already placed: a player skips that
// first square then (it is where the knight stands).
class KnightImagePuzzle final : public GameImagePuzzle<ImageSpec> {
 public:
  using GameImagePuzzle::GameImagePuzzle;
  // The tour of the last successful solve() (empty before one).
  const ImageSpec::Drawn& tour() const { return drawn(); }
};

// {"knight", read}: reads with the profile's `knight` Params (defaults without a profile).
extern const Reader kReader;

}  // namespace pb::vision::knight
