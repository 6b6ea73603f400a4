/* image_puzzle.hpp: the Pegs reader's entry in the reader list and its ImagePuzzle. */
#pragma once

#include <utility>
#include <vector>

#include "solvers/pegs/game.hpp"
#include "vision/common/game_image_puzzle.hpp"
#include "vision/pegs/reader.hpp"

namespace pb::vision::pegs {

// What vision/common/game_image_puzzle.hpp needs to know of this reader.
struct ImageSpec {
  using Game = solvers::pegs::Spec;
  using Params = pegs::Params;
  using Reading = pegs::Reading;
  using Drawn = std::vector<std::pair<solvers::pegs::Cell, solvers::pegs::Cell>>;
  static constexpr auto load_params = &pegs::load_params;
  static constexpr auto param_table = &pegs::param_table;
  static constexpr auto read = &pegs::read;
  static constexpr auto annotate = &pegs::draw_reading;
  static Drawn drawn(const solvers::Outcome& out, const solvers::pegs::Solution& sol);
};

// A board read from a screenshot, solvable and drawable; reading() keeps the lattice in frame
// pixels for the play loop.
class PegsImagePuzzle final : public GameImagePuzzle<ImageSpec> {
 public:
  using GameImagePuzzle::GameImagePuzzle;
  // The jumps (from, to) of the last solve() that returned any, in order (empty before one).
  const ImageSpec::Drawn& jumps() const { return drawn(); }
};

// {"pegs", read}: reads with the profile's `pegs` Params (defaults without a profile).
extern const Reader kReader;

}  // namespace pb::vision::pegs
