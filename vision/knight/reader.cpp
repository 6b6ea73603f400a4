/* reader.cpp: the knight's-tour reader: page colour -> board frame and grid lines, or separated tiles on a lattice -> per-square marks. */
#include "vision/knight/reader.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <opencv2/imgproc.hpp>
#include <optional>
#include <string>
#include <type_traits>
#include <variant>

#include "solvers/common/text_board.hpp"
#include "vision/common/lattice.hpp"
#include "vision/common/learn_climb.hpp"
#include "vision/common/params.hpp"
#include "vision/common/pixels.hpp"

namespace pb::vision::knight {
namespace {

using Colour = cv::Vec3i;

// Runs of indices whose value is at least `min`: [begin, end) pairs.
std::vector<std::pair<int, int>> runs_above(const std::vector<double>& v, double min) {
  std::vector<std::pair<int, int>> out;
  for (int i = 0; i < static_cast<int>(v.size());) {
    if (v[static_cast<std::size_t>(i)] < min) {
      ++i;
      continue;
    }
    int j = i;
    while (j < static_cast<int>(v.size()) && v[static_cast<std::size_t>(j)] >= min) ++j;
    out.push_back({i, j});
    i = j;
  }
  return out;
}

// Grid lines along one axis: equally spaced runs, the first and last on the board's edges.
Result<std::vector<std::pair<int, int>>> grid_lines(const std::vector<double>& coverage, const Params& p,
                                                   const char* axis) {
  auto lines = runs_above(coverage, p.line_coverage);
  const int n = static_cast<int>(coverage.size());
  if (lines.size() < static_cast<std::size_t>(p.min_side + 1) || lines.size() > static_cast<std::size_t>(p.max_side + 1))
    return make_error(ErrorCode::kNoBoard, std::string("no board found: ") + std::to_string(lines.size()) + " grid lines across the " + axis +
                      " (a board has " + std::to_string(p.min_side) + " to " + std::to_string(p.max_side) + " squares a side)");
  // The shape's box may take in a pixel or two of the frame blended with the page (a scaled picture).
  constexpr int kBlendPx = 3;
  if (lines.front().first > kBlendPx || lines.back().second < n - kBlendPx)
    return make_error(ErrorCode::kNoBoard, std::string("no board found: the grid does not reach the frame's ") + axis + " edges");
  std::vector<double> gaps;
  for (std::size_t i = 1; i < lines.size(); ++i)
    gaps.push_back((lines[i].first + lines[i].second) / 2.0 - (lines[i - 1].first + lines[i - 1].second) / 2.0);
  const double pitch = median_of(gaps);
  if (pitch < p.min_pitch) return make_error(ErrorCode::kNoBoard, std::string("no board found: squares narrower than ") + std::to_string(p.min_pitch) + " px");
  for (double g : gaps)
    if (std::abs(g - pitch) > p.spacing_tolerance * pitch)
      return make_error(ErrorCode::kNoBoard, std::string("no board found: grid lines across the ") + axis + " are not equally spaced");
  return lines;
}

// Square boundaries along one axis of a chequered board (no grid lines): offsets 0 .. length into the
// shape. `edges[x]` is the fraction of the shape's rows (columns) with a colour edge at x. The finest
// equal division whose every inner boundary has an edge wins: a coarser one (every other boundary)
// would pass too, and is caught later by its squares' corners disagreeing.
Result<std::vector<std::pair<int, int>>> edge_lattice(const std::vector<double>& edges, const Params& p, const char* axis) {
  const int length = static_cast<int>(edges.size());
  for (int n = p.max_side; n >= p.min_side; --n) {
    const double pitch = static_cast<double>(length) / n;
    if (pitch < p.min_pitch) continue;
    const int w = std::max(2, static_cast<int>(std::lround(p.edge_window * pitch)));
    bool all = true;
    for (int k = 1; k < n && all; ++k) {
      const int at = static_cast<int>(std::lround(k * pitch));
      double best = 0;
      for (int x = std::max(0, at - w); x <= std::min(length - 1, at + w); ++x) best = std::max(best, edges[static_cast<std::size_t>(x)]);
      all = best >= p.edge_coverage;
    }
    if (!all) continue;
    // As grid lines of no width: [begin, end) = [k * pitch, k * pitch).
    std::vector<std::pair<int, int>> out;
    for (int k = 0; k <= n; ++k) {
      const int at = static_cast<int>(std::lround(k * pitch));
      out.push_back({at, at});
    }
    return out;
  }
  return make_error(ErrorCode::kNoBoard, std::string("no board found: no grid lines, and no equal division of the shape's ") + axis +
                    " into " + std::to_string(p.min_side) + " to " + std::to_string(p.max_side) + " squares has a colour edge at every boundary");
}

// How far either side of a diagonal a cross's stroke may lie, fraction of the side: a chequered
// lattice's squares may sit a pixel or two off the drawn ones.
constexpr double kCrossSlack = 0.04;

struct SquareLook {
  Colour fill;
  bool uniform = true;   // the four corners are one colour
  double centre = 0;     // marked fraction near the centre
  double height = 0;     // the mark's height near the centre, fraction of the side
  double cross_cover = 0;
  bool cross = false;
  bool ring = false;
  double ring_cover = 0;
  Colour ink;             // the median colour of the marked pixels near the centre (the fill when none)
  double band = 0;        // mean distance from the fill in the ring's band (ring_from .. ring_to)
};

// `page`: when the corners disagree, of each corner's samples only the corner_keep farthest from it
// count (a small tile's rounded corner, blurred, blends the fill with the page).
SquareLook look_at(const cv::Mat& img, cv::Rect sq, const Params& p, const Colour& page) {
  SquareLook out;
  const double s = std::min(sq.width, sq.height);
  std::array<std::vector<cv::Vec3b>, 4> corner;
  auto gather = [&](double from) {
    const int a = static_cast<int>(std::floor(from * s)), b = std::max(a + 1, static_cast<int>(std::ceil((from + p.corner_to - p.corner_from) * s)));
    for (auto& c : corner) c.clear();
    for (int dy = a; dy < b; ++dy)
      for (int dx = a; dx < b; ++dx) {
        const std::array<std::pair<int, int>, 4> at{{{sq.x + dx, sq.y + dy},
                                                     {sq.x + sq.width - 1 - dx, sq.y + dy},
                                                     {sq.x + dx, sq.y + sq.height - 1 - dy},
                                                     {sq.x + sq.width - 1 - dx, sq.y + sq.height - 1 - dy}}};
        for (std::size_t k = 0; k < 4; ++k) corner[k].push_back(img.at<cv::Vec3b>(at[k].second, at[k].first));
      }
  };
  auto sample_fill = [&] {
    std::vector<cv::Vec3b> all;
    for (const auto& c : corner) all.insert(all.end(), c.begin(), c.end());
    out.fill = median_colour(all);
    out.uniform = true;
    for (auto& c : corner) out.uniform = out.uniform && l1_distance(median_colour(c), out.fill) <= p.mark_distance;
  };
  auto keep_far_from_page = [&] {
    if (out.uniform || p.corner_keep >= 1) return;
    for (auto& c : corner) {
      std::stable_sort(c.begin(), c.end(), [&](const cv::Vec3b& u, const cv::Vec3b& v) { return l1_distance(u, page) > l1_distance(v, page); });
      c.resize(std::clamp<std::size_t>(static_cast<std::size_t>(std::ceil(std::max(0.0, p.corner_keep) * static_cast<double>(c.size()))), 1, c.size()));
    }
    sample_fill();
  };
  gather(p.corner_from);
  sample_fill();
  keep_far_from_page();
  // A large rounded corner blurred at a small scale reaches past corner_from: deeper in, once. So
  // does one whose four corners all fall on its blend with the page (a radius of 35% at 0.57x): they
  // agree, on a mix of the page and the colour filling the tile's middle.
  const double cx0 = sq.x + (sq.width - 1) / 2.0, cy0 = sq.y + (sq.height - 1) / 2.0;
  const bool blended = out.uniform && p.corner_deeper > p.corner_from && [&] {
    std::vector<cv::Vec3b> mid;
    const double rm = p.centre_radius * s;
    for (int y = static_cast<int>(std::ceil(cy0 - rm)); y <= static_cast<int>(std::floor(cy0 + rm)); ++y)
      for (int x = static_cast<int>(std::ceil(cx0 - rm)); x <= static_cast<int>(std::floor(cx0 + rm)); ++x)
        if ((x - cx0) * (x - cx0) + (y - cy0) * (y - cy0) <= rm * rm) mid.push_back(img.at<cv::Vec3b>(y, x));
    if (mid.empty()) return false;
    const Colour m = median_colour(mid);
    if (l1_distance(m, out.fill) <= p.mark_distance) return false;
    const cv::Vec3d d(m[0] - page[0], m[1] - page[1], m[2] - page[2]), f(out.fill[0] - page[0], out.fill[1] - page[1], out.fill[2] - page[2]);
    const double t = f.dot(d) / std::max(1.0, d.dot(d));
    const cv::Vec3d off = f - t * d;
    return t > 0.1 && t < 0.9 && std::abs(off[0]) + std::abs(off[1]) + std::abs(off[2]) <= p.mark_distance / 2.0;
  }();
  if ((!out.uniform || blended) && p.corner_deeper > p.corner_from) {
    gather(p.corner_deeper);
    sample_fill();
    keep_far_from_page();
  }
  const double cx = sq.x + (sq.width - 1) / 2.0, cy = sq.y + (sq.height - 1) / 2.0;
  auto marked = [&](double x, double y) {
    const int ix = static_cast<int>(std::lround(x)), iy = static_cast<int>(std::lround(y));
    if (ix < sq.x || iy < sq.y || ix >= sq.x + sq.width || iy >= sq.y + sq.height) return false;
    return l1_distance(img.at<cv::Vec3b>(iy, ix), out.fill) > p.mark_distance;
  };
  const double rc = p.centre_radius * s;
  int inside = 0, hit = 0;
  std::vector<cv::Vec3b> inked;
  for (int y = static_cast<int>(std::floor(cy - rc)); y <= static_cast<int>(std::ceil(cy + rc)); ++y)
    for (int x = static_cast<int>(std::floor(cx - rc)); x <= static_cast<int>(std::ceil(cx + rc)); ++x) {
      if ((x - cx) * (x - cx) + (y - cy) * (y - cy) > rc * rc) continue;
      ++inside;
      if (marked(x, y)) {
        ++hit;
        inked.push_back(img.at<cv::Vec3b>(y, x));
      }
    }
  out.centre = inside > 0 ? static_cast<double>(hit) / inside : 0;
  out.ink = inked.empty() ? out.fill : median_colour(inked);
  {  // the ring's band: a start ring blurred almost into the fill still shifts its colour
    double sum = 0;
    int n_band = 0;
    const double r0 = p.ring_from * s, r1 = p.ring_to * s;
    for (int y = static_cast<int>(std::floor(cy - r1)); y <= static_cast<int>(std::ceil(cy + r1)); ++y)
      for (int x = static_cast<int>(std::floor(cx - r1)); x <= static_cast<int>(std::ceil(cx + r1)); ++x) {
        const double d2 = (x - cx) * (x - cx) + (y - cy) * (y - cy);
        if (d2 < r0 * r0 || d2 > r1 * r1 || x < sq.x || y < sq.y || x >= sq.x + sq.width || y >= sq.y + sq.height) continue;
        sum += l1_distance(img.at<cv::Vec3b>(y, x), out.fill);
        ++n_band;
      }
    out.band = n_band > 0 ? sum / n_band : 0;
  }
  // The mark's height: the pieces of ink inside mark_radius that reach into the centre disc (a
  // number's digits, a disc, a glyph; not the start ring around them), from their top to their bottom.
  const double rm = p.mark_radius * s;
  const int half = static_cast<int>(std::ceil(rm));
  cv::Mat ink(2 * half + 1, 2 * half + 1, CV_8U, cv::Scalar(0));
  for (int y = -half; y <= half; ++y)
    for (int x = -half; x <= half; ++x)
      if (x * x + y * y <= rm * rm && marked(cx + x, cy + y)) ink.at<std::uint8_t>(y + half, x + half) = 255;
  cv::Mat labels, stats, centroids;
  const int n = cv::connectedComponentsWithStats(ink, labels, stats, centroids, 8, CV_32S);
  std::vector<bool> central(static_cast<std::size_t>(n), false);
  for (int y = -half; y <= half; ++y)
    for (int x = -half; x <= half; ++x)
      if (x * x + y * y <= rc * rc) central[static_cast<std::size_t>(labels.at<int>(y + half, x + half))] = true;
  int top = ink.rows, bottom = -1;
  for (int k = 1; k < n; ++k)
    if (central[static_cast<std::size_t>(k)]) {
      top = std::min(top, stats.at<int>(k, cv::CC_STAT_TOP));
      bottom = std::max(bottom, stats.at<int>(k, cv::CC_STAT_TOP) + stats.at<int>(k, cv::CC_STAT_HEIGHT) - 1);
    }
  out.height = bottom < 0 ? 0 : (bottom - top + 1) / s;
  // A cross: all four diagonal arms marked (a pixel or two either side of the diagonal will do: the
  // lattice's centre may be off by that), the four straight ones between them not.
  const int slack = std::max(1, static_cast<int>(std::lround(kCrossSlack * s)));
  auto arm = [&](double dx, double dy, int side) {
    int count = 0, on = 0;
    for (double r = p.cross_from * s; r <= p.cross_to * s; r += 0.5, ++count) {
      bool hit = false;
      for (int o = -side; o <= side && !hit; ++o) hit = marked(cx + r * dx - o * dy, cy + r * dy + o * dx);
      on += hit ? 1 : 0;
    }
    return count > 0 ? static_cast<double>(on) / count : 0.0;
  };
  const double d = std::sqrt(0.5);
  const double diagonal = std::min({arm(d, d, slack), arm(-d, d, slack), arm(d, -d, slack), arm(-d, -d, slack)});
  const double straight = std::max({arm(1, 0, 0), arm(-1, 0, 0), arm(0, 1, 0), arm(0, -1, 0)});
  out.cross_cover = std::min(diagonal, 1 - straight);
  out.cross = out.cross_cover >= p.cross_min;
  // The ring: in most directions, past a gap of unmarked pixels (a disc or a number ends first), a
  // marked pixel between ring_from and ring_to; or the mark from the centre runs on into that band.
  constexpr int kDirections = 48;
  int crossed = 0;
  for (int k = 0; k < kDirections; ++k) {
    const double ang = 2 * CV_PI * k / kDirections, dx = std::cos(ang), dy = std::sin(ang);
    double r = p.centre_radius * s * 0.5;
    while (r < p.ring_to * s && marked(cx + r * dx, cy + r * dy)) r += 0.5;
    if (r >= p.ring_from * s && r < p.ring_to * s) {  // a knight on the start square touches its ring
      ++crossed;
      continue;
    }
    r = std::max(r + 1, p.ring_from * s);
    for (; r <= p.ring_to * s; r += 0.5)
      if (marked(cx + r * dx, cy + r * dy)) {
        ++crossed;
        break;
      }
  }
  out.ring_cover = static_cast<double>(crossed) / kDirections;
  out.ring = out.ring_cover >= p.ring_min;
  return out;
}

// `p` with the fill sampled clear of rounded corners (one of radius r leaves 0.29 r of the square's
// corner bare): tiles, whether apart or touching.
Params tile_params(const Params& p) {
  Params tp = p;
  tp.corner_from = std::max(p.corner_from, p.tile_corner_from);
  tp.corner_to = std::max(p.corner_to, tp.corner_from + (p.corner_to - p.corner_from) / 2);
  tp.corner_keep = std::min(p.corner_keep, p.tile_corner_keep);
  tp.corner_deeper = std::max(p.corner_deeper, p.tile_corner_deeper);
  return tp;
}

// 0 at a threshold, 1 at twice (or zero) the distance from it.
double margin(double value, double threshold) {
  if (threshold <= 0) return 1;
  return std::clamp(std::abs(value - threshold) / threshold, 0.0, 1.0);
}

Error no_board(const std::string& why) { return make_error(ErrorCode::kNoBoard, "no board found: " + why); }

cv::Vec3b to_vec3b(const Colour& c) { return {static_cast<uchar>(c[0]), static_cast<uchar>(c[1]), static_cast<uchar>(c[2])}; }

// The colour most of `fills` share (within `distance`), and how many share it; `fills` not empty.
std::pair<Colour, int> commonest(const std::vector<Colour>& fills, int distance) {
  std::size_t best = 0;
  int best_n = -1;
  for (std::size_t i = 0; i < fills.size(); ++i) {
    int n = 0;
    for (const Colour& f : fills) n += l1_distance(fills[i], f) <= distance ? 1 : 0;
    if (n > best_n) best_n = n, best = i;
  }
  std::vector<cv::Vec3b> near;
  for (const Colour& f : fills)
    if (l1_distance(fills[best], f) <= distance) near.push_back(to_vec3b(f));
  return {median_colour(near), best_n};
}

// The squares' kinds from their looks (the lattice is known): marks first, then plain fills by parity.
Result<void> decode(Reading& out, const std::vector<SquareLook>& looks, const Colour& page, const Params& p) {
  State& st = out.state;
  const std::size_t count = looks.size();
  for (const SquareLook& lk : looks)
    if (!lk.uniform) return no_board("a square's corners differ in colour (the lattice does not fit the board)");
  out.confidence.assign(count, 1.0);
  std::vector<std::size_t> marks;
  std::array<std::vector<std::size_t>, 2> plain;
  int starts = 0;
  for (std::size_t i = 0; i < count; ++i) {
    const SquareLook& lk = looks[i];
    const int r = static_cast<int>(i) / st.cols, c = static_cast<int>(i) % st.cols;
    double& conf = out.confidence[i];
    conf = margin(lk.cross_cover, p.cross_min);
    if (lk.cross) {
      // A removed square is never the start: a cross inside a ring is a mark (the knight's letter N,
      // whose diagonal and upright strokes reach all four diagonal arms). A cross's own ends reach
      // into the ring's band in fewer directions (up to 0.67 of them in the sweep).
      if (lk.ring) return no_board("a cross inside a start ring: a removed square, or the knight on the start?");
      st.squares[i] = Square::kRemoved;
      continue;
    }
    if (lk.ring) {
      st.start = Cell{r, c};
      ++starts;
    } else if (lk.ring_cover > (lk.height >= p.knight_height ? p.knight_ring_doubt : p.ring_doubt)) {
      // No ring and a ring read the same board but for its start: the rules cannot tell them apart.
      return no_board("a faint ring on a square: the start, or not? (a profile's knight.ring_min or ring_doubt decides)");
    }
    conf = std::min({conf, margin(lk.ring_cover, p.ring_min), margin(lk.centre, p.clean_max)});
    if (lk.centre > p.clean_max || lk.height >= p.knight_height) marks.push_back(i);
    else plain[static_cast<std::size_t>((r + c) % 2)].push_back(i);
  }
  if (starts > 1) return no_board(std::to_string(starts) + " start rings on the board");

  // The knight: the one mark as tall as a knight; every other mark is a visited square's number or dot.
  std::vector<std::size_t> tall;
  for (std::size_t i : marks) {
    st.squares[i] = Square::kVisited;
    if (looks[i].height >= p.knight_height) tall.push_back(i);
    else if (looks[i].height < p.mark_min_height)
      return no_board("a speck on a square, too small for a number or a dot (noise, or a mark the picture lost)");
    else if (looks[i].height > p.visited_height)
      return no_board("a mark on a square is too tall for a number and too short for the knight");
    out.confidence[i] = std::min(out.confidence[i], margin(looks[i].height, (p.knight_height + p.visited_height) / 2));
  }
  if (tall.size() > 1) return no_board(std::to_string(tall.size()) + " marks as tall as a knight on the board");
  if (tall.size() == 1) st.knight = Cell{static_cast<int>(tall[0]) / st.cols, static_cast<int>(tall[0]) % st.cols};
  else if (!marks.empty()) return no_board("visited squares but no knight");

  // Plain squares: each parity's commonest fill is its free colour (page-coloured squares aside when
  // they are removed ones); any other fill is a removed square's, one colour for all of them.
  auto page_like = [&](const Colour& f) { return l1_distance(f, page) <= p.removed_distance; };
  std::array<std::optional<Colour>, 2> free_colour;
  for (std::size_t k = 0; k < 2; ++k) {
    std::vector<Colour> fills;
    bool page_seen = false;
    for (std::size_t i : plain[k]) {
      if (p.page_squares_removed && page_like(looks[i].fill)) page_seen = true;
      else fills.push_back(looks[i].fill);
    }
    if (fills.empty()) {
      if (page_seen && !out.ruled && !out.tiles)
        return no_board("every plain square of one colour of the checkerboard has the page colour: removed, or the "
                        "board's own colour? (a profile's knight.page_squares_removed: false says the latter)");
      continue;
    }
    const auto [colour, n] = commonest(fills, p.mark_distance);
    if (2 * n <= static_cast<int>(fills.size()))
      return no_board("no colour is shared by most squares of one colour of the checkerboard");
    free_colour[k] = colour;
  }
  // Separated tiles stand on their own lattice: one colour for all of them is a board too.
  if (free_colour[0] && free_colour[1] && p.require_checkerboard && !out.tiles && l1_distance(*free_colour[0], *free_colour[1]) < p.page_distance)
    return no_board("the squares are not a checkerboard");
  std::vector<cv::Vec3b> other;
  std::vector<std::size_t> other_at;
  int free_squares = 0;
  for (std::size_t k = 0; k < 2; ++k)
    for (std::size_t i : plain[k]) {
      const Colour& f = looks[i].fill;
      if (p.page_squares_removed && page_like(f)) {
        st.squares[i] = Square::kRemoved;
        out.confidence[i] = std::min(out.confidence[i], margin(l1_distance(f, page), p.removed_distance));
        continue;
      }
      if (free_colour[k] && l1_distance(f, *free_colour[k]) <= p.mark_distance) {
        ++free_squares;
        out.confidence[i] = std::min(out.confidence[i], margin(l1_distance(f, *free_colour[k]), p.mark_distance));
        continue;
      }
      st.squares[i] = Square::kRemoved;
      if (free_colour[1 - k] && l1_distance(f, *free_colour[1 - k]) <= p.mark_distance)
        return no_board("a square has the colour of the other squares of the checkerboard");
      other.push_back(to_vec3b(f));
      other_at.push_back(i);
    }
  // Visited squares are recoloured all (the game paints them) or none (a number or dot on the
  // square's own colour): a mark on a free-coloured square among recoloured ones is the picture's
  // (JPEG ringing beside a visited square), not a visit.
  std::vector<cv::Vec3b> recoloured_fills;
  if (free_colour[0] || free_colour[1]) {
    int own = 0;
    for (std::size_t i : marks) {
      if (looks[i].height >= p.knight_height) continue;  // the knight's square may be drawn either way
      const std::size_t k = static_cast<std::size_t>((static_cast<int>(i) / st.cols + static_cast<int>(i) % st.cols) % 2);
      const bool free_coloured = free_colour[k] && l1_distance(looks[i].fill, *free_colour[k]) <= p.mark_distance;
      if (free_coloured) ++own;
      else recoloured_fills.push_back(to_vec3b(looks[i].fill));
    }
    if (own > 0 && !recoloured_fills.empty())
      return no_board(std::to_string(own) + " marked squares keep their free colour while " + std::to_string(recoloured_fills.size()) +
                      " are recoloured: visited, or a mark of the picture's?");
  }
  // On a square of its free colour the knight's mark stands apart from that colour (marked pixels
  // are those far from the fill): a tall "mark" of the free colour itself is the square's own fill
  // against corner samples a blurred start ring dimmed (its whole inside marked).
  if (st.knight) {
    const std::size_t i = st.index(*st.knight);
    const std::size_t k = static_cast<std::size_t>((st.knight->row + st.knight->col) % 2);
    if (free_colour[k] && l1_distance(looks[i].fill, *free_colour[k]) <= p.mark_distance &&
        l1_distance(looks[i].ink, *free_colour[k]) <= p.mark_distance)
      return no_board("the knight's mark has its square's own colour: the knight, or a square's fill misjudged?");
  }
  // A tour in progress from a given start has its first square visited: the start ring is there, on
  // a visited square. One whose ring's band stands out from the other visited squares' (whose numbers
  // or dots stay clear of it) while no ring was read is a start ring the picture blurred into the fill.
  if (!st.start && st.knight) {
    std::vector<double> bands;
    for (std::size_t i : marks)
      if (i != st.index(*st.knight)) bands.push_back(looks[i].band);
    if (bands.size() >= 3) {
      std::vector<double> sorted = bands;
      std::sort(sorted.begin(), sorted.end());
      for (std::size_t j = 0; j < bands.size(); ++j) {
        // The median of the others: drop this square's value once.
        std::vector<double> others = sorted;
        others.erase(std::find(others.begin(), others.end(), bands[j]));
        const double typical = others[others.size() / 2];
        if (bands[j] - typical > p.ring_band_excess)
          return no_board("a visited square's ring band stands out: a start ring the picture blurred, or none?");
      }
    }
  }
  // A plain square of the visited squares' colour is one whose number or dot the picture lost (faint,
  // blurred), not a removed square of that colour.
  if (!recoloured_fills.empty() && !other.empty()) {
    const Colour visited = median_colour(recoloured_fills);
    for (const auto& f : other)
      if (l1_distance(f, visited) <= p.mark_distance)
        return no_board("a plain square of the visited squares' colour: visited (its number lost), or removed?");
  }
  if (!other.empty()) {
    auto copy = other;
    const Colour removed = median_colour(copy);
    for (const auto& f : other)
      if (l1_distance(f, removed) > p.mark_distance) return no_board("squares of more than three colours");
  }
  if (free_squares + static_cast<int>(marks.size()) < 2) return no_board("the grid holds fewer than 2 squares");
  if (free_squares == 0 && !st.knight) return no_board("no free square and no knight");
  if (st.start && st.squares[st.index(*st.start)] == Square::kRemoved) return no_board("the start ring is on a removed square");
  return {};
}

// A board of separated tiles: every square its own shape on the page (rounded or not, chequered or
// one colour), the page between them, a missing tile a removed square.
//   detect: the shapes that differ from the page, are square and mostly filled (tile_min_fill);
//           the largest group of one size (count x side, as the one-stroke reader's cells); the
//           pitch from their nearest neighbours and their sites on it (vision/common/lattice.hpp),
//           the board being the tiles that link up (neighbours up to two missing tiles apart).
//   verify: one lattice (every tile within tile_max_offset of its site, one tile a site, at least
//           min_side sites a side), a steady share of the pitch (tile_min_ratio), and nothing else
//           of a tile's size near the lattice: tiles a blur ran together, or a tile of another size,
//           would otherwise leave a site empty, read as a removed square.
// `seen` says whether enough tiles of one size were found for this to be the board (its refusal
// then is the one to report).
// `shaved`: the shapes' mask was eroded by this many px (their boxes are grown back by as much);
// `ink`: far_from(page, page_distance), unshaved (a site without a tile must show only the page).
Result<Reading> read_tiles(const cv::Mat& img, const Colour& page, const cv::Mat& shape, int shaved, const cv::Mat& ink, const Params& p,
                           bool& seen) {
  seen = false;
  cv::Mat labels, stats, centroids;
  const int n = cv::connectedComponentsWithStats(shape, labels, stats, centroids, 8, CV_32S);
  struct Blob {
    cv::Rect box;
    int area = 0;
    bool tile_like = false;
  };
  std::vector<Blob> blobs;
  for (int i = 1; i < n; ++i) {
    const int* s = stats.ptr<int>(i);
    Blob b{cv::Rect(s[cv::CC_STAT_LEFT] - shaved, s[cv::CC_STAT_TOP] - shaved, s[cv::CC_STAT_WIDTH] + 2 * shaved, s[cv::CC_STAT_HEIGHT] + 2 * shaved) &
               cv::Rect(0, 0, img.cols, img.rows),
           s[cv::CC_STAT_AREA] + 2 * shaved * (s[cv::CC_STAT_WIDTH] + s[cv::CC_STAT_HEIGHT]), false};
    const double w = b.box.width, h = b.box.height;
    b.tile_like = std::min(w, h) >= p.tile_min_ratio * p.min_pitch && std::max(w, h) <= (1 + p.tile_size_tolerance) * std::min(w, h) &&
                  b.area >= p.tile_min_fill * w * h;
    blobs.push_back(b);
  }
  auto alike = [&](const Blob& a, const Blob& b) {
    return std::abs(a.box.width - b.box.width) <= p.tile_size_tolerance * a.box.width &&
           std::abs(a.box.height - b.box.height) <= p.tile_size_tolerance * a.box.height;
  };
  // The size with the largest count x side: many tiles beat a few big panels, real tiles more numerous specks.
  std::size_t ref = blobs.size();
  double ref_score = 0;
  for (std::size_t i = 0; i < blobs.size(); ++i) {
    if (!blobs[i].tile_like) continue;
    int count = 0;
    for (const Blob& o : blobs) count += o.tile_like && alike(blobs[i], o) ? 1 : 0;
    const double score = count * static_cast<double>(blobs[i].box.width + blobs[i].box.height);
    if (score > ref_score) ref = i, ref_score = score;
  }
  if (ref == blobs.size()) return no_board("no separate tiles");
  std::vector<std::size_t> alike_tiles;
  for (std::size_t i = 0; i < blobs.size(); ++i)
    if (blobs[i].tile_like && alike(blobs[ref], blobs[i])) alike_tiles.push_back(i);
  if (static_cast<int>(alike_tiles.size()) < p.min_tiles)
    return no_board("only " + std::to_string(alike_tiles.size()) + " separate tiles of one size");
  auto centre = [&](std::size_t i) {
    const cv::Rect& b = blobs[i].box;
    return cv::Point2f(static_cast<float>(b.x + (b.width - 1) / 2.0), static_cast<float>(b.y + (b.height - 1) / 2.0));
  };
  std::vector<double> sides;
  for (std::size_t i : alike_tiles) sides.push_back(blobs[i].box.width), sides.push_back(blobs[i].box.height);
  const double side = median_of(sides);
  const float slack = static_cast<float>(0.25 * side);
  const float first_pitch = neighbour_pitch(alike_tiles, centre, [&](std::size_t, std::size_t) { return slack; });
  if (first_pitch <= 0) return no_board("separate tiles of one size, but none beside another");
  // The board: tiles linked as neighbours, up to two missing tiles between them.
  const std::vector<std::size_t> linked = largest_linked_group(alike_tiles, [&](std::size_t a, std::size_t b) {
    const cv::Point2f d = centre(a) - centre(b);
    return std::abs(d.x) <= 3.5f * first_pitch && std::abs(d.y) <= 3.5f * first_pitch;
  });
  std::vector<std::size_t> group;
  for (std::size_t k : linked) group.push_back(alike_tiles[k]);
  if (static_cast<int>(group.size()) < p.min_tiles)
    return no_board("only " + std::to_string(group.size()) + " separate tiles of one size side by side");
  std::vector<cv::Point2f> centres;
  for (std::size_t i : group) centres.push_back(centre(i));
  auto fitted = fit_sites(centres, first_pitch, p.max_side);
  if (!fitted) return fitted.error();
  LatticeSites lat = std::move(*fitted);
  seen = lat.rows >= p.min_side && lat.cols >= p.min_side;
  if (!seen)
    return no_board(std::to_string(group.size()) + " separate tiles on a " + std::to_string(lat.cols) + "x" + std::to_string(lat.rows) +
                    " lattice (a board has " + std::to_string(p.min_side) + " or more squares a side)");
  // One pitch for both axes, fitted to every tile (least squares on the sites), then every tile checked against it.
  double mc = 0, mr = 0, mx = 0, my = 0;
  for (std::size_t k = 0; k < centres.size(); ++k)
    mc += lat.sites[k].second, mr += lat.sites[k].first, mx += centres[k].x, my += centres[k].y;
  const double m = static_cast<double>(centres.size());
  mc /= m, mr /= m, mx /= m, my /= m;
  double num = 0, den = 0;
  for (std::size_t k = 0; k < centres.size(); ++k) {
    const double dc = lat.sites[k].second - mc, dr = lat.sites[k].first - mr;
    num += dc * (centres[k].x - mx) + dr * (centres[k].y - my);
    den += dc * dc + dr * dr;
  }
  const double pitch = den > 0 ? num / den : first_pitch;
  const cv::Point2d origin(mx - mc * pitch, my - mr * pitch);
  auto site_centre = [&](int r, int c) { return cv::Point2d(origin.x + c * pitch, origin.y + r * pitch); };
  if (pitch < p.min_pitch) return no_board("tiles closer than " + std::to_string(p.min_pitch) + " px");
  if (side / pitch < p.tile_min_ratio || side / pitch > 1.02)
    return no_board("the gaps between the tiles are not a steady share of the pitch (tile " + std::to_string(static_cast<int>(side)) +
                    " px at a pitch of " + std::to_string(static_cast<int>(pitch)) + " px)");
  std::vector<int> at(static_cast<std::size_t>(lat.rows * lat.cols), -1);
  for (std::size_t k = 0; k < centres.size(); ++k) {
    const auto [r, c] = lat.sites[k];
    const cv::Point2d d = cv::Point2d(centres[k]) - site_centre(r, c);
    if (std::max(std::abs(d.x), std::abs(d.y)) > p.tile_max_offset * pitch)
      return no_board("the tiles are not on one lattice (a tile " + std::to_string(static_cast<int>(std::hypot(d.x, d.y))) +
                      " px off its site)");
    int& slot = at[static_cast<std::size_t>(r * lat.cols + c)];
    if (slot >= 0) return no_board("two tiles on one lattice site");
    slot = static_cast<int>(group[k]);
  }
  // Nothing of a tile's size near the lattice but its tiles: ink inside a tile's box is its marks.
  // (`shaved` px were added to every box: what the mask took from a blob is counted back.)
  const double half = pitch / 2;
  const cv::Rect2d bounds(origin.x - half, origin.y - half, lat.cols * pitch, lat.rows * pitch);
  const cv::Rect2d near(bounds.x - 3.5 * pitch, bounds.y - 3.5 * pitch, bounds.width + 7 * pitch, bounds.height + 7 * pitch);
  const cv::Rect2d beside(bounds.x - pitch, bounds.y - pitch, bounds.width + 2 * pitch, bounds.height + 2 * pitch);
  std::vector<bool> in_group(blobs.size(), false);
  for (std::size_t i : group) in_group[i] = true;
  for (std::size_t i = 0; i < blobs.size(); ++i) {
    if (in_group[i]) continue;
    const cv::Rect2d b(blobs[i].box);
    bool inside_tile = false;
    for (std::size_t g : group) inside_tile = inside_tile || (blobs[g].box & blobs[i].box) == blobs[i].box;
    if (inside_tile) continue;
    if (blobs[i].tile_like && alike(blobs[ref], blobs[i]) && (b & near).area() > 0)
      return no_board("a tile of the board's size apart from its lattice");
    // Tiles run together fill their box as tiles do; what a mask cut off a gap or a ring is thin,
    // and a tile it broke up leaves its site to the check of missing tiles below.
    if ((b & bounds).area() > 0 && blobs[i].area >= 0.25 * side * side && blobs[i].area >= p.tile_min_fill * b.area())
      return no_board("a shape on the tiles' lattice that is not one tile (tiles run together, or one of another size)");
    // Beside the lattice, anything that large may be more of the board drawn otherwise (another
    // game's cells, a path through them): the tiles alone are not the whole picture.
    if ((b & bounds).area() == 0 && (b & beside).area() > 0 && blobs[i].area >= 0.25 * side * side)
      return no_board("a shape as large as a tile beside the tiles' lattice (more of the board, drawn otherwise?)");
  }
  // A knight board is a whole board: the sites one pitch outside it show the page. Ink over most of
  // one is the lattice going on (another game's cells, a path filling them, a sprite on a site),
  // which the blob checks above miss when it is one large shape wrapped round the tiles.
  const int ring_half = static_cast<int>(std::lround(0.4 * side));
  const int ring_full = (2 * ring_half + 1) * (2 * ring_half + 1);
  for (int r = -1; r <= lat.rows; ++r)
    for (int c = -1; c <= lat.cols; ++c) {
      if (r >= 0 && r < lat.rows && c >= 0 && c < lat.cols) continue;
      const cv::Point2d m = site_centre(r, c);
      const cv::Rect middle = cv::Rect(static_cast<int>(std::lround(m.x)) - ring_half, static_cast<int>(std::lround(m.y)) - ring_half,
                                       2 * ring_half + 1, 2 * ring_half + 1) &
                              cv::Rect(0, 0, img.cols, img.rows);
      if (2 * middle.area() < ring_full) continue;  // mostly off the picture: nothing to see
      if (2 * cv::countNonZero(ink(middle)) > middle.area())
        return no_board("the tiles' lattice goes on past the board (ink on a site beside it): part of something else, not a whole board");
    }

  Reading out;
  out.ruled = false;
  out.tiles = true;
  out.frame = img.size();
  out.board = cv::Rect(cv::Point(static_cast<int>(std::floor(bounds.x)), static_cast<int>(std::floor(bounds.y))),
                       cv::Point(static_cast<int>(std::ceil(bounds.br().x)), static_cast<int>(std::ceil(bounds.br().y)))) &
              cv::Rect(0, 0, img.cols, img.rows);
  out.pitch_x = out.pitch_y = pitch;
  State& st = out.state;
  st.rows = lat.rows;
  st.cols = lat.cols;
  st.squares.assign(static_cast<std::size_t>(st.rows * st.cols), Square::kFree);
  Params tp = tile_params(p);
  tp.page_squares_removed = true;  // a site without a tile shows the page: a removed square
  std::vector<SquareLook> looks;
  for (int r = 0; r < st.rows; ++r)
    for (int c = 0; c < st.cols; ++c) {
      const cv::Point2d m = site_centre(r, c);
      out.centres.push_back(cv::Point2f(m));
      const int i = at[static_cast<std::size_t>(r * st.cols + c)];
      if (i >= 0) {
        // The tile as the lattice places it (the median side at its site): a blob a mask cut into
        // or joined to a scrap of its neighbour has a box off its tile, whose corners and middle
        // would then sample the gap.
        const int t = static_cast<int>(std::lround(side));
        const cv::Rect on_site = cv::Rect(static_cast<int>(std::lround(m.x - (side - 1) / 2)), static_cast<int>(std::lround(m.y - (side - 1) / 2)), t, t) &
                                 cv::Rect(0, 0, img.cols, img.rows);
        looks.push_back(look_at(img, on_site.area() > 0 ? on_site : blobs[static_cast<std::size_t>(i)].box, tp, page));
        continue;
      }
      // A removed square: the page, and nothing on it (a tile the masks broke up would show here).
      const int h = static_cast<int>(std::lround(0.4 * side));
      const cv::Rect middle = cv::Rect(static_cast<int>(std::lround(m.x)) - h, static_cast<int>(std::lround(m.y)) - h, 2 * h + 1, 2 * h + 1) &
                              cv::Rect(0, 0, img.cols, img.rows);
      if (middle.area() == 0 || cv::countNonZero(ink(middle)) > p.clean_max * middle.area())
        return no_board("a site of the tiles' lattice with no tile on it is not the page");
      SquareLook missing;
      missing.fill = page;
      looks.push_back(missing);
    }
  // The page between neighbouring tiles: across each gap some pixel much nearer to the page than
  // both tiles' fills are (a blurred gap keeps a trace of it; a grid's lines between cells do not).
  int gaps = 0, page_gaps = 0;
  for (int r = 0; r < st.rows; ++r)
    for (int c = 0; c < st.cols; ++c) {
      const int a = at[static_cast<std::size_t>(r * st.cols + c)];
      if (a < 0) continue;
      for (const auto& [dr, dc] : {std::pair{0, 1}, std::pair{1, 0}}) {
        if (r + dr >= st.rows || c + dc >= st.cols) continue;
        const int b = at[static_cast<std::size_t>((r + dr) * st.cols + c + dc)];
        if (b < 0) continue;
        const cv::Rect& ba = blobs[static_cast<std::size_t>(a)].box;
        const cv::Rect& bb = blobs[static_cast<std::size_t>(b)].box;
        const double fills = std::min(l1_distance(looks[static_cast<std::size_t>(r * st.cols + c)].fill, page),
                                      l1_distance(looks[static_cast<std::size_t>((r + dr) * st.cols + c + dc)].fill, page));
        int nearest = 765;
        const cv::Point2d m = (site_centre(r, c) + site_centre(r + dr, c + dc)) / 2;
        const int from = dc ? ba.br().x - 2 : ba.br().y - 2, to = dc ? bb.x + 1 : bb.y + 1;
        for (int t = from; t <= to; ++t) {
          const int x = dc ? t : static_cast<int>(std::lround(m.x)), y = dc ? static_cast<int>(std::lround(m.y)) : t;
          if (x >= 0 && y >= 0 && x < img.cols && y < img.rows) nearest = std::min(nearest, l1_distance(img.at<cv::Vec3b>(y, x), page));
        }
        ++gaps;
        page_gaps += nearest <= std::max<double>(p.page_distance, fills / 2) ? 1 : 0;
      }
    }
  if (gaps > 0 && page_gaps < 0.9 * gaps)
    return no_board("the tiles are not set apart by the page (" + std::to_string(gaps - page_gaps) + " of " + std::to_string(gaps) +
                    " gaps are another colour: a grid's lines?)");
  if (auto decoded = decode(out, looks, page, tp); !decoded) return decoded.error();
  return out;
}

// 255 where a pixel is a tile's: farther than page_distance from the page's colour, and more than
// half as far as the farthest pixel within 2 px (a thin gap's pixels, whose colour JPEG and scaling
// blend with the tiles' either side, are farther from the page than page_distance but much nearer
// to it than the tiles are). A pale tile's pixels beside a dark mark on it are cut away too: the
// tile breaks up, and its site fails the check that a site without a tile shows the page.
cv::Mat relative_to_tiles(const cv::Mat& img, const Colour& page, const Params& p) {
  cv::Mat dist(img.size(), CV_16U);
  for (int y = 0; y < img.rows; ++y) {
    const auto* row = img.ptr<cv::Vec3b>(y);
    auto* d = dist.ptr<std::uint16_t>(y);
    for (int x = 0; x < img.cols; ++x) d[x] = static_cast<std::uint16_t>(l1_distance(row[x], page));
  }
  cv::Mat near_max;
  cv::dilate(dist, near_max, cv::getStructuringElement(cv::MORPH_RECT, {5, 5}));
  cv::Mat mask(img.size(), CV_8U);
  for (int y = 0; y < img.rows; ++y) {
    const auto* d = dist.ptr<std::uint16_t>(y);
    const auto* m = near_max.ptr<std::uint16_t>(y);
    auto* out = mask.ptr<std::uint8_t>(y);
    for (int x = 0; x < img.cols; ++x) out[x] = d[x] > p.page_distance && 2 * d[x] > m[x] ? 255 : 0;
  }
  return mask;
}

// Whether a shape as large as a square lies within a pitch of the board read (and outside it): a
// board of tiles that a blur ran together in part would otherwise be read as the part that is.
bool shape_beside(const cv::Mat& shape, const Reading& r) {
  cv::Mat labels, stats, centroids;
  const int n = cv::connectedComponentsWithStats(shape, labels, stats, centroids, 8, CV_32S);
  const double pitch = std::min(r.pitch_x, r.pitch_y);
  const int reach = static_cast<int>(std::ceil(pitch));
  const cv::Rect near(r.board.x - reach, r.board.y - reach, r.board.width + 2 * reach, r.board.height + 2 * reach);
  for (int i = 1; i < n; ++i) {
    const int* s = stats.ptr<int>(i);
    const cv::Rect b(s[cv::CC_STAT_LEFT], s[cv::CC_STAT_TOP], s[cv::CC_STAT_WIDTH], s[cv::CC_STAT_HEIGHT]);
    if ((b & r.board) == b || (b & near).area() == 0) continue;
    if (s[cv::CC_STAT_AREA] >= 0.25 * pitch * pitch) return true;
  }
  return false;
}

// Along the columns of `dist` (each pixel's L1 distance from the page, CV_16U; rows: transposed):
// per column, the rows whose pixels within `w` on both sides reach a tile (farther than page_distance
// from the page), and the fraction of those in which the column's own pixel is a valley, at most
// (1 - valley_depth) of the lesser of the two sides' peaks: a gap a blur ran shut keeps that much.
// Each column is measured when first asked for (most divisions fail at their first boundary).
class ValleyColumns {
 public:
  ValleyColumns(const cv::Mat& dist, const Params& p) : dist_(dist), p_(p) {}

