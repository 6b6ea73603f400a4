/* reader.cpp: the valves reader: page colour -> wheels (page holes of their sectors) -> tanks -> letters (Tesseract) -> closed bars -> pipes -> wrenches. */
#include "vision/valves/reader.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <numeric>
#include <opencv2/imgproc.hpp>
#include <iterator>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "vision/common/colour.hpp"
#include "vision/common/learn_climb.hpp"
#include "vision/common/params.hpp"
#include "vision/valves/diagram.hpp"
#include "vision/valves/letters.hpp"

namespace pb::vision::valves {
namespace {

struct Wheel {
  cv::Point2f centre;
  double inner = 0;  // the sectors' reach (the ring's inner edge), px
  double outer = 0;  // the ring's outer edge, px
};

struct Node {
  cv::Point2f centre;
  bool tank = false;
  cv::Rect box;          // a tank's square; for a valve, the tag (its letter's surroundings)
  bool closed = false;
  double bar = 0;        // how much a closed valve's bar shows, -1..1
  std::string name;
  float confidence = 0;  // 0..100
};

std::string where(cv::Point2f p) {
  return "(" + std::to_string(static_cast<int>(std::lround(p.x))) + "," + std::to_string(static_cast<int>(std::lround(p.y))) + ")";
}

bool ink_at(const cv::Mat& fg, double x, double y) {
  const int xi = static_cast<int>(std::lround(x)), yi = static_cast<int>(std::lround(y));
  return xi >= 0 && yi >= 0 && xi < fg.cols && yi < fg.rows && fg.at<std::uint8_t>(yi, xi) != 0;
}

// ---------------------------------------------------------------------------------------------------
// Wheels: groups of small enclosed page holes round one centre, inside a ring of ink.

struct Holes {
  cv::Mat labels, stats, centroids;
  int count = 0;
};

Holes page_holes(const cv::Mat& fg) {
  Holes h;
  const cv::Mat page = fg == 0;
  h.count = cv::connectedComponentsWithStats(page, h.labels, h.stats, h.centroids, 4, CV_32S);
  return h;
}

bool touches_border(const Holes& h, int i, cv::Size size) {
  const int x = h.stats.at<int>(i, cv::CC_STAT_LEFT), y = h.stats.at<int>(i, cv::CC_STAT_TOP);
  const int w = h.stats.at<int>(i, cv::CC_STAT_WIDTH), ht = h.stats.at<int>(i, cv::CC_STAT_HEIGHT);
  return x == 0 || y == 0 || x + w >= size.width || y + ht >= size.height;
}

int find_root(std::vector<int>& parent, int i) {
  while (parent[static_cast<std::size_t>(i)] != i) {
    parent[static_cast<std::size_t>(i)] = parent[static_cast<std::size_t>(parent[static_cast<std::size_t>(i)])];
    i = parent[static_cast<std::size_t>(i)];
  }
  return i;
}

std::vector<Wheel> find_wheels(const cv::Mat& fg, const Holes& h, const Params& p) {
  const double max_area = p.max_hole_fraction * fg.total();
  std::vector<int> cand;
  for (int i = 1; i < h.count; ++i) {
    const int a = h.stats.at<int>(i, cv::CC_STAT_AREA);
    if (a < 3 || a > max_area || touches_border(h, i, fg.size())) continue;
    cand.push_back(i);
  }
  auto centroid = [&](int i) { return cv::Point2d(h.centroids.at<double>(i, 0), h.centroids.at<double>(i, 1)); };
  auto area = [&](int i) { return static_cast<double>(h.stats.at<int>(i, cv::CC_STAT_AREA)); };
  std::vector<int> parent(cand.size());
  std::iota(parent.begin(), parent.end(), 0);
  for (std::size_t a = 0; a < cand.size(); ++a)
    for (std::size_t b = a + 1; b < cand.size(); ++b) {
      const double aa = area(cand[a]), ab = area(cand[b]);
      if (std::max(aa, ab) > p.sector_area_ratio * std::min(aa, ab)) continue;
      if (cv::norm(centroid(cand[a]) - centroid(cand[b])) > p.sector_join * std::sqrt(std::max(aa, ab))) continue;
      parent[static_cast<std::size_t>(find_root(parent, static_cast<int>(a)))] = find_root(parent, static_cast<int>(b));
    }
  std::vector<std::vector<int>> groups(cand.size());
  for (std::size_t a = 0; a < cand.size(); ++a) groups[static_cast<std::size_t>(find_root(parent, static_cast<int>(a)))].push_back(cand[a]);
  // A closed valve's bar parts its sectors into two groups, farther apart across the bar than
  // neighbouring sectors: incomplete groups of two or more holes that close merge.
  std::erase_if(groups, [](const std::vector<int>& g) { return g.empty(); });
  auto group_centre = [&](const std::vector<int>& g) {
    cv::Point2d c(0, 0);
    double total = 0;
    for (int i : g) {
      c += centroid(i) * area(i);
      total += area(i);
    }
    return c / total;
  };
  auto group_area = [&](const std::vector<int>& g) {
    double m = 0;
    for (int i : g) m = std::max(m, area(i));
    return m;
  };
  for (std::size_t a = 0; a < groups.size(); ++a)
    for (std::size_t b = a + 1; b < groups.size(); ++b) {
      auto& ga = groups[a];
      auto& gb = groups[b];
      if (ga.size() < 2 || gb.size() < 2 || static_cast<int>(ga.size()) >= p.min_sectors || static_cast<int>(gb.size()) >= p.min_sectors)
        continue;
      if (cv::norm(group_centre(ga) - group_centre(gb)) > p.bar_join * std::sqrt(std::max(group_area(ga), group_area(gb)))) continue;
      ga.insert(ga.end(), gb.begin(), gb.end());
      gb.clear();
    }

  std::vector<Wheel> out;
  for (const auto& g : groups) {
    if (static_cast<int>(g.size()) < p.min_sectors) continue;
    // The sectors together are symmetric about the centre (the bar of a closed valve too).
    cv::Point2d c(0, 0);
    double total = 0;
    for (int i : g) {
      c += centroid(i) * area(i);
      total += area(i);
    }
    c /= total;
    // The hub: ink where the spokes meet (a letter's strokes breaking a tank into pieces meet in page).
    int hub = 0;
    for (int dy = -1; dy <= 1; ++dy)
      for (int dx = -1; dx <= 1; ++dx) hub += ink_at(fg, c.x + dx, c.y + dy);
    if (hub < 7) continue;
    std::array<bool, 6> bins{};
    for (int i : g) {
      const cv::Point2d d = centroid(i) - c;
      const double deg = std::atan2(d.y, d.x) * 180.0 / CV_PI + 360.0 + 30.0;
      bins[static_cast<std::size_t>(static_cast<int>(deg / 60.0) % 6)] = true;
    }
    if (std::count(bins.begin(), bins.end(), true) < p.min_sector_bins) continue;
    double inner = 0;
    for (int i : g) {
      const int x0 = h.stats.at<int>(i, cv::CC_STAT_LEFT), y0 = h.stats.at<int>(i, cv::CC_STAT_TOP);
      const int w = h.stats.at<int>(i, cv::CC_STAT_WIDTH), ht = h.stats.at<int>(i, cv::CC_STAT_HEIGHT);
      for (int y = y0; y < y0 + ht; ++y) {
        const int* row = h.labels.ptr<int>(y);
        for (int x = x0; x < x0 + w; ++x)
          if (row[x] == i) inner = std::max(inner, std::hypot(x - c.x, y - c.y));
      }
    }
    if (inner < 3) continue;
    // The ring: ink all round just outside the sectors; its outer edge where the ink ends (the median
    // over directions, since pipes run on outward in a few of them).
    constexpr int kDirections = 72;
    int on = 0;
    std::vector<double> edge;
    for (int k = 0; k < kDirections; ++k) {
      const double ang = 2 * CV_PI * k / kDirections;
      const double cx = std::cos(ang), sy = std::sin(ang);
      if (!ink_at(fg, c.x + (inner + 1.0) * cx, c.y + (inner + 1.0) * sy)) continue;
      ++on;
      double rad = inner + 1.0;
      while (rad < inner * 2 && ink_at(fg, c.x + (rad + 0.5) * cx, c.y + (rad + 0.5) * sy)) rad += 0.5;
      edge.push_back(rad);
    }
    if (on < p.ring_coverage * kDirections) continue;
    std::nth_element(edge.begin(), edge.begin() + static_cast<long>(edge.size() / 2), edge.end());
    out.push_back({cv::Point2f(static_cast<float>(c.x), static_cast<float>(c.y)), inner, edge[edge.size() / 2]});
  }
  if (out.empty()) return out;
  std::vector<double> radii;
  for (const Wheel& w : out) radii.push_back(w.outer);
  std::nth_element(radii.begin(), radii.begin() + static_cast<long>(radii.size() / 2), radii.end());
  const double med = radii[radii.size() / 2];
  std::erase_if(out, [&](const Wheel& w) { return std::abs(w.outer - med) > p.radius_tolerance * med; });
  return out;
}

// ---------------------------------------------------------------------------------------------------
// Tanks: solid squares once small holes (their letters, the wheels' sectors) are filled and the wheels
// removed; an opening wider than any pipe or crossing leaves only them.

std::vector<cv::Rect> find_tanks(const cv::Mat& fg, const Holes& h, const std::vector<Wheel>& wheels, double r, const Params& p) {
  std::vector<std::uint8_t> fill(static_cast<std::size_t>(h.count), 0);
  for (int i = 1; i < h.count; ++i)
    fill[static_cast<std::size_t>(i)] =
        !touches_border(h, i, fg.size()) && h.stats.at<int>(i, cv::CC_STAT_AREA) < p.fill_hole_max * r * r ? 255 : 0;
  cv::Mat solid = fg.clone();
  for (int y = 0; y < solid.rows; ++y) {
    const int* lab = h.labels.ptr<int>(y);
    std::uint8_t* dst = solid.ptr<std::uint8_t>(y);
    for (int x = 0; x < solid.cols; ++x) dst[x] |= fill[static_cast<std::size_t>(lab[x])];
  }
  for (const Wheel& w : wheels) cv::circle(solid, w.centre, static_cast<int>(std::ceil(r * 1.05)), cv::Scalar(0), cv::FILLED);
  const int k = std::max(3, static_cast<int>(std::lround(p.tank_kernel * r)));
  cv::morphologyEx(solid, solid, cv::MORPH_OPEN, cv::getStructuringElement(cv::MORPH_RECT, {k, k}));
  cv::Mat labels, stats, cents;
  const int n = cv::connectedComponentsWithStats(solid, labels, stats, cents, 8, CV_32S);
  std::vector<cv::Rect> out;
  for (int i = 1; i < n; ++i) {
    const cv::Rect box(stats.at<int>(i, cv::CC_STAT_LEFT), stats.at<int>(i, cv::CC_STAT_TOP), stats.at<int>(i, cv::CC_STAT_WIDTH),
                       stats.at<int>(i, cv::CC_STAT_HEIGHT));
    if (box.width < p.tank_side_min * r || box.height < p.tank_side_min * r) continue;
    if (box.width > p.tank_side_max * r || box.height > p.tank_side_max * r) continue;
    if (std::abs(box.width - box.height) > 0.2 * std::max(box.width, box.height)) continue;
    if (stats.at<int>(i, cv::CC_STAT_AREA) < p.tank_fill * box.area()) continue;
    out.push_back(box);
  }
  return out;
}

// The valve's letter: ink in the window up and to the right of the wheel that does not touch the
// window's edge (pipes and the ring run out of it; the letter on its tag stands alone).
struct Glyph {
  cv::Mat ink;      // window-sized, 255 on the letter
  cv::Rect window;  // frame px
  cv::Rect box;     // the letter's bounding box, frame px
};

// The ink of `window` without what lies within letter_clear r of the wheel's centre: the ring, and
// the stubs of pipes between the wheel's disc and the tag, which would otherwise touch wide letters.
cv::Mat near_letter(const cv::Mat& fg, const cv::Rect& window, cv::Point2f c, double r, const Params& p) {
  cv::Mat roi = fg(window).clone();
  cv::circle(roi, cv::Point2d(c) - cv::Point2d(window.tl()), static_cast<int>(std::ceil(p.letter_clear * r)), cv::Scalar(0), cv::FILLED);
  return roi;
}

std::optional<Glyph> glyph_near(const cv::Mat& fg, cv::Point2f c, double r, const Params& p) {
  cv::Rect window(static_cast<int>(std::floor(c.x + p.tag_near * r)), static_cast<int>(std::floor(c.y - p.tag_far * r)),
                  static_cast<int>(std::ceil((p.tag_far - p.tag_near) * r)), static_cast<int>(std::ceil((p.tag_far - p.tag_near) * r)));
  window &= cv::Rect(0, 0, fg.cols, fg.rows);
  if (window.width < 4 || window.height < 4) return std::nullopt;
  cv::Mat labels, stats, cents;
  const cv::Mat roi = near_letter(fg, window, c, r, p);
  const int n = cv::connectedComponentsWithStats(roi, labels, stats, cents, 8, CV_32S);
  cv::Mat ink(roi.size(), CV_8UC1, cv::Scalar(0));
  const int min_area = std::max(3, static_cast<int>(r * r * 0.01));
  for (int i = 1; i < n; ++i) {
    const int x = stats.at<int>(i, cv::CC_STAT_LEFT), y = stats.at<int>(i, cv::CC_STAT_TOP);
    const int w = stats.at<int>(i, cv::CC_STAT_WIDTH), h = stats.at<int>(i, cv::CC_STAT_HEIGHT);
    if (x == 0 || y == 0 || x + w >= roi.cols || y + h >= roi.rows) continue;
    if (stats.at<int>(i, cv::CC_STAT_AREA) < min_area) continue;
    ink.setTo(255, labels == i);
  }
  const cv::Rect box = cv::boundingRect(ink);
  if (box.empty()) return std::nullopt;
  return Glyph{ink, window, box + window.tl()};
}

// The ink in `clip` (frame px), without specks: where a valve's letter is once the tags' place is
// known. Used when a letter touches a pipe at its tag's edge (a wide glyph in a narrow tag).
cv::Mat ink_in(const cv::Mat& fg, cv::Rect clip, cv::Point2f c, double r, const Params& p) {
  clip &= cv::Rect(0, 0, fg.cols, fg.rows);
  if (clip.width < 2 || clip.height < 2) return {};
  cv::Mat labels, stats, cents;
  const cv::Mat roi = near_letter(fg, clip, c, r, p);
  const int n = cv::connectedComponentsWithStats(roi, labels, stats, cents, 8, CV_32S);
  cv::Mat ink(roi.size(), CV_8UC1, cv::Scalar(0));
  // The letter is the largest shape; cut pieces of pipes round it are much smaller.
  int largest = 0;
  for (int i = 1; i < n; ++i) largest = std::max(largest, stats.at<int>(i, cv::CC_STAT_AREA));
  const double min_area = std::max({3.0, r * r * 0.01, p.letter_piece * largest});
  for (int i = 1; i < n; ++i)
    if (stats.at<int>(i, cv::CC_STAT_AREA) >= min_area) ink.setTo(255, labels == i);
  return ink;
}

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::nth_element(v.begin(), v.begin() + static_cast<long>(v.size() / 2), v.end());
  return v[v.size() / 2];
}

// The page-coloured letter inside a tank, as ink (255) in a tank-sized mask.
cv::Mat tank_letter(const cv::Mat& bgr, const cv::Rect& box, const cv::Vec3b& page) {
  const int inset = std::max(1, box.width / 10);
  const cv::Rect inner = cv::Rect(box.x + inset, box.y + inset, box.width - 2 * inset, box.height - 2 * inset) & cv::Rect(0, 0, bgr.cols, bgr.rows);
  if (inner.empty()) return {};
  // The tank's colour: the commonest in its square (the letter is much smaller).
  const std::vector<cv::Vec3b> top = common_colours(bgr(inner), 1, 0);
  if (top.empty()) return {};
  const cv::Vec3b tank = top[0];
  cv::Mat ink(inner.size(), CV_8UC1);
  for (int y = 0; y < inner.height; ++y)
    for (int x = 0; x < inner.width; ++x) {
      const cv::Vec3b c = bgr.at<cv::Vec3b>(inner.y + y, inner.x + x);
      ink.at<std::uint8_t>(y, x) = colour_distance(c, page) < colour_distance(c, tank) ? 255 : 0;
    }
  return ink;
}

// ---------------------------------------------------------------------------------------------------
// Pipes.

double segment_distance(cv::Point2d q, cv::Point2d a, cv::Point2d b) {
  const cv::Point2d ab = b - a;
  const double len2 = ab.dot(ab);
  const double t = len2 > 0 ? std::clamp((q - a).dot(ab) / len2, 0.0, 1.0) : 0.0;
  return cv::norm(q - (a + t * ab));
}

bool in_rect(cv::Point2d q, const cv::Rect& r, double margin) {
  return q.x >= r.x - margin && q.y >= r.y - margin && q.x <= r.x + r.width + margin && q.y <= r.y + r.height + margin;
}

enum class Pipe { kNo, kYes, kHidden };

// Whether the segment from node a to node b is drawn as a pipe; kHidden when too little of it shows
// (under the tags and the nodes' discs) to tell.
Pipe is_pipe(const cv::Mat& fg, const std::vector<Node>& nodes, std::size_t a, std::size_t b, double r, const Params& p) {
  const cv::Point2d pa = nodes[a].centre, pb = nodes[b].centre;
  const double len = cv::norm(pb - pa);
  if (len < 2 * r) return Pipe::kNo;
  for (std::size_t c = 0; c < nodes.size(); ++c) {
    if (c == a || c == b) continue;
    const Node& n = nodes[c];
    if (n.tank) {
      // Sampled densely: does the segment come within pass_clear r of the tank's square?
      for (double t = 0; t <= len; t += 1.0)
        if (in_rect(pa + (pb - pa) * (t / len), n.box, p.pass_clear * r * 0.5)) return Pipe::kNo;
    } else if (segment_distance(n.centre, pa, pb) < p.pass_clear * r) {
      return Pipe::kNo;
    }
  }
  const cv::Point2d d = (pb - pa) / len, nrm(-d.y, d.x);
  auto hidden = [&](cv::Point2d q) {
    for (const std::size_t e : {a, b}) {
      const Node& n = nodes[e];
      if (n.tank ? in_rect(q, n.box, p.tank_clear * r) : cv::norm(q - cv::Point2d(n.centre)) < p.wheel_clear * r) return true;
    }
    for (const Node& n : nodes)
      if (!n.tank && in_rect(q, n.box, 0)) return true;
    return false;
  };
  int visible = 0, inked = 0;
  double gap = 0, longest = 0;
  for (double t = 0; t <= len; t += 1.0) {
    const cv::Point2d q = pa + d * t;
    if (hidden(q)) continue;
    ++visible;
    if (ink_at(fg, q.x, q.y) || ink_at(fg, q.x + nrm.x, q.y + nrm.y) || ink_at(fg, q.x - nrm.x, q.y - nrm.y)) {
      ++inked;
      gap = 0;
    } else {
      longest = std::max(longest, ++gap);
    }
  }
  // A pipe between close nodes can be nearly all under tags and tanks: what shows must then be ink throughout.
  if (visible < p.min_visible * r) {
    if (visible < p.min_hidden_visible) return Pipe::kHidden;
    return visible - inked <= 2 ? Pipe::kYes : Pipe::kNo;
  }
  return inked >= p.pipe_coverage * visible && longest <= p.max_gap * r ? Pipe::kYes : Pipe::kNo;
}

// ---------------------------------------------------------------------------------------------------

Result<Reading> read_unchecked(const cv::Mat& bgr, const Params& p, DebugSink* debug) {
  if (bgr.empty() || bgr.type() != CV_8UC3) return make_error(ErrorCode::kNoBoard, "no board found: expected a non-empty 8-bit BGR image");
  const std::vector<cv::Vec3b> common = common_colours(bgr, 1, 0);
  if (common.empty()) return make_error(ErrorCode::kNoBoard, "no board found: the picture has no dominant background colour");
  const cv::Vec3b page = common[0];
  cv::Mat fg(bgr.size(), CV_8UC1);
  for (int y = 0; y < bgr.rows; ++y) {
    const auto* src = bgr.ptr<cv::Vec3b>(y);
    auto* dst = fg.ptr<std::uint8_t>(y);
    for (int x = 0; x < bgr.cols; ++x) dst[x] = colour_distance(src[x], page) > p.page_distance ? 255 : 0;
  }
  const Holes holes = page_holes(fg);
  const std::vector<Wheel> wheels = find_wheels(fg, holes, p);
  // No wheels: perhaps the network is drawn as a node-link diagram (diagram.hpp).
  if (wheels.empty()) {
    auto diagram = read_diagram(bgr, fg, p, debug);
    if (diagram || !diagram.error().is(ErrorCode::kNoBoard)) return diagram;
    return make_error(ErrorCode::kNoBoard,
                      "no board found: no valve wheels (rings with spokes) on the page, nor a node-link diagram (" +
                          diagram.error().message + ")",
                      "check the valves level is on screen");
  }
  // A failed read shows the wheels it found to the sink (the diagram reader shows its nodes).
  const auto failed = [&](Error why) -> Error {
    if (debug != nullptr) {
      std::vector<cv::Rect> boxes;
      for (const Wheel& w : wheels) {
        const int o = static_cast<int>(std::ceil(w.outer));
        boxes.emplace_back(static_cast<int>(std::lround(w.centre.x)) - o, static_cast<int>(std::lround(w.centre.y)) - o, 2 * o + 1, 2 * o + 1);
      }
      debug->picture("valves", "wheels", draw_candidates(bgr, boxes, std::vector<bool>(boxes.size(), true), std::to_string(wheels.size()) + " valve wheels"));
    }
    return why;
  };
  if (static_cast<int>(wheels.size()) > p.max_valves)
    return failed(make_error(ErrorCode::kNoBoard, "no board found: " + std::to_string(wheels.size()) + " wheel-like rings, more than the " +
                      std::to_string(p.max_valves) + " valves allowed"));
  std::vector<double> radii;
  for (const Wheel& w : wheels) radii.push_back(w.outer);
  std::nth_element(radii.begin(), radii.begin() + static_cast<long>(radii.size() / 2), radii.end());
  const double r = radii[radii.size() / 2] / p.ring_outer;

  const std::vector<cv::Rect> tanks = find_tanks(fg, holes, wheels, r, p);
  if (tanks.size() != 2)
    return failed(make_error(ErrorCode::kNoBoard, "no board found: expected the inlet X and the outlet Y (two filled squares), found " + std::to_string(tanks.size())));

  // Letters: first the ink standing alone beside each wheel; where the letters sit relative to their
  // wheels (the same for all: the tags' place) and how tall they are then bound each letter's box,
  // which also serves wheels whose letter touches a pipe or whose window caught something else.
  std::vector<std::optional<Glyph>> alone;
  std::vector<double> dxs, tops, bottoms, heights;
  for (const Wheel& w : wheels) {
    alone.push_back(glyph_near(fg, w.centre, r, p));
    if (!alone.back()) continue;
    const cv::Rect& b = alone.back()->box;
    dxs.push_back(b.x + b.width / 2.0 - w.centre.x);
    tops.push_back(b.y - w.centre.y);
    bottoms.push_back(b.y + b.height - w.centre.y);
    heights.push_back(b.height);
  }
  if (heights.empty()) return failed(make_error(ErrorCode::kNoBoard, "no board found: no letters beside the valve wheels"));
  // Capitals share one height, so the box is tight above and below (pipe stubs that touch a letter
  // come from below or the side); sideways it allows for wide letters.
  const double dx = median(dxs), top = median(tops), bottom = median(bottoms);
  const double half = p.letter_box * median(heights);
  std::vector<Node> nodes;
  for (std::size_t k = 0; k < wheels.size(); ++k) {
    const Wheel& w = wheels[k];
    Node n;
    n.centre = w.centre;
    const cv::Point2d gc(w.centre.x + dx, w.centre.y + (top + bottom) / 2);
    const cv::Rect clip(static_cast<int>(std::floor(gc.x - half)), static_cast<int>(std::floor(w.centre.y + top)) - 1,
                        static_cast<int>(std::ceil(2 * half)) + 1, static_cast<int>(std::ceil(bottom - top)) + 2);
    cv::Mat ink;
    if (alone[k] && (alone[k]->box & clip) == alone[k]->box) ink = alone[k]->ink;
    else ink = ink_in(fg, clip, w.centre, r, p);
    if (ink.empty() || cv::countNonZero(ink) == 0)
      return failed(make_error(ErrorCode::kNoBoard, "no board found: no letter beside the valve at " + where(w.centre)));
    static const std::string kValveLetters = "ABCDEFGHIJKLMNOPQRSTUVWZ";
    auto read_got = read_letter(ink, kValveLetters, p);
    if (!read_got) return read_got.error();
    const Letter got = settle_narrow(*read_got, ink, kValveLetters, p);
    if (got.text.empty())
      return failed(make_error("cannot read the letter of the valve at " + where(w.centre)));
    n.name = got.text;
    n.confidence = got.confidence;
    const int tag = static_cast<int>(std::ceil(p.tag_half * r));
    n.box = cv::Rect(static_cast<int>(std::lround(gc.x)) - tag, static_cast<int>(std::lround(gc.y)) - tag, 2 * tag + 1, 2 * tag + 1);
    // The bar runs at 135 degrees (down-left) and 315; the nearest spokes are at 150 and 330. A
    // sample on the bar's line is compared with its mirror image across that spoke (165 and 345
    // degrees): on an open wheel both look alike (page, or a fat spoke's edge in both), on a closed
    // one the bar inks the first (and on a small wheel, its edge may ink the second too).
    int diff = 0, all = 0;
    for (const double turn : {0.0, CV_PI})
      for (double f = p.bar_from; f <= p.bar_to + 1e-9; f += (p.bar_to - p.bar_from) / 4) {
        const double rad = f * w.inner, bar = 0.75 * CV_PI + turn, mirror = bar + CV_PI / 6;
        ++all;
        diff += static_cast<int>(ink_at(fg, w.centre.x + rad * std::cos(bar), w.centre.y + rad * std::sin(bar))) -
                static_cast<int>(ink_at(fg, w.centre.x + rad * std::cos(mirror), w.centre.y + rad * std::sin(mirror)));
      }
    n.bar = static_cast<double>(diff) / all;
    nodes.push_back(n);
  }
  for (const cv::Rect& t : tanks) {
    Node n;
    n.tank = true;
    n.box = t;
    n.centre = cv::Point2f(static_cast<float>(t.x + t.width / 2.0), static_cast<float>(t.y + t.height / 2.0));
    auto letter = read_letter(tank_letter(bgr, t, page), "XY", p);
    if (!letter) return letter.error();
    n.name = letter->text;
    n.confidence = letter->confidence;
    nodes.push_back(n);
  }
  // The two tanks are the inlet and the outlet: one letter read is enough to tell them apart.
  Node& t0 = nodes[nodes.size() - 2];
  Node& t1 = nodes[nodes.size() - 1];
  if (t0.name.empty() && !t1.name.empty()) t0.name = t1.name == "X" ? "Y" : "X";
  if (t1.name.empty() && !t0.name.empty()) t1.name = t0.name == "X" ? "Y" : "X";
  if (t0.name.empty() || t0.name == t1.name)
    return failed(make_error(ErrorCode::kNoBoard, "no board found: cannot tell the inlet X from the outlet Y (read \"" + t0.name + "\" and \"" + t1.name +
                      "\")"));
  for (std::size_t i = 0; i < nodes.size(); ++i)
    for (std::size_t j = i + 1; j < nodes.size(); ++j)
      if (nodes[i].name == nodes[j].name)
        return failed(make_error("two nodes read as " + nodes[i].name + " (at " + where(nodes[i].centre) + " and " + where(nodes[j].centre) +
                          ")"));

  // By name, so the board's node order depends only on the network, not on where wheels were found
  // first (the play loop compares boards read before and after a move).
  std::sort(nodes.begin(), nodes.end(), [](const Node& x, const Node& y) { return x.name < y.name; });
  std::vector<std::pair<std::size_t, std::size_t>> pipes;
  for (std::size_t a = 0; a < nodes.size(); ++a)
    for (std::size_t b = a + 1; b < nodes.size(); ++b)
      switch (is_pipe(fg, nodes, a, b, r, p)) {
        case Pipe::kYes: pipes.push_back({a, b}); break;
        case Pipe::kNo: break;
        case Pipe::kHidden:
          return failed(make_error("cannot read whether a pipe joins " + nodes[a].name + " and " + nodes[b].name + " (at " + where(nodes[a].centre) +
                            " and " + where(nodes[b].centre) + "): the segment between them is hidden under a letter tag"));
      }
  if (pipes.empty()) return failed(make_error(ErrorCode::kNoBoard, "no board found: no pipes between the valves"));

  std::vector<cv::Rect> zones, tags;
  for (const Node& nd : nodes) {
    zones.push_back(nd.tank ? nd.box : cv::Rect(static_cast<int>(nd.centre.x - r), static_cast<int>(nd.centre.y - r),
                                                static_cast<int>(2 * r) + 1, static_cast<int>(2 * r) + 1));
    if (!nd.tank) tags.push_back(nd.box);
  }
  auto counter = read_counter(fg, zones, tags, r);
  if (!counter) return counter.error();
  if (!*counter) return failed(make_error(ErrorCode::kNoBoard, "no board found: no \"wrenches: n/k\" count on the page"));
  // The closed valves: as many as the counter says wrenches are used, those whose bar shows most;
  // each must show it clearly, and no other may.
  {
    std::vector<Node*> valves;
    for (Node& n : nodes)
      if (!n.tank) valves.push_back(&n);
    std::sort(valves.begin(), valves.end(), [](const Node* a, const Node* b) { return a->bar > b->bar; });
    const int used = (*counter)->used;
    if (used < 0)  // "Wrenches: k": the wheels' bars are read against the count of those used
      return failed(make_error(ErrorCode::kNoBoard, "no board found: the count gives the wrenches in all but not how many are used (\"wrenches: n/k\")"));
    if (used > static_cast<int>(valves.size()))
      return failed(make_error("the counter says " + std::to_string(used) + " wrenches used, with " + std::to_string(valves.size()) +
                        " valves on the board"));
    for (int i = 0; i < static_cast<int>(valves.size()); ++i) {
      Node& v = *valves[static_cast<std::size_t>(i)];
      v.closed = i < used;
      if ((v.closed && v.bar < p.bar_min) || (!v.closed && v.bar >= p.bar_clear))
        return failed(make_error("the counter says " + std::to_string(used) + " wrenches used, but valve " + v.name + (v.closed ? " shows no" : " shows a") +
                          " closing bar"));
    }
  }

  // The state, through the solver's own parser (names, validation).
  std::vector<NetworkNode> network;
  for (const Node& n : nodes) network.push_back({n.name, n.closed});
  auto state = network_state(network, pipes, (*counter)->total);
  if (!state) return state.error();

  Reading out;
  out.state = std::move(*state);
  out.radius = r;
  out.wrenches_used = (*counter)->used;
  out.frame = bgr.size();
  out.centres.assign(out.state.names.size(), cv::Point2f());
  float lowest = 100;
  for (const Node& n : nodes) {
    const auto it = std::find(out.state.names.begin(), out.state.names.end(), n.name);
    if (it == out.state.names.end()) continue;  // a node no pipe reaches: not part of the puzzle
    out.centres[static_cast<std::size_t>(it - out.state.names.begin())] = n.centre;
    lowest = std::min(lowest, n.confidence);
  }
  out.confidence = std::clamp(lowest / 100.0, 0.0, 1.0);
  return out;
}

}  // namespace

