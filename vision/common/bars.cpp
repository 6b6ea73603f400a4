/* bars.cpp: the page plane in Lab, ink masks, rods, bar shapes and the boundaries in a stack of touching bars. */
#include "vision/common/bars.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <opencv2/imgproc.hpp>
#include <tuple>

namespace pb::vision {

void PlaneFit::add(double x, double y, const cv::Vec3f& lab) {
  const double v[3] = {1, x, y};
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) a_(i, j) += v[i] * v[j];
    for (int c = 0; c < 3; ++c) rhs_(i, c) += v[i] * lab[c];
  }
}

bool PlaneFit::solve(PageModel& out) const {
  cv::Matx33d coef;
  if (!cv::solve(a_, rhs_, coef, cv::DECOMP_SVD)) return false;
  for (int c = 0; c < 3; ++c) {
    out.at0[c] = static_cast<float>(coef(0, c));
    out.per_x[c] = static_cast<float>(coef(1, c));
    out.per_y[c] = static_cast<float>(coef(2, c));
  }
  return true;
}

namespace {

struct Sample {
  float x, y;
  cv::Vec3f lab;
};

// PlaneFit over `s`.
bool fit_plane(const std::vector<const Sample*>& s, PageModel& out) {
  PlaneFit fit;
  for (const Sample* p : s) fit.add(p->x, p->y, p->lab);
  return fit.solve(out);
}

}  // namespace

namespace {

// About 40,000 samples on a grid: the fit costs the same on a phone screenshot as on a thumbnail.
std::vector<Sample> sample_grid(const cv::Mat& lab) {
  const int step = std::max(1, static_cast<int>(std::sqrt(static_cast<double>(lab.total()) / 40000.0)));
  std::vector<Sample> samples;
  for (int y = step / 2; y < lab.rows; y += step) {
    const auto* row = lab.ptr<cv::Vec3f>(y);
    for (int x = step / 2; x < lab.cols; x += step) samples.push_back({static_cast<float>(x), static_cast<float>(y), row[x]});
  }
  return samples;
}

// The plane fitted to `pool` (fit_page's steps), its coverage a share of `total` samples; `in` gets
// the pool's samples within `fit_delta_e` of it.
PageModel fit_pool(const std::vector<const Sample*>& pool, std::size_t total, double fit_delta_e, std::vector<const Sample*>& in) {
  PageModel page;
  in.clear();
  if (pool.empty() || total == 0) return page;
  std::map<std::tuple<int, int, int>, std::vector<const Sample*>> bins;
  for (const Sample* s : pool)
    bins[{static_cast<int>(s->lab[0] / 4), static_cast<int>(std::floor(s->lab[1] / 8)), static_cast<int>(std::floor(s->lab[2] / 8))}].push_back(s);
  const auto& seed = std::max_element(bins.begin(), bins.end(), [](const auto& a, const auto& b) { return a.second.size() < b.second.size(); })->second;
  cv::Vec3f mean(0, 0, 0);
  for (const Sample* s : seed) mean += s->lab;
  page.at0 = mean * (1.0f / static_cast<float>(seed.size()));
  // A gradient page: each refit takes in the pixels next to the ones already fitted.
  for (int round = 0; round < 5; ++round) {
    in.clear();
    for (const Sample* s : pool)
      if (delta_e(s->lab, page.at(s->x, s->y)) <= fit_delta_e) in.push_back(s);
    if (in.size() < 3) break;
    PageModel next = page;
    if (!fit_plane(in, next)) break;
    page = next;
  }
  in.clear();
  std::vector<double> d;
  for (const Sample* s : pool)
    if (const double e = delta_e(s->lab, page.at(s->x, s->y)); e <= fit_delta_e) d.push_back(e), in.push_back(s);
  page.coverage = static_cast<double>(d.size()) / static_cast<double>(total);
  if (!d.empty()) {
    const std::size_t k = d.size() * 9 / 10;
    std::nth_element(d.begin(), d.begin() + static_cast<std::ptrdiff_t>(k), d.end());
    page.spread = d[k];
  }
  return page;
}

}  // namespace

