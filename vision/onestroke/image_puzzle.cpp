/* image_puzzle.cpp: wraps a Reading as an ImagePuzzle: solve with the one-stroke solver, draw the path. */
#include "vision/onestroke/image_puzzle.hpp"

// The Outcome comes from the solver's own Puzzle (solvers/onestroke/game.cpp), so the JSON moves
// and stats are exactly those of a board text; the path for drawing is read back from its
// documented "moves" array (FORMATS.md: cells in visiting order). Rejected: calling the typed
// solve() here as well (the search would run twice) or copying game.cpp's Outcome building.

#include <cctype>
#include <opencv2/core/persistence.hpp>
#include <utility>

#include "solvers/onestroke/game.hpp"
#include "calibration/profile.hpp"

namespace pb::vision::onestroke {
namespace {

// "[[0,4],[0,5]]" -> {{0,4},{0,5}}.
std::vector<Cell> cells_of(const std::string& json) {
  std::vector<int> numbers;
  for (std::size_t i = 0; i < json.size();) {
    if (std::isdigit(static_cast<unsigned char>(json[i])) || json[i] == '-') {
      std::size_t used = 0;
      numbers.push_back(std::stoi(json.substr(i), &used));
      i += used;
    } else {
      ++i;
    }
  }
  std::vector<Cell> out;
  for (std::size_t i = 0; i + 1 < numbers.size(); i += 2) out.push_back({numbers[i], numbers[i + 1]});
  return out;
}

Result<std::unique_ptr<ImagePuzzle>> read_image(const cv::Mat& bgr, const ReadOptions& options) {
  auto loaded = calibration::reader_params<Params>(options.profile_path, "onestroke",
                                                  [](const cv::FileNode& n) { return load_params(n); });
  if (!loaded) return loaded.error();
  const Params& params = *loaded;
  auto reading = read(bgr, params);
  if (!reading) return reading.error();
  return std::unique_ptr<ImagePuzzle>(std::make_unique<OnestrokeImagePuzzle>(std::move(*reading)));
}

}  // namespace

const Reader kReader{"onestroke", read_image};

OnestrokeImagePuzzle::OnestrokeImagePuzzle(Reading reading)
    : reading_(std::move(reading)), puzzle_(solvers::onestroke::make_puzzle(reading_.state)) {}

std::string OnestrokeImagePuzzle::format() const { return puzzle_->format(); }

solvers::Outcome OnestrokeImagePuzzle::solve(const solvers::Limits& limits) const {
  solvers::Outcome out = puzzle_->solve(limits);
  path_ = out.status == solvers::Status::kSolved ? cells_of(out.moves_json) : std::vector<Cell>{};
  return out;
}

cv::Mat OnestrokeImagePuzzle::annotate(const cv::Mat& image) const {
  return onestroke::annotate(image, reading_, path_);
}

}  // namespace pb::vision::onestroke
