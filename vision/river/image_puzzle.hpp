/* image_puzzle.hpp: the river reader's entry in the reader list and its ImagePuzzle. */
#pragma once

#include <vector>

#include "solvers/river/game.hpp"
#include "vision/common/game_image_puzzle.hpp"
#include "vision/river/reader.hpp"

namespace pb::vision::river {

// What vision/common/game_image_puzzle.hpp needs to know of this reader.
struct ImageSpec {
  using Game = solvers::river::Spec;
  using Params = river::Params;
  using Reading = river::Reading;
  using Drawn = std::vector<Move>;
  static constexpr auto load_params = &river::load_params;
  static constexpr auto param_table = &river::param_table;
  static constexpr auto read = &river::read;
  static constexpr auto annotate = &river::annotate;
  static Drawn drawn(const solvers::Outcome& out, const solvers::river::Solution& sol);
};

// A river crossing read from an image. A reading with passengers already in the boat is solved as the
// board text says (passengers count on the boat's bank): the first trip's passengers may differ from
// those aboard, which the player settles by landing or boarding figures before crossing.
class RiverImagePuzzle final : public GameImagePuzzle<ImageSpec> {
 public:
  using GameImagePuzzle::GameImagePuzzle;
  // The trips of the last successful solve() (empty before one).
  const ImageSpec::Drawn& trips() const { return drawn(); }
};

// {"river", read}: reads with the profile's `river` Params (defaults without a profile).
extern const Reader kReader;

}  // namespace pb::vision::river
