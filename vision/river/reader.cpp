/* reader.cpp: the river-crossing reader: common colours -> bank | water | bank -> figures and hull -> counts. */
#include "vision/river/reader.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <optional>
#include <opencv2/imgproc.hpp>
#include <string>

#include "vision/common/colour.hpp"
#include "vision/common/learn_climb.hpp"
#include "vision/common/params.hpp"
#include "vision/common/pixels.hpp"

namespace pb::vision::river {
namespace {

// One large connected region of one of the common colours.
struct Region {
  int colour = 0;  // index into the candidate colours
  int label = 0;   // in that colour's label image
  cv::Rect box;
  int area = 0;
};

// A blob in a mask: its box and the pixels inside its outline (holes filled, so a letter drawn in
// a colour close to the ground does not change the shape).
struct Blob {
  cv::Rect box;  // in the mask's coordinates
  int filled = 0;
};

std::vector<Blob> blobs_of(const cv::Mat& mask) {
  cv::Mat labels, stats, centroids;
  const int n = cv::connectedComponentsWithStats(mask, labels, stats, centroids, 8, CV_32S);
  std::vector<Blob> out;
  for (int i = 1; i < n; ++i) {
    const cv::Rect box(stats.at<int>(i, cv::CC_STAT_LEFT), stats.at<int>(i, cv::CC_STAT_TOP),
                       stats.at<int>(i, cv::CC_STAT_WIDTH), stats.at<int>(i, cv::CC_STAT_HEIGHT));
    // Outside = what a flood from the padded border reaches; the rest of the box is the blob.
    cv::Mat pad = cv::Mat::zeros(box.height + 2, box.width + 2, CV_8U);
    cv::Mat inner = pad(cv::Rect(1, 1, box.width, box.height));
    inner.setTo(255, labels(box) == i);
    const int outside = cv::floodFill(pad, cv::Point(0, 0), 128, nullptr, 0, 0, 4);
    const int border = 2 * (box.width + 2) + 2 * box.height;
    out.push_back({box, box.area() - (outside - border)});
  }
  return out;
}

// The large connected regions of each of `colours` (4-connected, within the region tolerance).
struct Regions {
  std::vector<cv::Vec3b> colours;
  std::vector<cv::Mat> labels;  // per colour
  std::vector<Region> regions;
};

Regions regions_of(const cv::Mat& img, std::vector<cv::Vec3b> colours, const Params& p) {
  Regions out;
  out.colours = std::move(colours);
  out.labels.resize(out.colours.size());
  const double min_area = p.min_region_fraction * static_cast<double>(img.total());
  for (std::size_t c = 0; c < out.colours.size(); ++c) {
    cv::Mat stats, centroids;
    const int n = cv::connectedComponentsWithStats(near_colour(img, out.colours[c], p.region_tolerance), out.labels[c],
                                                   stats, centroids, 4, CV_32S);
    for (int i = 1; i < n; ++i)
      if (stats.at<int>(i, cv::CC_STAT_AREA) >= min_area)
        out.regions.push_back({static_cast<int>(c), i,
                               {stats.at<int>(i, cv::CC_STAT_LEFT), stats.at<int>(i, cv::CC_STAT_TOP),
                                stats.at<int>(i, cv::CC_STAT_WIDTH), stats.at<int>(i, cv::CC_STAT_HEIGHT)},
                               stats.at<int>(i, cv::CC_STAT_AREA)});
  }
  return out;
}

struct Scene {
  Region bank, water, right;  // left bank, water, right bank
};

// Two regions of one colour meeting a region of another colour on its two sides, with the same top
// and bottom; the largest such triple.
std::optional<Scene> find_scene(const Regions& rs, int width, const Params& p) {
  const int tol = std::max(2, static_cast<int>(std::lround(p.edge_tolerance * width)));
  auto near = [tol](int a, int b) { return std::abs(a - b) <= tol; };
  std::optional<Scene> best;
  long long best_area = 0;
  for (const Region& w : rs.regions)
    for (const Region& l : rs.regions) {
      if (l.colour == w.colour || !near(l.box.x + l.box.width, w.box.x) || !near(l.box.y, w.box.y) ||
          !near(l.box.br().y, w.box.br().y))
        continue;
      for (const Region& r : rs.regions) {
        if (r.colour != l.colour || r.label == l.label || !near(w.box.x + w.box.width, r.box.x) ||
            !near(r.box.y, w.box.y) || !near(r.box.br().y, w.box.br().y))
          continue;
        const long long area = static_cast<long long>(l.area) + w.area + r.area;
        if (area > best_area) best_area = area, best = Scene{l, w, r};
      }
    }
  return best;
}

Result<Reading> read_unchecked(const cv::Mat& input, const Params& p, DebugSink* debug) {
  if (input.empty()) return make_error(ErrorCode::kNoBoard, "no board found: the image is empty");
  const std::optional<cv::Mat> bgr = as_bgr8(input);
  if (!bgr) return make_error(ErrorCode::kNoBoard, "no board found: expected an 8-bit colour image");
  const cv::Mat& img = *bgr;
  if (img.rows < 20 || img.cols < 20) return make_error(ErrorCode::kNoBoard, "no board found: the image is too small");

  // Bank | water | bank on a small copy (a labelling per candidate colour is the costly step), then
  // each box tightened at full size to the pixels of its colour near it.
  const double shrink = std::min(1.0, p.coarse_width / img.cols);
  const cv::Size small_size(static_cast<int>(img.cols * shrink), static_cast<int>(img.rows * shrink));
  if (small_size.width < 20 || small_size.height < 20)
    return make_error(ErrorCode::kNoBoard, "no board found: the image is too narrow for a river scene");
  cv::Mat small = img;
  if (shrink < 1) cv::resize(img, small, small_size, 0, 0, cv::INTER_NEAREST);
  const Regions coarse = regions_of(small, common_colours(small, p.colours, p.region_tolerance), p);
  const auto seen = find_scene(coarse, small.cols, p);
  if (!seen) return make_error(ErrorCode::kNoBoard, "no board found: no river between two banks of one colour");
  const cv::Vec3b bank_colour = coarse.colours[static_cast<std::size_t>(seen->bank.colour)];
  const cv::Vec3b water_colour = coarse.colours[static_cast<std::size_t>(seen->water.colour)];
  const int pad = static_cast<int>(std::ceil(2 / shrink)) + 1;
  auto refine = [&](const cv::Rect& b, const cv::Vec3b& colour) {
    cv::Rect r(cvFloor(b.x / shrink) - pad, cvFloor(b.y / shrink) - pad, cvCeil(b.width / shrink) + 2 * pad,
               cvCeil(b.height / shrink) + 2 * pad);
    r &= cv::Rect(0, 0, img.cols, img.rows);
    // First and last rows (columns) where the colour covers a good part of the region's width
    // (height): stray pixels of that colour nearby, in anti-aliased text say, do not count.
    const cv::Mat m = near_colour(img(r), colour, p.region_tolerance) / 255;
    cv::Mat rows, cols;
    cv::reduce(m, rows, 1, cv::REDUCE_SUM, CV_32S);
    cv::reduce(m, cols, 0, cv::REDUCE_SUM, CV_32S);
    auto span = [&](const cv::Mat& sums, int n, double need) {
      int lo = 0, hi = n - 1;
      while (lo < n && sums.at<int>(lo) < need) ++lo;
      while (hi > lo && sums.at<int>(hi) < need) --hi;
      return std::pair{lo, hi + 1};
    };
    const auto [y0, y1] = span(rows, r.height, p.edge_coverage * b.width / shrink);
    const auto [x0, x1] = span(cols, r.width, p.edge_coverage * b.height / shrink);
    return cv::Rect(r.x + x0, r.y + y0, std::max(0, x1 - x0), std::max(0, y1 - y0));
  };
  Reading out;
  out.frame = img.size();
  // A failed read shows what it found to the sink: the banks, the river, the boat and the figures.
  const auto failed = [&](Error why) -> Error {
    if (debug != nullptr) {
      std::vector<cv::Rect> boxes;
      for (const cv::Rect& r : {out.left_bank, out.water, out.right_bank, out.hull})
        if (!r.empty()) boxes.push_back(r);
      for (const Figure& f : out.figures) boxes.push_back(f.box);
      debug->picture("river", "scene", draw_candidates(img, boxes, std::vector<bool>(boxes.size(), true),
                                                       "banks and river, " + std::to_string(out.figures.size()) + " figures"));
    }
    return why;
  };
  out.left_bank = refine(seen->bank.box, bank_colour);
  out.water = refine(seen->water.box, water_colour);
  out.right_bank = refine(seen->right.box, bank_colour);
  {
    const int tol = std::max(2, static_cast<int>(std::lround(p.edge_tolerance * img.cols)));
    auto near = [tol](int a, int b) { return std::abs(a - b) <= tol; };
    const cv::Rect &l = out.left_bank, &w = out.water, &r = out.right_bank;
    if (l.empty() || w.empty() || r.empty() || !near(l.br().x, w.x) || !near(w.br().x, r.x) || !near(l.y, w.y) || !near(r.y, w.y) || !near(l.br().y, w.br().y) ||
        !near(r.br().y, w.br().y))
      return failed(make_error(ErrorCode::kNoBoard, "no board found: the banks and the river do not line up at full size"));
  }
  // Not ground: 255 where a pixel of `box` is not `colour`.
  auto not_ground = [&](const cv::Rect& box, const cv::Vec3b& colour) {
    cv::Mat m;
    cv::bitwise_not(near_colour(img(box), colour, p.region_tolerance), m);
    return m;
  };

  // Figures: blobs that are not ground. `fill` tells squares (guards) from discs (prisoners).
  std::vector<Figure>& figs = out.figures;
  auto take = [&](const cv::Mat& mask, cv::Point origin, Place place) -> Result<void> {
    for (const Blob& b : blobs_of(mask)) {
      if (b.box.width < p.min_figure_px || b.box.height < p.min_figure_px) continue;  // a speck, not a figure
      const double aspect = static_cast<double>(std::max(b.box.width, b.box.height)) / std::min(b.box.width, b.box.height);
      const double fill = static_cast<double>(b.filled) / b.box.area();
      if (aspect > p.max_aspect || fill < p.min_fill)
        return failed(make_error(ErrorCode::kNoBoard, "no board found: a shape on the " + std::string(place == Place::kBoat ? "boat" : "bank") +
                          " is neither a square nor a disc"));
      const cv::Rect box = b.box + origin;
      figs.push_back({place, fill >= p.square_fill, {box.x + box.width / 2.0f, box.y + box.height / 2.0f}, box, fill});
      if (static_cast<int>(figs.size()) > p.max_figures)
        return failed(make_error(ErrorCode::kNoBoard, "no board found: more than " + std::to_string(p.max_figures) + " figures"));
    }
    return {};
  };
  for (int side = 0; side < 2; ++side) {
    const cv::Rect& bank = side == 0 ? out.left_bank : out.right_bank;
    if (auto r = take(not_ground(bank, bank_colour), bank.tl(), side == 0 ? Place::kLeft : Place::kRight); !r) return r.error();
  }

  // The hull: the largest blob in the water; its top edge is its widest row (the hull narrows
  // downwards, and passengers are narrower than the hull), and passengers sit above it.
  const cv::Rect& water = out.water;
  const cv::Mat wet = not_ground(water, water_colour);
  cv::Mat wl, ws, wc;
  const int wn = cv::connectedComponentsWithStats(wet, wl, ws, wc, 8, CV_32S);
  int hull = 0;
  for (int i = 1; i < wn; ++i)
    if (hull == 0 || ws.at<int>(i, cv::CC_STAT_AREA) > ws.at<int>(hull, cv::CC_STAT_AREA)) hull = i;
  if (hull == 0) return failed(make_error(ErrorCode::kNoBoard, "no board found: no boat on the river"));
  const cv::Rect hb(ws.at<int>(hull, cv::CC_STAT_LEFT), ws.at<int>(hull, cv::CC_STAT_TOP), ws.at<int>(hull, cv::CC_STAT_WIDTH),
                    ws.at<int>(hull, cv::CC_STAT_HEIGHT));
  std::vector<int> count(static_cast<std::size_t>(hb.height), 0);
  for (int y = 0; y < hb.height; ++y) {
    const int* row = wl.ptr<int>(hb.y + y);
    for (int x = hb.x; x < hb.x + hb.width; ++x) count[static_cast<std::size_t>(y)] += row[x] == hull;
  }
  const int widest = *std::max_element(count.begin(), count.end());
  int top = 0;
  while (count[static_cast<std::size_t>(top)] < widest) ++top;
  // An anti-aliased top row is about as wide as the row under it; passengers above are much narrower.
  while (top > 0 && count[static_cast<std::size_t>(top - 1)] >= p.hull_edge_fraction * count[static_cast<std::size_t>(top)]) --top;
  const int hull_top = hb.y + top;  // water coordinates
  if (hb.y + hb.height - hull_top < p.min_figure_px / 2 + 1) return failed(make_error(ErrorCode::kNoBoard, "no board found: the boat is too thin"));
  out.hull = cv::Rect(hb.x, hull_top, hb.width, hb.y + hb.height - hull_top) + water.tl();
  out.hull_centre = {static_cast<float>(out.hull.x + out.hull.width / 2.0), static_cast<float>(out.hull.y + out.hull.height / 2.0)};
  const bool boat_left = out.hull_centre.x < water.x + water.width / 2.0;
  if (hull_top > 0) {
    if (auto r = take(wet.rowRange(0, hull_top), water.tl(), Place::kBoat); !r) return r.error();
  }

  if (figs.empty()) return failed(make_error(ErrorCode::kNoBoard, "no board found: no guards or prisoners on the banks"));
  // Radii: a prisoner's width is its diameter, a guard's its side.
  std::vector<double> radii;
  for (const Figure& f : figs) radii.push_back(f.box.width / (f.guard ? p.guard_side : 2.0));
  out.radius = median_of(radii);
  for (double r : radii)
    if (std::abs(r - out.radius) > p.size_tolerance * out.radius)
      return failed(make_error(ErrorCode::kNoBoard, "no board found: the figures differ in size"));

  // Confidence: how far each fill lies from the square/disc boundary, towards its kind's ideal.
  const double disc = std::numbers::pi / 4;
  double conf = 1;
  for (const Figure& f : figs)
    conf = std::min(conf, f.guard ? (f.fill - p.square_fill) / (1 - p.square_fill) + 0.5
                                  : (p.square_fill - f.fill) / std::max(1e-6, p.square_fill - disc));

  State& st = out.state;
  if (p.boat > 0) {
    st.boat = p.boat;
  } else {
    out.seats = (widest / out.radius - p.hull_extra_radii) / p.seat_radii;
    const long seats = std::lround(out.seats);
    if (seats < 1 || std::abs(out.seats - static_cast<double>(seats)) > p.seat_tolerance)
      return failed(make_error(ErrorCode::kNoBoard, "no board found: the boat's width (" + std::to_string(widest) + " px) is not a whole number of seats; set `boat` in the profile's `river` node"));
    st.boat = static_cast<int>(seats);
    conf = std::min(conf, 1 - std::abs(out.seats - static_cast<double>(seats)) / p.seat_tolerance);
  }
  out.confidence = std::clamp(conf, 0.0, 1.0);

  int g[2] = {0, 0}, pr[2] = {0, 0};  // left, right
  for (const Figure& f : figs) {
    const int side = f.place == Place::kLeft ? 0 : f.place == Place::kRight ? 1 : (boat_left ? 0 : 1);
    ++(f.guard ? g : pr)[side];
    if (f.place == Place::kBoat) ++(f.guard ? out.aboard.guards : out.aboard.prisoners);
  }
  if (out.aboard.guards + out.aboard.prisoners > st.boat)
    return failed(make_error(ErrorCode::kNoBoard, "no board found: " + std::to_string(out.aboard.guards + out.aboard.prisoners) +
                      " passengers in a boat for " + std::to_string(st.boat)));
  if (st.boat > solvers::river::kMaxBoat) return failed(make_error(ErrorCode::kNoBoard, "no board found: the boat is implausibly long"));
  st.guards = g[0] + g[1];
  st.prisoners = pr[0] + pr[1];
  st.left_guards = g[0];
  st.left_prisoners = pr[0];
  st.boat_left = boat_left;
  // Figures in reading order: left bank, right bank, boat; guards before prisoners within each.
  std::stable_sort(figs.begin(), figs.end(), [](const Figure& a, const Figure& b) {
    return a.place != b.place ? a.place < b.place : a.guard > b.guard;
  });
  return out;
}

}  // namespace

// The `river` profile node's keys: the Params fields, their ranges and meanings (vision/common/params.hpp).
constexpr ParamSpec<Params> kParamTable[] = {
    {"colours", &Params::colours, kAnyLo, kAnyHi, "how many of the commonest colours are tried as bank and water"},
    {"coarse_width", &Params::coarse_width, kAnyLo, kAnyHi, "banks and water are first looked for on a copy this wide, px"},
    {"region_tolerance", &Params::region_tolerance, kAnyLo, kAnyHi, "within this of a region's colour a pixel belongs to the region"},
    {"min_region_fraction", &Params::min_region_fraction, kAnyLo, kAnyHi, "least area of a bank, fraction of the image"},
    {"edge_tolerance", &Params::edge_tolerance, kAnyLo, kAnyHi, "banks meet the water within this fraction of the image width (at least 2 px)"},
    {"edge_coverage", &Params::edge_coverage, kAnyLo, kAnyHi, "a region's edge row (column) is at least this fraction its colour"},
    {"min_figure_px", &Params::min_figure_px, kAnyLo, kAnyHi, "narrowest figure, px"},
    {"size_tolerance", &Params::size_tolerance, kAnyLo, kAnyHi, "figures' radii differ from their median by at most this fraction"},
    {"square_fill", &Params::square_fill, kAnyLo, kAnyHi, "a figure filling at least this fraction of its box is a guard (square)"},
    {"min_fill", &Params::min_fill, kAnyLo, kAnyHi, "a figure filling at least this fraction of its box (and less than square_fill) is a prisoner (disc); less is not a figure"},
    {"max_aspect", &Params::max_aspect, kAnyLo, kAnyHi, "a figure's box is at most this much longer one way than the other"},
    {"guard_side", &Params::guard_side, kAnyLo, kAnyHi, "a guard's side, figure radii (a prisoner's diameter is 2)"},
    {"seat_radii", &Params::seat_radii, kAnyLo, kAnyHi, "hull width per seat, figure radii"},
    {"hull_extra_radii", &Params::hull_extra_radii, kAnyLo, kAnyHi, "hull width beyond the seats (bow and stern), figure radii"},
    {"seat_tolerance", &Params::seat_tolerance, kAnyLo, kAnyHi, "the hull's width is within this many seats of a whole number"},
    {"hull_edge_fraction", &Params::hull_edge_fraction, kAnyLo, kAnyHi, "a row at least this fraction as wide as the one below still is hull"},
    {"boat", &Params::boat, kAnyLo, kAnyHi, "> 0: the boat's capacity, and the hull's width is not read"},
    {"max_figures", &Params::max_figures, kAnyLo, kAnyHi, "more blobs than this: not a river scene"},
};

std::span<const ParamSpec<Params>> param_table() { return kParamTable; }

namespace {

// What is inconsistent about `p` ("" when nothing): for profiles and for learn()'s candidates.
std::string inconsistency(const Params& p) {
  if (p.colours < 2 || p.colours > 64 || !(p.coarse_width >= 50) || p.region_tolerance < 0 || p.min_figure_px < 1 ||
      p.min_fill <= 0 || p.square_fill <= p.min_fill || p.square_fill > 1 || p.guard_side <= 0 || p.seat_radii <= 0 ||
      p.boat < 0 || p.boat > solvers::river::kMaxBoat || p.max_figures < 1)
    return "the `river` profile node has inconsistent values (2 <= colours <= 64, coarse_width >= 50, 0 < min_fill < "
           "square_fill <= 1, guard_side and seat_radii > 0, 0 <= boat <= 100)";
  return "";
}

}  // namespace

Result<Params> load_params(const cv::FileNode& node, const Params& defaults) {
  return params_from_table(node, "river", param_table(), defaults, inconsistency);
}

Result<Reading> read(const cv::Mat& bgr, const Params& params, DebugSink* debug) {
  try {
    return read_unchecked(bgr, params, debug);
  } catch (const cv::Exception& e) {
    std::string what = e.what();  // OpenCV's messages span lines; errors are one line
    std::replace(what.begin(), what.end(), '\n', ' ');
    return make_error("river reader: OpenCV failed: " + what);
  }
}

// A hill climb from `start` (vision/common/learn_climb.hpp), a number scaled at a time, towards more
// of the truth read: the six numbers of the board text and who sits in the boat (none, in a shot to
// learn from, unless the board says so: the board text does not).
Result<Params> learn(const cv::Mat& bgr, const State& truth, const Params& start) {
  auto agreement = [&](const Params& p) -> int {  // -1 refused; else fields of the board read right
    auto got = read(bgr, p);
    if (!got) return -1;
    const State& g = got->state;
    return (g.guards == truth.guards) + (g.prisoners == truth.prisoners) + (g.boat == truth.boat) +
           (g.left_guards == truth.left_guards) + (g.left_prisoners == truth.left_prisoners) + (g.boat_left == truth.boat_left);
  };
  auto climbed = climb_params<Params>(
      param_table(), start, agreement, [&](const Params&, int score) { return score == 6; },
      [](const Params& q) { return inconsistency(q).empty(); });
  if (climbed.found) return *climbed.found;
  return make_error(ErrorCode::kNoBoard, "learn: no river Params read this screenshot as the given board (" +
                                             std::to_string(climbed.tried) + " settings tried; the closest " +
                                             (climbed.score < 0 ? std::string("refused it") : "got " + std::to_string(climbed.score) + " of 6 numbers right") +
                                             "): is it the board the screenshot shows?");
}

cv::Mat annotate(const cv::Mat& bgr, const Reading& reading, std::span<const Move> trips) {
  std::optional<cv::Mat> canvas = bgr8_copy(bgr);
  if (!canvas) return bgr.clone();
  cv::Mat& out = *canvas;
  cv::rectangle(out, reading.left_bank, {0, 200, 0}, 2);
  cv::rectangle(out, reading.right_bank, {0, 200, 0}, 2);
  cv::rectangle(out, reading.water, {200, 200, 0}, 2);
  cv::rectangle(out, reading.hull, {255, 0, 255}, 2);
  cv::circle(out, reading.hull_centre, 4, {255, 0, 255}, cv::FILLED);
  for (const Figure& f : reading.figures) {
    const cv::Scalar colour = f.guard ? cv::Scalar(0, 0, 255) : cv::Scalar(255, 0, 0);
    cv::rectangle(out, f.box, colour, 2);
    cv::putText(out, f.guard ? "G" : "P", {f.box.x, f.box.y - 3}, cv::FONT_HERSHEY_SIMPLEX, 0.5, colour, 1, cv::LINE_AA);
  }
  std::string text = "boat " + std::to_string(reading.state.boat) + (reading.state.boat_left ? " left" : " right");
  bool left = reading.state.boat_left;
  for (std::size_t i = 0; i < trips.size() && i < 30; ++i, left = !left)
    text += (i == 0 ? ": " : " ") + std::to_string(trips[i].guards) + "G" + std::to_string(trips[i].prisoners) + "P" +
            (left ? ">" : "<");
  if (trips.size() > 30) text += " ...";
  cv::putText(out, text, {8, std::max(20, reading.water.y - 8)}, cv::FONT_HERSHEY_SIMPLEX, 0.5, {0, 0, 255}, 1, cv::LINE_AA);
  return out;
}

}  // namespace pb::vision::river
