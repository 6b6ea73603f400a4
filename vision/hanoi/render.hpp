/* render.hpp: draws Tower of Hanoi positions the way puzzlebot-arena shows them (arena view, samples, tests). */
#pragma once

// The look: a base bar across the width with equally spaced rods standing on it; disks are
// rounded bars centred on their rod, their width growing linearly with their size, stacked with a small
// gap in which the rod shows (so a stack reads as separate disks whatever their colours); a triangle
// under the base marks the goal rod. The arena highlights a picked disk with an outline and draws a
// dragged disk at the pointer.
//
// In vision/ (like vision/onestroke/render.hpp) so the reader's tests render any position in any style
// without the arena program; the arena draws its Hanoi levels with it. Shares no thresholds with
// reader.cpp.
//
// Rejected: disks touching each other (two neighbouring disks of similar colour would merge into one
// band whose width steps only by one size unit, and rounded corners blur the step).

#include <cstdint>
#include <opencv2/core.hpp>
#include <optional>
#include <vector>

#include "solvers/hanoi/hanoi.hpp"

namespace pb::vision::hanoi {

using solvers::hanoi::State;

// Colours BGR 0-255.
struct RenderStyle {
  cv::Scalar background{236, 236, 236};
  cv::Scalar rod{60, 60, 60};
  cv::Scalar base{60, 60, 60};
  cv::Scalar marker{40, 40, 200};     // the goal triangle
  cv::Scalar highlight{0, 200, 255};  // outline of a picked disk
  std::vector<cv::Scalar> disks{{60, 80, 220}, {40, 170, 240}, {60, 200, 120}, {200, 160, 60}, {180, 80, 150},
                                {120, 120, 120}};  // by size, smallest first, repeated when short
  int font = 0;                  // cv::HersheyFonts value (rod numbers)
  double rod_width = 0.018;      // fraction of the area width
  double disk_height = 0.075;    // most disk height, fraction of the area height
  int gap_px = 3;                // vertical gap between stacked disks, px (at least 2)
  double corner = 0.3;           // disk corner radius, fraction of the disk height
  double max_width = 0.86;       // largest disk, fraction of the rod spacing
  double min_width = 0.32;       // smallest disk, fraction of the rod spacing
  double margin = 0.05;          // free space around the apparatus, fraction of the area's shorter side
  bool numbers = true;           // rod numbers under the base
};

struct RenderLayout {
  cv::Rect area;
  std::vector<int> rod_x;  // rod centres, px
  int rod_px = 0;          // rod width
  int rod_top = 0;         // y of the rods' tops
  cv::Rect base;           // the base bar
  int disk_h = 0;          // disk height, px
  int gap = 0;             // between stacked disks, px
  double spacing = 0;      // between rod centres, px
  double min_w = 0, unit = 0;  // smallest disk width and the step per size, px
  int disks = 0;
  // Disk `disk` (0 = smallest) at height `level` (0 = on the base) of rod `rod`.
  cv::Rect disk_rect(int disk, int rod, int level) const;
  // The rod whose column (half a spacing either side, from the rod tops to the base) holds `p`.
  std::optional<int> rod_at(cv::Point2d p) const;
  cv::Point2d rod_point(int rod) const;  // a point halfway up the rod (to click)
};

RenderLayout layout(const State& state, cv::Rect area, const RenderStyle& style);

// How the arena shows input in progress: a picked disk (outlined), or a dragged one (drawn at the
// pointer instead of on its rod).
struct Overlay {
  std::optional<int> picked;   // rod whose top disk is picked
  std::optional<cv::Point2d> drag;  // pointer while dragging the picked disk
};

void draw(cv::Mat& canvas, cv::Rect area, const State& state, const RenderStyle& style, const Overlay& overlay = {});

// A whole image: background, the position, and (with `caption`) a title and a status line.
cv::Mat render(const State& state, const RenderStyle& style, cv::Size size, bool caption = true);

// A deterministic variety of looks (colours, proportions, gap, corners, font); variant 0 is the default.
RenderStyle style_variant(std::uint64_t variant);

}  // namespace pb::vision::hanoi
