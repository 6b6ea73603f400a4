/* reader.hpp: reads a valves network (valve wheels and their letters, inlet, outlet, pipes, closed valves, wrenches) off an arena screenshot, or a node-link diagram of one. */
#pragma once

// What the reader relies on (the arena's look, whatever its colours, sizes, line widths and fonts):
//   detect: the page is the commonest colour; everything farther from it is "ink". A valve wheel is a
//           ring with six spokes and a hub, so the page shows through it as four to eight small
//           enclosed holes (the sectors; a closed valve's bar cuts two of them and parts the rest in
//           two groups) round an inked centre inside a ring of ink: that is how wheels are found, their
//           centre the centroid of the holes (symmetric about it), their size the ring's outer radius.
//           The inlet and the outlet are solid squares (once small holes such as their letters are
//           filled, they survive an opening wider than any pipe or crossing). A valve's letter is the
//           ink that stands alone in a window up and to the right of its wheel (its page-coloured tag
//           cuts the pipes that pass); where a pipe's stub touches a letter, the letter is cut out of
//           the box where the other letters sit relative to their wheels (median offset and height).
//   decode: letters are read with Tesseract (several scales and layouts until two agree). A pipe
//           joins two nodes when the straight segment between their centres is ink nearly all along,
//           outside both nodes and the letter tags, with no gap longer than a hop, and passes no other
//           node. A pipe that hops over another leaves the straight line there: a gap in that pipe,
//           never a join, so crossings do not connect. The wrench counter "wrenches: n/k" gives k and
//           how many valves are closed; the closed ones are the n wheels whose bar shows most (ink on
//           the bar's diagonal, where an open wheel shows the same as across the nearest spoke), and
//           every closed wheel must show its bar and no open one may.
// Rejected: tracing pipes as connected ink (a hop's arc touches the pipe it jumps over, so crossings
// would join the networks they cross); finding wheels with a Hough transform, as the first attempt
// at this reader did (ee49e6c, dropped after it misread real arena frames; the page holes of the
// sectors do not depend on edge strength); telling closed valves by colour (a style may make the
// closed colour close to the open one); telling inlet from outlet by position (the letters say).
// Known limit: a pipe between two close nodes can lie almost wholly under a tag and a wheel; with
// fewer than min_hidden_visible pixels of the segment showing the read is refused, not guessed.
// Letters: I and J are settled by shape (an I is alike upside down), not by Tesseract alone.
// A page with no wheels is read as a node-link diagram instead (lettered circles or squares, straight
// pipes, the inlet and outlet as boxes): diagram.hpp.

#include <opencv2/core.hpp>
#include <span>
#include <string>
#include <vector>

#include "core/result.hpp"
#include "vision/common/debug_sink.hpp"
#include "vision/common/game_image_puzzle.hpp"
#include "vision/common/params.hpp"
#include "solvers/valves/valves.hpp"

