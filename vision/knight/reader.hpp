/* reader.hpp: reads a knight's-tour board (size, removed squares, start, visited squares, knight) off an arena screenshot. */
#pragma once

// What the reader relies on (the arena's look, whatever its colours, widths, fonts and sizes):
//   detect: the page colour is the commonest along the image's border; the board is the largest
//           shape that differs from it (at least min_side squares of min_pitch a side: nothing is
//           assumed about the board's share of the image, a 4x4 board may sit small in a big window); its outer frame and grid lines are one colour ("ink") and
//           run the board's full height or width, so columns and rows of the board whose pixels are
//           nearly all ink are grid lines, equally spaced.
//   decode: per square, the fill (sampled in its corners) tells removed squares (page colour) from
//           board squares; the centre tells free squares (plain) from visited ones (a number or a
//           dot), a filled disc marks the knight, and a ring round the square's middle the start.
// Rejected: a least board area as a fraction of the image (it refused small boards in large frames,
// e.g. a 4x4 board at a 40 px pitch in 1280x720; the grid-line checks reject non-boards anyway);
// telling free from visited squares by colour alone (a style may make the visited colour
// close to one of the checker colours; the mark in the centre does not depend on colours); reading the
// visiting numbers (needs OCR, and the puzzle does not need the order: visited squares are simply
// out of play).

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
  double line_coverage = 0.9;   // least fraction of a board column (row) that is ink on a grid line
  double spacing_tolerance = 0.1;  // grid line spacings differ from their median by at most this fraction
  int min_pitch = 12;           // smallest square pitch accepted, px
  int max_side = 16;            // most squares per board side
  int min_side = 3;             // fewest squares per board side
  int mark_distance = 80;       // farther than this from a square's fill a pixel is a mark (number, disc, ring)
  double corner_from = 0.06;    // fill samples: corner patches from this ...
  double corner_to = 0.16;      // ... to this fraction of the square's side in from each corner
  double removed_distance = 45; // a fill this close to the page colour is a removed square
  double centre_radius = 0.2;   // marks are looked for within this radius of the centre, fraction of the side
  double clean_max = 0.03;      // at most this fraction of marked pixels there: a plain (free) square
  double disc_min = 0.75;       // at least this fraction: the knight's disc
  double ring_from = 0.33;      // the start ring is looked for between these radii,
  double ring_to = 0.47;        //   fractions of the side
  double ring_min = 0.75;       // least fraction of directions that cross the ring
};

Result<Params> load_params(const cv::FileNode& node, const Params& defaults = {});
// The profile keys load_params reads, with ranges and meanings (`puzzlebot params --game knight`).
std::span<const ParamSpec<Params>> param_table();

struct Reading {
  State state;                         // closed = false: the look has no mark for closed tours
  std::vector<cv::Point2f> centres;    // per square, row-major, frame px (where to click)
  cv::Rect board;                      // the outer frame, frame px
  double pitch_x = 0, pitch_y = 0;     // px between grid lines
  std::vector<double> confidence;      // per square, row-major, 0..1
  cv::Size frame;

  double min_confidence() const;
  cv::Point2f centre(Cell c) const { return centres[static_cast<std::size_t>(c.row * state.cols + c.col)]; }
};

// Errors start with "no board found: " when nothing in the image looks like a knight's board.
// `debug` (optional) receives a picture of the shape and grid lines found when no board is.
Result<Reading> read(const cv::Mat& bgr, const Params& params = {}, DebugSink* debug = nullptr);

// The reading drawn over the image: grid, removed squares crossed, visited squares dotted, knight and
// start circled, low-confidence squares red; `tour` (squares in order) as a numbered line.
cv::Mat annotate(const cv::Mat& bgr, const Reading& reading, std::span<const Cell> tour = {});

}  // namespace pb::vision::knight

// The knight reader's entry in the reader list and its ImagePuzzle.

namespace pb::vision::knight {

// What vision/common/game_image_puzzle.hpp needs to know of this reader.
struct ImageSpec {
  using Game = solvers::knight::Spec;
  using Params = knight::Params;
  using Reading = knight::Reading;
  using Drawn = std::vector<Cell>;
  static constexpr auto load_params = &knight::load_params;
  static constexpr auto param_table = &knight::param_table;
  static constexpr auto read = &knight::read;
  static constexpr auto annotate = &knight::annotate;
  static Drawn drawn(const solvers::Outcome& out, const solvers::knight::Solution& sol);
  // The board text's state (solvers/knight: the replay check wants a board before the first move).
  static solvers::knight::State solver_state(const Reading& reading);
};

// A board read from a screenshot. It is solved as its board text (FORMATS.md): visited squares become
// removed ones and the knight (or the start ring) the start 'N', the same problem for an open tour. So
// the tour begins on the knight's own square when the knight is already placed: a player skips that
// first square then (it is where the knight stands).
class KnightImagePuzzle final : public GameImagePuzzle<ImageSpec> {
 public:
  using GameImagePuzzle::GameImagePuzzle;
  // The tour of the last successful solve() (empty before one).
  const ImageSpec::Drawn& tour() const { return drawn(); }
};

// {"knight", read}: reads with the profile's `knight` Params (defaults without a profile).
extern const Reader kReader;

}  // namespace pb::vision::knight
