/* lattice.hpp: a square lattice fitted to blobs' centres (the pitch, the linked board, each blob's site). */
#pragma once

// For readers whose board is blobs on a square lattice of unknown pitch and origin (Pegs' discs,
// Fifteen's tile faces): the pitch from the blobs alone, the largest group of blobs that link up as
// neighbours (the board, not stray blobs elsewhere in a window grab), and each blob's site.
// What counts as a neighbour differs by game and stays with each reader (the `slack` and `linked`
// arguments).

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <opencv2/core.hpp>
#include <string>
#include <utility>
#include <vector>

#include "core/result.hpp"
#include "vision/common/pixels.hpp"

namespace pb::vision {

// Median distance from an item to its nearest neighbour straight right or straight below; 0 when no
// item has one. `centre(item)` is its position, px; `slack(a, b)` how far b may lie off a's row or
// column (and how far at least along it), px.
template <class T, class Centre, class Slack>
float neighbour_pitch(const std::vector<T>& items, Centre centre, Slack slack) {
  std::vector<float> gaps;
  for (const T& a : items) {
    float right = 0, below = 0;
    for (const T& b : items) {
      const cv::Point2f ca = centre(a), cb = centre(b);
      float dx = cb.x - ca.x, dy = cb.y - ca.y;
      float s = slack(a, b);
      if (std::abs(dy) < s && dx > s && (right == 0 || dx < right)) right = dx;
      if (std::abs(dx) < s && dy > s && (below == 0 || dy < below)) below = dy;
    }
    if (right > 0) gaps.push_back(right);
    if (below > 0) gaps.push_back(below);
  }
  return median_of(gaps);
}

// Indices (ascending) of the largest group of items that `linked(a, b)` joins through chains of
// neighbours; the first of equal groups.
template <class T, class Linked>
std::vector<std::size_t> largest_linked_group(const std::vector<T>& items, Linked linked) {
  std::vector<int> cluster(items.size(), -1);
  int best = -1, best_size = 0, next = 0;
  for (std::size_t s = 0; s < items.size(); ++s) {
    if (cluster[s] >= 0) continue;
    int id = next++, size = 0;
    std::vector<std::size_t> stack{s};
    cluster[s] = id;
    while (!stack.empty()) {
      std::size_t a = stack.back();
      stack.pop_back();
      ++size;
      for (std::size_t b = 0; b < items.size(); ++b) {
        if (cluster[b] >= 0) continue;
        if (linked(items[a], items[b])) {
          cluster[b] = id;
          stack.push_back(b);
        }
      }
    }
    if (size > best_size) best = id, best_size = size;
  }
  std::vector<std::size_t> out;
  for (std::size_t i = 0; i < items.size(); ++i)
    if (cluster[i] == best) out.push_back(i);
  return out;
}

// Sites of centres on a lattice of `pitch`: site (row, col) is centred at origin + (col, row) * pitch.
struct LatticeSites {
  int rows = 0;
  int cols = 0;
  cv::Point2f origin;
  std::vector<std::pair<int, int>> sites;  // (row, col) per centre, in the centres' order
};

// Rounded offsets from the top-left of the centres; the origin is the mean of what each centre
// implies. Errors start "no board found: " when the lattice has more than `max_side` sites a side.
inline Result<LatticeSites> fit_sites(const std::vector<cv::Point2f>& centres, float pitch, int max_side) {
  LatticeSites out;
  if (centres.empty()) return out;
  float min_x = centres[0].x, min_y = centres[0].y;
  for (const cv::Point2f& c : centres) min_x = std::min(min_x, c.x), min_y = std::min(min_y, c.y);
  cv::Point2f origin(0, 0);
  for (const cv::Point2f& c : centres) {
    int col = static_cast<int>(std::lround((c.x - min_x) / pitch));
    int row = static_cast<int>(std::lround((c.y - min_y) / pitch));
    out.sites.emplace_back(row, col);
    out.rows = std::max(out.rows, row + 1);
    out.cols = std::max(out.cols, col + 1);
    origin += c - cv::Point2f(col * pitch, row * pitch);
  }
  out.origin = origin / static_cast<float>(centres.size());
  if (out.rows > max_side || out.cols > max_side)
    return make_error(ErrorCode::kNoBoard, "no board found: a " + std::to_string(out.cols) + "x" + std::to_string(out.rows) +
                      " lattice is larger than the reader accepts (max_side " + std::to_string(max_side) + ")");
  return out;
}

// The bounds of all sites (half a pitch around the outer centres), px.
inline cv::Rect lattice_bounds(cv::Point2f origin, int rows, int cols, float pitch) {
  float half = pitch / 2;
  return cv::Rect(cv::Point(static_cast<int>(std::floor(origin.x - half)), static_cast<int>(std::floor(origin.y - half))),
                  cv::Point(static_cast<int>(std::ceil(origin.x + (cols - 0.5f) * pitch)),
                            static_cast<int>(std::ceil(origin.y + (rows - 0.5f) * pitch))));
}

}  // namespace pb::vision
