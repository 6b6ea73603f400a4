/* picture_reader.cpp: picture boards: the framed square (detect), the lattice and picture that match it (decode). */
#include "vision/sliding/picture_reader.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <filesystem>
#include <map>
#include <opencv2/imgproc.hpp>

#include "vision/common/colour.hpp"
#include "platform/image_codecs.hpp"

namespace pb::vision::sliding {
namespace {

// The board: a square of non-frame pixels, away from the image's edge, ringed by the frame colour.
struct Board {
  cv::Rect rect;        // the pieces' square (Taquin: n * pitch - 1 px a side), its sides on the strongest steps
  cv::Vec3b frame;      // BGR of the frame around it
  cv::Mat pixels;       // the board resampled from its sides measured to a fraction of a pixel (a
                        // scaled screenshot's fall between pixels), a whole number of pixels a side
};

// A board's sides to a fraction of a pixel: the left and top are where the board begins, the right
// and bottom where it ends, in pixel-edge coordinates; and on the strongest steps, whole pixels.
struct Sides {
  double left = 0, top = 0, right = 0, bottom = 0;
  cv::Rect steps;
};

// `rect` with each side moved to the strongest colour step between two neighbouring lines within
// `reach` px of it: JPEG rings a few pixels out from a dark frame's edge, and those pixels would
// otherwise join the board. A sharp edge is one step between two lines, so an unspoilt board keeps
// its exact sides. A scaled board's side falls inside a pixel, a blend of frame and board: the step
// is then split between that pixel's two edges in proportion, and the side lies between them at
// the steps' centroid.
Sides sharpest_edges(const cv::Mat& bgr, const cv::Rect& rect, int reach) {
  // Summed L1 step between column x - 1 and x (vertical: row y - 1 and y) over the rect's span.
  auto column_step = [&](int x) {
    if (x < 1 || x >= bgr.cols) return 0.0;
    double sum = 0;
    for (int y = std::max(rect.y, 0); y < std::min(rect.br().y, bgr.rows); ++y) {
      const auto* row = bgr.ptr<cv::Vec3b>(y);
      sum += std::abs(row[x][0] - row[x - 1][0]) + std::abs(row[x][1] - row[x - 1][1]) + std::abs(row[x][2] - row[x - 1][2]);
    }
    return sum;
  };
  auto row_step = [&](int y) {
    if (y < 1 || y >= bgr.rows) return 0.0;
    double sum = 0;
    const auto* row = bgr.ptr<cv::Vec3b>(y);
    const auto* up = bgr.ptr<cv::Vec3b>(y - 1);
    for (int x = std::max(rect.x, 0); x < std::min(rect.br().x, bgr.cols); ++x)
      sum += std::abs(row[x][0] - up[x][0]) + std::abs(row[x][1] - up[x][1]) + std::abs(row[x][2] - up[x][2]);
    return sum;
  };
  // The line in [at - reach, at + reach] with the largest step (the nearest to `at` of equals), and
  // the centroid of its step and its larger neighbour's.
  auto strongest = [&](int at, auto step) {
    int best = at;
    double best_step = step(at);
    for (int d = 1; d <= reach; ++d)
      for (int v : {at - d, at + d})
        if (double s = step(v); s > best_step) best = v, best_step = s;
    const double before = step(best - 1), after = step(best + 1);
    const int other = after >= before ? best + 1 : best - 1;
    const double part = std::max(before, after);
    return std::make_pair(best, best_step + part > 0 ? (best * best_step + other * part) / (best_step + part) : static_cast<double>(best));
  };
  const auto [x0, left] = strongest(rect.x, column_step);
  const auto [y0, top] = strongest(rect.y, row_step);
  const auto [x1, right] = strongest(rect.br().x, column_step);
  const auto [y1, bottom] = strongest(rect.br().y, row_step);
  const cv::Rect steps = cv::Rect(cv::Point(x0, y0), cv::Point(x1, y1)) & cv::Rect(0, 0, bgr.cols, bgr.rows);
  return {left, top, right, bottom, steps.width > 0 && steps.height > 0 ? steps : rect};
}

std::vector<Board> board_candidates(const cv::Mat& bgr, const Params& p) {
  std::vector<Board> out;
  const int min_side = 2 * p.min_tile_px;
  for (const cv::Vec3b& frame : common_colours(bgr, p.background_candidates + 2, p.background_tolerance)) {
    cv::Mat is_frame = near_colour(bgr, frame, p.background_tolerance), other;
    cv::bitwise_not(is_frame, other);
    cv::Mat labels, stats, centroids;
    int n = cv::connectedComponentsWithStats(other, labels, stats, centroids, 4, CV_32S);
    for (int i = 1; i < n; ++i) {
      cv::Rect r(stats.at<int>(i, cv::CC_STAT_LEFT), stats.at<int>(i, cv::CC_STAT_TOP),
                 stats.at<int>(i, cv::CC_STAT_WIDTH), stats.at<int>(i, cv::CC_STAT_HEIGHT));
      if (r.x == 0 || r.y == 0 || r.br().x >= bgr.cols || r.br().y >= bgr.rows) continue;
      // Square within a pixel, or within the edges' blur on a scaled screenshot.
      const int skew = std::max(1, static_cast<int>(std::lround(p.edge_reach * std::max(r.width, r.height))));
      if (std::min(r.width, r.height) < min_side || std::abs(r.width - r.height) > skew) continue;
      if (stats.at<int>(i, cv::CC_STAT_AREA) < p.min_board_fill * r.area()) continue;
      // The ring one pixel outside must be the frame (a photo's dark patch is no frame).
      int ring = 0, framed = 0;
      auto probe = [&](int x, int y) {
        ++ring;
        framed += is_frame.at<std::uint8_t>(y, x) != 0 ? 1 : 0;
      };
      for (int x = r.x - 1; x <= r.br().x; ++x) probe(x, r.y - 1), probe(x, r.br().y);
      for (int y = r.y; y < r.br().y; ++y) probe(r.x - 1, y), probe(r.br().x, y);
      if (framed < p.min_frame_ring * ring) continue;
      const Sides e = sharpest_edges(bgr, r, skew);
      r = e.steps;
      if (std::abs(r.width - r.height) > skew) continue;
      // A scaled board's sides fall between pixels: the square between the two measures (a pixel
      // off in one direction is well inside the sites' margins).
      const int side = (r.width + r.height + 1) / 2;
      r = cv::Rect(r.x, r.y, side, side) & cv::Rect(0, 0, bgr.cols, bgr.rows);
      if (r.width != r.height) continue;
      Board b{r, frame, {}};
      // The same board from its sides to a fraction of a pixel, resampled to a whole number of pixels.
      const double w = e.right - e.left, h = e.bottom - e.top;
      const int exact = static_cast<int>(std::lround((w + h) / 2));
      const bool on_pixels = e.left == r.x && e.top == r.y && e.right == r.br().x && e.bottom == r.br().y;
      if (exact >= min_side && !on_pixels) {  // on whole pixels: the board as it is
        // Board pixel u's centre is at image x = left + (u + 0.5) * w / exact - 0.5.
        const double sx = w / exact, sy = h / exact;
        const cv::Matx23d to_image(sx, 0, e.left + 0.5 * sx - 0.5, 0, sy, e.top + 0.5 * sy - 0.5);
        cv::warpAffine(bgr, b.pixels, to_image, cv::Size(exact, exact), cv::INTER_LINEAR | cv::WARP_INVERSE_MAP, cv::BORDER_REPLICATE);
      }
      out.push_back(std::move(b));
    }
  }
  std::sort(out.begin(), out.end(), [](const Board& a, const Board& b) { return a.rect.area() > b.rect.area(); });
  return out;
}

// A square patch as a zero-mean, unit-norm vector of `side` x `side` grey levels; empty when flat.
cv::Mat signature(const cv::Mat& grey, int side) {
  cv::Mat small, f;
  cv::resize(grey, small, cv::Size(side, side), 0, 0, cv::INTER_AREA);
  small.convertTo(f, CV_32F);
  f -= cv::mean(f)[0];
  double norm = cv::norm(f);
  if (norm < 1e-3) return {};
  return f.reshape(1, 1) / norm;
}

// The patch of site (row, col) inside a pitch-`pitch` lattice of pieces `pitch - 1` wide, without
// the seam and a margin of `margin` pitches (anti-aliased edges differ between the game's scaler and
// ours; a screenshot scaled or JPEG'd blurs and rings a few pixels across each edge). The pitch is
// fractional when the screenshot was scaled.
cv::Rect site_rect(int row, int col, double pitch, double margin) {
  const int m = std::max(1, static_cast<int>(std::lround(margin * pitch)));
  const int x0 = static_cast<int>(std::lround(col * pitch)), y0 = static_cast<int>(std::lround(row * pitch));
  const int x1 = static_cast<int>(std::lround((col + 1) * pitch)) - 1, y1 = static_cast<int>(std::lround((row + 1) * pitch)) - 1;
  return cv::Rect(x0 + m, y0 + m, std::max(1, x1 - x0 - 2 * m), std::max(1, y1 - y0 - 2 * m));
}

// The picture scaled to the board as the game does (stretched to a square), alpha over `ground`.
// Scaled from the smallest of its halves still twice the side: an area average of area averages,
// the same to a grey level, at a fraction of the cost (a screenshot of a page of equal squares
// scales every picture to each of their sides).
cv::Mat scaled_picture(const Pictures& pictures, std::size_t k, int side, const cv::Vec3b& ground) {
  const cv::Mat* from = &pictures.images[k];
  if (k < pictures.halves.size())
    for (const cv::Mat& half : pictures.halves[k])
      if (std::min(half.cols, half.rows) >= 2 * side) from = &half;
  const cv::Mat& bgra = *from;
  cv::Mat scaled;
  cv::resize(bgra, scaled, cv::Size(side, side), 0, 0, cv::INTER_AREA);
  cv::Mat bgr(scaled.size(), CV_8UC3);
  for (int y = 0; y < scaled.rows; ++y)
    for (int x = 0; x < scaled.cols; ++x) {
      const cv::Vec4b& s = scaled.at<cv::Vec4b>(y, x);
      float a = s[3] / 255.0f;
      cv::Vec3b& d = bgr.at<cv::Vec3b>(y, x);
      for (int k = 0; k < 3; ++k) d[k] = cv::saturate_cast<std::uint8_t>(s[k] * a + ground[k] * (1 - a));
    }
  return bgr;
}

// What a patch looks like: its texture (zero-mean grey levels, empty when flat) and its colour.
struct Look {
  cv::Mat texture;
  cv::Vec3f colour;
  double spread = 0;  // standard deviation of the grey levels
};

Look look_of(const cv::Mat& bgr, int side, const Params& p) {
  Look l;
  cv::Mat grey;
  cv::cvtColor(bgr, grey, cv::COLOR_BGR2GRAY);
  cv::Scalar mean, dev;
  cv::meanStdDev(grey, mean, dev);
  l.spread = dev[0];
  cv::Scalar c = cv::mean(bgr);
  l.colour = cv::Vec3f(static_cast<float>(c[0]), static_cast<float>(c[1]), static_cast<float>(c[2]));
  if (l.spread > p.max_gap_stddev) l.texture = signature(grey, side);
  return l;
}

// How alike two looks are, -1..1: the correlation of their textures; two plain patches (a photo's
// white background, the gap) are alike by colour; a plain patch and a textured one are not.
float likeness(const Look& a, const Look& b) {
  if (a.texture.empty() != b.texture.empty()) return -1;
  if (a.texture.empty()) {
    float d = std::max({std::abs(a.colour[0] - b.colour[0]), std::abs(a.colour[1] - b.colour[1]),
                        std::abs(a.colour[2] - b.colour[2])});
    return 1 - d / 64;
  }
  return static_cast<float>(a.texture.dot(b.texture));
}

// Pieces at least this alike cannot be told apart by looks (a photo's plain corners).
constexpr float kLookAlike = 0.97f;

struct Match {
  std::vector<int> piece;       // per screen site, row-major: the piece shown, -1 the gap
  std::vector<float> score;     // per screen site: likeness with that piece (the gap: 1)
  float worst = -1;
  float total = 0;              // the sum of the shown sites' scores
  std::vector<int> shown, candidates;   // the shown sites, the pieces they may show
  std::vector<std::vector<float>> gain;  // likeness of shown site i with candidate piece j
  std::vector<int> group;       // per piece: its look-alike group (its smallest member)
  std::pair<int, int> twins{-1, -1};  // two sites showing two pieces that look alike: either way round
  std::string why;              // when not a permutation
  bool pruned = false;          // not paired: `worst` is only a bound (match_sites)
};

Match failed(std::string why) {
  Match m;
  m.why = std::move(why);
  return m;
}

// The assignment of rows to columns of the square matrix `gain` with the largest sum (the Hungarian
// method, O(n^3)): column of each row. Row `banned_row` never takes a column where `banned` is set.
std::vector<int> best_assignment(const std::vector<std::vector<float>>& gain, int banned_row = -1, const std::vector<char>& banned = {}) {
  const int n = static_cast<int>(gain.size());
  constexpr double kBanned = 1e9, kInf = 1e18;
  auto cost = [&](int r, int c) {  // 1-based
    if (r - 1 == banned_row && banned[static_cast<std::size_t>(c - 1)]) return kBanned;
    return -static_cast<double>(gain[static_cast<std::size_t>(r - 1)][static_cast<std::size_t>(c - 1)]);
  };
  std::vector<double> u(static_cast<std::size_t>(n + 1), 0), v(static_cast<std::size_t>(n + 1), 0);
  std::vector<int> row_of(static_cast<std::size_t>(n + 1), 0), way(static_cast<std::size_t>(n + 1), 0);
  for (int r = 1; r <= n; ++r) {
    row_of[0] = r;
    int c0 = 0;
    std::vector<double> minv(static_cast<std::size_t>(n + 1), kInf);
    std::vector<char> used(static_cast<std::size_t>(n + 1), 0);
    do {
      used[static_cast<std::size_t>(c0)] = 1;
      const int r0 = row_of[static_cast<std::size_t>(c0)];
      double delta = kInf;
      int c1 = 0;
      for (int c = 1; c <= n; ++c) {
        auto ci = static_cast<std::size_t>(c);
        if (used[ci]) continue;
        const double cur = cost(r0, c) - u[static_cast<std::size_t>(r0)] - v[ci];
        if (cur < minv[ci]) minv[ci] = cur, way[ci] = c0;
        if (minv[ci] < delta) delta = minv[ci], c1 = c;
      }
      for (int c = 0; c <= n; ++c) {
        auto ci = static_cast<std::size_t>(c);
        if (used[ci]) u[static_cast<std::size_t>(row_of[ci])] += delta, v[ci] -= delta;
        else minv[ci] -= delta;
      }
      c0 = c1;
    } while (row_of[static_cast<std::size_t>(c0)] != 0);
    do {
      const int c1 = way[static_cast<std::size_t>(c0)];
      row_of[static_cast<std::size_t>(c0)] = row_of[static_cast<std::size_t>(c1)];
      c0 = c1;
    } while (c0 != 0);
  }
  std::vector<int> col_of(static_cast<std::size_t>(n), -1);
  for (int c = 1; c <= n; ++c) col_of[static_cast<std::size_t>(row_of[static_cast<std::size_t>(c)] - 1)] = c - 1;
  return col_of;
}

// Look-alike groups of a picture's pieces: per piece, the smallest piece it is (through others) at
// least kLookAlike alike with.
std::vector<int> look_alike_groups(const std::vector<Look>& pieces) {
  const int cells = static_cast<int>(pieces.size());
  std::vector<int> group(static_cast<std::size_t>(cells));
  for (int k = 0; k < cells; ++k) group[static_cast<std::size_t>(k)] = k;
  for (int a = 0; a < cells; ++a)
    for (int b = a + 1; b < cells; ++b)
      if (likeness(pieces[static_cast<std::size_t>(a)], pieces[static_cast<std::size_t>(b)]) >= kLookAlike) {
        int ga = group[static_cast<std::size_t>(a)], gb = group[static_cast<std::size_t>(b)];
        for (int& g : group) if (g == gb) g = ga;
      }
  return group;
}

// A picture cut n x n on one lattice: its pieces' looks and their look-alike groups.
struct Cut {
  std::vector<Look> pieces;
  std::vector<int> group;
};

// Pairs the board's sites (`gap`: the gap's site, or -1) with the pieces of a picture cut n x n
// (`like[s][q]`: the likeness of site s with piece q): the
// pairing of every shown site with a piece of its own (with a gap, piece 0 is never shown) whose
// likenesses add up to the most. A small board blurs look-alike pieces (italic 12 and 13) so that a
// site may be likest another site's piece; the pairing as a whole still tells them apart. Pieces
// that look alike form groups; the sites showing a group get its pieces in either order, which is no
// guess when there are two (the caller picks the order that keeps the board solvable) and is
// refused when there are more. When even the best pairing's worst site must stay under
// `worst_below` (some site is likest no piece by that much), the pairing is not made: the Match
// says `pruned`, with `worst` that bound.
Match match_sites(const std::vector<std::vector<float>>& like, int gap, const Cut& cut, int n, float worst_below = -2) {
  const int cells = n * n;
  Match m;
  for (int s = 0; s < cells; ++s)
    if (s != gap) m.shown.push_back(s);
  for (int k = gap >= 0 ? 1 : 0; k < cells; ++k) m.candidates.push_back(k);
  m.gain.assign(m.shown.size(), std::vector<float>(m.candidates.size()));
  float bound = 1;  // no pairing's worst site does better than the worst site's likest piece
  for (std::size_t i = 0; i < m.shown.size(); ++i) {
    const std::vector<float>& row = like[static_cast<std::size_t>(m.shown[i])];
    float likest = -1;
    for (std::size_t j = 0; j < m.candidates.size(); ++j) likest = std::max(likest, m.gain[i][j] = row[static_cast<std::size_t>(m.candidates[j])]);
    bound = std::min(bound, likest);
  }
  if (bound < worst_below) {
    m.pruned = true;
    m.worst = bound;
    return m;
  }
  std::vector<int> group = cut.group;
  m.piece.assign(static_cast<std::size_t>(cells), -1);
  m.score.assign(static_cast<std::size_t>(cells), 1.0f);
  m.worst = 1;
  // Each site's likest piece, when no two share one, is the best pairing already (and costs no
  // assignment: a picture board has dozens of hypotheses).
  std::vector<int> col(m.shown.size());
  std::vector<char> taken(m.candidates.size(), 0);
  bool distinct = true;
  for (std::size_t i = 0; i < m.shown.size() && distinct; ++i) {
    col[i] = static_cast<int>(std::max_element(m.gain[i].begin(), m.gain[i].end()) - m.gain[i].begin());
    distinct = !taken[static_cast<std::size_t>(col[i])];
    taken[static_cast<std::size_t>(col[i])] = 1;
  }
  if (!distinct) col = best_assignment(m.gain);
  for (std::size_t i = 0; i < m.shown.size(); ++i) {
    auto si = static_cast<std::size_t>(m.shown[i]);
    m.piece[si] = m.candidates[static_cast<std::size_t>(col[i])];
    m.score[si] = m.gain[i][static_cast<std::size_t>(col[i])];
    m.worst = std::min(m.worst, m.score[si]);
    m.total += m.score[si];
  }
  // Each group's pieces go to the sites showing it in any order: two are twins, more cannot be placed.
  std::vector<std::vector<int>> shown(static_cast<std::size_t>(cells));  // per group: the sites showing it
  for (int s : m.shown) shown[static_cast<std::size_t>(group[static_cast<std::size_t>(m.piece[static_cast<std::size_t>(s)])])].push_back(s);
  for (const std::vector<int>& at : shown) {
    if (at.size() > 2 || (at.size() == 2 && m.twins.first >= 0))
      return failed(std::to_string(at.size()) + " pieces of the picture look alike: which is where cannot be seen");
    if (at.size() == 2) m.twins = {at[0], at[1]};
  }
  m.group = std::move(group);
  return m;
}

// The largest sum of likenesses of a pairing that reads another board than `m`'s: some shown site
// paired with a piece not of its own piece's group (look-alike pieces trade places freely); -1e9
// when there is none (one site).
float best_rival_total(const Match& m) {
  float best = -1e9f;
  for (std::size_t i = 0; i < m.shown.size(); ++i) {
    const int own = m.group[static_cast<std::size_t>(m.piece[static_cast<std::size_t>(m.shown[i])])];
    std::vector<char> banned(m.candidates.size(), 0);
    for (std::size_t j = 0; j < m.candidates.size(); ++j) banned[j] = m.group[static_cast<std::size_t>(m.candidates[j])] == own ? 1 : 0;
    {
      const std::vector<int> col = best_assignment(m.gain, static_cast<int>(i), banned);
      float total = 0;
      bool other = false;
      for (std::size_t r = 0; r < m.shown.size(); ++r) {
        total += m.gain[r][static_cast<std::size_t>(col[r])];
        other = other || m.group[static_cast<std::size_t>(m.candidates[static_cast<std::size_t>(col[r])])] !=
                             m.group[static_cast<std::size_t>(m.piece[static_cast<std::size_t>(m.shown[r])])];
      }
      if (other) best = std::max(best, total);
    }
  }
  return best;
}

}  // namespace

Result<Pictures> load_pictures(const std::string& dir) {
  Pictures out;
  std::error_code ec;
  if (dir.empty() || !std::filesystem::is_directory(dir, ec))
    return make_error("no picture folder '" + dir + "' (sliding.picture_dir): is GNOME Taquin installed?");
  std::vector<std::string> files;
  for (const auto& e : std::filesystem::recursive_directory_iterator(dir, ec)) {
    std::string ext = e.path().extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (e.is_regular_file() && (ext == ".png" || ext == ".jpg" || ext == ".jpeg")) files.push_back(e.path().string());
  }
  std::sort(files.begin(), files.end());
  for (const std::string& f : files) {
    // Photos are decoded at a quarter size (JPEG scales while decoding, far faster; 24 px signatures
    // need no more than that even on a large board); pictures
    // with transparency (the digits) need their alpha.
    bool jpeg = f.size() > 4 && (f.ends_with(".jpg") || f.ends_with(".jpeg") || f.ends_with(".JPG"));
    auto read = platform::codecs::read(f, jpeg ? cv::IMREAD_REDUCED_COLOR_4 : cv::IMREAD_UNCHANGED);
    if (!read) continue;
    cv::Mat img = std::move(*read);
    if (img.empty() || img.depth() != CV_8U) continue;
    cv::Mat bgra;
    if (img.channels() == 4) bgra = img;
    else if (img.channels() == 3) cv::cvtColor(img, bgra, cv::COLOR_BGR2BGRA);
    else if (img.channels() == 1) cv::cvtColor(img, bgra, cv::COLOR_GRAY2BGRA);
    else continue;
    // Decoded photos are large; the boards are at most a screen: keep 1024 px a side at most.
    if (bgra.cols > 1024 || bgra.rows > 1024) cv::resize(bgra, bgra, cv::Size(1024, 1024), 0, 0, cv::INTER_AREA);
    std::vector<cv::Mat> halves;
    for (const cv::Mat* last = &bgra; std::min(last->cols, last->rows) / 2 >= kSmallestHalf; last = &halves.back()) {
      cv::Mat half;
      cv::resize(*last, half, cv::Size(last->cols / 2, last->rows / 2), 0, 0, cv::INTER_AREA);
      halves.push_back(std::move(half));
    }
    out.names.push_back(f);
    out.images.push_back(bgra);
    out.halves.push_back(std::move(halves));
  }
  if (out.images.empty()) return make_error("no .png or .jpg pictures under '" + dir + "' (sliding.picture_dir)");
  return out;
}

Result<Reading> read_picture_board(const cv::Mat& bgr, const Pictures& pictures, const Params& p) {
  return read_picture_board(bgr, [&]() -> Result<const Pictures*> { return &pictures; }, p);
}

Result<Reading> read_picture_board(const cv::Mat& bgr, const std::function<Result<const Pictures*>()>& theme, const Params& p) {
  if (bgr.empty() || bgr.type() != CV_8UC3) return make_error(ErrorCode::kNoBoard, "no board found: expected a non-empty 8-bit BGR image");
  std::vector<Board> boards = board_candidates(bgr, p);
  if (boards.empty()) return make_error(ErrorCode::kNoBoard, "no board found: no framed square of picture tiles");
  auto loaded = theme();
  if (!loaded) return loaded.error();
  const Pictures& pictures = **loaded;
  std::string first_error;
  float closest = -1;  // the best worst match of a pairing that is a permutation (or its bound), when none is close enough
  // Each picture scaled to a board's side over its ground, and its pieces' looks on each lattice,
  // made when a lattice needs them and shared by every board of that side and ground: a page of
  // equal squares (one-stroke cells, pegs, buttons) is many framed squares of one size, and scaling
  // every picture for each of them cost most of the time a foreign screenshot took to refuse.
  std::map<std::array<int, 4>, std::vector<cv::Mat>> scaled_at;  // (side, ground's B, G, R)
  std::map<std::array<int, 7>, Cut> cuts;                        // (side, ground, n, picture, match side)
  auto cut_of = [&](int side, const cv::Vec3b& ground, int n, double pitch, std::size_t k, int match) -> const Cut& {
    const std::array<int, 4> at{side, ground[0], ground[1], ground[2]};
    auto [cut, made] = cuts.try_emplace({side, ground[0], ground[1], ground[2], n, static_cast<int>(k), match});
    if (!made) return cut->second;
    std::vector<cv::Mat>& scaled = scaled_at[at];
    if (scaled.empty())
      for (std::size_t q = 0; q < pictures.images.size(); ++q) scaled.push_back(scaled_picture(pictures, q, side, ground));
    for (int q = 0; q < n * n; ++q) cut->second.pieces.push_back(look_of(scaled[k](site_rect(q / n, q % n, pitch, p.site_margin)), match, p));
    cut->second.group = look_alike_groups(cut->second.pieces);
    return cut->second;
  };
  for (const Board& board : boards) {
    // A reading of the board: a lattice, a picture, a gap, and how the sites pair with the pieces.
    struct Hypothesis { Match match; int n = 0; double pitch = 0; std::size_t picture = 0; bool resampled = false; };
    std::vector<Hypothesis> fits;
    // Taquin's board is n * pitch - 1 px a side (pieces pitch - 1 wide, a one-pixel seam); a
    // screenshot scaled by any factor keeps the lattice but not the whole pixels, so every n is
    // tried with the pitch the side gives it, and the pictures decide. The game's own pixels first
    // (n dividing side + 1: what play grabs), the fractional pitches only when those fit nothing
    // (they more than double the cost of a read), on the board resampled from its sides to a
    // fraction of a pixel (a small board's sites drift by a pixel otherwise).
    for (int pass = 0; pass < 2 && fits.empty(); ++pass) {
      const bool resampled = pass == 1 && !board.pixels.empty();
      const cv::Mat pixels = resampled ? board.pixels : bgr(board.rect);
      const int side = pixels.cols;
      // The ground under transparent pieces: the board's commonest colour (the gap's, the seams').
      const cv::Vec3b ground = common_colours(pixels, 1, p.background_tolerance).front();
      for (int n = 2; n <= std::min(p.max_side, 9); ++n) {
        if (!resampled && ((side + 1) % n == 0) != (pass == 0)) continue;
        const double pitch = (side + 1.0) / n;
        if (pitch < p.min_tile_px) continue;
        // A small site's finest detail is blur and JPEG ringing: it is compared at a fraction of its side.
        const int match = std::min(p.match_px, std::max(4, static_cast<int>(std::lround(p.max_match_fraction * site_rect(0, 0, pitch, p.site_margin).width))));
        std::vector<Look> sites;
        for (int s = 0; s < n * n; ++s) sites.push_back(look_of(pixels(site_rect(s / n, s % n, pitch, p.site_margin)), match, p));
        // The seams between pieces show the plain board, and so does the gap: the gap is a plain site,
        // likeliest of the seams' colour (a photo may have plain pieces of other colours; a scaled
        // board blurs the seams). Each of the few plain sites is tried as the gap, and no gap too
        // (the finished picture, every piece shown).
        std::vector<cv::Vec3b> seam;
        for (int k = 1; k < n; ++k) {
          const int at = static_cast<int>(std::lround(k * pitch)) - 1;
          for (int t = 0; t < side; ++t) {
            seam.push_back(pixels.at<cv::Vec3b>(t, at));
            seam.push_back(pixels.at<cv::Vec3b>(at, t));
          }
        }
        cv::Vec3b seam_colour = ground;
        if (!seam.empty()) seam_colour = common_colours(cv::Mat(seam, false).reshape(3, 1), 1, p.background_tolerance).front();
        std::vector<std::pair<float, int>> plain;  // (distance from the seams' colour, site)
        for (int s = 0; s < n * n; ++s) {
          const Look& l = sites[static_cast<std::size_t>(s)];
          if (!l.texture.empty()) continue;
          plain.emplace_back(std::max({std::abs(l.colour[0] - seam_colour[0]), std::abs(l.colour[1] - seam_colour[1]),
                                       std::abs(l.colour[2] - seam_colour[2])}),
                             s);
        }
        // More plain sites than gap_candidates: pieces a lattice too fine cuts into plain bits, or
        // a picture too plain to place its pieces; either way no gap is looked for among them
        // (the finished picture, every piece shown, is still tried).
        std::sort(plain.begin(), plain.end());
        std::vector<int> gaps;
        if (static_cast<int>(plain.size()) <= p.gap_candidates)
          for (const auto& [d, s] : plain) gaps.push_back(s);
        gaps.push_back(-1);
        for (std::size_t k = 0; k < pictures.images.size(); ++k) {
          const Cut& cut = cut_of(side, ground, n, pitch, k, match);
          // Each site's likeness with each piece; a site that is no gap and is like no piece to
          // min_match leaves this picture no fit on this lattice, whatever the gap (the rest is
          // not compared).
          std::vector<std::vector<float>> like(sites.size());
          std::vector<std::size_t> order;
          for (std::size_t s = 0; s < sites.size(); ++s)
            if (std::find(gaps.begin(), gaps.end(), static_cast<int>(s)) == gaps.end()) order.push_back(s);
          for (int gap : gaps)
            if (gap >= 0) order.push_back(static_cast<std::size_t>(gap));
          float hopeless = 2;  // the likest piece of a site no gap, when under min_match
          for (std::size_t s : order) {
            like[s].resize(cut.pieces.size());
            float likest = -1;
            for (std::size_t q = 0; q < cut.pieces.size(); ++q) likest = std::max(likest, like[s][q] = likeness(sites[s], cut.pieces[q]));
            const bool is_gap = std::find(gaps.begin(), gaps.end(), static_cast<int>(s)) != gaps.end();
            if (!is_gap && likest < p.min_match) {
              hopeless = likest;
              break;
            }
          }
          if (hopeless <= 1) {
            closest = std::max(closest, hopeless);
            continue;
          }
          for (int gap : gaps) {
            // A pairing that cannot fit is not made (a page of equal squares is dozens of boards,
            // each paired on every lattice): its bound is what comes closest.
            Match m = match_sites(like, gap, cut, n, static_cast<float>(p.min_match));
            if (m.pruned) {
              closest = std::max(closest, m.worst);
              continue;
            }
            if (!m.why.empty()) {
              if (first_error.empty()) first_error = m.why;
              continue;
            }
            // The gap's place holds piece 0 in the finished picture; with a gap, piece 0 must not show.
            const bool has_gap = gap >= 0;
            if (has_gap && std::find(m.piece.begin(), m.piece.end(), 0) != m.piece.end()) {
              if (first_error.empty()) first_error = "the picture's first piece shows beside the gap (is it the 16-puzzle?)";
              continue;
            }
            if (!has_gap && m.piece[0] != 0) {
              if (first_error.empty()) first_error = "no gap on the board and the picture is not whole";
              continue;
            }
            closest = std::max(closest, m.worst);
            if (m.worst >= p.min_match) fits.push_back({m, n, pitch, k, resampled});
          }
        }
      }
    }
    if (fits.empty()) continue;
    std::sort(fits.begin(), fits.end(), [](const Hypothesis& a, const Hypothesis& b) { return a.match.worst > b.match.worst; });
    const Hypothesis& best = fits.front();
    // Verify the pairing: any other of the same lattice and picture (a site given a piece not of its
    // own look-alike group) must fall behind it by `pairing_margin` (italic 13 and 15 blur alike on a
    // small board: their sites pair either way nearly as well).
    if (best_rival_total(best.match) > best.match.total - p.pairing_margin)
      return make_error(ErrorCode::kNoBoard, "no board found: two pairings of the picture's pieces with the board's sites fit alike "
                                             "(pieces that look alike at this size): refusing to guess");
    // A small board's sites are compared at a fraction of their side, where two pieces (italic 13
    // and 15) can pair the wrong way round by more than pairing_margin: compared again at the sites'
    // whole side, each two sites must still pair best as the pairing has them.
    {
      const cv::Mat pixels = best.resampled ? board.pixels : bgr(board.rect);
      const int side = pixels.cols, n = best.n;
      const cv::Vec3b ground = common_colours(pixels, 1, p.background_tolerance).front();
      const cv::Mat picture = scaled_picture(pictures, best.picture, side, ground);
      const int fine = site_rect(0, 0, best.pitch, p.site_margin).width;
      std::vector<Look> sites, pieces;
      for (int s = 0; s < n * n; ++s) {
        sites.push_back(look_of(pixels(site_rect(s / n, s % n, best.pitch, p.site_margin)), fine, p));
        pieces.push_back(look_of(picture(site_rect(s / n, s % n, best.pitch, p.site_margin)), fine, p));
      }
      const Match& m = best.match;
      for (std::size_t a = 0; a < m.shown.size(); ++a)
        for (std::size_t b = a + 1; b < m.shown.size(); ++b) {
          const auto sa = static_cast<std::size_t>(m.shown[a]), sb = static_cast<std::size_t>(m.shown[b]);
          const auto pa = static_cast<std::size_t>(m.piece[sa]), pb = static_cast<std::size_t>(m.piece[sb]);
          if (m.group[pa] == m.group[pb]) continue;  // look-alikes trade places freely (the twins)
          const float lead = likeness(sites[sa], pieces[pa]) + likeness(sites[sb], pieces[pb]) - likeness(sites[sa], pieces[pb]) -
                             likeness(sites[sb], pieces[pa]);
          if (lead <= 0)
            return make_error(ErrorCode::kNoBoard, "no board found: two of the board's pieces pair one way round at one size and the "
                                                   "other way at another (pieces that look alike at this size): refusing to guess");
        }
    }
    // Verify: the winner must win by a margin over any fit that reads another board (another lattice,
    // picture or gap giving other tiles); the same board read twice (the gap on the first site, or
    // piece 0 there in the finished picture) is no rival. The goal, every piece home (the gap, if
    // any, on site 0), is the goal on a coarser or finer lattice too (a plain corner of the photo
    // passes for the gap): only the seams between pieces tell its size, by a hair, so readings of
    // the goal are no rivals of each other (the best fit is the game's lattice).
    auto tiles_of = [](const Hypothesis& h) {
      std::vector<int> t;
      for (int piece : h.match.piece) t.push_back(std::max(piece, 0));
      return std::make_pair(h.n, t);
    };
    auto home = [](const Hypothesis& h) {  // Taquin's goal: every piece shown on its own site, the gap (if any) on site 0
      for (std::size_t q = 0; q < h.match.piece.size(); ++q)
        if (h.match.piece[q] != static_cast<int>(q) && !(q == 0 && h.match.piece[q] == -1)) return false;
      return true;
    };
    for (std::size_t i = 1; i < fits.size(); ++i)
      if (fits[i].match.worst > best.match.worst - p.match_margin && tiles_of(fits[i]) != tiles_of(best) &&
          !(home(fits[i]) && home(best)))
        return make_error(ErrorCode::kNoBoard, "no board found: two readings of the picture board fit alike (" + std::to_string(best.n) + "x" +
                                                   std::to_string(best.n) + " and " + std::to_string(fits[i].n) + "x" +
                                                   std::to_string(fits[i].n) + "): refusing to guess");

    const int n = best.n, cells = n * n;
    const Match& m = best.match;
    const bool has_gap = std::find(m.piece.begin(), m.piece.end(), -1) != m.piece.end();

    Reading out;
    out.board = board.rect;
    out.state.rows = out.state.cols = n;
    out.state.tiles.assign(static_cast<std::size_t>(cells), 0);
    out.confidence.assign(static_cast<std::size_t>(cells), 0.0f);
    out.centres.assign(static_cast<std::size_t>(cells), cv::Point2f());
    const auto pitch = static_cast<float>(best.pitch);
    const float half = (pitch - 1) / 2.0f;
    for (int site = 0; site < cells; ++site) {
      auto si = static_cast<std::size_t>(site);
      int cell = cells - 1 - site;  // the half-turn (see the header)
      auto ci = static_cast<std::size_t>(cell);
      int piece = m.piece[si];
      out.state.tiles[ci] = piece <= 0 ? 0 : cells - piece;
      out.centres[ci] = cv::Point2f(static_cast<float>(board.rect.x) + static_cast<float>(site % n) * pitch + half,
                                    static_cast<float>(board.rect.y) + static_cast<float>(site / n) * pitch + half);
      out.confidence[ci] = std::clamp(m.score[si], 0.0f, 1.0f);
    }
    // Two look-alike pieces: of their two places only one leaves the board solvable, and the game
    // deals only solvable boards (and a board the moves led to stays so).
    if (m.twins.first >= 0 && !solvers::sliding::unsolvable_reason(out.state).empty()) {
      std::swap(out.state.tiles[static_cast<std::size_t>(cells - 1 - m.twins.first)],
                out.state.tiles[static_cast<std::size_t>(cells - 1 - m.twins.second)]);
      out.notes.push_back("two look-alike pieces placed so the board is solvable");
    }
    out.half_turn = true;
    Lattice& lat = out.lattice;
    lat.rows = lat.cols = n;
    lat.pitch = pitch;
    lat.face = pitch - 1;
    lat.origin = cv::Point2f(board.rect.x + half, board.rect.y + half);
    lat.board = board.rect;
    lat.background = board.frame;
    out.notes.push_back("picture tiles cut from " + pictures.names[best.picture] + " (" + std::to_string(n) + "x" +
                        std::to_string(n) + "); board turned a half-turn so the gap's goal is last");
    if (!has_gap) out.notes.push_back("the finished picture (no gap): read as the goal");
    return out;
  }
  return make_error(
      ErrorCode::kNoBoard, "no board found: a framed square, but no theme picture matches its tiles" +
      (closest > -1 ? " (at best a site matches its piece to " + std::to_string(closest).substr(0, 4) + ", under min_match)"
                    : first_error.empty() ? std::string() : " (" + first_error + ")") + ": is a tile still sliding?");
}

}  // namespace pb::vision::sliding
