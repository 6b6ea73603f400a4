/* render.cpp: draws 一笔画完 screenshots: chrome, the cell lattice, the end flag, the visited band and the cat. */
#include "vision/onestroke/render.hpp"

// Layout constants of the chrome are in "design units": the real game is laid out for a 1080 px
// wide screen, so a design unit is width / 1080 px. The top chrome hangs from the top edge and the
// buttons stand on the bottom edge, so taller phones get more empty space, as in the game.
//
// Rejected: one fixed-size template scaled to every resolution (taller 19.5:9 phones would stretch
// the board vertically, which a real phone never does).

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <opencv2/imgproc.hpp>
#include <string>

#include "platform/image_codecs.hpp"

namespace pb::vision::onestroke {
namespace {

using solvers::onestroke::Site;

constexpr int kShift = 4;                 // fractional bits for sub-pixel drawing
constexpr double kOne = 1 << kShift;      // one pixel in shifted units
constexpr double kDesignWidth = 1080.0;   // the width the chrome's numbers are written for, px

cv::Point sp(double x, double y) {  // a shifted point
  return {static_cast<int>(std::lround(x * kOne)), static_cast<int>(std::lround(y * kOne))};
}

void fill_circle(cv::Mat& img, cv::Point2d c, double r, const cv::Scalar& colour) {
  cv::circle(img, sp(c.x, c.y), static_cast<int>(std::lround(r * kOne)), colour, cv::FILLED, cv::LINE_AA,
             kShift);
}

void fill_rect(cv::Mat& img, cv::Rect2d r, const cv::Scalar& colour) {
  // Sub-pixel edges: the last pixel row/column is inclusive in cv::rectangle.
  cv::rectangle(img, sp(r.x, r.y), sp(r.x + r.width - 1, r.y + r.height - 1), colour, cv::FILLED,
                cv::LINE_AA, kShift);
}

void fill_rounded(cv::Mat& img, cv::Rect2d r, double radius, const cv::Scalar& colour) {
  radius = std::clamp(radius, 0.0, std::min(r.width, r.height) / 2);
  fill_rect(img, {r.x + radius, r.y, r.width - 2 * radius, r.height}, colour);
  fill_rect(img, {r.x, r.y + radius, r.width, r.height - 2 * radius}, colour);
  const double x0 = r.x + radius - 0.5, x1 = r.x + r.width - radius - 0.5;
  const double y0 = r.y + radius - 0.5, y1 = r.y + r.height - radius - 0.5;
  for (cv::Point2d c : {cv::Point2d{x0, y0}, {x1, y0}, {x0, y1}, {x1, y1}}) fill_circle(img, c, radius, colour);
}

// The page's hatching and grain (RenderStyle::hatch, page_noise), before anything is drawn on it.
void draw_page_texture(cv::Mat& img, const RenderStyle& style, cv::RNG& rng) {
  if (style.hatch > 0) {
    const double step = std::max(2.0, style.hatch);
    const int thick = std::max(1, static_cast<int>(std::lround(style.hatch_width)));
    for (double x = -img.rows; x < img.cols; x += step)
      cv::line(img, {static_cast<int>(std::lround(x)), img.rows}, {static_cast<int>(std::lround(x + img.rows)), 0}, style.hatch_colour, thick,
               cv::LINE_AA);
  }
  if (style.page_noise > 0) {
    cv::Mat noise(img.size(), CV_16SC1), img16;
    rng.fill(noise, cv::RNG::NORMAL, 0, style.page_noise);
    cv::Mat grain;
    cv::merge(std::vector<cv::Mat>{noise, noise, noise}, grain);
    img.convertTo(img16, CV_16SC3);
    img16 += grain;
    img16.convertTo(img, CV_8UC3);
  }
}

void fill_poly(cv::Mat& img, const std::vector<cv::Point2d>& pts, const cv::Scalar& colour) {
  std::vector<cv::Point> s;
  for (const auto& p : pts) s.push_back(sp(p.x, p.y));
  cv::fillConvexPoly(img, s, colour, cv::LINE_AA, kShift);
}

void thick_line(cv::Mat& img, cv::Point2d a, cv::Point2d b, double width, const cv::Scalar& colour) {
  cv::line(img, sp(a.x, a.y), sp(b.x, b.y), colour, std::max(1, static_cast<int>(std::lround(width))),
           cv::LINE_AA, kShift);
}

cv::Scalar mix(const cv::Scalar& a, const cv::Scalar& b, double t) { return a * (1 - t) + b * t; }

cv::Scalar jittered(const cv::Scalar& c, int amount, cv::RNG& rng) {
  if (amount <= 0) return c;
  cv::Scalar out;
  const int d = rng.uniform(-amount, amount + 1);  // one shift for all channels keeps the hue
  for (int i = 0; i < 3; ++i) out[i] = std::clamp(c[i] + d, 0.0, 255.0);
  return out;
}

// Latin text centred on (cx, baseline), height about `h` px.
void centred_text(cv::Mat& img, const std::string& text, double cx, double baseline, double h,
                  const cv::Scalar& colour) {
  const int font = cv::FONT_HERSHEY_SIMPLEX;
  const double scale = h / 22.0;  // Hershey simplex capitals are about 22 px high at scale 1
  const int thick = std::max(1, static_cast<int>(std::lround(h / 9)));
  int base = 0;
  const cv::Size sz = cv::getTextSize(text, font, scale, thick, &base);
  cv::putText(img, text, {static_cast<int>(cx - sz.width / 2.0), static_cast<int>(baseline)}, font, scale,
              colour, thick, cv::LINE_AA);
}

void draw_chrome(cv::Mat& img, const RenderStyle& style, cv::RNG& rng) {
  const double u = img.cols / kDesignWidth;
  const double h = img.rows;
  const cv::Scalar white{255, 255, 255};
  // Back button: a cyan tab from the left edge with a round button and a white arrow.
  const cv::Scalar cyan{214, 198, 0};
  fill_rect(img, {0, 26 * u, 130 * u, 143 * u}, mix(cyan, white, 0.45));
  fill_circle(img, {130 * u, 98 * u}, 71 * u, cyan);
  fill_poly(img, {{88 * u, 98 * u}, {128 * u, 58 * u}, {128 * u, 138 * u}}, white);
  fill_rounded(img, {118 * u, 84 * u, 52 * u, 28 * u}, 8 * u, white);
  // Title.
  centred_text(img, "Level " + std::to_string(style.level), 520 * u, 122 * u, 48 * u, {88, 88, 88});
  // Capsule menu: three dots and a ring.
  fill_rounded(img, {738 * u, 50 * u, 286 * u, 92 * u}, 46 * u, {199, 199, 199});
  for (int i = 0; i < 3; ++i) fill_circle(img, {(790 + 22 * i) * u, 96 * u}, 8 * u, white);
  thick_line(img, {881 * u, 70 * u}, {881 * u, 122 * u}, 2 * u, {225, 225, 225});
  cv::circle(img, sp(955 * u, 96 * u), static_cast<int>(24 * u * kOne), white,
             std::max(1, static_cast<int>(7 * u)), cv::LINE_AA, kShift);
  fill_circle(img, {955 * u, 96 * u}, 9 * u, white);
  // Friend rank: a capsule from the left edge, green text, an avatar.
  fill_rounded(img, {-60 * u, 215 * u, 325 * u, 137 * u}, 68 * u, {226, 226, 226});
  centred_text(img, "42 more", 78 * u, 270 * u, 22 * u, {40, 185, 60});
  centred_text(img, "to pass", 78 * u, 315 * u, 22 * u, {40, 185, 60});
  fill_circle(img, {200 * u, 283 * u}, 58 * u, {70 + 30.0 * rng.uniform(0.0, 1.0), 90, 120});
  fill_circle(img, {200 * u, 270 * u}, 30 * u, {150, 180, 225});
  // Coin counter.
  fill_rounded(img, {415 * u, 225 * u, 247 * u, 67 * u}, 33 * u, {226, 226, 226});
  fill_circle(img, {452 * u, 258 * u}, 27 * u, {40, 205, 250});
  fill_circle(img, {452 * u, 258 * u}, 14 * u, {60, 150, 240});
  centred_text(img, std::to_string(100 + rng.uniform(0, 900)), 575 * u, 277 * u, 40 * u, {160, 160, 160});
  // Lucky wheel and treasure chest.
  fill_circle(img, {875 * u, 245 * u}, 50 * u, {70, 70, 235});
  fill_circle(img, {875 * u, 245 * u}, 42 * u, {215, 240, 252});
  fill_circle(img, {860 * u, 230 * u}, 9 * u, {200, 90, 180});
  fill_rounded(img, {955 * u, 205 * u, 90 * u, 78 * u}, 12 * u, {40, 120, 240});
  fill_rect(img, {955 * u, 238 * u, 90 * u, 10 * u}, {30, 60, 200});
  fill_poly(img, {{958 * u, 205 * u}, {970 * u, 185 * u}, {985 * u, 205 * u}}, {40, 160, 250});
  centred_text(img, "Lucky (2/10)", 930 * u, 330 * u, 26 * u, {150, 150, 150});
  // Four round buttons standing on the bottom edge, each with a lighter tab below.
  const std::array<cv::Scalar, 4> colours = {cv::Scalar{240, 160, 40}, cv::Scalar{32, 216, 160},
                                             cv::Scalar{168, 124, 244}, cv::Scalar{0, 168, 255}};
  const std::array<const char*, 4> labels = {"R", "SOS", "+", "?"};
  const std::array<const char*, 4> captions = {"Again", "Help", "Gift", "Hint"};
  const double xs[4] = {221, 434, 646, 863};
  const double cy = h - 141 * u, r = 71 * u;
  for (int i = 0; i < 4; ++i) {
    fill_rect(img, {(xs[i] - 71) * u, cy, 142 * u, h - cy}, mix(colours[i], white, 0.4));
    fill_circle(img, {xs[i] * u, cy}, r, colours[i]);
    centred_text(img, labels[i], xs[i] * u, cy + 18 * u, 40 * u, white);
    centred_text(img, captions[i], xs[i] * u, h - 12 * u, 30 * u, {90, 90, 90});
  }
}

// An order of the visited cells ending at the head, by depth-first search from the head over
// visited cells (they came from a path, so one exists; a node budget guards odd inputs).
std::vector<Cell> find_band_order(const State& s) {
  std::vector<Cell> visited;
  for (int r = 0; r < s.rows; ++r)
    for (int c = 0; c < s.cols; ++c)
      if (s.at({r, c}) == Site::kVisited) visited.push_back({r, c});
  std::vector<char> used(s.sites.size(), 0);
  std::vector<Cell> path{s.head};
  used[static_cast<std::size_t>(s.head.row * s.cols + s.head.col)] = 1;
  long budget = 200'000;
  std::function<bool()> dfs = [&]() -> bool {
    if (path.size() == visited.size()) return true;
    if (--budget < 0) return false;
    const Cell at = path.back();
    for (Cell d : {Cell{-1, 0}, Cell{1, 0}, Cell{0, -1}, Cell{0, 1}}) {
      const Cell n{at.row + d.row, at.col + d.col};
      if (!s.inside(n) || s.at(n) != Site::kVisited) continue;
      auto& u = used[static_cast<std::size_t>(n.row * s.cols + n.col)];
      if (u) continue;
      u = 1;
      path.push_back(n);
      if (dfs()) return true;
      path.pop_back();
      u = 0;
    }
    return false;
  };
  if (!dfs()) return {};
  std::reverse(path.begin(), path.end());  // start first, head last
  return path;
}

void draw_cat(cv::Mat& img, const cv::Rect2d& r, double pitch, const cv::Scalar& body) {
  const double s = r.width;
  const cv::Scalar white{255, 255, 255}, dark{40, 40, 50}, outline = mix(body, {60, 60, 120}, 0.35);
  // Tail: a thick curl rising from the top edge (it spills into the site above).
  const cv::Point2d t0{r.x + 0.62 * s, r.y + 0.05 * s};
  const cv::Point2d t1{r.x + 0.60 * s, r.y - 0.16 * pitch};
  const cv::Point2d t2{r.x + 0.68 * s, r.y - 0.28 * pitch};
  thick_line(img, t0, t1, 0.11 * s, body);
  thick_line(img, t1, t2, 0.10 * s, body);
  fill_circle(img, t2, 0.05 * s, body);
  // Ears: two blocks poking above the top corners.
  fill_poly(img, {{r.x + 0.04 * s, r.y + 0.1 * s}, {r.x + 0.06 * s, r.y - 0.11 * pitch}, {r.x + 0.30 * s, r.y + 0.1 * s}},
            body);
  fill_poly(img, {{r.x + 0.70 * s, r.y + 0.1 * s}, {r.x + 0.94 * s, r.y - 0.11 * pitch}, {r.x + 0.96 * s, r.y + 0.1 * s}},
            body);
  // Feet poking below the bottom edge.
  for (double fx : {0.26, 0.62})
    fill_rounded(img, {r.x + fx * s, r.y + 0.8 * s, 0.13 * s, 0.27 * s}, 0.04 * s, mix(body, white, 0.6));
  // Body covering the cell, then the white face on its lower half.
  fill_rounded(img, r, 0.1 * s, body);
  fill_rounded(img, {r.x + 0.04 * s, r.y + 0.43 * s, 0.92 * s, 0.53 * s}, 0.12 * s, outline);
  fill_rounded(img, {r.x + 0.06 * s, r.y + 0.45 * s, 0.88 * s, 0.49 * s}, 0.11 * s, white);
  // Cheek swirls, eyes, mouth.
  for (double fx : {0.14, 0.86}) {
    cv::circle(img, sp(r.x + fx * s, r.y + 0.52 * s), static_cast<int>(0.07 * s * kOne), {90, 90, 220},
               std::max(1, static_cast<int>(0.03 * s)), cv::LINE_AA, kShift);
  }
  for (double fx : {0.28, 0.72}) fill_circle(img, {r.x + fx * s, r.y + 0.68 * s}, 0.065 * s, dark);
  thick_line(img, {r.x + 0.42 * s, r.y + 0.72 * s}, {r.x + 0.5 * s, r.y + 0.78 * s}, 0.025 * s, {90, 90, 200});
  thick_line(img, {r.x + 0.5 * s, r.y + 0.78 * s}, {r.x + 0.58 * s, r.y + 0.72 * s}, 0.025 * s, {90, 90, 200});
}

// The end cell's mark: a pole and a pennant on the grey cell, about a fifth of its middle coloured,
// the rest of the cell still the free cells' grey (the end is a cell still to visit).
void draw_end_flag(cv::Mat& img, const cv::Rect2d& r, const RenderStyle& style) {
  const double s = r.width;
  thick_line(img, {r.x + 0.3 * s, r.y + 0.82 * s}, {r.x + 0.3 * s, r.y + 0.16 * s}, 0.05 * s, style.end_pole);
  fill_poly(img, {{r.x + 0.32 * s, r.y + 0.16 * s}, {r.x + 0.8 * s, r.y + 0.34 * s}, {r.x + 0.32 * s, r.y + 0.52 * s}},
            style.end_flag);
}

// The other skin's start: a cat face filling the cell (its colour the whole cell), ears inside its
// top corners, dark eyes with a glint, pale cheeks and a small mouth; nothing spills outside.
void draw_cat_face(cv::Mat& img, const cv::Rect2d& r, double radius, const cv::Scalar& face) {
  const double s = r.width;
  const cv::Scalar white{255, 255, 255}, dark{45, 35, 40}, ear = mix(face, {40, 30, 110}, 0.3);
  fill_rounded(img, r, radius, face);
  fill_poly(img, {{r.x + 0.08 * s, r.y + 0.34 * s}, {r.x + 0.12 * s, r.y + 0.06 * s}, {r.x + 0.36 * s, r.y + 0.2 * s}}, ear);
  fill_poly(img, {{r.x + 0.64 * s, r.y + 0.2 * s}, {r.x + 0.88 * s, r.y + 0.06 * s}, {r.x + 0.92 * s, r.y + 0.34 * s}}, ear);
  for (double fx : {0.2, 0.8}) fill_circle(img, {r.x + fx * s, r.y + 0.68 * s}, 0.08 * s, mix(face, white, 0.45));
  for (double fx : {0.32, 0.68}) {
    fill_circle(img, {r.x + fx * s, r.y + 0.52 * s}, 0.075 * s, dark);
    fill_circle(img, {r.x + (fx + 0.025) * s, r.y + 0.5 * s}, 0.025 * s, white);
  }
  thick_line(img, {r.x + 0.43 * s, r.y + 0.66 * s}, {r.x + 0.5 * s, r.y + 0.71 * s}, 0.03 * s, dark);
  thick_line(img, {r.x + 0.5 * s, r.y + 0.71 * s}, {r.x + 0.57 * s, r.y + 0.66 * s}, 0.03 * s, dark);
}

}  // namespace

std::span<const cv::Scalar> cat_palette() {
  static const std::array<cv::Scalar, 5> kColours = {
      cv::Scalar{180, 150, 250},  // pink
      cv::Scalar{40, 150, 250},   // orange
      cv::Scalar{60, 200, 245},   // yellow
      cv::Scalar{215, 195, 60},   // cyan
      cv::Scalar{152, 174, 216},  // brown (tan)
  };
  return kColours;
}

std::span<const cv::Scalar> band_palette() {
  static const std::array<cv::Scalar, 5> kColours = {
      cv::Scalar{226, 196, 64},   // cyan
      cv::Scalar{70, 210, 250},   // yellow
      cv::Scalar{110, 210, 120},  // green
      cv::Scalar{190, 140, 250},  // pink
      cv::Scalar{60, 160, 250},   // orange
  };
  return kColours;
}

RenderLayout layout(const State& state, const RenderStyle& style) {
  RenderLayout out;
  const double w = style.width, h = style.height;
  const int rows = std::max(1, state.rows), cols = std::max(1, state.cols);
  out.pitch = std::min({style.board_width * w / cols, style.board_height * h / rows, style.max_pitch * w});
  out.cell = out.pitch * (1 - (style.grid_line > 0 ? style.grid_line : style.gap));
  out.origin = {w / 2 - (cols - 1) * out.pitch / 2, style.board_centre_y * h - (rows - 1) * out.pitch / 2};
  const double x0 = out.origin.x - out.cell / 2, y0 = out.origin.y - out.cell / 2;
  out.board = cv::Rect(static_cast<int>(std::floor(x0)), static_cast<int>(std::floor(y0)),
                       static_cast<int>(std::ceil((cols - 1) * out.pitch + out.cell)),
                       static_cast<int>(std::ceil((rows - 1) * out.pitch + out.cell)));
  return out;
}

cv::Mat render(const State& state, const RenderStyle& style, std::span<const Cell> band_path) {
  cv::Mat img(style.height, style.width, CV_8UC3, style.background);
  cv::RNG rng(style.seed);
  draw_page_texture(img, style, rng);
  if (style.chrome) draw_chrome(img, style, rng);
  const RenderLayout lay = layout(state, style);
  const double p = lay.pitch, s = lay.cell;

  // Each site's cell rectangle, with the jitter a real screen never has but a resampled one may.
  std::vector<cv::Rect2d> rects(state.sites.size());
  for (int r = 0; r < state.rows; ++r)
    for (int c = 0; c < state.cols; ++c) {
      const cv::Point2d ctr = lay.centre({r, c});
      const double jx = style.jitter * p * rng.uniform(-1.0, 1.0), jy = style.jitter * p * rng.uniform(-1.0, 1.0);
      rects[static_cast<std::size_t>(r * state.cols + c)] = {ctr.x - s / 2 + jx, ctr.y - s / 2 + jy, s, s};
    }
  auto rect_of = [&](Cell c) { return rects[static_cast<std::size_t>(c.row * state.cols + c.col)]; };

  if (style.grid_line > 0)  // lines round every cell: each site's whole pitch square, half a line beyond
    for (int r = 0; r < state.rows; ++r)
      for (int c = 0; c < state.cols; ++c)
        if (state.at({r, c}) != Site::kNone) {
          const cv::Point2d ctr = lay.centre({r, c});
          const double half = (p + style.grid_line * p) / 2;
          fill_rect(img, {ctr.x - half, ctr.y - half, 2 * half, 2 * half}, style.grid_colour);
        }
  int number = 0;
  for (int r = 0; r < state.rows; ++r)
    for (int c = 0; c < state.cols; ++c) {
      if (state.at({r, c}) == Site::kNone) continue;
      ++number;  // the classic skin numbers every cell; visited ones are covered by the band
      if (state.at({r, c}) != Site::kFree) continue;
      const cv::Rect2d cell = rect_of({r, c});
      const cv::Scalar colour = jittered(style.cell, style.colour_jitter, rng);
      if (style.outline > 0) {
        const double w = style.outline * p;
        fill_rounded(img, cell, style.corner * p, style.outline_colour);
        fill_rounded(img, {cell.x + w, cell.y + w, cell.width - 2 * w, cell.height - 2 * w},
                     std::max(0.0, style.corner * p - w), colour);
      } else {
        fill_rounded(img, cell, style.corner * p, colour);
      }
      if (state.end && *state.end == Cell{r, c}) {
        draw_end_flag(img, cell, style);
        continue;
      }
      if (style.numbers) {
        const std::string text = std::to_string(number);
        const double h = style.number_height * cell.height;
        const int font = style.font;
        const double scale = h / 22.0;
        const int thick = std::max(1, static_cast<int>(std::lround(h / 9)));
        int base = 0;
        const cv::Size sz = cv::getTextSize(text, font, scale, thick, &base);
        cv::putText(img, text,
                    {static_cast<int>(cell.x + (cell.width - sz.width) / 2), static_cast<int>(cell.y + (cell.height + sz.height) / 2)},
                    font, scale, style.number_colour, thick, cv::LINE_AA);
      }
    }

  // The band: visited cells in band colour, joined where the path steps from one to the next.
  std::vector<Cell> order(band_path.begin(), band_path.end());
  if (order.empty()) order = find_band_order(state);
  const cv::Scalar band = jittered(style.band, style.colour_jitter, rng);
  for (int r = 0; r < state.rows; ++r)
    for (int c = 0; c < state.cols; ++c)
      if (state.at({r, c}) == Site::kVisited && !(Cell{r, c} == state.head))
        fill_rounded(img, rect_of({r, c}), style.corner * p, band);
  auto join = [&](Cell a, Cell b) {
    const cv::Rect2d ra = rect_of(a), rb = rect_of(b);
    const double x0 = std::min(ra.x, rb.x), y0 = std::min(ra.y, rb.y);
    const double x1 = std::max(ra.br().x, rb.br().x), y1 = std::max(ra.br().y, rb.br().y);
    const double inset = 0.5 * s;  // the joint covers the gap, not the cells' rounded corners
    if (a.row == b.row) fill_rect(img, {x0 + inset, y0, x1 - x0 - 2 * inset, y1 - y0}, band);
    else fill_rect(img, {x0, y0 + inset, x1 - x0, y1 - y0 - 2 * inset}, band);
  };
  if (!order.empty()) {
    for (std::size_t i = 1; i < order.size(); ++i) join(order[i - 1], order[i]);
  } else {  // no single path found: join every pair of neighbouring visited cells
    for (int r = 0; r < state.rows; ++r)
      for (int c = 0; c < state.cols; ++c) {
        if (state.at({r, c}) != Site::kVisited) continue;
        if (c + 1 < state.cols && state.at({r, c + 1}) == Site::kVisited) join({r, c}, {r, c + 1});
        if (r + 1 < state.rows && state.at({r + 1, c}) == Site::kVisited) join({r, c}, {r + 1, c});
      }
  }
  if (state.inside(state.head)) {
    const cv::Scalar cat = jittered(style.cat, style.colour_jitter, rng);
    if (style.cat_face) draw_cat_face(img, rect_of(state.head), style.corner * p, cat);
    else draw_cat(img, rect_of(state.head), p, cat);
  }
  return img;
}

cv::Mat jpeg_roundtrip(const cv::Mat& bgr, int quality) {
  auto encoded = platform::codecs::encode(".jpg", bgr, {cv::IMWRITE_JPEG_QUALITY, std::clamp(quality, 1, 100)});
  if (!encoded) return {};
  auto decoded = platform::codecs::decode(*encoded, cv::IMREAD_COLOR);
  return decoded ? *decoded : cv::Mat();
}

cv::Mat gaussian_blur(const cv::Mat& bgr, double sigma_px) {
  if (sigma_px <= 0) return bgr.clone();
  cv::Mat out;
  cv::GaussianBlur(bgr, out, {0, 0}, sigma_px);
  return out;
}

cv::Mat letterbox(const cv::Mat& bgr, cv::Size frame) {
  cv::Mat out(frame, CV_8UC3, cv::Scalar::all(0));
  cv::Mat src = bgr;
  if (src.cols > frame.width || src.rows > frame.height) {  // shrink to fit, keeping the aspect
    const double k = std::min(double(frame.width) / src.cols, double(frame.height) / src.rows);
    cv::resize(bgr, src, {}, k, k, cv::INTER_AREA);
  }
  src.copyTo(out(cv::Rect((frame.width - src.cols) / 2, (frame.height - src.rows) / 2, src.cols, src.rows)));
  return out;
}

cv::Mat crop_board(const cv::Mat& bgr, const RenderLayout& lay, double margin) {
  const int m = static_cast<int>(std::lround(margin * lay.pitch));
  cv::Rect r(lay.board.x - m, lay.board.y - m, lay.board.width + 2 * m, lay.board.height + 2 * m);
  return bgr(r & cv::Rect(0, 0, bgr.cols, bgr.rows)).clone();
}

cv::Mat render_negative(Negative kind, cv::Size size, std::uint64_t seed) {
  cv::RNG rng(seed);
  cv::Mat img(size, CV_8UC3, cv::Scalar::all(249));
  const double u = std::min(size.width, size.height) / 10.0;  // a tenth of the shorter side
  switch (kind) {
    case Negative::kBlank:
      break;
    case Negative::kNoise:
      rng.fill(img, cv::RNG::UNIFORM, cv::Scalar::all(0), cv::Scalar::all(256));
      break;
    case Negative::kPhoto: {  // sky gradient, soft blobs, grain
      for (int y = 0; y < size.height; ++y)
        img.row(y).setTo(mix({235, 190, 120}, {120, 170, 200}, double(y) / size.height));
      for (int i = 0; i < 25; ++i) {
        const cv::Point c(rng.uniform(0, size.width), rng.uniform(0, size.height));
        const cv::Size ax(rng.uniform(1, 3 * static_cast<int>(u)), rng.uniform(1, 3 * static_cast<int>(u)));
        cv::ellipse(img, c, ax, rng.uniform(0, 180), 0, 360,
                    cv::Scalar(rng.uniform(40, 250), rng.uniform(40, 250), rng.uniform(40, 250)), cv::FILLED);
      }
      cv::GaussianBlur(img, img, {0, 0}, u / 4);
      cv::Mat grain(size, CV_8UC3);
      rng.fill(grain, cv::RNG::NORMAL, cv::Scalar::all(0), cv::Scalar::all(6));
      img += grain;
      break;
    }
    case Negative::kChess: {  // the game's greys with no gaps, and some round pieces
      const int n = 8;
      const double sq = std::min(size.width, size.height) * 0.9 / n;
      const cv::Point2d o{(size.width - n * sq) / 2, (size.height - n * sq) / 2};
      for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c) {
          fill_rect(img, {o.x + c * sq, o.y + r * sq, sq, sq}, (r + c) % 2 ? cv::Scalar::all(209) : cv::Scalar::all(245));
          if ((r < 2 || r > 5) && rng.uniform(0, 4) != 0)
            fill_circle(img, {o.x + (c + 0.5) * sq, o.y + (r + 0.5) * sq}, sq * 0.33,
                        r < 2 ? cv::Scalar::all(40) : cv::Scalar{60, 120, 230});
        }
      break;
    }
    case Negative::kGrid: {  // sudoku: white cells, thin dark lines, some digits
      const int n = 9;
      const double sq = std::min(size.width, size.height) * 0.92 / n;
      const cv::Point2d o{(size.width - n * sq) / 2, (size.height - n * sq) / 2};
      fill_rect(img, {o.x, o.y, n * sq, n * sq}, cv::Scalar::all(60));
      for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c) {
          const double line = sq * ((c % 3 == 0 || r % 3 == 0) ? 0.06 : 0.03);
          fill_rect(img, {o.x + c * sq + line, o.y + r * sq + line, sq - 1.5 * line, sq - 1.5 * line},
                    rng.uniform(0, 5) == 0 ? cv::Scalar::all(215) : cv::Scalar::all(252));
          if (rng.uniform(0, 3) == 0)
            centred_text(img, std::to_string(rng.uniform(1, 10)), o.x + (c + 0.5) * sq, o.y + (r + 0.75) * sq, sq * 0.5,
                         cv::Scalar::all(30));
        }
      break;
    }
    case Negative::kTiles: {  // 2048: rounded tiles with 12% gaps on a darker frame, some coloured
      const int n = 4;
      const double pitch = std::min(size.width, size.height) * 0.9 / n;
      const cv::Point2d o{(size.width - n * pitch) / 2, (size.height - n * pitch) / 2};
      img.setTo(cv::Scalar{239, 248, 250});
      fill_rounded(img, {o.x - 0.06 * pitch, o.y - 0.06 * pitch, n * pitch, n * pitch}, 0.05 * pitch, {160, 173, 187});
      const std::array<cv::Scalar, 4> tiles = {cv::Scalar{180, 193, 205}, cv::Scalar{218, 228, 238},
                                               cv::Scalar{121, 177, 242}, cv::Scalar{99, 149, 245}};
      for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c) {
          const int t = rng.uniform(0, 4);
          const cv::Rect2d cell{o.x + c * pitch + 0.06 * pitch, o.y + r * pitch + 0.06 * pitch, 0.88 * pitch, 0.88 * pitch};
          fill_rounded(img, cell, 0.06 * pitch, tiles[static_cast<std::size_t>(t)]);
          if (t > 0)
            centred_text(img, std::to_string(2 << t), cell.x + cell.width / 2, cell.y + 0.68 * cell.height, 0.4 * pitch,
                         t > 1 ? cv::Scalar::all(255) : cv::Scalar{101, 110, 119});
        }
      break;
    }
  }
  return img;
}

