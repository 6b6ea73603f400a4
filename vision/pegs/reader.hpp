/* reader.hpp: reads peg solitaire boards (Simon Tatham's Pegs, Peg Solitaire, other games' looks; any board shape) off a window or screenshot. */
#pragma once

// Peg games draw one disc per site on a square lattice: Simon Tatham's Pegs a peg at 2/3 of the
// tile and a hole at 1/2; Peg Solitaire (Qt) shaded balls of one size, blue pegs and grey holes;
// others glossy pegs with a highlight and a drop shadow, holes as rings, dark dimples or pale discs,
// a selected peg in another colour, hint rings around the holes it may jump to. The reader assumes
// none of these looks (issue #24: detect -> decode -> verify):
//   detect: disc candidates from the detection layer (vision/common/discs.hpp: ink on each common
//           background, edges, Lab colour clusters), the board's size range, a lattice fitted to
//           their centres (vision/common/disc_lattice.hpp); the board then grows, as the fit links
//           it, to discs centred on sites next to it (board-sized ones the fit left apart, smaller
//           ones: a thin ring hole) and to sites where a probe from the centre finds a round rim
//           that no cue closed (a glossy ball's rim melting into its shadow);
//   decode: discs are grouped by how their middles look (Lab colour) and by size; each naming of
//           the groups (peg or hole per group) is a hypothesis; pegs and holes are the two main
//           groups, told apart by `hole_cues`: holes are the smaller group when the sizes clearly
//           differ (measured at the discs' edges: vision::edge_radius), as games draw them whatever
//           the colour scheme, unless a group is hollow (a ring hole: its line's width adds to
//           its size, and size is then one vote); else the less colourful, the hollow one (a ring
//           round the board's colour) or the nearer the background's colour (every cue with a
//           margin must agree, or the board is refused); a
//           group of a main group's colour but another size (a hint ring round a hole) is that
//           group's when the main groups' colours are apart; a disc of neither main look is odd (a
//           selected peg, a hint);
//   verify: a hypothesis stands only if the game allows it: at most one odd peg (the selected one),
//           odd holes only with a selected peg, each a hole it can jump to; the hypotheses left are
//           scored by how much each odd disc's shading pattern looks like its group's, and the best
//           must win by `min_hypothesis_margin`, or the reader refuses and names the discs it could
//           not place. A site with no disc must be plain and of the colour between discs. A wrong
//           board is worse than none.

#include <opencv2/core.hpp>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "core/result.hpp"
#include "vision/common/debug_sink.hpp"
#include "vision/common/game_image_puzzle.hpp"
#include "vision/common/params.hpp"
#include "solvers/pegs/pegs.hpp"

