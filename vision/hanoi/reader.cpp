/* reader.cpp: the Tower of Hanoi reader: page plane -> ink -> rods -> bars down each rod -> sizes by width -> the game's invariants. */
#include "vision/hanoi/reader.hpp"
#include "vision/hanoi/stacks.hpp"

#include <algorithm>
#include <cmath>
#include <opencv2/imgproc.hpp>
#include <optional>
#include <string>
#include <type_traits>
#include <variant>

#include "vision/common/clipping.hpp"
#include "vision/common/bars.hpp"
#include "vision/common/learn_climb.hpp"
#include "vision/common/params.hpp"
#include "vision/common/pixels.hpp"
#include "vision/common/scene.hpp"

namespace pb::vision::hanoi {
namespace {

Error refuse(const std::string& why) { return make_error(ErrorCode::kNoBoard, "no board found: " + why); }

// A bar found down a rod: rows top..bottom (inclusive), its rows' runs top to bottom.
struct Bar {
  int rod = 0;
  int top = 0, bottom = 0;
  std::vector<Run> rows;
  BarFit fit;
  int height() const { return bottom - top + 1; }
  cv::Rect box() const {
    const int w = static_cast<int>(std::lround(fit.width));
    return {static_cast<int>(std::lround(fit.centre - fit.width / 2)), top, std::max(1, w), height()};
  }
};

// One rod's column: its bars top to bottom and where its floor is (the row under the lowest thing a
// disc may rest on: the base's top row, or one past the rod's foot).
struct Column {
  double x = 0, rod_w = 0;
  int top = 0, floor = 0;
  bool on_base = false;
  std::vector<Bar> bars;
};

struct Found {
  std::vector<VerticalBar> rods, all_rods;
  std::vector<Column> columns;
  bool scene = false;  // the ink is what no layer of an illustrated scene explains (scenery among the rods)
  bool stacks = false;  // the columns are the stack fitter's (stacks.hpp), their slices already joined
};

BarFit fit_rows(std::span<const Run> rows, const Params& p) { return fit_bar(rows, p.taper, p.rounding); }

// A band of bar rows (rows band_top.., with their colours) parted into bars where the colour
// changes, the width dips or steps; parts far thinner than the tallest joined to a neighbour. None
// when the band is thinner than a disc.
std::vector<Bar> part_band(std::span<const Run> band, std::span<const cv::Vec3f> colours, int band_top, const Params& p) {
  std::vector<Bar> bars;
  const int n = static_cast<int>(band.size());
  if (n < p.min_disk_rows) return bars;
  int widest = 0;
  for (const Run& r : band) widest = std::max(widest, r.width());
  const double edge = std::max<double>(p.edge_step_px, p.edge_step * widest);
  std::vector<int> cuts = bar_boundaries(band, colours, p.colour_step, edge, edge, p.min_disk_rows);
  // A width that jumps from one row to the next by edge_jump steps inside the band is two discs, however
  // their ends ramp: the rounded, anti-aliased ends of touching stadiums hide the step's straight sides
  // and blend the colours where they meet (seeds 9230, 15137: a disc on a far wider one read as one).
  if (p.edge_jump > 0) {
    const int m = std::max(1, p.min_disk_rows);
    for (int i = m; i + m <= n; ++i) {
      const int jump = std::abs(band[static_cast<std::size_t>(i)].width() - band[static_cast<std::size_t>(i - 1)].width());
      bool near = false;
      for (const int c : cuts) near = near || std::abs(c - i) < m;
      if (jump >= p.edge_jump * edge && !near) cuts.push_back(i);
    }
    std::sort(cuts.begin(), cuts.end());
  }
  cuts.insert(cuts.begin(), 0);
  cuts.push_back(n);
  // A part far thinner than the band's tallest is an edge (an outline drawn darker), not a
  // disc: it joins its taller neighbour.
  for (bool joined = true; joined && cuts.size() > 2;) {
    joined = false;
    int tallest = 0;
    for (std::size_t k = 0; k + 1 < cuts.size(); ++k) tallest = std::max(tallest, cuts[k + 1] - cuts[k]);
    for (std::size_t k = 0; k + 1 < cuts.size() && !joined; ++k) {
      if (cuts[k + 1] - cuts[k] >= p.min_part * tallest) continue;
      const bool up = k > 0 && (k + 2 == cuts.size() || cuts[k] - cuts[k - 1] >= cuts[k + 2] - cuts[k + 1]);
      cuts.erase(cuts.begin() + static_cast<std::ptrdiff_t>(up ? k : k + 1));
      joined = true;
    }
  }
  for (std::size_t k = 0; k + 1 < cuts.size(); ++k) {
    Bar b;
    b.top = band_top + cuts[k];
    b.bottom = band_top + cuts[k + 1] - 1;
    b.rows.assign(band.begin() + cuts[k], band.begin() + cuts[k + 1]);
    b.fit = fit_rows(b.rows, p);
    bars.push_back(std::move(b));
  }
  return bars;
}

// The rod sets: rods alike in width with level tops, equally spaced; the largest set, refused when
// another as large differs.
Result<std::vector<VerticalBar>> pick_rods(const std::vector<VerticalBar>& rods, const Params& p) {
  std::vector<std::vector<VerticalBar>> sets;
  for (std::size_t i = 0; i < rods.size(); ++i) {
    std::vector<VerticalBar> set;
    const double tol = p.level_tolerance * (rods[i].bottom - rods[i].top + 1) + 3;
    for (const VerticalBar& r : rods)
      if (std::abs(r.top - rods[i].top) <= tol && std::abs(r.width - rods[i].width) <= p.rod_tolerance * rods[i].width + 1) set.push_back(r);
    if (set.size() < static_cast<std::size_t>(p.min_rods) || set.size() > static_cast<std::size_t>(p.max_rods)) continue;
    std::vector<double> xs;
    for (const VerticalBar& r : set) xs.push_back(r.x);
    const double spacing = equal_spacing(xs, p.spacing_tolerance);
    std::vector<double> ws;
    for (const VerticalBar& r : set) ws.push_back(r.width);
    if (spacing <= 0 || spacing < 3 * median_of(ws)) continue;
    bool seen = false;
    for (const auto& s : sets) seen = seen || (s.size() == set.size() && std::abs(s.front().x - set.front().x) < 1 && std::abs(s.back().x - set.back().x) < 1);
    if (!seen) sets.push_back(std::move(set));
  }
  if (sets.empty()) return refuse(rods.empty() ? "no rods (thin upright bars) stand out from the page" : "no equally spaced rods of one width with level tops");
  std::sort(sets.begin(), sets.end(), [](const auto& a, const auto& b) { return a.size() > b.size(); });
  if (sets.size() > 1 && sets[1].size() == sets[0].size()) return refuse("two sets of rods could be the tower");
  return sets.front();
}

// Down the rod at `x` from its top: rows of ink wider than the rod are bar rows, parted into bars
// where their colour changes, their width dips or steps, or the rod shows between them; a row that
// reaches three quarters of a spacing from the rod is the base, and ends the column.
Column scan_column(const cv::Mat& ink, const cv::Mat& lab, const VerticalBar& rod, double spacing, const Params& p) {
  Column col;
  col.x = rod.x;
  col.rod_w = rod.width;
  col.top = rod.top;
  const int x = static_cast<int>(std::lround(rod.x));
  const int slack = static_cast<int>(std::ceil(rod.width / 2)) + 1;
  const double disc_min_w = p.disk_factor * rod.width + p.disk_extra_px;
  std::vector<Run> band;
  std::vector<cv::Vec3f> colours;
  int band_top = -1;
  auto close_band = [&] {
    if (band_top < 0) return;
    for (Bar& b : part_band(band, colours, band_top, p)) col.bars.push_back(std::move(b));
    band.clear();
    colours.clear();
    band_top = -1;
  };
  // The rod's own colour, from its rows above any disc: a row that shows it at the rod, and is
  // mostly of another colour, is no disc row (a disc hides the rod), however wide the scenery behind
  // it is (a hill in the gap between two discs, or between a disc and a plate). Only where rows are
  // trimmed (over a scene); a disc of the rod's colour keeps its rows (their colour is the rod's).
  const int core = std::max(0, static_cast<int>(std::floor(rod.width / 2)) - 1);
  const Run at_rod{std::max(0, x - core), std::min(lab.cols - 1, x + core)};
  std::optional<cv::Vec3f> rod_colour;
  if (p.trim_delta_e > 0) {
    // A sixteenth down the rod: below its blended top, above its stack (a rod stands well above it).
    const int y_rod = rod.top + std::max(1, (rod.bottom - rod.top) / 16);
    if (y_rod <= rod.bottom) rod_colour = run_colour(lab, y_rod, at_rod);
  }
  int y = rod.top;
  for (; y < ink.rows; ++y) {
    const Run whole = run_through(ink, y, x, slack);
    if (whole.empty()) break;
    // A row wider than a disc's least width has its ends cut back to its own colour (an outline,
    // scenery touching the bar: a bush beside a plate reaches no neighbour rod), keeping the rod.
    Run run = whole;
    cv::Vec3f colour;
    if (whole.width() > disc_min_w) {
      colour = run_colour(lab, y, whole);
      if (p.trim_delta_e > 0) {
        Run own = trim_to_colour(lab, y, whole, colour, p.trim_delta_e);
        // Scenery wider than the bar sets the row's median: then the colour at the rod is the bar's.
        if (own.l > x || own.r < x) {
          const Run at{std::max(whole.l, x - slack), std::min(whole.r, x + slack)};
          colour = run_colour(lab, y, at);
          own = trim_to_colour(lab, y, whole, colour, p.trim_delta_e);
        }
        if (own.l <= x && own.r >= x && own.width() > disc_min_w) run = own;
      }
    }
    // The base reaches a neighbour rod's column; a disc, narrower than a spacing, never three
    // quarters of one from its rod (half a spacing: a blurred largest disc may reach that).
    if (run.l <= x - 0.75 * spacing || run.r >= x + 0.75 * spacing) {
      col.on_base = true;
      break;
    }
    // A row that goes on the bar above (its colour, both ends within an edge step of that row's) is
    // that bar's, whatever its rod shows: a plate near the rod's colour flickers to it under JPEG.
    const bool goes_on = band_top >= 0 && std::abs(run.l - band.back().l) <= p.edge_step_px &&
                         std::abs(run.r - band.back().r) <= p.edge_step_px && delta_e(colour, colours.back()) <= p.trim_delta_e;
    if (rod_colour && !goes_on && run.width() > disc_min_w && delta_e(run_colour(lab, y, at_rod), *rod_colour) <= p.trim_delta_e &&
        delta_e(run_colour(lab, y, whole), *rod_colour) > p.trim_delta_e)
      run = at_rod;
    if (run.width() > disc_min_w) {
      if (band_top < 0) band_top = y;
      band.push_back(run);
      colours.push_back(colour);
    } else {
      close_band();
    }
  }
  close_band();
  col.floor = y;
  return col;
}

// The disc height: the largest of which every bar is a whole multiple (a band of two discs whose gap
// closed is one bar; the median would take it for a disc when half the bars are pairs). 0: none.
double disc_height(const std::vector<const Bar*>& bars, const Params& p) {
  auto fits = [&](double h) {
    for (const Bar* b : bars) {
      const long m = std::lround(b->height() / h);
      if (m < 1 || std::abs(b->height() - m * h) > p.height_tolerance * h + 1) return false;
    }
    return true;
  };
  double h = 0;
  for (const Bar* b : bars)
    for (int k = 1; k <= 4; ++k)
      if (const double c = static_cast<double>(b->height()) / k; c > h && c >= p.min_disk_rows && fits(c)) h = c;
  return h;
}

// A bar `k` disc heights tall whose k equal slices each narrow on the one below is k discs (a gap
// a small or blurred picture closed, with no colour or width cue left). Slices above the first leave
// out their lowest quarter: those rows may still be the wider disc's below. Empty when it is not, or
// when the bar is one straight trapezoid.
std::vector<Bar> split_bar(const Bar& b, double h, const Params& p) {
  const int k = static_cast<int>(std::lround(b.height() / h));
  std::vector<Bar> parts;
  if (k < 2 || std::abs(b.height() - k * h) > p.height_tolerance * h * k) return parts;
  // One trapezoid narrows upward too: a bar whose middle rows lie on one straight taper is one disc.
  if (b.fit.shape == BarShape::kTrapezoid && b.fit.residual <= p.edge_step_px / 2.0) return parts;
  const int n = static_cast<int>(b.rows.size());
  for (int j = 0; j < k; ++j) {  // bottom slice first
    const int to = n - n * j / k, from = n - n * (j + 1) / k;  // rows [from, to)
    Bar part;
    part.rod = b.rod;
    part.top = b.top + from;
    part.bottom = b.top + to - 1;
    part.rows.assign(b.rows.begin() + from, b.rows.begin() + to);
    const int skip = j == 0 ? 0 : std::max(1, (to - from) / 4);
    part.fit = fit_rows(std::span<const Run>(part.rows).first(part.rows.size() - static_cast<std::size_t>(skip)), p);
    if (!parts.empty() && part.fit.width + 2 > parts.back().fit.width) return {};
    parts.push_back(std::move(part));
  }
  std::reverse(parts.begin(), parts.end());
  return parts;
}

// The goal marker: ink under `base`, within its width, joined to it, `depth` rows at most (4 base
// heights, or a disc height); of the pieces side by side, the largest, at least twice any other (a
// rod number the blur joined to the base is smaller), centred under one of the rods at `xs`. The
// rod, kNoMarker, or kMarkerAstray (under no rod, or two alike); `bottom` is moved down to its lowest row.
// `scene`: over an illustrated scene, pieces not centred on a rod (within centre_tolerance of their
// width, plus 2 px, as a disc) are scenery (a tree's trunk or crown under the base), left out; one
// centred on a rod is still a marker (refused over a scene).
constexpr int kNoMarker = -1, kMarkerAstray = -2;
int goal_marker(const cv::Mat& ink, const cv::Rect& base, const std::vector<double>& xs, double spacing, double disc_h, const Params& p,
                int& bottom, bool scene) {
  const int depth = std::max(4 * base.height, static_cast<int>(disc_h));
  const int y_end = std::min(ink.rows, base.y + base.height + depth);
  const int l = std::max(1, base.x), r = std::min(ink.cols - 2, base.x + base.width - 1);
  std::vector<int> per_column(static_cast<std::size_t>(ink.cols), 0);
  std::vector<std::uint8_t> prev(static_cast<std::size_t>(ink.cols), 0), cur(static_cast<std::size_t>(ink.cols), 0);
  for (int x = l; x <= r; ++x) prev[static_cast<std::size_t>(x)] = 1;
  // The base's blended bottom rows (anti-aliasing, JPEG) are base, not marker.
  int start = base.y + base.height;
  for (int k = 0; k < 3 && start < y_end; ++k, ++start)
    if (cv::countNonZero(ink.row(start).colRange(l, r + 1)) < 0.8 * (r - l + 1)) break;
  for (int yy = start; yy < y_end; ++yy) {
    std::fill(cur.begin(), cur.end(), 0);
    const auto* m = ink.ptr<std::uint8_t>(yy);
    bool any = false;
    for (int x = l; x <= r; ++x) {
      const auto ux = static_cast<std::size_t>(x);
      if (m[x] && (prev[ux] || prev[ux - 1] || prev[ux + 1])) cur[ux] = 1, any = true;
    }
    // Spread along the row to pixels joined to a linked one, both ways.
    for (int x = l + 1; x <= r; ++x)
      if (m[x] && cur[static_cast<std::size_t>(x - 1)]) cur[static_cast<std::size_t>(x)] = 1;
    for (int x = r - 1; x >= l; --x)
      if (m[x] && cur[static_cast<std::size_t>(x + 1)]) cur[static_cast<std::size_t>(x)] = 1;
    if (!any) break;
    for (int x = l; x <= r; ++x) per_column[static_cast<std::size_t>(x)] += cur[static_cast<std::size_t>(x)];
    prev.swap(cur);
    bottom = std::max(bottom, yy);
  }
  struct Piece {
    double sum = 0;
    int count = 0, from = 0, to = 0;  // columns
    int depth = 0;                    // rows, in its deepest column
  };
  std::vector<Piece> pieces;
  for (int x = l; x <= r; ++x) {
    const int c = per_column[static_cast<std::size_t>(x)];
    if (c == 0) continue;
    if (pieces.empty() || per_column[static_cast<std::size_t>(x - 1)] == 0) pieces.push_back({0, 0, x, x});
    pieces.back().sum += static_cast<double>(x) * c;
    pieces.back().count += c;
    pieces.back().to = x;
    pieces.back().depth = std::max(pieces.back().depth, c);
  }
  // Specks (JPEG ringing, texture) under the base are no marker: a marker covers min_marker_area
  // base heights squared.
  // A piece wider than a spacing is the base's own blended edge, not a marker under one rod; so is a
  // shallow one (min_marker_depth base heights): over a gradient page the blended bottom row is ink
  // along a stretch only, a sliver with a marker's area (seed 9175).
  std::erase_if(pieces, [&](const Piece& pc) {
    return pc.count < p.min_marker_area * base.height * base.height || pc.to - pc.from > spacing ||
           pc.depth < p.min_marker_depth * base.height;
  });
  auto nearest_rod = [&](double gx) {
    std::size_t nearest = 0;
    for (std::size_t i = 1; i < xs.size(); ++i)
      if (std::abs(xs[i] - gx) < std::abs(xs[nearest] - gx)) nearest = i;
    return nearest;
  };
  auto under_a_rod = [&](const Piece& pc) {
    const double gx = pc.sum / pc.count;
    return std::abs(xs[nearest_rod(gx)] - gx) <= spacing / 4;
  };
  // A marker is centred on its rod as a disc is; scenery only happens to be near one.
  auto centred_on_a_rod = [&](const Piece& pc) {
    const double gx = pc.sum / pc.count;
    return std::abs(xs[nearest_rod(gx)] - gx) <= p.centre_tolerance * (pc.to - pc.from + 1) + 2;
  };
  if (scene) std::erase_if(pieces, [&](const Piece& pc) { return !centred_on_a_rod(pc); });
  if (pieces.empty()) return kNoMarker;
  std::sort(pieces.begin(), pieces.end(), [](const Piece& a, const Piece& b) { return a.count > b.count; });
  if (pieces.size() > 1 && 2 * pieces[1].count > pieces[0].count) return kMarkerAstray;
  // The largest piece is the marker (a number or a JPEG halo joined to the base is smaller).
  if (!under_a_rod(pieces[0])) return kMarkerAstray;
  return static_cast<int>(nearest_rod(pieces[0].sum / pieces[0].count));
}

Result<Reading> verify_columns(const cv::Mat& img, const cv::Mat& ink, const Params& p, Found& found, const std::vector<VerticalBar>& pieces,
                               double spacing, double rod_h, bool plates_allowed, bool plates_needed);

// The pieces of `stray` (8-connected) with a disc's straight side: a band of rows at least `rows`
// tall, each at least `min_w` wide, along which the piece's left or its right end stays within
// scene_stray_side edge steps of where it was on the band's first row. A tree's crown curves on both
// sides, its trunk and a hill's blended border are thin; a disc off its rod keeps a straight side
// even where scenery touches its other end.
cv::Mat straight_sided(const cv::Mat& stray, double rows, double min_w, const Params& p) {
  cv::Mat labels, stats, centroids;
  const int n = cv::connectedComponentsWithStats(stray, labels, stats, centroids, 8, CV_32S);
  std::vector<bool> keep(static_cast<std::size_t>(n), false);
  for (int i = 1; i < n; ++i) {
    const int x0 = stats.at<int>(i, cv::CC_STAT_LEFT), y0 = stats.at<int>(i, cv::CC_STAT_TOP);
    const int w = stats.at<int>(i, cv::CC_STAT_WIDTH), hgt = stats.at<int>(i, cv::CC_STAT_HEIGHT);
    if (w < min_w || hgt < rows) continue;
    std::vector<int> left(static_cast<std::size_t>(hgt), -1), right(static_cast<std::size_t>(hgt), -1);
    for (int y = 0; y < hgt; ++y) {
      const int* l = labels.ptr<int>(y0 + y);
      for (int x = x0; x < x0 + w; ++x)
        if (l[x] == i) {
          if (left[static_cast<std::size_t>(y)] < 0) left[static_cast<std::size_t>(y)] = x;
          right[static_cast<std::size_t>(y)] = x;
        }
    }
    auto wide = [&](int y) { return left[static_cast<std::size_t>(y)] >= 0 && right[static_cast<std::size_t>(y)] - left[static_cast<std::size_t>(y)] + 1 >= min_w; };
    for (int from = 0; from < hgt && !keep[static_cast<std::size_t>(i)]; ++from) {
      if (!wide(from)) continue;
      const double tol = p.scene_stray_side * std::max<double>(p.edge_step_px, p.edge_step * (right[static_cast<std::size_t>(from)] - left[static_cast<std::size_t>(from)] + 1));
      for (const std::vector<int>* end : {&left, &right}) {
        int to = from;
        while (to < hgt && wide(to) && std::abs((*end)[static_cast<std::size_t>(to)] - (*end)[static_cast<std::size_t>(from)]) <= tol) ++to;
        if (to - from >= rows) keep[static_cast<std::size_t>(i)] = true;
      }
    }
  }
  cv::Mat out(stray.size(), CV_8U, cv::Scalar(0));
  for (int y = 0; y < labels.rows; ++y) {
    const int* l = labels.ptr<int>(y);
    auto* o = out.ptr<std::uint8_t>(y);
    for (int x = 0; x < labels.cols; ++x) o[x] = keep[static_cast<std::size_t>(l[x])] ? 255 : 0;
  }
  return out;
}

Result<Reading> read_stacks(const cv::Mat& img, const cv::Mat& lab, const cv::Mat& ink, const Params& p, Found& found, const std::vector<VerticalBar>& rods,
                            const Error& no_rods);

void join_slices(std::vector<Column>& cols, const Params& p, bool one_width);

// One read at one ink threshold: detect, decode, verify.
Result<Reading> read_ink(const cv::Mat& img, const cv::Mat& lab, const cv::Mat& ink, const Params& p, Found& found) {
  const int max_rod = std::max(2, std::min(p.max_rod_px, static_cast<int>(std::lround(p.max_rod_fraction * img.cols))));
  const int min_piece = std::max(2 * p.min_disk_rows, static_cast<int>(std::lround(p.min_rod_piece * img.rows)));
  // A piece above a full stack may be stubby: half the aspect of a whole rod.
  std::vector<VerticalBar> pieces = vertical_bars(ink, max_rod, min_piece, p.rod_aspect / 2, p.rod_fill);
  std::vector<double> pw;
  for (const VerticalBar& b : pieces) pw.push_back(b.width);
  std::vector<VerticalBar> rods = join_collinear(pieces, ink, std::max(2.0, median_of(pw)));
  // A rod reaches down its column (through the discs on it) at least min_rod_fraction of the image.
  for (VerticalBar& r : rods) {
    const int x = static_cast<int>(std::lround(r.x)), slack = static_cast<int>(std::ceil(r.width / 2)) + 1;
    int y = r.bottom + 1;
    while (y < ink.rows && !run_through(ink, y, x, slack).empty()) ++y;
    r.bottom = y - 1;
  }
  found.all_rods = rods;
  std::erase_if(rods, [&](const VerticalBar& r) { return r.height() < p.min_rod_fraction * img.rows || r.height() < p.rod_aspect * r.width; });
  auto picked = pick_rods(rods, p);
  // No rod set: stacks found disc first, with no rods or in slots (stacks.hpp).
  if (!picked) return read_stacks(img, lab, ink, p, found, rods, picked.error());
  found.rods = *picked;
  std::vector<double> xs, hs;
  for (const VerticalBar& r : found.rods) xs.push_back(r.x), hs.push_back(r.height());
  const double spacing = equal_spacing(xs, p.spacing_tolerance), rod_h = median_of(hs);
  const double level = p.level_tolerance * rod_h + 3;

  // Down each rod.
  std::vector<Column>& cols = found.columns;
  for (std::size_t i = 0; i < found.rods.size(); ++i) {
    cols.push_back(scan_column(ink, lab, found.rods[i], spacing, p));
    for (Bar& b : cols.back().bars) b.rod = static_cast<int>(i);
  }
  // Scenery under the board (a bush, a tree) may join the foot of a rod to what lies below: when
  // most columns end on a plate alike in width, height and level, a column holding such a bar, or a
  // bar from the plates' top reaching lower (the plate and the scenery under it), ends with it.
  auto alike = [&](const Bar& a, const Bar& b) {
    return std::abs(a.fit.width - b.fit.width) <= p.plate_tolerance * b.fit.width + 2 &&
           std::abs(a.height() - b.height()) <= p.height_tolerance * b.height() + 1 && std::abs(a.bottom - b.bottom) <= level;
  };
  auto ends_on_foot = [](const Column& c) { return !c.on_base && !c.bars.empty() && c.bars.back().bottom + 2 >= c.floor; };
  {
    std::vector<const Bar*> feet;
    for (const Column& c : cols)
      if (ends_on_foot(c)) feet.push_back(&c.bars.back());
    const Bar* plate = nullptr;
    std::size_t most = 0;
    for (const Bar* f : feet) {
      std::size_t n = 0;
      for (const Bar* g : feet) n += alike(*g, *f) ? 1 : 0;
      if (n > most) most = n, plate = f;
    }
    if (plate != nullptr && most >= 2 && 2 * most > cols.size() && most < cols.size()) {
      const Bar like = *plate;
      for (Column& c : cols) {
        if (ends_on_foot(c) && alike(c.bars.back(), like)) continue;
        for (std::size_t k = 0; k < c.bars.size(); ++k) {
          Bar b = c.bars[k];
          if (std::abs(b.top - like.top) <= level && b.height() > like.height()) {
            b.rows.resize(static_cast<std::size_t>(like.height()));
            b.bottom = b.top + like.height() - 1;
            b.fit = fit_rows(b.rows, p);
          }
          if (!alike(b, like)) continue;
          c.bars.resize(k);
          c.bars.push_back(std::move(b));
          c.floor = c.bars.back().bottom + 1;
          c.on_base = false;
          break;
        }
      }
    }
  }
  // Down rods too a disc or a plate may be parted where its colour only seems to step (JPEG, a
  // shade's gradient, a shape drawn on it): two slices that together make one are one (again once
  // the plates are off the columns, in verify_columns).
  join_slices(cols, p, true);
  return verify_columns(img, ink, p, found, pieces, spacing, rod_h, true, false);
}

// The columns found (down rods, or by the stack fitter), verified and decoded: base plates, the disc
// height, the game's invariants, sizes by width, the base and goal marker. `plates_allowed`: the
// lowest bar of every column may be a plate (not in slots); `plates_needed`: it must be (stacks with
// no rods and no base stand on plates, or on nothing that shows the rods).
Result<Reading> verify_columns(const cv::Mat& img, const cv::Mat& ink, const Params& p, Found& found, const std::vector<VerticalBar>& pieces,
                               double spacing, double rod_h, bool plates_allowed, bool plates_needed) {
  std::vector<Column>& cols = found.columns;
  std::vector<double> xs;
  for (const VerticalBar& r : found.rods) xs.push_back(r.x);
  const double level = p.level_tolerance * rod_h + 3;
  // Base plates: a bar of one width and height at the foot of every rod, none on a base.
  Reading out;
  bool plates = plates_allowed && cols.size() >= 2;
  for (const Column& c : cols) plates = plates && !c.on_base && !c.bars.empty() && c.bars.back().bottom + 2 >= c.floor;
  if (plates) {
    const Bar& first = cols.front().bars.back();
    for (const Column& c : cols) {
      const Bar& b = c.bars.back();
      plates = plates && std::abs(b.fit.width - first.fit.width) <= p.plate_tolerance * first.fit.width + 2 &&
               std::abs(b.height() - first.height()) <= p.height_tolerance * first.height() + 1 && std::abs(b.bottom - first.bottom) <= level;
    }
  }
  if (plates)
    for (Column& c : cols) {
      out.plates.push_back(c.bars.back().box());
      c.floor = c.bars.back().top;
      c.bars.pop_back();
    }
  if (plates_needed && !plates) return refuse("no rods, no base and no plates show where the towers stand");
  // Down rods too a disc may be parted where its colour only seems to step (JPEG, a shade's
  // gradient, a shape drawn on it): two slices that together make one disc are one (the plates,
  // thinner than a disc, are off the columns by now and do not set the disc height).
  if (!found.stacks) join_slices(cols, p, true);

  std::vector<const Bar*> all;
  for (const Column& c : cols)
    for (const Bar& b : c.bars) all.push_back(&b);
  if (all.empty()) return refuse("no discs on the rods");
  const double h = disc_height(all, p);
  if (h == 0) return refuse("the discs differ in height");
  // Multiples of the disc height split; then every disc one height.
  std::vector<Bar> discs;  // per rod, top to bottom
  for (Column& c : cols) {
    std::vector<Bar> split;
    for (Bar& b : c.bars) {
      std::vector<Bar> parts = split_bar(b, h, p);
      if (parts.empty()) split.push_back(std::move(b));
      else for (Bar& part : parts) split.push_back(std::move(part));
    }
    c.bars = std::move(split);
    for (const Bar& b : c.bars) {
      if (std::abs(b.height() - h) > p.height_tolerance * h + 1) return refuse("the discs differ in height");
      discs.push_back(b);
    }
  }
  if (static_cast<int>(discs.size()) > p.max_disks)
    return refuse(std::to_string(discs.size()) + " discs (at most " + std::to_string(p.max_disks) + ")");

  // Verify: centred on the rod, resting on the disc below or the floor, floors level.
  const double gap = p.max_gap * h + 2;
  std::vector<int> floors;
  for (const Column& c : cols) {
    floors.push_back(c.floor);
    int below = c.floor;  // the row under the lowest disc's bottom
    for (auto it = c.bars.rbegin(); it != c.bars.rend(); ++it) {
      if (std::abs(it->fit.centre - c.x) > p.centre_tolerance * it->fit.width + 2) return refuse("a disc is not centred on its rod");
      if (below - (it->bottom + 1) > gap) return refuse("a disc does not rest on the one below or the floor (lifted?)");
      below = it->top;
    }
  }
  for (int f : floors)
    if (std::abs(f - median_of(floors)) > level) return refuse("the rods' floors are not level");
  // Nothing stands under the floor in line with the rods, as thin as they are, within half a rod's
  // height (a goal marker, a caption are no rods there): rods that go on
  // under a bar across them stand behind it (a banner over the board), and what is above it is a part.
  int continued = 0;
  for (const Column& c : cols) {
    bool below = false;
    for (const VerticalBar& b : pieces)
      below = below || (b.top > c.floor && b.top < c.floor + rod_h / 2 && std::abs(b.x - c.x) <= c.rod_w &&
                        std::abs(b.width - c.rod_w) <= p.rod_tolerance * c.rod_w + 1);
    continued += below;
  }
  // ... and the bar they stand on is a base, not a cover: no thicker than max_base_discs disc heights
  // where it crosses the rods (the arena's LEVEL CLEARED banner over the board is five, its base one),
  // and not across the whole picture (a banner is; a base stands on the page): the top discs
  // standing out above a banner read as a board otherwise.
  int covered = 0;
  for (const Column& c : cols) {
    if (!c.on_base) continue;
    const int x = static_cast<int>(std::lround(c.x));
    const int slack = static_cast<int>(std::ceil(c.rod_w / 2)) + 1;
    int y = c.floor;
    for (; y < ink.rows; ++y)
      if (const Run r = run_through(ink, y, x, slack); r.empty() || (r.l > x - 0.75 * spacing && r.r < x + 0.75 * spacing)) break;
    const int bar = y - c.floor;
    // A bar from one edge of the picture to the other is laid over the page, not under the rods.
    const Run first = run_through(ink, c.floor, x, slack);
    const bool edge_to_edge = !first.empty() && first.l <= 1 && first.r >= ink.cols - 2;
    covered += bar > p.max_base_discs * h + 2 || edge_to_edge ? 1 : 0;
  }
  if (covered >= 2) return refuse("the bar under the rods covers them (too thick for a base, or across the whole picture): is something over the board?");
  if (continued >= 2) return refuse("the rods go on under the bar they stand on (something covers the board?)");

  // Decode: sizes are the ranks of the widths.
  std::vector<std::size_t> order(discs.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return discs[a].fit.width < discs[b].fit.width; });
  std::vector<double> steps;
  for (std::size_t i = 1; i < order.size(); ++i) steps.push_back(discs[order[i]].fit.width - discs[order[i - 1]].fit.width);
  if (!steps.empty()) {
    const double step = median_of(steps);
    double worst = 1;
    for (double s : steps) {
      if (s < p.min_step_px || s < p.min_step * step)
        return refuse("two discs have about the same width (" + std::to_string(static_cast<int>(std::lround(s))) + " px apart)");
      worst = std::min(worst, s / step);
    }
    out.confidence = std::clamp((worst - p.min_step) / (1 - p.min_step), 0.0, 1.0);
  }
  State& st = out.state;
  st.rods = static_cast<int>(cols.size());
  st.config.assign(discs.size(), 0);
  std::vector<int> size_of(discs.size());
  for (std::size_t rank = 0; rank < order.size(); ++rank) {
    size_of[order[rank]] = static_cast<int>(rank);
    st.config[rank] = static_cast<std::uint8_t>(discs[order[rank]].rod);
    out.widths.push_back(discs[order[rank]].fit.width);
  }
  // Top to bottom each rod's discs must grow (discs[] lists them so per rod).
  for (std::size_t i = 1; i < discs.size(); ++i)
    if (discs[i].rod == discs[i - 1].rod && size_of[i] < size_of[i - 1]) return refuse("a larger disc lies on a smaller one");

