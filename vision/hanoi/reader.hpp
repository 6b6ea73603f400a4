/* reader.hpp: reads a Tower of Hanoi position (rods, disks by width, goal rod) off an arena screenshot. */
#pragma once

// detect -> decode -> verify, on the shared bar detection (vision/common/bars.hpp):
//   detect: the page is a plane in Lab (a flat colour or a gradient; its own texture measured), ink
//           is what stands a Delta E off it (refused so, the page is read again as a scene, vision/common/scene.hpp:
//           flat regions reaching both side edges, each explaining the pixels near it; a sky over hills); rods are tall thin runs of ink (pieces parted by discs
//           joined), a set of them equally spaced, alike in width, their tops level. Down each rod,
//           rows of ink wider than the rod are bar rows, a row reaching into the next rod's half is
//           the base; bands of bar rows are parted into bars where they change colour, dip in width
//           (rounded ends meeting) or step in width (boxes or trapezoids meeting), or, when none of
//           that shows (a gap closed by blur), into whole multiples of the disc height. A bar of one
//           width at the foot of every rod is a base plate.
//   decode: sizes are the ranks of the discs' widths (median width of their middle half: ranks
//           boxes, rounded bars and trapezoids alike), over all rods; colours play no part (one
//           colour, shades of one, many). A shape hanging under the base marks the goal (none: the
//           last rod, the text's default).
//   no rods: when no rod set is found, the stack fitter (vision/hanoi/stacks.hpp) finds slots (boxes
//           of the ink's commonest colour, discs inside them) or, with no rods, bands of disc-wide
//           ink grouped into columns on a level floor, the rods placed by the slots, the plates or
//           the base's extent; its columns go through decode and verify as the rods' do.
//   verify: the game's invariants: one disc height, widths distinct and clearly apart, each stack
//           largest at the bottom, each disc centred on its rod and resting on the one below or the
//           floor, the floors level, no disc-sized ink among the rods that is on none (over a scene,
//           only ink with a disc's straight side: trees and hills' borders stand there). The read is
//           made at two ink thresholds; readings that disagree are refused.
// Rejected: sizes from colours (styles may paint every disc alike); sizes from absolute widths (the
// smallest disc's width depends on the style); the page as the border's commonest colour (a phone
// screenshot's status bar and banner); guessing where an empty rod stands when nothing drawn shows it.

#include <opencv2/core.hpp>
#include <span>
#include <vector>

#include "core/result.hpp"
#include "vision/common/debug_sink.hpp"
#include "vision/common/game_image_puzzle.hpp"
#include "vision/common/params.hpp"
#include "solvers/hanoi/hanoi.hpp"

