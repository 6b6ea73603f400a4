/* image_puzzle.cpp: wraps a valves Reading as an ImagePuzzle: solve with the valves solver, ring the valves to close. */
#include "vision/valves/image_puzzle.hpp"

// The Outcome comes from the solver's own Puzzle (solvers/valves/game.cpp), so JSON moves and stats
// are those of a board text; the valves for drawing are read back from its "moves" array (names).

#include <algorithm>
#include <opencv2/core/persistence.hpp>
#include <utility>

#include "solvers/valves/game.hpp"
#include "calibration/profile.hpp"

namespace pb::vision::valves {
namespace {

// The node indices of the quoted names in a JSON array such as ["K","B"].
std::vector<Move> moves_of(const std::string& json, const State& state) {
  std::vector<Move> out;
  for (std::size_t i = json.find('"'); i != std::string::npos; i = json.find('"', i)) {
    const std::size_t end = json.find('"', i + 1);
    if (end == std::string::npos) break;
    const std::string name = json.substr(i + 1, end - i - 1);
    const auto it = std::find(state.names.begin(), state.names.end(), name);
    if (it != state.names.end()) out.push_back(static_cast<Move>(it - state.names.begin()));
    i = end + 1;
  }
  return out;
}

Result<std::unique_ptr<ImagePuzzle>> read_image(const cv::Mat& bgr, const ReadOptions& options) {
  auto loaded = calibration::reader_params<Params>(options.profile_path, "valves",
                                                  [](const cv::FileNode& n) { return load_params(n); });
  if (!loaded) return loaded.error();
  auto reading = read(bgr, *loaded);
  if (!reading) return reading.error();
  return std::unique_ptr<ImagePuzzle>(std::make_unique<ValvesImagePuzzle>(std::move(*reading)));
}

}  // namespace

const Reader kReader{"valves", read_image};

ValvesImagePuzzle::ValvesImagePuzzle(Reading reading)
    : reading_(std::move(reading)), puzzle_(solvers::valves::make_puzzle(reading_.state)) {}

solvers::Outcome ValvesImagePuzzle::solve(const solvers::Limits& limits) const {
  solvers::Outcome out = puzzle_->solve(limits);
  moves_ = out.status == solvers::Status::kSolved ? moves_of(out.moves_json, reading_.state) : std::vector<Move>{};
  return out;
}

cv::Mat ValvesImagePuzzle::annotate(const cv::Mat& image) const { return valves::annotate(image, reading_, moves_); }

}  // namespace pb::vision::valves
