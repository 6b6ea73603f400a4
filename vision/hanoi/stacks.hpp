/* stacks.hpp: the disc-first stack fitter: Tower of Hanoi stacks with no rods, on a base bar or plates, or in slots; where the rods stand, from what shows them. */
#pragma once

// The reader (reader.cpp) finds rods first and reads down them; a look with no rods (discs on a base
// bar or base plates) or with slots (a tall channel of another colour the discs stand in) has none,
// and the reader falls back to this fitter:
//   slots: the ink's commonest colour, in large boxes that are (nearly) all ink, alike in size, their
//          tops level, equally spaced; inside each, what stands off the slot's colour is a disc; a
//          slot's centre is its rod, its bottom the floor;
//   no rods: horizontal runs of ink as wide as a disc, followed down the rows while their centre
//          holds (a stack of touching discs is one band, parted later as down a rod), grouped into
//          columns by centre; columns whose floors (the base's top, or a plate's foot) are level are
//          one hypothesis each, scored by the reader's invariants.
// Where the rods stand: a slot or a plate shows each one; on a base bar, the rods divide its extent
// into equal parts, and the number of parts must be the only one that puts every stack on a place
// with a spacing no narrower than the widest disc. When two numbers fit (one small disc in the
// middle of a base: three places or five), or nothing shows the places (discs on no floor), the
// fitter refuses with the reason rather than guess where an empty rod stands.
// Rejected: places from the occupied stacks alone (two stacks a spacing apart are rods 1 and 2 of
// three, or 2 and 3); a rod per stack found (an empty rod would vanish from the position).

#include <opencv2/core.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/result.hpp"
#include "vision/common/bars.hpp"
#include "vision/hanoi/reader.hpp"

namespace pb::vision::hanoi {

// Rows of ink followed down one stack: rows top..top + rows.size() - 1.
struct StackBand {
  int top = 0;
  std::vector<Run> rows;
  std::vector<cv::Vec3f> colours;  // each row's median Lab colour
  int bottom() const { return top + static_cast<int>(rows.size()) - 1; }
};

// One rod's place: where its discs stand and what they stand on.
struct StackPlace {
  double x = 0;          // the rod's column, px
  int top = 0;           // the highest row the reader looks at for discs on it
  int floor = 0;         // the row under the lowest thing a disc may rest on
  bool on_base = false;  // the floor is a base bar's top
  std::vector<StackBand> bands;  // top to bottom
};

// One reading of where the stacks stand; the reader verifies each and keeps what verifies.
struct StackHypothesis {
  std::vector<StackPlace> places;  // left to right, every rod (empty ones too)
  cv::Mat ink;                     // the ink the discs were found in (the slots taken out), CV_8U
  bool slots = false;              // rods are slots
  bool plates = false;             // the lowest bar of every place is a base plate (the reader must find them)
  std::string doubt;               // when set, why this hypothesis cannot be read (the reader refuses it, saying so)
};

// The hypotheses, best first; empty when nothing like a stack of discs is found (the reader keeps its
// own reason); an error (ErrorCode::kNoBoard) when stacks are found but where the rods stand is not
// known or not consistent, saying why.
Result<std::vector<StackHypothesis>> fit_stacks(const cv::Mat& lab, const cv::Mat& ink, const Params& p);

}  // namespace pb::vision::hanoi
