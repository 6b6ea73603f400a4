/* image_puzzle.cpp: the river ImagePuzzle: a solved board's trips are drawn. */
#include "vision/river/image_puzzle.hpp"

namespace pb::vision::river {

ImageSpec::Drawn ImageSpec::drawn(const solvers::Outcome& out, const solvers::river::Solution& sol) {
  return out.status == solvers::Status::kSolved ? sol.trips : Drawn{};
}

const Reader kReader = reader_entry<RiverImagePuzzle>();

}  // namespace pb::vision::river
