/* tile_ocr.hpp: the number on one tile, read by Tesseract from its ink (shared by Fifteen's and the numbered picture reader). */
#pragma once

#include <opencv2/core.hpp>
#include <map>
#include <string>
#include <vector>

#include "core/result.hpp"
#include "vision/sliding/reader.hpp"

namespace pb::vision::sliding {

// A tile's ink: a soft map (0 ground .. 1 ink colour) and its glyphs.
struct Ink {
  cv::Mat soft;                   // CV_32F, the tile's crop
  cv::Mat binary;                 // CV_8U 0/255, soft > 0.5
  std::vector<cv::Rect> glyphs;   // left to right, in crop coordinates
  cv::Rect all;                   // union of glyphs
  double fraction = 0;            // ink pixels / crop area
};

struct TileRead {
  int value = -1;          // -1 unread, 0 blank
  float confidence = 0;    // 0..1
  bool reread = false;
  std::string doubt;       // why it could not be read
  bool read_digits = false;  // some variant read digits, one glyph per digit, at reread_confidence or
                             // more, whatever the number (one beyond the board's too)
  std::map<int, float> alternatives;  // every value some variant read at reread_confidence or more,
                                      // one glyph per digit, with its best confidence (0..1): what
                                      // the picture allows, not a vote
};

// Reads the number in `ink` (1..cells-1, one glyph per digit): the first OCR variant if it is
// confident; otherwise (or when `thorough`) every variant, and a value is taken only when at least
// two plausible readings agree and none disagrees. Errors only when Tesseract cannot start.
Result<TileRead> read_tile(const Ink& ink, int cells, const Params& p, bool thorough);

// The game's invariant (1..cells-1 once each) settles the tiles left unread (value -1) or read on
// two tiles where the picture allows one way only: an OCR variant read the missing number, or each
// glyph is like that digit on the tiles read once each (glyph_match, glyph_margin). Otherwise the
// tiles are left as they were; each one settled adds a line to `notes`. `inks` and `reads` are
// per site, row-major with `cols` columns. `whole`: the sites round the board are plain, so it is no
// part of a larger one; only then may the one tile left open take the one number left (lone_height).
void resolve_by_invariant(std::vector<TileRead>& reads, const std::vector<Ink>& inks, int cells, const Params& p,
                          std::vector<std::string>& notes, int cols, bool whole = false);

}  // namespace pb::vision::sliding
