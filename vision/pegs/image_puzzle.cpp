/* image_puzzle.cpp: wraps a Pegs Reading as an ImagePuzzle: solve with the pegs solver, draw the jumps. */
#include "vision/pegs/image_puzzle.hpp"

// The Outcome comes from the solver's own Puzzle (solvers/pegs/game.cpp), so JSON moves and stats are
// exactly those of a board text; the jumps for drawing are read back from its documented "moves"
// array (FORMATS.md: [[r1,c1],[r2,c2]] per jump). Rejected: calling the typed solve() here as well
// (the search would run twice) or copying game.cpp's Outcome building.

#include <cctype>
#include <opencv2/core/persistence.hpp>

#include "solvers/pegs/game.hpp"
#include "calibration/profile.hpp"

namespace pb::vision::pegs {
namespace {

using solvers::pegs::Cell;

// "[[[0,2],[2,2]],...]" -> {{{0,2},{2,2}}, ...}.
std::vector<std::pair<Cell, Cell>> jumps_of(const std::string& json) {
  std::vector<int> n;
  for (std::size_t i = 0; i < json.size();) {
    if (std::isdigit(static_cast<unsigned char>(json[i]))) {
      std::size_t used = 0;
      n.push_back(std::stoi(json.substr(i), &used));
      i += used;
    } else {
      ++i;
    }
  }
  std::vector<std::pair<Cell, Cell>> out;
  for (std::size_t i = 0; i + 3 < n.size(); i += 4) out.push_back({{n[i], n[i + 1]}, {n[i + 2], n[i + 3]}});
  return out;
}

Result<std::unique_ptr<ImagePuzzle>> read_image(const cv::Mat& bgr, const ReadOptions& options) {
  auto loaded = calibration::reader_params<Params>(options.profile_path, "pegs",
                                                  [](const cv::FileNode& n) { return load_params(n); });
  if (!loaded) return loaded.error();
  const Params& params = *loaded;
  auto reading = read(bgr, params);
  if (!reading) return reading.error();
  return std::unique_ptr<ImagePuzzle>(std::make_unique<PegsImagePuzzle>(std::move(*reading)));
}

}  // namespace

const Reader kReader{"pegs", read_image};

PegsImagePuzzle::PegsImagePuzzle(Reading reading)
    : reading_(std::move(reading)), puzzle_(solvers::pegs::make_puzzle(reading_.state)) {}

std::string PegsImagePuzzle::format() const { return puzzle_->format(); }

solvers::Outcome PegsImagePuzzle::solve(const solvers::Limits& limits) const {
  solvers::Outcome out = puzzle_->solve(limits);
  jumps_ = jumps_of(out.moves_json);  // with --best an unsolvable board still has moves worth drawing
  return out;
}

cv::Mat PegsImagePuzzle::annotate(const cv::Mat& image) const { return draw_reading(image, reading_, jumps_); }

}  // namespace pb::vision::pegs
