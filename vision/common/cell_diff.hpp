/* cell_diff.hpp: whether a move showed on screen as predicted, by comparing cell pictures of two frames. */
#pragma once

// The play loop checks a move of a game whose pieces only swap pictures (a Fifteen tile slides into
// the gap, a peg jumps into a hole) without reading the screen again: after the move, each cell
// must show the picture some cell showed before it (itself, or the cell its piece came from).
// Reading the board costs tens to hundreds of milliseconds (OCR for Fifteen); this costs well
// under one.
//
// Rejected: a whole-frame difference (cannot tell which cells changed, nor that a tile went to the
// wrong gap); comparing cell means (a "12" and a "13" tile have about the same mean).

#include <opencv2/core.hpp>
#include <vector>

namespace pb::vision {

struct CellDiffParams {
  // A pixel differs when one of its channels differs by more than this (levels, 0-255):
  // antialiasing and rounding stay below it, a digit's stroke against the tile face is far above.
  int pixel_tolerance = 48;
  // A cell matches when at most this fraction of its pixels differ: "12" against "13" differs in a
  // few percent of a tile's face, far above it.
  double max_different_fraction = 0.004;
  // Cell centres are rounded: a moved piece may sit this many px off where it was (px).
  int max_shift_px = 1;
  // The side of the square compared around each centre, a fraction of the pitch (the smallest
  // distance between two centres): the cell's face, without the gaps between cells.
  double square = 0.8;
};

// Whether `after` shows at each cell the picture `before` showed at cell source[cell] (cells
// centred at `centres`, frame pixels; source[cell] == cell for a cell that must not change, a
// negative source for a cell not compared, e.g. one still animating). A
// cell whose picture stays put must match without any shift. False for frames of other sizes or
// types than two equal 8-bit BGR frames, fewer than two cells, or a square that leaves the frame.
bool cells_match(const cv::Mat& before, const cv::Mat& after, const std::vector<cv::Point2f>& centres,
                 const std::vector<int>& source, const CellDiffParams& params = {});

}  // namespace pb::vision
