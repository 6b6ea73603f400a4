/* pegs_looks.hpp: a randomised peg solitaire look from a seed (the pegs reader's wide look sweep). */
#pragma once

// What the peg games people play draw, varied at random from one seed: the English, French or a
// square board; pegs flat (plain or outlined) or glossy (a radial shade, a white highlight, a soft
// drop shadow); holes as rings, dark dimples or pale discs, the size of a peg or smaller; a light or
// dark page, with or without a board panel and tile outlines; a selected peg in another colour, with
// or without a ring; hint rings around the holes the selected peg can jump to; then scaled and
// JPEG-compressed by the caller (tests/support/look_sweep.hpp degrade()). The truth is the board:
// a selected peg is a peg, a hinted hole a hole.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>
#include <string>
#include <vector>

#include "solvers/pegs/pegs.hpp"

namespace pb::testing {

struct PegsRandomLook {
  solvers::pegs::State truth;
  cv::Mat image;
  std::string what;  // the look in words, for the sweep's lines
};

namespace pegs_looks_detail {

using solvers::pegs::Site;

inline cv::Scalar hsv_colour(double hue, double sat, double val) {
  cv::Mat px(1, 1, CV_8UC3, cv::Scalar(hue / 2, sat * 255, val * 255));
  cv::cvtColor(px, px, cv::COLOR_HSV2BGR);
  const cv::Vec3b c = px.at<cv::Vec3b>(0, 0);
  return {static_cast<double>(c[0]), static_cast<double>(c[1]), static_cast<double>(c[2])};
}

inline cv::Scalar mix(const cv::Scalar& a, const cv::Scalar& b, double t) { return a * (1 - t) + b * t; }

// A disc with an anti-aliased edge, blended over what is there; `shade(dx, dy)` (offsets in radii)
// multiplies the colour, and `highlight` > 0 adds a white spot up-left.
template <class Shade>
void paint_disc(cv::Mat& img, cv::Point2d c, double radius, const cv::Scalar& colour, Shade shade, double highlight) {
  const cv::Rect clip = cv::Rect(static_cast<int>(c.x - radius - 2), static_cast<int>(c.y - radius - 2), static_cast<int>(2 * radius + 5),
                                 static_cast<int>(2 * radius + 5)) & cv::Rect(0, 0, img.cols, img.rows);
  for (int y = clip.y; y < clip.br().y; ++y)
    for (int x = clip.x; x < clip.br().x; ++x) {
      const double dx = (x + 0.5 - c.x) / radius, dy = (y + 0.5 - c.y) / radius;
      const double cover = std::clamp(radius * (1 - std::hypot(dx, dy)) + 0.5, 0.0, 1.0);
      if (cover <= 0) continue;
      const double k = shade(dx, dy);
      const double spot = highlight > 0 ? highlight * std::exp(-(std::pow(dx + 0.35, 2) + std::pow(dy + 0.4, 2)) / 0.045) : 0;
      cv::Vec3b& px = img.at<cv::Vec3b>(y, x);
      for (int ch = 0; ch < 3; ++ch) {
        const double v = std::min(255.0, colour[ch] * k) * (1 - spot) + 255 * spot;
        px[ch] = cv::saturate_cast<std::uint8_t>(px[ch] * (1 - cover) + v * cover);
      }
    }
}

inline void soft_shadow(cv::Mat& img, cv::Point2d c, double radius, double strength) {
  const int r = static_cast<int>(radius * 1.6) + 3;
  const cv::Rect area = cv::Rect(static_cast<int>(c.x) - r, static_cast<int>(c.y) - r, 2 * r, 2 * r) & cv::Rect(0, 0, img.cols, img.rows);
  cv::Mat mask = cv::Mat::zeros(area.size(), CV_32F);
  cv::circle(mask, cv::Point(static_cast<int>(c.x + radius * 0.12) - area.x, static_cast<int>(c.y + radius * 0.18) - area.y),
             static_cast<int>(radius), cv::Scalar(strength), cv::FILLED, cv::LINE_AA);
  cv::GaussianBlur(mask, mask, cv::Size(0, 0), std::max(1.0, radius * 0.12));
  for (int y = 0; y < area.height; ++y)
    for (int x = 0; x < area.width; ++x) {
      cv::Vec3b& px = img.at<cv::Vec3b>(area.y + y, area.x + x);
      const float k = 1 - mask.at<float>(y, x);
      for (int ch = 0; ch < 3; ++ch) px[ch] = cv::saturate_cast<std::uint8_t>(px[ch] * k);
    }
}

// The jumps the peg at `from` can make (landing holes).
inline std::vector<int> targets_of(const solvers::pegs::State& s, int from) {
  std::vector<int> out;
  const int r = from / s.cols, c = from % s.cols;
  const int dr[] = {0, 0, 1, -1}, dc[] = {1, -1, 0, 0};
  for (int k = 0; k < 4; ++k) {
    const solvers::pegs::Cell over{r + dr[k], c + dc[k]}, to{r + 2 * dr[k], c + 2 * dc[k]};
    if (s.inside(to) && s.at(over) == Site::kPeg && s.at(to) == Site::kHole) out.push_back(to.row * s.cols + to.col);
  }
  return out;
}

}  // namespace pegs_looks_detail

inline PegsRandomLook pegs_random_look(std::uint64_t seed) {
  using namespace pegs_looks_detail;
  cv::RNG rng(0x7065677320726e64ull ^ (seed * 0x9e3779b97f4a7c15ull));
  PegsRandomLook out;
  auto& s = out.truth;
  // The board: English, French, or a square.
  const int shape = rng.uniform(0, 4);
  const int n = shape < 3 ? 7 : rng.uniform(4, 7);
  s.rows = s.cols = n;
  s.sites.assign(static_cast<std::size_t>(n * n), Site::kNone);
  std::vector<int> inside;
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) {
      const bool arm = (r >= 2 && r <= 4) || (c >= 2 && c <= 4);
      const bool french = arm || ((r == 1 || r == 5) && (c == 1 || c == 5));
      if (shape == 3 || (shape == 2 ? french : arm)) inside.push_back(r * n + c);
    }
  const double peg_share = rng.uniform(0.3, 0.85);
  for (int i : inside) s.sites[static_cast<std::size_t>(i)] = rng.uniform(0.0, 1.0) < peg_share ? Site::kPeg : Site::kHole;
  // At least one hole and two pegs (a position of the game).
  s.sites[static_cast<std::size_t>(inside[static_cast<std::size_t>(rng.uniform(0, static_cast<int>(inside.size())))])] = Site::kHole;
  while (s.peg_count() < 2) s.sites[static_cast<std::size_t>(inside[static_cast<std::size_t>(rng.uniform(0, static_cast<int>(inside.size())))])] = Site::kPeg;
  const std::string shape_name = shape == 0 || shape == 1 ? "English" : shape == 2 ? "French" : std::to_string(n) + "x" + std::to_string(n);