  // Ink among the rods, or a rod spacing beside them, that is on no rod, disc, plate or base: a disc
  // off its rod (dragged), a rod the set missed, or something read as nothing.
  cv::Rect box(static_cast<int>(std::lround(xs.front() - 1.5 * spacing)), found.rods.front().top,
               static_cast<int>(std::lround(spacing * static_cast<double>(xs.size() + 2))), median_of(floors) - found.rods.front().top);
  box &= cv::Rect(0, 0, img.cols, img.rows);
  if (box.area() <= 0) return refuse("the rods stand on nothing");
  cv::Mat stray = ink(box).clone();
  auto clear = [&](cv::Rect r) {
    r -= box.tl();
    r &= cv::Rect(0, 0, box.width, box.height);
    if (r.area() > 0) stray(r).setTo(0);
  };
  const int pad = std::max(2, static_cast<int>(std::lround(h / 6)));
  for (const Column& c : cols) {
    clear({static_cast<int>(std::lround(c.x - c.rod_w / 2)) - pad, c.top - pad, static_cast<int>(std::lround(c.rod_w)) + 2 * pad, c.floor - c.top + 2 * pad});
    for (const Bar& b : c.bars) {
      for (std::size_t k = 0; k < b.rows.size(); ++k) {
        const Run& r = b.rows[k];
        clear({r.l - pad, b.top + static_cast<int>(k), r.width() + 2 * pad, 1});
      }
      clear({b.box().x - pad, b.top - pad, b.box().width + 2 * pad, pad});
      clear({b.box().x - pad, b.bottom + 1, b.box().width + 2 * pad, pad});
    }
  }
  for (const cv::Rect& r : out.plates) clear({r.x - pad, r.y - pad, r.width + 2 * pad, r.height + 2 * pad});
  clear({box.x, median_of(floors) - pad, box.width, 2 * pad});  // the base's anti-aliased top
  double disc_area = 0;
  for (const Bar& b : discs) disc_area += b.fit.width * b.height();
  disc_area /= static_cast<double>(discs.size());
  // Over a scene, scenery stands among the rods (trees, a hill's blended border, a piece of a hill
  // the layers missed): only ink with a disc's straight side is stray there. The least width is a
  // disc row's (on rods), or the narrowest disc row looked for with no rods.
  if (found.scene && p.scene_stray_side > 0) {
    std::vector<double> rws;
    for (const Column& c : cols) rws.push_back(c.rod_w);
    const double min_w = std::max(p.disk_factor * median_of(rws) + p.disk_extra_px, median_of(rws) > 0 ? 0.0 : p.min_disk_width * img.cols);
    stray = straight_sided(stray, std::max<double>(p.min_disk_rows, (1 - p.height_tolerance) * h - 1), min_w, p);
  }
  if (cv::countNonZero(stray) > p.max_stray * disc_area) return refuse("ink among the rods lies on no rod or disc (a disc off its rod?)");