// The `valves` profile node's keys: the Params fields, their ranges and meanings (vision/common/params.hpp).
constexpr ParamSpec<Params> kParamTable[] = {
    {"page_distance", &Params::page_distance, kAnyLo, kAnyHi, "farther than this from the page colour a pixel is ink"},
    {"max_hole_fraction", &Params::max_hole_fraction, kAnyLo, kAnyHi, "a wheel sector is at most this fraction of the image's area"},
    {"sector_join", &Params::sector_join, kAnyLo, kAnyHi, "holes closer than this times the square root of their area group together"},
    {"bar_join", &Params::bar_join, kAnyLo, kAnyHi, "two groups of holes closer than this (same unit) are one closed wheel's"},
    {"sector_area_ratio", &Params::sector_area_ratio, kAnyLo, kAnyHi, "grouped holes differ in area by at most this factor (a closed valve's bar leaves two sectors in small pieces)"},
    {"min_sectors", &Params::min_sectors, kAnyLo, kAnyHi, "fewest holes (sectors) that make a wheel (a closed one: 4 whole)"},
    {"min_sector_bins", &Params::min_sector_bins, kAnyLo, kAnyHi, "of the six 60-degree directions round a wheel, holes lie in at least this many"},
    {"ring_coverage", &Params::ring_coverage, kAnyLo, kAnyHi, "least ink fraction on the circle just outside the sectors"},
    {"ring_outer", &Params::ring_outer, kAnyLo, kAnyHi, "the ring's outer edge, r"},
    {"radius_tolerance", &Params::radius_tolerance, kAnyLo, kAnyHi, "wheels' ring radii differ from their median by at most this fraction"},
    {"max_valves", &Params::max_valves, kAnyLo, kAnyHi, "most valves (wheels) read; more is not a valves board"},
    {"fill_hole_max", &Params::fill_hole_max, kAnyLo, kAnyHi, "enclosed page areas smaller than this, r^2, are filled before finding tanks"},
    {"tank_kernel", &Params::tank_kernel, kAnyLo, kAnyHi, "opening that removes pipes but keeps tanks, r"},
    {"tank_side_min", &Params::tank_side_min, kAnyLo, kAnyHi, "a tank's side is at least this, r"},
    {"tank_side_max", &Params::tank_side_max, kAnyLo, kAnyHi, "a tank's side is at most this, r"},
    {"tank_fill", &Params::tank_fill, kAnyLo, kAnyHi, "least solid fraction of a tank's bounding box"},
    {"tag_near", &Params::tag_near, kAnyLo, kAnyHi, "the letter window begins this far right of and above the wheel centre, r"},
    {"tag_far", &Params::tag_far, kAnyLo, kAnyHi, "the letter window ends this far right of and above the wheel centre, r"},
    {"letter_clear", &Params::letter_clear, kAnyLo, kAnyHi, "ink this close to the wheel's centre is not its letter (pipe stubs), r"},
    {"letter_box", &Params::letter_box, kAnyLo, kAnyHi, "a letter lies within this times the letters' height of its centre sideways (where letters sit beside their wheels: the median over the wheels; above and below: the median top and bottom)"},
    {"letter_piece", &Params::letter_piece, kAnyLo, kAnyHi, "in a letter's box, shapes smaller than this part of the largest are not the letter"},
    {"tag_half", &Params::tag_half, kAnyLo, kAnyHi, "the tag hides pipes within this of its letter's centre, r (square)"},
    {"glyph_height", &Params::glyph_height, kAnyLo, kAnyHi, "letters are scaled to this height for Tesseract, px"},
    {"narrow_glyph", &Params::narrow_glyph, kAnyLo, kAnyHi, "a glyph Tesseract cannot read, narrower than this times its height, is \"I\""},
    {"i_symmetry", &Params::i_symmetry, kAnyLo, kAnyHi, "an I matches itself upside down (or, italic, turned a half-turn) at least this much (intersection over union of the ink; Hershey fonts 0.79-1.0), a J less (its hook: 0.26-0.61)"},
    {"o_symmetry", &Params::o_symmetry, 0, 1, "an O matches itself turned a half-turn at least this much (intersection over union of the ink), a D less: a read of either the shape contradicts is refused"},
    {"narrow_letter", &Params::narrow_letter, kAnyLo, kAnyHi, "a glyph narrower than this times its height is I or J (other capitals are 0.55 and wider): another letter read for it is refused"},
    {"stem_from", &Params::stem_from, kAnyLo, kAnyHi, "a glyph whose rows from this fraction of its height (to stem_to) are one upright stroke clear of its left edge is I, J or T"},
    {"stem_to", &Params::stem_to, kAnyLo, kAnyHi, "upper end of the rows stem_from describes, fraction of the glyph height"},
    {"bar_from", &Params::bar_from, kAnyLo, kAnyHi, "a closed valve's bar is looked for from this radius, fraction of the sectors' reach (to bar_to), on the diagonal through the down-left and up-right sectors"},
    {"bar_to", &Params::bar_to, kAnyLo, kAnyHi, "outer end of the bar search (bar_from), fraction of the sectors' reach"},
    {"bar_min", &Params::bar_min, kAnyLo, kAnyHi, "a closed valve: its bar score (fraction of samples inked there less the fraction inked at their mirror across the nearest spoke) at least this"},
    {"bar_clear", &Params::bar_clear, kAnyLo, kAnyHi, "an open valve: its bar score below this (the counter says how many are closed)"},
    {"wheel_clear", &Params::wheel_clear, kAnyLo, kAnyHi, "a pipe is hidden within this of a wheel's centre, r"},
    {"tank_clear", &Params::tank_clear, kAnyLo, kAnyHi, "a pipe is hidden within this of a tank's square, r"},
    {"pass_clear", &Params::pass_clear, kAnyLo, kAnyHi, "a segment passing closer than this to another wheel (tank: its square) is no pipe, r"},
    {"pipe_coverage", &Params::pipe_coverage, kAnyLo, kAnyHi, "least ink fraction of a pipe's visible samples"},
    {"max_gap", &Params::max_gap, kAnyLo, kAnyHi, "longest run without ink along a pipe (a hop), r"},
    {"min_visible", &Params::min_visible, kAnyLo, kAnyHi, "least visible length of a pipe, r (wheels may nearly touch)"},
    {"min_hidden_visible", &Params::min_hidden_visible, kAnyLo, kAnyHi, "a segment showing fewer samples than this (px) cannot be told pipe or not: the read is refused rather than guessed"},
    {"diagram_min_px", &Params::diagram_min_px, kAnyLo, kAnyHi, "diagram look: a node (circle or square) is at least this wide, px"},
    {"diagram_aspect", &Params::diagram_aspect, 1, kAnyHi, "diagram look: a node's longer side is at most this times its shorter"},
    {"diagram_fill", &Params::diagram_fill, 0, 1, "diagram look: a node fills at least this fraction of its bounding box (a circle: 0.785)"},
    {"diagram_end_aspect", &Params::diagram_end_aspect, 1, kAnyHi, "diagram look: an inlet or outlet of another shape (an arrow) is at most this long for its width"},
    {"diagram_end_fill", &Params::diagram_end_fill, 0, 1, "diagram look: an inlet or outlet of another shape fills at least this fraction of its box (an arrow: 0.47) and holds X or Y"},
    {"diagram_size_spread", &Params::diagram_size_spread, 0, 1, "diagram look: a blob this fraction smaller than the median node is no node"},
    {"diagram_split_core", &Params::diagram_split_core, 0, 1, "diagram look: nodes drawn touching are one blob; its cores, deeper than this fraction of its deepest point (distance to its edge) ..."},
    {"diagram_split_cover", &Params::diagram_split_cover, 0, 1, "diagram look: ... each grown back within it, are its nodes when compact, alike in size, and covering at least this share of it (a network still joined by pipes covers less)"},
    {"diagram_letter_zone", &Params::diagram_letter_zone, 0, 1, "diagram look: a node's letter lies within this fraction of its half-side from its centre"},
    {"diagram_edge_px", &Params::diagram_edge_px, 1, kAnyHi, "diagram look: a node's anti-aliased edge, px: left out of its colours, and all that is left out when ink reaches the letter zone's edge"},
    {"diagram_rim_cover", &Params::diagram_rim_cover, 0, 1, "diagram look: when a letter comes within a pixel of its node's outline, the outline is left out as ink covering at least this share of the inside's edge ..."},
    {"diagram_rim_depth", &Params::diagram_rim_depth, 0, 1, "diagram look: ... and reaching no deeper than this fraction of the node's body radius (a pipe across the node, spokes or a letter touching the ring reach deeper)"},
    {"xy_symmetry", &Params::xy_symmetry, 0, 1, "diagram look: an inlet's or outlet's letter that matches itself turned a half-turn at least this much (intersection over union) is an X, else a Y, whatever Tesseract read (the sweep: X 0.72-0.99, Y 0.07-0.36)"},
    {"diagram_through", &Params::diagram_through, 0, kAnyHi, "diagram look: a segment passing closer than this to a third node's centre, its half-sides, is no pipe"},
    {"diagram_bare", &Params::diagram_bare, 0, 1, "diagram look: a segment inked along at most this fraction is no pipe (between this and pipe_coverage: refused)"},
    {"diagram_look_tolerance", &Params::diagram_look_tolerance, 0, 255, "diagram look: valves whose fill and rim colours differ by at most this look alike (closed valves look different), levels"},
};

