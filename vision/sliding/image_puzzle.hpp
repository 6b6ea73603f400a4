/* image_puzzle.hpp: the Fifteen (sliding tiles) reader's entry in the reader list and its ImagePuzzle. */
#pragma once

#include <memory>

#include "vision/common/image_puzzle.hpp"
#include "vision/sliding/reader.hpp"

namespace pb::vision::sliding {

// {"sliding", read}: reads with the profile's `sliding` Params (defaults without a profile).
extern const Reader kReader;

// A board read from a screenshot, solvable and drawable; reading() keeps the lattice in frame
// pixels for the play loop.
class SlidingImagePuzzle final : public ImagePuzzle {
 public:
  explicit SlidingImagePuzzle(Reading reading);
  std::string_view game() const override { return "sliding"; }
  std::string format() const override;
  solvers::Outcome solve(const solvers::Limits& limits) const override;
  cv::Mat annotate(const cv::Mat& image) const override;
  double confidence() const override { return reading_.min_confidence(); }

  const Reading& reading() const { return reading_; }
  // The tiles moved by the last successful solve(), in order (empty before one).
  const std::vector<int>& moves() const { return moves_; }

 private:
  Reading reading_;
  std::unique_ptr<solvers::Puzzle> puzzle_;
  mutable std::vector<int> moves_;
};

}  // namespace pb::vision::sliding
