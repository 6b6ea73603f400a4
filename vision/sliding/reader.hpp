/* reader.hpp: reads sliding tiles off a window or screenshot: Simon Tatham's Fifteen (any W x H) here, GNOME Taquin's picture boards through picture_reader.hpp, GCompris's numbered pictures through numbered_reader.hpp. */
#pragma once

// Fifteen draws each tile as a square of the background colour framed by a bevel (highlight top
// and left, lowlight bottom and right) with its number centred in the text colour; the blank is
// plain background. So, whatever the colours (FIFTEEN_COLOUR_0..3) and tile size:
//   detect: the background colour is the commonest; tile faces are the square, equal-sized,
//           background-coloured regions enclosed by bevels; their centres give the lattice (faces
//           cut apart by their digits are sites with no face, read when the board decodes).
//   decode: each face's ink is binarised against the background, scaled to a fixed height and read
//           by Tesseract (digits only); doubtful or inconsistent tiles are re-read with other
//           preprocessing; a tile still unread or read twice takes the number no other tile carries
//           only where its own readings or glyphs say so and no other way fits; a board that is not
//           a permutation of 0..N-1 is refused, never patched.

#include <opencv2/core.hpp>
#include <span>
#include <string>
#include <vector>

#include "core/result.hpp"
#include "vision/common/debug_sink.hpp"
#include "vision/common/game_image_puzzle.hpp"
#include "vision/common/params.hpp"
#include "solvers/sliding/sliding.hpp"

namespace pb::vision::sliding {

using solvers::sliding::State;

// What the reader may assume. Colour distances are the largest per-channel difference, 0-255 levels.
// A profile overrides any of these under the node `sliding` (same names).
struct Params {
  // Detection.
  int background_tolerance = 14;   // within this distance a pixel is background, levels (bevels of one
                                   // px are anti-aliased to half their contrast: keep this low)
  int smear_tolerance = 24;        // when no board is found at background_tolerance (nor flat tiles),
                                   // read() seeks faces again within this distance of the background,
                                   // and takes them if they decode: JPEG's chroma smear round coloured
                                   // digits cuts faces apart, levels (0: not)
  double cut_face_fraction = 0.5; // when no board is found otherwise (nor at smear_tolerance), up to this
                                   // fraction of a board's tiles may show no face, cut apart by digits that
                                   // reach across it; taken only if it decodes and the sites round the
                                   // board are plain (0: not)
  int faint_tolerance = 10;        // ... and then within this distance of the background: a lowlight bevel a
                                   // few levels from the faces' colour (dark looks) opens every face to the
                                   // page at background_tolerance, levels (0: not)
  int seal_px = 1;                 // background is shrunk by this much before faces are separated, so
                                   // faint one-pixel bevels still close each face off, px
  int background_candidates = 3;   // commonest colours tried as the background, in order
  int min_tile_px = 14;            // smallest tile face side accepted, px
  double max_tile_aspect = 1.15;   // longer / shorter side of a tile face's bounding box
  double min_tile_fill = 0.55;     // face area / bounding-box area, the digits' holes in it filled (digits touching its edge cut it)
  double size_tolerance = 0.12;    // faces of one board differ in side by at most this fraction
  double lattice_tolerance = 0.15; // largest distance of a face's centre from its lattice site, pitches
  double min_face_ratio = 0.75;    // least face side / pitch (the game: 0.9)
  int max_side = 32;               // most tiles per board side (the solver's limit)
  double max_blank_ink = 0.01;     // most ink on the blank site, fraction of its area
  double max_blank_stddev = 6;     // a site with no digits that is plain (colours varying by at most this,
                                   // levels) is the blank even when inked all over: flat tiles of their own
                                   // colour leave the page showing there