namespace pb::vision::valves {

using solvers::valves::Move;
using solvers::valves::State;

// Colour distances are the largest per-channel difference (0-255). Lengths marked "r" are multiples of
// the wheel radius r (the reach of a wheel's page-coloured disc over the pipes: the ring's outer edge is
// at ring_outer r). A profile overrides any of these under the node `valves` (same names).
struct Params {
  int page_distance = 30;          // farther than this from the page colour a pixel is ink
  double max_hole_fraction = 0.004;// a wheel sector is at most this fraction of the image's area
  double sector_join = 2.5;        // holes closer than this times the square root of their area group together
  double bar_join = 4.0;           // two groups of holes closer than this (same unit) are one closed wheel's
  double sector_area_ratio = 12.0; // grouped holes differ in area by at most this factor (a closed
                                   // valve's bar leaves two sectors in small pieces)
  int min_sectors = 4;             // fewest holes (sectors) that make a wheel (a closed one: 4 whole)
  int min_sector_bins = 4;         // of the six 60-degree directions round a wheel, holes lie in at least this many
  double ring_coverage = 0.85;     // least ink fraction on the circle just outside the sectors
  double ring_outer = 0.9;         // the ring's outer edge, r
  double radius_tolerance = 0.3;   // wheels' ring radii differ from their median by at most this fraction
  int max_valves = 26;
  double fill_hole_max = 2.0;      // enclosed page areas smaller than this, r^2, are filled before finding tanks
  double tank_kernel = 1.0;        // opening that removes pipes but keeps tanks, r
  double tank_side_min = 1.6;      // a tank's side, r, at least ...
  double tank_side_max = 3.2;      // ... and at most
  double tank_fill = 0.85;         // least solid fraction of a tank's bounding box
  double tag_near = 0.45;          // the letter window: from this right of and above the wheel centre, r ...
  double tag_far = 2.6;            // ... to this, r
  double letter_clear = 1.2;       // ink this close to the wheel's centre is not its letter (pipe stubs), r
  double letter_box = 0.45;        // a letter lies within this times the letters' height of its centre
                                   // sideways (where letters sit beside their wheels: the median over
                                   // the wheels; above and below: the median top and bottom)
  double letter_piece = 0.25;      // in a letter's box, shapes smaller than this part of the largest are not the letter
  double tag_half = 0.7;           // the tag hides pipes within this of its letter's centre, r (square)
  double glyph_height = 48;        // letters are scaled to this height for Tesseract, px
  double narrow_glyph = 0.4;       // a glyph Tesseract cannot read, narrower than this times its height, is "I"
  double i_symmetry = 0.7;         // an I matches itself upside down (italic: a half-turn) at least this much (intersection over
                                   //   union of the ink; Hershey fonts 0.79-1.0), a J less (its hook: 0.26-0.61)
  double o_symmetry = 0.8;         // an O matches itself turned a half-turn at least this much (intersection over
                                   //   union of the ink), a D less (small bold Ds reach 0.73, read as O by Tesseract):
                                   //   a read of either the shape contradicts is refused
  double narrow_letter = 0.5;      // a glyph narrower than this times its height is I or J (other capitals are
                                   //   0.55 and wider): another letter read for it is refused
  double stem_from = 0.25;         // a glyph whose rows between these fractions of its height are one upright
  double stem_to = 0.55;           //   stroke clear of its left edge is I, J or T: another letter read is refused
  double bar_from = 0.7;           // a closed valve's bar is looked for between these radii, fractions
  double bar_to = 0.95;            //   of the sectors' reach, on the diagonal through the down-left and
                                   //   up-right sectors (page there on an open wheel)
  double bar_min = 0.15;           // a closed valve: its bar score (fraction of samples there inked less
                                   //   the fraction inked at their mirror across the nearest spoke) at least ...
  double bar_clear = 0.5;          // ... and an open valve below this (the counter says how many are closed)
  double wheel_clear = 0.95;       // a pipe is hidden within this of a wheel's centre, r
  double tank_clear = 0.15;        // ... and within this of a tank's square, r
  double pass_clear = 1.0;         // a segment passing closer than this to another wheel (tank: its square) is no pipe, r
  double pipe_coverage = 0.8;      // least ink fraction of a pipe's visible samples
  double max_gap = 1.5;            // longest run without ink along a pipe (a hop), r
  double min_visible = 0.25;       // least visible length of a pipe, r (wheels may nearly touch)
  int min_hidden_visible = 3;      // a segment showing fewer samples than this (px) cannot be told pipe or not:
                                   //   the read is refused rather than guessed
  // The node-link diagram look (diagram.hpp), read when no wheel is found.
  int diagram_min_px = 10;         // a node (circle or square, filled or outlined) is at least this wide, px
  double diagram_aspect = 1.3;     // a node's longer side is at most this times its shorter
  double diagram_fill = 0.6;       // a node fills at least this fraction of its bounding box (a circle: 0.785)
  double diagram_end_aspect = 1.6; // an inlet or outlet of another shape (an arrow) is at most this long for its width,
  double diagram_end_fill = 0.4;   //   fills at least this fraction of its box (an arrow: 0.47), and holds the letter X or Y
  double diagram_size_spread = 0.3;// a blob this fraction smaller than the median node is no node
  double diagram_split_core = 0.5; // touching nodes: a blob's cores, deeper than this fraction of its deepest point, ...
  double diagram_split_cover = 0.95;// ... grown back, are its nodes when they cover at least this share of it
  double diagram_letter_zone = 0.7;// a node's letter lies within this fraction of its half-side from its centre
  int diagram_edge_px = 2;         // a node's anti-aliased edge, px: left out of its colours, and all that is left out
  double diagram_rim_cover = 0.9;  // an outlined node's ring covers at least this share of its inside's edge ...
  double diagram_rim_depth = 0.3;  // ... and reaches no deeper than this fraction of its body radius
  double xy_symmetry = 0.55;       // an end's letter alike turned a half-turn at least this much is an X, else a Y
                                   //   when ink reaches the letter zone's edge (a large letter in an arrow's shaft)
  double diagram_through = 0.6;    // a segment passing closer than this to a third node's centre (its half-sides) is no pipe
  double diagram_bare = 0.35;      // a segment inked along at most this fraction is no pipe; between this and
                                   //   pipe_coverage the read is refused
  int diagram_look_tolerance = 40; // valves whose fill and rim colours differ by at most this look alike, levels
};

Result<Params> load_params(const cv::FileNode& node, const Params& defaults = {});
// The profile keys load_params reads, with ranges and meanings (`puzzlebot params --game valves`).
std::span<const ParamSpec<Params>> param_table();
// Params with which read() reads `truth` from `bgr` exactly, searched from `start` (`puzzlebot learn`);
// the error is ErrorCode::kNoBoard when none is found.
Result<Params> learn(const cv::Mat& bgr, const State& truth, const Params& start = {});

struct Reading {
  State state;                          // wrenches = k (the total); closed valves as drawn
  std::vector<cv::Point2f> centres;     // per node (state.names order): centre, frame px (click here)
  double radius = 0;                    // wheel radius r, px
  int wrenches_used = 0;                // the "n" of "n/k"
  double confidence = 1;                // 0..1: lowest OCR confidence of the letters
  cv::Size frame;
};

// The error is ErrorCode::kNoBoard when nothing in the image looks like a valves network.
// `debug` (optional) receives a picture of the wheels or the diagram's nodes found when no board is.
Result<Reading> read(const cv::Mat& bgr, const Params& params = {}, DebugSink* debug = nullptr);

// The reading drawn over the image: nodes with names (closed ones crossed), pipes, the wrench count;
// `moves` ringed and numbered.
cv::Mat annotate(const cv::Mat& bgr, const Reading& reading, std::span<const Move> moves = {});

// A valves network read from an image: GameImagePuzzle<ImageSpec> (vision/common/game_image_puzzle.hpp),
// its reading(), and the valves its last solve() closes as moves(); kReaderOf<ImageSpec>, its line in
// the reader list.
using ImageSpec = ReaderSpec<solvers::valves::Spec, &read, &annotate, &solvers::valves::Solution::moves, &load_params, &param_table, &learn,
                             ReadsText::kYes>;  // Tesseract (extra.cmake links pb_vision_ocr)

}  // namespace pb::vision::valves
