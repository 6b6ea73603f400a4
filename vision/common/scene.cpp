/* scene.cpp: flat regions reaching the picture's side edges as the layers of an illustrated page, each a plane explaining the pixels near it, and the blends where two meet. */
#include "vision/common/scene.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <opencv2/imgproc.hpp>

#include "vision/common/lab.hpp"

namespace pb::vision {
namespace {

struct Pixel {
  float x, y;
  cv::Vec3f lab;
};

// PlaneFit over `px`.
bool fit_plane(const std::vector<Pixel>& px, PageModel& out) {
  PlaneFit fit;
  for (const Pixel& p : px) fit.add(p.x, p.y, p.lab);
  return fit.solve(out);
}

// The plane of one region from a grid sample of its pixels: fitted to all, then refitted to those
// within `fit_delta_e` (a region that leaked into a neighbour through a soft spot keeps its own plane).
PageModel fit_region(const std::vector<Pixel>& px, double fit_delta_e, std::size_t total) {
  PageModel plane;
  if (px.size() < 3 || !fit_plane(px, plane)) return plane;
  std::vector<Pixel> in;
  for (int round = 0; round < 3; ++round) {
    in.clear();
    for (const Pixel& p : px)
      if (delta_e(p.lab, plane.at(p.x, p.y)) <= fit_delta_e) in.push_back(p);
    if (in.size() < 3 || !fit_plane(in, plane)) break;
  }
  std::vector<double> d;
  for (const Pixel& p : px)
    if (const double e = delta_e(p.lab, plane.at(p.x, p.y)); e <= fit_delta_e) d.push_back(e);
  plane.coverage = static_cast<double>(d.size()) / static_cast<double>(std::max<std::size_t>(1, total));
  if (!d.empty()) {
    const std::size_t k = d.size() * 9 / 10;
    std::nth_element(d.begin(), d.begin() + static_cast<std::ptrdiff_t>(k), d.end());
    plane.spread = d[k];
  }
  return plane;
}

// Distance from `c` to the segment from `a` to `b` in Lab.
float to_segment(const cv::Vec3f& c, const cv::Vec3f& a, const cv::Vec3f& b) {
  const cv::Vec3f ab = b - a, ac = c - a;
  const float len2 = ab.dot(ab);
  const float t = len2 > 0 ? std::clamp(ac.dot(ab) / len2, 0.0f, 1.0f) : 0.0f;
  const cv::Vec3f d = ac - ab * t;
  return std::sqrt(d.dot(d));
}

// The far joins of fit_scene (see there): regions (`labels`, their `stats`) grouped by `root` into
// `parent`; only `links` regions join; colours of `smooth` agree within sqrt(`link2`). Along each
// row, two groups join when the colours where one ends and the next begins agree, whatever lies
// between, and either one reaches the left edge and the other the right, or one reaches both (a
// layer) and the other neither (a piece of it cut off by discs, a rod and a pinch).
template <class Root>
void join_far(const cv::Mat& labels, const cv::Mat& stats, const cv::Mat& smooth, const std::vector<bool>& links, Root& root,
              std::vector<int>& parent, double link2, int margin) {
  const int n = stats.rows;
  struct Span {  // a stretch of a row whose linking pixels are one group's
    int group, first, last;
  };
  for (bool joined = true; joined;) {
    joined = false;
    std::vector<std::uint8_t> edges(static_cast<std::size_t>(n), 0);  // 1: near the left, 2: near the right, 4: on either
    for (int i = 1; i < n; ++i) {
      const int x = stats.at<int>(i, cv::CC_STAT_LEFT), w = stats.at<int>(i, cv::CC_STAT_WIDTH);
      auto& e = edges[static_cast<std::size_t>(root(i))];
      if (x <= margin) e |= 1;
      if (x + w >= labels.cols - margin) e |= 2;
      if (x == 0 || x + w == labels.cols) e |= 4;
    }
    auto joins = [&](int a, int b) {
      const int ea = edges[static_cast<std::size_t>(a)], eb = edges[static_cast<std::size_t>(b)];
      const int sa = ea & 3, sb = eb & 3;
      const bool on = ((ea | eb) & 4) != 0;
      return (sa == 1 && sb == 2 && on) || (sa == 3 && (ea & 4) && sb == 0) || (sa == 0 && sb == 3 && (eb & 4));
    };
    std::vector<Span> spans;
    for (int y = 0; y < labels.rows && !joined; ++y) {
      const auto* l = labels.ptr<int>(y);
      const auto* c = smooth.ptr<cv::Vec3f>(y);
      spans.clear();
      for (int x = 0; x < labels.cols; ++x) {
        if (l[x] == 0 || !links[static_cast<std::size_t>(l[x])]) continue;
        const int g = root(l[x]);
        if (spans.empty() || spans.back().group != g) spans.push_back({g, x, x});
        else spans.back().last = x;
      }
      for (std::size_t i = 0; i < spans.size() && !joined; ++i)
        for (std::size_t j = i + 1; j < spans.size() && !joined; ++j) {
          const Span &a = spans[i], &b = spans[j];
          if (!joins(a.group, b.group)) continue;
          const cv::Vec3f d = c[b.first] - c[a.last];
          if (d.dot(d) > link2) continue;
          parent[static_cast<std::size_t>(std::max(a.group, b.group))] = std::min(a.group, b.group);
          joined = true;
        }
    }
  }
}

}  // namespace

Scene fit_scene(const cv::Mat& lab, const SceneOptions& o) {
  constexpr float kFar = 1e6f;
  Scene scene;
  scene.distance = cv::Mat(lab.size(), CV_32F, cv::Scalar(kFar));
  cv::Mat smooth;
  cv::GaussianBlur(lab, smooth, {3, 3}, 0);
  // Flat: the smoothed colour steps little to the right and downwards.
  cv::Mat flat(lab.size(), CV_8U, cv::Scalar(0));
  const float step2 = static_cast<float>(o.flat_delta_e * o.flat_delta_e);
  for (int y = 0; y < lab.rows; ++y) {
    const auto* row = smooth.ptr<cv::Vec3f>(y);
    const auto* next = smooth.ptr<cv::Vec3f>(std::min(y + 1, lab.rows - 1));
    auto* f = flat.ptr<std::uint8_t>(y);
    for (int x = 0; x < lab.cols; ++x) {
      const cv::Vec3f r = row[x] - row[std::min(x + 1, lab.cols - 1)], d = row[x] - next[x];
      f[x] = r.dot(r) < step2 && d.dot(d) < step2 ? 255 : 0;
    }
  }
  cv::Mat labels, stats, centroids;
  const int n = cv::connectedComponentsWithStats(flat, labels, stats, centroids, 4, CV_32S);
  // Regions of one colour parted only by something narrow (a rod standing across a hill) are one
  // region: along each row, two regions at most `link_px` apart whose colours on either side of
  // the gap agree within `link_delta_e` are joined.
  std::vector<int> parent(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) parent[static_cast<std::size_t>(i)] = i;
  auto root = [&](int i) {
    while (parent[static_cast<std::size_t>(i)] != i) i = parent[static_cast<std::size_t>(i)] = parent[static_cast<std::size_t>(parent[static_cast<std::size_t>(i)])];
    return i;
  };
  // Only regions of some size link (a chain of specks along a blended border would join the two
  // sides in small steps).
  const double link2 = o.link_delta_e * o.link_delta_e;
  const double min_link = o.min_link_fraction * static_cast<double>(lab.total());
  std::vector<bool> links(static_cast<std::size_t>(n), false);
  for (int i = 1; i < n; ++i) links[static_cast<std::size_t>(i)] = stats.at<int>(i, cv::CC_STAT_AREA) >= min_link;
  for (int y = 0; y < lab.rows; ++y) {
    const auto* l = labels.ptr<int>(y);
    const auto* c = smooth.ptr<cv::Vec3f>(y);
    int last = 0, last_x = -1;
    for (int x = 0; x < lab.cols; ++x) {
      if (l[x] == 0 || !links[static_cast<std::size_t>(l[x])]) continue;
      if (last != 0 && l[x] != last && x - last_x - 1 <= o.link_px) {
        const cv::Vec3f d = c[x] - c[last_x];
        if (d.dot(d) <= link2) {
          const int a = root(l[x]), b = root(last);
          if (a != b) parent[static_cast<std::size_t>(std::max(a, b))] = std::min(a, b);
        }
      }
      last = l[x], last_x = x;
    }
  }
  // A range of hills may be parted by more than a rod (a wide disc standing across it, a pinch
  // where the hill behind dips to the one in front, a base across it): pieces whose colours agree
  // along a row, whatever lies between, are joined when one reaches the left edge and the other the
  // right, or one reaches both and the other neither. A disc joins a layer only when its colour
  // agrees within link_delta_e with the layer's at its own height.
  // A side edge is reached within edge_margin of it: a hill pinched to a sliver where it leaves the
  // picture (or parted from the edge by a tree) reaches it in pieces too small to link.
  const int margin = static_cast<int>(o.edge_margin * lab.cols);
  join_far(labels, stats, smooth, links, root, parent, link2, margin);
  const double total = static_cast<double>(lab.total());
  std::vector<double> area(static_cast<std::size_t>(n), 0);
  std::vector<bool> left(static_cast<std::size_t>(n), false), right(static_cast<std::size_t>(n), false), edge(static_cast<std::size_t>(n), false);
  for (int i = 1; i < n; ++i) {
    const int x = stats.at<int>(i, cv::CC_STAT_LEFT), w = stats.at<int>(i, cv::CC_STAT_WIDTH);
    const auto r = static_cast<std::size_t>(root(i));
    area[r] += stats.at<int>(i, cv::CC_STAT_AREA);
    if (x <= margin) left[r] = true;
    if (x + w >= lab.cols - margin) right[r] = true;
    if (x == 0 || x + w == lab.cols) edge[r] = true;
  }
  std::vector<int> ids;  // the layers' roots, largest first
  for (int i = 1; i < n; ++i)
    if (root(i) == i && left[static_cast<std::size_t>(i)] && right[static_cast<std::size_t>(i)] && edge[static_cast<std::size_t>(i)] && area[static_cast<std::size_t>(i)] >= o.min_layer_fraction * total) ids.push_back(i);
  std::sort(ids.begin(), ids.end(), [&](int a, int b) { return area[static_cast<std::size_t>(a)] > area[static_cast<std::size_t>(b)]; });
  if (ids.empty()) return scene;
  // Each pixel's layer (-1: none).
  std::vector<int> slot(static_cast<std::size_t>(n), -1);
  for (std::size_t k = 0; k < ids.size(); ++k) slot[static_cast<std::size_t>(ids[k])] = static_cast<int>(k);
  for (int i = 1; i < n; ++i) slot[static_cast<std::size_t>(i)] = slot[static_cast<std::size_t>(root(i))];
  slot[0] = -1;
  cv::Mat layer_of(lab.size(), CV_32S);
  for (int y = 0; y < lab.rows; ++y) {
    const auto* l = labels.ptr<int>(y);
    auto* to = layer_of.ptr<int>(y);
    for (int x = 0; x < lab.cols; ++x) to[x] = slot[static_cast<std::size_t>(l[x])];
  }
  // Each region's pixels on a grid of about 40,000 over the picture.
  const int grid = std::max(1, static_cast<int>(std::sqrt(total / 40000.0)));
  std::vector<std::vector<Pixel>> samples(ids.size());
  for (int y = grid / 2; y < lab.rows; y += grid) {
    const auto* l = layer_of.ptr<int>(y);
    const auto* c = lab.ptr<cv::Vec3f>(y);
    for (int x = grid / 2; x < lab.cols; x += grid)
      if (const int s = l[x]; s >= 0)
        samples[static_cast<std::size_t>(s)].push_back({static_cast<float>(x), static_cast<float>(y), c[x]});
  }
  const float reach = static_cast<float>(o.reach_fraction * lab.rows);
  const float blend = static_cast<float>(o.blend_px);
  std::vector<cv::Mat> near;  // per layer: each pixel's distance to its region, px
  for (std::size_t k = 0; k < ids.size(); ++k) {
    scene.layers.push_back(fit_region(samples[k], o.fit_delta_e, samples[k].size()));
    cv::Mat outside = layer_of != static_cast<int>(k), d;
    cv::distanceTransform(outside, d, cv::DIST_L2, 3);
    near.push_back(d);
  }
  for (std::size_t k = 0; k < ids.size(); ++k) {
    const cv::Mat from = page_distance(lab, scene.layers[k]);
    for (int y = 0; y < lab.rows; ++y) {
      const float* dk = near[k].ptr<float>(y);
      const float* e = from.ptr<float>(y);
      float* out = scene.distance.ptr<float>(y);
      for (int x = 0; x < lab.cols; ++x)
        if (dk[x] <= reach) out[x] = std::min(out[x], e[x]);
    }
  }
  // Blends where two layers meet.
  for (std::size_t j = 0; j < ids.size(); ++j)
    for (std::size_t k = j + 1; k < ids.size(); ++k)
      for (int y = 0; y < lab.rows; ++y) {
        const float* dj = near[j].ptr<float>(y);
        const float* dk = near[k].ptr<float>(y);
        const auto* c = lab.ptr<cv::Vec3f>(y);
        float* out = scene.distance.ptr<float>(y);
        for (int x = 0; x < lab.cols; ++x)
          if (dj[x] <= blend && dk[x] <= blend)
            out[x] = std::min(out[x], to_segment(c[x], scene.layers[j].at(x, y), scene.layers[k].at(x, y)));
      }
  return scene;
}

}  // namespace pb::vision
