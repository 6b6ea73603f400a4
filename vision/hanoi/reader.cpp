/* reader.cpp: the Tower of Hanoi reader: page colour -> apparatus -> base and rods -> disk bands -> sizes. */
#include "vision/hanoi/reader.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <opencv2/imgproc.hpp>
#include <optional>
#include <string>

#include "vision/common/params.hpp"
#include "vision/common/pixels.hpp"

namespace pb::vision::hanoi {
namespace {

Result<Reading> read_unchecked(const cv::Mat& input, const Params& p) {
  if (input.empty()) return make_error(ErrorCode::kNoBoard, "no board found: the image is empty");
  const std::optional<cv::Mat> bgr = as_bgr8(input);
  if (!bgr) return make_error(ErrorCode::kNoBoard, "no board found: expected an 8-bit colour image");
  const cv::Mat& img = *bgr;
  if (img.rows < 20 || img.cols < 20) return make_error(ErrorCode::kNoBoard, "no board found: the image is too small");

  cv::Mat labels;
  const BoxComponent shape = largest_box_component(far_from(img, border_colour(img), p.page_distance), labels);
  if (shape.label < 0 || shape.box_area < p.min_shape_fraction * img.total())
    return make_error(ErrorCode::kNoBoard, "no board found: nothing large stands out from the page colour");
  const cv::Rect box = shape.box;
  cv::Mat on = labels == shape.label;  // the apparatus alone
  auto at = [&](int y, int x) { return on.at<std::uint8_t>(y, x) != 0; };

  // The base: the lowest band of rows the shape spans end to end.
  auto coverage = [&](int y) { return static_cast<double>(cv::countNonZero(on.row(y).colRange(box.x, box.x + box.width))) / box.width; };
  int y = box.y + box.height - 1;
  while (y > box.y && coverage(y) < p.base_coverage) --y;
  const int base_bottom = y;
  while (y > box.y && coverage(y - 1) >= p.base_coverage) --y;
  const int base_top = y;
  if (coverage(base_bottom) < p.base_coverage || base_top - box.y < 4 * p.min_disk_rows ||
      base_bottom - base_top + 1 > p.max_base_fraction * box.height)
    return make_error(ErrorCode::kNoBoard, "no board found: no base bar under rods");

  // Rods, cut just under the top.
  const int probe = box.y + std::max(1, static_cast<int>(std::lround(p.probe_depth * box.height)));
  std::vector<std::pair<int, int>> rods;  // [begin, end) columns
  for (int x = box.x; x < box.x + box.width;) {
    if (!at(probe, x)) {
      ++x;
      continue;
    }
    int e = x;
    while (e < box.x + box.width && at(probe, e)) ++e;
    rods.push_back({x, e});
    x = e;
  }
  if (rods.size() < static_cast<std::size_t>(p.min_pegs) || rods.size() > static_cast<std::size_t>(p.max_pegs))
    return make_error(ErrorCode::kNoBoard, "no board found: " + std::to_string(rods.size()) + " rods under the top of the shape");
  std::vector<double> widths_r, centres_r, gaps;
  for (auto [b, e] : rods) widths_r.push_back(e - b), centres_r.push_back((b + e - 1) / 2.0);
  for (std::size_t i = 1; i < centres_r.size(); ++i) gaps.push_back(centres_r[i] - centres_r[i - 1]);
  const double rod_w = median_of(widths_r), spacing = median_of(gaps);
  for (double w : widths_r)
    if (std::abs(w - rod_w) > p.rod_tolerance * rod_w + 1) return make_error(ErrorCode::kNoBoard, "no board found: the rods differ in width");
  for (double g : gaps)
    if (std::abs(g - spacing) > p.spacing_tolerance * spacing) return make_error(ErrorCode::kNoBoard, "no board found: the rods are not equally spaced");
  if (spacing < 3 * rod_w) return make_error(ErrorCode::kNoBoard, "no board found: the rods stand too close for disks");
  for (double cx : centres_r) {
    const int x = static_cast<int>(std::lround(cx));
    for (int yy = probe; yy < base_top; ++yy)
      if (!at(yy, x)) return make_error(ErrorCode::kNoBoard, "no board found: a rod does not reach the base");
  }

  // Disks: bands of rows wider than the rod, up each rod.
  Reading out;
  out.frame = img.size();
  out.apparatus = box;
  out.base = {box.x, base_top, box.width, base_bottom - base_top + 1};
  const double disk_min_w = p.disk_factor * rod_w + p.disk_extra_px;
  struct Disk {
    int peg;
    cv::Rect box;
    std::vector<std::pair<int, int>> rows;  // per row, bottom to top: width, left edge
  };
  std::vector<Disk> bands;
  for (std::size_t peg = 0; peg < rods.size(); ++peg) {
    const int cx = static_cast<int>(std::lround(centres_r[peg]));
    out.centres.push_back({static_cast<float>(cx), static_cast<float>((probe + base_top) / 2.0)});
    int band_bottom = -1, band_w = 0, band_l = 0;
    std::vector<std::pair<int, int>> band_rows;
    for (int yy = base_top - 1; yy >= probe - 1; --yy) {
      int l = cx, r = cx;
      const bool row_in = yy >= probe;
      if (row_in) {
        while (l - 1 >= box.x && at(yy, l - 1)) --l;
        while (r + 1 < box.x + box.width && at(yy, r + 1)) ++r;
      }
      const int w = r - l + 1;
      const bool disk_row = row_in && w > disk_min_w;
      if (disk_row) {
        if (band_bottom < 0) band_bottom = yy, band_w = 0, band_rows.clear();
        if (w > band_w) band_w = w, band_l = l;
        band_rows.push_back({w, l});
      } else if (band_bottom >= 0) {
        const int h = band_bottom - yy;
        if (h >= p.min_disk_rows) bands.push_back({static_cast<int>(peg), {band_l, yy + 1, band_w, h}, band_rows});
        band_bottom = -1;
      }
    }
  }
  if (bands.empty()) return make_error(ErrorCode::kNoBoard, "no board found: no disks on the rods");
  // The disk height: the largest of which every band is a whole multiple (a band of two disks whose
  // gap closed is one band; the median would take it for a disk when half the bands are pairs).
  auto fits = [&](double h) {
    for (const Disk& d : bands) {
      const long m = std::lround(d.box.height / h);
      if (m < 1 || std::abs(d.box.height - m * h) > p.height_tolerance * h + 1) return false;
    }
    return true;
  };
  double disk_h = 0;
  for (const Disk& d : bands)
    for (int k = 1; k <= 4; ++k)
      if (const double h = static_cast<double>(d.box.height) / k; h > disk_h && h >= p.min_disk_rows && fits(h)) disk_h = h;
  if (disk_h == 0) return make_error(ErrorCode::kNoBoard, "no board found: the disks differ in height");
  // A disk's width: of its rows, the width a quarter of them (at least 3) reach. Not the widest
  // row: a closed gap's row, blended with the base or the disk below, may run far wider; and a
  // rounded disk is nearly as wide a few rows from its middle.
  auto width_of = [](const std::vector<std::pair<int, int>>& rows, int from, int to) -> std::pair<int, int> {
    std::vector<std::pair<int, int>> r(rows.begin() + from, rows.begin() + to);
    const std::size_t k = std::min(r.size(), std::max<std::size_t>(3, r.size() / 4)) - 1;
    std::nth_element(r.begin(), r.begin() + static_cast<std::ptrdiff_t>(k), r.end(), std::greater<>());
    return r[k];  // width, left edge
  };
  // Disks whose gap a small or blurred picture closed up: a band k disk heights tall whose k equal
  // slices each narrow on the one below is k disks. For the slices above the first, their lowest
  // quarter is left out: those rows may still be the wider disk's below (the cut falls in the
  // closed gap, a row or two off).
  std::vector<Disk> found;
  std::vector<double> heights;
  for (Disk& d : bands) {
    const int k = static_cast<int>(std::lround(d.box.height / disk_h));
    std::vector<Disk> parts;
    const int n = static_cast<int>(d.rows.size());
    if (k >= 2 && std::abs(d.box.height - k * disk_h) <= p.height_tolerance * disk_h * k) {
      for (int j = 0; j < k; ++j) {
        const int from = n * j / k, to = n * (j + 1) / k;
        const auto [w, l] = width_of(d.rows, j == 0 ? from : from + std::max(1, (to - from) / 4), to);
        const int bottom = d.box.y + d.box.height - 1 - from;  // rows run bottom to top
        if (!parts.empty() && w + 2 > parts.back().box.width) {
          parts.clear();
          break;
        }
        parts.push_back({d.peg, {l, bottom - (to - from) + 1, w, to - from}, {}});
      }
    }
    if (parts.empty()) {
      const auto [w, l] = width_of(d.rows, 0, n);
      d.box.x = l;
      d.box.width = w;
    }
    if (parts.empty()) parts.push_back(d);
    for (Disk& part : parts) {
      heights.push_back(part.box.height);
      out.disks.resize(static_cast<std::size_t>(part.peg) + 1);
      out.disks[static_cast<std::size_t>(part.peg)].push_back(part.box);
      found.push_back(std::move(part));
    }
  }
  out.disks.resize(rods.size());
  if (static_cast<int>(found.size()) > p.max_disks)
    return make_error(ErrorCode::kNoBoard, "no board found: " + std::to_string(found.size()) + " disks (at most " + std::to_string(p.max_disks) + ")");
  for (double h : heights)
    if (std::abs(h - disk_h) > p.height_tolerance * disk_h + 1) return make_error(ErrorCode::kNoBoard, "no board found: the disks differ in height");

  // Sizes: ranks of the widths.
  std::vector<std::size_t> order(found.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return found[a].box.width < found[b].box.width; });
  std::vector<double> steps;
  for (std::size_t i = 1; i < order.size(); ++i) steps.push_back(found[order[i]].box.width - found[order[i - 1]].box.width);
  if (!steps.empty()) {
    const double step = median_of(steps);
    double worst = 1;
    for (double s : steps) {
      if (s < 2 || s < p.min_step * step)
        return make_error(ErrorCode::kNoBoard, "no board found: two disks have the same width (" + std::to_string(static_cast<int>(s)) + " px apart)");
      worst = std::min(worst, s / step);
    }
    out.confidence = std::clamp((worst - p.min_step) / (1 - p.min_step), 0.0, 1.0);
  }
  State& st = out.state;
  st.pegs = static_cast<int>(rods.size());
  st.config.assign(found.size(), 0);
  std::vector<int> size_of(found.size());
  for (std::size_t rank = 0; rank < order.size(); ++rank) {
    size_of[order[rank]] = static_cast<int>(rank);
    st.config[rank] = static_cast<std::uint8_t>(found[order[rank]].peg);
    out.widths.push_back(found[order[rank]].box.width);
  }
  // Bottom to top each peg's disks must shrink (found[] lists them so per peg).
  for (std::size_t i = 1; i < found.size(); ++i)
    if (found[i].peg == found[i - 1].peg && size_of[i] > size_of[i - 1])
      return make_error(ErrorCode::kNoBoard, "no board found: a larger disk lies on a smaller one");

