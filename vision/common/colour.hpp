/* colour.hpp: colour-scheme-free pixel classes (background, ink, and masks of them) for the readers. */
#pragma once

// Colours are never assumed: the games take any scheme from FIFTEEN_COLOUR_n. Distances are the
// largest per-channel difference (0-255), which treats a pure hue change and a grey step alike.
// Rejected: Otsu on grey levels (a yellow-on-blue scheme can have equal luminance for both).

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <opencv2/core.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/result.hpp"

namespace pb::vision {

inline int colour_distance(const cv::Vec3b& a, const cv::Vec3b& b) {
  return std::max({std::abs(a[0] - b[0]), std::abs(a[1] - b[1]), std::abs(a[2] - b[2])});
}

// 255 where the pixel is within `tolerance` of `colour`.
inline cv::Mat near_colour(const cv::Mat& bgr, const cv::Vec3b& colour, int tolerance) {
  cv::Mat mask(bgr.size(), CV_8U);
  for (int y = 0; y < bgr.rows; ++y) {
    const auto* src = bgr.ptr<cv::Vec3b>(y);
    auto* dst = mask.ptr<std::uint8_t>(y);
    for (int x = 0; x < bgr.cols; ++x) dst[x] = colour_distance(src[x], colour) <= tolerance ? 255 : 0;
  }
  return mask;
}

// Per-bin counts and sums over 5-bit-per-channel colour bins (fill them with add() only).
struct ColourHistogram {
  static constexpr int kBins = 32 * 32 * 32;
  static constexpr int kRanked = 64;  // top() looks among this many commonest bins
  std::vector<std::uint32_t> count = std::vector<std::uint32_t>(kBins, 0);
  std::vector<std::array<std::uint64_t, 3>> sum = std::vector<std::array<std::uint64_t, 3>>(kBins, {0, 0, 0});
  std::vector<int> used;  // the bins counted at least once, as first counted

