/* plain_squares.cpp: flat pixels, their square regions, grown back to their edges. */
#include "vision/common/plain_squares.hpp"

#include <algorithm>
#include <opencv2/imgproc.hpp>

#include "vision/common/colour.hpp"

namespace pb::vision {
namespace {

// Fraction of the pixels of `line` (a one-pixel row or column of `bgr`) within `tol` of `colour`.
double share_near(const cv::Mat& bgr, const cv::Rect& line, const cv::Vec3b& colour, int tol) {
  cv::Rect r = line & cv::Rect(0, 0, bgr.cols, bgr.rows);
  if (r.area() == 0) return 0;
  int near = 0;
  for (int y = r.y; y < r.br().y; ++y)
    for (int x = r.x; x < r.br().x; ++x) near += colour_distance(bgr.at<cv::Vec3b>(y, x), colour) <= tol ? 1 : 0;
  return static_cast<double>(near) / r.area();
}

// Pixels the blur and the flatness test take off each side of a flat region.
constexpr int kShaved = 3;

}  // namespace

std::vector<PlainSquare> plain_squares(const cv::Mat& bgr, const PlainSquareParams& p) {
  std::vector<PlainSquare> out;
  if (bgr.empty() || bgr.type() != CV_8UC3) return out;
  const cv::Mat k3 = cv::getStructuringElement(cv::MORPH_RECT, cv::Size(3, 3));
  cv::Mat hi, lo, range;
  // Smoothed first: JPEG leaves a flat area a few levels of block noise, which a blur evens out
  // while an edge stays a step.
  cv::Mat smooth;
  cv::GaussianBlur(bgr, smooth, cv::Size(5, 5), 1.0);
  cv::dilate(smooth, hi, k3);
  cv::erode(smooth, lo, k3);
  cv::absdiff(hi, lo, range);
  std::vector<cv::Mat> ch;
  cv::split(range, ch);
  cv::Mat widest = cv::max(cv::max(ch[0], ch[1]), ch[2]);
  cv::Mat flat = widest <= p.max_range;
  cv::Mat labels, stats, centroids;
  int n = cv::connectedComponentsWithStats(flat, labels, stats, centroids, 4, CV_32S);
  for (int i = 1; i < n; ++i) {
    cv::Rect r(stats.at<int>(i, cv::CC_STAT_LEFT), stats.at<int>(i, cv::CC_STAT_TOP), stats.at<int>(i, cv::CC_STAT_WIDTH),
               stats.at<int>(i, cv::CC_STAT_HEIGHT));
    // The blur and the flatness test shave pixels off each side: the side checked is the grown one.
    if (std::min(r.width, r.height) + 2 * kShaved < p.min_side_px) continue;
    if (std::max(r.width, r.height) > p.max_aspect * std::min(r.width, r.height) + 1) continue;
    if (stats.at<int>(i, cv::CC_STAT_AREA) < p.min_fill * r.area()) continue;
    if (r.x <= kShaved || r.y <= kShaved || r.br().x >= bgr.cols - kShaved || r.br().y >= bgr.rows - kShaved) continue;
    cv::Mat region = labels(r) == i;
    cv::Scalar mean, dev;
    cv::meanStdDev(bgr(r), mean, dev, region);
    if (std::max({dev[0], dev[1], dev[2]}) > p.max_stddev) continue;
    cv::Vec3b colour(cv::saturate_cast<std::uint8_t>(mean[0]), cv::saturate_cast<std::uint8_t>(mean[1]),
                     cv::saturate_cast<std::uint8_t>(mean[2]));
    // Grow each side while the next line out is (nearly all) the square's colour; the rim shaved
    // off by the blur and the flatness test is a few pixels, never more.
    constexpr int kMaxGrowth = 5;
    constexpr double kLineShare = 0.9;
    for (int g = 0; g < kMaxGrowth && share_near(bgr, {r.x - 1, r.y, 1, r.height}, colour, p.colour_tolerance) >= kLineShare; ++g)
      r.x -= 1, r.width += 1;
    for (int g = 0; g < kMaxGrowth && share_near(bgr, {r.br().x, r.y, 1, r.height}, colour, p.colour_tolerance) >= kLineShare; ++g)
      r.width += 1;
    for (int g = 0; g < kMaxGrowth && share_near(bgr, {r.x, r.y - 1, r.width, 1}, colour, p.colour_tolerance) >= kLineShare; ++g)
      r.y -= 1, r.height += 1;
    for (int g = 0; g < kMaxGrowth && share_near(bgr, {r.x, r.br().y, r.width, 1}, colour, p.colour_tolerance) >= kLineShare; ++g)
      r.height += 1;
    if (std::max(r.width, r.height) > p.max_aspect * std::min(r.width, r.height) + 1) continue;
    out.push_back({r, colour});
  }
  std::sort(out.begin(), out.end(), [](const PlainSquare& a, const PlainSquare& b) { return a.rect.area() > b.rect.area(); });
  return out;
}

}  // namespace pb::vision