std::span<const ParamSpec<Params>> param_table() { return kParamTable; }

namespace {

// What is out of range in `p` ("" when nothing): for profiles and for learn()'s candidates.
std::string inconsistency(const Params& p) {
  if (p.page_distance < 1 || p.page_distance > 254 || p.min_sectors < 3 || p.min_sector_bins < 1 ||
      p.min_sector_bins > 6 || p.ring_outer <= 0 || p.max_valves < 1 || p.tank_side_min <= 0 ||
      p.tank_side_max <= p.tank_side_min || p.tag_far <= p.tag_near || p.bar_to <= p.bar_from ||
      p.pipe_coverage <= 0 || p.pipe_coverage > 1 || p.max_gap <= 0 || p.glyph_height < 8 || p.glyph_height > 400)
    return "the `valves` profile node has out-of-range values: check 3 <= min_sectors, tank_side_min < tank_side_max, "
           "tag_near < tag_far, bar_from < bar_to, 0 < pipe_coverage <= 1";
  return "";
}

}  // namespace

Result<Params> load_params(const cv::FileNode& node, const Params& defaults) {
  return params_from_table(node, "valves", param_table(), defaults, inconsistency);
}

Result<Reading> read(const cv::Mat& bgr, const Params& params, DebugSink* debug) {
  try {
    return read_unchecked(bgr, params, debug);
  } catch (const cv::Exception& e) {
    return make_error(std::string("valves reader: OpenCV failed: ") + e.what());
  }
}