  // Decoding.
  int ocr_height_px = 32;          // digits are scaled to this height before OCR, px
  int min_confidence = 80;         // Tesseract per-digit confidence (0-100) accepted at first reading
  int reread_confidence = 60;      // least confidence a re-read must reach (and agree on) to be used
  double min_glyph_px = 3;         // ink blobs shorter than this are specks, not digit parts, px
  double cut_glyph_slack = 0.15;   // a blob cut by a face crop's left or right edge whose top and bottom lie within
                                   // this fraction of a digit's height of a digit's on the tile is a digit the crop
                                   // cut: the crop is widened on that side up to the site's edge; 0: not
  int luminance_contrast = 24;     // a tile the colours leave unread is read again from its luminance alone when the
                                   // ink's and the faces' luminance differ by at least this: JPEG keeps luminance at
                                   // full resolution and halves colour's, so small digits differing in hue smear, levels
                                   // (0: not)
  // A tile left unread, or read as another tile's number, takes a number no other tile carries
  // only when its picture supports it: an OCR variant read it so, or each glyph is at least
  // glyph_match like that digit on the other tiles (shared ink / ink of either, 0..1) and leads its
  // likeness to any other digit by glyph_margin. A glyph more like another digit by glyph_margin
  // (and at least glyph_match, or glyph_twin when no other tile shows its own digit) rules it out.
  double glyph_match = 0.8;
  double glyph_margin = 0.15;
  double glyph_twin = 0.88;
  int glyph_shift_px = 2;          // glyphs are compared at offsets of up to this either way, px
  // The one tile left open, its picture naming no number, takes the one number left only when that
  // number's digits are on no other tile and its glyphs are digits: one per digit, as tall as the
  // board's within lone_height (a fraction; 0: not), each less than glyph_match like every digit
  // another tile shows.
  double lone_height = 0.2;

  // Picture boards (picture_reader.hpp: GNOME Taquin), looked for before Fifteen's tiles.
  std::string picture_dir = "/usr/share/gnome-taquin/themes";  // the pictures, searched recursively
  double min_frame_ring = 0.9;     // least fraction of the ring just outside the board in the frame's colour
  double min_board_fill = 0.6;     // least fraction of the board square not in the frame's colour
  int match_px = 24;               // sites and pieces are compared at this side, px
  double max_match_fraction = 0.6; // ... or at this fraction of a site's side when smaller (a small site's
                                   // finest detail is blur and JPEG ringing)
  double min_match = 0.8;          // least normalised correlation of a site with its piece (0..1)
  double max_gap_stddev = 3.0;     // the gap (plain board) varies at most this much, grey levels
  double edge_reach = 0.02;        // the board's sides are sought this far either side of its outline's (JPEG rings), fraction of its side
  double site_margin = 0.05;       // each site's edge left out of the comparison (seams, blur, JPEG ringing), pitches
  int gap_candidates = 3;          // most plain sites, each tried as the gap (more: a lattice too fine, or a picture too plain)
  double match_margin = 0.05;      // least lead of the best pairing's worst match over one that reads another board
  double pairing_margin = 0.05;    // least lead of the best pairing's summed likeness over any other pairing of the
                                   // same lattice and picture (sites paired with pieces as a whole: the most summed likeness)

  // Numbered picture boards (numbered_reader.hpp: GCompris), looked for when Fifteen's tiles are not found.
  int flat_range = 4;              // most a pixel of the empty cell's 3x3 neighbourhood varies, levels
  int frame_tolerance = 24;        // within this distance of the empty cell's or the frame's colour a pixel is
                                   // theirs (the cell's sides, the frame's bands and ring): JPEG rings their edges, levels
  int text_candidates = 8;         // commonest colours at the tiles' centres tried as the numbers' colour
  int text_tolerance = 40;         // within this distance of the text colour a pixel is a digit's, levels
  double min_glyph_height = 0.1;   // least digit height, pitches
  double max_glyph_height = 0.5;   // most digit height, pitches
  double max_glyph_offset = 0.3;   // most a digit's centre lies from its tile's centre, pitches
};

// Reads Params from a profile node (missing keys keep `defaults`); errors name the bad key.
Result<Params> load_params(const cv::FileNode& node, const Params& defaults = {});
// The profile keys load_params reads, with ranges and meanings (`puzzlebot params --game sliding`).
std::span<const ParamSpec<Params>> param_table();
// Params with which read() reads `truth` from `bgr` exactly, searched from `start` (`puzzlebot learn`);
// the error is ErrorCode::kNoBoard when none is found.
Result<Params> learn(const cv::Mat& bgr, const State& truth, const Params& start = {});

// Where the tiles are: site (row, col) is centred at origin + (col, row) * pitch, frame pixels.
struct Lattice {
  int rows = 0;
  int cols = 0;
  cv::Point2f origin;
  float pitch = 0;
  float face = 0;                 // side of a tile face (inside the bevel), px
  cv::Rect board;                 // the tiles' outer bounds, px
  cv::Vec3b background;           // BGR
  std::vector<int> blank_sites;   // sites with no tile face (row-major indices)

