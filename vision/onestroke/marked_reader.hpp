/* marked_reader.hpp: the one-stroke look of browser games: cells that touch, start and end as tinted or lettered cells, walls as dark cells. */
#pragma once

#include <opencv2/core.hpp>

#include "core/result.hpp"
#include "vision/onestroke/reader.hpp"

namespace pb::vision::onestroke {

// Reads a board at its level's start in the look of third-party HTML5 one-stroke games: square cells
// that touch (hairlines or notches at the corners between them) or stand apart, the start a cell of
// its own tint (pale green, often with an "S"), the end another (pale red, often with a "G"), walls
// filled dark (the same as no cell), holes of the page's colour. Detect (vision/common/cell_lattice.hpp)
// -> decode (cells grouped by colour in Lab; classes of several cells are the free cells and, much
// darker than both page and free cells, the walls; each of at most two lone cells is a marker: the
// greener is the start, the other the end; when their tints are alike, S is the letter that looks
// the same turned half a turn and G the one that does not) -> verify (the cells touch: no page in
// the seams; one start, at most one end; every site of the lattice in one class; nothing drawn on
// a free cell). Errors (kNoBoard) say what was ambiguous. read() calls it when the cat reader finds
// no board, or one whose visited cells do not link to its head, so every look the cat reader reads
// keeps its reading. `fitted` (optional) is set to whether a lattice was fitted to an outline (a refusal
// then comes from decoding or verifying its cells, and gives the reason of the first such outline).
Result<Reading> read_marked(const cv::Mat& bgr, const Params& params, bool* fitted = nullptr);

}  // namespace pb::vision::onestroke