  // The base and the goal marker: what hangs under the base, joined to it, under one rod.
  out.frame = img.size();
  st.goal = st.rods - 1;
  const int floor_y = median_of(floors);
  bool on_base = true;
  for (const Column& c : cols) on_base = on_base && c.on_base;
  int apparatus_bottom = floor_y;
  if (on_base) {
    const int x0 = static_cast<int>(std::lround(xs.front())), x1 = static_cast<int>(std::lround(xs.back()));
    auto spans = [&](int yy) {
      const Run r = run_through(ink, yy, (x0 + x1) / 2, 0);
      return !r.empty() && r.l <= x0 && r.r >= x1;
    };
    // The base's first rows may be blended with the page (the floor is where each rod's run first
    // reached a neighbour's half, which a blended row may do at the rods and not between them).
    int y = floor_y;
    while (y < std::min(ink.rows, floor_y + 3) && !spans(y)) ++y;
    const int base_top = y;
    while (y < ink.rows && spans(y)) ++y;
    const int base_bottom = y - 1;
    if (base_bottom >= base_top) {
      const Run r = run_through(ink, base_top, (x0 + x1) / 2, 0);
      out.base = {r.l, floor_y, r.width(), base_bottom - floor_y + 1};
      const int marked = goal_marker(ink, out.base, xs, spacing, h, p, apparatus_bottom, found.scene);
      if (marked == kMarkerAstray) return refuse("the goal marker is under no rod");
      if (marked >= 0) st.goal = marked, out.goal_marked = true;
      apparatus_bottom = std::max(apparatus_bottom, base_bottom);
    }
  }
  for (const cv::Rect& r : out.plates) apparatus_bottom = std::max(apparatus_bottom, r.y + r.height - 1);