  cv::Point2f centre(int row, int col) const { return origin + cv::Point2f(col * pitch, row * pitch); }
  cv::Rect face_rect(int row, int col) const;
};

struct Reading {
  State state;
  std::vector<cv::Point2f> centres;  // per cell, row-major, frame px
  std::vector<float> confidence;     // per cell, 0..1 (the blank: how empty it is)
  cv::Rect board;                    // the tiles' outer bounds, frame px
  Lattice lattice;
  std::vector<std::string> notes;    // tiles that needed a re-read, for --annotate and logs
  bool half_turn = false;            // a picture board (GNOME Taquin): the screen is the board turned a
                                     // half-turn, and the player sees solver tile t as cells - t + 1

  float min_confidence() const;
};

// The lattice of tile faces. The error is ErrorCode::kNoBoard when nothing looks like Fifteen.
// `debug` (optional) receives a picture of the square areas found when no board is.
Result<Lattice> detect(const cv::Mat& bgr, const Params& params = {}, DebugSink* debug = nullptr);
// The numbers on the faces; fails rather than return anything but a permutation of 0..N-1.
Result<Reading> decode(const cv::Mat& bgr, const Lattice& lattice, const Params& params = {});
// A picture board (GNOME Taquin, picture_reader.hpp, with the pictures under picture_dir) when
// there is one, else detect() then decode(), else a numbered picture board (numbered_reader.hpp); OpenCV exceptions are turned into errors. `debug`, when
// given, is shown what was found when no board is.
Result<Reading> read(const cv::Mat& bgr, const Params& params = {}, DebugSink* debug = nullptr);

// The text of the status line under the board in a whole-window grab ("Moves: 12",
// "COMPLETED! Moves: 40"), read by Tesseract. Errors when there is no text under the board.
Result<std::string> read_status_line(const cv::Mat& bgr);

// The number the player sees on solver tile `tile`: Fifteen's own; on a Taquin board, its label
// (piece k shows k + 1: cells - tile + 1).
int shown_number(const Reading& reading, int tile);
// `moves` (solver tiles in order) in the game's own terms: the numbers the player sees and the
// directions the tiles slide on screen ("5 up, 8 left").
std::string moves_as_shown(const Reading& reading, const std::vector<int>& moves);
// The answer `solve` prints, where the game names moves otherwise than the solver: on a Taquin
// board moves_as_shown(); empty for Fifteen (the solver's text is already the game's).
// (Found by vision/common/game_image_puzzle.hpp beside the Reading.)
std::string game_moves_text(const Reading& reading, const std::vector<int>& moves);

// Draws what was read over `bgr`: the lattice, each tile's number as the game shows it (doubtful in
// red, with its confidence), and, when given, `moves` (solver tiles in order): on each tile the steps
// at which it moves, an arrow for the first move, and below the picture a numbered strip of the moves
// in the game's terms (the picture grows by the strip's height).
cv::Mat draw_reading(const cv::Mat& bgr, const Reading& reading, const std::vector<int>& moves = {});

// A Fifteen board read from an image: GameImagePuzzle<ImageSpec> (vision/common/game_image_puzzle.hpp),
// its reading() (the lattice in frame pixels, for the play loop), and the tiles its last solve() moves, in
// order, as moves(); kReaderOf<ImageSpec>, its line in the reader list.
using ImageSpec = ReaderSpec<solvers::sliding::Spec, &read, &draw_reading, &solvers::sliding::Solution::moves, &load_params, &param_table, &learn,
                             ReadsText::kYes>;  // Tesseract (extra.cmake links pb_vision_ocr)

}  // namespace pb::vision::sliding
