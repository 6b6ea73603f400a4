/* cell_lattice.hpp: a square lattice of cells that touch or stand apart, fitted to a board's outline and its seams. */
#pragma once

// For boards drawn as a block of square cells: with gaps between them, with hairlines, or touching
// with nothing between them but notches where four corners meet (lattice.hpp needs separate blobs,
// which touching cells are not). Detect -> fit -> score:
//  1. Outlines: the 8-connected components of "not the page" (the page is the border's commonest
//     colour), those with small gaps between them joined, largest boxes first. A board is one
//     outline however its cells are drawn: cells touch, or their gaps are narrower than the cells,
//     and walls drawn as dark cells are ink too.
//  2. Fit: every (cols, rows) whose pitches W/cols and H/rows agree (square cells) is a hypothesis;
//     its seams are the lines k * pitch inside the outline.
//  3. Score: the colour steps summed along each seam (L1 of the neighbours on either side, summed
//     down the seam), the weakest seam over the median of the cells' middle lines. A seam of gap,
//     hairline, notches or a change of cell colour steps all along it or at every corner; a line
//     through the middle of cells (a doubled lattice) meets only what is drawn on some cells. Of the
//     hypotheses whose score is at least `keep_ratio` of the best, the finest wins (a halved lattice
//     has true seams through its cells' middles). The middle lines are taken at `middle_rank` (a low
//     rank: letters on a few cells of a short side make theirs busy), and scores are capped at
//     `max_seam_contrast`: on a flat picture a lattice of every third cell, whose seams are the
//     boldest colour changes (walls, markers), scored many times the true one, whose seams between
//     free cells show only at the notches. The caller verifies the cells it decodes on it.
// Rejected: the autocorrelation of the step profile alone (the one-stroke reader's grid-line path):
// letters on two cells and notch-only seams give peaks of the same height at half the pitch.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>
#include <string>
#include <vector>

#include "core/result.hpp"
#include "vision/common/pixels.hpp"