  out.disks.assign(cols.size(), {});
  for (const Column& c : cols) {
    out.centres.push_back({static_cast<float>(c.x), static_cast<float>((c.top + c.floor) / 2.0)});
    for (auto it = c.bars.rbegin(); it != c.bars.rend(); ++it) out.disks[static_cast<std::size_t>(it->rod)].push_back(it->box());
  }
  const int left = static_cast<int>(std::lround(xs.front() - spacing / 2));
  out.apparatus = cv::Rect(left, found.rods.front().top, static_cast<int>(std::lround(spacing * static_cast<double>(xs.size()))),
                           apparatus_bottom - found.rods.front().top + 1) &
                  cv::Rect(0, 0, img.cols, img.rows);
  if (!out.base.empty()) out.apparatus |= out.base;
  return out;
}

// Two touching bars of one stack that are each clearly thinner than a disc and together one disc
// tall, meeting at one width, are one disc parted by a colour step that is none (a JPEG block's edge
// across a disc whose colour is near the slot's or the page's). The disc height is the median bar's.
// `one_width` (down rods, where the median may be a pair of touching discs): the two slices are
// also alike in width, within an edge step (two stadiums meet at one narrow width, but differ).
void join_slices(std::vector<Column>& cols, const Params& p, bool one_width) {
  std::vector<double> hs;
  for (const Column& c : cols)
    for (const Bar& b : c.bars) hs.push_back(b.height());
  if (hs.size() < 3) return;
  const double h = median_of(hs), slack = p.height_tolerance * h + 1;
  for (Column& c : cols)
    for (std::size_t k = 1; k < c.bars.size(); ++k) {
      Bar& up = c.bars[k - 1];
      const Bar& down = c.bars[k];
      const double meet = std::abs(up.rows.back().width() - down.rows.front().width());
      const double edge = std::max<double>(p.edge_step_px, p.edge_step * down.fit.width);
      if ((one_width && std::abs(up.fit.width - down.fit.width) > edge) || down.top != up.bottom + 1 || up.height() > h - slack || down.height() > h - slack ||
          std::abs(up.height() + down.height() - h) > slack || meet > edge)
        continue;
      up.rows.insert(up.rows.end(), down.rows.begin(), down.rows.end());
      up.bottom = down.bottom;
      up.fit = fit_rows(up.rows, p);
      c.bars.erase(c.bars.begin() + static_cast<std::ptrdiff_t>(k));
      --k;
    }
}

// The stack fitter's hypotheses (stacks.hpp) as columns, each verified like columns down rods; the
// one that verifies is the reading, two that verify and differ are refused. `no_rods` is the reason
// when the fitter finds nothing like a stack either. `rods`: the rods found, of no set; one standing
// at a place refuses the hypothesis (the rods are drawn, and a rod set the reader missed is no
// reason to place the rods by other cues: some of it may be lost to the page), unless the rods at
// the places agree with them: two or more, alike in width, tops level, none among the places at no
// place, and every place with no rod found holding a stack (a rod there hidden, not guessed).
Result<Reading> read_stacks(const cv::Mat& img, const cv::Mat& lab, const cv::Mat& ink, const Params& p, Found& found, const std::vector<VerticalBar>& rods,
                            const Error& no_rods) {
  auto fitted = fit_stacks(lab, ink, p);
  if (!fitted) return fitted.error();
  if (fitted->empty()) return no_rods;
  std::optional<Reading> got;
  std::optional<Error> first_error;
  for (const StackHypothesis& h : *fitted) {
    if (!h.doubt.empty()) {
      if (!first_error) first_error = refuse(h.doubt);
      continue;
    }
    Found f;
    f.all_rods = found.all_rods;
    f.scene = found.scene;
    f.stacks = true;
    std::vector<double> xs, hs;
    for (std::size_t i = 0; i < h.places.size(); ++i) {
      const StackPlace& place = h.places[i];
      VerticalBar rod;  // a rod of no width where the rod stands
      rod.x = place.x;
      rod.top = place.top;
      rod.bottom = std::max(place.top, place.floor - 1);
      f.rods.push_back(rod);
      Column c;
      c.x = place.x;
      c.top = place.top;
      c.floor = place.floor;
      c.on_base = place.on_base;
      for (const StackBand& band : place.bands)
        for (Bar& b : part_band(band.rows, band.colours, band.top, p)) {
          b.rod = static_cast<int>(i);
          c.bars.push_back(std::move(b));
        }
      f.columns.push_back(std::move(c));
      xs.push_back(place.x);
      hs.push_back(rod.height());
    }
    join_slices(f.columns, p, false);
    const double spacing = equal_spacing(xs, p.spacing_tolerance);
    // Rods found where the stacks stand: at most one per place, and none among the places at none.
    std::vector<const VerticalBar*> at(h.places.size(), nullptr);
    bool rod_at_place = false, rods_agree = true;
    for (const VerticalBar& r : rods) {
      bool placed = false;
      for (std::size_t i = 0; i < h.places.size(); ++i) {
        const StackPlace& place = h.places[i];
        if (std::abs(r.x - place.x) > p.place_tolerance * spacing + r.width || r.bottom < place.top || r.top >= place.floor) continue;
        rod_at_place = placed = true;
        rods_agree = rods_agree && at[i] == nullptr;
        at[i] = &r;
      }
      const bool among = r.x > h.places.front().x - spacing / 2 && r.x < h.places.back().x + spacing / 2 && r.bottom >= h.places.front().top &&
                         r.top < h.places.front().floor;
      rods_agree = rods_agree && (placed || !among);
    }
    // They fix the places when they agree with them (rods the set missed, a tree on one of them: its
    // top or width lost): at least two, alike in width, their tops level, and every place with no
    // rod found holding a stack (an empty place no rod shows is not guessed).
    if (rod_at_place && !h.slots) {
      std::vector<double> ws, tops;
      for (std::size_t i = 0; i < at.size(); ++i) {
        if (at[i] != nullptr) ws.push_back(at[i]->width), tops.push_back(at[i]->top);
        else rods_agree = rods_agree && !h.places[i].bands.empty();
      }
      rods_agree = rods_agree && ws.size() >= 2;
      if (rods_agree) {
        const double w = median_of(ws), top = median_of(tops);
        for (std::size_t i = 0; i < at.size(); ++i) {
          if (at[i] == nullptr) continue;
          rods_agree = rods_agree && std::abs(at[i]->width - w) <= p.rod_tolerance * w + 1 &&
                       std::abs(at[i]->top - top) <= p.level_tolerance * at[i]->height() + 3;
        }
        for (Column& c : f.columns) c.rod_w = w;
      }
      if (rods_agree) rod_at_place = false;
    }
    if (rod_at_place) {
      if (!first_error) first_error = refuse("rods stand where the stacks are, but they make no equally spaced set of one width with level tops");
      continue;
    }
    auto read = spacing > 0 ? verify_columns(img, h.ink, p, f, {}, spacing, median_of(hs), !h.slots, h.plates)
                            : Result<Reading>(refuse("the stacks are not equally spaced"));
    if (!read) {
      if (!first_error) first_error = read.error();
      continue;
    }
    if (got && (got->state.rods != read->state.rods || got->state.config != read->state.config))
      return refuse("two sets of stacks read as different towers");
    if (!got) got = std::move(*read), found = std::move(f);
  }
  if (!got) return *first_error;
  return std::move(*got);
}

void show(DebugSink* debug, const cv::Mat& img, const Found& found, const std::string& caption) {
  if (debug == nullptr) return;
  std::vector<cv::Rect> boxes;
  std::vector<bool> kept;
  for (const VerticalBar& r : found.all_rods) {
    boxes.push_back({static_cast<int>(std::lround(r.x - r.width / 2)), r.top, std::max(1, static_cast<int>(std::lround(r.width))), r.height()});
    bool in = false;
    for (const VerticalBar& k : found.rods) in = in || std::abs(k.x - r.x) < 1;
    kept.push_back(in);
  }
  for (const Column& c : found.columns)
    for (const Bar& b : c.bars) boxes.push_back(b.box()), kept.push_back(true);
  debug->picture("hanoi", "rods and discs", draw_candidates(img, boxes, kept, "hanoi: " + caption));
}

// The read over one page model's distances (`distance`, ink beyond `t0`): at two ink thresholds,
// the goal marker, the frame's edge.
Result<Reading> read_distance(const cv::Mat& img, const cv::Mat& lab, const cv::Mat& distance, double t0, const Params& p, bool scene,
                              DebugSink* debug) {
  const int max_hole = static_cast<int>(p.max_hole_fraction * static_cast<double>(img.total()));
  // Two hypotheses of what is ink: a faint disc lost at the higher threshold, or a soft shadow
  // merged at the lower one, makes the two differ, and then neither is trusted.
  std::optional<Reading> best;
  std::optional<Error> first_error;
  const cv::Mat ink0 = ink_mask(distance, t0, max_hole);
  for (const double t : {t0, t0 * p.second_threshold}) {
    Found found;
    found.scene = scene;
    auto got = read_ink(img, lab, t == t0 ? ink0 : ink_mask(distance, t, max_hole), p, found);
    show(debug, img, found, got ? "read at Delta E " + std::to_string(static_cast<int>(t)) : got.error().message);
    if (!got) {
      if (!first_error) first_error = got.error();
      continue;
    }
    if (!best) {
      best = std::move(*got);
      continue;
    }
    if (best->state.rods != got->state.rods || best->state.config != got->state.config)
      return refuse("the discs read differently at two ink thresholds");
    // A faint goal marker may fade at the higher threshold: a marker seen wins over none.
    if (best->goal_marked && got->goal_marked && best->state.goal != got->state.goal)
      return refuse("the goal marker reads differently at two ink thresholds");
    if (!best->goal_marked && got->goal_marked) best = std::move(*got);
  }
  if (!best) return *first_error;
  // The marker at the lower threshold too, whichever threshold read the discs: a faint marker is
  // lost at the higher one, and the last rod taken for the goal.
  if (!best->base.empty() && best->disks.size() >= 2) {
    std::vector<double> xs;
    for (const cv::Point2f& c : best->centres) xs.push_back(c.x);
    const double spacing = (xs.back() - xs.front()) / static_cast<double>(xs.size() - 1);
    double h = 0;
    for (const auto& rod : best->disks)
      for (const cv::Rect& r : rod) h = std::max<double>(h, r.height);
    int bottom = 0;
    const int marked = goal_marker(ink0, best->base, xs, spacing, h, p, bottom, scene);
    if (!best->goal_marked && marked == kMarkerAstray) return refuse("the goal marker is under no rod");
    if (marked >= 0 && best->goal_marked && marked != best->state.goal)
      return refuse("the goal marker reads differently at two ink thresholds");
    if (marked >= 0) best->state.goal = marked, best->goal_marked = true;
  }
  // Rods, discs and base cut by the frame's edge read as a smaller tower (two rods of three, rods
  // standing on the edge with their base gone): refused. The scale is a disc's height (a rod's width
  // when no disc stands). A narrow page may bring the base within a few pixels of its sides, so only
  // an apparatus that touches a border (2 px) is cut by that alone.
  double scale = 0;
  for (const auto& rod : best->disks)
    for (const cv::Rect& r : rod) scale = std::max<double>(scale, r.height);
  if (scale == 0) scale = 2.0 * best->apparatus.width / std::max<std::size_t>(1, best->centres.size() * 10);
  ClipCheck clip;
  clip.min_gap = 2.0 / std::max(2.0, scale);
  if (auto whole = check_not_clipped(ink0, best->apparatus, static_cast<float>(scale), "Tower of Hanoi", clip); !whole)
    return whole.error();
  return std::move(*best);
}

// Whether the largest page plane covers enough of the picture to be the page.
bool has_page(const std::vector<PageModel>& layers, const Params& p) { return !layers.empty() && layers.front().coverage >= p.min_page_fraction; }

// The page as planes in Lab (one, or `page_layers`), each with its own ink threshold (its texture),
// distances scaled to the first layer's.
Result<Reading> read_on_planes(const cv::Mat& img, const cv::Mat& lab, const std::vector<PageModel>& layers, const Params& p, DebugSink* debug) {
  if (!has_page(layers, p)) return refuse("no page colour covers much of the image");
  auto threshold = [&](const PageModel& layer) { return std::max(p.ink_delta_e, p.texture_factor * layer.spread); };
  const double t0 = threshold(layers.front());
  std::vector<double> scales;
  for (const PageModel& layer : layers) scales.push_back(t0 / threshold(layer));
  return read_distance(img, lab, page_distance(lab, layers, scales), t0, p, false, debug);
}

// The page as an illustrated scene (vision/common/scene.hpp): flat regions reaching both side edges
// of the picture, each explaining the pixels near it. No layers when no such region is found.
Scene scene_of(const cv::Mat& lab, const Params& p) {
  SceneOptions o;
  o.flat_delta_e = p.scene_flat_delta_e;
  o.min_layer_fraction = p.scene_min_layer;
  o.reach_fraction = p.scene_reach;
  o.blend_px = p.scene_blend_px;
  o.edge_margin = p.scene_edge_margin;
  o.link_px = p.scene_link_px;
  o.link_delta_e = p.scene_link_delta_e;
  o.min_link_fraction = p.scene_min_link;
  o.fit_delta_e = p.page_fit_delta_e;
  return fit_scene(lab, o);
}

// The board over `scene` (with layers): what no layer explains.
Result<Reading> read_on_scene(const cv::Mat& img, const cv::Mat& lab, const Scene& scene, const Params& p, DebugSink* debug) {
  double spread = 0;
  for (const PageModel& layer : scene.layers) spread = std::max(spread, layer.spread);
  // Scenery (a tree, a sun) is ink too and may touch a bar: its rows are cut back to the bar's colour.
  Params q = p;
  if (q.trim_delta_e <= 0) q.trim_delta_e = p.scene_trim_delta_e;
  auto got = read_distance(img, lab, scene.distance, std::max(p.ink_delta_e, p.texture_factor * spread), q, true, debug);
  // Under the base a tree or a bush touching it hangs like a goal marker, and nothing tells the two
  // apart: a marker seen over a scene is refused rather than trusted (the last rod is no safer a guess).
  if (got && got->goal_marked) return refuse("something hangs under the base over the scenery: a goal marker, or a tree?");
  return got;
}

Result<Reading> read_unchecked(const cv::Mat& input, const Params& p, DebugSink* debug) {
  if (input.empty()) return refuse("the image is empty");
  const std::optional<cv::Mat> bgr = as_bgr8(input);
  if (!bgr) return refuse("expected an 8-bit colour image");
  const cv::Mat& img = *bgr;
  if (img.rows < 20 || img.cols < 20) return refuse("the image is too small");
  const cv::Mat lab = to_lab(img);
  const std::vector<PageModel> layers = fit_page_layers(lab, p.page_fit_delta_e, p.page_layers, p.min_layer_fraction);
  auto planes = read_on_planes(img, lab, layers, p, debug);
  if (planes || p.scene == 0) return planes;
  // Refused where no page plane covers most of the picture: read again with the page as a scene (a
  // plain page refused stays refused: a scene of one layer is that page again, at the scene's cost).
  // The planes' reason is kept when the scene does not read either, unless they found no page.
  if (!layers.empty() && layers.front().coverage >= p.scene_max_page) return planes;
  const Scene scene = scene_of(lab, p);
  if (scene.layers.empty()) return planes;
  auto on_scene = read_on_scene(img, lab, scene, p, debug);
  if (on_scene) return on_scene;
  // When the planes found no page at all, the scene's reason says how far the read got.
  if (!has_page(layers, p)) return on_scene.error();
  return planes.error();
}

}  // namespace