namespace pb::vision::hanoi {

using solvers::hanoi::Move;
using solvers::hanoi::State;

// Colour distances are Delta E (CIE76, Lab). A profile overrides any of these under the node `hanoi`
// (same names); `puzzlebot params --game hanoi` lists them.
struct Params {
  double page_fit_delta_e = 10;      // pixels this near the page plane are page (texture, gradient), Delta E
  double min_page_fraction = 0.25;   // least share of the image the page covers
  int page_layers = 1;               // the page as up to this many planes (a sky over hills: an illustrated scene) ...
  double min_layer_fraction = 0.12;  // ... each further one covering this share of the image, across its width
  int scene = 1;                     // 1: a board the planes refuse is read again with the page as a scene (vision/common/scene.hpp) ...
  double scene_max_page = 0.6;       // ... when the largest page plane covers less than this share of the image ...
  double scene_flat_delta_e = 2.5;   // ... flat pixels step less than this to their neighbours (3x3-smoothed), Delta E
  int scene_link_px = 40;            // ... regions this far apart along a row (a rod between) are one, px ...
  double scene_link_delta_e = 5;     // ... when the colours either side of the gap agree within this, Delta E, ...
  double scene_min_link = 0.002;     // ... and each covers this share of the image
  double scene_trim_delta_e = 16;    // ... trim_delta_e there when that is 0 (a tree touching a bar), Delta E
  double scene_min_layer = 0.02;     // ... a layer: a flat region reaching both side edges, at least this share of the image
  double scene_reach = 0.05;         // ... explains the pixels within this fraction of the picture's height of it
  int scene_blend_px = 5;            // ... pixels this near two layers may be a blend of them, px
  double scene_edge_margin = 0.15;   // ... a region reaches a side edge when within this fraction of the width of it
  double ink_delta_e = 14;           // farther than this from the page a pixel is ink, Delta E ...
  double texture_factor = 2.5;       // ... and farther than this times the page's own spread
  double second_threshold = 1.8;     // the read is made again at the ink threshold times this; they must agree
  double max_hole_fraction = 0.002;  // holes in ink up to this share of the image are filled (a number on a disc)
  double max_rod_fraction = 0.03;    // widest rod, fraction of the image width ...
  int max_rod_px = 60;               // ... and at most this, px
  double min_rod_fraction = 0.1;     // shortest rod (top to the foot of its column), fraction of the image height
  double min_rod_piece = 0.02;       // shortest visible piece of a rod, fraction of the image height
  double rod_aspect = 3;             // a rod (to its column's foot) stands at least this times its width tall; a visible piece half that
  double rod_fill = 0.7;             // least share of a rod piece's box that is ink
  double level_tolerance = 0.05;     // rod tops, floors: level within this fraction of the rod height, plus 3 px
  int min_rods = 3, max_rods = 16;  // profile keys min_pegs, max_pegs (the solver needs 3 rods)
  double spacing_tolerance = 0.12;   // rod spacings differ from their median by at most this fraction
  double rod_tolerance = 0.5;        // rod widths differ from their median by at most this fraction
  double disk_factor = 1.4;          // a row is a disc row when wider than this times the rod ...
  int disk_extra_px = 3;             // ... plus this, px
  int min_disk_rows = 3;             // thinnest disc, px
  double colour_step = 8;            // touching discs: a colour change this large parts them, Delta E
  double edge_step = 0.05;           // touching discs: a width dip or step this large parts them, fraction of the width ...
  int edge_step_px = 4;              // ... and at least this, px
  double edge_jump = 3;              // touching discs: a width jumping this many edge steps from one row to the next parts them (0: off)
  double min_part = 0.25;            // touching discs: a part thinner than this fraction of the tallest is an outline, joined to its neighbour
  double trim_delta_e = 0;           // a bar row's ends cut back to the first pixels this near its median colour (outline, scenery), Delta E; 0: off
  double taper = 0.08;               // a disc is a trapezoid when its top and bottom widths differ by this fraction
  double rounding = 0.08;            // a disc is rounded when its end rows are this fraction narrower than its middle
  double plate_tolerance = 0.03;     // base plates: widths alike within this fraction, plus 2 px
  double height_tolerance = 0.2;    // disc heights differ from their median by at most this fraction
  double min_step = 0.35;            // neighbouring sizes differ in width by at least this fraction of the median step ...
  int min_step_px = 2;               // ... and by at least this, px
  double centre_tolerance = 0.12;    // a disc's centre lies within this fraction of its width (plus 2 px) of its rod
  double max_gap = 0.6;              // a disc rests within this fraction of the disc height (plus 2 px) of what is below it
  double max_base_discs = 4;         // the bar the rods stand on is at most this many disc heights (plus 2 px) thick: a thicker one covers the board
  double max_stray = 0.5;            // ink among the rods on no rod, disc or base: at most this many discs' area
  double scene_stray_side = 2;       // ... over a scene, only in pieces with a disc's straight side: a left or right end within this many edge steps along a disc's height; 0: all
  double min_marker_area = 0.5;      // least area of a goal marker under the base, base heights squared
  double min_marker_depth = 0.5;     // least depth of a goal marker under the base, base heights
  int max_disks = 16;
  // No rod set found: stacks found disc first (vision/hanoi/stacks.hpp), with no rods or in slots.
  double min_disk_width = 0.015;     // narrowest disc row with no rod to mark it, fraction of the image width ...
  double max_disk_width = 0.4;       // ... widest (a wider row is a base or a banner)
  double stack_tolerance = 0.01;     // the rows of one stack are centred within this fraction of the image width, plus 2 px
  double place_tolerance = 0.12;     // a stack stands within this fraction of the spacing of its rod's place along the base
  double stray_reach = 0.25;         // no rods: ink up to this many spacings over the highest disc counts as stray when on no disc
  double slot_delta_e = 10;          // slot pixels lie this near the slots' colour (the ink's commonest), Delta E
  double slot_fill = 0.9;            // least share of a slot's box that is ink (the slot, its outline, the discs in it)
  double min_slot_fraction = 0.005;  // least area of a slot's box, fraction of the image
  double slot_inset = 0.02;          // discs are looked for this fraction of a slot's width (plus 2 px) inside its box (its outline)
};

Result<Params> load_params(const cv::FileNode& node, const Params& defaults = {});
// The profile keys load_params reads, with ranges and meanings (`puzzlebot params --game hanoi`).
std::span<const ParamSpec<Params>> param_table();
// Params with which read() reads `truth` from `bgr` exactly, searched from `start` (`puzzlebot learn`);
// ErrorCode::kNoBoard when none is found.
Result<Params> learn(const cv::Mat& bgr, const State& truth, const Params& start = {});

struct Reading {
  State state;
  bool goal_marked = false;             // false: no marker seen, goal is the last rod
  std::vector<cv::Point2f> centres;     // per rod: halfway up its rod, frame px (where to click or drag)
  std::vector<std::vector<cv::Rect>> disks;  // per rod, bottom to top: each disk's box, frame px
  std::vector<double> widths;           // per disk (index 0 = smallest), px
  cv::Rect apparatus;                   // bounding box of base, rods and disks
  cv::Rect base;                        // the base bar (empty: none; plates or bare rods)
  std::vector<cv::Rect> plates;         // per rod, a base plate (empty: none)
  double confidence = 1;                // 0..1: how clearly the widths separate into sizes
  cv::Size frame;
};

// Errors (ErrorCode::kNoBoard) say what was missing or ambiguous when no position is read; `debug`
// receives the rods and discs found.
Result<Reading> read(const cv::Mat& bgr, const Params& params = {}, DebugSink* debug = nullptr);

// The reading drawn over the image: base, rods, each disk's box and size, the goal; `moves` listed.
cv::Mat annotate(const cv::Mat& bgr, const Reading& reading, std::span<const Move> moves = {});

// A Tower of Hanoi read from an image: GameImagePuzzle<ImageSpec> (vision/common/game_image_puzzle.hpp),
// its reading(), and the moves() of its last solve(); kReaderOf<ImageSpec>, its line in the reader list.
using ImageSpec = ReaderSpec<solvers::hanoi::Spec, &read, &annotate, &solvers::hanoi::Solution::moves, &load_params, &param_table, &learn>;

}  // namespace pb::vision::hanoi
