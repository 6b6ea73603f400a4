/* image_puzzle.hpp: the Pegs reader's entry in the reader list and its ImagePuzzle. */
#pragma once

#include <memory>
#include <utility>
#include <vector>

#include "vision/common/image_puzzle.hpp"
#include "vision/pegs/reader.hpp"

namespace pb::vision::pegs {

// {"pegs", read}: reads with the profile's `pegs` Params (defaults without a profile).
extern const Reader kReader;

// A board read from a screenshot, solvable and drawable; reading() keeps the lattice in frame
// pixels for the play loop.
class PegsImagePuzzle final : public ImagePuzzle {
 public:
  explicit PegsImagePuzzle(Reading reading);
  std::string_view game() const override { return "pegs"; }
  std::string format() const override;
  solvers::Outcome solve(const solvers::Limits& limits) const override;
  cv::Mat annotate(const cv::Mat& image) const override;
  double confidence() const override { return reading_.min_confidence(); }

  const Reading& reading() const { return reading_; }
  // The jumps (from, to) of the last solve() that returned any, in order (empty before one).
  const std::vector<std::pair<solvers::pegs::Cell, solvers::pegs::Cell>>& jumps() const { return jumps_; }

 private:
  Reading reading_;
  std::unique_ptr<solvers::Puzzle> puzzle_;
  mutable std::vector<std::pair<solvers::pegs::Cell, solvers::pegs::Cell>> jumps_;
};

}  // namespace pb::vision::pegs
