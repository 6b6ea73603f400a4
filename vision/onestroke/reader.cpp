/* reader.cpp: 一笔画完 screenshot -> board: grey cells -> lattice -> sites -> cat, with confidences. */
#include "vision/onestroke/reader.hpp"

#include "vision/common/clipping.hpp"
#include "vision/common/params.hpp"

// How it reads (detect, then decode):
//  1. Pixel classes. Luminance of grey/white pixels splits into background and cells at an Otsu
//     threshold computed on this image, so a darker or lighter theme, JPEG and blur move the
//     threshold with them instead of breaking a fixed one.
//  2. Cells: connected grey regions that are squares of one common size (the largest group of
//     equal-sized squares wins, so chrome capsules, text and photos drop out). When the split finds
//     none (a darker band joined into one region took it), the board is read again at the split
//     of the levels above it, and that reading stands only with a grey band (run_reader). Last, a
//     hatched or grainy page as dark as the cells: the mask opened by a square wider than its strokes,
//     taken only on a textured page with flat free cells (Reader's open_px_).
//  3. Lattice: pitch and origin fitted per axis to the squares' centres (least squares on integer
//     site indices); cell/pitch must match the game's gaps, which refuses chessboards and grids.
//     When no lattice of squares is found, a skin with grid lines may have joined the cells into one
//     grey region: its luminance steps are then folded at the period of their autocorrelation, and
//     the lattice is where the lines are, if they are thin, evenly spaced and the cells between them
//     flat (lattice_from_lines).
//  4. Sites: every lattice site reachable from the grey cells through cell-like sites is sampled
//     inside its cell (the central part, so blur, rounded corners, the cat's ears and tail that
//     spill into neighbouring sites, and the band's joints do not count) and classified.
//  5. The cat: among coloured sites the one least like the band (its face, eyes and own colour);
//     a lone coloured site is the start whatever it shows (a face filling its cell).
//     The end cell, on levels that have one: the free cell that carries a coloured mark (a flag, a
//     tinted letter) while the others carry none; two marked cells, or one barely more marked than
//     another, are refused rather than guessed.
//  6. Nothing odd next to the cells: every free cell of the free cells' grey and tint, every hole of
//     the page's (of a hatched or grainy page's texture, as the sites round the board show it). Grey or pale visited cells would otherwise pass for free cells or holes; they are
//     read only when the cells fall into two flat tones and the band's joints (it fills the gap
//     between two steps of the path) link one tone into a single path ending at the cat (grey_band).
//     A site of one flat tone that is neither grey, colour nor the page (a band of chroma between
//     the limits, a grey lighter than the split, or the free cells beside a band darker than them)
//     is pale: it joins the board, and stands only as one of those two tones.
//  Dark mode (cells lighter than the page) is read as the image's negative, when the light reading
//  finds no board (Params::theme).
//  The browser games' look (touching cells, S/G or tinted start and end, dark wall cells) has a
//  reader of its own (marked_reader.hpp); read() keeps this reader's board when its visited cells
//  link to its head, its free cells are not the page's colour, and the other does not read a
//  different board with as many cells or more.
//
// Rejected designs:
//  - Fixed colour thresholds for cells and background: JPEG, blur and other phones' gamma shift
//    them; only the chroma limits (grey vs coloured) are fixed, in Params.
//  - Hough lines / projection profiles as the first way to the lattice: the band's joints and holes
//    break the periodicity; fitting centres of whole cells is exact and cheap. Profiles are only the
//    way when the cells have joined (grid lines), and are then checked hard.
//  - Template-matching the cat: its colour and size change per level; "the coloured site least
//    like the band" needs no template.
//  - Downscaling large frames first: a letterboxed phone screen of 270x480 in a 1920x1080 frame has
//    cells of ~25 px, and the full-resolution pass is fast enough (docs/PERFORMANCE.md).

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <numeric>
#include <opencv2/imgproc.hpp>
#include <optional>
#include <queue>
#include <set>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

#include "vision/common/disc_lattice.hpp"
#include "vision/common/pixels.hpp"
#include "vision/onestroke/marked_reader.hpp"

namespace pb::vision::onestroke {
namespace {

Error no_board(const std::string& why) {
  return make_error(ErrorCode::kNoBoard, "no board found: " + why, "check the game is on screen");
}

// Pixel classes used when sampling sites.
enum class Px : std::uint8_t { kBackground, kGrey, kColour, kDark, kOther };

struct Thresholds {
  int neutral_max_chroma;
  int colour_min_chroma;
  int dark_max_luminance;
  int split;  // luminance: below it a neutral pixel is a cell, at or above it background
};

struct Bgr {
  int b, g, r;
};

Px classify(const Bgr& p, const Thresholds& t) {
  const int mx = std::max({p.b, p.g, p.r}), mn = std::min({p.b, p.g, p.r});
  const int chroma = mx - mn, lum = (p.b + p.g + p.r) / 3;
  if (chroma >= t.colour_min_chroma) return Px::kColour;
  if (lum < t.dark_max_luminance) return Px::kDark;
  if (chroma > t.neutral_max_chroma) return Px::kOther;
  return lum < t.split ? Px::kGrey : Px::kBackground;
}

// Otsu's threshold over a histogram's bins [lo, 256): the split maximising between-class variance.
// Returns the threshold and the two class means.
struct Split {
  int threshold = 0;
  double low_mean = 0, high_mean = 0;
  int high_mode = 0;  // the commonest level at or above the threshold: the page
};

std::optional<Split> otsu(const std::array<double, 256>& hist, int lo) {
  double total = 0, sum = 0;
  for (int i = lo; i < 256; ++i) total += hist[i], sum += i * hist[i];
  if (total <= 0) return std::nullopt;
  double w0 = 0, s0 = 0, best = -1;
  Split out;
  for (int t = lo; t < 255; ++t) {  // class 0: [lo, t], class 1: (t, 255]
    w0 += hist[t];
    s0 += t * hist[t];
    const double w1 = total - w0;
    if (w0 <= 0 || w1 <= 0) continue;
    const double m0 = s0 / w0, m1 = (sum - s0) / w1;
    const double between = w0 * w1 * (m0 - m1) * (m0 - m1);
    if (between > best) best = between, out = {t + 1, m0, m1};
  }
  if (best < 0) return std::nullopt;
  out.high_mode = out.threshold;
  for (int t = out.threshold; t < 256; ++t)
    if (hist[t] > hist[out.high_mode]) out.high_mode = t;
  return out;
}

struct Square {
  cv::Point2d centre;  // pixel-centre coordinates
  double w = 0, h = 0;
  double fill = 1;     // area / bounding box (a disc 0.785)
};

// Fit of one axis: centre of index i is origin + i * pitch; span: sites between the extreme centres.
struct AxisFit {
  double pitch = 0, origin = 0, span = 0;
};

// The origin for a given pitch: mean of each centre minus its index times the pitch.
double refit_origin(const std::vector<double>& v, double pitch) {
  const double first = *std::min_element(v.begin(), v.end());
  double sum = 0;
  for (double x : v) sum += x - pitch * std::round((x - first) / pitch);
  return sum / static_cast<double>(v.size());
}

// Pitch from the gaps between clusters of centres (the smallest gap, divided down when it spans
// several sites), then a least-squares fit of origin and pitch over every centre.
std::optional<AxisFit> fit_axis(std::vector<double> v, double size, double nominal_ratio) {
  std::sort(v.begin(), v.end());
  std::vector<double> clusters;
  std::vector<int> counts;
  for (double x : v) {
    if (clusters.empty() || x - clusters.back() / counts.back() > size / 2) {
      clusters.push_back(x);
      counts.push_back(1);
    } else {
      clusters.back() += x;
      ++counts.back();
    }
  }
  if (clusters.size() < 2) return std::nullopt;
  for (std::size_t i = 0; i < clusters.size(); ++i) clusters[i] /= counts[i];
  double gap = clusters[1] - clusters[0];
  for (std::size_t i = 2; i < clusters.size(); ++i) gap = std::min(gap, clusters[i] - clusters[i - 1]);
  const double nominal = size / nominal_ratio;
  const double k = std::max(1.0, std::round(gap / nominal));
  double pitch = gap / k;
  // Least squares of x = origin + pitch * i over the centres, indices counted from the first.
  double si = 0, sx = 0, sii = 0, six = 0;
  for (double x : v) {
    const double i = std::round((x - v.front()) / pitch);
    si += i, sx += x, sii += i * i, six += i * x;
  }
  const double n = static_cast<double>(v.size()), den = n * sii - si * si;
  if (den <= 0) return std::nullopt;
  pitch = (n * six - si * sx) / den;
  return AxisFit{pitch, (sx - pitch * si) / n, std::round((v.back() - v.front()) / pitch)};
}

// Grid lines (a skin with thin lines between the cells instead of gaps): anti-aliasing greys a thin
// line, so the cells' grey regions join into one and no square stands for a cell. The lattice is
// then read from the lines: luminance steps summed down each column and along each row of the
// joined region peak at every line (and at the edges of holes and band cells, on the same lines),
// once a pitch.

// Luminance steps (B+G+R, central differences) summed down each column of `roi` (`across_x`, the
// steps along x) and along each of its rows (`across_y`).
void step_profiles(const cv::Mat& img, const cv::Rect& roi, std::vector<double>& across_x, std::vector<double>& across_y) {
  std::vector<int> cols(static_cast<std::size_t>(roi.width), 0);
  across_y.assign(static_cast<std::size_t>(roi.height), 0.0);
  auto lum = [](const cv::Vec3b& q) { return q[0] + q[1] + q[2]; };
  for (int y = 1; y + 1 < roi.height; ++y) {
    const auto* up = img.ptr<cv::Vec3b>(roi.y + y - 1) + roi.x;
    const auto* at = img.ptr<cv::Vec3b>(roi.y + y) + roi.x;
    const auto* down = img.ptr<cv::Vec3b>(roi.y + y + 1) + roi.x;
    int row = 0;
    for (int x = 1; x + 1 < roi.width; ++x) {
      cols[static_cast<std::size_t>(x)] += std::abs(lum(at[x + 1]) - lum(at[x - 1]));
      row += std::abs(lum(down[x]) - lum(up[x]));
    }
    across_y[static_cast<std::size_t>(y)] = row;
  }
  across_x.assign(cols.begin(), cols.end());
}

// Autocorrelation of `v` (its mean taken out) at lags 0..max_lag, 1 at lag 0; each lag's sum is
// divided by its overlap, so a long lag is not penalised for covering less.
std::vector<double> autocorrelation(const std::vector<double>& v, int max_lag) {
  const auto n = static_cast<int>(v.size());
  std::vector<double> out(static_cast<std::size_t>(std::max(0, max_lag + 1)), 0.0);
  if (n < 2) return out;
  const double mean = std::accumulate(v.begin(), v.end(), 0.0) / n;
  std::vector<double> d(v.size());
  double var = 0;
  for (int i = 0; i < n; ++i) d[static_cast<std::size_t>(i)] = v[static_cast<std::size_t>(i)] - mean, var += d[static_cast<std::size_t>(i)] * d[static_cast<std::size_t>(i)];
  if (var <= 0) return out;
  var /= n;
  for (int lag = 0; lag <= max_lag && lag < n; ++lag) {
    double sum = 0;
    for (int i = 0; i + lag < n; ++i) sum += d[static_cast<std::size_t>(i)] * d[static_cast<std::size_t>(i + lag)];
    out[static_cast<std::size_t>(lag)] = sum / (n - lag) / var;
  }
  return out;
}

// Where one axis's lines are, for a given pitch: the profile folded over one pitch peaks at the
// lines' phase; each line is then found near its predicted place and pitch and phase are fitted to
// them (least squares on the line indices).
struct LineFit {
  double pitch = 0, phase = 0;  // line k at phase + k * pitch, px from the profile's start
  int lines = 0;                // lines found (strong enough to count)
  double width = 0;             // a line's width, px (roughly: the fold's peak at half height)
  double centre_ratio = 1;      // the fold's highest away from the lines / at the lines
};

std::optional<LineFit> fit_lines(const std::vector<double>& v, double pitch) {
  const auto n = static_cast<int>(v.size());
  if (pitch < 2 || n < pitch) return std::nullopt;
  // A box of ~8% of a pitch merges a line's two edges into one peak at its middle.
  const int h = std::max(1, static_cast<int>(std::lround(0.04 * pitch)));
  std::vector<double> sm(v.size(), 0.0);
  for (int i = 0; i < n; ++i) {
    double sum = 0;
    int cnt = 0;
    for (int j = std::max(0, i - h); j <= std::min(n - 1, i + h); ++j) sum += v[static_cast<std::size_t>(j)], ++cnt;
    sm[static_cast<std::size_t>(i)] = sum / cnt;
  }
  const int bins = std::max(2, static_cast<int>(std::lround(pitch)));
  std::vector<double> fold(static_cast<std::size_t>(bins), 0.0), count(static_cast<std::size_t>(bins), 0.0);
  for (int i = 0; i < n; ++i) {
    const auto b = static_cast<std::size_t>(std::min(bins - 1, static_cast<int>(std::fmod(i, pitch) * bins / pitch)));
    fold[b] += sm[static_cast<std::size_t>(i)];
    count[b] += 1;
  }
  for (std::size_t b = 0; b < fold.size(); ++b) fold[b] /= std::max(1.0, count[b]);
  const auto peak = static_cast<int>(std::max_element(fold.begin(), fold.end()) - fold.begin());
  const double top = fold[static_cast<std::size_t>(peak)];
  if (top <= 0) return std::nullopt;
  LineFit out;
  // Away from the line (a fifth of a pitch and more), the fold is flat: a peak there is another line
  // (the pitch is a multiple of the true one) or a feature of the cells, not a grid.
  double off = 0;
  for (int b = 0; b < bins; ++b) {
    const int d = std::min((b - peak + bins) % bins, (peak - b + bins) % bins);
    if (d >= 0.2 * bins) off = std::max(off, fold[static_cast<std::size_t>(b)]);
  }
  out.centre_ratio = off / top;
  int wide = 1;
  for (int d = 1; d < bins / 2 && fold[static_cast<std::size_t>((peak + d) % bins)] >= top / 2; ++d) ++wide;
  for (int d = 1; d < bins / 2 && fold[static_cast<std::size_t>((peak - d + bins) % bins)] >= top / 2; ++d) ++wide;
  out.width = std::max(1.0, (wide - 2.0 * h) * pitch / bins);
  // Each line: the strongest point within a third of a pitch of where the fold puts it.
  const double phase = (peak + 0.5) * pitch / bins;
  std::vector<std::pair<double, double>> found;  // (index, position)
  std::vector<double> strength;
  for (int k = 0; phase + k * pitch < n + 0.3 * pitch; ++k) {
    const double at = phase + k * pitch;
    const int lo = std::max(0, static_cast<int>(std::ceil(at - 0.3 * pitch)));
    const int hi = std::min(n - 1, static_cast<int>(std::floor(at + 0.3 * pitch)));
    if (lo > hi) continue;
    int m = lo;
    for (int i = lo; i <= hi; ++i)
      if (sm[static_cast<std::size_t>(i)] > sm[static_cast<std::size_t>(m)]) m = i;
    if (m == lo || m == hi) continue;  // no peak inside the window: no line there
    double x = m;
    const double a = sm[static_cast<std::size_t>(m - 1)], b = sm[static_cast<std::size_t>(m)], c = sm[static_cast<std::size_t>(m + 1)];
    if (a - 2 * b + c < 0) x += 0.5 * (a - c) / (a - 2 * b + c);
    found.push_back({k, x});
    strength.push_back(b);
  }
  if (found.empty()) return std::nullopt;
  const double strongest = *std::max_element(strength.begin(), strength.end());
  double si = 0, sx = 0, sii = 0, six = 0, cnt = 0;
  std::vector<std::pair<double, double>> lines;
  for (std::size_t j = 0; j < found.size(); ++j) {
    if (strength[j] < 0.3 * strongest) continue;  // a line between two band cells is covered
    const auto [i, x] = found[j];
    lines.push_back(found[j]);
    si += i, sx += x, sii += i * i, six += i * x, cnt += 1;
  }
  out.lines = static_cast<int>(lines.size());
  out.pitch = pitch;
  out.phase = phase;
  if (lines.size() >= 2 && cnt * sii - si * si > 0) {
    out.pitch = (cnt * six - si * sx) / (cnt * sii - si * si);
    out.phase = (sx - out.pitch * si) / cnt;
  } else if (lines.size() == 1) {
    out.phase = lines[0].second - lines[0].first * pitch;
  }
  for (const auto& [i, x] : lines)
    if (std::abs(x - out.phase - i * out.pitch) > 0.1 * pitch) return std::nullopt;  // not one period
  return out;
}

// What the samples of one site's cell showed.
struct SiteSamples {
  int total = 0, grey = 0, background = 0, colour = 0, dark = 0;
  std::vector<Bgr> coloured;  // the coloured samples' values (for the band colour and the cat)
  std::vector<Bgr> grey_px, page_px;  // the grey and the background samples (which grey, which tint?)
  std::vector<Bgr> all;               // every sample (is the site one flat colour?)
  bool pale = false;  // one flat tone, neither grey cell, colour nor the page's (Kind::kPale)
  double flat = 0;    // the share of samples within max_page_spread of the site's median luminance
  bool computed = false;
};

// What a site's samples make it: a free cell (the cells' grey), coloured (band or cat), pale (one flat
// tone that is neither: visited cells in a pale tint or a grey of their own, or a patch beside the board
// that refuses it), or nothing (the page, a hole).
enum class Kind { kNone, kFree, kColoured, kPale };

// A near-grey's luminance and tint (each channel minus the luminance): the per-channel median of
// some samples, so a digit or a speck of JPEG on a cell does not move it.
struct Tone {
  int lum = 0;
  std::array<int, 3> tint{};
  int tint_distance(const Tone& o) const {
    return std::abs(tint[0] - o.tint[0]) + std::abs(tint[1] - o.tint[1]) + std::abs(tint[2] - o.tint[2]);
  }
};

Tone tone_of(const std::vector<Bgr>& px) {
  std::vector<int> b, g, r;
  for (const Bgr& v : px) b.push_back(v.b), g.push_back(v.g), r.push_back(v.r);
  const int mb = median_of(b), mg = median_of(g), mr = median_of(r), lum = (mb + mg + mr) / 3;
  return {lum, {mb - lum, mg - lum, mr - lum}};
}

// Each level's count of samples within `window` levels of it.
std::array<int, 256> windowed_counts(const std::vector<Bgr>& px, int window) {
  std::array<int, 256> hist{}, near{};
  for (const Bgr& v : px) ++hist[static_cast<std::size_t>((v.b + v.g + v.r) / 3)];
  for (int l = 0; l < 256; ++l)
    for (int k = std::max(0, l - window); k <= std::min(255, l + window); ++k) near[static_cast<std::size_t>(l)] += hist[static_cast<std::size_t>(k)];
  return near;
}

// The commonest level of `px`: the one with the most samples within `window` levels of it.
int commonest_level(const std::vector<Bgr>& px, int window) {
  const std::array<int, 256> near = windowed_counts(px, window);
  return static_cast<int>(std::max_element(near.begin(), near.end()) - near.begin());
}

// The tone of a cell's fill: of its samples within `window` levels of a level where they gather (a
// peak holding at least `min_share` of them within `window`), of such peaks the one nearest `board`
// (the free cells' commonest level on the whole board). Digits drawn on a numbered cell in a grey of
// their own are not its tone: heavy digits took a third or more of a cell's grey samples, and their
// median, 16-40 levels under the fill, was taken for a second grey. A flat cell's fill tone is its median.
Tone fill_tone(const std::vector<Bgr>& px, int window, double min_share, int board) {
  if (px.empty()) return tone_of(px);
  const std::array<int, 256> near = windowed_counts(px, window);
  const int densest = static_cast<int>(std::max_element(near.begin(), near.end()) - near.begin());
  int best = densest;
  for (int l = 0; l < 256; ++l) {
    if (near[static_cast<std::size_t>(l)] < min_share * static_cast<double>(px.size())) continue;
    bool peak = true;
    for (int k = std::max(0, l - window); k <= std::min(255, l + window) && peak; ++k)
      peak = near[static_cast<std::size_t>(k)] < near[static_cast<std::size_t>(l)] || (near[static_cast<std::size_t>(k)] == near[static_cast<std::size_t>(l)] && k >= l);
    if (peak && std::abs(l - board) < std::abs(best - board)) best = l;
  }
  std::vector<Bgr> fill;
  for (const Bgr& v : px)
    if (std::abs((v.b + v.g + v.r) / 3 - best) <= window) fill.push_back(v);
  return tone_of(fill);
}

// How a site's samples vary: their luminance's mean and standard deviation, levels. A flat fill (a
// cell, a plain page) has a spread near 0; hatching or grain on a page has one of a few levels.
struct Texture {
  double mean = 0, spread = 0;
};

Texture texture_of(const std::vector<Bgr>& px) {
  if (px.empty()) return {};
  double sum = 0, sum2 = 0;
  for (const Bgr& v : px) {
    const double l = (v.b + v.g + v.r) / 3.0;
    sum += l;
    sum2 += l * l;
  }
  const double n = static_cast<double>(px.size()), mean = sum / n;
  return {mean, std::sqrt(std::max(0.0, sum2 / n - mean * mean))};
}

class Reader {
 public:
  // `upper_split`: the cells are looked for above the first luminance split (upper_split_).
  // `open_px`: the cell mask is taken at every pixel and opened by a square of this side (open_px_).
  Reader(const cv::Mat& bgr, const Params& p, DebugSink* debug, bool upper_split = false, int open_px = 0)
      : img_(bgr), p_(p), debug_(debug), upper_split_(upper_split), open_px_(open_px) {}

