/* letters.hpp: the valves readers' text (node letters, the wrench counter), shared by the wheel and the diagram looks. */
#pragma once

#include <opencv2/core.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/result.hpp"
#include "vision/valves/reader.hpp"

namespace pb::vision::valves {

struct Letter {
  std::string text;  // one capital, or empty when nothing allowed was read
  float confidence = 0;
};

// `ink` (255 on the glyph, 0 elsewhere) as black on white, scaled to `height` px with a margin.
cv::Mat for_tesseract(const cv::Mat& ink, double height);

// The glyph (255 on its ink) with its slant sheared away (its ink's second moments: x drifting with
// y), on a canvas wide enough to hold it: an italic letter stands as upright as a roman one.
cv::Mat upright(const cv::Mat& ink);

// The capital of `allowed` that `ink` shows (Tesseract at a few scales and layouts until two agree),
// or an empty Letter.
Result<Letter> read_letter(const cv::Mat& ink, const std::string& allowed, const Params& p);

// I and J settled by shape; another letter read for a glyph only I, J or T could be, or an O or D the
// shape contradicts, is refused (empty).
Letter settle_narrow(Letter got, const cv::Mat& all_ink, const std::string& allowed, const Params& p);

// X and Y settled by shape: an X is alike turned a half-turn, upright, italic or serif; a Y (its
// stem below the fork) is not. An X or Y read the shape contradicts takes the shape's letter.
Letter settle_end(Letter got, const cv::Mat& all_ink, const Params& p);

struct Counter {
  int used = 0, total = 0;  // used -1: the count gives the total alone ("Wrenches: k")
};

// The "wrenches: n/k" line among the ink shapes of `fg` no taller than 2.5 r, leaving out shapes that
// touch a node's `zones` or lie wholly inside a letter's `tags`; failing that, a "Wrenches: k" line
// (used -1). Nothing when no line says either.
Result<std::optional<Counter>> read_counter(const cv::Mat& fg, const std::vector<cv::Rect>& zones,
                                            const std::vector<cv::Rect>& tags, double r);

// The board a reader found, through the solver's own parser (names, validation): each node's name and
// whether it is closed, pipes as pairs of node indices, `k` wrenches in all; X and Y are the ends.
struct NetworkNode {
  std::string name;
  bool closed = false;
};
Result<solvers::valves::State> network_state(const std::vector<NetworkNode>& nodes,
                                             const std::vector<std::pair<std::size_t, std::size_t>>& pipes, int k);

}  // namespace pb::vision::valves