  // The goal marker: the shape's pixels under the base.
  double sum = 0;
  int count = 0;
  for (int yy = base_bottom + 1; yy < box.y + box.height; ++yy)
    for (int x = box.x; x < box.x + box.width; ++x)
      if (at(yy, x)) sum += x, ++count;
  st.goal = st.pegs - 1;
  if (count > 0) {
    const double gx = sum / count;
    std::size_t nearest = 0;
    for (std::size_t i = 1; i < centres_r.size(); ++i)
      if (std::abs(centres_r[i] - gx) < std::abs(centres_r[nearest] - gx)) nearest = i;
    if (std::abs(centres_r[nearest] - gx) > spacing / 4) return make_error(ErrorCode::kNoBoard, "no board found: the goal marker is under no rod");
    st.goal = static_cast<int>(nearest);
    out.goal_marked = true;
  }
  return out;
}

}  // namespace

// The `hanoi` profile node's keys: the Params fields, their ranges and meanings (vision/common/params.hpp).
constexpr ParamSpec<Params> kParamTable[] = {
    {"page_distance", &Params::page_distance, kAnyLo, kAnyHi, "farther than this from the page colour a pixel is part of a shape"},
    {"min_shape_fraction", &Params::min_shape_fraction, kAnyLo, kAnyHi, "least area of the apparatus' bounding box, fraction of the image"},
    {"base_coverage", &Params::base_coverage, kAnyLo, kAnyHi, "least fraction of the shape's width a base row covers"},
    {"max_base_fraction", &Params::max_base_fraction, kAnyLo, kAnyHi, "thickest base, fraction of the shape's height"},
    {"probe_depth", &Params::probe_depth, kAnyLo, kAnyHi, "rods are cut this far below the shape's top, fraction of its height"},
    {"min_pegs", &Params::min_pegs, kAnyLo, kAnyHi, "fewest pegs (rods) that make a Tower of Hanoi"},
    {"max_pegs", &Params::max_pegs, kAnyLo, kAnyHi, "most pegs (rods) read (the solver takes up to 16)"},
    {"spacing_tolerance", &Params::spacing_tolerance, kAnyLo, kAnyHi, "rod spacings differ from their median by at most this fraction"},
    {"rod_tolerance", &Params::rod_tolerance, kAnyLo, kAnyHi, "rod widths differ from their median by at most this fraction"},
    {"disk_factor", &Params::disk_factor, kAnyLo, kAnyHi, "a row is a disk row when wider than this times the rod plus disk_extra_px"},
    {"disk_extra_px", &Params::disk_extra_px, kAnyLo, kAnyHi, "added to disk_factor times the rod width for a disk row, px"},
    {"min_disk_rows", &Params::min_disk_rows, kAnyLo, kAnyHi, "thinnest disk, px"},
    {"height_tolerance", &Params::height_tolerance, kAnyLo, kAnyHi, "disk heights differ from their median by at most this fraction"},
    {"min_step", &Params::min_step, kAnyLo, kAnyHi, "neighbouring sizes differ in width by at least this fraction of the median step"},
    {"max_disks", &Params::max_disks, kAnyLo, kAnyHi, "most disks read (the solver takes up to 63)"},
};

