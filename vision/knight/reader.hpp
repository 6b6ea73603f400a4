/* reader.hpp: reads a knight's-tour board (size, removed squares, start, visited squares, knight) off a screenshot: ruled, chequered, or separated tiles. */
#pragma once

// What the reader relies on (structure first, then squares told apart by how they differ from each
// other; no colour is fixed):
//   detect: the page colour is the commonest along the image's border; the board is the largest
//           shape that differs from it (at least min_side squares of min_pitch a side: nothing is
//           assumed about the board's share of the image). Its lattice is found one of two ways:
//           ruled: the outer frame and grid lines are one colour ("ink") running the board's full
//           height or width, so columns and rows nearly all ink are grid lines, equally spaced;
//           chequered (no lines): colour changes line up along the squares' edges, so the lattice
//           is the finest equal division of the shape whose every boundary is such an edge (a
//           coarser one fails the check that each square's four corners are one colour; tiles
//           drawn touching, whose rounded corners show the page, are sampled clear of them);
//           separated tiles (each square its own shape, rounded or not, chequered or one colour,
//           the page between them, as many mobile games draw them), tried when the framed board
//           fails or has shapes as large as its squares beside it: the shapes that are square and
//           mostly filled, the largest group of one size (count x side), their pitch from nearest
//           neighbours and their lattice sites (vision/common/lattice.hpp), the tiles that link up
//           (up to two missing between) being the board. Three masks in turn: the page's, it
//           shaved by a pixel (tiles touching at a corner), and one that takes a pixel for the page
//           when it is much nearer to it than the tiles within 2 px are (JPEG bleeds the tiles'
//           colour into a gap a few px wide).
//           tiles run together (gaps of a few % of the pitch that JPEG or scaling blurs shut in
//           every mask), tried last: the box of the largest shape and the tiles beside it, and per
//           axis the finest equal division whose every boundary is a valley towards the page in most
//           rows with tiles either side (valley_cover), the tiles' middles flat (valley_flat_max);
//           failing that, tiles drawn touching, which show the page only where rounded corners
//           meet: a valley in few rows (valley_touch_cover), far fewer in the middles (valley_touch_flat).
//   verify (tiles): one lattice (every tile within tile_max_offset of its site, one a site, at
//           least min_side a side), tile side a steady share of the pitch, nothing of a tile's size
//           on or beside the lattice but its tiles (tiles run together, a tile broken up, another
//           game's cells), the page across nine gaps in ten (a grid's lines are not), and every site
//           without a tile showing only the page. Any doubt refuses, saying which.
//   decode: per square, the fill (sampled in its corners, which must agree), and the marks on it
//           (pixels far from the fill): a cross along both diagonals is a removed square; a mark
//           in the middle is a visited square (a number or a dot), or the knight when it is the one
//           mark that stands much taller than the others (a disc, a glyph, a piece picture); a
//           ring round the middle is the start. Plain squares: the commonest fill of each colour
//           of the checkerboard (by parity) is a free square; a fill of the page colour
//           (page_squares_removed) or of one other colour, always fewer, is a removed square.
//           A cross inside a start ring (a letter N), or a plain square of the recoloured visited
//           squares' colour (its number lost), refuses the board.
//           Tiles: a site without a tile is a removed square; the fill is sampled clear of rounded
//           corners (tile_corner_from), and a tile whose corners still disagree (small, rounded, blurred
//           into the page) again from the half of each corner's samples farthest from the page
//           (tile_corner_keep); tiles all of one colour are a board too, and so is a framed board
//           whose every seam between squares dips towards the page (tiles touching or nearly, whose
//           blurred gaps read as colour steps or grid lines). No knight (and no
//           visited square) is a board before the first jump: the tour may start anywhere, or on
//           the start ring when there is one.
// Cannot be told from the picture, and so not promised: with no grid lines (or as tiles), a whole
// outer row or column of removed squares in the page colour (the board looks one row smaller), or
// removed squares of a colour of their own outnumbering the free squares of their parity.
// Rejected: a least board area as a fraction of the image (it refused small boards in large frames,
// e.g. a 4x4 board at a 40 px pitch in 1280x720; the grid-line checks reject non-boards anyway);
// telling free from visited squares by colour alone (a style may make the visited colour
// close to one of the checker colours; the mark in the centre does not depend on colours); reading the
// visiting numbers (needs OCR, and the puzzle does not need the order: visited squares are simply
// out of play); the knight as the one filled disc (a glyph or a piece picture fills little of the
// middle; its height sets it apart from the numbers whatever it looks like); tiles before the framed
// board (every refused read and learn's climb then paid for the tiles' masks; the framed reading's
// check for shapes beside its board keeps it off tiles a blur ran together in part); the tiles'
// lattice fitted to the outline of all of them and its seams (vision/common/cell_lattice.hpp) when
// the masks cannot part them (tiles of one colour run together show no colour step at a seam, only
// a valley towards the page: the valleys are what the last path looks for); a valley counted in
// every row (a boundary next to a missing tile is the page on one side only: a chequered board whose
// light squares are the page would read as tiles with every other one missing).

