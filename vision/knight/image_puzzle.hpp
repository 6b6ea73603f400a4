/* image_puzzle.hpp: the knight reader's entry in the reader list and its ImagePuzzle. */
#pragma once

#include <memory>

#include "vision/common/image_puzzle.hpp"
#include "vision/knight/reader.hpp"

namespace pb::vision::knight {

// {"knight", read}: reads with the profile's `knight` Params (defaults without a profile).
extern const Reader kReader;

// A board read from a screenshot. It is solved as its board text (FORMATS.md): visited squares become
// removed ones and the knight (or the start ring) the start 'N', the same problem for an open tour. So
// the tour begins on the knight's own square when the knight is already placed: a player skips that
// first square then (it is where the knight stands).
class KnightImagePuzzle final : public ImagePuzzle {
 public:
  explicit KnightImagePuzzle(Reading reading);
  std::string_view game() const override { return "knight"; }
  std::string format() const override;
  solvers::Outcome solve(const solvers::Limits& limits) const override;
  cv::Mat annotate(const cv::Mat& image) const override;
  double confidence() const override { return reading_.min_confidence(); }

  const Reading& reading() const { return reading_; }
  const std::vector<Cell>& tour() const { return tour_; }  // of the last successful solve()

 private:
  Reading reading_;
  std::unique_ptr<solvers::Puzzle> puzzle_;
  mutable std::vector<Cell> tour_;
};

}  // namespace pb::vision::knight
