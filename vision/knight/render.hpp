/* render.hpp: draws knight's-tour boards the way puzzlebot-arena shows them (arena view, samples, tests). */
#pragma once

// The look: a checkerboard of light and dark squares inside crisp grid lines (every square, removed
// ones too, is framed, so the lattice reads from the lines alone); removed squares show the page
// background; visited squares are filled with their own colour and carry their visiting number (or a
// dot when the order is unknown); the start square has a ring; the knight is a disc with an "N".
//
// It lives in vision/ (like vision/onestroke/render.hpp) so the reader's tests can render any board in
// any style without linking the arena program; the arena draws its knight levels with it. It shares
// no thresholds with reader.cpp.
//
// Other looks of the same board, for the readers' look sweeps (tests/vision/knight_look_sweep_test.cpp):
// no grid lines (a plain chequered board), removed squares in a colour of their own or crossed out,
// the knight as a chess-knight silhouette (a glyph), an outlined piece, or a large letter; and boards of
// separated rounded tiles (tile_gap > 0: each square its own rounded rectangle, the page between
// them, no grid; a removed square in the page colour is a missing tile), as many mobile games draw them.
//
// Rejected: a bitmap of a chess piece for the knight (it would not scale with the square: the
// silhouette is a polygon drawn at any size); anti-aliased grid lines (blended one-pixel lines would make the grid
// colour a guess; the lines are axis-aligned, so crisp lines cost nothing in looks).

#include <cstdint>
#include <opencv2/core.hpp>
#include <optional>
#include <span>

#include "solvers/knight/knight.hpp"

namespace pb::vision::knight {

using solvers::knight::Cell;
using solvers::knight::State;

// How removed squares look: the page showing through, a colour of their own, or a cross on the board.
enum class RemovedLook { kPage, kColour, kCross };
// How the knight looks: the arena's disc with an "N", a filled silhouette (a glyph), an outlined
// silhouette (a piece picture: `letter` inside, `knight` round it), a large letter "N".
enum class KnightLook { kDisc, kGlyph, kPiece, kLetter };

// Colours BGR 0-255; lengths in px unless said otherwise.
struct RenderStyle {
  cv::Scalar background{236, 236, 236};  // the page; removed squares show it too
  cv::Scalar light{181, 217, 240};
  cv::Scalar dark{99, 136, 181};
  cv::Scalar visited{140, 200, 140};
  cv::Scalar grid{40, 40, 40};
  cv::Scalar mark{30, 30, 30};      // visiting numbers and dots
  cv::Scalar knight{40, 40, 160};   // the disc
  cv::Scalar letter{245, 245, 245}; // the "N" on the disc
  cv::Scalar ring{200, 60, 30};     // around the start square
  int grid_px = 2;                  // grid line width (0: no grid lines, a plain chequered board)
  RemovedLook removed = RemovedLook::kPage;
  cv::Scalar removed_fill{90, 90, 90};  // kColour: the removed squares' colour; kCross: the cross's
  KnightLook knight_look = KnightLook::kDisc;
  bool checkered = true;            // false: every free square `light` (a ruled grid)
  int font = 0;                     // cv::HersheyFonts value
  double max_pitch = 72;            // largest square pitch
  double margin = 0.05;             // free space around the board, fraction of the area's shorter side
  double tile_gap = 0;              // > 0: separated tiles, the page between them this fraction of the pitch wide (grid_px ignored)
  double tile_radius = 0;           // separated tiles: corner radius, fraction of the tile's side
};

// Where the board is: square (r, c) spans square(c); lines are grid_px wide at multiples of pitch
// (separated tiles: no lines, each tile inset gap_px / 2 into its pitch-wide cell).
struct RenderLayout {
  cv::Point origin;  // top-left pixel of the board's outer frame
  int pitch = 0;     // px between neighbouring grid lines
  int grid_px = 0;
  int gap_px = 0;    // separated tiles: px of page between neighbouring tiles
  int rows = 0, cols = 0;
  cv::Rect board() const { return {origin.x, origin.y, cols * pitch + grid_px, rows * pitch + grid_px}; }
  cv::Rect square(Cell c) const {
    const int lead = grid_px + gap_px / 2, side = pitch - grid_px - gap_px;
    return {origin.x + c.col * pitch + lead, origin.y + c.row * pitch + lead, side, side};
  }
  cv::Point2d centre(Cell c) const {
    const cv::Rect s = square(c);
    return {s.x + (s.width - 1) / 2.0, s.y + (s.height - 1) / 2.0};
  }
  // The square under a pixel (grid lines count for the square right/below them), if any.
  std::optional<Cell> cell_at(cv::Point2d p) const;
};

// The board centred in `area` (canvas pixels).
RenderLayout layout(const State& state, cv::Rect area, const RenderStyle& style);

// Draws the board into `canvas` within `area` (the area's background is left as it is). `tour` orders
// the visited squares (numbers 1, 2, ...); visited squares not in it get a dot.
void draw(cv::Mat& canvas, cv::Rect area, const State& state, const RenderStyle& style,
          std::span<const Cell> tour = {});

// A whole image of `size`: background, the board, and (when `caption` is set) a line of text above
// and below it like the arena's title and status line.
cv::Mat render(const State& state, const RenderStyle& style, cv::Size size, std::span<const Cell> tour = {},
               bool caption = true);

// A deterministic variety of looks (colours, line width, font, pitch) for the arena's --style and the
// tests; variant 0 is the default style. Every variant keeps the colours the look relies on apart.
RenderStyle style_variant(std::uint64_t variant);

}  // namespace pb::vision::knight