State random_board(int rows, int cols, int visited, std::uint64_t seed, std::vector<Cell>* walk_out) {
  cv::RNG rng(seed);
  const int n = rows * cols;
  std::vector<Cell> best;
  // Randomised Warnsdorff walks (prefer the neighbour with fewest onward moves): they cover most
  // of the grid, and the cells they miss are the holes. Keep the best of a few that touch every
  // row and column, so the board's bounding box is the whole grid.
  // Holes placed up front scatter over the board as in the game's levels; the walk adds a few more.
  for (int attempt = 0; attempt < 200; ++attempt) {
    std::vector<char> used(static_cast<std::size_t>(n), 0);
    auto idx = [&](Cell c) { return static_cast<std::size_t>(c.row * cols + c.col); };
    const double hole_rate = rng.uniform(0.06, 0.2);
    for (auto& u : used) u = rng.uniform(0.0, 1.0) < hole_rate ? 2 : 0;
    Cell at{rng.uniform(0, rows), rng.uniform(0, cols)};
    if (used[idx(at)]) continue;
    std::vector<Cell> walk{at};
    used[idx(at)] = 1;
    for (;;) {
      std::vector<std::pair<int, Cell>> options;
      for (Cell d : {Cell{-1, 0}, Cell{1, 0}, Cell{0, -1}, Cell{0, 1}}) {
        const Cell nb{at.row + d.row, at.col + d.col};
        if (nb.row < 0 || nb.col < 0 || nb.row >= rows || nb.col >= cols || used[idx(nb)]) continue;
        int onward = 0;
        for (Cell e : {Cell{-1, 0}, Cell{1, 0}, Cell{0, -1}, Cell{0, 1}}) {
          const Cell m{nb.row + e.row, nb.col + e.col};
          if (m.row >= 0 && m.col >= 0 && m.row < rows && m.col < cols && !used[idx(m)]) ++onward;
        }
        options.push_back({onward * 4 + rng.uniform(0, 6), nb});  // noise breaks ties and makes holes
      }
      if (options.empty()) break;
      at = std::min_element(options.begin(), options.end(), [](const auto& a, const auto& b) {
             return a.first < b.first;
           })->second;
      used[idx(at)] = 1;
      walk.push_back(at);
    }
    std::vector<char> row_hit(static_cast<std::size_t>(rows), 0), col_hit(static_cast<std::size_t>(cols), 0);
    for (Cell c : walk) row_hit[static_cast<std::size_t>(c.row)] = col_hit[static_cast<std::size_t>(c.col)] = 1;
    const bool spans = std::all_of(row_hit.begin(), row_hit.end(), [](char h) { return h != 0; }) &&
                       std::all_of(col_hit.begin(), col_hit.end(), [](char h) { return h != 0; });
    const bool holes_ok = walk.size() >= static_cast<std::size_t>(n * 7 / 10);
    if (spans && (holes_ok || (attempt > 100 && walk.size() > best.size()))) {
      best = walk;
      if (holes_ok) break;
    }
  }
  if (best.empty()) {  // no walk spanned the grid (tiny grids): a boustrophedon covers it all
    for (int r = 0; r < rows; ++r)
      for (int c = 0; c < cols; ++c) best.push_back({r, r % 2 == 0 ? c : cols - 1 - c});
  }
  State s;
  s.rows = rows;
  s.cols = cols;
  s.sites.assign(static_cast<std::size_t>(n), Site::kNone);
  for (Cell c : best) s.sites[static_cast<std::size_t>(c.row * cols + c.col)] = Site::kFree;
  const int k = std::clamp(visited, 1, static_cast<int>(best.size()));
  for (int i = 0; i < k; ++i) s.sites[static_cast<std::size_t>(best[i].row * cols + best[i].col)] = Site::kVisited;
  s.head = best[static_cast<std::size_t>(k - 1)];
  if (walk_out != nullptr) *walk_out = best;
  return s;
}

}  // namespace pb::vision::onestroke
