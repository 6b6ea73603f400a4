/* reader.hpp: reads a 一笔画完 board (cells, holes, visited band, cat, end mark) off a phone screenshot. */
#pragma once

#include <opencv2/core.hpp>
#include <span>
#include <string>
#include <vector>

#include "calibration/coords.hpp"
#include "core/result.hpp"
#include "vision/common/debug_sink.hpp"
#include "vision/common/game_image_puzzle.hpp"
#include "vision/common/params.hpp"
#include "solvers/onestroke/onestroke.hpp"

namespace pb::vision::onestroke {

using solvers::onestroke::Cell;
using solvers::onestroke::Site;
using solvers::onestroke::State;

// What the reader may assume. Levels are 8-bit channel values (0-255); "chroma" is
// max(B,G,R) - min(B,G,R); "luminance" is (B+G+R)/3. Fractions of "pitch" scale with the board,
// so nothing depends on the screen's resolution. A profile overrides any of these under the node
// `onestroke` (same names).
struct Params {
  // Pixel classes.
  int neutral_max_chroma = 28;  // at most this chroma a pixel is grey or white (cell, background)
  int colour_min_chroma = 40;   // at least this chroma a pixel is coloured (band, cat)
  int dark_max_luminance = 100; // below this a pixel is dark (eyes, letterbox bars): neither cell nor background
  int min_contrast = 12;        // least luminance step between cells and background, levels
  std::string theme = "any";    // "light": cells darker than the page; "dark": lighter (dark mode);
                                // "any": light, then dark when no board is found

  // Cell candidates (connected grey regions).
  double min_cell_px = 8;        // smallest cell side accepted, px
  int min_cell_samples = 20;     // the cell mask is subsampled so a cell keeps at least this many samples per side
  int stride_probe_rows = 48;    // rows scanned to guess the cell size for that subsampling
  double max_cell_fraction = 0.3;  // largest cell side, fraction of the image's shorter side
  double max_cell_aspect = 1.3;  // longer side / shorter side of a cell's bounding box
  double min_cell_fill = 0.7;    // cell area / bounding-box area (rounded corners cost ~3%, a disc 21%)
  double max_centroid_offset = 0.04;  // most distance of a cell's centroid from its box's centre, fraction of the
                                      // side (an L of joined cells: 0.08)
  double stroke_open_fraction = 0.006;  // when no board is found otherwise, the cell mask is opened by a square of
                                        // this side, fraction of the image's shorter side (4 px on 720): a hatched or
                                        // grainy page's strokes as dark as the cells drop out (a cell is 15x wider),
                                        // and a free cell must be flat (min_pale_flat) to tell it from that page
  double max_stroke_open_fraction = 0.03;  // ... and when that finds no board, the square doubles up to this side (fraction
                                           // of the shorter side: it doubles twice): strokes wider than the first square
                                           // (a small or cropped picture's, a heavy hatch's) drop out of a larger one
  double size_tolerance = 0.15;  // cells of one board differ in side by at most this fraction

  // Lattice.
  double min_cell_ratio = 0.75;  // least cell side / pitch (game: gaps of 10-15% -> 0.85-0.90)
  double min_dot_ratio = 0.3;    // least side / pitch of cells drawn as dots (a lattice voted from their gaps)
  double max_dot_fill = 0.85;    // dots are round: they fill at most this of their box (a disc 0.785)
  int min_dots = 4;              // free dots needed on their lattice (two round specks are no board)
  double max_cell_ratio = 0.97;  // most cell side / pitch (small blurred cells measure ~0.95; a chessboard 1.0)
  double max_offset = 0.2;       // largest distance of a cell's centre from its lattice site, pitches
  double min_aligned = 0.7;      // least fraction of cell candidates that sit on the lattice
  int min_free_cells = 2;        // grey cells needed to fit a lattice
  double max_pitch_spread = 0.06;  // square lattice: most difference of the columns' and the rows' pitch, fraction
                                   // of the larger
  bool square_lattice = true;    // one pitch for both axes (the game's lattice is square; false for a
                                 // frame scaled anisotropically)
  int max_side = 12;             // most sites per board side (the game goes to 9 x 8)
  // Grid lines: thin lines between the cells instead of gaps join the cells' grey regions; the
  // lattice is then read from the lines' period when no separate squares make one.
  double min_line_correlation = 0.3;   // least autocorrelation of the luminance steps at the pitch
  double max_line_centre_ratio = 0.25; // most steps inside the cells (a fifth of a pitch or more from a line) / at the lines
  double max_line_pitch_spread = 0.04; // most difference of an axis's line spacing from the common pitch, fraction of it
  double max_line_ratio = 0.12;        // widest line, fraction of the pitch (wider: gaps, not lines)

