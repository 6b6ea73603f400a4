/* image_puzzle.hpp: the Fifteen (sliding tiles) reader's entry in the reader list and its ImagePuzzle. */
#pragma once

#include <vector>

#include "solvers/sliding/game.hpp"
#include "vision/common/game_image_puzzle.hpp"
#include "vision/sliding/reader.hpp"

namespace pb::vision::sliding {

// What vision/common/game_image_puzzle.hpp needs to know of this reader.
struct ImageSpec {
  using Game = solvers::sliding::Spec;
  using Params = sliding::Params;
  using Reading = sliding::Reading;
  using Drawn = std::vector<int>;
  static constexpr auto load_params = &sliding::load_params;
  static constexpr auto param_table = &sliding::param_table;
  static constexpr auto read = &sliding::read;
  static constexpr auto annotate = &sliding::draw_reading;
  static Drawn drawn(const solvers::Outcome& out, const solvers::sliding::Solution& sol);
};

// A board read from a screenshot, solvable and drawable; reading() keeps the lattice in frame
// pixels for the play loop.
class SlidingImagePuzzle final : public GameImagePuzzle<ImageSpec> {
 public:
  using GameImagePuzzle::GameImagePuzzle;
  // The tiles moved by the last successful solve(), in order (empty before one).
  const ImageSpec::Drawn& moves() const { return drawn(); }
};

// {"sliding", read}: reads with the profile's `sliding` Params (defaults without a profile).
extern const Reader kReader;

}  // namespace pb::vision::sliding