  Result<Reading> run();
  // How far the last run() got: 0 nothing, 1 page and cells told apart, 2 cells found, 3 lattice,
  // 4 board, 5 cat, 6 read (learn() ranks Params that fail by it).
  int stage() const { return stage_; }
  // Whether the last run() found no grey square at the first split (a darker band may have taken it).
  bool found_no_squares() const { return no_squares_; }

 private:
  Result<Split> split_luminance();
  int mask_stride(int split) const;
  Result<std::vector<Square>> find_squares(int split);
  Error show(Error e) const;
  Result<Lattice> fit_lattice(std::vector<Square>& squares) const;
  Result<Lattice> lattice_from_lines() const;
  std::optional<int> cells_level() const;
  const SiteSamples& site(int row, int col);
  double mark_away_from_colour(int row, int col);
  template <typename F>
  void for_each_sample(int row, int col, F&& f) const;
  Kind kind(const SiteSamples& s) const;
  Tone cell_tone(const SiteSamples& s) const;
  std::optional<std::string> odd_site(const std::vector<std::pair<int, int>>& board,
                                      const std::map<std::pair<int, int>, int>& region_of, int board_id,
                                      double contrast, std::pair<int, int> corner,
                                      const std::set<std::pair<int, int>>& grey_band, std::pair<int, int> head);
  std::optional<std::set<std::pair<int, int>>> grey_band(const std::vector<std::pair<int, int>>& board,
                                                         std::pair<int, int> head, double contrast);
  int joined(std::pair<int, int> a, std::pair<int, int> b, const Tone& tone, double tol, bool at_cat);