// The `hanoi` profile node's keys: the Params fields, their ranges and meanings (vision/common/params.hpp).
constexpr ParamSpec<Params> kParamTable[] = {
    {"page_fit_delta_e", &Params::page_fit_delta_e, 1, 100, "pixels this near the page plane are page (texture, gradient), Delta E"},
    {"min_page_fraction", &Params::min_page_fraction, 0, 1, "least share of the image the page covers"},
    {"scene", &Params::scene, 0, 1, "1: a board the page planes refuse is read again with the page as a scene (flat regions reaching both side edges, each explaining the pixels near it: a sky, hills); 0: off"},
    {"scene_max_page", &Params::scene_max_page, 0, 1, "scene: tried only when the largest page plane covers less than this share of the image (a plain page's refusal stands)"},
    {"scene_flat_delta_e", &Params::scene_flat_delta_e, 0.1, 50, "scene: a pixel is flat when its 3x3-smoothed colour steps less than this to its right and lower neighbours, Delta E"},
    {"scene_link_px", &Params::scene_link_px, 0, kAnyHi, "scene: flat regions at most this far apart along a row (a rod standing across a hill parts it) are one, px ..."},
    {"scene_link_delta_e", &Params::scene_link_delta_e, 0, 100, "scene: ... when the colours either side of the gap agree within this, Delta E, ..."},
    {"scene_min_link", &Params::scene_min_link, 0, 1, "scene: ... and each region covers at least this share of the picture (specks along a blended border do not join its sides)"},
    {"scene_trim_delta_e", &Params::scene_trim_delta_e, 0, 200, "scene: trim_delta_e when that is 0 (scenery touching a bar is cut off it), Delta E"},
    {"scene_min_layer", &Params::scene_min_layer, 0, 1, "scene: a layer is a flat region (joined across narrow gaps) reaching both side edges of the picture and covering at least this share of it"},
    {"scene_reach", &Params::scene_reach, 0, 1, "scene: a layer explains pixels within this fraction of the picture's height of its region"},
    {"scene_blend_px", &Params::scene_blend_px, 0, 50, "scene: a pixel within this of two layers is explained when it lies near the segment between their colours (a blended border), px"},
    {"scene_edge_margin", &Params::scene_edge_margin, 0, 0.5, "scene: a flat region reaches a side edge when it comes within this fraction of the picture's width of it (a hill pinched to a sliver where it leaves the picture, or cut from it by a tree)"},
    {"page_layers", &Params::page_layers, 1, 8, "the page as up to this many planes in Lab (an illustrated scene behind the board: a sky over hills); 1: one plane"},
    {"min_layer_fraction", &Params::min_layer_fraction, 0, 1, "a further page plane covers at least this share of the image and reaches both side edges"},
    {"ink_delta_e", &Params::ink_delta_e, 1, 200, "farther than this from the page a pixel is ink, Delta E"},
    {"texture_factor", &Params::texture_factor, 0, 100, "the ink threshold is at least this times the page's own spread (90th percentile), Delta E"},
    {"second_threshold", &Params::second_threshold, 1, 10, "the read is made again at the ink threshold times this; the two must agree"},
    {"max_hole_fraction", &Params::max_hole_fraction, 0, 1, "holes in ink up to this share of the image are filled (a number drawn on a disc)"},
    {"max_rod_fraction", &Params::max_rod_fraction, 0, 1, "widest rod, fraction of the image width (and at most max_rod_px)"},
    {"max_rod_px", &Params::max_rod_px, 1, kAnyHi, "widest rod, px"},
    {"min_rod_fraction", &Params::min_rod_fraction, 0, 1, "shortest rod, its top to the foot of its column, fraction of the image height"},
    {"min_rod_piece", &Params::min_rod_piece, 0, 1, "shortest visible piece of a rod, fraction of the image height"},
    {"rod_aspect", &Params::rod_aspect, 1, kAnyHi, "a rod, to the foot of its column, stands at least this times its width tall; a visible piece of it half that"},
    {"rod_fill", &Params::rod_fill, 0, 1, "least share of a rod piece's bounding box that is ink"},
    {"level_tolerance", &Params::level_tolerance, 0, 1, "rod tops and floors are level within this fraction of the rod height, plus 3 px"},
    // The keys keep their first names (profiles hold them); the fields say what they count.
    {"min_pegs", &Params::min_rods, 2, 16, "fewest rods that make a Tower of Hanoi"},
    {"max_pegs", &Params::max_rods, 2, 16, "most rods read (the solver takes up to 16)"},
    {"spacing_tolerance", &Params::spacing_tolerance, 0, 1, "rod spacings differ from their median by at most this fraction"},
    {"rod_tolerance", &Params::rod_tolerance, 0, kAnyHi, "rod widths differ from their median by at most this fraction"},
    {"disk_factor", &Params::disk_factor, 1, kAnyHi, "a row is a disc row when wider than this times the rod plus disk_extra_px"},
    {"disk_extra_px", &Params::disk_extra_px, kAnyLo, kAnyHi, "added to disk_factor times the rod width for a disc row, px"},
    {"min_disk_rows", &Params::min_disk_rows, 1, kAnyHi, "thinnest disc, px"},
    {"colour_step", &Params::colour_step, 0.5, 200, "touching discs: a colour change this large between flat rows parts them, Delta E"},
    {"edge_step", &Params::edge_step, 0, 1, "touching discs: a width dip or step this large parts them, fraction of the widest row (and at least edge_step_px)"},
    {"edge_step_px", &Params::edge_step_px, 1, kAnyHi, "touching discs: least width dip or step that parts them, px"},
    {"edge_jump", &Params::edge_jump, 0, kAnyHi, "touching discs: a width that jumps this many edge steps from one row to the next parts them, whatever their ends (0: off)"},
    {"min_part", &Params::min_part, 0, 1, "touching bars: a part thinner than this fraction of the tallest in its stack is an edge (an outline), joined to its neighbour"},
    {"trim_delta_e", &Params::trim_delta_e, 0, 200, "a bar row's ends are cut back to the first pixels this near its median colour (an outline, scenery touching it), Delta E; 0: off"},
    {"taper", &Params::taper, 0, 1, "a disc is a trapezoid when its top and bottom widths differ by this fraction of its width"},
    {"rounding", &Params::rounding, 0, 1, "a disc is rounded when its end rows are this fraction narrower than its middle"},
    {"plate_tolerance", &Params::plate_tolerance, 0, 1, "base plates (one bar at the foot of every rod): widths alike within this fraction, plus 2 px"},
    {"height_tolerance", &Params::height_tolerance, 0, 1, "disc heights differ from their median by at most this fraction"},
    {"min_step", &Params::min_step, 0, 1, "neighbouring sizes differ in width by at least this fraction of the median step"},
    {"min_step_px", &Params::min_step_px, 0, kAnyHi, "neighbouring sizes differ in width by at least this, px"},
    {"centre_tolerance", &Params::centre_tolerance, 0, 1, "a disc's centre lies within this fraction of its width (plus 2 px) of its rod"},
    {"max_gap", &Params::max_gap, 0, kAnyHi, "a disc rests within this fraction of the disc height (plus 2 px) of the disc or floor below"},
    {"max_base_discs", &Params::max_base_discs, 0, kAnyHi, "the bar the rods stand on is at most this many disc heights (plus 2 px) thick; a thicker one covers the board (a banner)"},
    {"max_stray", &Params::max_stray, 0, kAnyHi, "ink among the rods on no rod, disc, plate or base: at most this many discs' area"},
    {"scene_stray_side", &Params::scene_stray_side, 0, kAnyHi, "scene: stray ink counts only in pieces with a disc's straight side (a band of disc-wide rows a disc tall whose left or right end stays within this many edge steps; trees, hill borders are no discs); 0: all counts"},
    {"min_marker_area", &Params::min_marker_area, 0, kAnyHi, "least area of a goal marker under the base, in base heights squared"},
    {"min_marker_depth", &Params::min_marker_depth, 0, kAnyHi, "least depth of a goal marker under the base, in base heights (a shallower sliver is the base's blended edge)"},
    {"max_disks", &Params::max_disks, 1, 63, "most discs read (the solver takes up to 63)"},
    {"min_disk_width", &Params::min_disk_width, 0, 1, "no rods: narrowest disc row, fraction of the image width (and at least twice min_disk_rows, px)"},
    {"max_disk_width", &Params::max_disk_width, 0, 1, "no rods: widest disc row, fraction of the image width; a wider row is a base bar (or a banner)"},
    {"stack_tolerance", &Params::stack_tolerance, 0, 1, "no rods: the rows of one stack are centred within this fraction of the image width, plus 2 px"},
    {"place_tolerance", &Params::place_tolerance, 0, 1, "no rods: a stack stands within this fraction of the spacing of its rod's place (the base's extent in equal parts)"},
    {"stray_reach", &Params::stray_reach, 0, kAnyHi, "no rods: ink up to this many spacings over the highest disc is looked at too; on no disc, it is stray (max_stray)"},
    {"slot_delta_e", &Params::slot_delta_e, 0.5, 200, "slots: their pixels lie this near the slots' colour (the ink's commonest), Delta E"},
    {"slot_fill", &Params::slot_fill, 0, 1, "slots: least share of a slot's box that is ink (the slot, its outline, the discs in it)"},
    {"min_slot_fraction", &Params::min_slot_fraction, 0, 1, "slots: least area of a slot's box, fraction of the image"},
    {"slot_inset", &Params::slot_inset, 0, 1, "slots: discs are looked for this fraction of a slot's width (plus 2 px) inside its box (its outline left out)"},
};

