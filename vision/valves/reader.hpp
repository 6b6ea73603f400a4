/* reader.hpp: reads a valves network (wheels and their letters, inlet, outlet, pipes, wrenches) off an arena screenshot. */
#pragma once

// What the reader relies on (the arena's look, whatever its colours, sizes, line widths and fonts):
//   detect: the page colour is the commonest along the image's border. Valves are wheels: a ring
//           (found with a Hough transform, then checked: foreground all round the ring, mostly page
//           inside it between the spokes); all wheels share one radius r. The inlet and the outlet
//           are the filled squares that survive an opening with a kernel wider than any pipe; their
//           letters (page-coloured, inside) and each valve's letter (on a tag up and to the right of
//           its wheel) are read with Tesseract.
//   decode: a pipe joins two nodes when the straight segment between them, outside both nodes, is
//           mostly foreground and passes no other node. A pipe that hops over another leaves the
//           straight line there, so it is a gap in that pipe, never a join: crossings do not connect.
//           The wrench count is the "n/k" after "wrenches" in the text on the page.
// Rejected: tracing pipes as connected foreground (crossings would join the networks they cross);
// telling inlet from outlet by position (the letters say which is which).

#include <opencv2/core.hpp>
#include <span>
#include <string>
#include <vector>

#include "core/result.hpp"
#include "solvers/valves/valves.hpp"

namespace pb::vision::valves {

using solvers::valves::Move;
using solvers::valves::State;

// Colour distances are sums of the three channels' absolute differences (0-765). A profile overrides
// any of these under the node `valves` (same names).
struct Params {
  int page_distance = 60;          // farther than this from the page colour a pixel is foreground
  double min_radius = 0.012;       // smallest wheel radius, fraction of the image's shorter side
  double max_radius = 0.06;        // largest wheel radius, same unit
  int hough_votes = 12;            // Hough accumulator threshold (low: every candidate is checked below)
  double ring_coverage = 0.8;      // least foreground fraction along a wheel's ring
  double inside_page = 0.55;       // least page fraction on a circle at half the radius
  double radius_tolerance = 0.25;  // wheel radii differ from their median by at most this fraction
  double tank_kernel = 0.55;       // opening kernel for the inlet/outlet squares, times r
  double tank_side_min = 1.6;      // a tank's side, times r, at least ...
  double tank_side_max = 3.0;      // ... and at most
  double pipe_coverage = 0.6;      // least foreground fraction of a pipe's straight segment outside its nodes
  double node_clearance = 0.9;     // a pipe's segment passes no other node closer than this, times r
  int max_valves = 26;
  double narrow_glyph = 0.45;      // a glyph OCR cannot read, narrower than this times its height, is "I"
};

Result<Params> load_params(const cv::FileNode& node, const Params& defaults = {});

struct Reading {
  State state;                          // wrenches = k (the total); closed valves as drawn
  std::vector<cv::Point2f> centres;     // per node (state.names order): centre, frame px (click here)
  double radius = 0;                    // wheel radius, px
  int wrenches_used = 0;                // the "n" of "n/k"
  double confidence = 1;                // 0..1: lowest OCR confidence of the letters
  cv::Size frame;
};

// Errors start with "no board found: " when nothing in the image looks like a valves network.
Result<Reading> read(const cv::Mat& bgr, const Params& params = {});

// The reading drawn over the image: nodes with names, pipes, the wrench count; `moves` ringed and numbered.
cv::Mat annotate(const cv::Mat& bgr, const Reading& reading, std::span<const Move> moves = {});

}  // namespace pb::vision::valves