// A hill climb from `start` (vision/common/learn_climb.hpp), a number scaled at a time, towards more
// lines of the board text read as in the truth (its pipes, ends, wrenches and closed valves, by name).
Result<Params> learn(const cv::Mat& bgr, const State& truth, const Params& start) {
  auto lines = [](const std::string& text) {  // the text's lines, each pipe's two names in order, sorted
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
      std::istringstream words(line);
      std::string a, b, rest;
      if (!out.empty() && (words >> a >> b) && !(words >> rest) && b < a) line = b + " " + a;
      out.push_back(line);
    }
    std::sort(out.begin(), out.end());
    return out;
  };
  const std::vector<std::string> want = lines(solvers::valves::format(truth));
  auto agreement = [&](const Params& p) -> int {  // -1 refused; else lines of the truth's text read
    auto got = read(bgr, p);
    if (!got) return -1;
    const std::vector<std::string> have = lines(solvers::valves::format(got->state));
    std::vector<std::string> both;
    std::set_intersection(want.begin(), want.end(), have.begin(), have.end(), std::back_inserter(both));
    return static_cast<int>(both.size()) - (have.size() > both.size() ? 1 : 0);
  };
  const int exact = static_cast<int>(want.size());
  auto climbed = climb_params<Params>(
      param_table(), start, agreement,
      [&](const Params& q, int score) { return score == exact && lines(solvers::valves::format(read(bgr, q)->state)) == want; },
      [](const Params& q) { return inconsistency(q).empty(); });
  if (climbed.found) return *climbed.found;
  return make_error(ErrorCode::kNoBoard, "learn: no valves Params read this screenshot as the given board (" +
                                             std::to_string(climbed.tried) + " settings tried; the closest " +
                                             (climbed.score < 0 ? std::string("refused it") : "got " + std::to_string(std::max(0, climbed.score)) + " of " + std::to_string(exact) + " lines right") +
                                             "): is it the board the screenshot shows?");
}

