/* render.cpp: draws knight's-tour boards (checkerboard, grid, visited numbers, start ring, knight). */
#include "vision/knight/render.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <opencv2/imgproc.hpp>
#include <string>
#include <vector>

#include "vision/common/render_style.hpp"

namespace pb::vision::knight {
namespace {

using solvers::knight::Square;

// Text of `height` px (cap height) in `box`, centred.
void centred_text(cv::Mat& img, const std::string& text, cv::Point2d centre, double height, double max_width,
                  int font, const cv::Scalar& colour) {
  int base = 0;
  const cv::Size unit = cv::getTextSize(text, font, 1.0, 1, &base);
  double scale = height / std::max(1, unit.height);
  if (unit.width * scale > max_width) scale = max_width / std::max(1, unit.width);
  const int thick = std::max(1, static_cast<int>(std::lround(height / 9)));
  const cv::Size sz = cv::getTextSize(text, font, scale, thick, &base);
  const cv::Point org(static_cast<int>(std::lround(centre.x - sz.width / 2.0)),
                      static_cast<int>(std::lround(centre.y + sz.height / 2.0)));
  cv::putText(img, text, org, font, scale, colour, thick, cv::LINE_AA);
}

// A chess knight's outline (head facing left, on a base) in a unit box, y down; drawn as a polygon
// so it scales with the square like a glyph of a font.
constexpr double kKnightOutline[][2] = {
    {0.20, 1.00}, {0.84, 1.00}, {0.84, 0.88}, {0.74, 0.84}, {0.72, 0.62}, {0.80, 0.42}, {0.78, 0.22}, {0.66, 0.08},
    {0.54, 0.02}, {0.48, 0.10}, {0.42, 0.02}, {0.36, 0.14}, {0.22, 0.30}, {0.08, 0.48}, {0.12, 0.58}, {0.24, 0.60},
    {0.38, 0.50}, {0.44, 0.56}, {0.32, 0.72}, {0.28, 0.86}, {0.20, 0.90}};

// The outline `height` px tall centred on `centre`, in 1/16 px (cv::fillPoly's shift 4).
std::vector<cv::Point> knight_outline(cv::Point2d centre, double height) {
  std::vector<cv::Point> pts;
  for (const auto& q : kKnightOutline)
    pts.emplace_back(static_cast<int>(std::lround((centre.x + (q[0] - 0.52) * height) * 16)),
                     static_cast<int>(std::lround((centre.y + (q[1] - 0.5) * height) * 16)));
  return pts;
}

void draw_knight(cv::Mat& img, cv::Point2d m, double p, const RenderStyle& style) {
  switch (style.knight_look) {
    case KnightLook::kDisc:
      cv::circle(img, m * 16, static_cast<int>(0.26 * p * 16), style.knight, cv::FILLED, cv::LINE_AA, 4);
      centred_text(img, "N", m, 0.26 * p, 0.3 * p, style.font, style.letter);
      break;
    case KnightLook::kGlyph:
      cv::fillPoly(img, std::vector<std::vector<cv::Point>>{knight_outline(m, 0.6 * p)}, style.knight, cv::LINE_AA, 4);
      break;
    case KnightLook::kPiece: {
      const std::vector<std::vector<cv::Point>> poly{knight_outline(m, 0.6 * p)};
      cv::fillPoly(img, poly, style.letter, cv::LINE_AA, 4);
      cv::polylines(img, poly, true, style.knight, std::max(1, static_cast<int>(std::lround(0.04 * p))), cv::LINE_AA, 4);
      break;
    }
    case KnightLook::kLetter:
      centred_text(img, "N", m, 0.5 * p, 0.5 * p, style.font, style.knight);
      break;
  }
}

// A rounded rectangle filled (anti-aliased), corners of `radius` px, in 1/16 px like the marks.
void fill_rounded(cv::Mat& img, const cv::Rect& r, double radius, const cv::Scalar& colour) {
  radius = std::clamp(radius, 0.0, std::min(r.width, r.height) / 2.0);
  const double x0 = r.x + radius, y0 = r.y + radius, x1 = r.x + r.width - radius, y1 = r.y + r.height - radius;
  std::vector<cv::Point> pts;
  constexpr int kArc = 8;  // points per quarter circle
  const std::array<std::array<double, 3>, 4> corners{{{x1, y1, 0}, {x0, y1, 0.5}, {x0, y0, 1}, {x1, y0, 1.5}}};
  for (const auto& [cx, cy, from] : corners)
    for (int k = 0; k <= kArc; ++k) {
      const double a = CV_PI * (from + 0.5 * k / kArc);
      pts.emplace_back(static_cast<int>(std::lround((cx + radius * std::cos(a)) * 16)), static_cast<int>(std::lround((cy + radius * std::sin(a)) * 16)));
    }
  cv::fillPoly(img, std::vector<std::vector<cv::Point>>{pts}, colour, cv::LINE_AA, 4);
}

}  // namespace

std::optional<Cell> RenderLayout::cell_at(cv::Point2d p) const {
  if (pitch <= 0) return std::nullopt;
  const double x = p.x - origin.x, y = p.y - origin.y;
  if (x < 0 || y < 0) return std::nullopt;
  const Cell c{static_cast<int>(y / pitch), static_cast<int>(x / pitch)};
  if (c.row >= rows || c.col >= cols) return std::nullopt;
  return c;
}

RenderLayout layout(const State& state, cv::Rect area, const RenderStyle& style) {
  RenderLayout out;
  out.rows = std::max(1, state.rows);
  out.cols = std::max(1, state.cols);
  const bool tiles = style.tile_gap > 0;
  out.grid_px = tiles ? 0 : std::max(0, style.grid_px);
  const int margin = static_cast<int>(std::lround(style.margin * std::min(area.width, area.height)));
  const int pw = (area.width - 2 * margin - out.grid_px) / out.cols;
  const int ph = (area.height - 2 * margin - out.grid_px) / out.rows;
  out.pitch = std::max(out.grid_px + 4, std::min({pw, ph, static_cast<int>(style.max_pitch)}));
  const cv::Size board(out.cols * out.pitch + out.grid_px, out.rows * out.pitch + out.grid_px);
  out.origin = {area.x + (area.width - board.width) / 2, area.y + (area.height - board.height) / 2};
  if (tiles) out.gap_px = std::clamp(static_cast<int>(std::lround(style.tile_gap * out.pitch)), 1, out.pitch - 4);
  return out;
}

void draw(cv::Mat& canvas, cv::Rect area, const State& state, const RenderStyle& style, std::span<const Cell> tour) {
  const RenderLayout lay = layout(state, area, style);
  const double p = lay.pitch - lay.grid_px - lay.gap_px;  // inner side of a square
  const bool tiles = lay.gap_px > 0;
  std::vector<int> order(state.squares.size(), 0);
  for (std::size_t i = 0; i < tour.size(); ++i)
    if (state.inside(tour[i])) order[state.index(tour[i])] = static_cast<int>(i) + 1;

  if (!tiles) cv::rectangle(canvas, lay.board(), style.grid, cv::FILLED);
  for (int r = 0; r < state.rows; ++r)
    for (int c = 0; c < state.cols; ++c) {
      const Cell cell{r, c};
      const Square sq = state.at(cell);
      const bool removed = sq == Square::kRemoved;
      const cv::Scalar fill = removed && style.removed == RemovedLook::kPage     ? style.background
                              : removed && style.removed == RemovedLook::kColour ? style.removed_fill
                              : sq == Square::kVisited                           ? style.visited
                              : (r + c) % 2 == 0 || !style.checkered            ? style.light
                                                                                 : style.dark;
      if (!tiles) cv::rectangle(canvas, lay.square(cell), fill, cv::FILLED);
      else if (!(removed && style.removed == RemovedLook::kPage)) fill_rounded(canvas, lay.square(cell), style.tile_radius * p, fill);
      if (removed && style.removed == RemovedLook::kCross) {
        const cv::Point2d m = lay.centre(cell), d(0.32 * p, 0.32 * p), e(0.32 * p, -0.32 * p);
        const int thick = std::max(2, static_cast<int>(std::lround(0.07 * p)));
        cv::line(canvas, (m - d) * 16, (m + d) * 16, style.removed_fill, thick, cv::LINE_AA, 4);
        cv::line(canvas, (m - e) * 16, (m + e) * 16, style.removed_fill, thick, cv::LINE_AA, 4);
      }
      if (sq != Square::kVisited || (state.knight && *state.knight == cell)) continue;
      const int n = order[state.index(cell)];
      if (n > 0)
        centred_text(canvas, std::to_string(n), lay.centre(cell), 0.26 * p, 0.40 * p, style.font, style.mark);
      else
        cv::circle(canvas, lay.centre(cell) * 16, static_cast<int>(0.09 * p * 16), style.mark, cv::FILLED,
                   cv::LINE_AA, 4);
    }
  if (state.start) {
    const int thick = std::max(2, static_cast<int>(std::lround(0.05 * p)));
    cv::circle(canvas, lay.centre(*state.start) * 16, static_cast<int>(0.40 * p * 16), style.ring, thick,
               cv::LINE_AA, 4);
  }
  if (state.knight) draw_knight(canvas, lay.centre(*state.knight), p, style);
}

cv::Mat render(const State& state, const RenderStyle& style, cv::Size size, std::span<const Cell> tour,
               bool caption) {
  return render_frame(
      size, style.background, caption, [&](cv::Mat& img, cv::Rect area) { draw(img, area, state, style, tour); },
      "knight's tour - level 1", "level 1 - moves " + std::to_string(tour.size()), style.font, style.grid);
}

RenderStyle style_variant(std::uint64_t variant) {
  RenderStyle s;
  if (variant == 0) return s;
  cv::RNG rng = variant_rng(0x6b6e6967687400ull, variant);
  const bool dark_page = variant % 4 == 3;
  s.background = dark_page ? random_colour(rng, 20, 60) : random_colour(rng, 200, 256);
  s.grid = dark_page ? distinct_colour(rng, {s.background}, 250, 150, 255)
                     : distinct_colour(rng, {s.background}, 250, 0, 90);
  s.light = distinct_colour(rng, {s.background, s.grid}, 110, 60, 255);
  s.dark = distinct_colour(rng, {s.background, s.grid, s.light}, 110, 30, 230);
  s.visited = distinct_colour(rng, {s.background, s.grid, s.light, s.dark}, 110, 30, 255);
  s.mark = distinct_colour(rng, {s.visited}, 250, 0, 255);
  s.knight = distinct_colour(rng, {s.visited, s.light, s.dark}, 200, 0, 255);
  s.letter = distinct_colour(rng, {s.knight}, 250, 0, 255);
  s.ring = distinct_colour(rng, {s.visited, s.light, s.dark, s.background}, 150, 0, 255);
  s.grid_px = 1 + static_cast<int>(variant % 4);
  s.font = variant_font(variant);
  s.max_pitch = 40 + static_cast<double>(rng.uniform(0, 60));
  s.margin = 0.02 + 0.02 * static_cast<double>(variant % 3);
  return s;
}

}  // namespace pb::vision::knight
