/* image_puzzle.hpp: the one-stroke reader's entry in the reader list and its ImagePuzzle. */
#pragma once

#include <vector>

#include "solvers/onestroke/game.hpp"
#include "vision/common/game_image_puzzle.hpp"
#include "vision/onestroke/reader.hpp"

namespace pb::vision::onestroke {

// What vision/common/game_image_puzzle.hpp needs to know of this reader.
struct ImageSpec {
  using Game = solvers::onestroke::Spec;
  using Params = onestroke::Params;
  using Reading = onestroke::Reading;
  using Drawn = std::vector<Cell>;
  static constexpr auto load_params = &onestroke::load_params;
  static constexpr auto param_table = &onestroke::param_table;
  static constexpr auto read = &onestroke::read;
  static constexpr auto annotate = &onestroke::annotate;
  static constexpr auto learn = &onestroke::learn;
  static Drawn drawn(const solvers::Outcome& out, const solvers::onestroke::Solution& sol);
};

// A board read from a screenshot, solvable and drawable; reading() keeps the lattice in frame
// pixels for the play loop.
class OnestrokeImagePuzzle final : public GameImagePuzzle<ImageSpec> {
 public:
  using GameImagePuzzle::GameImagePuzzle;
  // The path of the last successful solve(), head first (empty before one).
  const ImageSpec::Drawn& path() const { return drawn(); }
};

// {"onestroke", read}: reads with the profile's `onestroke` Params (defaults without a profile).
extern const Reader kReader;

}  // namespace pb::vision::onestroke
