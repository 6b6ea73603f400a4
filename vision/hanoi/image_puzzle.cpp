/* image_puzzle.cpp: the Hanoi ImagePuzzle: a solved board's moves are drawn. */
#include "vision/hanoi/image_puzzle.hpp"

namespace pb::vision::hanoi {

ImageSpec::Drawn ImageSpec::drawn(const solvers::Outcome& out, const solvers::hanoi::Solution& sol) {
  return out.status == solvers::Status::kSolved ? sol.moves : Drawn{};
}

const Reader kReader = reader_entry<HanoiImagePuzzle>();

}  // namespace pb::vision::hanoi
