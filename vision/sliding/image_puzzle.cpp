/* image_puzzle.cpp: wraps a Fifteen Reading as an ImagePuzzle: solve with the sliding solver, draw the moves. */
#include "vision/sliding/image_puzzle.hpp"

// The Outcome comes from the solver's own Puzzle (solvers/sliding/game.cpp), so JSON moves and stats
// are exactly those of a board text; the moves for drawing are read back from its documented "moves"
// array (FORMATS.md: tile numbers in the order they are moved). Rejected: calling the typed solve()
// here as well (the search would run twice) or copying game.cpp's Outcome building.

#include <cctype>
#include <opencv2/core/persistence.hpp>
#include <utility>

#include "solvers/sliding/game.hpp"
#include "calibration/profile.hpp"

namespace pb::vision::sliding {
namespace {

// "[12,8,4]" -> {12, 8, 4}.
std::vector<int> numbers_of(const std::string& json) {
  std::vector<int> out;
  for (std::size_t i = 0; i < json.size();) {
    if (std::isdigit(static_cast<unsigned char>(json[i]))) {
      std::size_t used = 0;
      out.push_back(std::stoi(json.substr(i), &used));
      i += used;
    } else {
      ++i;
    }
  }
  return out;
}

Result<std::unique_ptr<ImagePuzzle>> read_image(const cv::Mat& bgr, const ReadOptions& options) {
  auto loaded = calibration::reader_params<Params>(options.profile_path, "sliding",
                                                  [](const cv::FileNode& n) { return load_params(n); });
  if (!loaded) return loaded.error();
  const Params& params = *loaded;
  auto reading = read(bgr, params);
  if (!reading) return reading.error();
  return std::unique_ptr<ImagePuzzle>(std::make_unique<SlidingImagePuzzle>(std::move(*reading)));
}

}  // namespace

const Reader kReader{"sliding", read_image};

SlidingImagePuzzle::SlidingImagePuzzle(Reading reading)
    : reading_(std::move(reading)), puzzle_(solvers::sliding::make_puzzle(reading_.state)) {}

std::string SlidingImagePuzzle::format() const { return puzzle_->format(); }

solvers::Outcome SlidingImagePuzzle::solve(const solvers::Limits& limits) const {
  solvers::Outcome out = puzzle_->solve(limits);
  moves_ = out.status == solvers::Status::kSolved ? numbers_of(out.moves_json) : std::vector<int>{};
  return out;
}

cv::Mat SlidingImagePuzzle::annotate(const cv::Mat& image) const { return draw_reading(image, reading_, moves_); }

}  // namespace pb::vision::sliding
