/* pixels.hpp: small pixel and statistics helpers the readers share (input to 8-bit BGR, medians, page colour, shapes). */
#pragma once

// Distances here are L1, the sum of the three channels' absolute differences (0-765): the arena
// readers' Params are in those units. colour.hpp has the largest-channel distance the Simon Tatham
// readers use; the two are not interchangeable (a threshold in one means something else in the other).

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <map>
#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>
#include <optional>
#include <vector>

namespace pb::vision {

// The upper median (element size/2 once sorted) of `v`; T{} when `v` is empty.
template <class T>
T median_of(std::vector<T> v) {
  if (v.empty()) return T{};
  std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(v.size() / 2), v.end());
  return v[v.size() / 2];
}

// `image` as 8-bit BGR: itself (sharing its pixels) when it already is, converted from 8-bit grey or
// BGRA; nullopt for any other type (16-bit, float, ...).
inline std::optional<cv::Mat> as_bgr8(const cv::Mat& image) {
  cv::Mat out;
  if (image.type() == CV_8UC3) out = image;
  else if (image.type() == CV_8UC4) cv::cvtColor(image, out, cv::COLOR_BGRA2BGR);
  else if (image.type() == CV_8UC1) cv::cvtColor(image, out, cv::COLOR_GRAY2BGR);
  else return std::nullopt;
  return out;
}

// As as_bgr8(), but always a buffer of its own (to draw an annotation on).
inline std::optional<cv::Mat> bgr8_copy(const cv::Mat& image) {
  if (image.type() == CV_8UC3) return image.clone();
  return as_bgr8(image);
}

inline int l1_distance(const cv::Vec3b& p, const cv::Vec3i& c) {
  return std::abs(p[0] - c[0]) + std::abs(p[1] - c[1]) + std::abs(p[2] - c[2]);
}
inline int l1_distance(const cv::Vec3i& a, const cv::Vec3i& b) {
  return std::abs(a[0] - b[0]) + std::abs(a[1] - b[1]) + std::abs(a[2] - b[2]);
}

// The per-channel median of `px` (reorders it); zero when it is empty.
inline cv::Vec3i median_colour(std::vector<cv::Vec3b>& px) {
  cv::Vec3i out;
  if (px.empty()) return out;
  for (int ch = 0; ch < 3; ++ch) {
    std::nth_element(px.begin(), px.begin() + static_cast<std::ptrdiff_t>(px.size() / 2), px.end(),
                     [ch](const cv::Vec3b& a, const cv::Vec3b& b) { return a[ch] < b[ch]; });
    out[ch] = px[px.size() / 2][ch];
  }
  return out;
}

// The page colour: the commonest colour along the image's border (bins of 16 levels per channel, then
// the per-channel median of the winning bin). `bgr` is 8-bit BGR and not empty.
inline cv::Vec3i border_colour(const cv::Mat& bgr) {
  std::map<int, std::vector<cv::Vec3b>> bins;
  auto add = [&](int y, int x) {
    const cv::Vec3b p = bgr.at<cv::Vec3b>(y, x);
    bins[(p[0] >> 4) << 8 | (p[1] >> 4) << 4 | (p[2] >> 4)].push_back(p);
  };
  for (int x = 0; x < bgr.cols; ++x) add(0, x), add(bgr.rows - 1, x);
  for (int y = 1; y + 1 < bgr.rows; ++y) add(y, 0), add(y, bgr.cols - 1);
  auto best = std::max_element(bins.begin(), bins.end(),
                               [](const auto& a, const auto& b) { return a.second.size() < b.second.size(); });
  return median_colour(best->second);
}

// 255 where a pixel of `bgr` lies farther than `distance` (L1) from `colour`, else 0 (CV_8U).
inline cv::Mat far_from(const cv::Mat& bgr, const cv::Vec3i& colour, int distance) {
  cv::Mat mask(bgr.size(), CV_8U);
  for (int y = 0; y < bgr.rows; ++y) {
    const auto* row = bgr.ptr<cv::Vec3b>(y);
    auto* m = mask.ptr<std::uint8_t>(y);
    for (int x = 0; x < bgr.cols; ++x) m[x] = l1_distance(row[x], colour) > distance ? 255 : 0;
  }
  return mask;
}

// The 8-connected component of a mask with the largest bounding box (its area, not its pixel count:
// an apparatus or a framed board is mostly holes).
struct BoxComponent {
  int label = -1;         // -1: the mask is empty
  long long box_area = 0;
  cv::Rect box;
};

// Labels `mask` into `labels` (CV_32S) and returns its component with the largest bounding box (the
// first of equals).
inline BoxComponent largest_box_component(const cv::Mat& mask, cv::Mat& labels) {
  cv::Mat stats, centroids;
  const int n = cv::connectedComponentsWithStats(mask, labels, stats, centroids, 8, CV_32S);
  BoxComponent best;
  for (int i = 1; i < n; ++i) {
    const long long a = static_cast<long long>(stats.at<int>(i, cv::CC_STAT_WIDTH)) * stats.at<int>(i, cv::CC_STAT_HEIGHT);
    if (a > best.box_area) best.box_area = a, best.label = i;
  }
  if (best.label >= 0)
    best.box = cv::Rect(stats.at<int>(best.label, cv::CC_STAT_LEFT), stats.at<int>(best.label, cv::CC_STAT_TOP),
                        stats.at<int>(best.label, cv::CC_STAT_WIDTH), stats.at<int>(best.label, cv::CC_STAT_HEIGHT));
  return best;
}

}  // namespace pb::vision
