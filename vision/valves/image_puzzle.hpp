/* image_puzzle.hpp: the valves reader's entry in the reader list and its ImagePuzzle. */
#pragma once

#include <vector>

#include "solvers/valves/game.hpp"
#include "vision/common/game_image_puzzle.hpp"
#include "vision/valves/reader.hpp"

namespace pb::vision::valves {

// What vision/common/game_image_puzzle.hpp needs to know of this reader.
struct ImageSpec {
  using Game = solvers::valves::Spec;
  using Params = valves::Params;
  using Reading = valves::Reading;
  using Drawn = std::vector<Move>;
  static constexpr auto load_params = &valves::load_params;
  static constexpr auto param_table = &valves::param_table;
  static constexpr auto read = &valves::read;
  static constexpr auto annotate = &valves::annotate;
  static Drawn drawn(const solvers::Outcome& out, const solvers::valves::Solution& sol);
};

// A valves network read from an image.
class ValvesImagePuzzle final : public GameImagePuzzle<ImageSpec> {
 public:
  using GameImagePuzzle::GameImagePuzzle;
  // The valves to close, of the last successful solve() (empty before one).
  const ImageSpec::Drawn& moves() const { return drawn(); }
};

// {"valves", read}: reads with the profile's `valves` Params (defaults without a profile).
extern const Reader kReader;

}  // namespace pb::vision::valves