  // The page and the board: light or dark, maybe a coloured panel with tile outlines.
  const bool dark = rng.uniform(0, 4) == 0;
  const double page_v = dark ? rng.uniform(0.08, 0.25) : rng.uniform(0.82, 1.0);
  // Colours are drawn one number at a time, the last first: the order g++ evaluated hsv_colour's
  // arguments in when these looks were chosen; clang evaluates them the other way, and drew other
  // looks under the sanitizers.
  const double page_s = rng.uniform(0.0, 0.12);
  const cv::Scalar page = hsv_colour(rng.uniform(0.0, 360.0), page_s, page_v);
  const int panel_kind = rng.uniform(0, 3);  // 0 none, 1 a panel, 2 a panel of outlined tiles
  cv::Scalar panel = page;
  if (panel_kind != 0) {
    const double v = dark ? rng.uniform(0.25, 0.4) : rng.uniform(0.7, 0.9);
    const double sat = rng.uniform(0.15, 0.45);
    panel = hsv_colour(rng.uniform(20.0, 50.0), sat, v);
  }
  const int pitch = rng.uniform(30, 80);
  const double hole_ratio = rng.uniform(0, 3) == 0 ? rng.uniform(0.62, 0.8) : 1.0;  // holes smaller than pegs, or one size
  const double radius = pitch * rng.uniform(0.3, 0.4);
  const int margin = pitch;
  out.image = cv::Mat(n * pitch + 2 * margin, n * pitch + 2 * margin + rng.uniform(0, 3) * pitch, CV_8UC3, page);
  auto centre_of = [&](int i) { return cv::Point2d(margin + (i % n + 0.5) * pitch, margin + (i / n + 0.5) * pitch); };
  const cv::Scalar line = dark ? mix(panel, cv::Scalar(255, 255, 255), 0.4) : mix(panel, cv::Scalar(0, 0, 0), 0.7);
  if (panel_kind > 0) {
    cv::rectangle(out.image, cv::Rect(margin / 3, margin / 3, n * pitch + margin * 4 / 3, n * pitch + margin * 4 / 3), panel, cv::FILLED);
    if (panel_kind == 2)
      for (int i : inside) {
        const cv::Point2d c = centre_of(i);
        cv::rectangle(out.image, cv::Rect(static_cast<int>(c.x - pitch / 2.0), static_cast<int>(c.y - pitch / 2.0), pitch + 1, pitch + 1), line, 1);
      }
  }
  const cv::Scalar ground = panel;

