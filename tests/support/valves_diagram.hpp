/* valves_diagram.hpp: draws an arena valves level as a node-link diagram in a generated look (the valves reader's look sweep). */
#pragma once

// The look: straight pipes from centre to centre; valves as circles or squares, filled or outlined,
// with their letter inside (closed valves in another colour); the inlet and outlet as coloured boxes
// with X and Y in them, or plain; "wrenches: n/k" at the top left. Everything else (palette, dark or
// light page, line widths, sizes, Hershey font, italics) comes from the seed.

#include <algorithm>
#include <cmath>
#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>
#include <string>

#include "samples/arena/valves_level.hpp"
#include "tests/support/generated_look.hpp"

namespace pb::testing {

struct DiagramStyle {
  cv::Scalar page, pipe, fill, closed, letter, inlet, outlet;
  bool circles = true, filled = true, end_letters = true;
  int pipe_px = 3, rim_px = 2, font = cv::FONT_HERSHEY_SIMPLEX;
  double radius = 0.045;  // node half-side, fraction of the canvas' shorter side
};

// A random colour at least `apart` (largest channel difference) from each of `others`.
inline cv::Scalar colour_apart(cv::RNG& rng, std::initializer_list<cv::Scalar> others, int apart) {
  for (;;) {
    cv::Scalar c(rng.uniform(0, 256), rng.uniform(0, 256), rng.uniform(0, 256));
    if (std::all_of(others.begin(), others.end(), [&](const cv::Scalar& o) { return colour_distance(c, o) >= apart; })) return c;
  }
}

inline DiagramStyle diagram_style(int seed) {
  cv::RNG rng(0x6469616772616dull + static_cast<std::uint64_t>(seed) * 7919);
  DiagramStyle s;
  const bool dark = seed % 4 == 3;
  const int g = dark ? rng.uniform(15, 60) : rng.uniform(215, 256);
  s.page = cv::Scalar(g + rng.uniform(-10, 0), g, g + rng.uniform(-10, 0));
  s.pipe = colour_apart(rng, {s.page}, 110);
  s.circles = seed % 2 == 0;
  s.filled = (seed / 2) % 2 == 0;
  s.end_letters = seed % 5 != 4;
  s.fill = s.filled ? colour_apart(rng, {s.page}, 110) : s.pipe;
  s.closed = colour_apart(rng, {s.page, s.fill}, 110);
  s.letter = colour_apart(rng, {s.fill, s.closed, s.page}, 90);
  s.inlet = colour_apart(rng, {s.page, s.letter}, 100);
  s.outlet = colour_apart(rng, {s.page, s.letter}, 100);
  s.pipe_px = rng.uniform(2, 7);
  s.rim_px = rng.uniform(2, 5);
  static constexpr int kFonts[] = {cv::FONT_HERSHEY_SIMPLEX, cv::FONT_HERSHEY_DUPLEX, cv::FONT_HERSHEY_COMPLEX, cv::FONT_HERSHEY_TRIPLEX};
  s.font = kFonts[seed % 4] | (seed % 7 == 5 ? cv::FONT_ITALIC : 0);
  s.radius = rng.uniform(0.04, 0.055);
  return s;
}

inline void diagram_text(cv::Mat& img, const std::string& text, cv::Point2d c, double height, int font, const cv::Scalar& colour,
                         bool centred = true) {
  int base = 0;
  const cv::Size unit = cv::getTextSize(text, font, 1.0, 1, &base);
  const double scale = height / std::max(1, unit.height);
  const int thick = std::max(1, static_cast<int>(height / 9));
  const cv::Size sz = cv::getTextSize(text, font, scale, thick, &base);
  const cv::Point2d org = centred ? cv::Point2d(c.x - sz.width / 2.0, c.y + sz.height / 2.0) : c;
  cv::putText(img, text, cv::Point(static_cast<int>(std::lround(org.x)), static_cast<int>(std::lround(org.y))), font, scale, colour, thick,
              cv::LINE_AA);
}

// The level as a diagram on a canvas of `size` (the level's node_centre() positions, for the session's size).
inline cv::Mat draw_valves_diagram(const arena::ValvesLevel& level, cv::Size size, const DiagramStyle& s) {
  const auto& st = level.state();
  cv::Mat img(size, CV_8UC3, s.page);
  const double r = s.radius * std::min(size.width, size.height);
  auto pt = [](cv::Point2d p) { return cv::Point(static_cast<int>(std::lround(p.x)), static_cast<int>(std::lround(p.y))); };
  for (auto [a, b] : st.pipes) cv::line(img, pt(level.node_centre(a)), pt(level.node_centre(b)), s.pipe, s.pipe_px, cv::LINE_AA);
  for (std::size_t v = 0; v < st.names.size(); ++v) {
    const cv::Point2d c = level.node_centre(static_cast<int>(v));
    const bool end = static_cast<int>(v) == st.inlet || static_cast<int>(v) == st.outlet;
    if (end) {
      const double h = r * 1.1;
      cv::rectangle(img, pt(c - cv::Point2d(h, h)), pt(c + cv::Point2d(h, h)), static_cast<int>(v) == st.inlet ? s.inlet : s.outlet, cv::FILLED,
                    cv::LINE_AA);
      if (s.end_letters) diagram_text(img, st.names[v], c, r * 0.9, s.font, s.letter);
      continue;
    }
    const cv::Scalar colour = st.closed[v] ? s.closed : s.fill;
    if (s.circles) {
      cv::circle(img, pt(c), static_cast<int>(std::lround(r)), s.filled ? colour : s.page, cv::FILLED, cv::LINE_AA);
      if (!s.filled) cv::circle(img, pt(c), static_cast<int>(std::lround(r - s.rim_px / 2.0)), colour, s.rim_px, cv::LINE_AA);
    } else {
      const double h = r * 0.9;
      cv::rectangle(img, pt(c - cv::Point2d(h, h)), pt(c + cv::Point2d(h, h)), s.filled ? colour : s.page, cv::FILLED, cv::LINE_AA);
      if (!s.filled) cv::rectangle(img, pt(c - cv::Point2d(h, h)), pt(c + cv::Point2d(h, h)), colour, s.rim_px, cv::LINE_AA);
    }
    diagram_text(img, st.names[v], c, r * 0.8, s.font, s.filled ? s.letter : s.pipe);
  }
  const double th = std::max(12.0, size.height / 30.0);
  diagram_text(img, "wrenches: " + std::to_string(st.closed_count()) + "/" + std::to_string(st.wrenches), {size.width * 0.03, th * 1.6}, th,
               s.font & ~cv::FONT_ITALIC, s.pipe, false);
  return img;
}

}  // namespace pb::testing
