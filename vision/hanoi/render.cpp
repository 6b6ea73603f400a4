/* render.cpp: draws Tower of Hanoi positions (base, rods, disks with gaps, goal marker). */
#include "vision/hanoi/render.hpp"

#include <algorithm>
#include <cmath>
#include <opencv2/imgproc.hpp>
#include <string>

#include "vision/common/render_style.hpp"

namespace pb::vision::hanoi {
namespace {

void rounded_bar(cv::Mat& img, cv::Rect r, int radius, const cv::Scalar& colour) {
  radius = std::clamp(radius, 0, std::min(r.width, r.height) / 2);
  if (radius <= 1) {
    cv::rectangle(img, r, colour, cv::FILLED);
    return;
  }
  cv::rectangle(img, {r.x + radius, r.y, r.width - 2 * radius, r.height}, colour, cv::FILLED);
  cv::rectangle(img, {r.x, r.y + radius, r.width, r.height - 2 * radius}, colour, cv::FILLED);
  for (cv::Point c : {cv::Point{r.x + radius, r.y + radius}, {r.x + r.width - 1 - radius, r.y + radius},
                      {r.x + radius, r.y + r.height - 1 - radius}, {r.x + r.width - 1 - radius, r.y + r.height - 1 - radius}})
    cv::circle(img, c, radius, colour, cv::FILLED, cv::LINE_AA);
}

}  // namespace

cv::Rect RenderLayout::disk_rect(int disk, int rod, int level) const {
  const int w = static_cast<int>(std::lround(min_w + unit * disk));
  const int bottom = base.y - gap - level * (disk_h + gap);
  return {rod_x[static_cast<std::size_t>(rod)] - w / 2, bottom - disk_h, w, disk_h};
}

std::optional<int> RenderLayout::rod_at(cv::Point2d p) const {
  if (p.y < rod_top - disk_h || p.y > base.y + base.height) return std::nullopt;
  for (std::size_t i = 0; i < rod_x.size(); ++i)
    if (std::abs(p.x - rod_x[i]) <= spacing / 2) return static_cast<int>(i);
  return std::nullopt;
}

cv::Point2d RenderLayout::rod_point(int rod) const {
  return {static_cast<double>(rod_x[static_cast<std::size_t>(rod)]), (rod_top + base.y) / 2.0};
}

RenderLayout layout(const State& state, cv::Rect area, const RenderStyle& style) {
  RenderLayout out;
  out.area = area;
  out.disks = state.disks();
  const int rods = std::max(1, state.rods);
  const int margin = static_cast<int>(std::lround(style.margin * std::min(area.width, area.height)));
  const int inner_w = area.width - 2 * margin, inner_h = area.height - 2 * margin;
  out.spacing = static_cast<double>(inner_w) / rods;
  out.rod_px = std::max(3, static_cast<int>(std::lround(style.rod_width * area.width)));
  out.gap = std::max(2, style.gap_px);
  const int base_h = std::max(4, inner_h / 22);
  const int marker_h = std::max(8, inner_h / 14);
  // Rods stand (disks + 1.2) disk heights tall; the whole apparatus fits the inner height.
  const int n = std::max(1, out.disks);
  const double room = inner_h - base_h - marker_h - 4;
  out.disk_h = std::max(6, static_cast<int>(std::min(style.disk_height * area.height,
                                                      room / (n + 1.2) - out.gap)));
  const int rod = static_cast<int>(std::lround((n + 1.2) * (out.disk_h + out.gap)));
  const int top = area.y + margin + std::max(0, static_cast<int>(room) - rod) / 2;
  out.rod_top = top;
  out.base = {area.x + margin, top + rod, inner_w, base_h};
  for (int p = 0; p < rods; ++p)
    out.rod_x.push_back(static_cast<int>(std::lround(area.x + margin + (p + 0.5) * out.spacing)));
  // Rods stay thin beside the disks: a disk is always clearly wider than its rod.
  out.rod_px = std::min(out.rod_px, std::max(3, static_cast<int>(out.spacing * 0.06)));
  out.min_w = std::max(style.min_width * out.spacing, 2.5 * out.rod_px);
  const double max_w = style.max_width * out.spacing;
  out.unit = out.disks > 1 ? (max_w - out.min_w) / (out.disks - 1) : 0;
  return out;
}

void draw(cv::Mat& canvas, cv::Rect area, const State& state, const RenderStyle& style, const Overlay& overlay) {
  const RenderLayout lay = layout(state, area, style);
  cv::rectangle(canvas, lay.base, style.base, cv::FILLED);
  for (int p = 0; p < state.rods; ++p) {
    const int x = lay.rod_x[static_cast<std::size_t>(p)] - lay.rod_px / 2;
    cv::rectangle(canvas, {x, lay.rod_top, lay.rod_px, lay.base.y - lay.rod_top}, style.rod, cv::FILLED);
    if (style.numbers) {
      const std::string label = std::to_string(p + 1);
      const double scale = lay.base.height * 0.05;
      int b = 0;
      const cv::Size sz = cv::getTextSize(label, style.font, scale, 1, &b);
      const int clear = std::max(8, lay.base.height * 2) / 2 + 6;  // keeps the number off the goal triangle
      cv::putText(canvas, label, {lay.rod_x[static_cast<std::size_t>(p)] - clear - sz.width,
                                  lay.base.y + lay.base.height + sz.height + 5},
                  style.font, scale, style.base, 1, cv::LINE_AA);
    }
  }
  // Goal: a triangle hanging under the base, under the goal rod.
  const int gx = lay.rod_x[static_cast<std::size_t>(std::clamp(state.goal, 0, state.rods - 1))];
  const int th = std::max(8, lay.base.height * 2), tw = th;
  const int ty = lay.base.y + lay.base.height;  // touching the base: one shape with it
  std::vector<cv::Point> tri{{gx - tw / 2, ty + th}, {gx + tw / 2, ty + th}, {gx, ty}};
  cv::fillConvexPoly(canvas, tri, style.marker, cv::LINE_AA);

  const int radius = static_cast<int>(std::lround(style.corner * lay.disk_h));
  const int picked_disk = overlay.picked ? state.top(*overlay.picked) : -1;
  std::vector<int> height(static_cast<std::size_t>(state.rods), 0);
  for (int d = state.disks() - 1; d >= 0; --d) {
    const int rod = state.config[static_cast<std::size_t>(d)];
    const cv::Rect r = lay.disk_rect(d, rod, height[static_cast<std::size_t>(rod)]++);
    if (d == picked_disk && overlay.drag) continue;
    const cv::Scalar& colour = style.disks[static_cast<std::size_t>(d) % style.disks.size()];
    rounded_bar(canvas, r, radius, colour);
    if (d == picked_disk)
      cv::rectangle(canvas, r, style.highlight, std::max(2, lay.disk_h / 8), cv::LINE_AA);
  }
  if (picked_disk >= 0 && overlay.drag) {
    cv::Rect r = lay.disk_rect(picked_disk, *overlay.picked, 0);
    r.x = static_cast<int>(std::lround(overlay.drag->x)) - r.width / 2;
    r.y = static_cast<int>(std::lround(overlay.drag->y)) - r.height / 2;
    rounded_bar(canvas, r, radius, style.disks[static_cast<std::size_t>(picked_disk) % style.disks.size()]);
    cv::rectangle(canvas, r, style.highlight, std::max(2, lay.disk_h / 8), cv::LINE_AA);
  }
}

cv::Mat render(const State& state, const RenderStyle& style, cv::Size size, bool caption) {
  return render_frame(
      size, style.background, caption, [&](cv::Mat& img, cv::Rect area) { draw(img, area, state, style); },
      "tower of hanoi - level 1", "level 1 - moves 0", style.font, style.base);
}

RenderStyle style_variant(std::uint64_t variant) {
  RenderStyle s;
  if (variant == 0) return s;
  cv::RNG rng = variant_rng(0x68616e6f6900ull, variant);
  const bool dark_page = variant % 4 == 3;
  s.background = dark_page ? random_colour(rng, 15, 60) : random_colour(rng, 195, 256);
  s.rod = distinct_colour(rng, {s.background}, 200, 0, 255);
  s.base = variant % 2 ? s.rod : distinct_colour(rng, {s.background}, 200, 0, 255);
  s.marker = distinct_colour(rng, {s.background}, 200, 0, 255);
  s.highlight = distinct_colour(rng, {s.background}, 200, 0, 255);
  s.disks.clear();
  const int colours = 1 + static_cast<int>(variant % 6);  // 1: every disk the same colour
  for (int i = 0; i < colours; ++i) s.disks.push_back(distinct_colour(rng, {s.background}, 160, 0, 255));
  s.font = variant_font(variant);
  s.rod_width = rng.uniform(0.008, 0.03);
  s.disk_height = rng.uniform(0.05, 0.1);
  s.gap_px = rng.uniform(2, 7);
  s.corner = rng.uniform(0.0, 0.5);
  s.max_width = rng.uniform(0.75, 0.92);
  s.min_width = rng.uniform(0.2, 0.35);
  s.margin = rng.uniform(0.02, 0.08);
  s.numbers = variant % 3 != 0;
  return s;
}

}  // namespace pb::vision::hanoi