PageModel fit_page(const cv::Mat& lab, double fit_delta_e) {
  const std::vector<Sample> samples = sample_grid(lab);
  std::vector<const Sample*> pool, in;
  for (const Sample& s : samples) pool.push_back(&s);
  return fit_pool(pool, samples.size(), fit_delta_e, in);
}

std::vector<PageModel> fit_page_layers(const cv::Mat& lab, double fit_delta_e, int max_layers, double min_layer_fraction) {
  const std::vector<Sample> samples = sample_grid(lab);
  std::vector<const Sample*> pool, in;
  for (const Sample& s : samples) pool.push_back(&s);
  std::vector<PageModel> layers;
  const float margin = 0.05f * static_cast<float>(lab.cols);
  while (static_cast<int>(layers.size()) < std::max(1, max_layers) && !pool.empty()) {
    const PageModel layer = fit_pool(pool, samples.size(), fit_delta_e, in);
    if (!layers.empty()) {
      // A further layer is scenery behind the board: a large share of the picture, across its whole
      // width (a landscape's hills); a stack of discs or a row of rods is neither.
      float lo = static_cast<float>(lab.cols), hi = 0;
      for (const Sample* s : in) lo = std::min(lo, s->x), hi = std::max(hi, s->x);
      if (layer.coverage < min_layer_fraction || lo > margin || hi < static_cast<float>(lab.cols) - margin) break;
    }
    layers.push_back(layer);
    std::erase_if(pool, [&](const Sample* s) { return delta_e(s->lab, layer.at(s->x, s->y)) <= fit_delta_e; });
  }
  return layers;
}

cv::Mat page_distance(const cv::Mat& lab, const PageModel& page) {
  cv::Mat out(lab.size(), CV_32F);
  // Plain float arithmetic per pixel (a phone screenshot is millions of pixels; the sanitizer build
  // does not inline Vec3f's operators).
  const float dx0 = page.per_x[0], dx1 = page.per_x[1], dx2 = page.per_x[2];
  for (int y = 0; y < lab.rows; ++y) {
    const float* row = lab.ptr<float>(y);
    auto* o = out.ptr<float>(y);
    const cv::Vec3f c = page.at(0, y);
    float c0 = c[0], c1 = c[1], c2 = c[2];
    for (int x = 0; x < lab.cols; ++x, c0 += dx0, c1 += dx1, c2 += dx2) {
      const float a = row[3 * x] - c0, b = row[3 * x + 1] - c1, d = row[3 * x + 2] - c2;
      o[x] = std::sqrt(a * a + b * b + d * d);
    }
  }
  return out;
}

cv::Mat page_distance(const cv::Mat& lab, std::span<const PageModel> layers, std::span<const double> scales) {
  cv::Mat out;
  for (std::size_t k = 0; k < layers.size(); ++k) {
    cv::Mat d = page_distance(lab, layers[k]);
    if (k < scales.size() && scales[k] != 1) d *= scales[k];
    if (out.empty()) out = d;
    else cv::min(out, d, out);
  }
  return out;
}

cv::Mat ink_mask(const cv::Mat& distance, double threshold, int max_hole_px) {
  cv::Mat ink = distance > threshold;
  if (max_hole_px <= 0) return ink;
  cv::Mat labels, stats, centroids;
  const int n = cv::connectedComponentsWithStats(~ink, labels, stats, centroids, 4, CV_32S);
  // Each small hole filled within its own box (they are few and small: no pass over the image).
  for (int i = 1; i < n; ++i) {
    const cv::Rect box(stats.at<int>(i, cv::CC_STAT_LEFT), stats.at<int>(i, cv::CC_STAT_TOP), stats.at<int>(i, cv::CC_STAT_WIDTH),
                       stats.at<int>(i, cv::CC_STAT_HEIGHT));
    const bool edge = box.x == 0 || box.y == 0 || box.x + box.width == ink.cols || box.y + box.height == ink.rows;
    if (edge || stats.at<int>(i, cv::CC_STAT_AREA) > max_hole_px) continue;
    ink(box).setTo(255, labels(box) == i);
  }
  return ink;
}

