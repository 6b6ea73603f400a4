/* onestroke_marked_looks.hpp: random one-stroke looks of browser games (touching cells, S/G or tinted markers, dark walls). */
#pragma once

// Drawn here, not by vision/onestroke/render.cpp, and sharing nothing with the reader: each look is
// a seed. Every look varies the board (4-9 a side, walls, holes, an end cell or none), the colours
// (page, cells, walls, the markers' tints), the pitch (20-90 px), the letters' font, size and weight,
// a title above the board, and JPEG. The families are how cells meet and how the markers show.

#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "vision/onestroke/render.hpp"

namespace pb::testing::onestroke_marked_looks {

namespace os = solvers::onestroke;

enum class Family {
  kHairlines,  // cells touch, 1-2 px lines between them; S and G letters
  kNotches,    // cells touch, rounded corners leave notches where four meet, nothing else between; S and G
  kTints,      // cells touch (lines or notches); the start and end told by their tints alone
  kStartOnly,  // cells touch; only the start is marked (no end cell), by a letter or a tint
};

struct FamilyInfo {
  Family family;
  const char* name;
};

inline const std::vector<FamilyInfo>& families() {
  static const std::vector<FamilyInfo> kAll = {
      {Family::kHairlines, "touching, hairlines, S and G"},
      {Family::kNotches, "touching, corner notches only, S and G"},
      {Family::kTints, "touching, tints alone"},
      {Family::kStartOnly, "touching, start only (no end)"},
  };
  return kAll;
}

struct Look {
  cv::Mat image;
  os::State truth;
  cv::Point2d head_centre;  // where the start's cell centre is, px
  double pitch = 0;         // px
  std::string what;         // for messages
};

inline cv::Scalar hsv(int h, int s, int v) {
  cv::Mat px(1, 1, CV_8UC3, cv::Scalar(h, s, v)), out;
  cv::cvtColor(px, out, cv::COLOR_HSV2BGR);
  const cv::Vec3b b = out.at<cv::Vec3b>(0, 0);
  return {static_cast<double>(b[0]), static_cast<double>(b[1]), static_cast<double>(b[2])};
}

inline int l1(const cv::Scalar& a, const cv::Scalar& b) {
  return static_cast<int>(std::abs(a[0] - b[0]) + std::abs(a[1] - b[1]) + std::abs(a[2] - b[2]));
}

// The look of `family` drawn from `seed` (the same arguments always give the same image).
inline Look make_look(Family family, std::uint64_t seed) {
  cv::RNG rng(seed * 0x9E3779B97F4A7C15ull + static_cast<std::uint64_t>(family) + 1);
  Look out;
  const int rows = rng.uniform(4, 10), cols = rng.uniform(4, 10);
  std::vector<os::Cell> walk;
  os::State board = vision::onestroke::random_board(rows, cols, 1, seed * 31 + static_cast<std::uint64_t>(family), &walk);
  const bool with_end = family != Family::kStartOnly && walk.size() > 2;
  // What is drawn on each site that the walk missed: a dark wall (2 of 3) or nothing (the page).
  std::vector<int> wall(static_cast<std::size_t>(rows * cols), 0);
  for (int i = 0; i < rows * cols; ++i)
    if (board.sites[static_cast<std::size_t>(i)] == os::Site::kNone) wall[static_cast<std::size_t>(i)] = rng.uniform(0, 3) < 2 ? 1 : 0;
  // The truth: the drawn sites' bounding box (holes along the edge are not part of any board).
  int r0 = rows, r1 = -1, c0 = cols, c1 = -1;
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      const auto i = static_cast<std::size_t>(r * cols + c);
      if (board.sites[i] == os::Site::kNone && wall[i] == 0) continue;
      r0 = std::min(r0, r), r1 = std::max(r1, r), c0 = std::min(c0, c), c1 = std::max(c1, c);
    }
  os::State& t = out.truth;
  t.rows = r1 - r0 + 1;
  t.cols = c1 - c0 + 1;
  for (int r = r0; r <= r1; ++r)
    for (int c = c0; c <= c1; ++c) t.sites.push_back(board.sites[static_cast<std::size_t>(r * cols + c)]);
  t.head = {board.head.row - r0, board.head.col - c0};
  if (with_end) t.end = os::Cell{walk.back().row - r0, walk.back().col - c0};

