/* image_puzzle.cpp: wraps a valves Reading as an ImagePuzzle: solve with the valves solver, ring the valves to close. */
#include "vision/valves/image_puzzle.hpp"

// The Outcome comes from the solver's own Puzzle (solvers/valves/game.cpp), so JSON moves and stats
// are those of a board text; the valves to draw are solved again on the typed state (cheap: a
// max-flow on a few nodes) rather than parsed back out of the JSON names.

#include <opencv2/core/persistence.hpp>
#include <utility>

#include "solvers/valves/game.hpp"

namespace pb::vision::valves {
namespace {

Result<std::unique_ptr<ImagePuzzle>> read_image(const cv::Mat& bgr, const ReadOptions& options) {
  Params params;
  if (!options.profile_path.empty()) {
    try {
      cv::FileStorage fs(options.profile_path, cv::FileStorage::READ);
      if (!fs.isOpened()) return make_error("cannot open profile " + options.profile_path + ": check the path");
      auto loaded = load_params(fs["valves"]);
      if (!loaded) return make_error(options.profile_path + ": " + loaded.error().message);
      params = *loaded;
    } catch (const cv::Exception& e) {
      return make_error("cannot read profile " + options.profile_path + ": " + e.what());
    }
  }
  auto reading = read(bgr, params);
  if (!reading) return reading.error();
  return std::unique_ptr<ImagePuzzle>(std::make_unique<ValvesImagePuzzle>(std::move(*reading)));
}

}  // namespace

const Reader kReader{"valves", read_image};

ValvesImagePuzzle::ValvesImagePuzzle(Reading reading)
    : reading_(std::move(reading)), puzzle_(solvers::valves::make_puzzle(reading_.state)) {}

solvers::Outcome ValvesImagePuzzle::solve(const solvers::Limits& limits) const {
  solvers::Outcome out = puzzle_->solve(limits);
  moves_.clear();
  if (out.status == solvers::Status::kSolved) {
    const solvers::valves::Solution sol = solvers::valves::solve(reading_.state, limits);
    if (sol.status == solvers::Status::kSolved) moves_ = sol.moves;
  }
  return out;
}

cv::Mat ValvesImagePuzzle::annotate(const cv::Mat& image) const { return valves::annotate(image, reading_, moves_); }

}  // namespace pb::vision::valves
