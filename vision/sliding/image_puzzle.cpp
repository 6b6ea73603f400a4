/* image_puzzle.cpp: the Fifteen ImagePuzzle: a solved board's moves are drawn. */
#include "vision/sliding/image_puzzle.hpp"

namespace pb::vision::sliding {

ImageSpec::Drawn ImageSpec::drawn(const solvers::Outcome& out, const solvers::sliding::Solution& sol) {
  return out.status == solvers::Status::kSolved ? sol.moves : Drawn{};
}

const Reader kReader = reader_entry<SlidingImagePuzzle>();

}  // namespace pb::vision::sliding
