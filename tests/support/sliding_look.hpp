/* sliding_look.hpp: draws a numbered sliding board in a generated look (the sliding reader's look sweep). */
#pragma once

// Tiles with Fifteen's bevels (a face of the background's colour, lit top-left, shaded bottom-right)
// or without (flat tiles of their own colour on the background), numbers in any Hershey font,
// upright or italic (the serif italics are what GNOME Taquin's digits look like), any palette.

#include <algorithm>
#include <numeric>
#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>
#include <random>
#include <string>

#include "solvers/sliding/sliding.hpp"
#include "tests/support/generated_look.hpp"

namespace pb::testing {

struct SlidingLook : GeneratedLook<solvers::sliding::State> {
  bool bevels = true;
  int font = 0;
};

inline SlidingLook sliding_look(int seed) {
  cv::RNG rng(0x736c6964696e67ull + static_cast<std::uint64_t>(seed) * 15485863);
  SlidingLook out;
  const int n = 3 + seed % 2;
  auto& s = out.truth;
  s.rows = s.cols = n;
  s.tiles.resize(static_cast<std::size_t>(n * n));
  std::iota(s.tiles.begin(), s.tiles.end(), 0);
  std::mt19937 shuffle(static_cast<unsigned>(seed) + 17);
  std::shuffle(s.tiles.begin(), s.tiles.end(), shuffle);
  out.bevels = seed % 3 != 2;
  static constexpr int kFonts[] = {cv::FONT_HERSHEY_SIMPLEX, cv::FONT_HERSHEY_DUPLEX, cv::FONT_HERSHEY_COMPLEX, cv::FONT_HERSHEY_TRIPLEX};
  out.font = kFonts[(seed / 2) % 4] | (seed % 4 >= 2 ? cv::FONT_ITALIC : 0);
  const int pitch = rng.uniform(48, 90);
  const bool dark = seed % 5 == 4;
  const int g = dark ? rng.uniform(30, 70) : rng.uniform(170, 240);
  // Draws one at a time, last channel first: the order g++ evaluated the arguments in when these
  // looks were chosen; in one call clang evaluates them the other way, and drew other looks.
  const auto draw3 = [&rng](int lo, int hi) {
    const int c = rng.uniform(lo, hi), b = rng.uniform(lo, hi), a = rng.uniform(lo, hi);
    return cv::Scalar(a, b, c);
  };
  const int dg = rng.uniform(-20, 1), db = rng.uniform(-20, 1);
  const cv::Scalar bg(g + db, g + dg, g);
  cv::Scalar tile = bg, text;
  if (!out.bevels)
    do tile = draw3(0, 256);
    while (colour_distance(tile, bg) < 70);
  do text = draw3(0, 256);
  while (colour_distance(text, tile) < 120);
  const cv::Scalar light = bg + cv::Scalar(45, 45, 45), shade = bg * 0.55;
  const int margin = pitch / 2;
  out.image = cv::Mat(n * pitch + 2 * margin, n * pitch + 2 * margin, CV_8UC3, bg);
  const int bevel = std::max(2, pitch / 16);
  for (int i = 0; i < n * n; ++i) {
    const int t = s.tiles[static_cast<std::size_t>(i)];
    if (t == 0) continue;
    const cv::Rect box(margin + (i % n) * pitch + 1, margin + (i / n) * pitch + 1, pitch - 2, pitch - 2);
    if (out.bevels) {
      cv::rectangle(out.image, box, shade, cv::FILLED);
      cv::rectangle(out.image, cv::Rect(box.x, box.y, box.width - bevel, box.height - bevel), light, cv::FILLED);
      cv::rectangle(out.image, cv::Rect(box.x + bevel, box.y + bevel, box.width - 2 * bevel, box.height - 2 * bevel), tile, cv::FILLED);
    } else {
      cv::rectangle(out.image, cv::Rect(box.x + 2, box.y + 2, box.width - 4, box.height - 4), tile, cv::FILLED);
    }
    const std::string label = std::to_string(t);
    int base = 0;
    const double scale = pitch * 0.4 / cv::getTextSize("8", out.font, 1.0, 1, &base).height;
    const int thick = std::max(1, pitch / 24);
    const cv::Size sz = cv::getTextSize(label, out.font, scale, thick, &base);
    cv::putText(out.image, label, cv::Point(box.x + (box.width - sz.width) / 2, box.y + (box.height + sz.height) / 2), out.font, scale, text,
                thick, cv::LINE_AA);
  }
  return out;
}

}  // namespace pb::testing