  const cv::Mat& img_;
  const Params& p_;
  DebugSink* debug_ = nullptr;
  std::vector<Square> candidates_, group_;  // every cell-like square, and the one-size group (for `debug_`)
  cv::Rect merged_;   // the largest grey region's box, px: the board when grid lines join its cells
  Thresholds t_{};
  cv::Rect content_;  // the part of the image that is not dark (inside letterbox bars), px
  Tone page_;         // the page: the commonest light grey, and its tint
  std::array<double, 256> hist_{};  // luminance of the neutral pixels (every 2nd of every 2nd row)
  Lattice lat_;  // indices relative to the seed squares' first row and column
  std::map<std::pair<int, int>, SiteSamples> sites_;
  int stage_ = 0;
  // Three greys: a band darker than the cells, joined into one region, takes the first split for the
  // cells and leaves the free cells with the page, so no square stands for a cell. With upper_split_
  // the squares are looked for at the split of the levels above the first, and the reading stands
  // only when the tone below (the band) is a grey band to the cat.
  bool upper_split_ = false;
  int first_split_ = 0;  // with upper_split_: the first split, under which the darkest grey lies
  int fill_level_ = 0;   // the free cells' commonest level on the board (cell_tone takes each cell's fill nearest it)
  double darkest_grey_share(std::pair<int, int> first, std::pair<int, int> last, const std::vector<cv::Rect>& free_cells) const;
  // A hatched or grainy page whose strokes (or specks) are as dark as the cells: in the cell mask they
  // join the cells over the gaps, or stand as squares of their own. With open_px_ > 1 the mask is taken
  // at every pixel and opened by a square of that side, which no stroke thinner than it survives and
  // every cell does.
  int open_px_ = 0;
  bool no_squares_ = false;
  double page_texture_ = 0;  // the page's spread round the board (odd_site), for Reading::page_texture
};

Result<Split> Reader::split_luminance() {
  // A histogram over every 2nd pixel of each 2nd row is as good as the full one and 4x cheaper.
  // The same pass finds the content's bounding box (not dark), so black letterbox bars around a
  // phone screen cost nothing later.
  std::array<double, 256>& hist = hist_;
  std::array<std::array<double, 3>, 256> channel_sum{};  // per level: sums of B, G, R (the page's tint)
  int x0 = img_.cols, x1 = -1, y0 = img_.rows, y1 = -1;
  for (int y = 0; y < img_.rows; y += 2) {
    const auto* row = img_.ptr<cv::Vec3b>(y);
    for (int x = 0; x < img_.cols; x += 2) {
      const auto& q = row[x];
      const int mx = std::max({q[0], q[1], q[2]}), mn = std::min({q[0], q[1], q[2]});
      const int lum = (q[0] + q[1] + q[2]) / 3;
      if (lum >= p_.dark_max_luminance) x0 = std::min(x0, x), x1 = std::max(x1, x), y0 = std::min(y0, y), y1 = y;
      if (mx - mn > p_.neutral_max_chroma) continue;
      hist[static_cast<std::size_t>(lum)] += 1;
      for (int k = 0; k < 3; ++k) channel_sum[static_cast<std::size_t>(lum)][static_cast<std::size_t>(k)] += q[k];
    }
  }
  if (x1 < 0) return no_board("the image is dark all over");
  content_ = cv::Rect(cv::Point(x0 - 2, y0 - 2), cv::Point(x1 + 3, y1 + 3)) & cv::Rect(0, 0, img_.cols, img_.rows);
  const auto s = otsu(hist, p_.dark_max_luminance);
  if (!s) return no_board("the image is one flat shade, or has no grey or white at all");
  const auto mode = static_cast<std::size_t>(s->high_mode);
  page_ = {s->high_mode, {}};
  for (std::size_t k = 0; k < 3; ++k)
    page_.tint[k] = static_cast<int>(std::lround(channel_sum[mode][k] / std::max(1.0, hist[mode]))) - s->high_mode;
  if (s->high_mean - s->low_mean < p_.min_contrast)
    return no_board("no contrast between grey cells and the background (" +
                    std::to_string(static_cast<int>(s->high_mean - s->low_mean)) + " levels)");
  return *s;
}

bool is_cell_px(const cv::Vec3b& q, int max_chroma, int dark3, int split3) {
  const int b = q[0], g = q[1], r = q[2];
  const int mx = std::max(b, std::max(g, r)), mn = std::min(b, std::min(g, r));
  const int sum = b + g + r;  // compared with 3 * luminance limits: no division per pixel
  return mx - mn <= max_chroma && sum >= dark3 && sum < split3;
}

int Reader::mask_stride(int split) const {
  // Runs of cell pixels along a few rows: their lower quartile is about a cell's width (rows
  // through the cells' middles) or less (through rounded corners); chrome capsules are longer.
  const int max_chroma = p_.neutral_max_chroma, dark3 = p_.dark_max_luminance * 3, split3 = split * 3;
  const int rows = std::max(1, p_.stride_probe_rows);
  const cv::Mat img = img_(content_);
  std::vector<int> runs;
  for (int k = 0; k < rows; ++k) {
    const int y = static_cast<int>((k + 0.5) * img.rows / rows);
    const auto* row = img.ptr<cv::Vec3b>(y);
    int run = 0;
    for (int x = 0; x <= img.cols; ++x) {
      if (x < img.cols && is_cell_px(row[x], max_chroma, dark3, split3)) {
        ++run;
      } else {
        if (run >= p_.min_cell_px) runs.push_back(run);
        run = 0;
      }
    }
  }
  if (runs.empty()) return 1;
  std::nth_element(runs.begin(), runs.begin() + static_cast<long>(runs.size() / 4), runs.end());
  return std::clamp(runs[runs.size() / 4] / std::max(1, p_.min_cell_samples), 1, 8);
}

Result<std::vector<Square>> Reader::find_squares(int split) {
  // The mask is taken every `k`-th pixel: a cell keeps at least min_cell_samples samples and its
  // gaps (>= 10% of a pitch) at least one, while a 1080x1920 screen costs k*k times less.
  const int k = open_px_ > 1 ? 1 : mask_stride(split);
  const cv::Mat img = img_(content_);
  cv::Mat mask((img.rows + k - 1) / k, (img.cols + k - 1) / k, CV_8U);
  const int max_chroma = p_.neutral_max_chroma, dark3 = p_.dark_max_luminance * 3, split3 = split * 3;
  for (int my = 0; my < mask.rows; ++my) {
    const auto* row = img.ptr<cv::Vec3b>(my * k);
    auto* out = mask.ptr<std::uint8_t>(my);
    for (int mx = 0; mx < mask.cols; ++mx) out[mx] = is_cell_px(row[mx * k], max_chroma, dark3, split3) ? 255 : 0;
  }
  if (open_px_ > 1)
    cv::morphologyEx(mask, mask, cv::MORPH_OPEN, cv::getStructuringElement(cv::MORPH_RECT, {open_px_, open_px_}));
  cv::Mat labels, stats, centroids;
  const int n = cv::connectedComponentsWithStats(mask, labels, stats, centroids, 4, CV_32S);
  int largest = 0;
  for (int i = 1; i < n; ++i)
    if (largest == 0 || stats.at<int>(i, cv::CC_STAT_AREA) > stats.at<int>(largest, cv::CC_STAT_AREA)) largest = i;
  if (largest > 0) {
    const int* s = stats.ptr<int>(largest);
    merged_ = cv::Rect(content_.x + s[cv::CC_STAT_LEFT] * k, content_.y + s[cv::CC_STAT_TOP] * k,
                       s[cv::CC_STAT_WIDTH] * k, s[cv::CC_STAT_HEIGHT] * k);
  }
  const double max_side = p_.max_cell_fraction * std::min(img_.cols, img_.rows);
  // When subsampled, a cell spans about min_cell_samples samples: specks of JPEG noise of one or
  // two samples must not pass as cells just because k makes them look big enough in pixels.
  const double min_samples = k > 1 ? p_.min_cell_samples / 2.0 : 0.0;
  std::vector<Square> squares;
  for (int i = 1; i < n; ++i) {
    const int* s = stats.ptr<int>(i);
    const double mw = s[cv::CC_STAT_WIDTH], mh = s[cv::CC_STAT_HEIGHT], area = s[cv::CC_STAT_AREA];
    const double w = mw * k, h = mh * k;  // in image px (the true side is within +-k)
    if (mw < min_samples || mh < min_samples) continue;
    if (w < p_.min_cell_px || h < p_.min_cell_px || w > max_side || h > max_side) continue;
    if (std::max(w, h) > p_.max_cell_aspect * std::min(w, h)) continue;
    if (area < p_.min_cell_fill * mw * mh) continue;
    // A cell, square or round, is centred in its box; three cells that grid lines join into an L fill
    // 75% of theirs, as a disc does, but their mass sits a sixth of the box off its centre.
    const double off_x = centroids.at<double>(i, 0) - (s[cv::CC_STAT_LEFT] + (mw - 1) / 2);
    const double off_y = centroids.at<double>(i, 1) - (s[cv::CC_STAT_TOP] + (mh - 1) / 2);
    if (std::abs(off_x) > p_.max_centroid_offset * mw || std::abs(off_y) > p_.max_centroid_offset * mh) continue;
    // Samples x0..x0+mw-1 (times k) cover the cell: their middle is its centre, within k/2.
    squares.push_back({{content_.x + (s[cv::CC_STAT_LEFT] + (mw - 1) / 2) * k,
                        content_.y + (s[cv::CC_STAT_TOP] + (mh - 1) / 2) * k},
                       w, h, area / (mw * mh)});
  }
  if (squares.empty()) return no_board("no grey squares that could be cells");
  // The group of squares of one size with the largest count x side is the board: many cells beat
  // a few big panels, and real cells beat more numerous specks of noise.
  const double tol = p_.size_tolerance;
  auto alike = [tol](const Square& a, const Square& b) {
    return std::abs(a.w - b.w) <= tol * a.w && std::abs(a.h - b.h) <= tol * a.h;
  };
  std::size_t best = 0;
  double best_score = 0;
  for (std::size_t i = 0; i < squares.size(); ++i) {
    std::size_t count = 0;
    for (const Square& o : squares) count += alike(squares[i], o) ? 1 : 0;
    const double score = static_cast<double>(count) * (squares[i].w + squares[i].h);
    if (score > best_score) best = i, best_score = score;
  }
  std::vector<Square> group;
  for (const Square& o : squares)
    if (alike(squares[best], o)) group.push_back(o);
  candidates_ = squares;
  group_ = group;
  if (static_cast<int>(group.size()) < p_.min_free_cells)
    return no_board("only " + std::to_string(group.size()) + " grey square(s) of one size, need " +
                    std::to_string(p_.min_free_cells));
  return group;
}

Result<Lattice> Reader::fit_lattice(std::vector<Square>& squares) const {
  std::vector<double> ws, hs, xs, ys;
  for (const Square& s : squares) ws.push_back(s.w), hs.push_back(s.h), xs.push_back(s.centre.x), ys.push_back(s.centre.y);
  const double w = median_of(ws), h = median_of(hs);
  // Cells drawn as dots (discs a third to a half of the pitch apart): the fit below guesses the
  // pitch from a cell's side and would take half the pitch, every other site a hole. The shared
  // lattice fitter (vision/common/disc_lattice.hpp) votes the pitch from the centres' gaps alone;
  // when the side it leaves is a dot's, that lattice is the board's.
  std::vector<double> fills;
  for (const Square& s : squares) fills.push_back(s.fill);
  // Dots are round: a disc fills 0.785 of its box, a rounded square (or a piece of one, a frame
  // caught mid-fade) nearly all of it.
  if (p_.min_dot_ratio < p_.min_cell_ratio && static_cast<int>(squares.size()) >= p_.min_dots && median_of(fills) <= p_.max_dot_fill) {
    std::vector<cv::Point2f> centres;
    std::vector<float> slack;
    for (const Square& s : squares)
      centres.emplace_back(static_cast<float>(s.centre.x), static_cast<float>(s.centre.y)),
          slack.push_back(static_cast<float>(p_.max_offset * std::max(s.w, s.h)));
    LatticeFitParams fit;
    fit.tolerance = p_.max_offset;
    fit.max_side = p_.max_side;
    auto dots = fit_square_lattice(centres, slack, fit, p_.min_dots);
    const double ratio = dots ? std::max(w, h) / dots->pitch : 0;
    if (dots && ratio >= p_.min_dot_ratio && ratio < p_.min_cell_ratio &&
        static_cast<double>(dots->members.size()) >= p_.min_aligned * static_cast<double>(squares.size())) {
      Lattice lat;
      lat.pitch_x = lat.pitch_y = dots->pitch;
      lat.origin = {dots->origin.x, dots->origin.y};
      lat.cell = {w, h};
      std::vector<Square> kept;
      for (const std::size_t i : dots->members) kept.push_back(squares[i]);
      squares = std::move(kept);
      return lat;
    }
  }
  const double nominal = (p_.min_cell_ratio + p_.max_cell_ratio) / 2;
  auto fx = fit_axis(xs, w, nominal), fy = fit_axis(ys, h, nominal);
  if (!fx && !fy) return no_board("the grey squares do not form a lattice (all in one place)");
  // One row or one column of cells: the lattice is square, the other axis borrows the pitch.
  if (!fx) fx = AxisFit{fy->pitch * w / h, *std::min_element(xs.begin(), xs.end()), 0};
  if (!fy) fy = AxisFit{fx->pitch * h / w, *std::min_element(ys.begin(), ys.end()), 0};
  // Both axes measured: on a square lattice they agree (a few cells far apart may be fitted with one
  // site too few between them on one axis when cells nearly touch; the other axis then tells).
  if (p_.square_lattice && fx->span > 0 && fy->span > 0 &&
      std::abs(fx->pitch - fy->pitch) > p_.max_pitch_spread * std::max(fx->pitch, fy->pitch))
    return no_board("the grey squares' rows and columns are spaced differently (" + std::to_string(fx->pitch).substr(0, 5) +
                    " and " + std::to_string(fy->pitch).substr(0, 5) + " px)");
  if (p_.square_lattice && fx->span + fy->span > 0) {
    // One pitch for both axes, weighted by how many sites each axis's estimate spans (a pitch
    // measured over 7 sites is 7 times as precise as one measured over 1).
    const double pitch = (fx->pitch * fx->span + fy->pitch * fy->span) / (fx->span + fy->span);
    *fx = {pitch, refit_origin(xs, pitch), fx->span};
    *fy = {pitch, refit_origin(ys, pitch), fy->span};
  }
  for (double ratio : {w / fx->pitch, h / fy->pitch})
    if (!(ratio >= p_.min_cell_ratio && ratio <= p_.max_cell_ratio))
      return no_board("grey squares are not spaced like the game's cells (cell/pitch " +
                      std::to_string(ratio).substr(0, 4) + ")");
  Lattice lat;
  lat.pitch_x = fx->pitch;
  lat.pitch_y = fy->pitch;
  lat.origin = {fx->origin, fy->origin};
  lat.cell = {w, h};
  // Keep the squares that sit on a site; too many strays means this was not a lattice at all.
  std::vector<Square> kept;
  for (const Square& s : squares) {
    const double ix = (s.centre.x - lat.origin.x) / lat.pitch_x, iy = (s.centre.y - lat.origin.y) / lat.pitch_y;
    if (std::abs(ix - std::round(ix)) <= p_.max_offset && std::abs(iy - std::round(iy)) <= p_.max_offset)
      kept.push_back(s);
  }
  if (static_cast<double>(kept.size()) < p_.min_aligned * static_cast<double>(squares.size()) ||
      static_cast<int>(kept.size()) < p_.min_free_cells)
    return no_board("grey squares are not on a regular lattice (" + std::to_string(kept.size()) + " of " +
                    std::to_string(squares.size()) + " on it)");
  squares = std::move(kept);
  return lat;
}

Result<Lattice> Reader::lattice_from_lines() const {
  if (merged_.width < 2 * p_.min_cell_px && merged_.height < 2 * p_.min_cell_px)
    return no_board("no grey region large enough to hold a board");
  // A margin takes in the lines round the region (a line half outside it, or a cut one next to it).
  const int margin = std::max(4, static_cast<int>(0.15 * std::min(merged_.width, merged_.height)));
  const cv::Rect roi = cv::Rect(merged_.x - margin, merged_.y - margin, merged_.width + 2 * margin,
                                merged_.height + 2 * margin) &
                       cv::Rect(0, 0, img_.cols, img_.rows);
  std::vector<double> ax, ay;
  step_profiles(img_, roi, ax, ay);
  // The period: the strongest lag of the two axes' autocorrelations (an axis counts for lags of at
  // most 0.6 of its length: two lines and more), or a half or third of it when nearly as strong
  // (a period's multiples correlate too).
  const int min_lag = std::max(4, static_cast<int>(p_.min_cell_px));
  const int max_lag = static_cast<int>(p_.max_cell_fraction * std::min(img_.cols, img_.rows) / p_.min_cell_ratio);
  const std::vector<double> cx = autocorrelation(ax, max_lag), cy = autocorrelation(ay, max_lag);
  auto corr = [&](int lag) {
    double sum = 0;
    int axes = 0;
    if (lag <= 0.6 * roi.width && lag < static_cast<int>(cx.size())) sum += cx[static_cast<std::size_t>(lag)], ++axes;
    if (lag <= 0.6 * roi.height && lag < static_cast<int>(cy.size())) sum += cy[static_cast<std::size_t>(lag)], ++axes;
    return axes > 0 ? sum / axes : -1.0;
  };
  int best = 0;
  for (int lag = min_lag; lag <= max_lag; ++lag)
    if (best == 0 || corr(lag) > corr(best)) best = lag;
  if (best == 0 || corr(best) < p_.min_line_correlation)
    return no_board("the grey region shows no lines at a regular pitch");
  for (int d : {3, 2}) {
    const int at = static_cast<int>(std::lround(best / static_cast<double>(d)));
    int local = at;
    for (int lag = std::max(min_lag, at - 1); lag <= at + 1; ++lag)
      if (corr(lag) > corr(local)) local = lag;
    if (local >= min_lag && corr(local) >= 0.75 * corr(best)) {
      best = local;
      break;
    }
  }
  double pitch = best;
  if (const double a = corr(best - 1), b = corr(best), c = corr(best + 1); a > -1 && c > -1 && a - 2 * b + c < 0)
    pitch += 0.5 * (a - c) / (a - 2 * b + c);
  auto fx = fit_lines(ax, pitch), fy = fit_lines(ay, pitch);
  if (!fx || !fy || fx->lines < 2 || fy->lines < 2 || std::max(fx->lines, fy->lines) < 3)
    return no_board("the grey region's lines are not a lattice of two cells or more");
  // Lines are thin and sit between the cells: the cells' middles show hardly a step.
  if (std::max(fx->centre_ratio, fy->centre_ratio) > p_.max_line_centre_ratio)
    return no_board("the grey region's steps are not lines between cells");
  // Both axes' lines keep the one period (an axis whose lines moved off it fitted something else).
  for (const LineFit* f : {&*fx, &*fy})
    if (std::abs(f->pitch - pitch) > p_.max_line_pitch_spread * pitch)
      return no_board("the grey region's lines are not evenly spaced");
  if (p_.square_lattice) {
    const double wx = fx->lines - 1.0, wy = fy->lines - 1.0;
    const double common = (fx->pitch * wx + fy->pitch * wy) / (wx + wy);
    fx->pitch = fy->pitch = common;
  }
  const double width = std::max(fx->width, fy->width);
  if (width > p_.max_line_ratio * std::min(fx->pitch, fy->pitch))
    return no_board("the lines between the grey cells are too wide for grid lines");
  Lattice lat;
  lat.pitch_x = fx->pitch;
  lat.pitch_y = fy->pitch;
  // Site (0, 0): the cell after the first line, in the roi's corner.
  lat.origin = {roi.x + fx->phase + fx->pitch / 2, roi.y + fy->phase + fy->pitch / 2};
  lat.cell = {fx->pitch - width, fy->pitch - width};
  return lat;
}

// Calls f with each sample pixel of the site at `at` under `lat`: a grid of up to samples_per_side^2
// points over the middle inner_fraction of its cell; points off the image count for nothing.
template <typename F>
void for_each_site_sample(const cv::Mat& img, const Lattice& lat, const Params& p, Cell at, F&& f) {
  const cv::Point2d c = lat.centre(at);
  const double side_x = p.inner_fraction * lat.cell.width, side_y = p.inner_fraction * lat.cell.height;
  const int nx = std::clamp(static_cast<int>(side_x), 1, p.samples_per_side);
  const int ny = std::clamp(static_cast<int>(side_y), 1, p.samples_per_side);
  for (int j = 0; j < ny; ++j)
    for (int i = 0; i < nx; ++i) {
      const int x = static_cast<int>(std::lround(c.x - side_x / 2 + side_x * (i + 0.5) / nx));
      const int y = static_cast<int>(std::lround(c.y - side_y / 2 + side_y * (j + 0.5) / ny));
      if (x < 0 || y < 0 || x >= img.cols || y >= img.rows) continue;
      // f may also take where the sample lies in the site: (i + 0.5) / nx across, (j + 0.5) / ny down.
      if constexpr (std::is_invocable_v<F, const cv::Vec3b&, double, double>)
        f(img.at<cv::Vec3b>(y, x), (i + 0.5) / nx, (j + 0.5) / ny);
      else
        f(img.at<cv::Vec3b>(y, x));
    }
}

template <typename F>
void Reader::for_each_sample(int row, int col, F&& f) const {
  for_each_site_sample(img_, lat_, p_, {row, col}, std::forward<F>(f));
}

// The cells' grey under a lattice read from lines: the median neutral sample inside the sites of the
// joined region that is clearly darker than the page. The first split may have put the cells with
// the page and the lines alone below it (lines darker than the cells are most of what is left).
std::optional<int> Reader::cells_level() const {
  std::vector<int> levels;
  for (int r = 0; lat_.centre({r, 0}).y < merged_.br().y; ++r)
    for (int c = 0; lat_.centre({r, c}).x < merged_.br().x; ++c)
      for_each_sample(r, c, [&](const cv::Vec3b& q) {
        const int mx = std::max({q[0], q[1], q[2]}), mn = std::min({q[0], q[1], q[2]}), lum = (q[0] + q[1] + q[2]) / 3;
        if (mx - mn <= p_.neutral_max_chroma && lum >= p_.dark_max_luminance && lum < page_.lum - p_.min_contrast)
          levels.push_back(lum);
      });
  if (levels.empty()) return std::nullopt;
  return median_of(levels);
}

const SiteSamples& Reader::site(int row, int col) {
  SiteSamples& s = sites_[{row, col}];
  if (s.computed) return s;
  s.computed = true;
  for_each_sample(row, col, [&](const cv::Vec3b& q) {
    const Bgr v{q[0], q[1], q[2]};
    ++s.total;
    s.all.push_back(v);
    switch (classify(v, t_)) {
      case Px::kGrey: ++s.grey; s.grey_px.push_back(v); break;
      case Px::kBackground: ++s.background; s.page_px.push_back(v); break;
      case Px::kColour: ++s.colour; s.coloured.push_back(v); break;
      case Px::kDark: ++s.dark; break;
      case Px::kOther: break;
    }
  });
  // Pale: one flat tone (min_pale_flat of the samples within max_page_spread of their median: the
  // cat's tail or ears reaching into a neighbour, or JPEG's ringing, are the rest; a hatch or grain is
  // not flat) that is not the page's. A band of chroma between the grey and the colour
  // limits, a grey lighter than the split, or the free cells beside a grey band darker than them, is
  // such a site; so is a panel or chrome next to the board, which grey_band() and odd_site() refuse.
  if (s.total > 0) {
    const Tone t = tone_of(s.all);
    int near = 0;
    for (const Bgr& v : s.all) near += std::abs((v.b + v.g + v.r) / 3 - t.lum) <= p_.max_page_spread ? 1 : 0;
    s.flat = static_cast<double>(near) / s.total;
    s.pale = s.flat >= p_.min_pale_flat &&
             (std::abs(t.lum - page_.lum) > p_.max_page_spread || t.tint_distance(page_) > p_.max_tint_spread);
  }
  return s;
}

// A free site's coloured fraction counted only away from its coloured neighbours: the samples within
// end_mark_edge_margin of the edge it shares with a coloured site (the cat, a band cell) are left out.
// The cat's ears or tail drawn over its cell's edge, or JPEG's and blur's bleed of its colour, are
// coloured samples along that edge only, and no mark; a flag or a tinted letter on the cell is
// coloured in its own middle too.
double Reader::mark_away_from_colour(int row, int col) {
  bool up = false, down = false, left = false, right = false;
  const auto coloured = [&](int r, int c) { return kind(site(r, c)) == Kind::kColoured; };
  up = coloured(row - 1, col), down = coloured(row + 1, col), left = coloured(row, col - 1), right = coloured(row, col + 1);
  const double m = p_.end_mark_edge_margin;
  int total = 0, colour = 0;
  for_each_sample(row, col, [&](const cv::Vec3b& q, double x, double y) {
    if ((up && y < m) || (down && y > 1 - m) || (left && x < m) || (right && x > 1 - m)) return;
    ++total;
    colour += classify(Bgr{q[0], q[1], q[2]}, t_) == Px::kColour ? 1 : 0;
  });
  return static_cast<double>(colour) / std::max(1, total);
}

// Free cells are grey; beside a band of grey cells darker than them, they are pale (lighter than the
// split the band made). grey_band() leaves a pale site off the band only then.
bool free_looking(Kind k) { return k == Kind::kFree || k == Kind::kPale; }

// A free-looking site's tone: of its grey samples (a digit on a cell is not its tone), or of all of
// them on a pale site (its samples are lighter than the split, or too colourful, to count as grey).
Tone Reader::cell_tone(const SiteSamples& s) const {
  return kind(s) == Kind::kPale ? tone_of(s.all) : fill_tone(s.grey_px, p_.max_page_spread, p_.min_fill_share, fill_level_);
}

Kind Reader::kind(const SiteSamples& s) const {
  if (s.total == 0) return Kind::kNone;
  const double n = s.total;
  // On a page textured as dark as the cells (the opened pass, open_px_), its sites are grey too: a cell
  // is told from them by being flat.
  if (s.grey / n >= p_.min_free_fraction && (open_px_ <= 1 || s.flat >= p_.min_pale_flat)) return Kind::kFree;
  if (s.colour / n >= p_.min_coloured_fraction) return Kind::kColoured;
  return s.pale ? Kind::kPale : Kind::kNone;
}

// A site of the board or next to it that is neither a free cell (the free cells' grey), nor the page
// (a hole), nor coloured: visited cells drawn in grey, say. Reading it as either would be a guess
// that may be wrong, so the board is refused. Says which site, or nothing when all are clear.
std::optional<std::string> Reader::odd_site(const std::vector<std::pair<int, int>>& board,
                                            const std::map<std::pair<int, int>, int>& region_of, int board_id,
                                            double contrast, std::pair<int, int> corner,
                                            const std::set<std::pair<int, int>>& grey_band, std::pair<int, int> head) {
  std::vector<int> levels, tints[3];
  for (const auto& at : board)
    if (const SiteSamples& s = site(at.first, at.second); free_looking(kind(s)) && grey_band.count(at) == 0U) {
      const Tone t = cell_tone(s);
      levels.push_back(t.lum);
      for (std::size_t k = 0; k < 3; ++k) tints[k].push_back(t.tint[k]);
    }
  // All visited: nothing grey to compare. The opened pass (open_px_) found the cells as flat squares, and
  // none stands as free: its board is coloured sites and holes (numbered cells with heavy digits, not flat).
  if (levels.empty())
    return open_px_ > 1 ? std::optional<std::string>("no flat free cell among the cells found with the page's strokes opened away")
                        : std::nullopt;
  int r0 = board[0].first, r1 = r0, c0 = board[0].second, c1 = c0;
  for (const auto& [r, c] : board) r0 = std::min(r0, r), r1 = std::max(r1, r), c0 = std::min(c0, c), c1 = std::max(c1, c);
  const Tone cells{median_of(levels), {median_of(tints[0]), median_of(tints[1]), median_of(tints[2])}};
  const double tol = std::max(3.0, p_.max_grey_spread * contrast);
  std::vector<std::pair<int, int>> near = board;
  for (const auto& at : board)
    for (const auto& d : {std::pair{-1, 0}, std::pair{1, 0}, std::pair{0, -1}, std::pair{0, 1}}) near.push_back({at.first + d.first, at.second + d.second});
  const auto in_box = [&](std::pair<int, int> at) { return at.first >= r0 && at.first <= r1 && at.second >= c0 && at.second <= c1; };
  // A hatched or grainy page is no one flat colour: its mode is the paper between the strokes, and a
  // hole or the ring round the board shows the strokes too. Its texture is measured on the sites next
  // to the board's box (the median site's spread and mean), and a site that is not a cell passes for
  // the page when it is as textured and of that mean. Visited cells drawn in a grey are flat (a
  // spread under 1 level even through JPEG), so they stay odd.
  std::vector<double> ring_spread, ring_mean;
  for (const auto& at : near) {
    if (in_box(at) || region_of.count(at) != 0U) continue;
    const SiteSamples& s = site(at.first, at.second);
    if (s.total == 0 || kind(s) != Kind::kNone) continue;
    const Texture x = texture_of(s.all);
    ring_spread.push_back(x.spread);
    ring_mean.push_back(x.mean);
  }
  const Texture page_texture = ring_spread.empty() ? Texture{} : Texture{median_of(ring_mean), median_of(ring_spread)};
  const bool textured_page = page_texture.spread >= p_.min_page_texture;
  page_texture_ = page_texture.spread;
  // The opened pass (open_px_) is for a textured page only: on a flat one, a cell that is not flat (heavy
  // digits in page white covering most of it, classic look 9 of 40) would stand as a hole.
  if (open_px_ > 1 && !textured_page)
    return std::string("the page round the cells is flat, but they were found only with its strokes opened away");
  // A cell off the cells' grey by more than tol but within max_unlinked_grey_spread of the contrast is
  // still a free cell when nothing links it to a neighbour: under JPEG a faint cell's (a dot's) fill
  // varies by 4-6 levels, where tol allows 3-4. A visited cell in a grey of its own is linked, by the
  // band across its gap, to the next step or to the cat (whose body may hide that joint: a cell next to
  // the cat is not let off), and every gap round this one shows something else (the page).
  std::set<std::pair<int, int>> on_board(board.begin(), board.end());
  const auto lone_noisy_cell = [&](std::pair<int, int> at, const Tone& t) {
    if (on_board.count(at) == 0U || std::abs(t.lum - cells.lum) > p_.max_unlinked_grey_spread * contrast) return false;
    const double jt = std::min<double>(tol + p_.max_tint_spread, (std::abs(t.lum - page_.lum) + t.tint_distance(page_)) / 2.0);
    for (const auto& d : {std::pair{-1, 0}, std::pair{1, 0}, std::pair{0, -1}, std::pair{0, 1}}) {
      const std::pair<int, int> n{at.first + d.first, at.second + d.second};
      if (n == head) return false;
      if (on_board.count(n) != 0U && joined(at, n, t, jt, false) != 0) return false;
    }
    return true;
  };
  const auto like_textured_page = [&](const SiteSamples& s) {
    if (!textured_page) return false;
    const Texture x = texture_of(s.all);
    return x.spread >= p_.min_page_texture && std::abs(x.mean - page_texture.mean) <= tol &&
           s.colour + s.dark <= p_.max_hole_grey * s.total && tone_of(s.all).tint_distance(page_) <= p_.max_tint_spread;
  };
  for (const auto& at : near) {
    const SiteSamples& s = site(at.first, at.second);
    if (s.total == 0) continue;  // off the image
    const auto it = region_of.find(at);
    const bool on_board = it != region_of.end() && it->second == board_id;
    const Kind k = kind(s);
    // Named as the board text counts rows and columns (the row above the board is -1).
    const std::string where = "site (" + std::to_string(at.first - corner.first) + ", " +
                              std::to_string(at.second - corner.second) + ")";
    if (free_looking(k) && grey_band.count(at) == 0U) {
      const Tone t = cell_tone(s);
      if ((std::abs(t.lum - cells.lum) > tol && !lone_noisy_cell(at, t)) || t.tint_distance(cells) > p_.max_tint_spread)
        return "the cells are of two greys (" + where + " " + std::to_string(t.lum) + " against " +
               std::to_string(cells.lum) + "): are visited cells grey in this look? (puzzlebot learn fits a profile)";
    }
    if (on_board || k != Kind::kNone) continue;
    // A hole shows the page (the cat's tail and JPEG aside); mostly dark samples outside the content
    // are a letterbox bar. Anything else there (a pale band, a grey one) is odd.
    const double n = s.total;
    const Tone t = tone_of(s.page_px);
    const bool page_like = s.background / n >= p_.min_free_fraction && s.grey / n <= p_.max_hole_grey &&
                           std::abs(t.lum - page_.lum) <= p_.max_page_spread &&
                           t.tint_distance(page_) <= p_.max_tint_spread;
    const cv::Point2d c = lat_.centre({at.first, at.second});
    const bool bar = s.dark / n >= p_.min_free_fraction &&
                     !content_.contains(cv::Point(static_cast<int>(c.x), static_cast<int>(c.y)));
    // Beyond the board's box, the game's or a window's chrome may stand next to the cells (text,
    // buttons, the image's edge): odd there is only a flat patch of another grey or tint, as a
    // visited cell of a grey band would be.
    const bool inside = in_box(at);
    bool flat_other = false;
    if (!inside) {
      const Tone whole = tone_of(s.all);
      int near_median = 0;
      for (const Bgr& v : s.all) near_median += std::abs((v.b + v.g + v.r) / 3 - whole.lum) <= tol ? 1 : 0;
      flat_other = near_median >= p_.min_free_fraction * n &&
                   (std::abs(whole.lum - page_.lum) > p_.max_page_spread || whole.tint_distance(page_) > p_.max_tint_spread);
    }
    if (inside ? !page_like && !bar : flat_other && !bar) {
      if (like_textured_page(s)) continue;
      return "next to the cells, " + where + " is neither a cell nor the page: are visited cells grey in this look? "
             "(puzzlebot learn fits a profile)";
    }
  }
  return std::nullopt;
}

// Whether the gap between neighbouring sites a and b shows `tone` all across (the band's joint
// between two steps of the path: 1), something else (a gap of page or a grid line: 0), or a mix (-1).
// Probed at nine places along the middle 60% of the shared edge, each a short run of samples across
// the gap.
int Reader::joined(std::pair<int, int> a, std::pair<int, int> b, const Tone& tone, double tol, bool at_cat) {
  const cv::Point2d ca = lat_.centre({a.first, a.second}), cb = lat_.centre({b.first, b.second});
  const cv::Point2d mid = (ca + cb) * 0.5;
  const bool across_x = a.first == b.first;  // neighbours in a row: the gap runs up and down
  const double pitch = across_x ? lat_.pitch_x : lat_.pitch_y;
  // The middle half of the gap only: the cat's cell, at one end of the band, is not the band's tone,
  // and the measured cell side may be short by a sample's width.
  const double gap = std::max(0.0, (pitch - (across_x ? lat_.cell.width : lat_.cell.height)) / 4);
  int same = 0, other = 0;
  for (double u : {-0.3, -0.225, -0.15, -0.075, 0.0, 0.075, 0.15, 0.225, 0.3}) {
    std::vector<double> off;
    for (double v = -gap; v <= gap + 1e-9; v += 1) {
      const cv::Point2d q = across_x ? cv::Point2d(mid.x + v, mid.y + u * lat_.pitch_y) : cv::Point2d(mid.x + u * lat_.pitch_x, mid.y + v);
      const int x = static_cast<int>(std::lround(q.x)), y = static_cast<int>(std::lround(q.y));
      if (x < 0 || y < 0 || x >= img_.cols || y >= img_.rows) return 0;
      const cv::Vec3b& px = img_.at<cv::Vec3b>(y, x);
      const Tone t = tone_of({Bgr{px[0], px[1], px[2]}});
      off.push_back(std::abs(t.lum - tone.lum) + static_cast<double>(t.tint_distance(tone)));
    }
    // The run's median: JPEG's ringing along the cells' edges or its noise puts a pixel or two of a joint
    // off its tone, which the run's worst pixel took for a gap (a band within a few levels of the page,
    // its tolerance half of that, was refused as not linked); a gap shows the page across the run.
    (median_of(off) <= tol ? same : other) += 1;
  }
  // Next to the cat, its ears, tail or feet may cover most of the joint.
  if (at_cat) return same >= 2 ? 1 : same == 0 ? 0 : -1;
  return same >= 7 ? 1 : other >= 7 ? 0 : -1;
}

// Visited cells drawn in a grey (or a tint too pale to count as colour) of their own: the free-looking
// cells of the board fall into two clearly different, each flat, tones; the cells of one tone are the
// band when the band's joints link them, one step at a time, into a single path that ends at the cat,
// and the other tone's cells are not linked at all (a skin's darker hole cells are not a path). Returns
// the band's sites (none when the cells are of one tone), or nullopt when there are two tones and the
// reading is not that clear-cut (the board is refused: either tone could be the free cells). Pale
// sites (Kind::kPale) are cells of either tone; with one tone, or none, they are refused.
std::optional<std::set<std::pair<int, int>>> Reader::grey_band(const std::vector<std::pair<int, int>>& board,
                                                               std::pair<int, int> head, double contrast) {
  std::vector<std::pair<int, int>> cells;
  std::vector<Tone> tones;
  bool pale = false;  // a pale site is one of two tones: the band's, or the free cells' beside a grey band
  for (const auto& at : board) {
    if (at == head) continue;
    const SiteSamples& s = site(at.first, at.second);
    if (const Kind k = kind(s); free_looking(k)) cells.push_back(at), tones.push_back(cell_tone(s)), pale |= k == Kind::kPale;
  }
  const auto one_tone = [&]() -> std::optional<std::set<std::pair<int, int>>> {
    if (pale) return std::nullopt;
    return std::set<std::pair<int, int>>{};
  };
  if (cells.size() < 2) return one_tone();
  auto dist = [](const Tone& x, const Tone& y) { return std::abs(x.lum - y.lum) + x.tint_distance(y); };
  // Two tones: start from the two most different cells, then assign to the nearer and take medians.
  std::size_t i0 = 0, i1 = 0;
  for (std::size_t i = 0; i < tones.size(); ++i)
    for (std::size_t j = i + 1; j < tones.size(); ++j)
      if (dist(tones[i], tones[j]) > dist(tones[i0], tones[i1])) i0 = i, i1 = j;
  const double tol = std::max(3.0, p_.max_grey_spread * contrast);
  if (dist(tones[i0], tones[i1]) <= tol) return one_tone();  // one tone
  std::array<Tone, 2> centre{tones[i0], tones[i1]};
  std::vector<int> side(cells.size(), 0);
  for (int pass = 0; pass < 3; ++pass) {
    std::array<std::vector<Bgr>, 2> members;
    for (std::size_t i = 0; i < cells.size(); ++i) {
      side[i] = dist(tones[i], centre[0]) <= dist(tones[i], centre[1]) ? 0 : 1;
      const Tone& t = tones[i];
      members[static_cast<std::size_t>(side[i])].push_back({t.lum + t.tint[0], t.lum + t.tint[1], t.lum + t.tint[2]});
    }
    for (std::size_t k = 0; k < 2; ++k)
      if (!members[k].empty()) centre[k] = tone_of(members[k]);
  }
  // Each tone flat (every cell near its own), and the two far apart for that flatness.
  const double apart = dist(centre[0], centre[1]);
  double spread = 0;
  for (std::size_t i = 0; i < cells.size(); ++i) spread = std::max<double>(spread, dist(tones[i], centre[static_cast<std::size_t>(side[i])]));
  if (apart < p_.min_band_tone_step || spread > tol || apart < 3 * spread) return one_tone();
  // From here on the cells are of two tones: a band, or a reading that is not clear (refused).
  // A joint shows its cells' tone; a gap without one the page (or a grid line): within what the free
  // cells' grey may vary, and nearer to the cells' tone than to the page's.
  auto joint_tol = [&](const Tone& t) { return std::min<double>(tol + p_.max_tint_spread, dist(t, page_) / 2.0); };
  std::set<std::pair<int, int>> band;
  int bands = 0;
  for (int k = 0; k < 2; ++k) {
    std::set<std::pair<int, int>> mine;
    for (std::size_t i = 0; i < cells.size(); ++i)
      if (side[i] == k) mine.insert(cells[i]);
    // Joints among this tone's cells and the cat: degree per node, and the edges for connectivity.
    std::map<std::pair<int, int>, std::vector<std::pair<int, int>>> links;
    bool clear = true;
    int edges = 0;
    std::set<std::pair<int, int>> nodes = mine;
    nodes.insert(head);
    std::vector<std::pair<int, int>> at_cat;  // this tone's cells next to the cat whose joint with it is not clear
    bool unclear_at_cat = false;
    for (const auto& a : nodes)
      for (const auto& d : {std::pair{0, 1}, std::pair{1, 0}}) {
        const std::pair<int, int> b{a.first + d.first, a.second + d.second};
        if (nodes.count(b) == 0U) continue;
        const bool cat = a == head || b == head;
        const int j = joined(a, b, centre[static_cast<std::size_t>(k)], joint_tol(centre[static_cast<std::size_t>(k)]), cat);
        if (j < 0 && !cat) clear = false;
        if (j < 0 && cat) unclear_at_cat = true;
        if (j < 1 && cat) at_cat.push_back(a == head ? b : a);
        if (j == 1) links[a].push_back(b), links[b].push_back(a), ++edges;
      }
    // The cat's body may cover its joint nearly all across (a face filling its cell, the sprite's
    // feet), and JPEG's halved chroma smears its colour over a narrow one. The band is one path ending
    // at the cat: when this tone's cells are linked into a simple path (two cells or more) and no
    // joint with the cat shows, the one end of that path next to the cat is the band's last step (a
    // middle cell cannot be: it has its two); two ends next to it are refused.
    if (links[head].empty() && edges > 0 && edges + 1 == static_cast<int>(mine.size())) {
      std::vector<std::pair<int, int>> ends;
      for (const auto& n : at_cat)
        if (links[n].size() <= 1) ends.push_back(n);
      if (ends.size() == 1) links[head].push_back(ends[0]), links[ends[0]].push_back(head), ++edges;
      else if (ends.size() > 1) clear = false;
    } else if (unclear_at_cat) {
      clear = false;
    }
    if (!clear) return std::nullopt;
    if (edges == 0) continue;  // not linked at all: the free cells
    // A simple path through all of this tone's cells that ends at the cat.
    bool path = edges == static_cast<int>(mine.size()) && links[head].size() == 1;
    for (const auto& n : nodes) path = path && !links[n].empty() && links[n].size() <= 2;
    if (path) {  // connected: walk from the cat
      std::set<std::pair<int, int>> seen{head};
      std::vector<std::pair<int, int>> todo{head};
      while (!todo.empty()) {
        const auto at = todo.back();
        todo.pop_back();
        for (const auto& n : links[at])
          if (seen.insert(n).second) todo.push_back(n);
      }
      path = seen.size() == nodes.size();
    }
    if (!path) return std::nullopt;  // linked, but not as one path to the cat
    band = mine;
    ++bands;
  }
  if (bands != 1) return std::nullopt;
  return band;
}

// Shows the sink what was found before `e`: grey squares (the one-size group green, the rest red)
// and, once fitted, the lattice's site centres.
Error Reader::show(Error e) const {
  if (debug_ == nullptr) return e;
  std::vector<cv::Rect> boxes;
  std::vector<bool> kept;
  for (const Square& s : candidates_) {
    boxes.emplace_back(cv::Point(static_cast<int>(s.centre.x - s.w / 2), static_cast<int>(s.centre.y - s.h / 2)),
                       cv::Size(static_cast<int>(s.w), static_cast<int>(s.h)));
    kept.push_back(std::any_of(group_.begin(), group_.end(), [&](const Square& g) { return g.centre == s.centre; }));
  }
  cv::Mat drawn = draw_candidates(img_, boxes, kept, std::to_string(candidates_.size()) + " grey squares, " +
                                                         std::to_string(group_.size()) + " of one size" +
                                                         (lat_.pitch_x > 0 ? ", lattice dots in blue" : ""));
  if (lat_.pitch_x >= 4 && lat_.pitch_y >= 4) {  // a dot per site; no pitch that small is a board
    const int r = std::max(2, static_cast<int>(std::min(lat_.pitch_x, lat_.pitch_y) / 10));
    for (double y = lat_.origin.y - lat_.pitch_y * std::floor(lat_.origin.y / lat_.pitch_y); y < img_.rows; y += lat_.pitch_y)
      for (double x = lat_.origin.x - lat_.pitch_x * std::floor(lat_.origin.x / lat_.pitch_x); x < img_.cols;
           x += lat_.pitch_x)
        cv::circle(drawn, cv::Point(static_cast<int>(x), static_cast<int>(y)), r, {230, 120, 0}, cv::FILLED, cv::LINE_AA);
  }
  debug_->picture("onestroke", "cells", drawn);
  return e;
}

// The share of the board's box (sites `first` to `last`, their cells' whole pitch) that is the darkest
// grey the pass above it left out: neutral, not dark, under the first split. Dots or pale cells whose
// darkest grey is the chrome's have none; cells between dark grid lines, or a band of it, have much.
// What is drawn on a free cell (`free_cells`, their boxes) is the cell's: a numbered cell's digits in
// that grey are no line between cells and no band (classic looks, pale cells with mid-grey digits).
double Reader::darkest_grey_share(std::pair<int, int> first, std::pair<int, int> last, const std::vector<cv::Rect>& free_cells) const {
  const cv::Point2d a = lat_.centre({first.first, first.second}), b = lat_.centre({last.first, last.second});
  const cv::Rect box = cv::Rect(cv::Point(static_cast<int>(a.x - lat_.pitch_x / 2), static_cast<int>(a.y - lat_.pitch_y / 2)),
                                cv::Point(static_cast<int>(b.x + lat_.pitch_x / 2), static_cast<int>(b.y + lat_.pitch_y / 2))) &
                       cv::Rect(0, 0, img_.cols, img_.rows);
  const int dark3 = p_.dark_max_luminance * 3, split3 = first_split_ * 3;
  int n = 0, darkest = 0;
  for (int y = box.y; y < box.br().y; y += 2) {
    const auto* row = img_.ptr<cv::Vec3b>(y);
    for (int x = box.x; x < box.br().x; x += 2, ++n) {
      if (!is_cell_px(row[x], p_.neutral_max_chroma, dark3, split3)) continue;
      const cv::Point q(x, y);
      darkest += std::none_of(free_cells.begin(), free_cells.end(), [&](const cv::Rect& r) { return r.contains(q); }) ? 1 : 0;
    }
  }
  return n > 0 ? static_cast<double>(darkest) / n : 1.0;
}

Result<Reading> Reader::run() {
  auto split = split_luminance();
  if (!split) return show(split.error());
  stage_ = 1;
  t_ = {p_.neutral_max_chroma, p_.colour_min_chroma, p_.dark_max_luminance, split->threshold};
  auto squares = find_squares(split->threshold);
  double contrast = split->high_mean - split->low_mean;  // luminance between the page and the cells
  no_squares_ = !squares;
  if (upper_split_) {
    const auto upper = otsu(hist_, split->threshold);
    if (!upper || upper->high_mean - upper->low_mean < p_.min_contrast) return show(no_board("no grey squares above the darkest grey"));
    squares = find_squares(upper->threshold);
    first_split_ = split->threshold;
    t_.split = upper->threshold;
    contrast = upper->high_mean - upper->low_mean;
    if (!squares) return show(squares.error());
  }
  if (squares) stage_ = 2;
  Result<Lattice> lat = squares ? fit_lattice(*squares) : Result<Lattice>(squares.error());
  // Seeds: the grey squares' sites. Grow each over 4-neighbouring cell-like sites; the largest
  // region is the board (a stray square elsewhere makes a region of its own).
  std::vector<std::pair<int, int>> seeds;
  if (lat) {
    lat_ = *lat;
    for (const Square& s : *squares)
      seeds.push_back({static_cast<int>(std::lround((s.centre.y - lat_.origin.y) / lat_.pitch_y)),
                       static_cast<int>(std::lround((s.centre.x - lat_.origin.x) / lat_.pitch_x))});
  } else {
    // No lattice of separate squares: grid lines may join the cells (lattice_from_lines). The
    // seeds are then the grey sites inside the joined region.
    auto lined = lattice_from_lines();
    if (!lined) return show(lat.error());
    lat_ = *lined;
    const std::optional<int> cells = cells_level();
    if (!cells) return show(lat.error());
    t_.split = (*cells + page_.lum + 1) / 2;
    contrast = page_.lum - *cells;
    for (int r = 0; lat_.centre({r, 0}).y < merged_.br().y; ++r)
      for (int c = 0; lat_.centre({r, c}).x < merged_.br().x; ++c)
        if (kind(site(r, c)) == Kind::kFree) seeds.push_back({r, c});
    if (static_cast<int>(seeds.size()) < p_.min_free_cells) return show(lat.error());
  }
  stage_ = 3;
  const int reach = p_.max_side * 3;  // growth stops this far from the seeds' origin (sites)
  std::map<std::pair<int, int>, int> region_of;
  std::vector<std::vector<std::pair<int, int>>> regions;
  for (const auto& seed : seeds) {
    if (region_of.count(seed) != 0U) continue;
    std::vector<std::pair<int, int>> region;
    std::queue<std::pair<int, int>> todo;
    todo.push(seed);
    region_of[seed] = static_cast<int>(regions.size());
    while (!todo.empty()) {
      const auto at = todo.front();
      todo.pop();
      region.push_back(at);
      for (const auto& d : {std::pair{-1, 0}, std::pair{1, 0}, std::pair{0, -1}, std::pair{0, 1}}) {
        const std::pair<int, int> nb{at.first + d.first, at.second + d.second};
        if (std::abs(nb.first) > reach || std::abs(nb.second) > reach || region_of.count(nb) != 0U) continue;
        if (kind(site(nb.first, nb.second)) == Kind::kNone) continue;
        region_of[nb] = static_cast<int>(regions.size());
        todo.push(nb);
      }
    }
    regions.push_back(std::move(region));
  }
  const auto& board = *std::max_element(regions.begin(), regions.end(),
                                        [](const auto& a, const auto& b) { return a.size() < b.size(); });
  int r0 = board[0].first, r1 = r0, c0 = board[0].second, c1 = c0;
  for (const auto& [r, c] : board) r0 = std::min(r0, r), r1 = std::max(r1, r), c0 = std::min(c0, c), c1 = std::max(c1, c);
  const int rows = r1 - r0 + 1, cols = c1 - c0 + 1;
  if (rows > p_.max_side || cols > p_.max_side)
    return show(no_board("the cells spread over " + std::to_string(rows) + "x" + std::to_string(cols) +
                    " sites, more than max_side " + std::to_string(p_.max_side)));
  if (rows * cols < 2) return show(no_board("a single cell is not a board"));
  stage_ = 4;
  const int board_id = region_of.at(board[0]);

  // The end mark: the free cell with the most coloured samples, when it has enough and stands out.
  // (A plain pair and a flag rather than an optional: GCC 12 warns falsely of its use uninitialised.)
  std::pair<int, int> end_at{};
  double mark = 0, next_mark = 0;
  for (const auto& at : board) {
    const SiteSamples& s = site(at.first, at.second);
    if (kind(s) != Kind::kFree) continue;
    const double f = static_cast<double>(s.colour) / std::max(1, s.total);
    if (f > mark) next_mark = mark, mark = f, end_at = at;
    else next_mark = std::max(next_mark, f);
  }
  // The mark must stand in its cell's own middle, not only along the edge it shares with the cat
  // (grid lines, no gaps, look 256 of 500: the cat's ears over the cell above it read as its end).
  if (mark >= p_.min_end_mark && mark_away_from_colour(end_at.first, end_at.second) < p_.min_end_mark) {
    if (next_mark >= p_.min_end_mark)
      return show(no_board("a free cell is coloured only along its edge with a coloured cell, and another carries a "
                           "mark: which one is the end cell is unclear"));
    mark = next_mark, next_mark = 0;
  }
  const bool has_end = mark >= p_.min_end_mark;
  if (has_end && (next_mark >= p_.min_end_mark || next_mark * p_.end_outlier_ratio > mark)) {
    return show(no_board("two cells carry a coloured mark (" + std::to_string(static_cast<int>(mark * 100)) + "% and " +
                         std::to_string(static_cast<int>(next_mark * 100)) +
                         "% of their samples): which one is the end cell is unclear"));
  }

  // The band's colour: the per-channel median of every coloured sample on the board (the band
  // outnumbers the cat as soon as two cells are visited; before that only the cat is coloured,
  // and its face and eyes still set it apart from its own colour). The end mark is not the band.
  std::vector<int> cb, cg, cr;
  for (const auto& at : board)
    if (!has_end || at != end_at)
      for (const Bgr& v : site(at.first, at.second).coloured) cb.push_back(v.b), cg.push_back(v.g), cr.push_back(v.r);
  const Bgr band{median_of(cb), median_of(cg), median_of(cr)};
  auto cat_score = [&](const SiteSamples& s) {
    int odd = s.background + s.dark;
    for (const Bgr& v : s.coloured)
      if (std::abs(v.b - band.b) + std::abs(v.g - band.g) + std::abs(v.r - band.r) > p_.cat_colour_distance) ++odd;
    return s.total > 0 ? static_cast<double>(odd) / s.total : 0.0;
  };
  double best = -1, second = 0;
  std::pair<int, int> head{};
  int coloured_sites = 0;
  for (const auto& at : board) coloured_sites += kind(site(at.first, at.second)) == Kind::kColoured ? 1 : 0;
  for (const auto& at : board) {
    const SiteSamples& s = site(at.first, at.second);
    if (kind(s) != Kind::kColoured) continue;
    // Alone, the coloured site is the start whatever it shows (a face filling the cell has little
    // that is not its colour): visited cells and the head are the coloured ones.
    const double score = coloured_sites == 1 ? 1.0 : cat_score(s);
    if (score > best) second = std::max(second, best), best = score, head = at;
    else second = std::max(second, score);
  }
  // A cat that is mostly its own colour (a face filling the cell) scores low, but still stands out
  // from the band cells, which score about nothing.
  const bool outlier = best >= p_.min_cat_score / p_.cat_outlier_ratio && second * p_.cat_outlier_ratio <= best;
  if (best < p_.min_cat_score && !outlier)
    return show(no_board(best < 0 ? "cells on a lattice but no cat (the path head) on them"
                                  : "cells on a lattice but nothing on them looks like the cat"));
  stage_ = 5;
  {
    std::vector<Bgr> pooled;
    for (const auto& at : board)
      if (const SiteSamples& s = site(at.first, at.second); kind(s) == Kind::kFree) pooled.insert(pooled.end(), s.grey_px.begin(), s.grey_px.end());
    fill_level_ = commonest_level(pooled, p_.max_page_spread);
  }
  const auto two_tones = grey_band(board, head, contrast);
  if (!two_tones)
    return show(no_board("the cells are of two greys, and those of one are not a path to the cat: are visited cells grey "
                         "in this look? (puzzlebot learn fits a profile)"));
  const std::set<std::pair<int, int>>& grey_visited = *two_tones;
  std::vector<cv::Rect> free_boxes;
  for (const auto& at : board)
    if (kind(site(at.first, at.second)) == Kind::kFree) {
      const cv::Point2d c = lat_.centre({at.first, at.second});
      free_boxes.emplace_back(static_cast<int>(std::lround(c.x - lat_.cell.width / 2)), static_cast<int>(std::lround(c.y - lat_.cell.height / 2)),
                              static_cast<int>(lat_.cell.width), static_cast<int>(lat_.cell.height));
    }
  if (upper_split_ && open_px_ <= 1 && grey_visited.empty() && darkest_grey_share({r0, c0}, {r1, c1}, free_boxes) > p_.max_upper_dark_share)
    return show(no_board("no grey squares that could be cells (above the darkest grey, no grey band to the cat)"));
  if (auto odd = odd_site(board, region_of, board_id, contrast, {r0, c0}, grey_visited, head))
    return show(no_board(*odd));
  stage_ = 6;

  Reading out;
  out.frame = img_.size();
  out.cell_contrast = contrast;
  out.page_texture = page_texture_;
  out.lattice = lat_;
  out.lattice.origin = lat_.centre({r0, c0});
  State& st = out.state;
  st.rows = rows;
  st.cols = cols;
  st.sites.assign(static_cast<std::size_t>(rows * cols), Site::kNone);
  st.head = {head.first - r0, head.second - c0};
  if (has_end) st.end = Cell{end_at.first - r0, end_at.second - c0};
  out.confidence.assign(st.sites.size(), 0.0);
  out.cells.resize(st.sites.size());
  bool any = false;
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      const auto i = static_cast<std::size_t>(r * cols + c);
      const std::pair<int, int> at{r + r0, c + c0};
      const SiteSamples& s = site(at.first, at.second);
      const double n = std::max(1, s.total);
      const auto it = region_of.find(at);
      const bool on_board = it != region_of.end() && it->second == board_id;
      const cv::Rect2d rect = out.lattice.cell_rect({r, c});
      out.cells[i] = cv::Rect(cv::Point(static_cast<int>(std::lround(rect.x)), static_cast<int>(std::lround(rect.y))),
                              cv::Size(static_cast<int>(std::lround(rect.width)), static_cast<int>(std::lround(rect.height))));
      if (!on_board) {
        out.confidence[i] = std::clamp(1.0 - (s.grey + s.colour) / n, 0.0, 1.0);
        continue;
      }
      out.board = any ? (out.board | out.cells[i]) : out.cells[i];
      any = true;
      if (at == head) {
        st.sites[i] = Site::kVisited;
        out.confidence[i] = best > 0 ? (best - second) / best : 0.0;
      } else if (grey_visited.count(at) != 0U) {
        st.sites[i] = Site::kVisited;
        // A pale band cell has few grey samples: how flat it is says how sure its tone is.
        out.confidence[i] = kind(s) == Kind::kPale ? s.flat : s.grey / n;
      } else if (has_end && at == end_at) {
        st.sites[i] = Site::kFree;
        out.confidence[i] = (mark - next_mark) / mark;  // how far it stands out from the other cells
      } else if (free_looking(kind(s))) {
        st.sites[i] = Site::kFree;
        out.confidence[i] = kind(s) == Kind::kPale ? s.flat : s.grey / n;
      } else {
        st.sites[i] = Site::kVisited;
        out.confidence[i] = s.colour / n;
      }
    }
  return out;
}


}  // namespace

