/* image_puzzle.cpp: the one-stroke ImagePuzzle: a solved board's path is drawn. */
#include "vision/onestroke/image_puzzle.hpp"

namespace pb::vision::onestroke {

ImageSpec::Drawn ImageSpec::drawn(const solvers::Outcome& out, const solvers::onestroke::Solution& sol) {
  return out.status == solvers::Status::kSolved ? sol.path : Drawn{};
}

const Reader kReader = reader_entry<OnestrokeImagePuzzle>();

}  // namespace pb::vision::onestroke