#include <opencv2/core.hpp>
#include <span>
#include <vector>

#include "core/result.hpp"
#include "vision/common/debug_sink.hpp"
#include "vision/common/game_image_puzzle.hpp"
#include "vision/common/params.hpp"
#include "solvers/knight/knight.hpp"

namespace pb::vision::knight {

using solvers::knight::Cell;
using solvers::knight::Square;
using solvers::knight::State;

// Colour distances are sums of the three channels' absolute differences (0-765). Fractions of the
// pitch scale with the board. A profile overrides any of these under the node `knight` (same names).
struct Params {
  int page_distance = 60;       // farther than this from the page colour a pixel is part of a shape
  int ink_distance = 60;        // within this of the grid colour a pixel is grid ink
  int ink_luma = 24;            // ... or within this grey level of it and 3 x ink_distance (JPEG blurs colour)
  double line_coverage = 0.9;   // least fraction of a board column (row) that is ink on a grid line
  double spacing_tolerance = 0.1;  // grid line spacings differ from their median by at most this fraction
  int edge_distance = 60;       // chequered boards: a colour change across 4 px larger than this is an edge
  double edge_coverage = 0.5;   // least fraction of the board's rows (columns) with an edge at a square boundary
  double edge_window = 0.08;    // a boundary's edge is looked for this far either side, fraction of the pitch
  int min_pitch = 12;           // smallest square pitch accepted, px
  int max_side = 16;            // most squares per board side
  int min_side = 3;             // fewest squares per board side
  int mark_distance = 80;       // farther than this from a square's fill a pixel is a mark (number, disc, ring)
  double corner_from = 0.06;    // fill samples: corner patches from this ...
  double corner_to = 0.16;      // ... to this fraction of the square's side in from each corner
  double corner_keep = 1;       // corners that disagree are sampled again: of each patch, this fraction of its pixels farthest from the page colour (1: not)
  double corner_deeper = 0;     // corners that still disagree are sampled again this far in from each corner, fraction of the side (0: not)
  double removed_distance = 45; // a fill this close to the page colour is a removed square
  bool page_squares_removed = true;  // squares of the page colour are removed ones (false: a board colour)
  bool require_checkerboard = true;  // free squares alternate two colours (false: a ruled grid of one colour)
  double centre_radius = 0.2;   // marks are looked for within this radius of the centre, fraction of the side
  double clean_max = 0.03;      // at most this fraction of marked pixels there: a plain (free) square
  double mark_radius = 0.36;    // a mark's height: of the ink within this radius that reaches centre_radius, fraction of the side
  double knight_height = 0.42;  // the knight's mark is at least this tall, fraction of the side ...
  double visited_height = 0.36; // ... and every other mark at most this tall
  double mark_min_height = 0.12; // ... and at least this tall (a dot is 0.2): a shorter speck (JPEG noise) refuses the board
  double cross_from = 0.18;     // a removed square's cross is looked for along both diagonals from this
  double cross_to = 0.3;        //   to this distance from the centre, fraction of the side
  double cross_min = 0.8;       // least marked fraction of each of the four diagonal arms for a cross
  double ring_from = 0.33;      // the start ring is looked for between these radii,
  double ring_to = 0.47;        //   fractions of the side
  double ring_min = 0.75;       // least fraction of directions that cross the ring
  double ring_doubt = 0.5;      // a square crossed in more directions than this, but fewer than ring_min, refuses the
                                //   board: a faint or blurred start ring (no ring is a legal board too, so no rule tells)
  double knight_ring_doubt = 0.6;  // the same on the knight's square, whose piece reaches into the ring's band (a piece
                                   //   with no ring crossed 0.42-0.65 of the directions in the sweep, one with a blurred ring 0.67)
  double ring_band_excess = 12;  // no ring read mid-tour: a visited square whose ring band differs from its fill by more
                                 //   than this (mean colour distance) beyond the other visited squares' refuses (a blurred ring)
  // Separated tiles (each square its own shape, the page between them):
  int min_tiles = 6;            // fewest tile-like shapes of one size on a lattice for a board of tiles
  double tile_min_fill = 0.5;   // a tile's shape covers at least this fraction of its box (holes: marks in the page colour)
  double tile_size_tolerance = 0.12;  // a board's tiles differ in width and height by at most this fraction
  double tile_min_ratio = 0.7;  // least tile side / pitch (the gaps are at most 30% of the pitch)
  double tile_max_offset = 0.15;  // a tile's centre lies at most this far from its lattice site, fraction of the pitch
  double tile_corner_from = 0.11;  // fill samples start at least this far in from a tile's corner, fraction of its side
  double tile_corner_keep = 0.5;   // corner_keep for tiles: a small tile's rounded corner, blurred, blends its corner samples with the page
  double tile_corner_deeper = 0.2; // corner_deeper for tiles: a large rounded corner blurred at 0.5x reaches past tile_corner_from
  // Tiles whose narrow gaps a blur ran together (the lattice from the gaps' faint valleys):
  double valley_depth = 0.15;   // a gap's pixel is at most (1 - this) of the page distance of the tiles either side of it
  double valley_window = 0.15;  // the tiles either side are looked for this far from the gap's pixel, fraction of the pitch
  double valley_cover = 0.6;    // least fraction of the rows (columns) with tiles either side in which a boundary is a valley
  double valley_flat_max = 0.2; // most such fraction anywhere in a tile's middle (from valley_flat_from of the pitch in)
  double valley_flat_from = 0.25;  // a tile's middle starts this far in from its boundaries, fraction of the pitch
  double valley_min_rows = 0.5; // a boundary has tiles either side along at least this much of its length, fraction of the pitch
  // Tiles drawn touching (a gap of a pixel, filled by anti-aliasing): the page shows only where their
  // rounded corners meet and at the board's edge, so a boundary is a valley in few rows:
  double valley_touch_cover = 0.08;  // least fraction of the rows with tiles either side in which a boundary is a valley
  double valley_touch_flat = 0.25;   // most such fraction in a tile's middle, of the weakest boundary's
  // A framed board's seams as tiles' gaps, when a blur blended the gap with two fills unlike each other:
  double seam_mix_residual = 30;  // a seam pixel is a mix of the page and the two fills when this close to it (Euclidean, colour levels)
};

Result<Params> load_params(const cv::FileNode& node, const Params& defaults = {});
// The profile keys load_params reads, with ranges and meanings (`puzzlebot params --game knight`).
std::span<const ParamSpec<Params>> param_table();
// Params with which read() gives exactly `truth` for `bgr` (a screenshot of a look and the board it
// shows), found from `start` by changing as few keys of param_table() as it can; an error saying
// what was tried when none do. `truth` is a mid-tour State as read() returns it (closed = false).
Result<Params> learn(const cv::Mat& bgr, const State& truth, const Params& start = {});

struct Reading {
  State state;                         // closed = false: the look has no mark for closed tours
  std::vector<cv::Point2f> centres;    // per square, row-major, frame px (where to click)
  cv::Rect board;                      // the outer frame, frame px
  double pitch_x = 0, pitch_y = 0;     // px between grid lines (square boundaries)
  bool ruled = true;                   // grid lines drawn (false: a chequered board without lines, or tiles)
  bool tiles = false;                  // separated tiles (a missing tile is a removed square)
  std::vector<double> confidence;      // per square, row-major, 0..1
  cv::Size frame;

