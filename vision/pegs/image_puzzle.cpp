/* image_puzzle.cpp: the Pegs ImagePuzzle: the jumps are drawn. */
#include "vision/pegs/image_puzzle.hpp"

namespace pb::vision::pegs {

// With --best an unsolvable board still has moves worth drawing, so every status draws its jumps.
ImageSpec::Drawn ImageSpec::drawn(const solvers::Outcome&, const solvers::pegs::Solution& sol) {
  Drawn jumps;
  jumps.reserve(sol.moves.size());
  for (const solvers::pegs::Move& m : sol.moves) jumps.emplace_back(m.from, m.to);
  return jumps;
}

const Reader kReader = reader_entry<PegsImagePuzzle>();

}  // namespace pb::vision::pegs