Run run_through(const cv::Mat& mask, int y, int x, int slack) {
  Run run;
  if (y < 0 || y >= mask.rows) return run;
  const auto* m = mask.ptr<std::uint8_t>(y);
  int at = -1;
  for (int d = 0; d <= slack && at < 0; ++d) {
    if (x - d >= 0 && x - d < mask.cols && m[x - d]) at = x - d;
    else if (x + d >= 0 && x + d < mask.cols && m[x + d]) at = x + d;
  }
  if (at < 0) return run;
  run.l = run.r = at;
  while (run.l > 0 && m[run.l - 1]) --run.l;
  while (run.r + 1 < mask.cols && m[run.r + 1]) ++run.r;
  return run;
}

cv::Mat run_lengths(const cv::Mat& mask) {
  cv::Mat out(mask.size(), CV_32S, cv::Scalar(0));
  for (int y = 0; y < mask.rows; ++y) {
    const auto* m = mask.ptr<std::uint8_t>(y);
    int* o = out.ptr<int>(y);
    for (int x = 0; x < mask.cols;) {
      if (!m[x]) {
        ++x;
        continue;
      }
      int e = x;
      while (e < mask.cols && m[e]) ++e;
      std::fill(o + x, o + e, e - x);
      x = e;
    }
  }
  return out;
}

std::vector<VerticalBar> vertical_bars(const cv::Mat& mask, int max_width, int min_height, double min_aspect, double min_fill) {
  const cv::Mat runs = run_lengths(mask);
  cv::Mat narrow = (runs > 0) & (runs <= max_width);
  // Only columns of narrow pixels min_height tall: a disc's rounded top rows, narrow too, are not
  // part of the rod standing on it.
  if (min_height > 1) cv::morphologyEx(narrow, narrow, cv::MORPH_OPEN, cv::getStructuringElement(cv::MORPH_RECT, {1, min_height}));
  cv::Mat labels, stats, centroids;
  const int n = cv::connectedComponentsWithStats(narrow, labels, stats, centroids, 8, CV_32S);
  std::vector<VerticalBar> out;
  for (int i = 1; i < n; ++i) {
    const int w = stats.at<int>(i, cv::CC_STAT_WIDTH), h = stats.at<int>(i, cv::CC_STAT_HEIGHT);
    const int area = stats.at<int>(i, cv::CC_STAT_AREA);
    const double mean_w = static_cast<double>(area) / h;
    if (h < min_height || h < min_aspect * mean_w || area < min_fill * w * h) continue;
    VerticalBar b;
    b.x = centroids.at<double>(i, 0);
    b.top = stats.at<int>(i, cv::CC_STAT_TOP);
    b.bottom = b.top + h - 1;
    b.width = mean_w;
    out.push_back(b);
  }
  std::sort(out.begin(), out.end(), [](const VerticalBar& a, const VerticalBar& b) { return a.x < b.x; });
  return out;
}

std::vector<VerticalBar> join_collinear(std::vector<VerticalBar> bars, const cv::Mat& mask, double x_tolerance) {
  std::sort(bars.begin(), bars.end(), [](const VerticalBar& a, const VerticalBar& b) { return a.top < b.top; });
  std::vector<VerticalBar> out;
  const int slack = std::max(1, static_cast<int>(std::lround(x_tolerance)));
  for (const VerticalBar& b : bars) {
    bool joined = false;
    for (VerticalBar& o : out) {
      if (std::abs(o.x - b.x) > x_tolerance) continue;
      // Inked down the line between them (at most a tenth of the rows bare: JPEG, a blended edge).
      const int x = static_cast<int>(std::lround((o.x + b.x) / 2));
      int bare = 0, rows = 0;
      for (int y = std::min(o.bottom, b.bottom) + 1; y < std::max(o.top, b.top); ++y, ++rows)
        if (run_through(mask, y, x, slack).empty()) ++bare;
      if (bare * 10 > rows) continue;
      const double ho = o.height(), hb = b.height();
      o.x = (o.x * ho + b.x * hb) / (ho + hb);
      o.width = (o.width * ho + b.width * hb) / (ho + hb);
      o.top = std::min(o.top, b.top);
      o.bottom = std::max(o.bottom, b.bottom);
      joined = true;
      break;
    }
    if (!joined) out.push_back(b);
  }
  std::sort(out.begin(), out.end(), [](const VerticalBar& a, const VerticalBar& b) { return a.x < b.x; });
  return out;
}

