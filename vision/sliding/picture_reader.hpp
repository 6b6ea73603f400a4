/* picture_reader.hpp: reads sliding puzzles whose tiles are pieces of one picture (GNOME Taquin's "numbers" and "cats"). */
#pragma once

// GNOME Taquin scales one picture of its theme to the board, cuts it into n x n pieces with a
// one-pixel seam, and draws piece k on the site of tile k; the gap shows the plain board. Its
// "numbers" theme is such a picture too (digits in a serif italic on a transparent ground), so one
// reader serves both themes and learns the numbering from the game's own pictures:
//   detect: the board is the square hole in a frame of one colour (whatever colour: each common
//           colour of the frame is tried), its sides moved to the sharpest colour steps near them
//           (JPEG rings out from the frame's edge); its side + 1 is n tile pitches (in the game's
//           own pixels a whole number; in a scaled screenshot not);
//   decode: for each lattice size n and each picture of the theme folders, the picture is cut
//           the way the game cuts it and every site is matched to the pieces by normalised
//           correlation; the gap is a flat site (each of the few flat sites is tried, and no gap:
//           the finished picture);
//   verify: the pairing must be a permutation (piece 0 hidden by the gap, or home when there is
//           none); the one with the best worst match is the reading, when it leads every pairing
//           that reads another board by `match_margin`.
// Taquin's goal puts the gap first (top-left) and piece k on site k; the solver's goal is 1..N-1
// with the blank last (FORMATS.md). A half-turn maps one onto the other and keeps neighbours
// neighbours: screen site p is solver cell N-1-p, and piece k is solver tile N-k. The Reading is in
// solver terms, with each cell's centre where that cell is on screen.
//
// Rejected: reading the "numbers" theme with Tesseract like Fifteen: the pieces are the game's own
// picture, matching them is exact, and the same path reads the photos, which have no digits.
// Rejected: finding the lattice from the one-pixel seams: in the "numbers" theme they are the
// board's colour and invisible.

#include <functional>
#include <opencv2/core.hpp>
#include <string>
#include <vector>

#include "core/result.hpp"
#include "vision/sliding/reader.hpp"

namespace pb::vision::sliding {

// The theme pictures, decoded once (a photo is ~10 MB decoded: read them once per run, not per frame).
inline constexpr int kSmallestHalf = 64;  // px a side: the smallest halved picture kept

struct Pictures {
  std::vector<std::string> names;  // file paths, for messages
  std::vector<cv::Mat> images;     // BGRA, 8-bit
  // Each image halved again and again while at least kSmallestHalf px a side (halves[k][0] is
  // images[k] halved once): a board is scaled from the smallest that is still twice its side.
  std::vector<std::vector<cv::Mat>> halves;
};

// Every .png/.jpg under `dir` (recursively); an error when there is none.
Result<Pictures> load_pictures(const std::string& dir);

// The board in `bgr` when it is a picture board; errors start "no board found: " when there is none.
Result<Reading> read_picture_board(const cv::Mat& bgr, const Pictures& pictures, const Params& params = {});

// The same, the pictures asked of `theme` only when the image holds a framed square (decoding a
// theme costs more than finding no board); its error is returned as it is.
Result<Reading> read_picture_board(const cv::Mat& bgr, const std::function<Result<const Pictures*>()>& theme, const Params& params = {});

}  // namespace pb::vision::sliding
