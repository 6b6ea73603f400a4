/* reader.cpp: Pegs' discs (detect), their lattice fitted from the discs alone, and peg/hole per site (decode). */
#include "vision/pegs/reader.hpp"

// Rejected designs:
// - Hough circles: needs radius bounds (unknown: the window sets the tile size) and edge thresholds
//   that depend on the colour scheme; solid discs are simpler found as round connected blobs.
// - Telling pegs from holes by colour: the colours are user-set (PEGS_COLOUR_n) and the keyboard
//   cursor recolours one site; the game always draws pegs at 2/3 and holes at 1/2 of a tile.
// - The grid from the board's bevelled outline: it is only a couple of pixels wide, may be the
//   background's colour, and gives no site where the outline is straight for several tiles.

#include <algorithm>
#include <cmath>
#include <opencv2/imgproc.hpp>

// Colour and lattice helpers are shared with the Fifteen reader (header-only).
#include "vision/common/clipping.hpp"
#include "vision/common/colour.hpp"
#include "vision/common/lattice.hpp"
#include "vision/common/params.hpp"

namespace pb::vision::pegs {
namespace {

// Round, solid blobs of non-background pixels (`ink`: 255 where a pixel is not background).
std::vector<Disc> disc_candidates(const cv::Mat& ink, const Params& p) {
  cv::Mat labels, stats, centroids;
  int n = cv::connectedComponentsWithStats(ink, labels, stats, centroids, 8, CV_32S);
  std::vector<Disc> discs;
  for (int i = 1; i < n; ++i) {
    int w = stats.at<int>(i, cv::CC_STAT_WIDTH), h = stats.at<int>(i, cv::CC_STAT_HEIGHT);
    int area = stats.at<int>(i, cv::CC_STAT_AREA);
    if (std::min(w, h) < p.min_disc_px) continue;
    if (std::max(w, h) > p.max_disc_aspect * std::min(w, h)) continue;
    double fill = static_cast<double>(area) / (static_cast<double>(w) * h);
    if (fill < p.min_disc_fill || fill > p.max_disc_fill) continue;
    Disc d;
    d.box = cv::Rect(stats.at<int>(i, cv::CC_STAT_LEFT), stats.at<int>(i, cv::CC_STAT_TOP), w, h);
    d.centre = cv::Point2f(static_cast<float>(centroids.at<double>(i, 0)), static_cast<float>(centroids.at<double>(i, 1)));
    d.diameter = static_cast<float>(2 * std::sqrt(area / CV_PI));
    discs.push_back(d);
  }
  return discs;
}

// The discs of the board's sizes: of every range of diameters [d, 1.6 d] (pegs and holes may differ
// by 4/3) holding at least `min_count` discs, the one covering the most area. Round letters in a
// window's menus and lists are discs too, many and small, and a desktop around a window can be one
// huge roundish blob; either would otherwise set the pitch. No range that full: all the discs.
std::vector<Disc> board_sized(std::vector<Disc> discs, int min_count) {
  std::sort(discs.begin(), discs.end(), [](const Disc& a, const Disc& b) { return a.diameter < b.diameter; });
  std::size_t best_lo = 0, best_hi = 0;
  double best_area = -1;
  for (std::size_t lo = 0; lo < discs.size(); ++lo) {
    double area = 0;
    std::size_t hi = lo;
    for (; hi < discs.size() && discs[hi].diameter <= 1.6f * discs[lo].diameter; ++hi)
      area += static_cast<double>(discs[hi].diameter) * discs[hi].diameter;
    if (static_cast<int>(hi - lo) >= min_count && area > best_area) best_area = area, best_lo = lo, best_hi = hi;
  }
  if (best_area < 0) return discs;
  return {discs.begin() + static_cast<long>(best_lo), discs.begin() + static_cast<long>(best_hi)};
}

// Median distance from a disc to its nearest neighbour straight right or straight below.
float disc_pitch(const std::vector<Disc>& discs) {
  return neighbour_pitch(
      discs, [](const Disc& d) { return d.centre; },
      [](const Disc& a, const Disc& b) { return std::max(a.diameter, b.diameter) / 2; });
}

// Discs linked through neighbours one pitch away (the board), as indices into `discs`.
std::vector<std::size_t> largest_cluster(const std::vector<Disc>& discs, float pitch, double tolerance) {
  return largest_linked_group(discs, [&](const Disc& a, const Disc& b) {
    cv::Point2f d = b.centre - a.centre;
    float along = std::max(std::abs(d.x), std::abs(d.y)), across = std::min(std::abs(d.x), std::abs(d.y));
    // Neighbours in a row or column; an empty outside site between two discs is also allowed.
    float steps = std::round(along / pitch);
    return steps >= 1 && steps <= 2 && std::abs(along - steps * pitch) <= tolerance * pitch && across <= tolerance * pitch;
  });
}

bool near_ratio(double diameter, double pitch, double expected, double tolerance) {
  return std::abs(diameter / pitch - expected) <= tolerance * expected;
}

Result<Lattice> detect_with_background(const cv::Mat& bgr, const cv::Vec3b& bg, const Params& p, DebugSink* debug) {
  cv::Mat ink;
  cv::bitwise_not(near_colour(bgr, bg, p.background_tolerance), ink);
  std::vector<Disc> all = board_sized(disc_candidates(ink, p), p.min_sites);
  std::vector<std::size_t> members;
  // A failed read shows its discs to the sink: those on the board's lattice green, the others red.
  auto failed = [&](Error why) -> Error {
    if (debug != nullptr) {
      std::vector<cv::Rect> boxes;
      std::vector<bool> kept;
      for (std::size_t i = 0; i < all.size(); ++i) {
        boxes.push_back(all[i].box);
        kept.push_back(std::find(members.begin(), members.end(), i) != members.end());
      }
      debug->picture("pegs", "discs", draw_candidates(bgr, boxes, kept, std::to_string(all.size()) + " round discs, " +
                                                                            std::to_string(members.size()) + " on one lattice"));
    }
    return why;
  };
  if (static_cast<int>(all.size()) < p.min_sites) return failed(make_error(ErrorCode::kNoBoard, "no board found: no pegs or holes (round discs)"));
  float pitch = disc_pitch(all);
  if (pitch <= 0) return failed(make_error(ErrorCode::kNoBoard, "no board found: the round discs are not in rows and columns"));
  members = largest_cluster(all, pitch, p.lattice_tolerance);
  if (static_cast<int>(members.size()) < p.min_sites)
    return failed(make_error(ErrorCode::kNoBoard, "no board found: too few discs on a common lattice"));
  // Pegs and holes of one size (Peg Solitaire): told apart by colour in decode().
  float smallest = all[members.front()].diameter, largest = smallest;
  for (std::size_t i : members) smallest = std::min(smallest, all[i].diameter), largest = std::max(largest, all[i].diameter);
  const bool one_size = largest <= smallest * (1 + p.one_size_spread);
  for (std::size_t i : members) {
    Disc& d = all[i];
    int half = std::max(1, static_cast<int>(d.diameter / 4));
    cv::Rect middle = cv::Rect(static_cast<int>(d.centre.x) - half, static_cast<int>(d.centre.y) - half, 2 * half, 2 * half) &
                      cv::Rect(0, 0, bgr.cols, bgr.rows);
    cv::Scalar m = cv::mean(bgr(middle));
    d.chroma = static_cast<float>(std::max({m[0], m[1], m[2]}) - std::min({m[0], m[1], m[2]}));
    // Pegs and holes told apart by size are measured at half contrast (pixels nearer the disc's own
    // colour than the background's): JPEG's colour bleed and anti-aliasing spread a disc's edge
    // evenly about the true one, so this size stays where the game drew it (within tolerance of the
    // background, a compressed disc grew by 3-4 px and was refused as neither peg nor hole).
    if (!one_size && !middle.empty()) {
      const cv::Vec3b own(cv::saturate_cast<std::uint8_t>(m[0]), cv::saturate_cast<std::uint8_t>(m[1]), cv::saturate_cast<std::uint8_t>(m[2]));
      const cv::Rect around = cv::Rect(d.box.x - 3, d.box.y - 3, d.box.width + 6, d.box.height + 6) & cv::Rect(0, 0, bgr.cols, bgr.rows);
      int area = 0;
      for (int y = around.y; y < around.br().y; ++y)
        for (int x = around.x; x < around.br().x; ++x) {
          const cv::Vec3b& px = bgr.at<cv::Vec3b>(y, x);
          area += colour_distance(px, own) < colour_distance(px, bg) ? 1 : 0;
        }
      d.diameter = static_cast<float>(2 * std::sqrt(area / CV_PI));
    }
  }
  // Otherwise every member must be a peg or a hole by size; anything else on the lattice is not Pegs.
  for (std::size_t i : members) {
    if (one_size) break;
    float d = all[i].diameter;
    if (!near_ratio(d, pitch, p.peg_diameter, p.diameter_tolerance) &&
        !near_ratio(d, pitch, p.hole_diameter, p.diameter_tolerance))
      return failed(make_error(ErrorCode::kNoBoard, "no board found: discs " + std::to_string(static_cast<int>(d)) + " px wide, " +
                        std::to_string(static_cast<int>(pitch)) + " px apart, are neither pegs nor holes"));
  }

  std::vector<cv::Point2f> centres;
  for (std::size_t i : members) centres.push_back(all[i].centre);
  auto fit = fit_sites(centres, pitch, p.max_side);
  if (!fit) return failed(fit.error());
  const std::vector<std::pair<int, int>>& sites = fit->sites;
  Lattice lat;
  lat.pitch = pitch;
  lat.background = bg;
  lat.ink = ink;
  lat.one_size = one_size;
  lat.rows = fit->rows;
  lat.cols = fit->cols;
  lat.origin = fit->origin;
  auto cells = static_cast<std::size_t>(lat.rows * lat.cols);
  lat.discs.assign(cells, Disc{});
  lat.offsets.assign(cells, 0.0f);
  for (std::size_t k = 0; k < members.size(); ++k) {
    const Disc& d = all[members[k]];
    auto [row, col] = sites[k];
    cv::Point2f off = d.centre - lat.centre(row, col);
    float dist = std::hypot(off.x, off.y) / pitch;
    if (dist > p.lattice_tolerance)
      return failed(make_error("a peg between sites near (" + std::to_string(static_cast<int>(d.centre.x)) + ", " +
                        std::to_string(static_cast<int>(d.centre.y)) +
                        "): is a drag in progress? read again once the window is still"));
    auto idx = static_cast<std::size_t>(row * lat.cols + col);
    if (lat.discs[idx].diameter > 0) return failed(make_error(ErrorCode::kNoBoard, "no board found: two discs on one lattice site"));
    lat.discs[idx] = d;
    lat.offsets[idx] = dist;
  }
  lat.board = lattice_bounds(lat.origin, lat.rows, lat.cols, pitch);
  // A board cut by the frame's edge reads as a smaller one (the cut row's discs are no longer round
  // and were dropped): refused.
  if (auto whole = check_not_clipped(ink, lat.board, pitch, "Pegs"); !whole) return failed(whole.error());
  // A peg- or hole-sized disc inside the board but off the lattice: a dragged peg, or not Pegs.
  for (std::size_t i = 0; i < all.size(); ++i) {
    if (std::find(members.begin(), members.end(), i) != members.end()) continue;
    bool sized = one_size ? all[i].diameter >= smallest * (1 - p.one_size_spread) &&
                                all[i].diameter <= largest * (1 + p.one_size_spread)
                          : near_ratio(all[i].diameter, pitch, p.peg_diameter, p.diameter_tolerance) ||
                                near_ratio(all[i].diameter, pitch, p.hole_diameter, p.diameter_tolerance);
    if (sized && lat.board.contains(cv::Point(all[i].centre)))
      return failed(make_error("a peg between sites near (" + std::to_string(static_cast<int>(all[i].centre.x)) + ", " +
                        std::to_string(static_cast<int>(all[i].centre.y)) +
                        "): is a drag in progress? read again once the window is still"));
  }
  return lat;
}

}  // namespace

float Reading::min_confidence() const {
  return confidence.empty() ? 0.0f : *std::min_element(confidence.begin(), confidence.end());
}

Result<Lattice> detect(const cv::Mat& bgr, const Params& p, DebugSink* debug) {
  return detect_on_common_backgrounds<Lattice>(
      bgr, p.background_candidates, p.background_tolerance,
      [&](const cv::Vec3b& bg) { return detect_with_background(bgr, bg, p, debug); });
}

Result<Reading> decode(const Lattice& lat, const Params& p) {
  Reading out;
  out.lattice = lat;
  out.board = lat.board;
  out.state.rows = lat.rows;
  out.state.cols = lat.cols;
  auto cells = static_cast<std::size_t>(lat.rows * lat.cols);
  out.state.sites.assign(cells, Site::kNone);
  out.confidence.assign(cells, 1.0f);
  int pegs = 0;
  // One size: the split of colourfulness that best separates two groups (Otsu in one dimension).
  float threshold = 0, gap = 0;
  if (lat.one_size) {
    std::vector<float> chroma;
    for (const Disc& d : lat.discs)
      if (d.diameter > 0) chroma.push_back(d.chroma);
    std::sort(chroma.begin(), chroma.end());
    double best = -1;
    for (std::size_t k = 1; k < chroma.size(); ++k) {
      double lo = 0, hi = 0;
      for (std::size_t j = 0; j < k; ++j) lo += chroma[j];
      for (std::size_t j = k; j < chroma.size(); ++j) hi += chroma[j];
      lo /= static_cast<double>(k);
      hi /= static_cast<double>(chroma.size() - k);
      double between = static_cast<double>(k) * static_cast<double>(chroma.size() - k) * (hi - lo) * (hi - lo);
      if (between > best) best = between, threshold = (chroma[k - 1] + chroma[k]) / 2, gap = static_cast<float>(hi - lo);
    }
    if (gap < p.min_chroma_gap)
      return make_error(ErrorCode::kNoBoard, "no board found: the discs are one size and one look, so pegs cannot be told from holes "
                        "(pegs.min_chroma_gap)");
  }
  for (std::size_t i = 0; i < cells; ++i) {
    int row = static_cast<int>(i) / lat.cols, col = static_cast<int>(i) % lat.cols;
    out.centres.push_back(lat.centre(row, col));
    const Disc& d = lat.discs[i];
    if (d.diameter <= 0) continue;  // outside the board: confident, nothing was there
    if (lat.one_size) {
      bool peg = (d.chroma > threshold) == (p.pegs_more_colourful != 0);
      out.state.sites[i] = peg ? Site::kPeg : Site::kHole;
      pegs += peg ? 1 : 0;
      double colour_doubt = 1 - std::abs(d.chroma - threshold) / (gap / 2);
      out.confidence[i] = static_cast<float>(
          std::clamp(1.0 - 0.5 * std::max(colour_doubt, static_cast<double>(lat.offsets[i]) / p.lattice_tolerance), 0.0, 1.0));
      continue;
    }
    double ratio = d.diameter / lat.pitch;
    bool peg = std::abs(ratio - p.peg_diameter) < std::abs(ratio - p.hole_diameter);
    double expected = peg ? p.peg_diameter : p.hole_diameter;
    out.state.sites[i] = peg ? Site::kPeg : Site::kHole;
    pegs += peg ? 1 : 0;
    // Doubt grows as the size strays from the game's and the centre from its site.
    double size_doubt = std::abs(ratio - expected) / (p.diameter_tolerance * expected);
    double place_doubt = lat.offsets[i] / p.lattice_tolerance;
    out.confidence[i] = static_cast<float>(std::clamp(1.0 - 0.5 * std::max(size_doubt, place_doubt), 0.0, 1.0));
  }
  if (pegs == 0) return make_error(ErrorCode::kNoBoard, "no board found: only empty holes, no pegs");
  // No position of the game is all pegs: discs that all read as pegs by size are more likely one size
  // told apart some other way (a shadow can widen holes to a peg's size) than a board with no hole.
  const auto discs = std::count_if(lat.discs.begin(), lat.discs.end(), [](const Disc& d) { return d.diameter > 0; });
  if (!lat.one_size && pegs == discs)
    return make_error(ErrorCode::kNoBoard, "no board found: every disc is peg-sized, no hole (if pegs and holes are one "
                      "size here, raise pegs.one_size_spread)");
  // Sites read as outside must look empty: a peg dragged over its neighbour, or anything else that
  // hides a disc, would otherwise silently turn a hole into "no hole".
  for (std::size_t i = 0; i < cells; ++i) {
    if (out.state.sites[i] != Site::kNone) continue;
    int row = static_cast<int>(i) / lat.cols, col = static_cast<int>(i) % lat.cols;
    if (lat.ink.empty()) break;
    int r = std::max(1, static_cast<int>(lat.pitch * p.hole_diameter * (1 - p.diameter_tolerance) / 2));
    cv::Point c(lat.centre(row, col));
    cv::Rect probe = cv::Rect(c.x - r, c.y - r, 2 * r + 1, 2 * r + 1) & cv::Rect(0, 0, lat.ink.cols, lat.ink.rows);
    if (probe.area() == 0) continue;
    double inked = cv::countNonZero(lat.ink(probe)) / static_cast<double>(probe.area());
    if (inked > p.max_outside_ink)
      return make_error("site at row " + std::to_string(row) + ", col " + std::to_string(col) +
                        " is covered but holds no whole peg or hole: is a drag in progress? read again once the window is still");
  }
  if (out.state.hole_count() > solvers::pegs::kMaxHoles)
    return make_error("board too large: " + std::to_string(out.state.hole_count()) + " holes (the solver takes " +
                      std::to_string(solvers::pegs::kMaxHoles) + ")");
  return out;
}

Result<Reading> read(const cv::Mat& bgr, const Params& p, DebugSink* debug) {
  try {
    auto lat = detect(bgr, p, debug);
    if (!lat) return lat.error();
    return decode(*lat, p);
  } catch (const cv::Exception& e) {
    return make_error(std::string("OpenCV failed while reading the Pegs board: ") + e.what());
  }
}

// The `pegs` profile node's keys: the Params fields, their ranges and meanings (vision/common/params.hpp).
constexpr ParamSpec<Params> kParamTable[] = {
    {"background_tolerance", &Params::background_tolerance, kAnyLo, kAnyHi, "within this distance a pixel is background, levels"},
    {"background_candidates", &Params::background_candidates, kAnyLo, kAnyHi, "commonest colours tried as the background, in order"},
    {"min_disc_px", &Params::min_disc_px, kAnyLo, kAnyHi, "smallest disc diameter accepted, px"},
    {"max_disc_aspect", &Params::max_disc_aspect, kAnyLo, kAnyHi, "longer / shorter side of a disc's bounding box"},
    {"min_disc_fill", &Params::min_disc_fill, kAnyLo, kAnyHi, "disc area / bounding-box area (a circle: 0.785)"},
    {"max_disc_fill", &Params::max_disc_fill, kAnyLo, kAnyHi, "above this the blob is a square, not a disc"},
    {"peg_diameter", &Params::peg_diameter, kAnyLo, kAnyHi, "a peg's diameter, pitches (the game: TILESIZE/3 radius)"},
    {"hole_diameter", &Params::hole_diameter, kAnyLo, kAnyHi, "a hole's diameter, pitches (the game: TILESIZE/4 radius)"},
    {"diameter_tolerance", &Params::diameter_tolerance, kAnyLo, kAnyHi, "a disc's diameter may differ from these by this fraction (anti-aliasing adds ~5%; pegs and holes differ by 33%)"},
    {"lattice_tolerance", &Params::lattice_tolerance, kAnyLo, kAnyHi, "largest distance of a disc's centre from its site, pitches"},
    {"min_sites", &Params::min_sites, kAnyLo, kAnyHi, "fewer discs than this is not a board (the game's smallest has ~15)"},
    {"max_outside_ink", &Params::max_outside_ink, kAnyLo, kAnyHi, "most non-background pixels around an outside site's centre, fraction"},
    {"max_side", &Params::max_side, kAnyLo, kAnyHi, "most sites per board side (the solver's limit)"},
    {"one_size_spread", &Params::one_size_spread, kAnyLo, 1, "discs whose diameters differ by at most this fraction are one size (then pegs and holes are told apart by colour)"},
    {"min_chroma_gap", &Params::min_chroma_gap, kAnyLo, 255, "least difference in colourfulness between pegs and holes of one size, levels"},
    {"pegs_more_colourful", &Params::pegs_more_colourful, 0, 1, "1: of one-size discs the more colourful are pegs; 0: the less colourful"},
};

std::span<const ParamSpec<Params>> param_table() { return kParamTable; }

Result<Params> load_params(const cv::FileNode& node, const Params& defaults) {
  return params_from_table(node, "pegs", param_table(), defaults);
}

}  // namespace pb::vision::pegs

// The Pegs ImagePuzzle: the jumps are drawn.

namespace pb::vision::pegs {

// With --best an unsolvable board still has moves worth drawing, so every status draws its jumps.
ImageSpec::Drawn ImageSpec::drawn(const solvers::Outcome&, const solvers::pegs::Solution& sol) {
  Drawn jumps;
  jumps.reserve(sol.moves.size());
  for (const solvers::pegs::Move& m : sol.moves) jumps.emplace_back(m.from, m.to);
  return jumps;
}

const Reader kReader = reader_entry<PegsImagePuzzle>();

}  // namespace pb::vision::pegs