namespace pb::vision::pegs {

using solvers::pegs::Site;
using solvers::pegs::State;

// What the reader may assume. Colour distances are the largest per-channel difference, 0-255 levels,
// unless they say Lab (CIE76, L 0-100); "pitches" are distances between neighbouring sites. A
// profile overrides any of these under the node `pegs` (same names).
struct Params {
  // detect
  int background_tolerance = 14;   // within this distance a pixel is background, levels
  int background_candidates = 3;   // commonest colours tried as the background, in order
  int min_disc_px = 5;             // smallest disc diameter accepted, px
  double max_disc_aspect = 1.25;   // longer / shorter side of a disc's outline
  double min_disc_roundness = 0.8; // area inside a disc's outline / its enclosing circle's (a square: 0.64)
  double edge_low = 30;            // Canny's lower gradient threshold for the edge cue, levels (0: no edge cue)
  double edge_high = 60;           // Canny's upper gradient threshold, levels
  int colour_clusters = 8;         // Lab k-means clusters for the colour cue (0: no colour cue)
  int colour_sample_px = 100000;   // pixels the colour cue's k-means clusters (every pixel is then labelled), px
  double size_range = 1.75;        // the board's discs span at most this ratio of radii (holes 3/4 of pegs, a ring 1.3x around one)
  double lattice_tolerance = 0.15; // largest distance of a disc's centre from its site, pitches
  double site_disc_ratio = 2.0;    // a disc centred on a site of the board or next to it is the site's down to the size range's bottom / this (a thin ring hole)
  double probe_min_rays = 0.75;    // a site of the board or next to it with no disc is probed from its centre: a disc if this fraction of rays find an edge (0: no probe)
  double probe_spread = 0.1;       // ... at radii within this fraction of their median (at least probe_spread_px): a round rim
  double probe_spread_px = 2;      // ... and within this many px of it at least: at 0.5x a rim's edge strays by a pixel or two whatever the disc's size (a dimple's lit crescent, JPEG's chroma blocks)
  double probe_larger = 1.2;       // a probe that finds no edge from the discs' median size tries again from the larger discs' (upper quartile) when that is this many times the median (pegs and holes of two sizes); 0: always, a huge value: never
  int min_sites = 6;               // fewer discs than this is not a board (the game's smallest has ~15)
  double max_outside_spread = 12;  // an outside site is plain: its colour varies (standard deviation) at most this much, levels
  double ground_offset = 0.42;     // the colour between discs is sampled this far off each disc along both diagonals, pitches per axis
  int min_ground_matches = 3;      // ... and of the colour seen between discs: at least this many samples there alike (appearance_tolerance)
  int max_side = 64;               // most sites per board side (the solver's limit)
  double size_reach = 0.5;         // a disc's size is measured at an edge no farther than this from its centre, pitches (its tile's half)
  // decode
  double middle = 0.5;             // a disc's look is measured within this fraction of its radius
  double appearance_tolerance = 14;// discs whose middles differ by at most this look alike, Lab
  double min_odd_distance = 24;    // a disc of neither main look (a selected peg, a hint) differs from both by at least this, Lab
  int max_looks = 6;               // more kinds of disc than this is not a peg board
  std::string hole_cues = "size chroma hollow";  // which main group holes are: a clear size gap decides, else every cue with a margin must agree
  double min_size_gap = 0.12;      // size: holes' radius at most (1 - this) of pegs' (at their edges), fraction (Simon Tatham's: 0.15-0.25)
  double size_noise = 3;           // size: ... and apart by this many times the groups' spreads of radii added
  double group_size_gap = 0.2;     // discs of one look whose radii differ by this fraction are two groups
  double min_chroma_gap = 12;      // chroma: holes less colourful than pegs by this much, Lab chroma
  double min_board_gap = 15;       // board: holes' middles nearer the board's colour than pegs' by this much, Lab
  double flat_pattern = 2.5;       // a disc whose shading varies less than this (RMS) is flat, Lab L
  double min_hypothesis_margin = 0.3;  // the best reading must beat the next by this much, pattern distance
  int max_selected = 1;            // odd-looking pegs allowed (a selected peg)
};

// Reads Params from a profile node (missing keys keep `defaults`); errors name the bad key.
Result<Params> load_params(const cv::FileNode& node, const Params& defaults = {});
// The profile keys load_params reads, with ranges and meanings (`puzzlebot params --game pegs`).
std::span<const ParamSpec<Params>> param_table();
// Params with which read() reads `truth` from `bgr` exactly, searched from `start` (`puzzlebot learn`);
// the error is ErrorCode::kNoBoard when none is found.
Result<Params> learn(const cv::Mat& bgr, const State& truth, const Params& start = {});

// A disc on a site: where it is, how wide, how it looks.
struct Disc {
  cv::Point2f centre;
  float diameter = 0;  // px, of its outline in the board's size range; 0: no disc on the site
  cv::Rect box;
  float chroma = 0;    // Lab chroma of its middle
  cv::Vec3f lab;       // mean Lab of its middle
  int look = -1;       // which group of alike discs (decode), -1 before
};

// The fitted lattice: site (row, col) is centred at origin + (col, row) * pitch, frame pixels.
struct Lattice {
  int rows = 0;
  int cols = 0;
  cv::Point2f origin;
  float pitch = 0;
  cv::Rect board;                 // bounds of all sites, px
  cv::Vec3b background;           // BGR
  std::vector<Disc> discs;        // per site, row-major; diameter 0 where there is none
  std::vector<float> offsets;     // per site: distance of the disc from its site, pitches
  std::vector<std::vector<float>> patterns;  // per site: the disc's shading pattern (disc_look)
  std::vector<float> contrasts;   // per site: RMS of its pattern, Lab L
  cv::Mat frame;                  // the picture read (shared, not copied)
  cv::Vec3f board_lab;            // the background in Lab
  std::vector<cv::Vec3f> ground;  // Lab of the board between discs (diagonally off each disc, inside its tile)

  cv::Point2f centre(int row, int col) const { return origin + cv::Point2f(col * pitch, row * pitch); }
};

struct Reading {
  State state;
  std::vector<cv::Point2f> centres;  // per site, row-major, frame px (outside sites too)
  std::vector<float> confidence;     // per site, 0..1
  cv::Rect board;                    // bounds of all sites, frame px
  Lattice lattice;

  float min_confidence() const;
};

// Finds the discs and the lattice. The error is ErrorCode::kNoBoard when nothing looks like Pegs.
// `debug` (optional) receives a picture of the discs found when no board is.
Result<Lattice> detect(const cv::Mat& bgr, const Params& params = {}, DebugSink* debug = nullptr);
// Names each site peg, hole or outside (the hypotheses and their check: see the top of this file).
Result<Reading> decode(const Lattice& lattice, const Params& params = {});
// detect() then decode(), with OpenCV exceptions turned into errors.
Result<Reading> read(const cv::Mat& bgr, const Params& params = {}, DebugSink* debug = nullptr);

// Draws what was read over `bgr`: sites (peg, hole) and their confidence (doubtful in red), and,
// when given, `jumps` (in order) as numbered arrows.
cv::Mat draw_reading(const cv::Mat& bgr, const Reading& reading, std::span<const solvers::pegs::Move> jumps = {});

// A Pegs board read from an image: GameImagePuzzle<ImageSpec> (vision/common/game_image_puzzle.hpp), its
// reading() (the lattice in frame pixels, for the play loop), and the jumps of its last solve() that gave
// any as moves() (with --best an unsolvable board has some); kReaderOf<ImageSpec>, its line in the reader list.
using ImageSpec = ReaderSpec<solvers::pegs::Spec, &read, &draw_reading, &solvers::pegs::Solution::moves, &load_params, &param_table, &learn>;

}  // namespace pb::vision::pegs