  double min_confidence() const;
  cv::Point2f centre(Cell c) const { return centres[static_cast<std::size_t>(c.row * state.cols + c.col)]; }
};

// The error is ErrorCode::kNoBoard when nothing in the image looks like a knight's board.
// `debug` (optional) receives a picture of the shape and grid lines found when no board is.
Result<Reading> read(const cv::Mat& bgr, const Params& params = {}, DebugSink* debug = nullptr);

// The reading drawn over the image: grid, removed squares crossed, visited squares dotted, knight and
// start circled, low-confidence squares red; `tour` (squares in order) as a numbered line.
cv::Mat annotate(const cv::Mat& bgr, const Reading& reading, std::span<const Cell> tour = {});

// The state solved: the board text's (solvers/knight: the replay check wants a board before the first
// move). Found by vision/common/game_image_puzzle.hpp beside the Reading.
State solver_state(const Reading& reading);

// A knight's board read from an image: GameImagePuzzle<ImageSpec> (vision/common/game_image_puzzle.hpp),
// its reading(), and the tour of its last solve() as moves(); kReaderOf<ImageSpec>, its line in the
// reader list. It is solved as its board text (FORMATS.md, solver_state above): visited squares become
// removed ones and the knight (or the start ring) the start 'N', the same problem for an open tour. So
// the tour begins on the knight's own square when the knight is already placed: a player skips that
// first square then (it is where the knight stands).
using ImageSpec = ReaderSpec<solvers::knight::Spec, &read, &annotate, &solvers::knight::Solution::tour, &load_params, &param_table, &learn>;

}  // namespace pb::vision::knight