  // Colours: a light page, cells that differ from it, dark walls, pale green and red markers.
  // Several draws for one colour are made one at a time, the last argument first: the order g++
  // evaluated them in when they were written as one call's arguments; clang evaluates arguments
  // the other way, and drew other looks for the same seeds under the sanitizers.
  const auto draw_hsv = [&rng](int h0, int h1, int s0, int s1, int v0, int v1) {
    const int v = rng.uniform(v0, v1);
    const int s = rng.uniform(s0, s1);
    const int h = rng.uniform(h0, h1);
    return hsv(h, s, v);
  };
  cv::Scalar page, cell;
  do {
    page = draw_hsv(0, 180, 0, 40, 215, 256);
    cell = draw_hsv(0, 180, 0, 50, 170, 256);
  } while (l1(page, cell) < 60);
  cv::Scalar start_tint, end_tint;
  do {  // markers that stand out from the cells
    start_tint = draw_hsv(45, 75, 50, 130, 200, 256);
    const int end_v = rng.uniform(215, 256);
    const int end_s = rng.uniform(50, 130);
    const int end_h = rng.uniform(0, 2) == 0 ? rng.uniform(0, 8) : rng.uniform(170, 180);
    end_tint = hsv(end_h, end_s, end_v);
  } while (l1(start_tint, cell) < 60 || l1(end_tint, cell) < 60 || l1(start_tint, page) < 60 || l1(end_tint, page) < 60);
  const cv::Scalar wall_colour = draw_hsv(0, 180, 0, 90, 20, 80);
  const cv::Scalar hair = draw_hsv(0, 180, 0, 40, 60, 170);
  const cv::Scalar start_ink = draw_hsv(50, 70, 150, 256, 60, 130);
  const cv::Scalar end_ink = draw_hsv(0, 6, 150, 256, 90, 170);
  const bool letters = family != Family::kTints && (family != Family::kStartOnly || rng.uniform(0, 2) == 0);
  const bool hairlines = family == Family::kHairlines || (family != Family::kNotches && rng.uniform(0, 2) == 0);