  // Site classification, on a grid of samples inside each site's cell.
  double inner_fraction = 0.6;   // side of the sampled square, fraction of the cell side
  int samples_per_side = 16;     // samples per axis at most (enough for the fractions below)
  double min_free_fraction = 0.35;   // grey samples that make a free cell
  double max_grey_spread = 0.25; // free cells (and holes) differ from the free cells' (the page's) grey by at
                                 // most this fraction of the cell-page contrast, else the board is refused
  double max_unlinked_grey_spread = 0.5;  // ... but a cell off by at most this fraction of the contrast, linked by no
                                          // joint to a neighbour and not next to the cat, is free (JPEG on faint cells)
  int max_page_spread = 3;       // a hole's grey differs from the page's by at most this, levels (the page is flat)
  double min_fill_share = 0.1;   // a cell's fill (its tone) is a level holding at least this share of its grey samples
                                 // within max_page_spread, of such the nearest the board's commonest: digits drawn
                                 // in a grey of their own on a numbered cell are not its tone
  double max_hole_grey = 0.1;    // most grey samples in a hole (a numbered cell is not a hole)
  double min_page_texture = 2;   // a hatched or grainy page: least spread (standard deviation of luminance, levels)
                                 // of the sites round the board that makes the page textured; a site that is no
                                 // cell and is as textured, of their mean (within max_grey_spread) passes for page
                                 // (flat pages and visited cells spread under 1 level, through JPEG too)
  int max_tint_spread = 9;       // ... and from their tint by at most this, |dB|+|dG|+|dR| after taking out the
                                 // grey level (a pale band is not a free cell)
  double min_pale_flat = 0.85;   // a pale site (one flat tone that is no cell's grey, no colour and not the page's: a
                                 // band of chroma between the limits, a grey lighter than the split) has at least
                                 // this share of its samples within max_page_spread of their median (the rest: the
                                 // cat's tail reaching in, JPEG); it is read only as one of grey_band's two tones
  double max_upper_dark_share = 0.01;  // the pass above the darkest grey (the first split found no square) reads a
                                       // board with no grey band only when at most this share of the board's box is
                                       // that darkest grey (neutral, under the first split): pale cells or dots with the
                                       // darkest grey elsewhere (the chrome's text), not cells between dark grid lines
  int min_band_tone_step = 10;   // visited cells in a grey of their own (linked into a path to the cat by the
                                 // band's joints): least difference from the free cells' tone, levels
                                 // (|dL| + tint distance)
  double min_coloured_fraction = 0.15;  // coloured samples that make a band cell or the cat
  int cat_colour_distance = 90;  // |dB|+|dG|+|dR| beyond which a coloured sample is not band colour
  double min_cat_score = 0.2;    // least fraction of non-band samples (face, eyes, cat colour) on the cat
  double cat_outlier_ratio = 4;  // a coloured site scoring this many times any other is the cat even below
                                 // min_cat_score (down to min_cat_score / this): a face filling its cell
  // The end cell (levels that fix where the path stops): a free cell carrying a coloured mark (a flag,
  // a tinted letter), told by being the one such cell.
  double min_end_mark = 0.08;    // least fraction of coloured samples on a free cell that makes it the end
  double end_outlier_ratio = 4;  // ... and at least this many times any other free cell's fraction, else the
                                 // board is refused (which cell is the end would be a guess)
  double end_mark_edge_margin = 0.5;  // a mark counts only away from a coloured neighbour (the cat's ears or
                                 // tail, JPEG's or blur's bleed reach over the cell's edge): the samples this
                                 // fraction of the cell nearest each coloured neighbour are left out

  // A board cut by the frame's edge is refused (vision/common/clipping.hpp).
  double clip_min_stroke = 0.125;  // ink thinner than this, fraction of the pitch, is no cut row (a hatched page's
                                   // strokes, specks); a cut row that shallow leaves the board within min_gap
                                   // (0.25 pitch) of the edge, refused as cut by that

