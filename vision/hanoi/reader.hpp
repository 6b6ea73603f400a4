/* reader.hpp: reads a Tower of Hanoi position (pegs, disks by width, goal peg) off an arena screenshot. */
#pragma once

// What the reader relies on (the arena's look, whatever its colours, proportions and fonts):
//   detect: the page colour is the commonest along the image's border; the apparatus is the largest
//           shape that differs from it (base, rods and disks touch); the base is the lowest band of
//           rows that the shape spans (nearly) end to end; the rods are the narrow runs just under
//           the shape's top, equally spaced, each standing unbroken down to the base.
//   decode: up each rod, rows wider than the rod are disk rows; disks are stacked with a gap in which
//           only the rod shows, so each band of disk rows is one disk and its widest row its width;
//           a band k disk heights tall (a small or blurred picture closed the gaps) whose k equal
//           slices narrow upwards is k disks. Colours play no part: discs may be all alike, each
//           its own, or the rods' colour, on a light or a dark page.
//           Sizes are the ranks of the widths over all pegs (all disks 1..n are present); a triangle
//           hanging under the base marks the goal peg (none: the last peg, the text's default).
// Rejected: sizes from colours (styles may paint every disk alike); sizes from absolute widths (the
// smallest disk's width depends on the style).

#include <opencv2/core.hpp>
#include <span>
#include <vector>

#include "core/result.hpp"
#include "vision/common/game_image_puzzle.hpp"
#include "vision/common/params.hpp"
#include "solvers/hanoi/hanoi.hpp"

namespace pb::vision::hanoi {

using solvers::hanoi::Move;
using solvers::hanoi::State;

// Colour distances are sums of the three channels' absolute differences (0-765). A profile overrides
// any of these under the node `hanoi` (same names).
struct Params {
  int page_distance = 60;            // farther than this from the page colour a pixel is part of a shape
  double min_shape_fraction = 0.04;  // least area of the apparatus' bounding box, fraction of the image
  double base_coverage = 0.9;        // least fraction of the shape's width a base row covers
  double max_base_fraction = 0.2;    // thickest base, fraction of the shape's height
  double probe_depth = 0.02;         // rods are cut this far below the shape's top, fraction of its height
  int min_pegs = 2, max_pegs = 16;
  double spacing_tolerance = 0.12;   // rod spacings differ from their median by at most this fraction
  double rod_tolerance = 0.5;        // rod widths differ from their median by at most this fraction
  double disk_factor = 1.4;          // a row is a disk row when wider than this times the rod ...
  int disk_extra_px = 3;             // ... plus this, px
  int min_disk_rows = 3;             // thinnest disk, px
  double height_tolerance = 0.35;    // disk heights differ from their median by at most this fraction
  double min_step = 0.35;            // neighbouring sizes differ in width by at least this fraction of the median step
  int max_disks = 16;
};

Result<Params> load_params(const cv::FileNode& node, const Params& defaults = {});
// The profile keys load_params reads, with ranges and meanings (`puzzlebot params --game hanoi`).
std::span<const ParamSpec<Params>> param_table();

struct Reading {
  State state;
  bool goal_marked = false;             // false: no marker seen, goal is the last peg
  std::vector<cv::Point2f> centres;     // per peg: halfway up its rod, frame px (where to click or drag)
  std::vector<std::vector<cv::Rect>> disks;  // per peg, bottom to top: each disk's box, frame px
  std::vector<double> widths;           // per disk (index 0 = smallest), px
  cv::Rect apparatus;                   // bounding box of base, rods and disks
  cv::Rect base;
  double confidence = 1;                // 0..1: how clearly the widths separate into sizes
  cv::Size frame;
};

// The error is ErrorCode::kNoBoard when nothing in the image looks like a Hanoi apparatus.
Result<Reading> read(const cv::Mat& bgr, const Params& params = {});

// The reading drawn over the image: base, rods, each disk's box and size, the goal; `moves` listed.
cv::Mat annotate(const cv::Mat& bgr, const Reading& reading, std::span<const Move> moves = {});

}  // namespace pb::vision::hanoi

// The Hanoi reader's entry in the reader list and its ImagePuzzle.

namespace pb::vision::hanoi {

// What vision/common/game_image_puzzle.hpp needs to know of this reader.
struct ImageSpec {
  using Game = solvers::hanoi::Spec;
  using Params = hanoi::Params;
  using Reading = hanoi::Reading;
  using Drawn = std::vector<Move>;
  static constexpr auto load_params = &hanoi::load_params;
  static constexpr auto param_table = &hanoi::param_table;
  static constexpr auto read = &hanoi::read;
  static constexpr auto annotate = &hanoi::annotate;
  static Drawn drawn(const solvers::Outcome& out, const solvers::hanoi::Solution& sol);
};

// A Tower of Hanoi read from an image.
class HanoiImagePuzzle final : public GameImagePuzzle<ImageSpec> {
 public:
  using GameImagePuzzle::GameImagePuzzle;
  // The moves of the last successful solve() (empty before one).
  const ImageSpec::Drawn& moves() const { return drawn(); }
};

// {"hanoi", read}: reads with the profile's `hanoi` Params (defaults without a profile).
extern const Reader kReader;

}  // namespace pb::vision::hanoi
