/* image_puzzle.cpp: the knight ImagePuzzle: solved through the board text, the tour drawn. */
#include "vision/knight/image_puzzle.hpp"

#include "solvers/common/text_board.hpp"

namespace pb::vision::knight {

ImageSpec::Drawn ImageSpec::drawn(const solvers::Outcome& out, const solvers::knight::Solution& sol) {
  return out.status == solvers::Status::kSolved ? sol.tour : Drawn{};
}

// Rejected: solving the typed mid-tour State directly (the solver's replay check wants a board
// before the first move).
solvers::knight::State ImageSpec::solver_state(const Reading& reading) {
  auto board = solvers::split_text_board(solvers::knight::format(reading.state), "<image>", true);
  if (board) {
    auto parsed = solvers::knight::parse(*board);
    if (parsed) return std::move(*parsed);
  }
  return reading.state;  // not reached: format() output always parses
}

const Reader kReader = reader_entry<KnightImagePuzzle>();

}  // namespace pb::vision::knight