double Reading::min_confidence() const {
  return confidence.empty() ? 0.0 : *std::min_element(confidence.begin(), confidence.end());
}

calibration::FramePoint Reading::cell_centre(Cell c) const {
  const cv::Point2d m = lattice.centre(c);
  return {m.x, m.y, {frame.width, frame.height}};
}

// The `onestroke` profile node's keys: the Params fields, their ranges and meanings (vision/common/params.hpp).
constexpr ParamSpec<Params> kParamTable[] = {
    {"neutral_max_chroma", &Params::neutral_max_chroma, 0, 255, "at most this chroma a pixel is grey or white (cell, background)"},
    {"colour_min_chroma", &Params::colour_min_chroma, 0, 255, "at least this chroma a pixel is coloured (band, cat)"},
    {"dark_max_luminance", &Params::dark_max_luminance, 0, 254, "below this a pixel is dark (eyes, letterbox bars): neither cell nor background"},
    {"min_contrast", &Params::min_contrast, 1, 255, "least luminance step between cells and background, levels"},
    {"theme", &Params::theme, 3, 5, "\"light\": cells darker than the page; \"dark\": lighter (dark mode); \"any\": light, then dark when no board is found"},
    {"min_cell_px", &Params::min_cell_px, 2, 10000, "smallest cell side accepted, px"},
    {"min_cell_samples", &Params::min_cell_samples, 4, 10000, "the cell mask is subsampled so a cell keeps at least this many samples per side"},
    {"stride_probe_rows", &Params::stride_probe_rows, 1, 10000, "rows scanned to guess the cell size for that subsampling"},
    {"max_cell_fraction", &Params::max_cell_fraction, 0.01, 1, "largest cell side, fraction of the image's shorter side"},
    {"max_cell_aspect", &Params::max_cell_aspect, 1, 10, "longer side / shorter side of a cell's bounding box"},
    {"min_cell_fill", &Params::min_cell_fill, 0, 1, "cell area / bounding-box area (rounded corners cost ~3%, a disc 21%)"},
    {"max_centroid_offset", &Params::max_centroid_offset, 0, 0.5, "most distance of a cell's centroid from its box's centre, fraction of the side (an L of joined cells: 0.08)"},
    {"stroke_open_fraction", &Params::stroke_open_fraction, 0, 0.1, "side of the square the cell mask is opened by when no board is found otherwise, fraction of the image's shorter side: a hatched or grainy page's strokes as dark as the cells, thinner than it, drop out, and a free cell must be flat (min_pale_flat) (0: no such pass)"},
    {"max_stroke_open_fraction", &Params::max_stroke_open_fraction, 0, 0.2, "when the cell mask opened by stroke_open_fraction finds no board, the square doubles up to this side, fraction of the image's shorter side (strokes wider than the first square: a small or cropped picture, a heavy hatch)"},
    {"size_tolerance", &Params::size_tolerance, 0, 1, "cells of one board differ in side by at most this fraction"},
    {"min_cell_ratio", &Params::min_cell_ratio, 0.1, 1, "least cell side / pitch (game: gaps of 10-15% -> 0.85-0.90)"},
    {"max_cell_ratio", &Params::max_cell_ratio, 0.1, 1, "most cell side / pitch (small blurred cells measure ~0.95; a chessboard 1.0)"},
    {"min_dots", &Params::min_dots, 2, 1000, "cells drawn as dots are taken for a lattice only when this many free ones lie on it (two round specks, a cat's eyes, are no board)"},
    {"max_dot_fill", &Params::max_dot_fill, 0, 1, "cells drawn as dots fill at most this fraction of their bounding box (a disc 0.785; rounded squares are no dots)"},
    {"min_dot_ratio", &Params::min_dot_ratio, 0.05, 1, "least cell side / pitch of cells drawn as dots, on a lattice voted from their gaps (>= min_cell_ratio: no dots)"},
    {"max_offset", &Params::max_offset, 0, 0.5, "largest distance of a cell's centre from its lattice site, pitches"},
    {"min_aligned", &Params::min_aligned, 0, 1, "least fraction of cell candidates that sit on the lattice"},
    {"min_free_cells", &Params::min_free_cells, 1, 1000, "grey cells needed to fit a lattice"},
    {"max_pitch_spread", &Params::max_pitch_spread, 0, 1, "square lattice: most difference of the columns' and the rows' pitch, fraction of the larger"},
    {"square_lattice", &Params::square_lattice, 0, 1, "one pitch for both axes (the game's lattice is square; false for a frame scaled anisotropically)"},
    {"max_side", &Params::max_side, 2, 1000, "most sites per board side (the game goes to 9 x 8)"},
    {"min_line_correlation", &Params::min_line_correlation, 0, 1, "grid lines: least autocorrelation of the luminance steps at the pitch"},
    {"max_line_centre_ratio", &Params::max_line_centre_ratio, 0, 1, "grid lines: most steps inside the cells (a fifth of a pitch or more from a line) / at the lines"},
    {"max_line_pitch_spread", &Params::max_line_pitch_spread, 0, 1, "grid lines: most difference of an axis's line spacing from the common pitch, fraction of it"},
    {"max_line_ratio", &Params::max_line_ratio, 0, 0.5, "grid lines: widest line, fraction of the pitch (wider: gaps, not lines)"},
    {"inner_fraction", &Params::inner_fraction, 0.05, 1, "side of the sampled square, fraction of the cell side"},
    {"samples_per_side", &Params::samples_per_side, 1, 1000, "samples per axis at most (enough for the fractions below)"},
    {"min_free_fraction", &Params::min_free_fraction, 0, 1, "grey samples that make a free cell"},
    {"max_grey_spread", &Params::max_grey_spread, 0, 10, "free cells (and holes) differ from the free cells' (the page's) grey by at most this fraction of the cell-page contrast, else the board is refused"},
    {"max_page_spread", &Params::max_page_spread, 0, 255, "a hole's grey differs from the page's by at most this, levels (the page is flat)"},
    {"max_unlinked_grey_spread", &Params::max_unlinked_grey_spread, 0, 10, "a free-looking cell off the free cells' grey by more than max_grey_spread but at most this fraction of the cell-page contrast is a free cell when no joint links it to a neighbour and it is not next to the cat (JPEG's noise on faint cells)"},
    {"min_fill_share", &Params::min_fill_share, 0, 1, "a cell's tone is its fill: a level holding at least this share of its grey samples within max_page_spread, of such the nearest the board's commonest level (digits drawn on a numbered cell in a grey of their own are not its tone)"},
    {"max_hole_grey", &Params::max_hole_grey, 0, 1, "most grey samples in a hole (a numbered cell is not a hole)"},
    {"clip_min_stroke", &Params::clip_min_stroke, 0, 1, "ink thinner than this, fraction of the pitch, is no cut row for the clipping check (a hatched page's strokes, specks)"},
    {"min_page_texture", &Params::min_page_texture, 0, 255, "least spread (standard deviation of luminance, levels) of the sites round the board that makes the page textured (hatched, grainy): a hole or site there as textured and of its mean is page"},
    {"min_pale_flat", &Params::min_pale_flat, 0, 1, "a pale site (one flat tone, no cell's grey, no colour, not the page's: a pale or light grey band) has this share of its samples within max_page_spread of their median; it is read only as the band or the free cells beside a grey band"},
    {"max_upper_dark_share", &Params::max_upper_dark_share, 0, 1, "the pass above the darkest grey reads a board with no grey band only when at most this share of the board's box is of that darkest grey (neutral, under the first luminance split): dots or pale cells, the darkest grey the chrome's (0: only with a grey band)"},
    {"min_band_tone_step", &Params::min_band_tone_step, 0, 765, "visited cells in a grey of their own: least difference from the free cells' tone, levels (|dL| + tint distance)"},
    {"max_tint_spread", &Params::max_tint_spread, 0, 765, "free cells (and holes) differ from the free cells' (the page's) tint by at most this, |dB|+|dG|+|dR| after taking out the grey level, else the board is refused"},
    {"min_coloured_fraction", &Params::min_coloured_fraction, 0, 1, "coloured samples that make a band cell or the cat"},
    {"cat_colour_distance", &Params::cat_colour_distance, 0, 765, "|dB|+|dG|+|dR| beyond which a coloured sample is not band colour"},
    {"min_cat_score", &Params::min_cat_score, 0, 1, "least fraction of non-band samples (face, eyes, cat colour) on the cat"},
    {"cat_outlier_ratio", &Params::cat_outlier_ratio, 1, 1000, "a coloured site scoring this many times any other is the cat even below min_cat_score (down to min_cat_score / this)"},
    {"min_end_mark", &Params::min_end_mark, 0.01, 1, "least fraction of coloured samples on a free cell that makes it the end cell (a flag or tinted letter on it)"},
    {"end_mark_edge_margin", &Params::end_mark_edge_margin, 0, 0.9, "a free cell's mark counts only this fraction of the cell away from a coloured neighbour (the cat's ears, bleed)"},
    {"end_outlier_ratio", &Params::end_outlier_ratio, 1, 1000, "the end cell's coloured fraction is at least this many times any other free cell's, else the board is refused"},
    {"marked_page_distance", &Params::marked_page_distance, 1, 765, "touching-cells look: L1 from the page's colour beyond which a pixel is part of a board, levels"},
    {"marked_min_seam_contrast", &Params::marked_min_seam_contrast, 0, 1000, "touching-cells look: least weakest seam / median colour step for a lattice"},
    {"marked_seam_inset", &Params::marked_seam_inset, 0, 0.5, "touching-cells look: a seam pixel near the page's colour is the page (cells apart) only when nearer it than to both cells' own pixels this far in from the seam, fraction of the pitch (a marker tinted near the page is its own colour up to its seam)"},
    {"marked_middle_rank", &Params::marked_middle_rank, 0, 1, "touching-cells look: a lattice's seams are weighed against this rank of its cells' middle lines, 0 the flattest, 1 the busiest (letters on a few of a short side's cells made the median busy and notch-only seams too weak)"},
    {"marked_max_seam_contrast", &Params::marked_max_seam_contrast, 0, 1000, "touching-cells look: a lattice's score (weakest seam / middle) above this counts as this, so that a lattice of every second or third cell, whose seams are the strongest colour changes, does not outscore the true one whose notch-only seams show clearly (0: no cap)"},
    {"marked_class_distance", &Params::marked_class_distance, 0, 300, "touching-cells look: cells whose colours are this close are of one class, delta E"},
    {"marked_hole_distance", &Params::marked_hole_distance, 0, 300, "touching-cells look: a cell this close to the page's colour is a hole (no cell), delta E"},
    {"marked_lone_wall_ratio", &Params::marked_lone_wall_ratio, 0, 1, "touching-cells look: a lone dark cell is a wall when its L is under this fraction of the free cells'"},
    {"marked_wall_step", &Params::marked_wall_step, 0, 100, "touching-cells look: a class this much darker (L) than the page and the free cells is walls"},
    {"marked_ink_distance", &Params::marked_ink_distance, 0, 300, "touching-cells look: a sample this far from its cell's colour is ink (a letter), delta E"},
    {"marked_faint_ink_distance", &Params::marked_faint_ink_distance, 0, 300, "touching-cells look: of two markers one lettered, the other's samples this far from its colour are ink too (a letter in a tint near its cell's), delta E"},
    {"marked_min_ink", &Params::marked_min_ink, 0, 1, "touching-cells look: ink fraction that makes a letter (more on a free cell: refused)"},
    {"marked_min_letter_step", &Params::marked_min_letter_step, 0, 1, "touching-cells look: tints alike: S and G told by their half-turn symmetry, least difference"},
    {"marked_min_hue_step", &Params::marked_min_hue_step, 0, 300, "touching-cells look: least difference of the two markers' a* (green-red axis): the greener is the start"},
};

