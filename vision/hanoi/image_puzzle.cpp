/* image_puzzle.cpp: wraps a Hanoi Reading as an ImagePuzzle: solve with the Hanoi solver, list the moves. */
#include "vision/hanoi/image_puzzle.hpp"

// The Outcome comes from the solver's own Puzzle (solvers/hanoi/game.cpp), so JSON moves and stats
// are those of a board text; the moves for drawing are read back from its "moves" array
// ([from, to] pairs, FORMATS.md).

#include <cctype>
#include <opencv2/core/persistence.hpp>
#include <utility>

#include "solvers/hanoi/game.hpp"
#include "calibration/profile.hpp"

namespace pb::vision::hanoi {
namespace {

std::vector<Move> moves_of(const std::string& json) {
  std::vector<int> numbers;
  for (std::size_t i = 0; i < json.size();) {
    if (std::isdigit(static_cast<unsigned char>(json[i]))) {
      std::size_t used = 0;
      numbers.push_back(std::stoi(json.substr(i), &used));
      i += used;
    } else {
      ++i;
    }
  }
  std::vector<Move> out;
  for (std::size_t i = 0; i + 1 < numbers.size(); i += 2) out.push_back({numbers[i], numbers[i + 1]});
  return out;
}

Result<std::unique_ptr<ImagePuzzle>> read_image(const cv::Mat& bgr, const ReadOptions& options) {
  auto loaded = calibration::reader_params<Params>(options.profile_path, "hanoi",
                                                  [](const cv::FileNode& n) { return load_params(n); });
  if (!loaded) return loaded.error();
  const Params& params = *loaded;
  auto reading = read(bgr, params);
  if (!reading) return reading.error();
  return std::unique_ptr<ImagePuzzle>(std::make_unique<HanoiImagePuzzle>(std::move(*reading)));
}

}  // namespace

const Reader kReader{"hanoi", read_image};

HanoiImagePuzzle::HanoiImagePuzzle(Reading reading)
    : reading_(std::move(reading)), puzzle_(solvers::hanoi::make_puzzle(reading_.state)) {}

solvers::Outcome HanoiImagePuzzle::solve(const solvers::Limits& limits) const {
  solvers::Outcome out = puzzle_->solve(limits);
  moves_ = out.status == solvers::Status::kSolved ? moves_of(out.moves_json) : std::vector<Move>{};
  return out;
}

cv::Mat HanoiImagePuzzle::annotate(const cv::Mat& image) const { return hanoi::annotate(image, reading_, moves_); }

}  // namespace pb::vision::hanoi
