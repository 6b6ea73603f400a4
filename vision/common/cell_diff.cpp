/* cell_diff.cpp: cell-by-cell picture comparison of two frames (cell_diff.hpp). */
#include "vision/common/cell_diff.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace pb::vision {
namespace {

double different_fraction(const cv::Mat& a, const cv::Mat& b, int tolerance) {
  cv::Mat diff, worst;
  cv::absdiff(a, b, diff);
  cv::Mat channels[3];
  cv::split(diff, channels);
  worst = cv::max(cv::max(channels[0], channels[1]), channels[2]);
  return static_cast<double>(cv::countNonZero(worst > tolerance)) / static_cast<double>(worst.total());
}

}  // namespace

bool cells_match(const cv::Mat& before, const cv::Mat& after, const std::vector<cv::Point2f>& centres,
                 const std::vector<int>& source, const CellDiffParams& params) {
  if (before.empty() || before.size() != after.size() || before.type() != CV_8UC3 || after.type() != CV_8UC3 ||
      centres.size() < 2 || source.size() != centres.size())
    return false;
  for (int s : source)
    if (s >= 0 && static_cast<std::size_t>(s) >= centres.size()) return false;
  float pitch = std::numeric_limits<float>::max();
  for (std::size_t i = 1; i < centres.size(); ++i) {
    const float d = static_cast<float>(cv::norm(centres[i] - centres[i - 1]));
    if (d > 1) pitch = std::min(pitch, d);
  }
  if (pitch == std::numeric_limits<float>::max()) return false;
  const int half = std::max(2, static_cast<int>(pitch * params.square / 2));
  const cv::Rect image(0, 0, after.cols, after.rows);
  auto square = [half](cv::Point2f c, int dx, int dy) {
    return cv::Rect(static_cast<int>(std::lround(c.x)) - half + dx, static_cast<int>(std::lround(c.y)) - half + dy,
                    2 * half, 2 * half);
  };
  const int shift = std::max(0, params.max_shift_px);
  for (std::size_t cell = 0; cell < centres.size(); ++cell) {
    if (source[cell] < 0) continue;  // not compared (a cell still animating)
    const cv::Rect now = square(centres[cell], 0, 0);
    if ((now & image) != now) return false;
    const bool still = source[cell] == static_cast<int>(cell);
    const cv::Point2f& was_at = centres[static_cast<std::size_t>(source[cell])];
    bool same = false;
    for (int dy = -shift; dy <= shift && !same; ++dy)
      for (int dx = -shift; dx <= shift && !same; ++dx) {
        if (still && (dx != 0 || dy != 0)) continue;  // a still cell must not move
        const cv::Rect then = square(was_at, dx, dy);
        if ((then & image) != then) continue;
        same = different_fraction(after(now), before(then), params.pixel_tolerance) <= params.max_different_fraction;
      }
    if (!same) return false;
  }
  return true;
}

}  // namespace pb::vision
