/* image_puzzle.hpp: the one-stroke reader's entry in the reader list and its ImagePuzzle. */
#pragma once

#include <memory>

#include "vision/common/image_puzzle.hpp"
#include "vision/onestroke/reader.hpp"

namespace pb::vision::onestroke {

// {"onestroke", read}: reads with the profile's `onestroke` Params (defaults without a profile).
extern const Reader kReader;

// A board read from a screenshot, solvable and drawable; reading() keeps the lattice in frame
// pixels for the play loop.
class OnestrokeImagePuzzle final : public ImagePuzzle {
 public:
  explicit OnestrokeImagePuzzle(Reading reading);
  std::string_view game() const override { return "onestroke"; }
  std::string format() const override;
  solvers::Outcome solve(const solvers::Limits& limits) const override;
  cv::Mat annotate(const cv::Mat& image) const override;
  double confidence() const override { return reading_.min_confidence(); }

  const Reading& reading() const { return reading_; }
  // The path of the last successful solve(), head first (empty before one).
  const std::vector<Cell>& path() const { return path_; }

 private:
  Reading reading_;
  std::unique_ptr<solvers::Puzzle> puzzle_;
  mutable std::vector<Cell> path_;
};

}  // namespace pb::vision::onestroke
