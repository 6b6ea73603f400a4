/* reader.cpp: the knight's-tour reader: page colour -> board frame -> grid lines -> per-square marks. */
#include "vision/knight/reader.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <opencv2/imgproc.hpp>
#include <optional>
#include <string>

#include "solvers/common/text_board.hpp"
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
  if (lines.front().first > 1 || lines.back().second < n - 1)
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

struct SquareLook {
  Colour fill;
  double centre = 0;  // marked fraction near the centre
  bool ring = false;
  double ring_cover = 0;
};

SquareLook look_at(const cv::Mat& img, cv::Rect sq, const Params& p) {
  SquareLook out;
  const double s = std::min(sq.width, sq.height);
  std::vector<cv::Vec3b> corner;
  const int a = static_cast<int>(std::floor(p.corner_from * s)), b = std::max(a + 1, static_cast<int>(std::ceil(p.corner_to * s)));
  for (int dy = a; dy < b; ++dy)
    for (int dx = a; dx < b; ++dx)
      for (auto [x, y] : std::array<std::pair<int, int>, 4>{{{sq.x + dx, sq.y + dy},
                                                              {sq.x + sq.width - 1 - dx, sq.y + dy},
                                                              {sq.x + dx, sq.y + sq.height - 1 - dy},
                                                              {sq.x + sq.width - 1 - dx, sq.y + sq.height - 1 - dy}}})
        corner.push_back(img.at<cv::Vec3b>(y, x));
  out.fill = median_colour(corner);
  const double cx = sq.x + (sq.width - 1) / 2.0, cy = sq.y + (sq.height - 1) / 2.0;
  auto marked = [&](double x, double y) {
    const int ix = static_cast<int>(std::lround(x)), iy = static_cast<int>(std::lround(y));
    if (ix < sq.x || iy < sq.y || ix >= sq.x + sq.width || iy >= sq.y + sq.height) return false;
    return l1_distance(img.at<cv::Vec3b>(iy, ix), out.fill) > p.mark_distance;
  };
  const double rc = p.centre_radius * s;
  int inside = 0, hit = 0;
  for (int y = static_cast<int>(std::floor(cy - rc)); y <= static_cast<int>(std::ceil(cy + rc)); ++y)
    for (int x = static_cast<int>(std::floor(cx - rc)); x <= static_cast<int>(std::ceil(cx + rc)); ++x) {
      if ((x - cx) * (x - cx) + (y - cy) * (y - cy) > rc * rc) continue;
      ++inside;
      hit += marked(x, y) ? 1 : 0;
    }
  out.centre = inside > 0 ? static_cast<double>(hit) / inside : 0;
  // The ring: in most directions, past a gap of unmarked pixels (a disc or a number ends first), a
  // marked pixel between ring_from and ring_to.
  constexpr int kDirections = 48;
  int crossed = 0;
  for (int k = 0; k < kDirections; ++k) {
    const double ang = 2 * CV_PI * k / kDirections, dx = std::cos(ang), dy = std::sin(ang);
    double r = p.centre_radius * s * 0.5;
    while (r < p.ring_to * s && marked(cx + r * dx, cy + r * dy)) r += 0.5;
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

// 0 at a threshold, 1 at twice (or zero) the distance from it.
double margin(double value, double threshold) {
  if (threshold <= 0) return 1;
  return std::clamp(std::abs(value - threshold) / threshold, 0.0, 1.0);
}

Result<Reading> read_unchecked(const cv::Mat& input, const Params& p, DebugSink* debug) {
  if (input.empty()) return make_error(ErrorCode::kNoBoard, "no board found: the image is empty");
  const std::optional<cv::Mat> bgr = as_bgr8(input);
  if (!bgr) return make_error(ErrorCode::kNoBoard, "no board found: expected an 8-bit colour image");
  const cv::Mat& img = *bgr;
  if (img.rows < 3 * p.min_pitch || img.cols < 3 * p.min_pitch) return make_error(ErrorCode::kNoBoard, "no board found: the image is too small");

  const Colour page = border_colour(img);
  const cv::Mat shape = far_from(img, page, p.page_distance);
  cv::Mat labels;
  const BoxComponent board = largest_box_component(shape, labels);
  // The smallest board there can be: min_side squares of min_pitch a side, in each direction.
  const int least_side = p.min_side * p.min_pitch;
  if (board.label < 0 || board.box.width < least_side || board.box.height < least_side)
    return make_error(ErrorCode::kNoBoard, "no board found: nothing stands out from the page colour that is large enough for " +
                      std::to_string(p.min_side) + " squares of " + std::to_string(p.min_pitch) + " px a side");
  const cv::Rect box = board.box;

  // The frame's colour is the grid's.
  std::vector<cv::Vec3b> edge;
  for (int x = box.x; x < box.x + box.width; ++x)
    for (int y : {box.y, box.y + box.height - 1})
      if (shape.at<std::uint8_t>(y, x)) edge.push_back(img.at<cv::Vec3b>(y, x));
  for (int y = box.y; y < box.y + box.height; ++y)
    for (int x : {box.x, box.x + box.width - 1})
      if (shape.at<std::uint8_t>(y, x)) edge.push_back(img.at<cv::Vec3b>(y, x));
  const Colour ink = median_colour(edge);

  std::vector<double> cols(static_cast<std::size_t>(box.width), 0), rows(static_cast<std::size_t>(box.height), 0);
  for (int y = 0; y < box.height; ++y) {
    const auto* row = img.ptr<cv::Vec3b>(box.y + y) + box.x;
    for (int x = 0; x < box.width; ++x)
      if (l1_distance(row[x], ink) <= p.ink_distance) cols[static_cast<std::size_t>(x)] += 1, rows[static_cast<std::size_t>(y)] += 1;
  }
  for (auto& c : cols) c /= box.height;
  for (auto& r : rows) r /= box.width;
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
  auto vlines = grid_lines(cols, p, "width");
  if (!vlines) return show(vlines.error());
  auto hlines = grid_lines(rows, p, "height");
  if (!hlines) return show(hlines.error());

  Reading out;
  out.frame = img.size();
  out.board = box;
  State& st = out.state;
  st.cols = static_cast<int>(vlines->size()) - 1;
  st.rows = static_cast<int>(hlines->size()) - 1;
  out.pitch_x = static_cast<double>(vlines->back().first - vlines->front().first) / st.cols;
  out.pitch_y = static_cast<double>(hlines->back().first - hlines->front().first) / st.rows;
  if (std::abs(out.pitch_x - out.pitch_y) > p.spacing_tolerance * std::max(out.pitch_x, out.pitch_y))
    return make_error(ErrorCode::kNoBoard, "no board found: the grid's cells are not square");
  st.squares.assign(static_cast<std::size_t>(st.rows * st.cols), Square::kFree);

  std::vector<SquareLook> looks;
  for (int r = 0; r < st.rows; ++r)
    for (int c = 0; c < st.cols; ++c) {
      const int x0 = box.x + (*vlines)[static_cast<std::size_t>(c)].second, x1 = box.x + (*vlines)[static_cast<std::size_t>(c) + 1].first;
      const int y0 = box.y + (*hlines)[static_cast<std::size_t>(r)].second, y1 = box.y + (*hlines)[static_cast<std::size_t>(r) + 1].first;
      const cv::Rect sq(x0, y0, std::max(1, x1 - x0), std::max(1, y1 - y0));
      out.centres.push_back({static_cast<float>(x0 + (sq.width - 1) / 2.0), static_cast<float>(y0 + (sq.height - 1) / 2.0)});
      looks.push_back(look_at(img, sq, p));
    }

  std::array<std::vector<cv::Vec3b>, 2> free_fill;
  int knights = 0, starts = 0, on_board = 0;
  for (int r = 0; r < st.rows; ++r)
    for (int c = 0; c < st.cols; ++c) {
      const std::size_t i = static_cast<std::size_t>(r * st.cols + c);
      const SquareLook& lk = looks[i];
      const int to_page = l1_distance(lk.fill, page);
      double conf = margin(to_page, p.removed_distance);
      if (to_page <= p.removed_distance) {
        st.squares[i] = Square::kRemoved;
        out.confidence.push_back(conf);
        continue;
      }
      ++on_board;
      if (lk.centre >= p.disc_min) {
        st.squares[i] = Square::kVisited;
        st.knight = Cell{r, c};
        ++knights;
        conf = std::min(conf, margin(lk.centre, p.disc_min));
      } else if (lk.centre <= p.clean_max) {
        free_fill[static_cast<std::size_t>((r + c) % 2)].push_back(cv::Vec3b(static_cast<uchar>(lk.fill[0]), static_cast<uchar>(lk.fill[1]),
                                                                          static_cast<uchar>(lk.fill[2])));
        conf = std::min(conf, margin(lk.centre, p.clean_max));
      } else {
        st.squares[i] = Square::kVisited;
        conf = std::min({conf, margin(lk.centre, p.clean_max), margin(lk.centre, p.disc_min)});
      }
      if (lk.ring) {
        st.start = Cell{r, c};
        ++starts;
      }
      conf = std::min(conf, margin(lk.ring_cover, p.ring_min));
      out.confidence.push_back(conf);
    }
  if (on_board < 2) return make_error(ErrorCode::kNoBoard, "no board found: the grid holds fewer than 2 squares");
  if (knights > 1) return make_error(ErrorCode::kNoBoard, "no board found: " + std::to_string(knights) + " knights on the board");
  if (starts > 1) return make_error(ErrorCode::kNoBoard, "no board found: " + std::to_string(starts) + " start rings on the board");
  if (free_fill[0].empty() && free_fill[1].empty() && !st.knight)
    return make_error(ErrorCode::kNoBoard, "no board found: no free square and no knight");
  // Free squares are a checkerboard: two colours by parity, distinct when both appear.
  std::array<Colour, 2> parity;
  for (int k = 0; k < 2; ++k) {
    auto copy = free_fill[static_cast<std::size_t>(k)];
    parity[static_cast<std::size_t>(k)] = median_colour(copy);
    for (const auto& f : free_fill[static_cast<std::size_t>(k)])
      if (l1_distance(f, parity[static_cast<std::size_t>(k)]) > p.mark_distance)
        return make_error(ErrorCode::kNoBoard, "no board found: free squares of one colour of the checkerboard differ");
  }
  if (!free_fill[0].empty() && !free_fill[1].empty() && l1_distance(parity[0], parity[1]) < p.page_distance)
    return make_error(ErrorCode::kNoBoard, "no board found: the squares are not a checkerboard");
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
    {"line_coverage", &Params::line_coverage, kAnyLo, kAnyHi, "least fraction of a board column (row) that is ink on a grid line"},
    {"spacing_tolerance", &Params::spacing_tolerance, kAnyLo, kAnyHi, "grid line spacings differ from their median by at most this fraction"},
    {"min_pitch", &Params::min_pitch, kAnyLo, kAnyHi, "smallest square pitch accepted, px"},
    {"max_side", &Params::max_side, kAnyLo, kAnyHi, "most squares per board side"},
    {"min_side", &Params::min_side, kAnyLo, kAnyHi, "fewest squares per board side"},
    {"mark_distance", &Params::mark_distance, kAnyLo, kAnyHi, "farther than this from a square's fill a pixel is a mark (number, disc, ring)"},
    {"corner_from", &Params::corner_from, kAnyLo, kAnyHi, "fill samples: corner patches from this fraction of the square's side in from each corner (to corner_to)"},
    {"corner_to", &Params::corner_to, kAnyLo, kAnyHi, "fill samples: corner patches up to this fraction of the square's side in from each corner"},
    {"removed_distance", &Params::removed_distance, kAnyLo, kAnyHi, "a fill this close to the page colour is a removed square"},
    {"centre_radius", &Params::centre_radius, kAnyLo, kAnyHi, "marks are looked for within this radius of the centre, fraction of the side"},
    {"clean_max", &Params::clean_max, kAnyLo, kAnyHi, "at most this fraction of marked pixels there: a plain (free) square"},
    {"disc_min", &Params::disc_min, kAnyLo, kAnyHi, "at least this fraction: the knight's disc"},
    {"ring_from", &Params::ring_from, kAnyLo, kAnyHi, "the start ring is looked for from this radius, fraction of the side (to ring_to)"},
    {"ring_to", &Params::ring_to, kAnyLo, kAnyHi, "outer radius of the start ring search, fraction of the side"},
    {"ring_min", &Params::ring_min, kAnyLo, kAnyHi, "least fraction of directions that cross the ring"},
};

std::span<const ParamSpec<Params>> param_table() { return kParamTable; }

Result<Params> load_params(const cv::FileNode& node, const Params& defaults) {
  return params_from_table(
      node, "knight", param_table(), defaults,
      [](const Params& p) -> std::string {
        if (p.min_pitch < 4 || p.min_side < 1 || p.max_side < p.min_side || p.corner_to <= p.corner_from ||
            p.ring_to <= p.ring_from)
          return "the `knight` profile node has inconsistent values (min_pitch >= 4, min_side <= max_side, from < to)";
        return "";
      });
}

Result<Reading> read(const cv::Mat& bgr, const Params& params, DebugSink* debug) {
  try {
    return read_unchecked(bgr, params, debug);
  } catch (const cv::Exception& e) {
    return make_error(std::string("knight reader: OpenCV failed: ") + e.what());
  }
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

}  // namespace pb::vision::knight

// The knight ImagePuzzle: solved through the board text, the tour drawn.

namespace pb::vision::knight {

ImageSpec::Drawn ImageSpec::drawn(const solvers::Outcome& out, const solvers::knight::Solution& sol) {
  return out.status == solvers::Status::kSolved ? sol.tour : Drawn{};
}

// Rejected: solving the typed mid-tour State directly (the solver's replay check wants a board
// before the first move).
solvers::knight::State ImageSpec::solver_state(const Reading& reading) {
  auto board = solvers::split_text_board(solvers::knight::format(reading.state), "<image>", true);
  if (board) {
    auto parsed = solvers::knight::parse(*board);
    if (parsed) return std::move(*parsed);
  }
  return reading.state;  // not reached: format() output always parses
}

const Reader kReader = reader_entry<KnightImagePuzzle>();

}  // namespace pb::vision::knight