  // Pegs: a saturated colour, flat (maybe outlined) or glossy.
  const double peg_hue = rng.uniform(0.0, 360.0);
  const double peg_v = rng.uniform(0.45, 0.95);
  const cv::Scalar peg = hsv_colour(peg_hue, rng.uniform(0.6, 1.0), peg_v);
  const bool glossy = rng.uniform(0, 2) == 0;
  const bool outlined = !glossy && rng.uniform(0, 2) == 0;
  // Holes: a ring, a dark dimple, or a pale disc.
  const int hole_style = rng.uniform(0, 3);
  cv::Scalar hole_fill = ground;
  if (hole_style == 1) {
    hole_fill = mix(ground, cv::Scalar(0, 0, 0), dark ? 0.5 : rng.uniform(0.35, 0.6));
  } else if (hole_style == 2) {
    const double sat = rng.uniform(0.0, 0.15);
    hole_fill = mix(hsv_colour(rng.uniform(30.0, 60.0), sat, 1.0), ground, dark ? 0.3 : 0.0);
  }
  const cv::Scalar hole_line = dark ? mix(ground, cv::Scalar(255, 255, 255), 0.45) : mix(ground, cv::Scalar(0, 0, 0), 0.6);
  // A selected peg in another colour; hint rings around the holes it can jump to.
  std::vector<int> pegs_with_jumps;
  for (int i : inside)
    if (s.sites[static_cast<std::size_t>(i)] == Site::kPeg && !targets_of(s, i).empty()) pegs_with_jumps.push_back(i);
  const int selection = pegs_with_jumps.empty() ? 0 : rng.uniform(0, 3);  // 0 none, 1 selected, 2 selected + hints
  const int selected = selection > 0 ? pegs_with_jumps[static_cast<std::size_t>(rng.uniform(0, static_cast<int>(pegs_with_jumps.size())))] : -1;
  const std::vector<int> hints = selection == 2 ? targets_of(s, selected) : std::vector<int>{};
  const double selected_v = rng.uniform(0.8, 1.0), selected_s = rng.uniform(0.7, 1.0);
  const cv::Scalar selected_colour = hsv_colour(std::fmod(peg_hue + rng.uniform(70.0, 290.0), 360.0), selected_s, selected_v);
  const bool selected_ring = rng.uniform(0, 2) == 0;
  const double hint_v = rng.uniform(0.6, 0.95), hint_s = rng.uniform(0.7, 1.0);
  const cv::Scalar hint_colour = hsv_colour(rng.uniform(0.0, 360.0), hint_s, hint_v);
  const double ring_width = std::max(1.5, radius * rng.uniform(0.08, 0.16));

  for (int i : inside) {
    const cv::Point2d c = centre_of(i);
    const cv::Point ci(c);
    const bool is_peg = s.sites[static_cast<std::size_t>(i)] == Site::kPeg;
    const bool hinted = std::find(hints.begin(), hints.end(), i) != hints.end();
    if ((i == selected && selected_ring) || hinted)
      cv::circle(out.image, ci, static_cast<int>(radius * (is_peg ? 1.0 : hole_ratio) + ring_width * 1.2), hint_colour,
                 static_cast<int>(ring_width), cv::LINE_AA);
    if (is_peg) {
      const cv::Scalar colour = i == selected ? selected_colour : peg;
      if (glossy) {
        soft_shadow(out.image, c, radius, dark ? 0.6 : 0.35);
        paint_disc(out.image, c, radius, colour, [](double dx, double dy) { return std::clamp(1.15 - 0.45 * std::hypot(dx + 0.3, dy + 0.3), 0.55, 1.2); }, 0.85);
      } else {
        paint_disc(out.image, c, radius, colour, [](double, double) { return 1.0; }, 0);
        if (outlined) cv::circle(out.image, ci, static_cast<int>(radius), line, std::max(1, pitch / 40), cv::LINE_AA);
      }
    } else {
      const double r = radius * hole_ratio;
      if (hole_style == 0) {
        cv::circle(out.image, ci, static_cast<int>(r), hole_line, std::max(1, static_cast<int>(r * 0.12)), cv::LINE_AA);
      } else if (hole_style == 1) {
        paint_disc(out.image, c, r, hole_fill, [](double dx, double dy) { return std::clamp(0.8 + 0.3 * (dx + dy), 0.6, 1.3); }, 0);
      } else {
        paint_disc(out.image, c, r, hole_fill, [](double, double) { return 1.0; }, 0);
        cv::circle(out.image, ci, static_cast<int>(r), hole_line, std::max(1, pitch / 40), cv::LINE_AA);
      }
    }
  }
  const char* hole_names[] = {"ring holes", "dimple holes", "pale holes"};
  out.what = shape_name + (dark ? ", dark page" : ", light page") + (panel_kind == 2 ? ", tiles" : panel_kind == 1 ? ", panel" : "") +
             (glossy ? ", glossy pegs" : outlined ? ", outlined pegs" : ", flat pegs") + ", " + hole_names[hole_style] +
             (hole_ratio < 1 ? " (smaller)" : "") + (selection > 0 ? ", selected peg" : "") + (selection == 2 ? ", hint rings" : "");
  return out;
}

}  // namespace pb::testing
