/* image_puzzle.hpp: the valves reader's entry in the reader list and its ImagePuzzle. */
#pragma once

#include <memory>

#include "vision/common/image_puzzle.hpp"
#include "vision/valves/reader.hpp"

namespace pb::vision::valves {

// {"valves", read}: reads with the profile's `valves` Params (defaults without a profile).
extern const Reader kReader;

class ValvesImagePuzzle final : public ImagePuzzle {
 public:
  explicit ValvesImagePuzzle(Reading reading);
  std::string_view game() const override { return "valves"; }
  std::string format() const override { return puzzle_->format(); }
  solvers::Outcome solve(const solvers::Limits& limits) const override;
  cv::Mat annotate(const cv::Mat& image) const override;
  double confidence() const override { return reading_.confidence; }

  const Reading& reading() const { return reading_; }
  const std::vector<Move>& moves() const { return moves_; }  // valves to close, of the last successful solve()

 private:
  Reading reading_;
  std::unique_ptr<solvers::Puzzle> puzzle_;
  mutable std::vector<Move> moves_;
};

}  // namespace pb::vision::valves