  // The look of browser games (marked_reader.hpp): touching cells, the start and end as cells of their
  // own tint or letter, walls as dark cells. Colours are CIE Lab (lab.hpp), distances delta E.
  int marked_page_distance = 24;        // L1 from the page's colour beyond which a pixel is part of a board, levels
  double marked_min_seam_contrast = 2;  // least weakest seam / median colour step for a lattice (cell_lattice.hpp)
  double marked_middle_rank = 0.25;     // the cells' middle lines a seam is weighed against: this rank of them (0 the
                                        // flattest; the median was a letter's line on boards 4 cells high)
  double marked_max_seam_contrast = 8;  // a lattice's score above this counts as this: a lattice of every third cell
                                        // (its seams the boldest colour changes, its middles flat) outscored the true
                                        // one, whose seams show only at corner notches, on a flat PNG
  double marked_class_distance = 12;    // cells whose colours are this close are of one class, delta E
  double marked_hole_distance = 5;      // a cell this close to the page's colour is a hole (no cell), delta E
  double marked_lone_wall_ratio = 0.6;  // a lone dark cell is a wall when its L is under this fraction of the free cells'
  double marked_wall_step = 25;         // a class this much darker (L) than the page and the free cells is walls
  double marked_seam_inset = 0.15;      // a seam pixel is gap when nearer the page than the cells' own pixels this far
                                        // (fraction of the pitch) in from the seam on either side (a marker tinted near
                                        // the page is its own colour up to its seam)
  double marked_ink_distance = 25;      // a sample this far from its cell's colour is ink (a letter, a mark), delta E
  double marked_faint_ink_distance = 15;  // of two markers, one lettered: the other's samples this far from its colour are
                                         // ink too (a letter in a tint near its cell's), delta E
  double marked_min_ink = 0.03;         // ink fraction of a cell's samples that makes a letter (more on a free cell:
                                        // something drawn there that this look does not have: refused)
  double marked_min_letter_step = 0.25; // tints alike: S and G told by their half-turn symmetry (overlap 0-1), least difference
  double marked_min_hue_step = 8;       // least difference of the two markers' a* (green-red axis): the greener is the start
};

// Reads Params from a FileNode (missing keys keep `defaults`); errors name the bad key.
Result<Params> load_params(const cv::FileNode& node, const Params& defaults = {});
// The profile keys load_params reads, with ranges and meanings (`puzzlebot params --game onestroke`).
std::span<const ParamSpec<Params>> param_table();
// Params with which read() reads `truth` exactly off `bgr` (a screenshot of a new skin and its true
// board), searched from `start` over the Params a look decides; an error saying why when none do.
// `puzzlebot learn` saves the keys that differ from the defaults as a profile.
Result<Params> learn(const cv::Mat& bgr, const State& truth, const Params& start = {});

// The lattice in frame pixels: site (row, col) of the board read is centred at
// origin + (col * pitch_x, row * pitch_y).
struct Lattice {
  double pitch_x = 0, pitch_y = 0;  // px between neighbouring site centres
  cv::Point2d origin;               // centre of site (0, 0), px
  cv::Size2d cell;                  // a cell's size, px
  cv::Point2d centre(Cell c) const { return {origin.x + c.col * pitch_x, origin.y + c.row * pitch_y}; }
  cv::Rect2d cell_rect(Cell c) const {
    const cv::Point2d m = centre(c);
    return {m.x - cell.width / 2, m.y - cell.height / 2, cell.width, cell.height};
  }
};

struct Reading {
  State state;
  Lattice lattice;
  cv::Size frame;                  // size of the image read, px
  cv::Rect board;                  // bounding box of the board's cells, px
  std::vector<double> confidence;  // per site, row-major like state.sites, 0..1
  std::vector<cv::Rect> cells;     // per site: the cell's rectangle in frame px (holes too)
  double cell_contrast = 0;        // luminance between background and cells, levels
  double page_texture = 0;         // spread of the page's luminance round the board, levels (a hatched or grainy
                                   // page min_page_texture and more, a flat one under 1)

  double min_confidence() const;
  // Where to touch a cell: its centre, as a point of this frame (the play loop drags through these).
  calibration::FramePoint cell_centre(Cell c) const;
};

// Detect the board (grey cells -> lattice -> sites), then decode every site. Errors start with
// "no board found: " when nothing on the image looks like a board.
// `debug` (optional) receives a picture of the grey squares and lattice found when no board is.
Result<Reading> read(const cv::Mat& bgr, const Params& params = {}, DebugSink* debug = nullptr);

// How read() went, pass by pass: the cat's look light, again above the darkest grey, with the cell mask
// opened (and that above the darkest grey), the same on the negative (dark mode), then the touching
// cells' look. An image refused after several passes is refused with the reason of the pass that got
// furthest (Reader stages: 0 nothing, 1 page and cells told apart, 2 cells, 3 lattice, 4 board, 5 cat;
// of passes that got as far, the earlier: the later ones are for looks the earlier do not read), or
// the touching cells' reason when its lattice was fitted and no pass of the cat's look found one. The
// first pass's reason was given before, "no grey squares" where a later pass had found the board and
// what on it was ambiguous. For diagnostics and tests.
struct ReadTrace {
  struct Pass {
    std::string name;  // which pass: "light", "light, above the darkest grey", "light, opened", ...
    int stage = 0;     // how far it got (for the touching cells' look: 3 when a lattice was fitted, else 0)
    bool read = false; // it read a board
    Error error;       // why not, when it did not
  };
  std::vector<Pass> passes;
  int refusal = -1;  // the pass whose Error read() returned when it refused (-1: none, or refused on
                     // settling two readings, or the frame's edge cutting the board)
};
// read() that also records its passes in `trace`.
Result<Reading> read_traced(const cv::Mat& bgr, const Params& params, ReadTrace& trace, DebugSink* debug = nullptr);

// Draws what was read over `bgr`: the lattice (free cells green, holes grey, visited blue, low
// confidence red), the start (a ring and S), the end cell if the board has one (a square and E), and
// `path` (cells in order, from the head) as a numbered line.
cv::Mat annotate(const cv::Mat& bgr, const Reading& reading, std::span<const Cell> path = {});

// A one-stroke board read from an image: GameImagePuzzle<ImageSpec> (vision/common/game_image_puzzle.hpp),
// its reading() (the lattice in frame pixels, for the play loop), and the path of its last solve(), head
// first, as moves(); kReaderOf<ImageSpec>, its line in the reader list.
using ImageSpec = ReaderSpec<solvers::onestroke::Spec, &read, &annotate, &solvers::onestroke::Solution::path, &load_params, &param_table, &learn>;

}  // namespace pb::vision::onestroke
