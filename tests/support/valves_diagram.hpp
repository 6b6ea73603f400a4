/* valves_diagram.hpp: draws an arena valves level as a node-link diagram in a generated look (the valves reader's look sweep). */
#pragma once

// The look: straight pipes from centre to centre; valves as circles or squares, filled or outlined,
// with their letter inside (closed valves in another colour); the inlet and outlet as coloured boxes
// with X and Y in them, or plain; "wrenches: n/k" at the top left. Everything else (palette, dark or
// light page, line widths, sizes, Hershey font, italics) comes from the seed. Other games' looks
// (issue #24), off in diagram_style() and drawn at random by other_diagram_style(): the inlet and
// outlet as coloured arrows, a line that passes close to a node without joining it, and the
// wrench count written "Wrenches: k" (the total alone, at the top).

#include <algorithm>
#include <cmath>
#include <numeric>
#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>
#include <string>
#include <vector>

#include "samples/arena/valves_level.hpp"
#include "tests/support/generated_look.hpp"

namespace pb::testing {

struct DiagramStyle {
  cv::Scalar page, pipe, fill, closed, letter, inlet, outlet;
  bool circles = true, filled = true, end_letters = true;
  int pipe_px = 3, rim_px = 2, font = cv::FONT_HERSHEY_SIMPLEX;
  double radius = 0.045;  // node half-side, fraction of the canvas' shorter side
  bool arrows = false;     // the inlet and outlet as arrows (pointing right) instead of boxes
  bool grazing = false;    // a line that passes close to a node (a node's radius off it) without joining it
  bool total_only = false; // the count as "Wrenches: k" centred at the top (no valve closed yet)
};

// A random colour at least `apart` (largest channel difference) from each of `others`.
inline cv::Scalar colour_apart(cv::RNG& rng, std::initializer_list<cv::Scalar> others, int apart) {
  for (;;) {
    // One draw at a time, the last channel first, as g++ evaluated the constructor's arguments (clang
    // evaluates them first to last: both builds now draw the same looks).
    const int c2 = rng.uniform(0, 256);
    const int c1 = rng.uniform(0, 256);
    const int c0 = rng.uniform(0, 256);
    const cv::Scalar c(c0, c1, c2);
    if (std::all_of(others.begin(), others.end(), [&](const cv::Scalar& o) { return colour_distance(c, o) >= apart; })) return c;
  }
}

inline DiagramStyle diagram_style(int seed) {
  cv::RNG rng(0x6469616772616dull + static_cast<std::uint64_t>(seed) * 7919);
  DiagramStyle s;
  const bool dark = seed % 4 == 3;
  const int g = dark ? rng.uniform(15, 60) : rng.uniform(215, 256);
  const int red = g + rng.uniform(-10, 0);  // drawn before blue, as g++ evaluated the arguments
  const int blue = g + rng.uniform(-10, 0);
  s.page = cv::Scalar(blue, g, red);
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

// diagram_style(seed) with one of the other games' looks (arrows, a grazing line, "Wrenches: k") or
// several, drawn from the seed.
inline DiagramStyle other_diagram_style(int seed) {
  DiagramStyle s = diagram_style(seed);
  std::uint64_t h = static_cast<std::uint64_t>(seed) + 0x9E3779B97F4A7C15ull;  // splitmix64: cv::RNG's first draws follow a plain multiple of its seed
  h = (h ^ (h >> 30)) * 0xBF58476D1CE4E5B9ull;
  h = (h ^ (h >> 27)) * 0x94D049BB133111EBull;
  cv::RNG rng(h ^ (h >> 31));
  do {
    s.arrows = rng.uniform(0, 2) == 0;
    s.grazing = rng.uniform(0, 2) == 0;
    s.total_only = rng.uniform(0, 2) == 0;
  } while (!s.arrows && !s.grazing && !s.total_only);
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
  std::vector<cv::Point2d> centre;
  for (std::size_t v = 0; v < st.names.size(); ++v) centre.push_back(level.node_centre(static_cast<int>(v)));
  if (s.grazing) {
    // A pipe that passes close to a node without joining it: a valve (not the inlet or outlet) is
    // moved beside a pipe's middle, its edge 0.8 radii off the line, at the first place (longest
    // pipes first, either side) at least 3.5 radii from every other node and inside the canvas.
    std::vector<std::size_t> order(st.pipes.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    auto length = [&](std::size_t i) {
      return cv::norm(centre[static_cast<std::size_t>(st.pipes[i].first)] - centre[static_cast<std::size_t>(st.pipes[i].second)]);
    };
    std::sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) { return length(x) > length(y); });
    bool done = false;
    for (std::size_t i : order) {
      const auto [a, b] = st.pipes[i];
      const cv::Point2d pa = centre[static_cast<std::size_t>(a)], pb = centre[static_cast<std::size_t>(b)];
      const cv::Point2d along = (pb - pa) / std::max(1.0, cv::norm(pb - pa)), across(-along.y, along.x);
      for (int v = 0; v < static_cast<int>(st.names.size()) && !done; ++v) {
        if (v == a || v == b || v == st.inlet || v == st.outlet) continue;
        for (const double side : {1.0, -1.0}) {
          const cv::Point2d at = (pa + pb) * 0.5 + across * (1.8 * r * side);
          bool clear = at.x > 2 * r && at.y > 4 * r && at.x < size.width - 2 * r && at.y < size.height - 2 * r;
          for (std::size_t o = 0; o < centre.size() && clear; ++o)
            clear = static_cast<int>(o) == v || cv::norm(centre[o] - at) >= 3.5 * r;
          // Only the one pipe passes close: no other runs through or by the moved valve, and its own
          // pipes pass no other node (a pipe through a node reads as two pipes: no picture to test on).
          std::vector<cv::Point2d> moved = centre;
          moved[static_cast<std::size_t>(v)] = at;
          for (std::size_t q = 0; q < st.pipes.size() && clear; ++q)
            for (std::size_t o = 0; o < moved.size() && clear; ++o) {
              const auto [qa, qb] = st.pipes[q];
              if (static_cast<int>(o) == qa || static_cast<int>(o) == qb || (q == i && static_cast<int>(o) == v)) continue;
              if (static_cast<int>(o) != v && qa != v && qb != v) continue;  // pipes and nodes the move leaves as they were
              const cv::Point2d s0 = moved[static_cast<std::size_t>(qa)], s1 = moved[static_cast<std::size_t>(qb)];
              const double len = std::max(1.0, cv::norm(s1 - s0));
              const double t = std::clamp((moved[o] - s0).dot(s1 - s0) / (len * len), 0.0, 1.0);
              clear = cv::norm(moved[o] - (s0 + (s1 - s0) * t)) >= 2.5 * r;
            }
          if (!clear) continue;
          centre[static_cast<std::size_t>(v)] = at;
          done = true;
          break;
        }
      }
      if (done) break;
    }
  }
  for (auto [a, b] : st.pipes) cv::line(img, pt(centre[static_cast<std::size_t>(a)]), pt(centre[static_cast<std::size_t>(b)]), s.pipe, s.pipe_px, cv::LINE_AA);
  for (std::size_t v = 0; v < st.names.size(); ++v) {
    const cv::Point2d c = centre[v];
    const bool end = static_cast<int>(v) == st.inlet || static_cast<int>(v) == st.outlet;
    if (end) {
      const double h = r * 1.1;
      const cv::Scalar colour = static_cast<int>(v) == st.inlet ? s.inlet : s.outlet;
      if (s.arrows) {  // a fat arrow pointing right, its shaft's middle on the node
        const std::vector<cv::Point> arrow{pt(c + cv::Point2d(-1.4 * h, -0.75 * h)), pt(c + cv::Point2d(0.3 * h, -0.75 * h)),
                                           pt(c + cv::Point2d(0.3 * h, -1.3 * h)),   pt(c + cv::Point2d(1.5 * h, 0)),
                                           pt(c + cv::Point2d(0.3 * h, 1.3 * h)),    pt(c + cv::Point2d(0.3 * h, 0.75 * h)),
                                           pt(c + cv::Point2d(-1.4 * h, 0.75 * h))};
        cv::fillPoly(img, std::vector<std::vector<cv::Point>>{arrow}, colour, cv::LINE_AA);
      } else {
        cv::rectangle(img, pt(c - cv::Point2d(h, h)), pt(c + cv::Point2d(h, h)), colour, cv::FILLED, cv::LINE_AA);
      }
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
  if (s.total_only)
    diagram_text(img, "Wrenches: " + std::to_string(st.wrenches), {size.width * 0.5, th * 1.2}, th, s.font & ~cv::FONT_ITALIC, s.pipe);
  else
    diagram_text(img, "wrenches: " + std::to_string(st.closed_count()) + "/" + std::to_string(st.wrenches), {size.width * 0.03, th * 1.6},
                 th, s.font & ~cv::FONT_ITALIC, s.pipe, false);
  return img;
}

}  // namespace pb::testing