std::span<const ParamSpec<Params>> param_table() { return kParamTable; }

Result<Params> load_params(const cv::FileNode& node, const Params& defaults) {
  return params_from_table(node, "onestroke", param_table(), defaults, [](const Params& p) -> std::string {
    if (p.min_cell_ratio > p.max_cell_ratio) return "onestroke profile: min_cell_ratio is above max_cell_ratio";
    if (p.colour_min_chroma < p.neutral_max_chroma) return "onestroke profile: colour_min_chroma is below neutral_max_chroma";
    if (p.theme != "light" && p.theme != "dark" && p.theme != "any")
      return "onestroke profile: theme must be \"light\", \"dark\" or \"any\"";
    return "";
  });
}

namespace {

// Within this distance of the page's colour a pixel is no ink for the clipping check, levels.
constexpr int kClipTolerance = 14;

// `got` (a board read off `image`), or kBoardClipped when the frame's edge cuts that board: a board
// cut so reads as a smaller one (the cut row's cells are too short to be cells). Ink is what differs
// from the commonest colour, the page round the board, opened by clip_min_stroke of the pitch: a
// hatched or grainy page's strokes and specks cross every border and are not a cut row, and a cut
// row's cells are deeper than that where the board's nearness (min_gap) does not already tell.
Result<Reading> whole_or_clipped(const cv::Mat& image, Result<Reading> got, const Params& params) {
  if (!got) return got;
  const std::optional<cv::Mat> bgr = as_bgr8(image);
  if (!bgr) return got;
  // The page: the commonest colour round the board, not of the whole picture (on a hatched or grainy
  // page, the flat cells of a big board are commoner than any one of the page's levels; everything but
  // them was then ink, and specks of grain along the frame's edge a cut row).
  ColourHistogram round_board;
  const int step = std::max(1, static_cast<int>(std::sqrt(static_cast<double>(bgr->total()) / 500000.0)));
  for (int y = 0; y < bgr->rows; y += step) {
    const auto* row = bgr->ptr<cv::Vec3b>(y);
    for (int x = 0; x < bgr->cols; x += step)
      if (!got->board.contains(cv::Point(x, y))) round_board.add(row[x]);
  }
  std::vector<cv::Vec3b> page = round_board.top(1, kClipTolerance);
  if (page.empty()) page = common_colours(*bgr, 1, kClipTolerance);  // the board fills the picture
  if (page.empty()) return got;
  const double pitch = std::max(got->lattice.pitch_x, got->lattice.pitch_y);
  cv::Mat ink;
  cv::bitwise_not(near_colour(*bgr, page.front(), kClipTolerance), ink);
  if (const int k = static_cast<int>(std::lround(params.clip_min_stroke * pitch)); k > 1)
    cv::morphologyEx(ink, ink, cv::MORPH_OPEN, cv::getStructuringElement(cv::MORPH_RECT, {k, k}));
  if (auto whole = check_not_clipped(ink, got->board, static_cast<float>(pitch), "one-stroke"); !whole) return whole.error();
  return got;
}

// Records one pass of read() in `trace` (when given): its name, how far it got, and its error.
int record(ReadTrace* trace, std::string name, int stage, const Result<Reading>& got) {
  if (trace == nullptr) return -1;
  trace->passes.push_back({std::move(name), stage, got.ok(), got ? Error{} : got.error()});
  return static_cast<int>(trace->passes.size()) - 1;
}

// The refusal of several passes: the error of the one that got furthest (`stage`), of passes that got as
// far the earlier (the later passes are for looks the earlier do not read, a grey band or a textured
// page: that a flat page is not one says less). `refusal` is its pass in the trace.
struct Furthest {
  Error error = no_board("");
  int stage = -1;
  int refusal = -1;
  void offer(const Result<Reading>& got, int at_stage, int pass) {
    if (got || at_stage <= stage) return;
    error = got.error(), stage = at_stage, refusal = pass;
  }
};

// One reading of `bgr`; when the first luminance split finds no grey square, a second one above it
// (Reader's upper_split_), which stands only with a grey band. `stage`: how far the better got. A
// refusal gives the reason of the pass that got furthest (Furthest). `theme` names the passes in `trace`.
Result<Reading> run_reader(const cv::Mat& bgr, const Params& params, DebugSink* debug, int& stage, ReadTrace* trace = nullptr,
                           const std::string& theme = "light", int* refusal = nullptr) {
  Furthest furthest;
  const auto done = [&](Result<Reading> got) {
    if (refusal != nullptr) *refusal = got ? -1 : furthest.refusal;
    return got ? got : Result<Reading>(furthest.error);
  };
  Reader reader(bgr, params, debug);
  auto got = reader.run();
  stage = reader.stage();
  furthest.offer(got, reader.stage(), record(trace, theme, reader.stage(), got));
  if (got || got.error().code != ErrorCode::kNoBoard) return got;
  if (reader.found_no_squares()) {
    Reader upper(bgr, params, nullptr, true);
    auto again = upper.run();
    stage = std::max(stage, upper.stage());
    furthest.offer(again, upper.stage(), record(trace, theme + ", above the darkest grey", upper.stage(), again));
    if (again || again.error().code != ErrorCode::kNoBoard) return again;
  }
  // A hatched or grainy page as dark as the cells in places: the mask opened by a square wider than a
  // stroke (Reader's open_px_), the cells' side many times more.
  // Strokes wider than that square (a small or cropped picture's, a heavy hatch's) survive it: the square
  // then doubles, up to max_stroke_open_fraction of the shorter side.
  const int shorter = std::min(bgr.cols, bgr.rows);
  const int open_px = static_cast<int>(std::lround(params.stroke_open_fraction * shorter));
  if (open_px < 2) return done(got);
  const int max_open_px = std::max(open_px, static_cast<int>(std::lround(params.max_stroke_open_fraction * shorter)));
  for (int side = open_px; side <= max_open_px; side *= 2) {
    for (const bool upper_split : {false, true}) {
      Reader opened(bgr, params, nullptr, upper_split, side);
      auto cleaned = opened.run();
      stage = std::max(stage, opened.stage());
      furthest.offer(cleaned, opened.stage(),
                     record(trace, theme + (upper_split ? ", opened above the darkest grey" : ", opened") + " by " + std::to_string(side) + " px", opened.stage(), cleaned));
      if (cleaned || cleaned.error().code != ErrorCode::kNoBoard) return cleaned;
      if (!opened.found_no_squares()) break;
    }
  }
  return done(got);
}

// read(), also saying how far the better of its passes got (Reader::stage); `refusal`: the pass of
// `trace` whose reason a refusal gives.
Result<Reading> read_staged(const cv::Mat& image, const Params& params, DebugSink* debug, int& stage, ReadTrace* trace = nullptr,
                            int* refusal = nullptr) {
  stage = 0;
  if (refusal != nullptr) *refusal = -1;
  if (image.empty()) return make_error(ErrorCode::kNoBoard, "no board found: the image is empty");
  try {
    const std::optional<cv::Mat> bgr = as_bgr8(image);
    if (!bgr) return make_error("onestroke reader: the image must be 8-bit BGR, BGRA or grey");
    // Dark mode is the light look with luminance turned over: cells lighter than the page. Reading
    // the negative keeps one detector (chroma, and so band and cat, are the same in the negative),
    // and a light screen never reaches it unless it showed no board.
    Result<Reading> light = no_board("");
    int light_refusal = -1;
    if (params.theme != "dark") {
      light = run_reader(*bgr, params, debug, stage, trace, "light", &light_refusal);
    }
    if (refusal != nullptr) *refusal = light_refusal;
    if (light || params.theme == "light" || light.error().code != ErrorCode::kNoBoard) return light;
    cv::Mat negative;
    cv::bitwise_not(*bgr, negative);
    int dark_stage = 0, dark_refusal = -1;
    auto dark = run_reader(negative, params, params.theme == "dark" ? debug : nullptr, dark_stage, trace, "dark", &dark_refusal);
    // Both refused: the reason of the theme that got further, the light one's when they got as far.
    const bool dark_reason = params.theme == "dark" || dark || dark_stage > stage;
    stage = std::max(stage, dark_stage);
    if (refusal != nullptr && dark_reason) *refusal = dark_refusal;
    return dark_reason ? dark : light;
  } catch (const cv::Exception& e) {
    return make_error(std::string("onestroke reader: OpenCV failed: ") + e.what());
  }
}

// Candidate values of the Params a look decides, tried one key at a time by learn(): the pixel
// classes, the cells' shape and spacing, how sites are told apart, and the cat.
struct Candidates {
  const char* key;
  std::vector<double> values;  // for `theme`: 0 light, 1 dark, 2 any
};

const std::vector<Candidates>& learn_candidates() {
  static const std::vector<Candidates> kAll = {
      {"theme", {0, 1, 2}},
      {"max_cell_ratio", {0.9, 0.97, 0.985, 0.995}},
      {"min_cell_ratio", {0.5, 0.65, 0.75, 0.85}},
      {"min_cell_fill", {0.6, 0.7, 0.8, 0.9}},
      {"neutral_max_chroma", {10, 18, 28, 38, 48}},
      {"colour_min_chroma", {14, 20, 28, 40, 60}},
      {"min_contrast", {4, 8, 12, 20, 30}},
      {"dark_max_luminance", {20, 50, 100, 140}},
      {"min_free_fraction", {0.2, 0.3, 0.5, 0.7}},
      {"min_coloured_fraction", {0.05, 0.15, 0.3}},
      {"max_grey_spread", {0.1, 0.25, 0.5, 1}},
      {"max_tint_spread", {4, 9, 20, 40}},
      {"max_page_spread", {1, 3, 6, 12}},
      {"max_hole_grey", {0.05, 0.1, 0.3, 0.5}},
      {"min_cat_score", {0.05, 0.1, 0.2, 0.35}},
      {"cat_colour_distance", {40, 90, 150}},
      {"inner_fraction", {0.4, 0.6, 0.8}},
      {"size_tolerance", {0.1, 0.15, 0.25}},
      {"min_cell_samples", {20, 40, 80}},  // thin lines between cells survive a finer mask
      {"max_cell_aspect", {1.15, 1.3, 1.6}},
  };
  return kAll;
}

}  // namespace

