/* image_puzzle.hpp: the Hanoi reader's entry in the reader list and its ImagePuzzle. */
#pragma once

#include <vector>

#include "solvers/hanoi/game.hpp"
#include "vision/common/game_image_puzzle.hpp"
#include "vision/hanoi/reader.hpp"

namespace pb::vision::hanoi {

// What vision/common/game_image_puzzle.hpp needs to know of this reader.
struct ImageSpec {
  using Game = solvers::hanoi::Spec;
  using Params = hanoi::Params;
  using Reading = hanoi::Reading;
  using Drawn = std::vector<Move>;
  static constexpr auto load_params = &hanoi::load_params;
  static constexpr auto param_table = &hanoi::param_table;
  static constexpr auto read = &hanoi::read;
  static constexpr auto annotate = &hanoi::annotate;
  static Drawn drawn(const solvers::Outcome& out, const solvers::hanoi::Solution& sol);
};

// A Tower of Hanoi read from an image.
class HanoiImagePuzzle final : public GameImagePuzzle<ImageSpec> {
 public:
  using GameImagePuzzle::GameImagePuzzle;
  // The moves of the last successful solve() (empty before one).
  const ImageSpec::Drawn& moves() const { return drawn(); }
};

// {"hanoi", read}: reads with the profile's `hanoi` Params (defaults without a profile).
extern const Reader kReader;

}  // namespace pb::vision::hanoi
