/* image_puzzle.cpp: the valves ImagePuzzle: the valves a solved board closes are ringed. */
#include "vision/valves/image_puzzle.hpp"

namespace pb::vision::valves {

ImageSpec::Drawn ImageSpec::drawn(const solvers::Outcome& out, const solvers::valves::Solution& sol) {
  return out.status == solvers::Status::kSolved ? sol.moves : Drawn{};
}

const Reader kReader = reader_entry<ValvesImagePuzzle>();

}  // namespace pb::vision::valves
