/* marked_reader.cpp: the one-stroke look of browser games: touching cells, S/G or tinted markers, dark wall cells (marked_reader.hpp). */
#include "vision/onestroke/marked_reader.hpp"

// Rejected: Tesseract for S and G. The two markers differ in tint (pale green, pale red) in every
// game of this look seen, and a tint is read at any size and JPEG quality; an OCR engine (a plug-in
// load, tens of ms a cell) would add a second cue that small bold letters make unreliable. The
// letters are a cheap fallback (half-turn symmetry of the ink) when the tints are alike.

#include <algorithm>
#include <cmath>
#include <map>
#include <opencv2/imgproc.hpp>
#include <string>
#include <vector>

#include "vision/common/cell_lattice.hpp"
#include "vision/common/lab.hpp"
#include "vision/common/pixels.hpp"

namespace pb::vision::onestroke {
namespace {

constexpr double kOuter = 0.8;   // side of a cell's sampled square, fraction of the pitch (inside gaps, hairlines and notches)
constexpr double kInner = 0.7;   // its middle, where letters are (they reach ~0.6); the ring around it gives the colour
constexpr int kSamples = 44;     // samples a side at most

Error refuse(const std::string& why) { return make_error(ErrorCode::kNoBoard, "no board found: " + why); }

struct CellLook {
  cv::Vec3f lab;          // the cell's colour: per-channel median of the ring round the middle
  double ink = 0;         // fraction of the middle's samples far from it
  double symmetry = 0;    // the ink's overlap with itself turned half a turn, 0-1
  int cls = -1;
};

// The samples of the cell at `centre`: a grid over the middle kOuter of a `pitch` square, as Lab.
cv::Mat cell_samples(const cv::Mat& bgr, cv::Point2d centre, double pitch) {
  const double half = pitch * kOuter / 2;
  const int n = std::max(8, std::min(kSamples, static_cast<int>(pitch * kOuter)));
  cv::Mat px(n, n, CV_8UC3);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      const int x = std::clamp(static_cast<int>(std::lround(centre.x - half + (j + 0.5) * 2 * half / n)), 0, bgr.cols - 1);
      const int y = std::clamp(static_cast<int>(std::lround(centre.y - half + (i + 0.5) * 2 * half / n)), 0, bgr.rows - 1);
      px.at<cv::Vec3b>(i, j) = bgr.at<cv::Vec3b>(y, x);
    }
  return to_lab(px);
}

// The colour from the ring (a letter, however bold, leaves it to the cell's fill), the ink from the middle.
CellLook look_of(const cv::Mat& lab, double ink_distance) {
  CellLook out;
  const int n = lab.rows;
  const int lo = static_cast<int>(std::floor(n * (1 - kInner / kOuter) / 2)), hi = n - lo;  // the middle: [lo, hi)
  auto middle = [&](int i, int j) { return i >= lo && i < hi && j >= lo && j < hi; };
  std::vector<float> ch[3];
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      if (!middle(i, j))
        for (int c = 0; c < 3; ++c) ch[c].push_back(lab.at<cv::Vec3f>(i, j)[c]);
  for (int c = 0; c < 3; ++c) out.lab[c] = median_of(ch[c]);
  cv::Mat ink(hi - lo, hi - lo, CV_8U, cv::Scalar(0));
  int count = 0;
  for (int i = lo; i < hi; ++i)
    for (int j = lo; j < hi; ++j)
      if (delta_e(lab.at<cv::Vec3f>(i, j), out.lab) > ink_distance) ink.at<std::uint8_t>(i - lo, j - lo) = 255, ++count;
  out.ink = static_cast<double>(count) / static_cast<double>(ink.total());
  if (count > 0) {
    const cv::Mat box = ink(cv::boundingRect(ink));
    cv::Mat turned;
    cv::flip(box, turned, -1);
    cv::Mat both, either;
    cv::bitwise_and(box, turned, both);
    cv::bitwise_or(box, turned, either);
    out.symmetry = static_cast<double>(cv::countNonZero(both)) / std::max(1, cv::countNonZero(either));
  }
  return out;
}

// "(row,col)", appended piece by piece (GCC 12 warns falsely of -Wrestrict on "(" + std::string).
std::string cell_name(int row, int col) {
  std::string out = "(";
  out += std::to_string(row);
  out += ',';
  out += std::to_string(col);
  out += ')';
  return out;
}

// Decode and verify the cells of one fitted lattice.
Result<Reading> decode(const cv::Mat& bgr, const CellLattice& lat, const cv::Vec3i& page_bgr, const Params& p) {
  const double pitch = std::min(lat.pitch_x, lat.pitch_y);
  const cv::Mat page_px(1, 1, CV_8UC3, cv::Scalar(page_bgr[0], page_bgr[1], page_bgr[2]));
  const cv::Vec3f page = to_lab(page_px).at<cv::Vec3f>(0, 0);
  std::vector<CellLook> cells;
  for (int r = 0; r < lat.rows; ++r)
    for (int c = 0; c < lat.cols; ++c) cells.push_back(look_of(cell_samples(bgr, lat.centre(r, c), pitch), p.marked_ink_distance));

  // Classes of colour (holes, of the page's colour, are none). Greedy: each cell joins the first
  // class whose mean is within marked_class_distance, which then moves to the mean of its cells.
  struct Class {
    cv::Vec3f sum{0, 0, 0};
    std::vector<int> cells;
    cv::Vec3f mean() const { return sum / static_cast<float>(cells.size()); }
  };
  std::vector<Class> classes;
  const double hole_distance = p.marked_hole_distance;
  for (int i = 0; i < static_cast<int>(cells.size()); ++i) {
    CellLook& k = cells[static_cast<std::size_t>(i)];
    if (delta_e(k.lab, page) < hole_distance) continue;
    for (int c = 0; c < static_cast<int>(classes.size()) && k.cls < 0; ++c)
      if (delta_e(k.lab, classes[static_cast<std::size_t>(c)].mean()) < p.marked_class_distance) k.cls = c;
    if (k.cls < 0) k.cls = static_cast<int>(classes.size()), classes.emplace_back();
    classes[static_cast<std::size_t>(k.cls)].sum += k.lab;
    classes[static_cast<std::size_t>(k.cls)].cells.push_back(i);
  }
  if (classes.empty()) return refuse("the lattice's cells are all of the page's colour");
  // A cell's fill shows in its middle (a letter, however bold, leaves some of it). When none of the
  // middle has the ring's colour, the ring was not the cell's fill (small cells: a hole's ring takes
  // its neighbours' colour, a corner cell's the board's edge), and the cell's colour is unknown.
  for (int i = 0; i < static_cast<int>(cells.size()); ++i)
    if (cells[static_cast<std::size_t>(i)].cls >= 0 && cells[static_cast<std::size_t>(i)].ink >= 1.0)
      return refuse("no sample in the middle of the cell " + cell_name(i / lat.cols, i % lat.cols) +
                    " has its edge's colour: its colour cannot be told (cells too small?)");
  // Verify the look: cells that touch. Along the seam between two neighbouring cells (its middle
  // 60%, away from corner notches), a seam pixel with the page's colour at or beside it is a gap:
  // cells with gaps between them are the cat's look (its reader reads them; a band or a face there
  // would pass for markers here).
  const cv::Vec3i page_i = page_bgr;
  int seam = 0, gap = 0, parted = 0;
  // A seam pixel is the page's when it is near the page's colour and nearer to it than to either
  // cell's own colour beside the seam (`one`, `other`: the two cells' pixels marked_seam_inset of the
  // pitch in from it) and to their blend: a pale green start beside a lilac cell on a mint page
  // blends, anti-aliased and through JPEG, into the page's colour at the seam, and is no gap.
  const auto px_at = [&](double x, double y) {
    return bgr.at<cv::Vec3b>(std::clamp(static_cast<int>(std::lround(y)), 0, bgr.rows - 1), std::clamp(static_cast<int>(std::lround(x)), 0, bgr.cols - 1));
  };
  auto is_page = [&](double x, double y, cv::Point2d inward) {
    const int xi = static_cast<int>(std::lround(x)), yi = static_cast<int>(std::lround(y));
    if (xi < 1 || yi < 1 || xi + 1 >= bgr.cols || yi + 1 >= bgr.rows) return false;
    const cv::Vec3i one = px_at(x - inward.x, y - inward.y), other = px_at(x + inward.x, y + inward.y);
    const cv::Vec3i blend = (one + other) / 2;
    const auto page_like = [&](const cv::Vec3b& q) {
      const int to_page = l1_distance(q, page_i);
      return to_page <= p.marked_page_distance && to_page < std::min({l1_distance(q, one), l1_distance(q, other), l1_distance(q, blend)});
    };
    for (int d = -1; d <= 1; ++d)
      if (page_like(bgr.at<cv::Vec3b>(yi, xi + d)) || page_like(bgr.at<cv::Vec3b>(yi + d, xi))) return true;
    return false;
  };
  const cv::Point2d in_x(p.marked_seam_inset * lat.pitch_x, 0), in_y(0, p.marked_seam_inset * lat.pitch_y);
  for (int r = 0; r < lat.rows; ++r)
    for (int c = 0; c < lat.cols; ++c) {
      if (cells[static_cast<std::size_t>(r * lat.cols + c)].cls < 0) continue;
      const cv::Point2d m = lat.centre(r, c);
      int right = 0, below = 0;
      const bool has_right = c + 1 < lat.cols && cells[static_cast<std::size_t>(r * lat.cols + c + 1)].cls >= 0;
      const bool has_below = r + 1 < lat.rows && cells[static_cast<std::size_t>((r + 1) * lat.cols + c)].cls >= 0;
      for (int t = 0; t < 9; ++t) {
        const double along = (t / 8.0 - 0.5) * 0.6;
        if (has_right) ++seam, right += is_page(m.x + lat.pitch_x / 2, m.y + along * lat.pitch_y, in_x) ? 1 : 0;
        if (has_below) ++seam, below += is_page(m.x + along * lat.pitch_x, m.y + lat.pitch_y / 2, in_y) ? 1 : 0;
      }
      gap += right + below;
      parted += (right > 4 ? 1 : 0) + (below > 4 ? 1 : 0);
    }
  if (seam == 0 || gap * 2 > seam) return refuse("the cells stand apart, with the page between them: not the touching cells' look");
  // Touching cells touch everywhere: no two neighbouring cells have the page between them. A frame
  // of the cat's look taken mid cross-fade (a phone animating a touch) has its band half drawn over
  // the gaps the path crosses, which pass for seams, and the page still between the cells the path
  // does not join: read as touching cells, its two half-faded cats were a start and an end.
  if (parted > 0)
    return refuse(std::to_string(parted) + " pairs of neighbouring cells have the page between them: not the touching cells' look "
                  "(a frame between two pictures?)");

  // Roles by relative appearance: classes of two or more cells are the free cells and, darker than
  // both them and the page by marked_wall_step, the walls; a lone cell that dark and under
  // marked_lone_wall_ratio of the free cells' lightness is a wall too (a board with one wall; a
  // saturated pink G is darker than pale cells, but not that dark); every other lone cell is a
  // marker (the start, the end).
  auto dark = [&](const cv::Vec3f& lab, float than) {
    return lab[0] < than - p.marked_wall_step && lab[0] < page[0] - p.marked_wall_step;
  };
  std::vector<int> multi;
  for (int c = 0; c < static_cast<int>(classes.size()); ++c)
    if (classes[static_cast<std::size_t>(c)].cells.size() > 1) multi.push_back(c);
  if (multi.empty()) return refuse("no colour is shared by two cells: no free cells");
  if (multi.size() > 2)
    return refuse(std::to_string(multi.size()) + " colours are each on several cells; free cells and walls make two "
                  "(visited cells? this look is read at a level's start)");
  std::vector<bool> wall(classes.size(), false);
  int free_cls = multi[0];
  if (multi.size() == 2) {
    const auto& a = classes[static_cast<std::size_t>(multi[0])];
    const auto& b = classes[static_cast<std::size_t>(multi[1])];
    const bool a_wall = dark(a.mean(), b.mean()[0]), b_wall = dark(b.mean(), a.mean()[0]);
    if (a_wall == b_wall)
      return refuse("two colours are each on several cells and neither is dark as walls are: which are the free cells is unclear");
    free_cls = a_wall ? multi[1] : multi[0];
    wall[static_cast<std::size_t>(a_wall ? multi[0] : multi[1])] = true;
  }
  const Class& free = classes[static_cast<std::size_t>(free_cls)];
  const cv::Vec3f free_lab = free.mean();
  std::vector<int> markers;
  for (int c = 0; c < static_cast<int>(classes.size()); ++c) {
    const Class& k = classes[static_cast<std::size_t>(c)];
    if (k.cells.size() != 1) continue;
    if (dark(k.mean(), free_lab[0]) && k.mean()[0] < p.marked_lone_wall_ratio * free_lab[0]) wall[static_cast<std::size_t>(c)] = true;
    else markers.push_back(k.cells[0]);
  }
  // Holes are bare page: ink on one is a marker whose tint came out as the page's (a small pale
  // start on a page of its hue), and reading on without it would give a board without its start.
  for (int i = 0; i < static_cast<int>(cells.size()); ++i)
    if (cells[static_cast<std::size_t>(i)].cls < 0 && cells[static_cast<std::size_t>(i)].ink >= p.marked_min_ink)
      return refuse("something is drawn on " + cell_name(i / lat.cols, i % lat.cols) + ", which has the page's colour");
  if (markers.empty()) return refuse("no cell stands out as the start");
  if (markers.size() > 2)
    return refuse(std::to_string(markers.size()) + " cells stand out, at most two can (the start and the end)");
  // Nothing unread on a free cell (a number, a flag: another look, for the cat reader).
  for (int i : free.cells)
    if (cells[static_cast<std::size_t>(i)].ink >= p.marked_min_ink)
      return refuse("something is drawn on the free cell " + cell_name(i / lat.cols, i % lat.cols));

  // Roles: the greener marker is the start (S on pale green, G on pale red); when the two tints are
  // too alike, the letters decide: S looks the same turned half a turn, G does not (a weaker cue:
  // bold letters overlap themselves either way, so it must win by a wide margin).
  int start = markers[0];
  std::optional<int> end;
  // The game draws its two markers alike: both lettered or neither. A lone unlettered cell beside a
  // lettered one is not a marker (a small hole whose ring caught its neighbours' colour).
  // A letter in a tint near its cell's (a dark green S on pale green, small and through JPEG) may stay
  // under marked_ink_distance where the other marker's shows: the unlettered one is looked at again
  // with marked_faint_ink_distance (a blank marker has no sample even that far from its colour).
  if (markers.size() == 2)
    for (const int m : markers) {
      const int other = m == markers[0] ? markers[1] : markers[0];
      CellLook& look = cells[static_cast<std::size_t>(m)];
      if (look.ink >= p.marked_min_ink || cells[static_cast<std::size_t>(other)].ink < p.marked_min_ink) continue;
      CellLook faint = look_of(cell_samples(bgr, lat.centre(m / lat.cols, m % lat.cols), pitch), p.marked_faint_ink_distance);
      faint.cls = look.cls;
      if (faint.ink >= p.marked_min_ink) look = faint;
    }
  if (markers.size() == 2 && (cells[static_cast<std::size_t>(markers[0])].ink >= p.marked_min_ink) !=
                                 (cells[static_cast<std::size_t>(markers[1])].ink >= p.marked_min_ink))
    return refuse("one marked cell has a letter and the other none: the game draws its start and end alike");
  if (markers.size() == 2) {
    const CellLook& a = cells[static_cast<std::size_t>(markers[0])];
    const CellLook& b = cells[static_cast<std::size_t>(markers[1])];
    bool a_start = false;
    if (std::abs(a.lab[1] - b.lab[1]) >= p.marked_min_hue_step) {
      a_start = a.lab[1] < b.lab[1];
    } else if (a.ink >= p.marked_min_ink && b.ink >= p.marked_min_ink &&
               std::abs(a.symmetry - b.symmetry) >= p.marked_min_letter_step) {
      a_start = a.symmetry > b.symmetry;
    } else {
      return refuse("the two marked cells look too alike (tint and letter) to tell the start from the end");
    }
    start = a_start ? markers[0] : markers[1];
    end = a_start ? markers[1] : markers[0];
  }

  Reading out;
  out.frame = bgr.size();
  out.cell_contrast = std::abs(page[0] - free_lab[0]) * 2.55;
  out.lattice.pitch_x = lat.pitch_x;
  out.lattice.pitch_y = lat.pitch_y;
  out.lattice.origin = lat.centre(0, 0);
  out.lattice.cell = {lat.pitch_x, lat.pitch_y};
  State& st = out.state;
  st.rows = lat.rows;
  st.cols = lat.cols;
  st.sites.assign(static_cast<std::size_t>(st.rows * st.cols), Site::kNone);
  st.head = {start / lat.cols, start % lat.cols};
  if (end) st.end = Cell{*end / lat.cols, *end % lat.cols};
  out.confidence.assign(st.sites.size(), 1.0);
  out.cells.resize(st.sites.size());
  bool any = false;
  for (int i = 0; i < static_cast<int>(cells.size()); ++i) {
    const auto u = static_cast<std::size_t>(i);
    const cv::Rect2d rect = out.lattice.cell_rect({i / lat.cols, i % lat.cols});
    out.cells[u] = cv::Rect(cv::Point(static_cast<int>(std::lround(rect.x)), static_cast<int>(std::lround(rect.y))),
                            cv::Size(static_cast<int>(std::lround(rect.width)), static_cast<int>(std::lround(rect.height))));
    const int cls = cells[u].cls;
    if (cls < 0 || wall[static_cast<std::size_t>(cls)]) continue;
    st.sites[u] = i == start ? Site::kVisited : Site::kFree;
    // How far the cell's colour is from the next class's boundary, as a fraction of that distance.
    out.confidence[u] = std::clamp(1.0 - delta_e(cells[u].lab, classes[static_cast<std::size_t>(cls)].mean()) /
                                             p.marked_class_distance, 0.0, 1.0);
    out.board = any ? (out.board | out.cells[u]) : out.cells[u];
    any = true;
  }
  if (st.free_count() == 0) return refuse("the start is the only cell");
  return out;
}

}  // namespace