cv::Mat annotate(const cv::Mat& bgr, const Reading& reading, std::span<const Move> moves) {
  cv::Mat out = bgr.clone();
  const State& s = reading.state;
  const double r = std::max(4.0, reading.radius);
  const cv::Scalar mark(255, 0, 255), ring(0, 200, 255);
  for (auto [a, b] : s.pipes)
    cv::line(out, reading.centres[static_cast<std::size_t>(a)], reading.centres[static_cast<std::size_t>(b)], mark, 2, cv::LINE_AA);
  for (std::size_t i = 0; i < s.names.size(); ++i) {
    const cv::Point c = reading.centres[i];
    cv::circle(out, c, static_cast<int>(r), mark, 2, cv::LINE_AA);
    if (s.closed[i]) cv::line(out, c + cv::Point(-static_cast<int>(r), -static_cast<int>(r)), c + cv::Point(static_cast<int>(r), static_cast<int>(r)), mark, 2, cv::LINE_AA);
    cv::putText(out, s.names[i], c + cv::Point(-static_cast<int>(r), static_cast<int>(r * 2)), cv::FONT_HERSHEY_SIMPLEX, 0.7, mark, 2, cv::LINE_AA);
  }
  for (std::size_t k = 0; k < moves.size(); ++k) {
    const auto v = static_cast<std::size_t>(moves[k]);
    if (v >= reading.centres.size()) continue;
    const cv::Point c = reading.centres[v];
    cv::circle(out, c, static_cast<int>(r * 1.3), ring, 3, cv::LINE_AA);
    cv::putText(out, std::to_string(k + 1), c + cv::Point(static_cast<int>(r), static_cast<int>(r * 1.8)), cv::FONT_HERSHEY_SIMPLEX, 0.7, ring, 2,
                cv::LINE_AA);
  }
  cv::putText(out, "wrenches " + std::to_string(reading.wrenches_used) + "/" + std::to_string(s.wrenches), {10, out.rows - 10},
              cv::FONT_HERSHEY_SIMPLEX, 0.6, mark, 2, cv::LINE_AA);
  return out;
}

}  // namespace pb::vision::valves