BarFit fit_bar(std::span<const Run> rows, double taper, double rounding) {
  BarFit fit;
  const int n = static_cast<int>(rows.size());
  if (n == 0) return fit;
  const int from = n / 4, to = std::max(from + 1, n - n / 4);
  std::vector<double> mid, centres;
  for (int i = from; i < to; ++i) mid.push_back(rows[static_cast<std::size_t>(i)].width());
  for (const Run& r : rows) centres.push_back(r.centre());
  std::vector<double> sorted = mid;
  std::nth_element(sorted.begin(), sorted.begin() + static_cast<std::ptrdiff_t>(sorted.size() / 2), sorted.end());
  fit.width = sorted[sorted.size() / 2];
  std::nth_element(centres.begin(), centres.begin() + static_cast<std::ptrdiff_t>(centres.size() / 2), centres.end());
  fit.centre = centres[centres.size() / 2];
  // A line through the middle half's widths: a trapezoid's sides, a box's or rounded bar's flat body.
  double sx = 0, sy = 0, sxx = 0, sxy = 0;
  for (int i = from; i < to; ++i) {
    const double w = rows[static_cast<std::size_t>(i)].width();
    sx += i, sy += w, sxx += static_cast<double>(i) * i, sxy += i * w;
  }
  const double m = to - from, den = m * sxx - sx * sx;
  const double slope = den > 0 ? (m * sxy - sx * sy) / den : 0, icpt = (sy - slope * sx) / m;
  fit.top_width = icpt;
  fit.bottom_width = icpt + slope * (n - 1);
  for (int i = from; i < to; ++i) fit.residual += std::abs(rows[static_cast<std::size_t>(i)].width() - (icpt + slope * i));
  fit.residual /= m;
  const double ends = std::min(rows.front().width(), rows.back().width());
  if (std::abs(fit.bottom_width - fit.top_width) >= taper * fit.width) fit.shape = BarShape::kTrapezoid;
  else if (ends <= (1 - rounding) * fit.width) fit.shape = BarShape::kRounded;
  return fit;
}

