/* hanoi_looks.hpp: a randomised Tower of Hanoi look generator for the reader's tests: rods, slots or none, base bar, plates or nothing under them, discs as boxes, rounded bars, stadiums, trapezoids or boxes holding a shape, one colour, shades of one or many, light or dark, flat, gradient, textured or illustrated pages, landscape phone frames with a status bar and an ad banner. */
#pragma once

// Looks the project's arena renderer (vision/hanoi/render.cpp) never draws, drawn here so the reader
// is tested on looks it was not written for. Every factor comes from the look's seed (printed with
// each refusal or wrong read, so a case replays). Nothing here is shared with the reader.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>
#include <string>
#include <vector>

#include "solvers/hanoi/hanoi.hpp"
#include "tests/support/look_sweep.hpp"

namespace pb::testing {

struct HanoiLook {
  enum class Floor { kBase, kPlates, kNone };
  enum class Shape { kBox, kRounded, kStadium, kTrapezoid, kBoxWithShape };
  enum class Palette { kOne, kShades, kMany };
  enum class Page { kFlat, kGradient, kTexture };
  std::uint64_t seed = 0;
  bool rods = true, dark = false, phone = false, touching = false;
  bool slots = false;        // each peg a slot (a tall channel of another colour the discs stand in) instead of a rod
  bool illustrated = false;  // a landscape behind the board: a sky, hills, a sun and trees
  Floor floor = Floor::kBase;
  Shape shape = Shape::kRounded;
  Palette palette = Palette::kMany;
  Page page = Page::kFlat;
  double scale = 1;
  int jpeg = 0;  // 0: PNG
  // The family the tallies are kept by (docs/VISION.md's rows).
  std::string family() const {
    if (!rods) return "no rods";
    if (slots) return "slots instead of rods";
    if (illustrated) return "illustrated background";
    if (phone) return "phone, landscape, banner";
    if (dark) return "dark page";
    if (floor == Floor::kPlates) return "base plates";
    if (floor == Floor::kNone) return "rods, no base";
    return "base bar";
  }
  std::string what() const {
    static const char* floors[] = {"base bar", "plates", "no base"};
    static const char* shapes[] = {"boxes", "rounded", "stadiums", "trapezoids", "boxes with a shape"};
    static const char* palettes[] = {"one colour", "shades of one", "many colours"};
    static const char* pages[] = {"flat", "gradient", "textured"};
    char buf[240];
    std::snprintf(buf, sizeof buf, "seed %llu: %s%s, %s, %s, %s, %s %s page%s, scale %.2f, %s %d",
                  static_cast<unsigned long long>(seed), !rods ? "no rods" : slots ? "slots" : "rods",
                  illustrated ? " (illustrated)" : phone ? " (phone)" : "",
                  floors[static_cast<int>(floor)], shapes[static_cast<int>(shape)], palettes[static_cast<int>(palette)],
                  dark ? "dark" : "light", pages[static_cast<int>(page)], touching ? ", discs touching" : "", scale,
                  jpeg ? "jpeg" : "png", jpeg);
    return buf;
  }
};

inline HanoiLook random_hanoi_look(std::uint64_t seed) {
  cv::RNG rng(seed * 2654435761ull + 17);
  HanoiLook l;
  l.seed = seed;
  l.rods = rng.uniform(0, 10) != 0;  // one look in ten draws no rods
  l.dark = rng.uniform(0, 3) == 0;
  l.phone = rng.uniform(0, 4) == 0;
  l.touching = rng.uniform(0, 5) < 2;
  l.floor = static_cast<HanoiLook::Floor>(rng.uniform(0, 3));
  if (!l.rods && l.floor == HanoiLook::Floor::kNone) l.floor = HanoiLook::Floor::kPlates;
  l.shape = static_cast<HanoiLook::Shape>(rng.uniform(0, 5));
  l.palette = static_cast<HanoiLook::Palette>(rng.uniform(0, 3));
  l.page = static_cast<HanoiLook::Page>(rng.uniform(0, 3));
  l.scale = std::exp(rng.uniform(std::log(0.6), std::log(1.5)));
  l.jpeg = rng.uniform(0, 3) == 0 ? 0 : rng.uniform(60, 96);
  // Drawn apart, so that the factors above stay what they were for every seed (issue #24's looks).
  std::uint64_t h = seed + 0x9E3779B97F4A7C15ull;  // splitmix64: cv::RNG's first draws follow a plain multiple of the seed
  h = (h ^ (h >> 30)) * 0xBF58476D1CE4E5B9ull;
  h = (h ^ (h >> 27)) * 0x94D049BB133111EBull;
  cv::RNG more(h ^ (h >> 31));
  l.slots = l.rods && more.uniform(0, 7) == 0;
  l.illustrated = !l.dark && more.uniform(0, 7) == 0;
  return l;
}

namespace hanoi_looks_detail {

inline cv::Scalar hsv(double h, double s, double v) {  // h 0-180, s and v 0-255, as OpenCV's HSV
  cv::Mat px(1, 1, CV_8UC3, cv::Scalar(h, s, v)), bgr;
  cv::cvtColor(px, bgr, cv::COLOR_HSV2BGR);
  const cv::Vec3b c = bgr.at<cv::Vec3b>(0, 0);
  return {static_cast<double>(c[0]), static_cast<double>(c[1]), static_cast<double>(c[2])};
}

inline void disc(cv::Mat& img, cv::Rect r, HanoiLook::Shape shape, const cv::Scalar& colour, const cv::Scalar& mark, double inset) {
  const int h = r.height;
  auto rounded = [&](int radius) {
    radius = std::clamp(radius, 0, std::min(r.width, r.height) / 2);
    cv::rectangle(img, {r.x + radius, r.y, r.width - 2 * radius, r.height}, colour, cv::FILLED, cv::LINE_AA);
    cv::rectangle(img, {r.x, r.y + radius, r.width, r.height - 2 * radius}, colour, cv::FILLED, cv::LINE_AA);
    for (cv::Point c : {cv::Point{r.x + radius, r.y + radius}, {r.x + r.width - 1 - radius, r.y + radius},
                        {r.x + radius, r.y + r.height - 1 - radius}, {r.x + r.width - 1 - radius, r.y + r.height - 1 - radius}})
      cv::circle(img, c, radius, colour, cv::FILLED, cv::LINE_AA);
  };
  switch (shape) {
    case HanoiLook::Shape::kBox: cv::rectangle(img, r, colour, cv::FILLED); break;
    case HanoiLook::Shape::kRounded: rounded(h / 4); break;
    case HanoiLook::Shape::kStadium: rounded(h / 2); break;
    case HanoiLook::Shape::kTrapezoid: {
      const int d = static_cast<int>(std::lround(inset));
      std::vector<cv::Point> pts{{r.x + d, r.y}, {r.x + r.width - 1 - d, r.y}, {r.x + r.width - 1, r.y + h - 1}, {r.x, r.y + h - 1}};
      cv::fillConvexPoly(img, pts, colour, cv::LINE_AA);
      break;
    }
    case HanoiLook::Shape::kBoxWithShape: {
      cv::rectangle(img, r, colour, cv::FILLED);
      cv::circle(img, {r.x + r.width / 2, r.y + h / 2}, std::max(2, h / 4), mark, cv::FILLED, cv::LINE_AA);
      break;
    }
  }
}

}  // namespace hanoi_looks_detail

// `state` (goal: the last rod; these looks draw no goal marker) in `look`, scaled and compressed.
inline cv::Mat draw_hanoi_look(const solvers::hanoi::State& state, const HanoiLook& look) {
  using namespace hanoi_looks_detail;
  cv::RNG rng(look.seed * 40503ull + 5);
  const cv::Size size = look.phone ? cv::Size(1560, 720) : (rng.uniform(0, 2) ? cv::Size(1280, 800) : cv::Size(1024, 768));
  // The page.
  const double hue = rng.uniform(0, 180);
  // Several draws for one call are made one at a time, the last argument first: the order g++
  // evaluated them in when they were written as one call's arguments; clang evaluates arguments
  // the other way, and drew other looks for the same seeds under the sanitizers.
  const int page_v = look.dark ? rng.uniform(15, 50) : rng.uniform(225, 256);
  const int page_s = look.dark ? rng.uniform(0, 80) : rng.uniform(0, 40);
  const cv::Scalar page = hsv(hue, page_s, page_v);
  cv::Mat img(size, CV_8UC3, page);
  if (look.page == HanoiLook::Page::kGradient) {
    const double span = rng.uniform(15, 35) * (look.dark ? 1 : -1);
    const bool vertical = rng.uniform(0, 2) == 0;
    for (int y = 0; y < img.rows; ++y)
      for (int x = 0; x < img.cols; ++x) {
        const double t = vertical ? static_cast<double>(y) / img.rows : static_cast<double>(x) / img.cols;
        cv::Vec3b& p = img.at<cv::Vec3b>(y, x);
        for (int c = 0; c < 3; ++c) p[c] = cv::saturate_cast<std::uint8_t>(page[c] + span * t);
      }
  } else if (look.page == HanoiLook::Page::kTexture) {
    cv::Mat noise(img.size(), CV_16SC3);
    cv::randn(noise, 0, rng.uniform(2.0, 4.0));
    cv::Mat img16;
    img.convertTo(img16, CV_16SC3);
    img16 += noise;
    // Faint diagonal stripes, paper-like.
    const int period = rng.uniform(6, 14), amp = rng.uniform(2, 5);
    for (int y = 0; y < img16.rows; ++y)
      for (int x = 0; x < img16.cols; ++x)
        if ((x + y) % period < period / 2) img16.at<cv::Vec3s>(y, x) += cv::Vec3s(static_cast<short>(amp), static_cast<short>(amp), static_cast<short>(amp));
    img16.convertTo(img, CV_8UC3);
  }
  if (look.illustrated) {
    // A sky fading to the horizon, a sun, two or three ranges of hills (the nearer darker), trees.
    cv::RNG art(look.seed * 7001ull + 11);
    const int top_v = art.uniform(200, 250), top_s = art.uniform(60, 140), top_h = art.uniform(95, 115);
    const cv::Scalar top = hsv(top_h, top_s, top_v), low = hsv(art.uniform(90, 110), 30, 250);
    for (int y = 0; y < img.rows; ++y) {
      const double t = static_cast<double>(y) / img.rows;
      img.row(y).setTo(top * (1 - t) + low * t);
    }
    const cv::Scalar sun = hsv(art.uniform(20, 30), 180, 255);
    const int sun_r = img.rows / art.uniform(12, 20);
    const int sun_x = art.uniform(img.cols / 10, img.cols * 9 / 10);
    const int sun_y = art.uniform(img.rows / 12, img.rows / 4);
    cv::circle(img, {sun_x, sun_y}, sun_r, sun, cv::FILLED, cv::LINE_AA);
    const int ranges = art.uniform(2, 4);
    for (int k = 0; k < ranges; ++k) {
      const double base = img.rows * (0.45 + 0.15 * k), amp = img.rows * art.uniform(0.04, 0.1), period = img.cols / art.uniform(1.0, 3.0);
      const double phase = art.uniform(0.0, 6.28);
      std::vector<cv::Point> hill{{0, img.rows}};
      for (int x = 0; x <= img.cols; x += 8) hill.emplace_back(x, static_cast<int>(base - amp * std::sin(phase + x * 6.28 / period)));
      hill.emplace_back(img.cols, img.rows);
      const int hill_s = art.uniform(80, 200), hill_h = art.uniform(35, 70);
      cv::fillPoly(img, std::vector<std::vector<cv::Point>>{hill}, hsv(hill_h, hill_s, 200 - 45 * k), cv::LINE_AA);
    }
    for (int k = art.uniform(2, 7); k > 0; --k) {
      const int foot_y = art.uniform(img.rows / 2, img.rows), foot_x = art.uniform(0, img.cols);
      const cv::Point foot(foot_x, foot_y);
      const int h = img.rows / art.uniform(10, 18);
      cv::rectangle(img, {foot.x - h / 12, foot.y - h, std::max(2, h / 6), h}, hsv(15, 150, 90), cv::FILLED);
      const int crown_v = art.uniform(90, 160), crown_h = art.uniform(40, 65);
      cv::ellipse(img, {foot.x, foot.y - h}, {h / 2, h / 4}, 0, 0, 360, hsv(crown_h, 170, crown_v), cv::FILLED, cv::LINE_AA);
    }
  }
  const cv::Scalar ink = look.dark ? cv::Scalar(225, 225, 225) : cv::Scalar(40, 40, 40);
  cv::Rect area(0, 0, size.width, size.height);
  if (look.phone) {
    // A status bar and an ad banner: the border is mostly not the page.
    const int bar = size.height / 24, banner = size.height / 7;
    cv::rectangle(img, {0, 0, size.width, bar}, look.dark ? cv::Scalar(0, 0, 0) : cv::Scalar(30, 30, 30), cv::FILLED);
    cv::putText(img, "12:30", {20, bar * 3 / 4}, cv::FONT_HERSHEY_SIMPLEX, bar / 40.0, {255, 255, 255}, 1, cv::LINE_AA);
    const cv::Scalar ad = hsv(rng.uniform(0, 180), 200, 220);
    cv::rectangle(img, {0, size.height - banner, size.width, banner}, ad, cv::FILLED);
    cv::putText(img, "Play Tiles Now! Free", {size.width / 10, size.height - banner / 3}, cv::FONT_HERSHEY_DUPLEX, banner / 60.0,
                {255, 255, 255}, 2, cv::LINE_AA);
    cv::rectangle(img, {size.width * 3 / 4, size.height - banner * 4 / 5, size.width / 6, banner * 3 / 5}, {255, 255, 255}, cv::FILLED);
    cv::putText(img, "INSTALL", {size.width * 3 / 4 + 20, size.height - banner * 2 / 5}, cv::FONT_HERSHEY_SIMPLEX, banner / 70.0, ad, 2, cv::LINE_AA);
    area = {size.width / 10, bar, size.width * 8 / 10, size.height - bar - banner};
  } else {
    area = {size.width / 12, size.height / 8, size.width * 10 / 12, size.height * 6 / 8};
  }
  cv::putText(img, "Tower of Hanoi", {area.x, area.y + area.height / 12}, cv::FONT_HERSHEY_SIMPLEX, area.height / 600.0 + 0.3, ink, 1, cv::LINE_AA);
  cv::putText(img, "Moves: 0", {area.x + area.width - area.width / 6, area.y + area.height / 12}, cv::FONT_HERSHEY_SIMPLEX,
              area.height / 700.0 + 0.3, ink, 1, cv::LINE_AA);

  // The apparatus.
  const int rods = state.rods, n = std::max(1, state.disks());
  const double spacing = static_cast<double>(area.width) / rods;
  const int disc_h = static_cast<int>(std::lround(std::min(area.height * rng.uniform(0.045, 0.08), area.height * 0.6 / (n + 1.5))));
  const int gap = look.touching ? 0 : rng.uniform(2, 6);
  const int rod_w = std::max(3, static_cast<int>(std::lround(size.width * rng.uniform(0.006, 0.016))));
  const double max_w = spacing * rng.uniform(0.7, 0.92), min_w = std::max(spacing * rng.uniform(0.2, 0.35), 3.0 * rod_w);
  const double unit = n > 1 ? (max_w - min_w) / (n - 1) : 0;
  const int floor_h = look.floor == HanoiLook::Floor::kNone ? 0 : std::max(4, static_cast<int>(disc_h * rng.uniform(0.3, 0.7)));
  const int rod_h = static_cast<int>(std::lround((n + rng.uniform(1.0, 2.0)) * (disc_h + gap)));
  const int floor_y = area.y + area.height * 3 / 4;  // the top of what the discs rest on
  const int rod_v = look.dark ? rng.uniform(150, 230) : rng.uniform(30, 110);
  const int rod_s = look.dark ? rng.uniform(0, 120) : rng.uniform(0, 160);
  const cv::Scalar rod_colour = hsv(rng.uniform(0, 180), rod_s, rod_v);
  cv::Scalar floor_colour = rod_colour;
  if (rng.uniform(0, 2) == 0) {
    const int floor_s = rng.uniform(60, 200);
    floor_colour = hsv(rng.uniform(0, 180), floor_s, look.dark ? 160 : 90);
  }
  std::vector<int> xs;
  for (int p = 0; p < rods; ++p) xs.push_back(static_cast<int>(std::lround(area.x + (p + 0.5) * spacing)));
  if (look.slots) {
    // Channels a little wider than the largest disc, of a colour apart from the page, the discs
    // standing on their floors (the X11 game's look).
    const int w = static_cast<int>(std::lround(std::min(spacing * 0.96, max_w + spacing * rng.uniform(0.03, 0.08))));
    const int slot_v = look.dark ? rng.uniform(70, 110) : rng.uniform(150, 195);
    const cv::Scalar slot = hsv(hue, rng.uniform(0, 60), slot_v);
    for (int x : xs) {
      cv::rectangle(img, {x - w / 2, floor_y - rod_h, w, rod_h}, slot, cv::FILLED);
      if (rng.uniform(0, 2) == 0) cv::rectangle(img, {x - w / 2, floor_y - rod_h, w, rod_h}, rod_colour, 2);
    }
  } else if (look.rods) {
    for (int x : xs) cv::rectangle(img, {x - rod_w / 2, floor_y - rod_h, rod_w, rod_h + floor_h / 2}, rod_colour, cv::FILLED);
  }
  if (look.floor == HanoiLook::Floor::kBase)
    cv::rectangle(img, {area.x + static_cast<int>(spacing * 0.05), floor_y, static_cast<int>(area.width - spacing * 0.1), floor_h}, floor_colour, cv::FILLED);
  if (look.floor == HanoiLook::Floor::kPlates)
    for (int x : xs) {
      const int w = static_cast<int>(std::lround(std::min(spacing * 0.97, max_w + spacing * 0.06)));
      cv::rectangle(img, {x - w / 2, floor_y, w, floor_h}, floor_colour, cv::FILLED);
    }
  // Disc colours, by size (0 = smallest).
  std::vector<cv::Scalar> colours;
  const double dh = rng.uniform(0, 180);
  for (int d = 0; d < n; ++d) {
    if (look.palette == HanoiLook::Palette::kOne) colours.push_back(look.dark ? hsv(dh, 150, 220) : hsv(dh, 170, 190));
    else if (look.palette == HanoiLook::Palette::kShades) {
      const double t = n > 1 ? static_cast<double>(d) / (n - 1) : 0;  // light to dark as they grow
      colours.push_back(hsv(dh, 90 + 110 * t, 250 - 120 * t));
    } else {
      const int v = look.dark ? rng.uniform(170, 250) : rng.uniform(90, 220);
      const int s = rng.uniform(120, 230);
      colours.push_back(hsv(std::fmod(dh + d * 180.0 / n + rng.uniform(0, 10), 180), s, v));
    }
  }
  const cv::Scalar mark = rng.uniform(0, 2) ? page : cv::Scalar(255, 255, 255);
  std::vector<int> height(static_cast<std::size_t>(rods), 0);
  for (int d = n - 1; d >= 0 && state.disks() > 0; --d) {
    const int rod = state.config[static_cast<std::size_t>(d)];
    const int w = static_cast<int>(std::lround(min_w + unit * d));
    const int bottom = floor_y - height[static_cast<std::size_t>(rod)]++ * (disc_h + gap) - (gap > 0 ? gap : 0);
    disc(img, {xs[static_cast<std::size_t>(rod)] - w / 2, bottom - disc_h, w, disc_h}, look.shape, colours[static_cast<std::size_t>(d)], mark, unit * 0.25 + 1);
  }
  return degrade(img, look.scale, look.jpeg);
}

// A random position for look `seed`: 3 or 4 rods, 1-7 discs, goal the last rod.
inline solvers::hanoi::State random_hanoi_position(std::uint64_t seed) {
  cv::RNG rng(seed * 7919ull + 3);
  solvers::hanoi::State s;
  s.rods = rng.uniform(0, 4) == 0 ? 4 : 3;
  s.config.resize(static_cast<std::size_t>(rng.uniform(1, 8)));
  for (auto& p : s.config) p = static_cast<std::uint8_t>(rng.uniform(0, s.rods));
  s.goal = s.rods - 1;
  return s;
}

}  // namespace pb::testing
