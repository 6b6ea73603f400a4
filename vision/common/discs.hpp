/* discs.hpp: round elements at any scale from several cues (ink on a background, edges, Lab colour clusters), merged and grouped by size. */
#pragma once

// The detection layer's discs (issue #24): readers whose pieces are round (pegs and holes, lettered
// valve nodes, a knight's disc) ask for candidates here and keep only the decoding of roles.
//   cues:   a disc is a closed outline that a circle fits: the outer boundary of a blob of "not the
//           background" (ink_discs), a loop of the edge map (edge_discs: a disc on a panel of tiles
//           touching each other, a glossy ball whose highlight melts into a white page), or a blob of
//           one Lab colour cluster (colour_discs: discs touching something of another colour);
//   merge:  outlines of one centre are one disc with several outlines (a ring hole's inner and outer
//           edge, a hint ring around a peg), so every disc appears once whatever found it;
//   size:   the discs of the board are those of the size range that covers the most area
//           (board_size_range): menu letters are many small discs, a window's shadow one huge one.
// Rejected: Hough circles (radius bounds and accumulator thresholds per look; a ring and the disc
// inside it vote for each other), and colour alone (a selected peg, a shaded ball: one disc, many
// colours).

#include <cstdint>
#include <opencv2/core.hpp>
#include <vector>

#include "vision/common/lab.hpp"

namespace pb::vision {

// What a candidate must look like. Units: px for sizes, fractions otherwise.
struct DiscShape {
  int min_diameter_px = 5;      // smaller outlines are specks (JPEG, text), px
  int max_diameter_px = 400;    // larger ones are windows and panels, px
  double max_aspect = 1.25;     // longer / shorter side of the outline's rotated box
  double min_roundness = 0.8;   // area inside the outline / area of its enclosing circle (a square: 0.64)
  double merge_offset = 0.3;    // outlines whose centres are closer than this fraction of the smaller radius share a centre
  double max_concentric = 1.6;  // outlines of one centre whose radii differ by up to this ratio are one disc (a ring around it)
};

// Which cue found an outline (bits of Disc::cues).
enum DiscCue : std::uint8_t { kInkCue = 1, kEdgeCue = 2, kColourCue = 4 };

// A disc: one centre, one or more concentric outlines.
struct Disc {
  cv::Point2f centre;            // px
  float radius = 0;              // of the outermost outline, px
  std::vector<float> outlines;   // radii of every outline found about this centre, ascending, px
  unsigned cues = 0;             // DiscCue bits
  cv::Rect box;                  // bounds of the outermost outline, px

  float diameter() const { return 2 * radius; }
};

// Outer boundaries (and inner ones: rings) of the 255 regions of a mask that a circle fits.
std::vector<Disc> mask_discs(const cv::Mat& mask, const DiscShape& shape, DiscCue cue);
// Discs in a picture's ink: pixels farther than `tolerance` levels (largest channel difference)
// from `background`.
std::vector<Disc> ink_discs(const cv::Mat& bgr, const cv::Vec3b& background, int tolerance, const DiscShape& shape);
// Discs outlined in the edge map (Canny at `low`, `high` levels of grey gradient, gaps of a pixel closed).
std::vector<Disc> edge_discs(const cv::Mat& bgr, double low, double high, const DiscShape& shape);
// Discs of one colour: k-means over Lab colours (k = `clusters`, seeded by `seed`), each cluster's
// blobs (at most `sample_px` pixels are clustered; every pixel is then labelled).
std::vector<Disc> colour_discs(const cv::Mat& bgr, int clusters, int sample_px, const DiscShape& shape, int seed = 1);
// Candidates of several cues merged: outlines about one centre become one disc.
std::vector<Disc> merge_discs(const std::vector<Disc>& candidates, const DiscShape& shape);
// The range [lo, hi] of radii, hi <= `ratio` * lo, whose discs (at least `min_count`) cover the
// most area; {0, 0} when no range holds that many. A disc belongs when any of its outlines does.
std::pair<float, float> board_size_range(const std::vector<Disc>& discs, double ratio, int min_count);
// The disc's outline in [lo, hi] nearest to `near` (0 when none is).
float outline_in(const Disc& disc, float lo, float hi, float near);

// How edge_radius looks for a disc's edge. Units: px, levels (8-bit BGR, Euclidean).
struct EdgeProbe {
  int rays = 32;             // rays from the centre; the radius is their median
  double reach = 0.2;        // each ray runs this fraction of the radius past the outline (at least 2 px: the outline may be a shade inside the edge)
  double depth = 0.5;        // ... from this fraction of the radius inside the outline
  double min_contrast = 12;  // a ray whose steepest colour change is less than this a pixel has no edge, levels
  double min_rays = 0.5;     // fraction of the rays that must find the edge
  double max_spread = 0;     // when > 0, min_rays of the rays must find it within this fraction of the radius (at least min_spread_px) of their median: a round rim
  double min_spread_px = 1;  // ... the least of that distance, px: a blurred rim's edges stray by a pixel or so whatever the disc's size
  double max_radius = 0;     // when > 0, no ray looks past this radius, px: the largest disc wanted (a ring drawn round a disc is not its rim)
};
// The radius of a disc's outer edge to a fraction of a pixel, about an outline of radius `radius`
// (any cue's: an ink blob's area counts every faint anti-aliased or blurred pixel, how many depends
// on the colours, and a soft shadow may be part of it, so two sizes of disc measured so come out
// too alike or the wrong way round). Along each ray the edge is the outermost colour step at least
// half as steep as the ray's steepest, placed at its middle (where a drawn edge covers half a
// pixel); the radius is the rays' median, and the window follows it until it stays (an outline well
// inside the rim). 0 when too few rays find an edge.
float edge_radius(const cv::Mat& bgr, cv::Point2f centre, float radius, const EdgeProbe& probe = {});

// How a disc looks, for telling discs apart by appearance (never by a fixed colour).
struct DiscLook {
  cv::Vec3f lab;               // mean CIE Lab (L 0-100) of the middle, within `inner` of the radius
  float chroma = 0;            // sqrt(a^2 + b^2) of `lab`
  std::vector<float> pattern;  // Lab of each cell of a polar grid inside the disc, its ring's mean taken out (a highlight to one side)
  float contrast = 0;          // RMS over the cells of their Lab deviation, Lab units
};
// `lab_image` is the picture in CIE Lab, CV_32FC3 (to_lab); `radius` the size to sample at, px.
DiscLook disc_look(const cv::Mat& lab_image, cv::Point2f centre, float radius, double inner);
// Lab distance (CIE76), units of L: delta_e (vision/common/lab.hpp) as a float.
inline float lab_distance(const cv::Vec3f& a, const cv::Vec3f& b) { return static_cast<float>(delta_e(a, b)); }
// How unlike two patterns are, 0 (alike) .. 2: each is scaled to unit RMS, except that one of RMS
// under `flat` Lab units counts as flat (all zeros): flat against flat is 0, flat against shaded 1.
float pattern_distance(const DiscLook& a, const DiscLook& b, float flat);

}  // namespace pb::vision
