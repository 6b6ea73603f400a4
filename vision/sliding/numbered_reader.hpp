/* numbered_reader.hpp: reads sliding puzzles drawn as one picture with a number on each tile and a plain empty cell (GCompris's Fifteen). */
#pragma once

// GCompris cuts one scene into 4 x 4 tiles with no seam between them, writes each tile's number
// in its centre (a light fill with a dark outline), and shows the empty cell as the plain colour of
// the frame's inside. Nothing marks the lattice but the empty cell and the frame, so:
//   detect: the empty cell is a square of one flat colour (vision/common/plain_squares.hpp); its
//           side is the pitch. The board's sides are lattice lines a whole number of pitches from
//           it where a straight band of one colour (the frame) meets the picture; every such
//           outline whose one-pixel ring outside is one colour is a hypothesis;
//   decode: the text colour is one of the commonest colours at the tiles' centres, the one whose
//           blobs (closed, centred, of a digit's height) are on every tile; they are read by
//           Tesseract as Fifteen's digits are (tile_ocr.hpp);
//   verify: the numbers are 1..N-1 once each and the one empty cell is the blank. Two outlines
//           or text colours that both verify with different boards are refused, never chosen.
// Rejected: finding tiles by their seams (there are none), and matching the tiles to the game's
// picture (Taquin's way, picture_reader.hpp): GCompris's pictures live inside its resource
// archives, and the numbers say the same thing without them.

#include <opencv2/core.hpp>

#include "core/result.hpp"
#include "vision/common/debug_sink.hpp"
#include "vision/sliding/reader.hpp"

namespace pb::vision::sliding {

// The board in `bgr` when it is a numbered picture board; ErrorCode::kNoBoard when nothing looks
// like one, with `framed` (when given) set when a framed picture with a gap was found but not all
// its tiles carry a number; another error (saying what was ambiguous or unread) when a numbered
// board was found but not read.
Result<Reading> read_numbered_picture(const cv::Mat& bgr, const Params& p, DebugSink* debug = nullptr,
                                      bool* framed = nullptr);

}  // namespace pb::vision::sliding