  static int bin(const cv::Vec3b& c) { return (c[0] >> 3) << 10 | (c[1] >> 3) << 5 | (c[2] >> 3); }
  void add(const cv::Vec3b& c) {
    int b = bin(c);
    if (count[static_cast<std::size_t>(b)]++ == 0) used.push_back(b);
    for (int k = 0; k < 3; ++k) sum[static_cast<std::size_t>(b)][static_cast<std::size_t>(k)] += c[k];
  }
  // The kRanked commonest bins, in the order (ties included) std::partial_sort of all kBins bins by
  // count gives, from the bins counted only: it heaps the first kRanked bins and then lets in only a
  // bin counted more than the heap's least, which an empty bin never is; so the first kRanked bins
  // and the used ones past them, in bin order, rank alike (ColourHistogram.TopRanksAsASortOfEveryBin).
  // Sorting all 32768 bins cost a reader's every histogram ~1 ms, ten times that under the sanitizers.
  std::vector<int> ranked() const {
    std::vector<int> order;
    order.reserve(kRanked + used.size());
    for (int i = 0; i < kRanked; ++i) order.push_back(i);
    const std::size_t first_used = order.size();
    for (int b : used)
      if (b >= kRanked) order.push_back(b);
    std::sort(order.begin() + static_cast<std::ptrdiff_t>(first_used), order.end());
    std::partial_sort(order.begin(), order.begin() + kRanked, order.end(),
                      [&](int a, int b) { return count[static_cast<std::size_t>(a)] > count[static_cast<std::size_t>(b)]; });
    order.resize(kRanked);
    return order;
  }
  cv::Vec3b mean(int b) const {
    auto i = static_cast<std::size_t>(b);
    auto n = std::max<std::uint64_t>(1, count[i]);
    return cv::Vec3b(static_cast<std::uint8_t>(sum[i][0] / n), static_cast<std::uint8_t>(sum[i][1] / n),
                     static_cast<std::uint8_t>(sum[i][2] / n));
  }
  // The `k` commonest colours, each at least `tolerance` away from the ones before it.
  std::vector<cv::Vec3b> top(int k, int tolerance) const {
    const std::vector<int> order = ranked();
    std::vector<cv::Vec3b> out;
    for (int i = 0; i < kRanked && static_cast<int>(out.size()) < k; ++i) {
      int b = order[static_cast<std::size_t>(i)];
      if (count[static_cast<std::size_t>(b)] == 0) break;
      cv::Vec3b c = mean(b);
      if (std::none_of(out.begin(), out.end(), [&](const cv::Vec3b& o) { return colour_distance(o, c) <= tolerance; }))
        out.push_back(c);
    }
    return out;
  }
};

// The commonest colours of a picture (sampled on a grid of at most ~500k pixels for speed).
inline std::vector<cv::Vec3b> common_colours(const cv::Mat& bgr, int k, int tolerance) {
  ColourHistogram h;
  int step = std::max(1, static_cast<int>(std::sqrt(static_cast<double>(bgr.total()) / 500000.0)));
  for (int y = 0; y < bgr.rows; y += step) {
    const auto* row = bgr.ptr<cv::Vec3b>(y);
    for (int x = 0; x < bgr.cols; x += step) h.add(row[x]);
  }
  return h.top(k, tolerance);
}

// The mean of the pixels within `tolerance` of `colour` (sampled as common_colours() does): the
// centre of the cluster `colour` stands for. common_colours() gives a histogram bin's mean, and a
// JPEG'd or blurred flat colour spreads over neighbouring bins: a tolerance round a bin's mean can
// then miss half of it, where one round the cluster's centre takes it all.
inline cv::Vec3b centred_colour(const cv::Mat& bgr, const cv::Vec3b& colour, int tolerance) {
  const int step = std::max(1, static_cast<int>(std::sqrt(static_cast<double>(bgr.total()) / 500000.0)));
  std::array<std::uint64_t, 3> sum{0, 0, 0};
  std::uint64_t n = 0;
  for (int y = 0; y < bgr.rows; y += step) {
    const auto* row = bgr.ptr<cv::Vec3b>(y);
    for (int x = 0; x < bgr.cols; x += step)
      if (colour_distance(row[x], colour) <= tolerance) {
        for (int k = 0; k < 3; ++k) sum[static_cast<std::size_t>(k)] += row[x][k];
        ++n;
      }
  }
  if (n == 0) return colour;
  return cv::Vec3b(static_cast<std::uint8_t>((sum[0] + n / 2) / n), static_cast<std::uint8_t>((sum[1] + n / 2) / n),
                   static_cast<std::uint8_t>((sum[2] + n / 2) / n));
}

// The text colour on the tiles: the commonest colour among the pixels farthest from the background
// (anti-aliased glyph edges are blends; the stroke cores are the pure ink).
inline std::optional<cv::Vec3b> dominant_ink(const std::vector<cv::Mat>& crops, const cv::Vec3b& bg, int tolerance) {
  int far = 0;
  for (const cv::Mat& c : crops)
    for (int y = 0; y < c.rows; ++y)
      for (int x = 0; x < c.cols; ++x) far = std::max(far, colour_distance(c.at<cv::Vec3b>(y, x), bg));
  if (far <= tolerance) return std::nullopt;
  ColourHistogram h;
  for (const cv::Mat& c : crops)
    for (int y = 0; y < c.rows; ++y)
      for (int x = 0; x < c.cols; ++x) {
        const cv::Vec3b& px = c.at<cv::Vec3b>(y, x);
        if (colour_distance(px, bg) * 10 >= far * 6) h.add(px);
      }
  auto top = h.top(1, 0);
  if (top.empty()) return std::nullopt;
  return top[0];
}

// How far each pixel lies from `bg` towards `ink`, 0..1 (CV_32F): anti-aliased edges get fractions,
// so the map can be scaled smoothly before it is thresholded.
inline cv::Mat ink_map(const cv::Mat& bgr, const cv::Vec3b& bg, const cv::Vec3b& ink) {
  cv::Vec3f axis(static_cast<float>(ink[0] - bg[0]), static_cast<float>(ink[1] - bg[1]), static_cast<float>(ink[2] - bg[2]));
  float norm2 = std::max(1.0f, axis.dot(axis));
  cv::Mat out(bgr.size(), CV_32F);
  for (int y = 0; y < bgr.rows; ++y) {
    const auto* src = bgr.ptr<cv::Vec3b>(y);
    auto* dst = out.ptr<float>(y);
    for (int x = 0; x < bgr.cols; ++x) {
      cv::Vec3f d(static_cast<float>(src[x][0] - bg[0]), static_cast<float>(src[x][1] - bg[1]),
                  static_cast<float>(src[x][2] - bg[2]));
      dst[x] = std::clamp(d.dot(axis) / norm2, 0.0f, 1.0f);
    }
  }
  return out;
}

// Runs `detect_with(background)` for each of the most common colours taken as the background, and
// returns the first lattice found. An error that is not ErrorCode::kNoBoard means a lattice was
// found but is wrong (a piece mid-move): that is the answer, not a reason to try another colour.
template <class Lattice, class DetectWith>
Result<Lattice> detect_on_common_backgrounds(const cv::Mat& bgr, int candidates, int tolerance,
                                             DetectWith detect_with) {
  if (bgr.empty() || bgr.type() != CV_8UC3) return make_error(ErrorCode::kNoBoard, "no board found: expected a non-empty 8-bit BGR image");
  std::optional<Error> first_error;
  for (const cv::Vec3b& bg : common_colours(bgr, candidates, tolerance)) {
    Result<Lattice> lat = detect_with(bg);
    if (lat) return lat;
    if (!first_error) first_error = lat.error();
    if (!lat.error().is(ErrorCode::kNoBoard)) return lat.error();
  }
  if (!first_error) return make_error(ErrorCode::kNoBoard, "no board found: the picture has no dominant background colour");
  return *first_error;
}

}  // namespace pb::vision