std::span<const ParamSpec<Params>> param_table() { return kParamTable; }

namespace {

// What makes Params inconsistent, for people ("" when nothing).
std::string inconsistency(const Params& p) {
  if (p.min_rods < 2 || p.max_rods < p.min_rods || p.max_rods > solvers::hanoi::kMaxRods || p.min_disk_rows < 1 ||
      p.max_disks < 1 || p.max_disks > solvers::hanoi::kMaxDisks)
    return "the `hanoi` profile node has inconsistent values (2 <= min_pegs <= max_pegs <= 16, 1 <= max_disks <= 63)";
  return "";
}

}  // namespace

Result<Params> load_params(const cv::FileNode& node, const Params& defaults) {
  return params_from_table(node, "hanoi", param_table(), defaults, inconsistency);
}

Result<Reading> read(const cv::Mat& bgr, const Params& params, DebugSink* debug) {
  try {
    return read_unchecked(bgr, params, debug);
  } catch (const cv::Exception& e) {
    return make_error(std::string("hanoi reader: OpenCV failed: ") + e.what());
  }
}

// A hill climb from `start` (vision/common/learn_climb.hpp) towards more discs read on their true
// rods; switches are left alone (the reader's only ones say what a look is, not how big it is drawn).
Result<Params> learn(const cv::Mat& bgr, const State& truth, const Params& start) {
  auto agreement = [&](const Params& p) -> int {  // -1 refused; else discs on their true rods, and the goal
    auto got = read(bgr, p);
    if (!got) return -1;
    if (got->state.rods != truth.rods || got->state.disks() != truth.disks()) return 0;
    int n = got->state.goal == truth.goal ? 1 : 0;
    for (std::size_t i = 0; i < truth.config.size(); ++i) n += got->state.config[i] == truth.config[i] ? 1 : 0;
    return n;
  };
  const int exact = truth.disks() + 1;
  ClimbOptions o;
  o.scales = {0.5, 1.6};
  o.flip_switches = false;
  auto climbed = climb_params<Params>(
      param_table(), start, agreement, [&](const Params&, int score) { return score == exact; },
      [](const Params& q) { return inconsistency(q).empty(); }, o);
  if (climbed.found) return *climbed.found;
  return make_error(ErrorCode::kNoBoard, "no hanoi Params read the given board from this screenshot (is it that screenshot's board?)");
}