std::vector<int> bar_boundaries(std::span<const Run> rows, std::span<const cv::Vec3f> colours, double colour_step,
                                double dip_px, double step_px, int min_rows) {
  const int n = static_cast<int>(rows.size());
  auto w = [&](int i) { return static_cast<double>(rows[static_cast<std::size_t>(i)].width()); };
  auto c = [&](int i) { return colours[static_cast<std::size_t>(i)]; };
  std::vector<std::pair<double, int>> cands;  // strength, row
  for (int i = std::max(1, min_rows); i <= n - std::max(1, min_rows); ++i) {
    double strength = 0;
    // Colour: rows i-1 and i+1 differ (row i may blend the two), each side flat for min_rows rows
    // (a line of blended rows between two discs is not two boundaries).
    if (const int k = std::max(2, min_rows); i >= k && i + k < n) {
      const double across = delta_e(c(i - 1), c(i + 1));
      bool flat = across >= colour_step;
      for (int j = 1; j < k && flat; ++j)
        flat = delta_e(c(i - 1 - j), c(i - 1)) <= colour_step / 2 && delta_e(c(i + 1 + j), c(i + 1)) <= colour_step / 2;
      if (flat) strength = std::max(strength, across / colour_step);
    }
    // Dip: row i narrower than both sides' widest rows near it (rounded ends meeting).
    {
      const int k = std::max(2, min_rows);
      double above = 0, below = 0;
      for (int j = std::max(0, i - k); j < i; ++j) above = std::max(above, w(j));
      for (int j = i + 1; j <= std::min(n - 1, i + k); ++j) below = std::max(below, w(j));
      const double dip = std::min(above, below) - w(i);
      if (i + 1 < n && dip >= dip_px) strength = std::max(strength, dip / dip_px);
    }
    // Step: a line through 3 rows each side, both straight, meeting row i at different widths.
    if (i >= 3 && i + 3 < n) {
      auto side = [&](int a, double& at_i, double& resid, double& slope) {  // rows a, a+1, a+2
        slope = (w(a + 2) - w(a)) / 2;
        const double mid = (w(a) + w(a + 1) + w(a + 2)) / 3;
        resid = std::abs(w(a + 1) - mid);
        at_i = mid + slope * (i - (a + 1));
      };
      double up, up_r, up_s, down, down_r, down_s;
      side(i - 3, up, up_r, up_s);
      side(i + 1, down, down_r, down_s);
      const double jump = std::abs(down - up);
      // Both sides straight and of one slope (a trapezoid's sides, a box's none): not a rounded or
      // anti-aliased end, whose rows ramp.
      if (jump >= step_px && up_r <= step_px / 3 && down_r <= step_px / 3 && std::abs(up_s - down_s) <= step_px / 3)
        strength = std::max(strength, jump / step_px);
    }
    if (strength > 0) cands.push_back({strength, i});
  }
  std::sort(cands.begin(), cands.end(), [](const auto& a, const auto& b) { return a.first > b.first || (a.first == b.first && a.second < b.second); });
  std::vector<int> kept;
  for (const auto& [s, i] : cands) {
    bool near = false;
    for (int k : kept) near = near || std::abs(k - i) < min_rows;
    if (!near) kept.push_back(i);
  }
  std::sort(kept.begin(), kept.end());
  return kept;
}

cv::Vec3f run_colour(const cv::Mat& lab, int y, const Run& run) {
  if (run.empty()) return {};
  const auto* row = lab.ptr<cv::Vec3f>(y);
  std::vector<float> ch[3];
  for (int x = run.l; x <= run.r; ++x)
    for (int k = 0; k < 3; ++k) ch[k].push_back(row[x][k]);
  cv::Vec3f out;
  for (int k = 0; k < 3; ++k) {
    std::nth_element(ch[k].begin(), ch[k].begin() + static_cast<std::ptrdiff_t>(ch[k].size() / 2), ch[k].end());
    out[k] = ch[k][ch[k].size() / 2];
  }
  return out;
}

std::vector<std::vector<std::size_t>> group_similar(std::span<const double> values, double rel_tolerance, double abs_tolerance) {
  std::vector<std::size_t> order(values.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return values[a] < values[b]; });
  std::vector<std::vector<std::size_t>> groups;
  for (std::size_t i : order) {
    if (!groups.empty()) {
      const double first = values[groups.back().front()];
      if (values[i] - first <= rel_tolerance * values[i] + abs_tolerance) {
        groups.back().push_back(i);
        continue;
      }
    }
    groups.push_back({i});
  }
  return groups;
}

double equal_spacing(std::span<const double> xs, double tolerance) {
  if (xs.size() < 2) return 0;
  std::vector<double> gaps;
  for (std::size_t i = 1; i < xs.size(); ++i) gaps.push_back(xs[i] - xs[i - 1]);
  std::vector<double> sorted = gaps;
  std::nth_element(sorted.begin(), sorted.begin() + static_cast<std::ptrdiff_t>(sorted.size() / 2), sorted.end());
  const double m = sorted[sorted.size() / 2];
  if (m <= 0) return 0;
  for (double g : gaps)
    if (std::abs(g - m) > tolerance * m) return 0;
  return m;
}

Run trim_to_colour(const cv::Mat& lab, int y, const Run& run, const cv::Vec3f& colour, double delta_e) {
  if (run.empty()) return run;
  const auto* row = lab.ptr<cv::Vec3f>(y);
  Run out = run;
  while (out.l <= out.r && vision::delta_e(row[out.l], colour) > delta_e) ++out.l;
  while (out.r >= out.l && vision::delta_e(row[out.r], colour) > delta_e) --out.r;
  return out.empty() ? run : out;
}

}  // namespace pb::vision
