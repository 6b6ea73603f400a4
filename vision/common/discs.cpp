/* discs.cpp: disc candidates from ink, edges and Lab colour clusters; their merging, size range and looks. */
#include "vision/common/discs.hpp"

#include <algorithm>
#include <cmath>
#include <opencv2/imgproc.hpp>

#include "vision/common/colour.hpp"
#include "vision/common/pixels.hpp"

namespace pb::vision {
namespace {

// A circle fitted to one contour, or nothing when the contour is not round enough.
bool fit_circle(const std::vector<cv::Point>& contour, const DiscShape& shape, Disc& out) {
  if (contour.size() < 5) return false;
  const cv::Rect box = cv::boundingRect(contour);
  if (std::min(box.width, box.height) < shape.min_diameter_px || std::max(box.width, box.height) > shape.max_diameter_px) return false;
  if (std::max(box.width, box.height) > shape.max_aspect * std::min(box.width, box.height)) return false;
  cv::Point2f centre;
  float radius = 0;
  cv::minEnclosingCircle(contour, centre, radius);
  // The contour runs through boundary pixels' centres: half a pixel inside the drawn edge.
  const double area = cv::contourArea(contour);
  const double circle = CV_PI * radius * radius;
  if (circle <= 0 || area / circle < shape.min_roundness) return false;
  out.centre = cv::Point2f(static_cast<float>(box.x + (box.width - 1) / 2.0), static_cast<float>(box.y + (box.height - 1) / 2.0));
  // The radius of a disc of the same area (robust to a nick or a bump in the outline), edge to edge.
  out.radius = static_cast<float>(std::sqrt(area / CV_PI)) + 0.5f;
  out.outlines = {out.radius};
  out.box = box;
  return true;
}

}  // namespace

std::vector<Disc> mask_discs(const cv::Mat& mask, const DiscShape& shape, DiscCue cue) {
  std::vector<std::vector<cv::Point>> contours;
  cv::findContours(mask.clone(), contours, cv::RETR_LIST, cv::CHAIN_APPROX_NONE);
  std::vector<Disc> out;
  for (const auto& c : contours) {
    Disc d;
    if (!fit_circle(c, shape, d)) continue;
    d.cues = cue;
    out.push_back(d);
  }
  return out;
}

std::vector<Disc> ink_discs(const cv::Mat& bgr, const cv::Vec3b& background, int tolerance, const DiscShape& shape) {
  cv::Mat ink;
  cv::bitwise_not(near_colour(bgr, background, tolerance), ink);
  return mask_discs(ink, shape, kInkCue);
}

std::vector<Disc> edge_discs(const cv::Mat& bgr, double low, double high, const DiscShape& shape) {
  cv::Mat grey, edges;
  cv::cvtColor(bgr, grey, cv::COLOR_BGR2GRAY);
  cv::Canny(grey, edges, low, high, 3, true);
  // A pixel's gap in an anti-aliased or JPEG'd rim would open the loop.
  cv::morphologyEx(edges, edges, cv::MORPH_CLOSE, cv::getStructuringElement(cv::MORPH_RECT, {3, 3}));
  return mask_discs(edges, shape, kEdgeCue);
}

std::vector<Disc> colour_discs(const cv::Mat& bgr, int clusters, int sample_px, const DiscShape& shape, int seed) {
  if (clusters < 2 || bgr.empty()) return {};
  const cv::Mat lab = to_lab(bgr);
  const int step = std::max(1, static_cast<int>(std::sqrt(static_cast<double>(bgr.total()) / std::max(1, sample_px))));
  cv::Mat samples(((lab.rows + step - 1) / step) * ((lab.cols + step - 1) / step), 3, CV_32F);
  int n = 0;
  for (int y = 0; y < lab.rows; y += step)
    for (int x = 0; x < lab.cols; x += step, ++n) {
      const cv::Vec3f& v = lab.at<cv::Vec3f>(y, x);
      for (int ch = 0; ch < 3; ++ch) samples.at<float>(n, ch) = v[ch];
    }
  if (samples.rows < clusters) return {};
  cv::Mat labels, centres;
  // k-means draws its first centres from OpenCV's thread RNG: seeded for the same discs every run,
  // and put back as it was for whoever else draws from it.
  const cv::RNG saved = cv::theRNG();
  cv::theRNG() = cv::RNG(static_cast<std::uint64_t>(seed));
  cv::kmeans(samples, clusters, labels, cv::TermCriteria(cv::TermCriteria::COUNT | cv::TermCriteria::EPS, 10, 0.5), 1,
             cv::KMEANS_PP_CENTERS, centres);
  cv::theRNG() = saved;
  std::vector<cv::Mat> masks(static_cast<std::size_t>(clusters));
  for (cv::Mat& m : masks) m = cv::Mat::zeros(bgr.size(), CV_8U);
  for (int y = 0; y < lab.rows; ++y) {
    const auto* row = lab.ptr<cv::Vec3f>(y);
    for (int x = 0; x < lab.cols; ++x) {
      int best = 0;
      float best_d = 1e30f;
      for (int k = 0; k < clusters; ++k) {
        const float* c = centres.ptr<float>(k);
        const float d = (row[x][0] - c[0]) * (row[x][0] - c[0]) + (row[x][1] - c[1]) * (row[x][1] - c[1]) + (row[x][2] - c[2]) * (row[x][2] - c[2]);
        if (d < best_d) best_d = d, best = k;
      }
      masks[static_cast<std::size_t>(best)].at<std::uint8_t>(y, x) = 255;
    }
  }
  std::vector<Disc> out;
  for (const cv::Mat& m : masks) {
    // Only the outer boundaries: a cluster's holes are other clusters' blobs, found there.
    std::vector<std::vector<cv::Point>> contours;
    cv::findContours(m, contours, cv::RETR_EXTERNAL, cv::CHAIN_APPROX_NONE);
    for (const auto& c : contours) {
      Disc d;
      if (!fit_circle(c, shape, d)) continue;
      d.cues = kColourCue;
      out.push_back(d);
    }
  }
  return out;
}

std::vector<Disc> merge_discs(const std::vector<Disc>& candidates, const DiscShape& shape) {
  // Largest first, so each disc's centre and box are its outermost outline's.
  std::vector<Disc> sorted = candidates;
  std::sort(sorted.begin(), sorted.end(), [](const Disc& a, const Disc& b) { return a.radius > b.radius; });
  std::vector<Disc> out;
  for (const Disc& c : sorted) {
    Disc* home = nullptr;
    for (Disc& d : out) {
      const float smaller = std::min(c.radius, d.radius);
      if (cv::norm(c.centre - d.centre) <= shape.merge_offset * smaller && d.radius <= shape.max_concentric * c.radius) {
        home = &d;
        break;
      }
    }
    if (home == nullptr) {
      out.push_back(c);
      continue;
    }
    home->cues |= c.cues;
    home->outlines.push_back(c.radius);
  }
  for (Disc& d : out) {
    std::sort(d.outlines.begin(), d.outlines.end());
    // Outlines within a pixel of each other are one edge found twice (by two cues, or both sides of an edge line).
    std::vector<float> kept;
    for (float r : d.outlines)
      if (kept.empty() || r - kept.back() > 1.5f) kept.push_back(r);
    d.outlines = kept;
  }
  return out;
}

std::pair<float, float> board_size_range(const std::vector<Disc>& discs, double ratio, int min_count) {
  std::vector<float> radii;
  for (const Disc& d : discs) radii.insert(radii.end(), d.outlines.begin(), d.outlines.end());
  std::sort(radii.begin(), radii.end());
  radii.erase(std::unique(radii.begin(), radii.end()), radii.end());
  std::pair<float, float> best{0, 0};
  double best_area = -1;
  for (float lo : radii) {
    const float hi = static_cast<float>(lo * ratio);
    int count = 0;
    double area = 0;
    for (const Disc& d : discs) {
      const float r = outline_in(d, lo, hi, hi);
      if (r > 0) ++count, area += static_cast<double>(r) * r;
    }
    if (count >= min_count && area > best_area) best_area = area, best = {lo, hi};
  }
  return best;
}

float outline_in(const Disc& disc, float lo, float hi, float near) {
  float best = 0;
  for (float r : disc.outlines)
    if (r >= lo && r <= hi && (best == 0 || std::abs(r - near) < std::abs(best - near))) best = r;
  return best;
}

namespace {

// One pass of edge_radius: the edge within [(1 - depth) r, r + reach] of the outline r.
float edge_radius_once(const cv::Mat& bgr, cv::Point2f centre, float radius, const EdgeProbe& probe) {
  // Bilinear samples in 8-bit BGR, where a drawing's anti-aliasing blends linearly (Lab does not).
  auto sample = [&](double x, double y, cv::Vec3d& out) {
    if (x < 0 || y < 0 || x > bgr.cols - 1 || y > bgr.rows - 1) return false;
    const int x0 = static_cast<int>(x), y0 = static_cast<int>(y);
    const int x1 = std::min(x0 + 1, bgr.cols - 1), y1 = std::min(y0 + 1, bgr.rows - 1);
    const double fx = x - x0, fy = y - y0;
    const cv::Vec3b &a = bgr.at<cv::Vec3b>(y0, x0), &b = bgr.at<cv::Vec3b>(y0, x1), &c = bgr.at<cv::Vec3b>(y1, x0), &d = bgr.at<cv::Vec3b>(y1, x1);
    for (int ch = 0; ch < 3; ++ch)
      out[ch] = (a[ch] * (1 - fx) + b[ch] * fx) * (1 - fy) + (c[ch] * (1 - fx) + d[ch] * fx) * fy;
    return true;
  };
  constexpr double kStep = 0.25;        // px along a ray
  constexpr int kHalf = 2;              // the gradient at a sample: the colour change over kHalf steps either side (1 px)
  const double inner = std::max(0.5, (1 - probe.depth) * radius);
  double outer = radius + std::max(2.0, probe.reach * radius);
  if (probe.max_radius > 0) outer = std::min(outer, probe.max_radius);
  const int steps = static_cast<int>((outer - inner) / kStep);
  if (steps <= 2 * kHalf + 2) return 0;
  std::vector<float> found;
  std::vector<cv::Vec3d> profile(static_cast<std::size_t>(steps + 1));
  std::vector<double> grad(profile.size(), 0.0);
  for (int k = 0; k < probe.rays; ++k) {
    const double a = 2 * CV_PI * (k + 0.5) / probe.rays, dx = std::cos(a), dy = std::sin(a);
    bool inside = true;
    for (int s = 0; s <= steps && inside; ++s)
      inside = sample(centre.x + dx * (inner + s * kStep), centre.y + dy * (inner + s * kStep), profile[static_cast<std::size_t>(s)]);
    if (!inside) continue;
    double strongest = 0;
    for (int s = kHalf; s + kHalf <= steps; ++s) {
      grad[static_cast<std::size_t>(s)] = cv::norm(profile[static_cast<std::size_t>(s + kHalf)] - profile[static_cast<std::size_t>(s - kHalf)]);
      strongest = std::max(strongest, grad[static_cast<std::size_t>(s)]);
    }
    if (strongest < probe.min_contrast) continue;
    // The outermost edge at least half as steep as the steepest: the rim, not a shadow's soft edge
    // outside it nor shading inside; of a ring, its outer side. Its place: the gradient's centroid
    // over the peak (the middle of an anti-aliased or blurred step).
    int peak = -1;
    for (int s = steps - kHalf; s >= kHalf; --s) {
      const double g = grad[static_cast<std::size_t>(s)];
      if (g >= 0.5 * strongest && (s + 1 > steps - kHalf || g >= grad[static_cast<std::size_t>(s + 1)]) && g >= grad[static_cast<std::size_t>(s - 1)]) {
        peak = s;
        break;
      }
    }
    if (peak < 0) continue;
    double sum = 0, moment = 0;
    for (int s = std::max(kHalf, peak - 2 * kHalf); s <= std::min(steps - kHalf, peak + 2 * kHalf); ++s) {
      const double g = grad[static_cast<std::size_t>(s)] - 0.5 * grad[static_cast<std::size_t>(peak)];
      if (g > 0) sum += g, moment += g * s;
    }
    found.push_back(static_cast<float>(inner + (sum > 0 ? moment / sum : peak) * kStep));
  }
  if (found.empty() || static_cast<double>(found.size()) < probe.min_rays * probe.rays) return 0;
  const float median = median_of(found);
  if (probe.max_spread > 0) {  // a round rim: enough rays find their edge near the median (not text, nor a panel's corner)
    const auto near = std::count_if(found.begin(), found.end(), [&](float f) {
      return std::abs(f - median) <= std::max(probe.min_spread_px, probe.max_spread * median);
    });
    if (static_cast<double>(near) < probe.min_rays * probe.rays) return 0;
  }
  return median;
}

}  // namespace

float edge_radius(const cv::Mat& bgr, cv::Point2f centre, float radius, const EdgeProbe& probe) {
  if (bgr.empty() || bgr.type() != CV_8UC3 || radius <= 0 || probe.rays <= 0) return 0;
  // An outline well inside the edge (a shaded ball's lit part, found as a colour of its own) leaves
  // the rim past the window: the window follows the edge found until it stays (a few passes).
  float r = radius;
  for (int pass = 0; pass < 4; ++pass) {
    const float next = edge_radius_once(bgr, centre, r, probe);
    if (next <= 0) return pass == 0 ? 0 : r;
    if (std::abs(next - r) < 0.25f) return next;
    r = next;
  }
  return r;
}

DiscLook disc_look(const cv::Mat& lab, cv::Point2f centre, float radius, double inner) {
  DiscLook out;
  const cv::Rect frame(0, 0, lab.cols, lab.rows);
  auto at = [&](double x, double y) -> const cv::Vec3f* {
    const cv::Point p(static_cast<int>(std::lround(x)), static_cast<int>(std::lround(y)));
    return frame.contains(p) ? &lab.at<cv::Vec3f>(p) : nullptr;
  };
  // The middle's mean colour: every pixel within inner * radius.
  cv::Vec3d sum(0, 0, 0);
  int n = 0;
  const double r_in = std::max(1.0, inner * radius);
  for (int dy = -static_cast<int>(r_in); dy <= static_cast<int>(r_in); ++dy)
    for (int dx = -static_cast<int>(r_in); dx <= static_cast<int>(r_in); ++dx) {
      if (dx * dx + dy * dy > r_in * r_in) continue;
      if (const cv::Vec3f* v = at(centre.x + dx, centre.y + dy)) sum += cv::Vec3d((*v)[0], (*v)[1], (*v)[2]), ++n;
    }
  if (n > 0) out.lab = cv::Vec3f(static_cast<float>(sum[0] / n), static_cast<float>(sum[1] / n), static_cast<float>(sum[2] / n));
  out.chroma = std::hypot(out.lab[1], out.lab[2]);
  // The pattern: the mean Lab of each cell of a polar grid (4 rings of 12 sectors, out to 0.8 of
  // the radius, inside any outline): a thin highlight arc shifts its cells' means, and a white arc
  // on yellow counts as much as one on brown (Lab, not L alone).
  constexpr int kRings = 4, kSectors = 12;
  std::vector<cv::Vec3d> cell(kRings * kSectors, cv::Vec3d(0, 0, 0));
  std::vector<int> count(kRings * kSectors, 0);
  const double reach = 0.8 * radius;
  for (int dy = -static_cast<int>(reach); dy <= static_cast<int>(reach); ++dy)
    for (int dx = -static_cast<int>(reach); dx <= static_cast<int>(reach); ++dx) {
      const double d = std::hypot(dx, dy);
      if (d > reach) continue;
      const cv::Vec3f* v = at(centre.x + dx, centre.y + dy);
      if (v == nullptr) continue;
      const int ring = std::min(kRings - 1, static_cast<int>(d / reach * kRings));
      double a = std::atan2(dy, dx);
      if (a < 0) a += 2 * CV_PI;
      const int sector = std::min(kSectors - 1, static_cast<int>(a / (2 * CV_PI) * kSectors));
      const auto k = static_cast<std::size_t>(ring * kSectors + sector);
      cell[k] += cv::Vec3d((*v)[0], (*v)[1], (*v)[2]);
      ++count[k];
    }
  // Each ring's own mean is taken out: what is left is how the disc varies around its centre (a
  // highlight on one side), not from middle to rim (an outline, a dimple, JPEG's ringing at the
  // edge), which every disc of a board shares whatever it is.
  std::vector<cv::Vec3d> ring_mean(kRings, cv::Vec3d(0, 0, 0));
  std::vector<int> ring_cells(kRings, 0);
  for (std::size_t k = 0; k < cell.size(); ++k)
    if (count[k] > 0) {
      cell[k] /= count[k];
      ring_mean[k / kSectors] += cell[k];
      ++ring_cells[k / kSectors];
    }
  for (int ring = 0; ring < kRings; ++ring)
    if (ring_cells[static_cast<std::size_t>(ring)] > 0) ring_mean[static_cast<std::size_t>(ring)] /= ring_cells[static_cast<std::size_t>(ring)];
  double sq = 0;
  out.pattern.clear();
  for (std::size_t k = 0; k < cell.size(); ++k) {
    const cv::Vec3d dev = count[k] > 0 ? cell[k] - ring_mean[k / kSectors] : cv::Vec3d(0, 0, 0);
    for (int ch = 0; ch < 3; ++ch) out.pattern.push_back(static_cast<float>(dev[ch]));
    sq += dev.dot(dev);
  }
  out.contrast = static_cast<float>(std::sqrt(sq / static_cast<double>(cell.size())));
  return out;
}

float pattern_distance(const DiscLook& a, const DiscLook& b, float flat) {
  const std::size_t n = std::min(a.pattern.size(), b.pattern.size());
  const bool a_flat = a.contrast < flat, b_flat = b.contrast < flat;
  if (a_flat && b_flat) return 0;
  if (a_flat || b_flat) return 1;
  // Contrast is the RMS per cell (3 values a cell): scaled by it, each pattern has unit RMS per cell.
  double sq = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const double d = a.pattern[i] / a.contrast - b.pattern[i] / b.contrast;
    sq += d * d;
  }
  return static_cast<float>(std::sqrt(sq / std::max<std::size_t>(1, n / 3)));
}

}  // namespace pb::vision
