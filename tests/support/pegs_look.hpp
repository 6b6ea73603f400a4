/* pegs_look.hpp: draws a peg solitaire board in a generated look (the pegs reader's look sweep). */
#pragma once

// Two families, as the games that exist draw them: Simon Tatham's (pegs 2/3 of the pitch, holes 1/2,
// flat, any colours) and Peg Solitaire's (balls of one size, pegs colourful and holes grey, shaded,
// with or without a drop shadow). Palette, background, pitch and the board's shape come from the seed.

#include <algorithm>
#include <cmath>
#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

#include "solvers/pegs/pegs.hpp"
#include "tests/support/generated_look.hpp"

namespace pb::testing {

struct PegsLook : GeneratedLook<solvers::pegs::State> {
  bool one_size = false;
  bool shadow = false;
};

// A ball: shaded from a highlight (up-left) to its colour, darker at the rim.
inline void shaded_ball(cv::Mat& img, cv::Point2d c, double radius, const cv::Scalar& colour) {
  const cv::Rect box(static_cast<int>(c.x - radius - 2), static_cast<int>(c.y - radius - 2), static_cast<int>(2 * radius + 5),
                     static_cast<int>(2 * radius + 5));
  const cv::Rect clip = box & cv::Rect(0, 0, img.cols, img.rows);
  for (int y = clip.y; y < clip.br().y; ++y)
    for (int x = clip.x; x < clip.br().x; ++x) {
      const double d = std::hypot(x + 0.5 - c.x, y + 0.5 - c.y);
      const double cover = std::clamp(radius + 0.5 - d, 0.0, 1.0);  // anti-aliased edge
      if (cover <= 0) continue;
      const double hl = std::hypot(x + 0.5 - (c.x - radius * 0.35), y + 0.5 - (c.y - radius * 0.35)) / (radius * 1.4);
      const double light = std::clamp(1.35 - 0.6 * hl, 0.6, 1.35);
      cv::Vec3b& px = img.at<cv::Vec3b>(y, x);
      for (int k = 0; k < 3; ++k) px[k] = cv::saturate_cast<std::uint8_t>(px[k] * (1 - cover) + std::min(255.0, colour[k] * light) * cover);
    }
}

inline PegsLook pegs_look(int seed) {
  cv::RNG rng(0x706567736c6f6f6bull + static_cast<std::uint64_t>(seed) * 104729);
  PegsLook out;
  out.one_size = seed % 2 == 1;
  out.shadow = out.one_size && seed % 4 == 3;
  // The English cross, or a random rectangle of holes with a few outside sites.
  const bool cross = seed % 3 != 2;
  const int rows = cross ? 7 : rng.uniform(4, 7), cols = cross ? 7 : rng.uniform(4, 8);
  auto& s = out.truth;
  s.rows = rows;
  s.cols = cols;
  s.sites.assign(static_cast<std::size_t>(rows * cols), solvers::pegs::Site::kNone);
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      const bool inside = cross ? (r >= 2 && r <= 4) || (c >= 2 && c <= 4) : rng.uniform(0, 6) != 0 || r == 0 || c == 0 || r == rows - 1 || c == cols - 1;
      if (inside) s.sites[static_cast<std::size_t>(r * cols + c)] = rng.uniform(0, 3) == 0 ? solvers::pegs::Site::kHole : solvers::pegs::Site::kPeg;
    }
  const int pitch = rng.uniform(34, 70);
  const int g = seed % 5 == 4 ? rng.uniform(20, 60) : rng.uniform(190, 256);
  // Several draws for one colour are made one at a time, the last argument first: the order g++
  // evaluated them in when they were written as one call's arguments; clang evaluates arguments
  // the other way, and drew other looks for the same seeds under the sanitizers.
  const auto draw_bgr = [&rng] {
    const int r = rng.uniform(0, 256);
    const int gr = rng.uniform(0, 256);
    const int b = rng.uniform(0, 256);
    return cv::Scalar(b, gr, r);
  };
  const int bg_g = g + rng.uniform(-15, 1);
  const int bg_b = g + rng.uniform(-15, 1);
  const cv::Scalar bg(bg_b, bg_g, g);
  cv::Scalar peg, hole;
  do {
    peg = draw_bgr();
  } while (colour_distance(peg, bg) < 90 ||
           (out.one_size && std::max({peg[0], peg[1], peg[2]}) - std::min({peg[0], peg[1], peg[2]}) < 120));
  if (out.one_size) {
    const int grey = g > 128 ? rng.uniform(110, 170) : rng.uniform(110, 200);
    hole = cv::Scalar(grey, grey, grey + rng.uniform(-8, 9));
  } else {
    do {
      hole = draw_bgr();
    } while (colour_distance(hole, bg) < 60);
  }
  const int margin = pitch;
  out.image = cv::Mat(rows * pitch + 2 * margin, cols * pitch + 2 * margin, CV_8UC3, bg);
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      const auto site = s.sites[static_cast<std::size_t>(r * cols + c)];
      if (site == solvers::pegs::Site::kNone) continue;
      const cv::Point2d centre(margin + (c + 0.5) * pitch, margin + (r + 0.5) * pitch);
      const bool is_peg = site == solvers::pegs::Site::kPeg;
      if (out.one_size) {
        const double radius = pitch * 0.36;
        if (out.shadow) {
          cv::Mat layer = out.image.clone();
          cv::circle(layer, cv::Point(centre + cv::Point2d(radius * 0.15, radius * 0.2)), static_cast<int>(radius), bg * 0.6, cv::FILLED, cv::LINE_AA);
          cv::GaussianBlur(layer, layer, cv::Size(0, 0), radius * 0.08);
          const cv::Rect near(static_cast<int>(centre.x - pitch / 2.0), static_cast<int>(centre.y - pitch / 2.0), pitch, pitch);
          layer(near).copyTo(out.image(near));
        }
        shaded_ball(out.image, centre, radius, is_peg ? peg : hole);
      } else {
        cv::circle(out.image, cv::Point(centre), static_cast<int>(std::lround(pitch * (is_peg ? 1.0 / 3 : 0.25))), is_peg ? peg : hole, cv::FILLED,
                   cv::LINE_AA);
      }
    }
  return out;
}

}  // namespace pb::testing