  const double pitch = std::exp(rng.uniform(std::log(20.0), std::log(90.0)));
  const int margin_x = static_cast<int>(pitch * rng.uniform(0.4, 2.0)), margin_top = static_cast<int>(pitch * rng.uniform(1.0, 3.0));
  const int width = static_cast<int>(std::ceil(t.cols * pitch)) + 2 * margin_x;
  const int height = static_cast<int>(std::ceil(t.rows * pitch)) + margin_top + static_cast<int>(pitch * rng.uniform(0.4, 2.0));
  cv::Mat img(height, width, CV_8UC3, page);
  const cv::Point2d origin(margin_x, margin_top);
  auto rect = [&](int r, int c, double inset) {
    return cv::Rect(cv::Point(static_cast<int>(std::lround(origin.x + c * pitch + inset)), static_cast<int>(std::lround(origin.y + r * pitch + inset))),
                    cv::Point(static_cast<int>(std::lround(origin.x + (c + 1) * pitch - inset)),
                              static_cast<int>(std::lround(origin.y + (r + 1) * pitch - inset))));
  };
  const double gap = 0.0;
  // Touching cells with no lines between them show their seams by notches (a touching board with
  // neither has no seams to see).
  const double corner = family == Family::kNotches || !hairlines ? pitch * rng.uniform(0.07, 0.18) : 0;
  const int line = std::max(1, static_cast<int>(std::lround(pitch * rng.uniform(0.015, 0.04))));
  auto fill = [&](const cv::Rect& r, const cv::Scalar& colour) {
    if (corner < 1) {
      cv::rectangle(img, r, colour, cv::FILLED);
      return;
    }
    const int k = static_cast<int>(corner);
    cv::rectangle(img, cv::Rect(r.x + k, r.y, r.width - 2 * k, r.height), colour, cv::FILLED);
    cv::rectangle(img, cv::Rect(r.x, r.y + k, r.width, r.height - 2 * k), colour, cv::FILLED);
    for (const cv::Point& p : {cv::Point(r.x + k, r.y + k), cv::Point(r.br().x - k - 1, r.y + k), cv::Point(r.x + k, r.br().y - k - 1),
                               cv::Point(r.br().x - k - 1, r.br().y - k - 1)})
      cv::circle(img, p, k, colour, cv::FILLED, cv::LINE_AA);
  };
  const std::vector<int> fonts = {cv::FONT_HERSHEY_SIMPLEX, cv::FONT_HERSHEY_DUPLEX, cv::FONT_HERSHEY_COMPLEX, cv::FONT_HERSHEY_TRIPLEX,
                                  cv::FONT_HERSHEY_PLAIN};
  const int font = fonts[static_cast<std::size_t>(rng.uniform(0, static_cast<int>(fonts.size())))];
  const double letter_height = rng.uniform(0.35, 0.6);
  const int weight = std::max(1, static_cast<int>(std::lround(pitch * rng.uniform(0.03, 0.08))));
  auto letter = [&](int r, int c, const char* text, const cv::Scalar& colour) {
    int base = 0;
    const cv::Size one = cv::getTextSize(text, font, 1.0, weight, &base);
    const double scale = letter_height * pitch / std::max(1, one.height);
    const cv::Size sz = cv::getTextSize(text, font, scale, weight, &base);
    const cv::Point at(static_cast<int>(origin.x + (c + 0.5) * pitch - sz.width / 2.0), static_cast<int>(origin.y + (r + 0.5) * pitch + sz.height / 2.0));
    cv::putText(img, text, at, font, scale, colour, weight, cv::LINE_AA);
  };
  for (int r = 0; r < t.rows; ++r)
    for (int c = 0; c < t.cols; ++c) {
      const auto i = static_cast<std::size_t>(r * t.cols + c);
      const bool is_wall = t.sites[i] == os::Site::kNone && wall[static_cast<std::size_t>((r + r0) * cols + c + c0)] != 0;
      if (t.sites[i] == os::Site::kNone && !is_wall) continue;
      const os::Cell at{r, c};
      const cv::Scalar colour = is_wall ? wall_colour : at == t.head ? start_tint : (t.end && at == *t.end) ? end_tint : cell;
      fill(rect(r, c, gap), colour);
      if (hairlines) cv::rectangle(img, rect(r, c, 0), hair, line);
    }
  if (letters) {
    letter(t.head.row, t.head.col, "S", start_ink);
    if (t.end) letter(t.end->row, t.end->col, "G", end_ink);
  }
  // A title over the board, as pages have.
  cv::putText(img, "Level " + std::to_string(rng.uniform(1, 200)), cv::Point(margin_x, static_cast<int>(margin_top * 0.6)),
              cv::FONT_HERSHEY_SIMPLEX, std::max(0.3, pitch / 60.0), hair, 1, cv::LINE_AA);
  std::string what = "seed " + std::to_string(seed) + " pitch " + std::to_string(static_cast<int>(pitch));
  if (rng.uniform(0, 2) == 0) {
    const int q = rng.uniform(70, 101);
    std::vector<std::uint8_t> buf;
    cv::imencode(".jpg", img, buf, {cv::IMWRITE_JPEG_QUALITY, q});
    img = cv::imdecode(buf, cv::IMREAD_COLOR);
    what += " jpeg " + std::to_string(q);
  }
  out.image = img;
  out.pitch = pitch;
  out.head_centre = {origin.x + (t.head.col + 0.5) * pitch, origin.y + (t.head.row + 0.5) * pitch};
  out.what = what;
  return out;
}

}  // namespace pb::testing::onestroke_marked_looks