cv::Mat annotate(const cv::Mat& bgr, const Reading& reading, std::span<const Move> moves) {
  std::optional<cv::Mat> canvas = bgr8_copy(bgr);
  if (!canvas) return bgr.clone();
  cv::Mat& out = *canvas;
  if (!reading.base.empty()) cv::rectangle(out, reading.base, {0, 200, 0}, 2);
  for (const cv::Rect& r : reading.plates) cv::rectangle(out, r, {0, 200, 0}, 2);
  const State& st = reading.state;
  for (std::size_t rod = 0; rod < reading.disks.size(); ++rod) {
    cv::circle(out, reading.centres[rod], 5, rod == static_cast<std::size_t>(st.goal) ? cv::Scalar(255, 0, 255) : cv::Scalar(0, 200, 0),
               cv::FILLED);
    // Sizes on this rod, bottom to top: the config's disks on it from the largest.
    std::vector<int> sizes;
    for (int d = st.disks() - 1; d >= 0; --d)
      if (st.config[static_cast<std::size_t>(d)] == rod) sizes.push_back(d + 1);
    for (std::size_t k = 0; k < reading.disks[rod].size(); ++k) {
      const cv::Rect& r = reading.disks[rod][k];
      cv::rectangle(out, r, {0, 0, 255}, 2);
      if (k < sizes.size())
        cv::putText(out, std::to_string(sizes[k]), {r.x + r.width + 4, r.y + r.height}, cv::FONT_HERSHEY_SIMPLEX,
                    std::max(0.4, r.height / 25.0), {0, 0, 255}, 1, cv::LINE_AA);
    }
  }
  std::string text;
  for (std::size_t i = 0; i < moves.size() && i < 40; ++i)
  {
    if (i > 0) text += ' ';
    text += std::to_string(moves[i].from + 1);
    text += '>';
    text += std::to_string(moves[i].to + 1);
  }
  if (moves.size() > 40) text += " ...";
  if (!text.empty())
    cv::putText(out, text, {8, std::max(20, reading.apparatus.y - 8)}, cv::FONT_HERSHEY_SIMPLEX, 0.5, {255, 0, 0}, 1, cv::LINE_AA);
  return out;
}

}  // namespace pb::vision::hanoi
