/* disc_lattice.hpp: a square lattice fitted to element centres: the pitch and the origin by clustering, every element on one lattice. */
#pragma once

// The structure fitter for boards of separate elements on a square lattice (pegs' discs; tiles
// apart). Unlike lattice.hpp's helpers (the median neighbour gap, the top-left centre as origin) it
// votes: the pitch is the densest cluster of gaps between row or column neighbours (a board with
// outside sites has gaps of 2 and 3 pitches too), the origin the circular mean of the centres'
// phases modulo the pitch (no one element sets it), refined by least squares over the elements on
// the lattice; then the largest group of elements linked as neighbours is the board.

#include <cstddef>
#include <opencv2/core.hpp>
#include <utility>
#include <vector>

#include "core/result.hpp"

namespace pb::vision {

struct LatticeFitParams {
  double tolerance = 0.15;      // largest distance of an element's centre from its site, pitches
  double gap_cluster = 0.08;    // gaps within this fraction of each other vote for one pitch
  int max_side = 64;            // most sites a side
  int max_link_steps = 2;       // neighbours may be up to this many sites apart in a row or column (outside sites between)
};

struct SquareLattice {
  float pitch = 0;                          // px
  cv::Point2f origin;                       // centre of site (0, 0), px
  int rows = 0, cols = 0;
  std::vector<std::size_t> members;         // indices of the centres on the lattice (the board), ascending
  std::vector<std::pair<int, int>> sites;   // (row, col) per member
  std::vector<float> offsets;               // per member: distance from its site, pitches
  std::vector<std::size_t> strays;          // centres off the lattice, not linked to the board, or second on a site

  cv::Point2f centre(int row, int col) const { return origin + cv::Point2f(static_cast<float>(col) * pitch, static_cast<float>(row) * pitch); }
};

// The densest cluster of gaps between row or column neighbours, px (0 when no two centres are
// neighbours). `slack[i]` is how far element i's neighbours may lie off its row or column, px.
float cluster_pitch(const std::vector<cv::Point2f>& centres, const std::vector<float>& slack, double gap_cluster);
// Fits the lattice. Errors (ErrorCode::kNoBoard, "no board found: ...") when no pitch is found or
// fewer than `min_members` centres are on the board.
Result<SquareLattice> fit_square_lattice(const std::vector<cv::Point2f>& centres, const std::vector<float>& slack,
                                         const LatticeFitParams& params, int min_members);

}  // namespace pb::vision
