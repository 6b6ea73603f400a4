/* plain_squares.hpp: candidate elements of one flat colour shaped as squares (an empty cell, a blank tile), at any scale. */
#pragma once

// A board drawn as one picture (tiles cut from a scene, no seams between them) still shows its
// empty cell as something no picture has: a square of one flat colour with sharp edges. Flat
// pixels are those whose 3x3 neighbourhood varies by at most `max_range` levels in every channel;
// their 4-connected regions that fill a square (a soft gradient of sky passes for flat, but is no
// square) are the candidates, each grown back by the one-pixel rim the flatness test shaves off.
//
// Rejected: colour clusters (common_colours) as the seed: a blank is ~2% of a screen and is
// outnumbered by every colour of the picture and the page around it.

#include <opencv2/core.hpp>
#include <vector>

namespace pb::vision {

struct PlainSquareParams {
  int max_range = 4;             // most a flat pixel's 3x3 neighbourhood varies, levels per channel
  int min_side_px = 14;          // smallest square side, px
  double max_aspect = 1.06;      // longer / shorter side of its bounding box
  double min_fill = 0.9;         // flat pixels / bounding-box area
  int colour_tolerance = 14;     // pixels within this of its mean colour belong to the square (growth), levels
  double max_stddev = 6;         // most the square's colours vary, levels
};

struct PlainSquare {
  cv::Rect rect;        // frame px, after growth
  cv::Vec3b colour;     // its mean colour, BGR
};

// Squares of one flat colour in `bgr` (CV_8UC3), largest first; those touching the image's edge are
// left out (the page around a board reaches an edge; an empty cell does not).
std::vector<PlainSquare> plain_squares(const cv::Mat& bgr, const PlainSquareParams& p);

}  // namespace pb::vision
