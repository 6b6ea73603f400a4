/* render.hpp: draws 一笔画完 screenshots of a board (the project's own samples and test inputs). */
#pragma once

// The renderer imitates the real game's look (near-white screen, grey rounded cells on a lattice,
// a blocky cat on the path head, a coloured band through visited cells, chrome around the board)
// so that the reader can be tested on any board, size and degradation without copying anyone's
// screenshots. It is deliberately independent of reader.cpp: it shares no thresholds with it.
//
// Rejected: rendering CJK text (cv::putText has only Hershey fonts; a FreeType dependency for a
// title the reader never looks at is not worth it): the title is Latin ("Level 643").

#include <cstdint>
#include <opencv2/core.hpp>
#include <span>
#include <vector>

#include "solvers/onestroke/onestroke.hpp"

namespace pb::vision::onestroke {

using solvers::onestroke::Cell;
using solvers::onestroke::State;

// Colours are BGR, 0-255. Lengths are fractions of the lattice pitch unless said otherwise.
struct RenderStyle {
  int width = 1080;   // screen width, px
  int height = 1920;  // screen height, px
  cv::Scalar background{249, 249, 249};
  cv::Scalar cell{209, 209, 209};
  cv::Scalar cat{152, 174, 216};   // the sprite's body (tan); the face is white
  cv::Scalar band{226, 196, 64};   // visited cells (cyan)
  double gap = 0.12;               // gap between neighbouring cells, fraction of pitch (game: 0.10-0.15)
  double corner = 0.14;            // cell corner radius, fraction of pitch
  double board_width = 0.83;       // widest board (cols * pitch), fraction of the screen width
  double board_height = 0.48;      // tallest board (rows * pitch), fraction of the screen height
  double max_pitch = 0.16;         // largest pitch, fraction of the screen width (small boards)
  double board_centre_y = 0.49;    // board centre, fraction of the screen height
  double jitter = 0.0;             // random cell displacement, fraction of pitch (0.02 is plenty)
  int colour_jitter = 0;           // random change of each colour per cell, levels
  bool chrome = true;              // title bar, buttons, coin counter; false: the board alone
  // Other skins of the game (the defaults draw the look above).
  bool cat_face = false;           // the start as a cat face filling its cell (no ears or tail outside it)
  bool numbers = false;            // the classic skin: free cells numbered 1.. row-major
  cv::Scalar number_colour{150, 150, 150};
  int font = 0;                    // cv::HersheyFonts of the numbers (0: FONT_HERSHEY_SIMPLEX)
  double number_height = 0.36;     // digit height, fraction of the cell side
  double grid_line = 0;            // > 0: lines of this width (fraction of pitch) between cells, no gaps
  cv::Scalar grid_colour{120, 120, 120};
  double outline = 0;              // > 0: a rim of this width (fraction of pitch) round every cell
  cv::Scalar outline_colour{180, 180, 180};
  // A page that is not flat (paper or fabric themes): the cells and chrome are drawn over it, flat.
  double hatch = 0;                // > 0: diagonal lines across the page every `hatch` px
  double hatch_width = 1;          // their width, px
  cv::Scalar hatch_colour{225, 225, 225};
  double page_noise = 0;           // > 0: grain of this standard deviation (levels) on the page
  // The end cell of a level that fixes one (State::end): a pennant flag planted on the free cell.
  cv::Scalar end_flag{60, 60, 225};  // the pennant (red)
  cv::Scalar end_pole{80, 80, 80};   // the pole (dark grey)
  int level = 643;                 // the number in the title
  std::uint64_t seed = 1;          // for the jitter and the chrome's small variations
};

// Where the renderer put the lattice, in screen pixels (tests compare the reader's geometry to it).
struct RenderLayout {
  double pitch = 0;            // px between neighbouring site centres
  cv::Point2d origin;          // centre of site (0, 0), px
  double cell = 0;             // cell side, px
  cv::Rect board;              // bounding box of all sites' cells, px
  cv::Point2d centre(Cell c) const { return {origin.x + c.col * pitch, origin.y + c.row * pitch}; }
};

RenderLayout layout(const State& state, const RenderStyle& style);

// The screenshot. `band_path` orders the visited cells from the start to the head; when empty,
// an order is searched for (any Hamiltonian path over the visited cells ending at the head).
cv::Mat render(const State& state, const RenderStyle& style, std::span<const Cell> band_path = {});

// Degradations applied to a rendered screenshot, as the tool and the tests use them.
cv::Mat jpeg_roundtrip(const cv::Mat& bgr, int quality);                 // quality 1-100
cv::Mat gaussian_blur(const cv::Mat& bgr, double sigma_px);              // sigma in px, 0: none
cv::Mat letterbox(const cv::Mat& bgr, cv::Size frame);                   // centred on black
cv::Mat crop_board(const cv::Mat& bgr, const RenderLayout& layout, double margin);  // margin: pitches

// A random solvable board: a self-avoiding walk over a rows x cols grid (cells it did not reach
// are holes), its first cell the start. With visited > 0 the first `visited` cells of the walk are
// marked visited and the head is the last of them (a mid-level screenshot). `walk` (optional)
// receives the walk, start first.
State random_board(int rows, int cols, int visited, std::uint64_t seed, std::vector<Cell>* walk = nullptr);

// Images that are not one-stroke boards, for rejection tests: a flat screen, noise, a photo-like
// picture, a grey-and-white chessboard (the game's own two greys, no gaps), a sudoku-like grid
// and a 2048-like board of rounded tiles.
enum class Negative { kBlank, kNoise, kPhoto, kChess, kGrid, kTiles };
cv::Mat render_negative(Negative kind, cv::Size size, std::uint64_t seed);

// The colour palettes the game uses for the cat and the band (BGR).
std::span<const cv::Scalar> cat_palette();
std::span<const cv::Scalar> band_palette();

}  // namespace pb::vision::onestroke
