/* image_puzzle.cpp: wraps a river Reading as an ImagePuzzle: solve with the river solver, keep the trips. */
#include "vision/river/image_puzzle.hpp"

// The Outcome comes from the solver's own Puzzle (solvers/river/game.cpp), so JSON moves and stats
// are those of a board text; the trips for drawing are read back from its "moves" array
// ([guards, prisoners] pairs, FORMATS.md).
//
// A reading with passengers already in the boat is solved as the board text says (passengers count
// on the boat's bank): the first trip's passengers may differ from those aboard, which the player
// settles by landing or boarding figures before crossing.

#include <cctype>
#include <opencv2/core/persistence.hpp>
#include <utility>

#include "solvers/river/game.hpp"
#include "calibration/profile.hpp"

namespace pb::vision::river {
namespace {

std::vector<Move> trips_of(const std::string& json) {
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
  auto loaded = calibration::reader_params<Params>(options.profile_path, "river",
                                                  [](const cv::FileNode& n) { return load_params(n); });
  if (!loaded) return loaded.error();
  auto reading = read(bgr, *loaded);
  if (!reading) return reading.error();
  return std::unique_ptr<ImagePuzzle>(std::make_unique<RiverImagePuzzle>(std::move(*reading)));
}

}  // namespace

const Reader kReader{"river", read_image};

RiverImagePuzzle::RiverImagePuzzle(Reading reading)
    : reading_(std::move(reading)), puzzle_(solvers::river::make_puzzle(reading_.state)) {}

solvers::Outcome RiverImagePuzzle::solve(const solvers::Limits& limits) const {
  solvers::Outcome out = puzzle_->solve(limits);
  trips_ = out.status == solvers::Status::kSolved ? trips_of(out.moves_json) : std::vector<Move>{};
  return out;
}

cv::Mat RiverImagePuzzle::annotate(const cv::Mat& image) const { return river::annotate(image, reading_, trips_); }

}  // namespace pb::vision::river
