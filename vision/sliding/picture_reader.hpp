/* picture_reader.hpp: reads sliding puzzles whose tiles are pieces of one picture (GNOME Taquin's "numbers" and "cats"). */
#pragma once

// GNOME Taquin scales one picture of its theme to the board, cuts it into n x n pieces with a
// one-pixel seam, and draws piece k on the site of tile k; the gap shows the plain board. Its
// "numbers" theme is such a picture too (digits in a serif italic on a transparent ground), so one
// reader serves both themes and learns the numbering from the game's own pictures:
//   detect: the board is the square hole in a frame of one colour (whatever colour: each common
//           colour of the frame is tried); its side + 1 is a multiple of the tile pitch;
//   decode: for each lattice size n that divides it and each picture of the theme folders, the
//           picture is cut the way the game cuts it and every site is matched to the pieces by
//           normalised correlation; the gap is the one flat site (the outlier by texture); the
//           pairing that is a permutation with the best worst match is the reading.
// Taquin's goal puts the gap first (top-left) and piece k on site k; the solver's goal is 1..N-1
// with the blank last (FORMATS.md). A half-turn maps one onto the other and keeps neighbours
// neighbours: screen site p is solver cell N-1-p, and piece k is solver tile N-k. The Reading is in
// solver terms, with each cell's centre where that cell is on screen.
//
// Rejected: reading the "numbers" theme with Tesseract like Fifteen: the pieces are the game's own
// picture, matching them is exact, and the same path reads the photos, which have no digits.
// Rejected: finding the lattice from the one-pixel seams: in the "numbers" theme they are the
// board's colour and invisible.

#include <opencv2/core.hpp>
#include <string>
#include <vector>

#include "core/result.hpp"
#include "vision/sliding/reader.hpp"

namespace pb::vision::sliding {

// The theme pictures, decoded once (a photo is ~10 MB decoded: read them once per run, not per frame).
struct Pictures {
  std::vector<std::string> names;  // file paths, for messages
  std::vector<cv::Mat> images;     // BGRA, 8-bit
};

// Every .png/.jpg under `dir` (recursively); an error when there is none.
Result<Pictures> load_pictures(const std::string& dir);

// The board in `bgr` when it is a picture board; errors start "no board found: " when there is none.
Result<Reading> read_picture_board(const cv::Mat& bgr, const Pictures& pictures, const Params& params = {});

}  // namespace pb::vision::sliding
