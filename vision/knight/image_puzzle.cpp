/* image_puzzle.cpp: wraps a knight Reading as an ImagePuzzle: solve through the board text, draw the tour. */
#include "vision/knight/image_puzzle.hpp"

// The Outcome comes from the solver's own Puzzle (solvers/knight/game.cpp), built from the board
// text, so JSON moves and stats are exactly those of a text board; the tour for drawing is read back
// from its "moves" array. Rejected: solving the typed mid-tour State directly (the solver's replay
// check wants a board before the first move).

#include <cctype>
#include <opencv2/core/persistence.hpp>
#include <utility>

#include "solvers/common/text_board.hpp"
#include "solvers/knight/game.hpp"
#include "calibration/profile.hpp"

namespace pb::vision::knight {
namespace {

std::vector<Cell> cells_of(const std::string& json) {
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
  std::vector<Cell> out;
  for (std::size_t i = 0; i + 1 < numbers.size(); i += 2) out.push_back({numbers[i], numbers[i + 1]});
  return out;
}

Result<std::unique_ptr<ImagePuzzle>> read_image(const cv::Mat& bgr, const ReadOptions& options) {
  auto loaded = calibration::reader_params<Params>(options.profile_path, "knight",
                                                  [](const cv::FileNode& n) { return load_params(n); });
  if (!loaded) return loaded.error();
  const Params& params = *loaded;
  auto reading = read(bgr, params);
  if (!reading) return reading.error();
  return std::unique_ptr<ImagePuzzle>(std::make_unique<KnightImagePuzzle>(std::move(*reading)));
}

std::unique_ptr<solvers::Puzzle> puzzle_of(const State& state) {
  auto board = solvers::split_text_board(solvers::knight::format(state), "<image>", true);
  if (board) {
    auto parsed = solvers::knight::parse(*board);
    if (parsed) return solvers::knight::make_puzzle(std::move(*parsed));
  }
  return solvers::knight::make_puzzle(state);  // not reached: format() output always parses
}

}  // namespace

const Reader kReader{"knight", read_image};

KnightImagePuzzle::KnightImagePuzzle(Reading reading) : reading_(std::move(reading)), puzzle_(puzzle_of(reading_.state)) {}

std::string KnightImagePuzzle::format() const { return puzzle_->format(); }

solvers::Outcome KnightImagePuzzle::solve(const solvers::Limits& limits) const {
  solvers::Outcome out = puzzle_->solve(limits);
  tour_ = out.status == solvers::Status::kSolved ? cells_of(out.moves_json) : std::vector<Cell>{};
  return out;
}

cv::Mat KnightImagePuzzle::annotate(const cv::Mat& image) const { return knight::annotate(image, reading_, tour_); }

}  // namespace pb::vision::knight