std::span<const ParamSpec<Params>> param_table() { return kParamTable; }

Result<Params> load_params(const cv::FileNode& node, const Params& defaults) {
  return params_from_table(
      node, "hanoi", param_table(), defaults,
      [](const Params& p) -> std::string {
        if (p.min_pegs < 2 || p.max_pegs < p.min_pegs || p.max_pegs > solvers::hanoi::kMaxPegs || p.min_disk_rows < 1 ||
            p.max_disks < 1 || p.max_disks > solvers::hanoi::kMaxDisks)
          return "the `hanoi` profile node has inconsistent values (2 <= min_pegs <= max_pegs <= 16, 1 <= max_disks <= 63)";
        return "";
      });
}

Result<Reading> read(const cv::Mat& bgr, const Params& params) {
  try {
    return read_unchecked(bgr, params);
  } catch (const cv::Exception& e) {
    return make_error(std::string("hanoi reader: OpenCV failed: ") + e.what());
  }
}

cv::Mat annotate(const cv::Mat& bgr, const Reading& reading, std::span<const Move> moves) {
  std::optional<cv::Mat> canvas = bgr8_copy(bgr);
  if (!canvas) return bgr.clone();
  cv::Mat& out = *canvas;
  cv::rectangle(out, reading.base, {0, 200, 0}, 2);
  const State& st = reading.state;
  for (std::size_t peg = 0; peg < reading.disks.size(); ++peg) {
    cv::circle(out, reading.centres[peg], 5, peg == static_cast<std::size_t>(st.goal) ? cv::Scalar(255, 0, 255) : cv::Scalar(0, 200, 0),
               cv::FILLED);
    // Sizes on this peg, bottom to top: the config's disks on it from the largest.
    std::vector<int> sizes;
    for (int d = st.disks() - 1; d >= 0; --d)
      if (st.config[static_cast<std::size_t>(d)] == peg) sizes.push_back(d + 1);
    for (std::size_t k = 0; k < reading.disks[peg].size(); ++k) {
      const cv::Rect& r = reading.disks[peg][k];
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

// The Hanoi ImagePuzzle: a solved board's moves are drawn.

namespace pb::vision::hanoi {

ImageSpec::Drawn ImageSpec::drawn(const solvers::Outcome& out, const solvers::hanoi::Solution& sol) {
  return out.status == solvers::Status::kSolved ? sol.moves : Drawn{};
}

const Reader kReader = reader_entry<HanoiImagePuzzle>();

}  // namespace pb::vision::hanoi