namespace pb::vision {

struct CellLatticeParams {
  int page_distance = 24;        // L1 from the page's colour beyond which a pixel is ink (part of a board), levels
  int outlines = 4;              // largest ink components tried, largest box first
  double min_cell_px = 8;        // smallest cell side, px
  int min_side = 2;              // fewest cells a side
  int max_side = 12;             // most cells a side
  double max_pitch_spread = 0.04;  // most difference of the columns' and rows' pitch, fraction of the larger
  double seam_reach = 0.05;      // a seam is looked for this far either side of its place, fraction of the pitch (>= 1.5 px)
  double min_seam_contrast = 2;  // least weakest-seam / median step of the outline for a lattice at all
  double middle_rank = 0.5;      // the cells' middle lines a seam is weighed against: this rank of them, 0 the
                                 // flattest, 1 the busiest (letters on a few cells make theirs busy)
  double max_seam_contrast = 0;  // a score (weakest seam / middle) above this counts as this (0: no cap)
  double keep_ratio = 0.5;       // hypotheses scoring at least this fraction of the best compete; the finest wins
  double max_gap = 0.3;          // ink parts this close (fraction of the smaller's shorter side) are one outline...
  double max_part_ratio = 4;     // ... when neither's longer side is more than this many times the other's
};

struct CellLattice {
  cv::Rect outline;                 // the board's ink, px
  int rows = 0, cols = 0;
  double pitch_x = 0, pitch_y = 0;  // px between neighbouring cell centres
  double seam_score = 0;            // the winner's weakest seam / median step
  cv::Point2d centre(int row, int col) const {
    return {outline.x + (col + 0.5) * pitch_x, outline.y + (row + 0.5) * pitch_y};
  }
};

namespace detail {

// Colour steps (L1 between the pixels either side) summed down each column (`across_x`) and along
// each row (`across_y`) of `roi`.
inline void colour_steps(const cv::Mat& bgr, const cv::Rect& roi, std::vector<double>& across_x, std::vector<double>& across_y) {
  across_x.assign(static_cast<std::size_t>(roi.width), 0.0);
  across_y.assign(static_cast<std::size_t>(roi.height), 0.0);
  for (int y = roi.y; y < roi.br().y; ++y) {
    const auto* row = bgr.ptr<cv::Vec3b>(y);
    const auto* up = bgr.ptr<cv::Vec3b>(std::max(y - 1, 0));
    const auto* down = bgr.ptr<cv::Vec3b>(std::min(y + 1, bgr.rows - 1));
    double along = 0;
    for (int x = roi.x; x < roi.br().x; ++x) {
      const cv::Vec3b& l = row[std::max(x - 1, 0)];
      const cv::Vec3b& r = row[std::min(x + 1, bgr.cols - 1)];
      across_x[static_cast<std::size_t>(x - roi.x)] += std::abs(l[0] - r[0]) + std::abs(l[1] - r[1]) + std::abs(l[2] - r[2]);
      along += std::abs(up[x][0] - down[x][0]) + std::abs(up[x][1] - down[x][1]) + std::abs(up[x][2] - down[x][2]);
    }
    across_y[static_cast<std::size_t>(y - roi.y)] = along;
  }
}

// The weakest of the n - 1 inner seams of a profile cut into n equal parts (each the largest step
// within `reach` px of its place), over the n cells' middle lines (each the largest step within
// `reach` of the middle: flat for true cells, a seam for a halved lattice's) taken at `middle_rank`
// (0 the flattest, 0.5 the median, 1 the busiest). With one cell (n = 1) there is no seam to see: 0.
inline double weakest_seam(const std::vector<double>& v, int n, double reach, double middle_rank = 0.5) {
  const double pitch = static_cast<double>(v.size()) / n;
  auto peak_near = [&](double at) {
    const int lo = std::max(0, static_cast<int>(std::floor(at - reach)));
    const int hi = std::min(static_cast<int>(v.size()) - 1, static_cast<int>(std::ceil(at + reach)));
    double peak = 0;
    for (int i = lo; i <= hi; ++i) peak = std::max(peak, v[static_cast<std::size_t>(i)]);
    return peak;
  };
  double weakest = 1e300;
  for (int k = 1; k < n; ++k) weakest = std::min(weakest, peak_near(k * pitch));
  std::vector<double> middles;
  for (int k = 0; k < n; ++k) middles.push_back(peak_near((k + 0.5) * pitch));
  std::vector<double> sorted = v;
  const double floor = std::max(1.0, 0.05 * median_of(sorted));
  std::sort(middles.begin(), middles.end());
  const double middle = middles[static_cast<std::size_t>(std::lround(middle_rank * (static_cast<double>(middles.size()) - 1)))];
  return n < 2 ? 0.0 : weakest / std::max(middle, floor);
}

}  // namespace detail

// The lattice of one outline: the finest (cols, rows) of square cells whose seams all show, or an
// error saying why none does.
inline Result<CellLattice> fit_cell_lattice(const cv::Mat& bgr, const cv::Rect& outline, const CellLatticeParams& p) {
  std::vector<double> across_x, across_y;
  detail::colour_steps(bgr, outline, across_x, across_y);
  struct Hypothesis {
    int cols, rows;
    double score;
  };
  std::vector<Hypothesis> all;
  double best = 0;
  for (int cols = p.min_side; cols <= p.max_side; ++cols) {
    const double px = static_cast<double>(outline.width) / cols;
    if (px < p.min_cell_px) break;
    const double sx = detail::weakest_seam(across_x, cols, std::max(1.5, p.seam_reach * px), p.middle_rank);
    for (int rows = p.min_side; rows <= p.max_side; ++rows) {
      const double py = static_cast<double>(outline.height) / rows;
      if (py < p.min_cell_px) break;
      if (std::abs(px - py) > p.max_pitch_spread * std::max(px, py)) continue;
      const double sy = detail::weakest_seam(across_y, rows, std::max(1.5, p.seam_reach * py), p.middle_rank);
      const double score = p.max_seam_contrast > 0 ? std::min({sx, sy, p.max_seam_contrast}) : std::min(sx, sy);
      all.push_back({cols, rows, score});
      best = std::max(best, score);
    }
  }
  if (all.empty() || best < p.min_seam_contrast)
    return make_error(ErrorCode::kNoBoard, "no board found: no lattice of square cells whose seams show fits the " +
                                               std::to_string(outline.width) + "x" + std::to_string(outline.height) + " px outline");
  const Hypothesis* win = nullptr;
  for (const Hypothesis& h : all)
    if (h.score >= p.keep_ratio * best && (win == nullptr || h.cols * h.rows > win->cols * win->rows)) win = &h;
  // The board's edges are its strongest steps near the outline's: JPEG's ringing round a dark edge
  // can put a few px of "ink" outside it, which would stretch the lattice.
  auto edge = [](const std::vector<double>& v, int from, int to) {
    int best_at = from;
    for (int i = from; i <= to; ++i)
      if (v[static_cast<std::size_t>(i)] > v[static_cast<std::size_t>(best_at)]) best_at = i;
    return best_at;
  };
  const int reach_x = std::max(1, static_cast<int>(0.1 * outline.width / win->cols));
  const int reach_y = std::max(1, static_cast<int>(0.1 * outline.height / win->rows));
  const int x0 = edge(across_x, 0, reach_x), x1 = edge(across_x, outline.width - 1 - reach_x, outline.width - 1);
  const int y0 = edge(across_y, 0, reach_y), y1 = edge(across_y, outline.height - 1 - reach_y, outline.height - 1);
  CellLattice out;
  out.outline = cv::Rect(outline.x + x0, outline.y + y0, x1 - x0 + 1, y1 - y0 + 1);
  out.cols = win->cols;
  out.rows = win->rows;
  out.pitch_x = static_cast<double>(out.outline.width) / win->cols;
  out.pitch_y = static_cast<double>(out.outline.height) / win->rows;
  out.seam_score = win->score;
  return out;
}

// The outlines worth fitting: boxes of ink components joined when the gap between two boxes is
// under `max_gap` of the smaller one's shorter side and they are alike in size (cells apart: each cell is a component of its
// own; a title's letters join each other but not a board a line or more away), the largest
// boxes first, at most p.outlines, each at least min_side cells of min_cell_px a side. `page`
// receives the page's colour.
inline std::vector<cv::Rect> board_outlines(const cv::Mat& bgr, const CellLatticeParams& p, cv::Vec3i& page) {
  page = border_colour(bgr);
  const cv::Mat ink = far_from(bgr, page, p.page_distance);
  cv::Mat labels, stats, centroids;
  const int n = cv::connectedComponentsWithStats(ink, labels, stats, centroids, 8, CV_32S);
  std::vector<cv::Rect> parts;
  for (int i = 1; i < n; ++i)
    if (stats.at<int>(i, cv::CC_STAT_WIDTH) >= p.min_cell_px / 2 && stats.at<int>(i, cv::CC_STAT_HEIGHT) >= p.min_cell_px / 2)
      parts.emplace_back(stats.at<int>(i, cv::CC_STAT_LEFT), stats.at<int>(i, cv::CC_STAT_TOP), stats.at<int>(i, cv::CC_STAT_WIDTH),
                         stats.at<int>(i, cv::CC_STAT_HEIGHT));
  // Union-find over the parts (a few hundred at most on a page: the pairs are cheap).
  std::vector<int> root(parts.size());
  for (std::size_t i = 0; i < parts.size(); ++i) root[i] = static_cast<int>(i);
  auto find = [&](int i) {
    while (root[static_cast<std::size_t>(i)] != i) i = root[static_cast<std::size_t>(i)] = root[static_cast<std::size_t>(root[static_cast<std::size_t>(i)])];
    return i;
  };
  if (parts.size() <= 2000)
    for (std::size_t i = 0; i < parts.size(); ++i)
      for (std::size_t j = i + 1; j < parts.size(); ++j) {
        const cv::Rect& a = parts[i];
        const cv::Rect& b = parts[j];
        const int gap_x = std::max({0, b.x - a.br().x, a.x - b.br().x});
        const int gap_y = std::max({0, b.y - a.br().y, a.y - b.br().y});
        const int side = std::min({a.width, a.height, b.width, b.height});
        const int big = std::max({a.width, a.height, b.width, b.height});
        // Parts of one board are alike in size (cells, a few walls together) and side by side; a
        // frame round the window (a browser's toolbar and scroll bar) holds the board in its box but
        // is no part of it.
        if ((a & b).area() == 0 && big <= p.max_part_ratio * std::min(std::max(a.width, a.height), std::max(b.width, b.height)) &&
            std::max(gap_x, gap_y) <= p.max_gap * side) root[static_cast<std::size_t>(find(static_cast<int>(i)))] = find(static_cast<int>(j));
      }
  std::map<int, cv::Rect> groups;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    const int r = find(static_cast<int>(i));
    auto it = groups.find(r);
    if (it == groups.end()) groups.emplace(r, parts[i]);
    else it->second |= parts[i];
  }
  std::vector<cv::Rect> boxes;
  const int least = static_cast<int>(std::ceil(p.min_side * p.min_cell_px));
  for (const auto& [r, box] : groups)
    if (box.width >= least && box.height >= least) boxes.push_back(box);
  std::sort(boxes.begin(), boxes.end(), [](const cv::Rect& a, const cv::Rect& b) { return a.area() > b.area(); });
  if (static_cast<int>(boxes.size()) > p.outlines) boxes.resize(static_cast<std::size_t>(p.outlines));
  return boxes;
}

}  // namespace pb::vision