Result<Reading> read_marked(const cv::Mat& bgr, const Params& p, bool* fitted) {
  if (fitted != nullptr) *fitted = false;
  CellLatticeParams lp;
  lp.page_distance = p.marked_page_distance;
  lp.min_cell_px = p.min_cell_px;
  lp.max_side = p.max_side;
  lp.max_pitch_spread = p.max_pitch_spread;
  lp.min_seam_contrast = p.marked_min_seam_contrast;
  lp.middle_rank = p.marked_middle_rank;
  lp.max_seam_contrast = p.marked_max_seam_contrast;
  cv::Vec3i page;
  const std::vector<cv::Rect> outlines = board_outlines(bgr, lp, page);
  if (outlines.empty()) return refuse("nothing on the page is large enough to be a board of touching cells");
  // The reason refused: the largest outline's, unless a smaller one got further (a lattice fitted,
  // its cells refused): what was found ambiguous there says more than "no lattice fits".
  Error reason = refuse("");
  bool any_fitted = false;
  for (std::size_t i = 0; i < outlines.size(); ++i) {
    auto lat = fit_cell_lattice(bgr, outlines[i], lp);
    Result<Reading> got = lat ? decode(bgr, *lat, page, p) : Result<Reading>(lat.error());
    if (got) {
      if (fitted != nullptr) *fitted = true;
      return got;
    }
    if (i == 0 || (lat && !any_fitted)) reason = got.error();
    any_fitted = any_fitted || lat.ok();
  }
  if (fitted != nullptr) *fitted = any_fitted;
  return reason;
}

}  // namespace pb::vision::onestroke