  // {rows flanked by tiles, fraction of them in which column x is a valley}, tiles within w px.
  std::pair<int, double> at(int x, int w) {
    if (w != w_) w_ = w, memo_.assign(static_cast<std::size_t>(dist_.cols), {-1, 0.0});
    std::pair<int, double>& m = memo_[static_cast<std::size_t>(x)];
    if (m.first >= 0) return m;
    int flanked = 0, valleys = 0;
    const int l0 = std::max(0, x - w), r1 = std::min(dist_.cols - 1, x + w);
    for (int y = 0; y < dist_.rows; ++y) {
      const auto* d = dist_.ptr<std::uint16_t>(y);
      int left = 0, right = 0;
      for (int i = l0; i < x; ++i) left = std::max<int>(left, d[i]);
      for (int i = x + 1; i <= r1; ++i) right = std::max<int>(right, d[i]);
      const int side = std::min(left, right);
      if (side <= p_.page_distance) continue;
      ++flanked;
      valleys += d[x] <= (1 - p_.valley_depth) * side ? 1 : 0;
    }
    m = {flanked, flanked > 0 ? static_cast<double>(valleys) / flanked : 0.0};
    return m;
  }

 private:
  const cv::Mat& dist_;
  const Params& p_;
  int w_ = -1;
  std::vector<std::pair<int, double>> memo_;
};

// The tiles' lattice along one axis of a board whose box spans `dist`'s columns from the first tile's
// edge to the last's: n tiles at `pitch`, `gap` px apart, the first boundary (a gap's middle) at `origin`.
struct AxisLattice {
  int n = 0;
  double origin = 0, pitch = 0, gap = 0;
};

// The finest equal division of the box whose every inner boundary is a valley and whose tiles' middles
// are flat: a coarser one has a valley in its tiles' middles, a finer one boundaries across flat tiles.
// `touching`: tiles drawn touching (a gap of a pixel that anti-aliasing fills) show the page only
// where their rounded corners meet and at the board's edge, so a boundary is a valley in few rows
// (valley_touch_cover) and the tiles' middles in far fewer still (valley_touch_flat of the weakest).
Result<AxisLattice> valley_lattice(const cv::Mat& dist, const Params& p, const char* axis, bool touching) {
  const int length = dist.cols;
  ValleyColumns columns(dist, p);
  const double least_cover = touching ? p.valley_touch_cover : p.valley_cover;
  for (int n = p.max_side; n >= p.min_side; --n) {
    const double q = static_cast<double>(length) / n;
    if (q < p.min_pitch) continue;
    const int w = std::max(2, static_cast<int>(std::lround(p.valley_window * q)));
    const double min_rows = p.valley_min_rows * q;
    auto cover = [&](int x) {
      const auto [flanked, valleys] = columns.at(x, w);
      return flanked >= min_rows ? valleys : -1.0;
    };
    // Each inner boundary: the best valley within edge_window of k * q, its position the middle of
    // the columns about as deep.
    const int win = std::max(2, static_cast<int>(std::lround(p.edge_window * q)));
    std::vector<double> at;
    double weakest = 1;
    for (int k = 1; k < n; ++k) {
      const int guess = static_cast<int>(std::lround(k * q));
      int best_x = -1;
      double best = -1;
      for (int x = std::max(0, guess - win); x <= std::min(length - 1, guess + win); ++x)
        if (cover(x) > best) best = cover(x), best_x = x;
      if (best < least_cover) break;
      weakest = std::min(weakest, best);
      int a = best_x, b = best_x;
      while (a > 0 && cover(a - 1) >= best / 2) --a;
      while (b + 1 < length && cover(b + 1) >= best / 2) ++b;
      at.push_back((a + b) / 2.0);
    }
    if (static_cast<int>(at.size()) != n - 1) continue;
    // Boundaries on one pitch (least squares), then the tiles' middles flat.
    double mk = 0, mx = 0;
    for (std::size_t k = 0; k < at.size(); ++k) mk += static_cast<double>(k + 1), mx += at[k];
    mk /= static_cast<double>(at.size()), mx /= static_cast<double>(at.size());
    double num = 0, den = 0;
    for (std::size_t k = 0; k < at.size(); ++k) num += (static_cast<double>(k + 1) - mk) * (at[k] - mx), den += (static_cast<double>(k + 1) - mk) * (static_cast<double>(k + 1) - mk);
    const double pitch = den > 0 ? num / den : at[0];
    const double origin = mx - mk * pitch;
    bool steady = pitch >= p.min_pitch;
    for (std::size_t k = 0; k < at.size() && steady; ++k)
      steady = std::abs(at[k] - (origin + static_cast<double>(k + 1) * pitch)) <= p.spacing_tolerance * pitch;
    if (!steady) continue;
    bool flat = true;
    const double flat_max = touching ? p.valley_touch_flat * weakest : p.valley_flat_max;
    for (int k = 0; k < n && flat; ++k) {
      const int from = static_cast<int>(std::ceil(origin + (k + p.valley_flat_from) * pitch));
      const int to = static_cast<int>(std::floor(origin + (k + 1 - p.valley_flat_from) * pitch));
      for (int x = std::max(0, from); x <= std::min(length - 1, to) && flat; ++x) flat = cover(x) <= flat_max;
    }
    if (!flat) continue;
    // The box runs from the first tile's edge (half a gap after the boundary before it, at origin) to the last's.
    const double gap = n * pitch - length;
    if (gap > (1 - p.tile_min_ratio) * pitch || std::abs(origin + gap / 2) > p.tile_max_offset * pitch) continue;
    return AxisLattice{n, origin, pitch, std::max(0.0, gap)};
  }
  return no_board(std::string("the tiles run together, and no equal division of their ") + axis +
                  " into tiles has a valley towards the page at every boundary and flat tiles between");
}

// A board of tiles whose narrow gaps a blur (scaling, JPEG) ran shut in the masks, so that the tiles
// are one shape or several: the lattice from the gaps' faint valleys towards the page in that shape.
//   detect: the box of the largest shape and of the tile-sized shapes beside it (tiles the masks
//           still part); along each axis, per column (row), of the rows whose pixels either side reach
//           a tile, the share in which the column is a valley (ValleyColumns); the finest equal
//           division with a valley at every boundary (valley_cover) and flat tiles (valley_flat_max).
//   verify: both axes one pitch and a narrow gap (tile_min_ratio), the box from tile edge to tile
//           edge, every site either a tile or the page alone, nothing as large as a tile beside the
//           board, and the checks of decode() (corners one colour, one knight at most, fills alike).
Result<Reading> read_tile_valleys(const cv::Mat& img, const Colour& page, const cv::Mat& shape, const Params& p) {
  cv::Mat labels, stats, centroids;
  const int count = cv::connectedComponentsWithStats(shape, labels, stats, centroids, 8, CV_32S);
  auto box_of = [&](int i) {
    const int* s = stats.ptr<int>(i);
    return cv::Rect(s[cv::CC_STAT_LEFT], s[cv::CC_STAT_TOP], s[cv::CC_STAT_WIDTH], s[cv::CC_STAT_HEIGHT]);
  };
  int largest = -1;  // by pixels: a line of caption text touching up has a larger box than a few tiles run together
  for (int i = 1; i < count; ++i)
    if (largest < 0 || stats.at<int>(i, cv::CC_STAT_AREA) > stats.at<int>(largest, cv::CC_STAT_AREA)) largest = i;
  if (largest < 0) return no_board("nothing stands out from the page colour");
  // Tiles the masks still part from the rest lie a gap away (tile_min_ratio: the gap is at most the
  // rest of the pitch), as large as a tile (the board's pitch is not known yet: min_pitch).
  cv::Rect box = box_of(largest);
  for (bool grown = true; grown;) {
    grown = false;
    for (int i = 1; i < count; ++i) {
      const cv::Rect b = box_of(i);
      if ((b & box) == b || std::min(b.width, b.height) < p.tile_min_ratio * p.min_pitch) continue;
      const int reach = std::max(2, static_cast<int>(std::ceil((1 - p.tile_min_ratio) * std::min(b.width, b.height))));
      const cv::Rect near(box.x - reach, box.y - reach, box.width + 2 * reach, box.height + 2 * reach);
      if ((b & near).area() == 0) continue;
      box |= b;
      grown = true;
    }
  }
  const int least_side = p.min_side * p.min_pitch;
  if (box.width < least_side || box.height < least_side) return no_board("no shape large enough for a board of tiles");
  cv::Mat dist(box.size(), CV_16U);
  for (int y = 0; y < box.height; ++y) {
    const auto* row = img.ptr<cv::Vec3b>(box.y + y) + box.x;
    auto* d = dist.ptr<std::uint16_t>(y);
    for (int x = 0; x < box.width; ++x) d[x] = static_cast<std::uint16_t>(l1_distance(row[x], page));
  }
  auto xl = valley_lattice(dist, p, "width", false);
  if (!xl) xl = valley_lattice(dist, p, "width", true);
  if (!xl) return xl.error();
  const cv::Mat across = dist.t();
  auto yl = valley_lattice(across, p, "height", false);
  if (!yl) yl = valley_lattice(across, p, "height", true);
  if (!yl) return yl.error();
  const double pitch = (xl->pitch + yl->pitch) / 2;
  if (std::abs(xl->pitch - yl->pitch) > p.spacing_tolerance * pitch) return no_board("the tiles run together, and their lattice's cells are not square");

  Reading out;
  out.ruled = false;
  out.tiles = true;
  out.frame = img.size();
  out.board = box;
  out.pitch_x = xl->pitch;
  out.pitch_y = yl->pitch;
  State& st = out.state;
  st.rows = yl->n;
  st.cols = xl->n;
  st.squares.assign(static_cast<std::size_t>(st.rows * st.cols), Square::kFree);
  Params tp = tile_params(p);  // as read_tiles: a site without a tile removed
  tp.page_squares_removed = true;
  const double side_x = xl->pitch - xl->gap, side_y = yl->pitch - yl->gap;
  std::vector<SquareLook> looks;
  for (int r = 0; r < st.rows; ++r)
    for (int c = 0; c < st.cols; ++c) {
      const cv::Point2d m(box.x + xl->origin + (c + 0.5) * xl->pitch, box.y + yl->origin + (r + 0.5) * yl->pitch);
      out.centres.push_back(cv::Point2f(m));
      const cv::Rect tile = cv::Rect(static_cast<int>(std::lround(m.x - side_x / 2)), static_cast<int>(std::lround(m.y - side_y / 2)),
                                     static_cast<int>(std::lround(side_x)), static_cast<int>(std::lround(side_y))) &
                            cv::Rect(0, 0, img.cols, img.rows);
      // The site's middle: nearly all page (no tile), or a tile; a tile of the page's colour would be a
      // removed square with marks on it (a tile broken up, something else): refused below.
      const int h = static_cast<int>(std::lround(0.4 * std::min(side_x, side_y)));
      const cv::Rect middle = cv::Rect(static_cast<int>(std::lround(m.x)) - h, static_cast<int>(std::lround(m.y)) - h, 2 * h + 1, 2 * h + 1) &
                              cv::Rect(0, 0, img.cols, img.rows);
      if (tile.area() == 0 || middle.area() == 0) return no_board("the tiles' lattice runs off the image");
      const bool bare = cv::countNonZero(shape(middle)) <= p.clean_max * middle.area();
      SquareLook lk;
      if (bare) lk.fill = page;
      else lk = look_at(img, tile, tp, page);
      if (!bare && l1_distance(lk.fill, page) <= tp.removed_distance)
        return no_board("a site of the tiles' lattice with no tile on it is not the page");
      looks.push_back(lk);
    }
  if (auto decoded = decode(out, looks, page, tp); !decoded) return decoded.error();
  if (shape_beside(shape, out)) return no_board("a shape as large as a tile beside the tiles' lattice (more of the board, drawn otherwise?)");
  return out;
}

Result<Reading> read_framed(const cv::Mat& img, const Colour& page, const cv::Mat& shape, const Params& p, DebugSink* debug);

// One framed board first, ruled or chequered (the board is the largest shape), unless shapes as large
// as its squares lie beside it (a board of tiles a blur ran together in part); then separated tiles.
Result<Reading> read_unchecked(const cv::Mat& input, const Params& p, DebugSink* debug) {
  if (input.empty()) return no_board("the image is empty");
  const std::optional<cv::Mat> bgr = as_bgr8(input);
  if (!bgr) return no_board("expected an 8-bit colour image");
  const cv::Mat& img = *bgr;
  if (img.rows < 3 * p.min_pitch || img.cols < 3 * p.min_pitch) return no_board("the image is too small");

  const Colour page = border_colour(img);
  const cv::Mat shape = far_from(img, page, p.page_distance);
  auto framed = read_framed(img, page, shape, p, debug);
  if (framed && !shape_beside(shape, *framed)) return framed;
  // A narrow gap blurred by scaling or JPEG (whose colour, kept at half resolution, bleeds the
  // tiles' into a gap a few px wide) is far enough from the page to run neighbouring tiles
  // together: the third mask takes a pixel for the page when it is much nearer to it than the tiles
  // around it are; the second is the first shaved by a pixel (tiles touching at a corner).
  // Rejected: more shaving, and a third mask that keeps pale tiles whole (0 more reads of 40 looks).
  bool tiles_seen = false;
  Result<Reading> tiles = no_board("no separate tiles");
  for (int attempt = 0; attempt < 3; ++attempt) {
    cv::Mat mask = shape;
    if (attempt == 1) cv::erode(shape, mask, cv::Mat());
    if (attempt == 2) mask = relative_to_tiles(img, page, p);
    bool seen = false;
    auto got = read_tiles(img, page, mask, attempt == 1 ? 1 : 0, shape, p, seen);
    if (got) return got;
    if (seen && !tiles_seen) tiles = got.error(), tiles_seen = true;
  }
  // Tiles the masks cannot part at all (narrow gaps a blur ran shut): the lattice from the gaps' valleys.
  auto valleys = read_tile_valleys(img, page, shape, p);
  if (valleys) return valleys;
  if (tiles_seen) return tiles.error();  // each of its messages names the tiles
  if (framed) return no_board("a shape as large as a square beside the board read (part of it? tiles a blur ran together in part)");
  return framed;
}

// The page's share in pixel `c` taken as a mix of the page and the fills `a` and `b` (shares of at
// least 0 that sum to 1, the nearest such mix in RGB), or 0 when c is no such mix (farther than
// seam_mix_residual from the nearest). A gap that scaling and JPEG blended with both tiles beside it
// is nearer the farther fill than the page in every pixel, yet a good part of each is the page.
double page_share(const cv::Vec3b& c, const Colour& page, const Colour& a, const Colour& b, const Params& p) {
  cv::Vec3d u, v, w;
  for (int k = 0; k < 3; ++k) {
    u[k] = a[k] - page[k];
    v[k] = b[k] - page[k];
    w[k] = c[k] - page[k];
  }
  double best_residual = std::numeric_limits<double>::infinity(), best_share = 0;
  auto consider = [&](double s, double t) {  // s of a, t of b, 1 - s - t of the page
    if (s < 0 || t < 0 || s + t > 1) return;
    const double residual = cv::norm(w - s * u - t * v);
    if (residual < best_residual) best_residual = residual, best_share = 1 - s - t;
  };
  auto clamp01 = [](double x) { return std::clamp(x, 0.0, 1.0); };
  const double uu = u.dot(u), vv = v.dot(v), uv = u.dot(v), wu = w.dot(u), wv = w.dot(v);
  const double det = uu * vv - uv * uv;
  if (det > 1e-6 * uu * vv) consider((wu * vv - wv * uv) / det, (wv * uu - wu * uv) / det);
  if (uu > 0) consider(clamp01(wu / uu), 0);  // page and a
  if (vv > 0) consider(0, clamp01(wv / vv));  // page and b
  const cv::Vec3d ab = v - u;                   // a and b, no page
  if (ab.dot(ab) > 0) {
    const double t = clamp01((w - u).dot(ab) / ab.dot(ab));
    consider(1 - t, t);
  }
  consider(0, 0);
  return best_residual <= p.seam_mix_residual ? best_share : 0.0;
}

// Whether the squares of a framed reading (`cols` a row, row-major) are tiles drawn touching or nearly:
// across the seam between every two neighbouring squares off the page colour, somewhere along the
// middle half of their shared side and within edge_window of the seam (where the lattice put it), a
// pixel is a valley towards the page (at most 1 - valley_depth of the nearer fill's distance from it:
// a gap of a pixel or two that anti-aliasing, scaling or JPEG fills keeps that much), or one whose
// page_share is at least valley_depth (a gap blended with both fills beside it). A board whose
// own lines (of a colour apart from the page's) or colour steps part its squares shows no such
// valley; fewer than min_side seams tell nothing.
bool page_between(const cv::Mat& img, const std::vector<cv::Rect>& squares, const std::vector<SquareLook>& looks, int cols,
                  const Colour& page, const Params& p) {
  int seams = 0;
  for (std::size_t i = 0; i < squares.size(); ++i)
    for (const bool across : {true, false}) {
      const std::size_t j = i + (across ? 1 : static_cast<std::size_t>(cols));
      if ((across && (static_cast<int>(i) + 1) % cols == 0) || j >= squares.size()) continue;
      const double fills = std::min(l1_distance(looks[i].fill, page), l1_distance(looks[j].fill, page));
      if (fills <= p.removed_distance) continue;  // a removed square: the page, no seam
      const cv::Rect& a = squares[i];
      const int seam = across ? a.br().x : a.br().y, side = across ? a.height : a.width, from = across ? a.y : a.x;
      int nearest = 765;
      double share = 0;
      const int w = std::max(2, static_cast<int>(std::lround(p.edge_window * (across ? a.width : a.height))));
      for (int along = from + side / 4; along <= from + 3 * side / 4; ++along)
        for (int t = seam - w; t <= seam + w; ++t) {
          const int x = across ? t : along, y = across ? along : t;
          if (x < 0 || y < 0 || x >= img.cols || y >= img.rows) continue;
          const cv::Vec3b& c = img.at<cv::Vec3b>(y, x);
          nearest = std::min(nearest, l1_distance(c, page));
          share = std::max(share, page_share(c, page, looks[i].fill, looks[j].fill, p));
        }
      if (nearest > (1 - p.valley_depth) * fills && share < p.valley_depth) return false;
      ++seams;
    }
  return seams >= p.min_side;
}

Result<Reading> read_framed(const cv::Mat& img, const Colour& page, const cv::Mat& shape, const Params& p, DebugSink* debug) {
  cv::Mat labels;
  const BoxComponent board = largest_box_component(shape, labels);
  // The smallest board there can be: min_side squares of min_pitch a side, in each direction.
  const int least_side = p.min_side * p.min_pitch;
  if (board.label < 0 || board.box.width < least_side || board.box.height < least_side)
    return no_board("nothing stands out from the page colour that is large enough for " + std::to_string(p.min_side) +
                    " squares of " + std::to_string(p.min_pitch) + " px a side");
  const cv::Rect box = board.box;

  // The frame's colour is the grid's: sampled along the shape's outermost pixels, or 1 or 2 px in
  // (a scaled image blends the outermost ones with the page).
  // Ink: near the grid's colour; or, since JPEG blurs a thin line's colour far more than its
  // brightness, near its brightness and not as far from its colour.
  std::vector<double> cols, rows;
  auto ink_profiles = [&](int inset) {
    std::vector<cv::Vec3b> edge;
    const cv::Rect in(box.x + inset, box.y + inset, box.width - 2 * inset, box.height - 2 * inset);
    for (int x = in.x; x < in.x + in.width; ++x)
      for (int y : {in.y, in.y + in.height - 1})
        if (shape.at<std::uint8_t>(y, x)) edge.push_back(img.at<cv::Vec3b>(y, x));
    for (int y = in.y; y < in.y + in.height; ++y)
      for (int x : {in.x, in.x + in.width - 1})
        if (shape.at<std::uint8_t>(y, x)) edge.push_back(img.at<cv::Vec3b>(y, x));
    const Colour ink = median_colour(edge);
    auto luma = [](int b, int g, int r) { return (29 * b + 150 * g + 77 * r) / 256; };
    const int ink_luma = luma(ink[0], ink[1], ink[2]);
    cols.assign(static_cast<std::size_t>(box.width), 0);
    rows.assign(static_cast<std::size_t>(box.height), 0);
    for (int y = 0; y < box.height; ++y) {
      const auto* row = img.ptr<cv::Vec3b>(box.y + y) + box.x;
      for (int x = 0; x < box.width; ++x) {
        const int d = l1_distance(row[x], ink);
        if (d <= p.ink_distance || (d <= 3 * p.ink_distance && std::abs(luma(row[x][0], row[x][1], row[x][2]) - ink_luma) <= p.ink_luma))
          cols[static_cast<std::size_t>(x)] += 1, rows[static_cast<std::size_t>(y)] += 1;
      }
    }
    for (auto& c : cols) c /= box.height;
    for (auto& r : rows) r /= box.width;
  };
  // A failed read shows the sink the shape taken for the board (green) and the grid lines found in it (red).
  auto show = [&](const Error& e) -> Error {
    if (debug == nullptr) return e;
    const auto v = runs_above(cols, p.line_coverage), h = runs_above(rows, p.line_coverage);
    cv::Mat drawn = draw_candidates(img, {box}, {true}, std::to_string(v.size()) + " vertical and " +
                                                            std::to_string(h.size()) + " horizontal grid lines in the shape");
    const int thick = std::max(1, std::min(img.cols, img.rows) / 300);
    for (const auto& [a, b] : v)
      cv::line(drawn, {box.x + (a + b) / 2, box.y}, {box.x + (a + b) / 2, box.y + box.height - 1}, {0, 0, 230}, thick);
    for (const auto& [a, b] : h)
      cv::line(drawn, {box.x, box.y + (a + b) / 2}, {box.x + box.width - 1, box.y + (a + b) / 2}, {0, 0, 230}, thick);
    debug->picture("knight", "grid", drawn);
    return e;
  };
  Reading out;
  Result<std::vector<std::pair<int, int>>> vlines = no_board("no grid"), hlines = vlines;
  for (int inset = 0; inset <= 2 && (!vlines || !hlines); ++inset) {
    ink_profiles(inset);
    vlines = grid_lines(cols, p, "width");
    hlines = vlines ? grid_lines(rows, p, "height") : vlines;
    if (inset == 0 && (vlines && hlines)) break;
  }
  if (!vlines || !hlines) {
    // No grid lines: a chequered board, its lattice from the colour edges between squares.
    const Error ruled_error = vlines ? hlines.error() : vlines.error();
    std::vector<double> ex(static_cast<std::size_t>(box.width), 0), ey(static_cast<std::size_t>(box.height), 0);
    for (int y = 0; y < box.height; ++y) {
      const auto* row = img.ptr<cv::Vec3b>(box.y + y) + box.x;
      const auto* up = y >= 2 ? img.ptr<cv::Vec3b>(box.y + y - 2) + box.x : nullptr;
      const auto* down = y + 1 < box.height ? img.ptr<cv::Vec3b>(box.y + y + 1) + box.x : nullptr;
      for (int x = 0; x < box.width; ++x) {
        if (x >= 2 && x + 1 < box.width && l1_distance(row[x - 2], cv::Vec3i(row[x + 1])) > p.edge_distance) ex[static_cast<std::size_t>(x)] += 1;
        if (up != nullptr && down != nullptr && l1_distance(up[x], cv::Vec3i(down[x])) > p.edge_distance) ey[static_cast<std::size_t>(y)] += 1;
      }
    }
    for (auto& v : ex) v /= box.height;
    for (auto& v : ey) v /= box.width;
    auto vl = edge_lattice(ex, p, "width");
    if (!vl) return show(with_context(ruled_error.message + "; ", vl.error()));
    auto hl = edge_lattice(ey, p, "height");
    if (!hl) return show(with_context(ruled_error.message + "; ", hl.error()));
    vlines = std::move(*vl);
    hlines = std::move(*hl);
    out.ruled = false;
  }

  out.frame = img.size();
  out.board = box;
  State& st = out.state;
  st.cols = static_cast<int>(vlines->size()) - 1;
  st.rows = static_cast<int>(hlines->size()) - 1;
  out.pitch_x = static_cast<double>(vlines->back().first - vlines->front().first) / st.cols;
  out.pitch_y = static_cast<double>(hlines->back().first - hlines->front().first) / st.rows;
  if (std::abs(out.pitch_x - out.pitch_y) > p.spacing_tolerance * std::max(out.pitch_x, out.pitch_y))
    return no_board("the grid's cells are not square");
  st.squares.assign(static_cast<std::size_t>(st.rows * st.cols), Square::kFree);

  std::vector<cv::Rect> squares;
  for (int r = 0; r < st.rows; ++r)
    for (int c = 0; c < st.cols; ++c) {
      const int x0 = box.x + (*vlines)[static_cast<std::size_t>(c)].second, x1 = box.x + (*vlines)[static_cast<std::size_t>(c) + 1].first;
      const int y0 = box.y + (*hlines)[static_cast<std::size_t>(r)].second, y1 = box.y + (*hlines)[static_cast<std::size_t>(r) + 1].first;
      squares.emplace_back(x0, y0, std::max(1, x1 - x0), std::max(1, y1 - y0));
      out.centres.push_back({static_cast<float>(x0 + (squares.back().width - 1) / 2.0), static_cast<float>(y0 + (squares.back().height - 1) / 2.0)});
    }
  std::vector<SquareLook> looks;
  for (const cv::Rect& sq : squares) looks.push_back(look_at(img, sq, p, page));
  // Tiles drawn touching (a gap of a pixel that anti-aliasing fills) are a chequered board whose
  // squares' rounded corners show the page: their fill sampled clear of the corners, as tiles'.
  if (!out.ruled && std::any_of(looks.begin(), looks.end(), [](const SquareLook& lk) { return !lk.uniform; })) {
    const Params tp = tile_params(p);
    looks.clear();
    for (const cv::Rect& sq : squares) looks.push_back(look_at(img, sq, tp, page));
  }
  // Tiles drawn touching or nearly, of one colour or two: the page between them, blurred into what
  // reads as colour steps or as grid lines of a colour near the page's (a board of one colour is then one).
  out.tiles = page_between(img, squares, looks, st.cols, page, p);
  if (auto decoded = decode(out, looks, page, p); !decoded) return decoded.error();
  return out;
}

}  // namespace

double Reading::min_confidence() const {
  double m = 1;
  for (double c : confidence) m = std::min(m, c);
  return m;
}

// The `knight` profile node's keys: the Params fields, their ranges and meanings (vision/common/params.hpp).
constexpr ParamSpec<Params> kParamTable[] = {
    {"page_distance", &Params::page_distance, kAnyLo, kAnyHi, "farther than this from the page colour a pixel is part of a shape"},
    {"ink_distance", &Params::ink_distance, kAnyLo, kAnyHi, "within this of the grid colour a pixel is grid ink"},
    {"ink_luma", &Params::ink_luma, kAnyLo, kAnyHi, "also ink: within this grey level (0-255) of the grid's and 3 x ink_distance of its colour (JPEG blurs colour)"},
    {"line_coverage", &Params::line_coverage, kAnyLo, kAnyHi, "least fraction of a board column (row) that is ink on a grid line"},
    {"spacing_tolerance", &Params::spacing_tolerance, kAnyLo, kAnyHi, "grid line spacings differ from their median by at most this fraction"},
    {"edge_distance", &Params::edge_distance, kAnyLo, kAnyHi, "chequered boards (no grid lines): a colour change across 4 px larger than this is an edge"},
    {"edge_coverage", &Params::edge_coverage, kAnyLo, kAnyHi, "chequered boards: least fraction of the board's rows (columns) with an edge at a square boundary"},
    {"edge_window", &Params::edge_window, kAnyLo, kAnyHi, "chequered boards: a boundary's edge is looked for this far either side, fraction of the pitch"},
    {"min_pitch", &Params::min_pitch, kAnyLo, kAnyHi, "smallest square pitch accepted, px"},
    {"max_side", &Params::max_side, kAnyLo, kAnyHi, "most squares per board side"},
    {"min_side", &Params::min_side, kAnyLo, kAnyHi, "fewest squares per board side"},
    {"mark_distance", &Params::mark_distance, kAnyLo, kAnyHi, "farther than this from a square's fill a pixel is a mark (number, disc, ring)"},
    {"corner_from", &Params::corner_from, kAnyLo, kAnyHi, "fill samples: corner patches from this fraction of the square's side in from each corner (to corner_to)"},
    {"corner_keep", &Params::corner_keep, kAnyLo, kAnyHi, "fill samples: a square whose corners disagree is sampled again from this fraction of each corner patch's pixels, those farthest from the page colour (1: not sampled again)"},
    {"corner_deeper", &Params::corner_deeper, kAnyLo, kAnyHi, "fill samples: a square whose corners still disagree is sampled again from patches this fraction of its side in from each corner (0: not)"},
    {"corner_to", &Params::corner_to, kAnyLo, kAnyHi, "fill samples: corner patches up to this fraction of the square's side in from each corner"},
    {"removed_distance", &Params::removed_distance, kAnyLo, kAnyHi, "a fill this close to the page colour is a removed square"},
    {"page_squares_removed", &Params::page_squares_removed, 0, 1, "squares of the page colour are removed ones (false: the page colour is one of the board's)"},
    {"require_checkerboard", &Params::require_checkerboard, 0, 1, "free squares alternate two colours (false: a ruled grid of squares of one colour is read too)"},
    {"centre_radius", &Params::centre_radius, kAnyLo, kAnyHi, "marks are looked for within this radius of the centre, fraction of the side"},
    {"clean_max", &Params::clean_max, kAnyLo, kAnyHi, "at most this fraction of marked pixels there: a plain (free) square"},
    {"mark_radius", &Params::mark_radius, kAnyLo, kAnyHi, "a mark's height is measured within this radius of the centre (of the ink reaching centre_radius), fraction of the side"},
    {"knight_height", &Params::knight_height, kAnyLo, kAnyHi, "the knight's mark (disc, glyph, piece) is at least this tall, fraction of the side"},
    {"mark_min_height", &Params::mark_min_height, kAnyLo, kAnyHi, "a mark on a square (a visiting number or dot) is at least this tall, fraction of the side; a shorter speck refuses the board"},
    {"visited_height", &Params::visited_height, kAnyLo, kAnyHi, "every other mark (a visiting number or dot) is at most this tall, fraction of the side"},
    {"cross_from", &Params::cross_from, kAnyLo, kAnyHi, "a removed square's cross is looked for along both diagonals from this distance from the centre, fraction of the side (to cross_to)"},
    {"cross_to", &Params::cross_to, kAnyLo, kAnyHi, "outer end of the cross search along the diagonals, fraction of the side"},
    {"cross_min", &Params::cross_min, kAnyLo, kAnyHi, "least marked fraction of each diagonal arm (and unmarked of each straight one) for a cross"},
    {"ring_from", &Params::ring_from, kAnyLo, kAnyHi, "the start ring is looked for from this radius, fraction of the side (to ring_to)"},
    {"ring_to", &Params::ring_to, kAnyLo, kAnyHi, "outer radius of the start ring search, fraction of the side"},
    {"ring_min", &Params::ring_min, kAnyLo, kAnyHi, "least fraction of directions that cross the ring"},
    {"ring_doubt", &Params::ring_doubt, kAnyLo, kAnyHi, "a square crossed in more than this fraction of directions but fewer than ring_min refuses the board (a faint start ring: start or not?)"},
    {"knight_ring_doubt", &Params::knight_ring_doubt, kAnyLo, kAnyHi, "ring_doubt on the knight's own square, whose piece reaches into the ring's band"},
    {"ring_band_excess", &Params::ring_band_excess, kAnyLo, kAnyHi, "no ring read on a board mid-tour: a visited square whose ring band (ring_from .. ring_to) differs from its fill by more than this (mean colour distance) beyond the other visited squares' refuses the board (a start ring blurred into the fill)"},
    {"min_tiles", &Params::min_tiles, kAnyLo, kAnyHi, "separated tiles: fewest tile-like shapes of one size on a lattice for a board of tiles"},
    {"tile_min_fill", &Params::tile_min_fill, kAnyLo, kAnyHi, "separated tiles: a tile's shape covers at least this fraction of its box (holes are marks in the page colour)"},
    {"tile_size_tolerance", &Params::tile_size_tolerance, kAnyLo, kAnyHi, "separated tiles: a board's tiles differ in width and height by at most this fraction"},
    {"tile_min_ratio", &Params::tile_min_ratio, kAnyLo, kAnyHi, "separated tiles: least tile side / pitch (the page between tiles is at most the rest)"},
    {"tile_max_offset", &Params::tile_max_offset, kAnyLo, kAnyHi, "separated tiles: a tile's centre lies at most this far from its lattice site, fraction of the pitch"},
    {"tile_corner_from", &Params::tile_corner_from, kAnyLo, kAnyHi, "separated tiles: fill samples start at least this far in from a tile's corner, fraction of its side (rounded corners)"},
    {"tile_corner_keep", &Params::tile_corner_keep, kAnyLo, kAnyHi, "separated tiles: corner_keep for tiles (a small tile's rounded corner, blurred, blends its corner samples with the page)"},
    {"tile_corner_deeper", &Params::tile_corner_deeper, kAnyLo, kAnyHi, "separated tiles: corner_deeper for tiles (a large rounded corner, blurred at a small scale, reaches past tile_corner_from)"},
    {"valley_depth", &Params::valley_depth, kAnyLo, kAnyHi, "tiles run together: a gap's pixel is at most (1 - this) of the page distance of the tiles either side of it (also what makes a framed board's seams a board of tiles)"},
    {"seam_mix_residual", &Params::seam_mix_residual, kAnyLo, kAnyHi, "a framed board's seams: a seam pixel is a mix of the page and the two squares' fills when this close to the nearest such mix (Euclidean, colour levels); its page share of at least valley_depth is a valley"},
    {"valley_window", &Params::valley_window, kAnyLo, kAnyHi, "tiles run together: the tiles either side of a gap's pixel are looked for this far from it, fraction of the pitch"},
    {"valley_cover", &Params::valley_cover, kAnyLo, kAnyHi, "tiles run together: least fraction of the rows (columns) with tiles either side in which a tile boundary is a valley"},
    {"valley_flat_max", &Params::valley_flat_max, kAnyLo, kAnyHi, "tiles run together: most such fraction anywhere in a tile's middle (from valley_flat_from in)"},
    {"valley_flat_from", &Params::valley_flat_from, kAnyLo, kAnyHi, "tiles run together: a tile's middle starts this far in from its boundaries, fraction of the pitch"},
    {"valley_touch_cover", &Params::valley_touch_cover, kAnyLo, kAnyHi, "tiles drawn touching: least fraction of the rows with tiles either side in which a boundary is a valley (where rounded corners meet)"},
    {"valley_touch_flat", &Params::valley_touch_flat, kAnyLo, kAnyHi, "tiles drawn touching: most such fraction in a tile's middle, of the weakest boundary's"},
    {"valley_min_rows", &Params::valley_min_rows, kAnyLo, kAnyHi, "tiles run together: a boundary has tiles either side along at least this much of its length, fraction of the pitch"},
};

std::span<const ParamSpec<Params>> param_table() { return kParamTable; }

namespace {

// What is inconsistent about `p` ("" when nothing): for profiles and for learn()'s candidates.
std::string inconsistency(const Params& p) {
  if (p.min_pitch < 4 || p.min_side < 1 || p.max_side < p.min_side || p.corner_to <= p.corner_from || p.ring_to <= p.ring_from ||
      p.cross_to <= p.cross_from || p.knight_height <= p.visited_height)
    return "the `knight` profile node has inconsistent values (min_pitch >= 4, min_side <= max_side, from < to, "
           "visited_height < knight_height)";
  return "";
}

}  // namespace

Result<Params> load_params(const cv::FileNode& node, const Params& defaults) {
  return params_from_table(node, "knight", param_table(), defaults, inconsistency);
}

Result<Reading> read(const cv::Mat& bgr, const Params& params, DebugSink* debug) {
  try {
    return read_unchecked(bgr, params, debug);
  } catch (const cv::Exception& e) {
    return make_error(std::string("knight reader: OpenCV failed: ") + e.what());
  }
}

// A hill climb from `start` (vision/common/learn_climb.hpp), a switch flipped or a number scaled at a
// time, towards more squares read as in `truth`.
Result<Params> learn(const cv::Mat& bgr, const State& truth, const Params& start) {
  auto agreement = [&](const Params& p) -> int {  // -1 refused; else squares, start and knight right
    auto got = read(bgr, p);
    if (!got) return -1;
    if (got->state.rows != truth.rows || got->state.cols != truth.cols) return 0;
    int n = (got->state.start == truth.start ? 1 : 0) + (got->state.knight == truth.knight ? 1 : 0);
    for (std::size_t i = 0; i < truth.squares.size(); ++i) n += got->state.squares[i] == truth.squares[i] ? 1 : 0;
    return n;
  };
  const int exact = static_cast<int>(truth.squares.size()) + 2;
  auto climbed = climb_params<Params>(
      param_table(), start, agreement,
      [&](const Params& q, int score) { return score == exact && read(bgr, q)->state == truth; },
      [](const Params& q) { return inconsistency(q).empty(); });
  if (climbed.found) return *climbed.found;
  const int score = climbed.score;
  return make_error("learn: no knight Params read this screenshot as the given board (" + std::to_string(climbed.tried) +
                    " settings tried, one key at a time from the start; the closest " +
                    (score < 0 ? std::string("refused it") : "got " + std::to_string(score) + " of " + std::to_string(exact) + " right") +
                    "): is it the board the screenshot shows?");
}

cv::Mat annotate(const cv::Mat& bgr, const Reading& reading, std::span<const Cell> tour) {
  std::optional<cv::Mat> canvas = bgr8_copy(bgr);
  if (!canvas) return bgr.clone();
  cv::Mat& out = *canvas;
  const State& st = reading.state;
  cv::rectangle(out, reading.board, {0, 200, 0}, 2);
  const double h = std::min(reading.pitch_x, reading.pitch_y) / 2;
  for (int r = 0; r < st.rows; ++r)
    for (int c = 0; c < st.cols; ++c) {
      const std::size_t i = static_cast<std::size_t>(r * st.cols + c);
      const cv::Point2f m = reading.centres[i];
      const cv::Scalar colour = reading.confidence[i] < 0.3 ? cv::Scalar(0, 0, 255) : cv::Scalar(0, 200, 0);
      if (st.squares[i] == Square::kRemoved) {
        cv::line(out, m + cv::Point2f(-h / 2, -h / 2), m + cv::Point2f(h / 2, h / 2), colour, 2);
        cv::line(out, m + cv::Point2f(-h / 2, h / 2), m + cv::Point2f(h / 2, -h / 2), colour, 2);
      } else if (st.squares[i] == Square::kVisited) {
        cv::circle(out, m, std::max(2, static_cast<int>(h / 5)), colour, cv::FILLED);
      }
    }
  if (st.start) cv::circle(out, reading.centre(*st.start), static_cast<int>(h * 0.9), {255, 0, 255}, 2);
  if (st.knight) cv::circle(out, reading.centre(*st.knight), static_cast<int>(h * 0.7), {0, 0, 255}, 2);
  for (std::size_t i = 0; i < tour.size(); ++i) {
    if (!st.inside(tour[i])) continue;
    const cv::Point2f m = reading.centre(tour[i]);
    if (i > 0 && st.inside(tour[i - 1])) cv::line(out, reading.centre(tour[i - 1]), m, {255, 0, 0}, 2, cv::LINE_AA);
    cv::putText(out, std::to_string(i + 1), m + cv::Point2f(-h / 2, h / 3), cv::FONT_HERSHEY_SIMPLEX, h / 40, {255, 0, 0}, 1,
                cv::LINE_AA);
  }
  return out;
}

// Rejected: solving the typed mid-tour State directly (the solver's replay check wants a board
// before the first move).
State solver_state(const Reading& reading) {
  auto board = solvers::split_text_board(solvers::knight::format(reading.state), "<image>", true);
  if (board) {
    auto parsed = solvers::knight::parse(*board);
    if (parsed) return std::move(*parsed);
  }
  return reading.state;  // not reached: format() output always parses
}

}  // namespace pb::vision::knight
