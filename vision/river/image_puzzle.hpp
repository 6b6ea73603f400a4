/* image_puzzle.hpp: the river reader's entry in the reader list and its ImagePuzzle. */
#pragma once

#include <memory>

#include "vision/common/image_puzzle.hpp"
#include "vision/river/reader.hpp"

namespace pb::vision::river {

// {"river", read}: reads with the profile's `river` Params (defaults without a profile).
extern const Reader kReader;

class RiverImagePuzzle final : public ImagePuzzle {
 public:
  explicit RiverImagePuzzle(Reading reading);
  std::string_view game() const override { return "river"; }
  std::string format() const override { return puzzle_->format(); }
  solvers::Outcome solve(const solvers::Limits& limits) const override;
  cv::Mat annotate(const cv::Mat& image) const override;
  double confidence() const override { return reading_.confidence; }

  const Reading& reading() const { return reading_; }
  const std::vector<Move>& trips() const { return trips_; }  // of the last successful solve()

 private:
  Reading reading_;
  std::unique_ptr<solvers::Puzzle> puzzle_;
  mutable std::vector<Move> trips_;
};

}  // namespace pb::vision::river