namespace {

// Whether most free cells of `r` show the page's colour over their middle: the cat reader took the
// page round a board of touching cells for cells (and that board for holes). Cells are drawn on the
// page, so a real board's cells differ from it. A cell is bare when fewer than min_free_fraction of
// its samples (the grid a site is classified by) stand off the page: one pixel at its centre would
// be a numbered cell's digit, white as the page on the classic look.
bool cells_are_page(const cv::Mat& bgr, const Reading& r, const Params& params) {
  const cv::Vec3i page = border_colour(bgr);
  int cells = 0, bare = 0;
  for (int row = 0; row < r.state.rows; ++row)
    for (int col = 0; col < r.state.cols; ++col) {
      if (r.state.at({row, col}) != Site::kFree) continue;
      int samples = 0, off_page = 0;
      std::vector<Bgr> px;
      for_each_site_sample(bgr, r.lattice, params, {row, col}, [&](const cv::Vec3b& q) {
        ++samples;
        off_page += l1_distance(q, page) > params.marked_page_distance ? 1 : 0;
        px.push_back({q[0], q[1], q[2]});
      });
      if (samples == 0) continue;
      ++cells;
      // On a hatched or grainy page the border's commonest colour may be a stroke's, as grey as the cells:
      // a flat cell there is no piece of that page.
      if (r.page_texture >= params.min_page_texture && texture_of(px).spread < params.min_page_texture) continue;
      bare += off_page < params.min_free_fraction * samples ? 1 : 0;
    }
  return cells > 0 && bare * 2 > cells;
}

// Whether every visited cell links to the head through visited cells (4-neighbours).
bool visited_linked(const State& s) {
  std::vector<char> seen(s.sites.size(), 0);
  std::vector<Cell> todo{s.head};
  seen[static_cast<std::size_t>(s.head.row * s.cols + s.head.col)] = 1;
  std::size_t reached = 0;
  while (!todo.empty()) {
    const Cell at = todo.back();
    todo.pop_back();
    ++reached;
    for (const Cell d : {Cell{-1, 0}, Cell{1, 0}, Cell{0, -1}, Cell{0, 1}}) {
      const Cell nb{at.row + d.row, at.col + d.col};
      if (!s.inside(nb) || s.at(nb) != Site::kVisited) continue;
      char& mark = seen[static_cast<std::size_t>(nb.row * s.cols + nb.col)];
      if (mark == 0) mark = 1, todo.push_back(nb);
    }
  }
  return reached == static_cast<std::size_t>(std::count(s.sites.begin(), s.sites.end(), Site::kVisited));
}

// The cat look and the touching cells' look, read side by side and settled (read()'s body).
Result<Reading> read_either(const cv::Mat& image, const Params& params, DebugSink* debug, ReadTrace* trace) {
  int stage = 0, refusal = -1;
  Result<Reading> cat = read_staged(image, params, debug, stage, trace, &refusal);
  if (trace != nullptr) trace->refusal = cat ? -1 : refusal;
  // The browser games' look (touching cells, lettered or tinted markers, dark walls) is read beside
  // the cat's. Verify the cat's: visited cells are a path ending at the head, so each links to it
  // through visited cells (a tinted start and end read as a cat and a band cell break that).
  // And its cells are not the page's colour (the page round touching cells, read as cells).
  const std::optional<cv::Mat> bgr = image.empty() ? std::nullopt : as_bgr8(image);
  const bool cat_ok = cat && visited_linked(cat->state) && !(bgr && cells_are_page(*bgr, *cat, params));
  if (!bgr) return cat;
  Result<Reading> marked = no_board("");
  bool fitted = false;
  try {
    marked = read_marked(*bgr, params, &fitted);
  } catch (const cv::Exception& e) {
    return make_error(std::string("onestroke reader: OpenCV failed: ") + e.what());
  }
  // Stage 3 on the cat reader's scale when a lattice was fitted: its cells were then found ambiguous.
  const int marked_pass = record(trace, "touching cells", fitted ? 3 : 0, marked);
  if (!marked) {
    if (trace != nullptr) trace->refusal = -1;
    if (cat && !cat_ok) return no_board("a visited cell is not linked to the path's head through visited cells, or the cells have the page's colour (is this another look?)");
    if (cat) return cat;
    // Both refused: the touching cells' reason when it fitted a lattice and the cat reader found none
    // (what it found ambiguous in those cells says more than "no grey squares").
    const bool marked_reason = fitted && stage < 3;
    if (trace != nullptr) trace->refusal = marked_reason ? marked_pass : refusal;
    return marked_reason ? marked : cat;
  }
  if (trace != nullptr) trace->refusal = -1;
  if (!cat_ok || cat->state == marked->state) return cat_ok ? cat : marked;
  // Two different boards. Touching cells inside a board with gaps (its band, cells joined round a
  // face) explain fewer cells than the whole board: the cat's reading wins. Otherwise which is
  // right cannot be told.
  const auto cells = [](const State& s) { return std::count_if(s.sites.begin(), s.sites.end(), [](Site x) { return x != Site::kNone; }); };
  if (cells(marked->state) < cells(cat->state)) return cat;
  return no_board("the cat's look and the touching cells' look read two different boards (" + std::to_string(cat->state.rows) +
                  "x" + std::to_string(cat->state.cols) + " and " + std::to_string(marked->state.rows) + "x" +
                  std::to_string(marked->state.cols) + "), and which is right cannot be told (puzzlebot learn fits a profile)");
}

}  // namespace

