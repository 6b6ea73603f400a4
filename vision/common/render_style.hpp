/* render_style.hpp: what the arena-look renderers (vision/<game>/render.cpp) share: random distinct colours, fonts, the caption. */
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>
#include <string>
#include <vector>

namespace pb::vision {

// The random generator of style variant `variant` of a game (`salt`: the game's own constant).
inline cv::RNG variant_rng(std::uint64_t salt, std::uint64_t variant) {
  return cv::RNG(salt ^ (variant * 0x9e3779b97f4a7c15ull));
}

// A random colour with each channel in [lo, hi).
inline cv::Scalar random_colour(cv::RNG& rng, int lo, int hi) {
  return cv::Scalar(rng.uniform(lo, hi), rng.uniform(lo, hi), rng.uniform(lo, hi));
}

// A random colour with channels in [lo, hi] at least `min_l1` (sum of channel differences) from every
// colour in `avoid`; after 200 draws, the farthest one drawn.
inline cv::Scalar distinct_colour(cv::RNG& rng, const std::vector<cv::Scalar>& avoid, int min_l1, int lo, int hi) {
  auto l1 = [](const cv::Scalar& a, const cv::Scalar& b) {
    return static_cast<int>(std::abs(a[0] - b[0]) + std::abs(a[1] - b[1]) + std::abs(a[2] - b[2]));
  };
  cv::Scalar best;
  int best_d = -1;
  for (int attempt = 0; attempt < 200; ++attempt) {
    cv::Scalar c(rng.uniform(lo, hi + 1), rng.uniform(lo, hi + 1), rng.uniform(lo, hi + 1));
    int d = 1 << 20;
    for (const auto& a : avoid) d = std::min(d, l1(a, c));
    if (d >= min_l1) return c;
    if (d > best_d) best_d = d, best = c;
  }
  return best;
}

// The Hershey font of style variant `variant` (the six upright ones in turn).
inline int variant_font(std::uint64_t variant) {
  static constexpr int kFonts[] = {cv::FONT_HERSHEY_SIMPLEX, cv::FONT_HERSHEY_DUPLEX, cv::FONT_HERSHEY_COMPLEX,
                                   cv::FONT_HERSHEY_TRIPLEX, cv::FONT_HERSHEY_PLAIN, cv::FONT_HERSHEY_COMPLEX_SMALL};
  return kFonts[variant % 6];
}

// Height of the title band above the board and of the status band below it, px (0 without a caption).
inline int caption_band(cv::Size size, bool caption) { return caption ? std::max(16, size.height / 12) : 0; }

// The area a render() of `size` leaves the board, between the two bands.
inline cv::Rect board_area(cv::Size size, bool caption) {
  const int band = caption_band(size, caption);
  return {0, band, size.width, size.height - 2 * band};
}

// The arena's title (top band) and status line (bottom band), as render() draws them for a level.
inline void draw_caption(cv::Mat& img, const std::string& title, const std::string& status, int band, int font,
                         const cv::Scalar& colour) {
  const double scale = band * 0.45 / 22.0;
  cv::putText(img, title, {band / 2, band * 3 / 4}, font, scale, colour, 1, cv::LINE_AA);
  cv::putText(img, status, {band / 2, img.rows - band / 3}, font, scale, colour, 1, cv::LINE_AA);
}

// A whole image the way the arena frames a level: the page, the board drawn by
// `draw_board(img, area)` and, with `caption`, the title and status line in `ink`.
template <class DrawBoard>
cv::Mat render_frame(cv::Size size, const cv::Scalar& page, bool caption, DrawBoard draw_board, const std::string& title,
                     const std::string& status, int font, const cv::Scalar& ink) {
  cv::Mat img(size, CV_8UC3, page);
  draw_board(img, board_area(size, caption));
  if (caption) draw_caption(img, title, status, caption_band(size, caption), font, ink);
  return img;
}

}  // namespace pb::vision