Result<Reading> read(const cv::Mat& image, const Params& params, DebugSink* debug) {
  return whole_or_clipped(image, read_either(image, params, debug, nullptr), params);
}

Result<Reading> read_traced(const cv::Mat& image, const Params& params, ReadTrace& trace, DebugSink* debug) {
  trace = {};
  auto got = whole_or_clipped(image, read_either(image, params, debug, &trace), params);
  return got;
}

Result<Params> learn(const cv::Mat& bgr, const State& truth, const Params& start) {
  // Scored by agreement with the truth: a failed read by how far it got (0-0.6), a read by the
  // share of sites it got right (1-2), an exact read 3. Greedy: each pass tries every candidate of
  // every key from the best Params so far and keeps any change that scores higher; a few passes
  // let two keys change together when one alone is not enough.
  auto score = [&](const Params& p) {
    int stage = 0;
    auto r = read_staged(bgr, p, nullptr, stage);
    if (!r) return stage / 10.0;
    if (r->state == truth) return 3.0;
    if (r->state.rows != truth.rows || r->state.cols != truth.cols) return 1.0;
    std::size_t same = 0;
    for (std::size_t i = 0; i < truth.sites.size(); ++i) same += r->state.sites[i] == truth.sites[i] ? 1 : 0;
    return 1.0 + (static_cast<double>(same) + (r->state.head == truth.head ? 1 : 0)) / (truth.sites.size() + 1.0);
  };
  Params best = start;
  double best_score = score(best);
  constexpr int kPasses = 2;
  for (int pass = 0; pass < kPasses && best_score < 3.0; ++pass) {
    bool improved = false;
    for (const Candidates& c : learn_candidates()) {
      const ParamSpec<Params>* spec = nullptr;
      for (const ParamSpec<Params>& s : param_table())
        if (std::string_view(s.key) == c.key) spec = &s;
      if (spec == nullptr) continue;
      // Nearest to the value in use first: of the changes that score alike, the smallest is kept.
      const double now = std::visit(
          [&](auto member) -> double {
            using T = std::remove_cvref_t<decltype(best.*member)>;
            if constexpr (std::is_same_v<T, std::string>) return best.*member == "light" ? 0 : best.*member == "dark" ? 1 : 2;
            else return static_cast<double>(best.*member);
          },
          spec->field);
      std::vector<double> values = c.values;
      std::stable_sort(values.begin(), values.end(),
                       [now](double a, double b) { return std::abs(a - now) < std::abs(b - now); });
      for (double v : values) {
        Params p = best;
        std::visit(
            [&](auto member) {
              using T = std::remove_cvref_t<decltype(p.*member)>;
              if constexpr (std::is_same_v<T, std::string>) p.*member = v == 0 ? "light" : v == 1 ? "dark" : "any";
              else if constexpr (std::is_same_v<T, bool>) p.*member = v != 0;
              else p.*member = static_cast<T>(v);
            },
            spec->field);
        if (p.min_cell_ratio > p.max_cell_ratio || p.colour_min_chroma < p.neutral_max_chroma) continue;
        const double sc = score(p);
        if (sc > best_score) best = p, best_score = sc, improved = true;
        if (best_score >= 3.0) break;
      }
      if (best_score >= 3.0) break;
    }
    if (!improved) break;
  }
  if (best_score < 3.0)
    return make_error("onestroke learn: no reader parameters read this screenshot as the board given (the best " +
                      std::string(best_score >= 1 ? "read " + std::to_string(static_cast<int>((best_score - 1) * 100)) +
                                                        "% of the sites right"
                                                  : "found no board") +
                      "): is it the screenshot of that board?");
  return best;
}

cv::Mat annotate(const cv::Mat& image, const Reading& rd, std::span<const Cell> path) {
  cv::Mat out;
  if (image.channels() == 1) cv::cvtColor(image, out, cv::COLOR_GRAY2BGR);
  else if (image.channels() == 4) cv::cvtColor(image, out, cv::COLOR_BGRA2BGR);
  else out = image.clone();
  const State& st = rd.state;
  const double pitch = std::min(rd.lattice.pitch_x, rd.lattice.pitch_y);
  const int thick = std::max(1, static_cast<int>(pitch / 30));
  auto pt = [&](Cell c) {
    const cv::Point2d m = rd.lattice.centre(c);
    return cv::Point(static_cast<int>(std::lround(m.x)), static_cast<int>(std::lround(m.y)));
  };
  for (int r = 0; r < st.rows; ++r)
    for (int c = 0; c < st.cols; ++c) {
      const auto i = static_cast<std::size_t>(r * st.cols + c);
      cv::Scalar colour = st.sites[i] == Site::kFree      ? cv::Scalar{0, 170, 0}
                          : st.sites[i] == Site::kVisited ? cv::Scalar{200, 110, 0}
                                                          : cv::Scalar{170, 170, 170};
      if (rd.confidence[i] < 0.6) colour = {0, 0, 230};  // say where the reader was unsure
      cv::rectangle(out, rd.cells[i], colour, st.sites[i] == Site::kNone ? 1 : thick, cv::LINE_AA);
    }
  cv::rectangle(out, rd.board, {0, 120, 255}, 1, cv::LINE_AA);
  // The start (the head, where the solution begins): a ring and an S; the end cell, where the level
  // says the path must stop: a square and an E. The letters go on last, in the cell's lower right
  // quarter, which no path line (centre to centre) and no step number (above the centre) crosses.
  auto letter = [&](Cell c, const char* text, const cv::Scalar& colour) {
    const double scale = pitch / 110.0;
    const int tt = std::max(1, static_cast<int>(pitch / 35));
    int base = 0;
    const cv::Size sz = cv::getTextSize(text, cv::FONT_HERSHEY_SIMPLEX, scale, tt, &base);
    const cv::Point at = pt(c) + cv::Point(static_cast<int>(pitch * 0.28) - sz.width / 2, static_cast<int>(pitch * 0.38));
    cv::putText(out, text, at, cv::FONT_HERSHEY_SIMPLEX, scale, {255, 255, 255}, tt + 2, cv::LINE_AA);
    cv::putText(out, text, at, cv::FONT_HERSHEY_SIMPLEX, scale, colour, tt, cv::LINE_AA);
  };
  const cv::Scalar start_colour{200, 0, 200}, end_colour{0, 110, 255};
  cv::circle(out, pt(st.head), static_cast<int>(pitch * 0.42), start_colour, thick * 2, cv::LINE_AA);
  if (st.end) {
    const int half = static_cast<int>(pitch * 0.4);
    const cv::Point m = pt(*st.end);
    cv::rectangle(out, m - cv::Point(half, half), m + cv::Point(half, half), end_colour, thick * 2, cv::LINE_AA);
  }
  if (path.size() >= 2) {
    std::vector<cv::Point> line;
    for (Cell c : path) line.push_back(pt(c));
    cv::polylines(out, line, false, {0, 0, 220}, std::max(2, static_cast<int>(pitch / 12)), cv::LINE_AA);
    const double scale = pitch / 110.0;
    for (std::size_t k = 0; k < path.size(); ++k) {
      const std::string label = std::to_string(k + 1);
      int base = 0;
      const int tt = std::max(1, static_cast<int>(pitch / 40));
      const cv::Size sz = cv::getTextSize(label, cv::FONT_HERSHEY_SIMPLEX, scale, tt, &base);
      const cv::Point at = pt(path[k]) + cv::Point(-sz.width / 2, -static_cast<int>(pitch * 0.12));
      cv::putText(out, label, at, cv::FONT_HERSHEY_SIMPLEX, scale, {255, 255, 255}, tt + 2, cv::LINE_AA);
      cv::putText(out, label, at, cv::FONT_HERSHEY_SIMPLEX, scale, {20, 20, 20}, tt, cv::LINE_AA);
    }
  }
  letter(st.head, "S", start_colour);
  if (st.end) letter(*st.end, "E", end_colour);
  return out;
}

}  // namespace pb::vision::onestroke
