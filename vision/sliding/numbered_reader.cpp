/* numbered_reader.cpp: numbered picture boards: the empty cell and the frame (detect), the numbers (decode), a permutation (verify). */
#include "vision/sliding/numbered_reader.hpp"

#include <algorithm>
#include <cmath>
#include <opencv2/imgproc.hpp>
#include <optional>
#include <string>
#include <vector>

#include "vision/common/colour.hpp"
#include "vision/common/plain_squares.hpp"
#include "vision/sliding/tile_ocr.hpp"

namespace pb::vision::sliding {
namespace {

// One side of the board: a lattice line `steps` pitches from the empty cell's side, at `at` (the
// first frame column or row outside the board, frame px), and the frame's colour there.
struct Side {
  int steps = 0;
  int at = 0;
  cv::Vec3b colour;
  double score = 0;  // share of the band outside in one colour, less the share inside in that colour
};

struct Outline {
  cv::Rect board;
  int cols = 0, rows = 0;
  int blank = 0;      // the empty cell's site, row-major
  cv::Vec3b frame;
  double ring = 0;    // share of the one-pixel ring outside the board in the frame's colour
};

// Mean colour of `line` (clipped to the image) and the share of its pixels within `tol` of it.
std::pair<cv::Vec3b, double> line_colour(const cv::Mat& bgr, cv::Rect line, int tol) {
  line &= cv::Rect(0, 0, bgr.cols, bgr.rows);
  if (line.area() == 0) return {cv::Vec3b(), 0.0};
  cv::Scalar m = cv::mean(bgr(line));
  cv::Vec3b c(cv::saturate_cast<std::uint8_t>(m[0]), cv::saturate_cast<std::uint8_t>(m[1]), cv::saturate_cast<std::uint8_t>(m[2]));
  int near = cv::countNonZero(near_colour(bgr(line), c, tol));
  return {c, static_cast<double>(near) / line.area()};
}

double share_near(const cv::Mat& bgr, cv::Rect line, const cv::Vec3b& c, int tol) {
  line &= cv::Rect(0, 0, bgr.cols, bgr.rows);
  if (line.area() == 0) return 1.0;
  return static_cast<double>(cv::countNonZero(near_colour(bgr(line), c, tol))) / line.area();
}

// Plain squares of one size beyond this many are a board's cells, not its one gap (two: the gap
// and one plain square of its size elsewhere on the screen).
constexpr long kMaxAlikeGaps = 2;
// The largest plain squares tried as the gap.
constexpr std::size_t kMaxGapCandidates = 4;

// Lines kept per lattice step and side (a frame's bands each give one or two).
constexpr std::size_t kSidesPerStep = 4;
// Pairs of opposite sides kept, the best first (each pairing of the two is a ring to check).
constexpr std::size_t kPairsKept = 24;

// The candidate sides in one direction (dir: 0 left, 1 right, 2 up, 3 down) of the empty cell `cell`
// with pitch `pitch`: lattice lines where a band of one colour, along the cell's row (column),
// meets something else on the board's side.
std::vector<Side> sides(const cv::Mat& bgr, const cv::Rect& cell, double pitch, int dir, const Params& p) {
  std::vector<Side> out;
  const bool vertical = dir < 2;  // left and right sides are columns
  const int along0 = vertical ? cell.y : cell.x, along_len = vertical ? cell.height : cell.width;
  const int margin = along_len / 8;
  const int limit = vertical ? bgr.cols : bgr.rows;
  const cv::Rect clip(0, 0, bgr.cols, bgr.rows);
  const cv::Rect middle = cv::Rect(cell.x + cell.width / 4, cell.y + cell.height / 4, cell.width / 2, cell.height / 2) & clip;
  if (middle.area() == 0) return out;
  const cv::Scalar m = cv::mean(bgr(middle));
  const cv::Vec3b cell_colour(cv::saturate_cast<std::uint8_t>(m[0]), cv::saturate_cast<std::uint8_t>(m[1]),
                              cv::saturate_cast<std::uint8_t>(m[2]));
  for (int steps = 0; steps < p.max_side; ++steps) {
    const double nominal = dir == 0 ? cell.x - steps * pitch : dir == 1 ? cell.br().x + steps * pitch
                         : dir == 2 ? cell.y - steps * pitch : cell.br().y + steps * pitch;
    if (nominal < 1 || nominal > limit - 1) break;
    // The pitch measured on the empty cell may be short: the frame's border is drawn under the
    // picture, and where the cell is empty it shows, a few px into the cell beside it.
    const int slack = 1 + static_cast<int>(std::lround(std::max(steps, 1) * pitch * p.size_tolerance / 2));
    std::vector<Side> here;
    for (int d = -slack; d <= slack; ++d) {
      const int at = static_cast<int>(std::lround(nominal)) + d;
      // The first line outside the board and the last one inside it.
      const int out_line = dir == 0 || dir == 2 ? at - 1 : at;
      const int in_line = dir == 0 || dir == 2 ? at : at - 1;
      if (out_line < 0 || out_line >= limit || in_line < 0 || in_line >= limit) continue;
      auto line = [&](int pos) {
        return vertical ? cv::Rect(pos, along0 + margin, 1, along_len - 2 * margin)
                        : cv::Rect(along0 + margin, pos, along_len - 2 * margin, 1);
      };
      auto [colour, uniform] = line_colour(bgr, line(out_line), p.frame_tolerance);
      if (uniform < p.min_frame_ring) continue;
      // Beside the empty cell (no steps) the inside is the cell, or the frame's border where it
      // shows in the empty cell: the ring of the whole outline judges that side; but the frame is
      // not the empty cell's own colour.
      if (steps == 0 && colour_distance(colour, cell_colour) <= p.background_tolerance) continue;
      const double inside = steps == 0 ? 0.0 : share_near(bgr, line(in_line), colour, p.frame_tolerance);
      // The inside must differ from the frame on most of the band (a plain sky is no frame).
      const double score = uniform - inside;
      if (score >= p.min_frame_ring - 0.5) here.push_back({steps, at, colour, score});
    }
    // A frame drawn in bands (a border, then a lighter band) has an edge at each: the best few
    // lines of each step are kept, and only the whole ring tells which outline is the board's.
    // Of lines as good (to a percent), the nearer the lattice's.
    const long centre = std::lround(nominal);
    std::sort(here.begin(), here.end(), [&](const Side& a, const Side& b) {
      const long sa = std::lround(a.score * 100), sb = std::lround(b.score * 100);
      return sa != sb ? sa > sb : std::abs(a.at - centre) < std::abs(b.at - centre);
    });
    // Beside the empty cell all are kept: a cell in a corner is cut on two sides, by several px.
    if (steps > 0 && here.size() > kSidesPerStep) here.resize(kSidesPerStep);
    out.insert(out.end(), here.begin(), here.end());
  }
  return out;
}

// Share of the one-pixel ring just outside `r` within `tol` of `c`.
double ring_share(const cv::Mat& bgr, const cv::Rect& r, const cv::Vec3b& c, int tol) {
  const cv::Rect lines[] = {{r.x - 1, r.y - 1, r.width + 2, 1}, {r.x - 1, r.br().y, r.width + 2, 1},
                            {r.x - 1, r.y, 1, r.height}, {r.br().x, r.y, 1, r.height}};
  double near = 0, all = 0;
  for (const cv::Rect& l : lines) {
    cv::Rect cl = l & cv::Rect(0, 0, bgr.cols, bgr.rows);
    if (cl.area() == 0) continue;
    near += cv::countNonZero(near_colour(bgr(cl), c, tol));
    all += l.area();  // a ring cut by the image's edge is not all frame
  }
  return all == 0 ? 0 : near / all;
}

// The outlines around the empty cell placed at `cell` (a pitch-sided square), added to `out`.
void outlines_of(const cv::Mat& bgr, const cv::Rect& cell, const Params& p, std::vector<Outline>& out) {
  const double pitch = cell.width;
  std::vector<Side> s[4];
  for (int dir = 0; dir < 4; ++dir) {
    s[dir] = sides(bgr, cell, pitch, dir, p);
    if (s[dir].empty()) return;
  }
  // Sides in pairs first (left with right, top with bottom) whose span is a whole number of
  // pitches, the best few of each; then the pairs together.
  struct Pair { const Side* a; const Side* b; int cells; double span; };
  auto pairs = [&](const std::vector<Side>& lo, const std::vector<Side>& hi) {
    std::vector<Pair> out_pairs;
    for (const Side& a : lo)
      for (const Side& b : hi) {
        const int cells = a.steps + 1 + b.steps;
        const double span = b.at - a.at;
        if (cells < 2 || cells > p.max_side || std::abs(span / cells - pitch) > p.size_tolerance * pitch) continue;
        if (colour_distance(a.colour, b.colour) > p.background_tolerance) continue;  // one frame
        out_pairs.push_back({&a, &b, cells, span});
      }
    std::sort(out_pairs.begin(), out_pairs.end(), [&](const Pair& x, const Pair& y) {
      return x.a->score + x.b->score > y.a->score + y.b->score;
    });
    if (out_pairs.size() > kPairsKept) out_pairs.resize(kPairsKept);
    return out_pairs;
  };
  for (const Pair& h : pairs(s[0], s[1]))
    for (const Pair& v : pairs(s[2], s[3])) {
      const Side &l = *h.a, &r = *h.b, &t = *v.a, &b = *v.b;
      Outline o;
      o.cols = h.cells;
      o.rows = v.cells;
      o.board = cv::Rect(cv::Point(l.at, t.at), cv::Point(r.at, b.at));
      if (std::abs(h.span / h.cells - v.span / v.cells) > p.size_tolerance * pitch) continue;
      // The frame is one colour all round.
      if (colour_distance(l.colour, t.colour) > p.background_tolerance) continue;
      o.frame = l.colour;
      o.ring = ring_share(bgr, o.board, o.frame, p.frame_tolerance);
      if (o.ring < p.min_frame_ring) continue;
      o.blank = t.steps * o.cols + l.steps;
      out.push_back(o);
    }
}

// Every outline around the empty cell `cell` whose ring is the frame's colour, best ring first.
std::vector<Outline> outlines(const cv::Mat& bgr, const cv::Rect& cell, const Params& p) {
  std::vector<Outline> out;
  // The frame's border is drawn under the picture: where the cell is empty it shows, a few px into
  // the cell, which looks short on that side. The longer side is the pitch, and the cell stands at
  // either end of its short side.
  const int pitch = std::max(cell.width, cell.height);
  std::vector<cv::Rect> placed;
  for (int x : {cell.x, cell.br().x - pitch})
    for (int y : {cell.y, cell.br().y - pitch}) {
      cv::Rect r(x, y, pitch, pitch);
      if (std::find(placed.begin(), placed.end(), r) == placed.end()) placed.push_back(r);
    }
  for (const cv::Rect& c : placed) outlines_of(bgr, c, p, out);
  // Outlines a few pixels apart are one lattice: keep the one with the best ring (to a percent),
  // then the one whose pitch is nearest the empty cell's.
  auto misfit = [&](const Outline& o) {
    return std::abs(static_cast<double>(o.board.width) / o.cols - pitch) + std::abs(static_cast<double>(o.board.height) / o.rows - pitch);
  };
  std::sort(out.begin(), out.end(), [&](const Outline& a, const Outline& b) {
    const long ra = std::lround(a.ring * 100), rb = std::lround(b.ring * 100);
    return ra != rb ? ra > rb : misfit(a) < misfit(b);
  });
  std::vector<Outline> distinct;
  for (const Outline& o : out)
    if (std::none_of(distinct.begin(), distinct.end(), [&](const Outline& d) {
          return d.cols == o.cols && d.rows == o.rows && d.blank == o.blank;
        }))
      distinct.push_back(o);
  return distinct;
}


cv::Rect site_rect(const Outline& o, int site) {
  const double pw = static_cast<double>(o.board.width) / o.cols, ph = static_cast<double>(o.board.height) / o.rows;
  const int c = site % o.cols, r = site / o.cols;
  cv::Point tl(o.board.x + static_cast<int>(std::lround(c * pw)), o.board.y + static_cast<int>(std::lround(r * ph)));
  cv::Point br(o.board.x + static_cast<int>(std::lround((c + 1) * pw)), o.board.y + static_cast<int>(std::lround((r + 1) * ph)));
  return {tl, br};
}

// Digits of one number differ in height (and in their centre's height) by at most this fraction.
constexpr double kLineHeight = 0.2;
// Text is outlined when at least this share of the pixels around its glyphs is one colour (a
// one-pixel outline: the rest are blends of it with the text).
constexpr double kOutlineShare = 0.35;

// The glyphs of colour `text` at the centre of `crop` (a tile): closed blobs of a digit's height
// near the centre. Empty `all` when there are none.
// With an `outline` colour (text drawn outlined), only text pixels within two pixels of the outline
// count: a white gull of the picture touching a digit is not outlined.
Ink glyphs_of(const cv::Mat& crop, const cv::Vec3b& text, const std::optional<cv::Vec3b>& outline, double pitch,
              const Params& p) {
  Ink ink;
  ink.binary = near_colour(crop, text, p.text_tolerance);
  if (outline) {
    cv::Mat near_outline;
    cv::dilate(near_colour(crop, *outline, p.text_tolerance), near_outline,
               cv::getStructuringElement(cv::MORPH_RECT, cv::Size(5, 5)));
    cv::bitwise_and(ink.binary, near_outline, ink.binary);
  }
  ink.binary.convertTo(ink.soft, CV_32F, 1.0 / 255);
  cv::Mat labels, stats, centroids;
  const int n = cv::connectedComponentsWithStats(ink.binary, labels, stats, centroids, 8, CV_32S);
  const cv::Point2d mid(crop.cols / 2.0, crop.rows / 2.0);
  std::vector<int> label_of;  // per glyph, its component
  for (int i = 1; i < n; ++i) {
    cv::Rect r(stats.at<int>(i, cv::CC_STAT_LEFT), stats.at<int>(i, cv::CC_STAT_TOP), stats.at<int>(i, cv::CC_STAT_WIDTH),
               stats.at<int>(i, cv::CC_STAT_HEIGHT));
    if (r.height < p.min_glyph_height * pitch || r.height > p.max_glyph_height * pitch || r.height < p.min_glyph_px) continue;
    if (r.x == 0 || r.y == 0 || r.br().x == crop.cols || r.br().y == crop.rows) continue;
    const cv::Point2d c(r.x + r.width / 2.0, r.y + r.height / 2.0);
    if (std::abs(c.x - mid.x) > p.max_glyph_offset * pitch || std::abs(c.y - mid.y) > p.max_glyph_offset * pitch) continue;
    ink.glyphs.push_back(r);
    label_of.push_back(i);
  }
  const std::vector<cv::Rect> boxes = ink.glyphs;  // parallel to label_of
  // The number is one line of digits of one height: the blob nearest the centre, and those beside
  // it on its line (a white gull or cloud of the picture near the number is not on it).
  if (!ink.glyphs.empty()) {
    auto distance = [&](const cv::Rect& r) { return std::hypot(r.x + r.width / 2.0 - mid.x, r.y + r.height / 2.0 - mid.y); };
    const cv::Rect seed = *std::min_element(ink.glyphs.begin(), ink.glyphs.end(),
                                            [&](const cv::Rect& a, const cv::Rect& b) { return distance(a) < distance(b); });
    std::vector<cv::Rect> line;
    for (const cv::Rect& g : ink.glyphs) {
      const bool same_height = std::abs(g.height - seed.height) <= kLineHeight * seed.height;
      const bool same_line = std::abs((g.y + g.height / 2.0) - (seed.y + seed.height / 2.0)) <= kLineHeight * seed.height;
      if (same_height && same_line) line.push_back(g);
    }
    ink.glyphs = line;
  }
  std::sort(ink.glyphs.begin(), ink.glyphs.end(), [](const cv::Rect& a, const cv::Rect& b) { return a.x < b.x; });
  // Neighbouring digits stand closer than a digit's height; a blob farther along is not the number's.
  for (std::size_t i = 1; i < ink.glyphs.size(); ++i)
    if (ink.glyphs[i].x - ink.glyphs[i - 1].br().x > ink.glyphs[i].height) return Ink{};
  for (const cv::Rect& g : ink.glyphs) ink.all = ink.all.area() == 0 ? g : (ink.all | g);
  ink.fraction = cv::countNonZero(ink.binary) / static_cast<double>(crop.total());
  // Only the glyphs are ink: the picture may hold the text's colour elsewhere, even inside a
  // digit's box (a gull's wing tip).
  cv::Mat keep = cv::Mat::zeros(ink.binary.size(), CV_8U);
  for (std::size_t g = 0; g < label_of.size(); ++g)
    if (std::find(ink.glyphs.begin(), ink.glyphs.end(), boxes[g]) != ink.glyphs.end()) keep.setTo(255, labels == label_of[g]);
  ink.binary = keep;
  ink.binary.convertTo(ink.soft, CV_32F, 1.0 / 255);
  return ink;
}

// The board `o` read with text colour `text`; an error naming the first tile not read.
Result<Reading> read_with(const Outline& o, const std::vector<cv::Mat>& crops, const cv::Vec3b& text,
                          const std::optional<cv::Vec3b>& outline, const Params& p) {
  const int cells = o.rows * o.cols;
  const double pitch = static_cast<double>(o.board.width) / o.cols;
  Reading out;
  out.state.rows = o.rows;
  out.state.cols = o.cols;
  out.state.tiles.assign(static_cast<std::size_t>(cells), 0);
  out.confidence.assign(static_cast<std::size_t>(cells), 1.0f);
  // Every tile is read before any is judged: a tile Tesseract cannot settle (a '1' read as '4' by
  // one variant) takes the number no other tile carries where its picture says so, as on Fifteen's
  // tiles (resolve_by_invariant).
  std::vector<TileRead> reads(static_cast<std::size_t>(cells));
  std::vector<Ink> inks(static_cast<std::size_t>(cells));
  reads[static_cast<std::size_t>(o.blank)].value = 0;
  for (int site = 0; site < cells; ++site) {
    const cv::Rect r = site_rect(o, site);
    out.centres.emplace_back(r.x + r.width / 2.0f, r.y + r.height / 2.0f);
    if (site == o.blank) continue;
    Ink& ink = inks[static_cast<std::size_t>(site)];
    ink = glyphs_of(crops[static_cast<std::size_t>(site)], text, outline, pitch, p);
    if (ink.glyphs.empty())
      return make_error("the tile at row " + std::to_string(site / o.cols) + ", col " + std::to_string(site % o.cols) + " shows no number");
    auto got = read_tile(ink, cells, p, false);
    if (!got) return got.error();
    reads[static_cast<std::size_t>(site)] = *got;
  }
  resolve_by_invariant(reads, inks, cells, p, out.notes, o.cols);
  std::vector<int> count(static_cast<std::size_t>(cells), 0);
  for (int site = 0; site < cells; ++site) {
    if (site == o.blank) continue;
    const TileRead& got = reads[static_cast<std::size_t>(site)];
    const std::string where = "row " + std::to_string(site / o.cols) + ", col " + std::to_string(site % o.cols);
    if (got.value <= 0) return make_error("the number on the tile at " + where + " cannot be read: " + got.doubt);
    out.state.tiles[static_cast<std::size_t>(site)] = got.value;
    out.confidence[static_cast<std::size_t>(site)] = got.confidence;
    ++count[static_cast<std::size_t>(got.value)];
    if (got.reread) out.notes.push_back("the tile at " + where + " re-read as " + std::to_string(got.value));
  }
  for (int v = 1; v < cells; ++v)
    if (count[static_cast<std::size_t>(v)] != 1)
      return make_error("the numbers read are not 1.." + std::to_string(cells - 1) + " once each (" + std::to_string(v) +
                        (count[static_cast<std::size_t>(v)] == 0 ? " missing" : " read twice") + ")");
  out.board = o.board;
  Lattice& lat = out.lattice;
  lat.rows = o.rows;
  lat.cols = o.cols;
  lat.pitch = static_cast<float>(pitch);
  lat.face = static_cast<float>(pitch);
  lat.origin = out.centres.front();
  lat.board = o.board;
  lat.background = o.frame;
  lat.blank_sites = {o.blank};
  return out;
}

}  // namespace

Result<Reading> read_numbered_picture(const cv::Mat& bgr, const Params& p, DebugSink* debug, bool* framed) {
  if (framed) *framed = false;
  if (bgr.empty() || bgr.type() != CV_8UC3) return make_error(ErrorCode::kNoBoard, "no board found: expected a non-empty 8-bit BGR image");
  PlainSquareParams sp;
  sp.max_range = p.flat_range;
  sp.min_side_px = p.min_tile_px;
  sp.max_aspect = p.max_tile_aspect;
  sp.colour_tolerance = p.frame_tolerance;
  sp.max_stddev = p.max_blank_stddev;
  // The empty cell is the one plain square of its size: squares with alike ones beside them are
  // the cells of a board drawn in plain squares (a one-stroke grid, a chessboard), not a gap; and
  // only the largest few are tried.
  const std::vector<PlainSquare> squares = plain_squares(bgr, sp);
  std::vector<PlainSquare> cells;
  for (const PlainSquare& a : squares) {
    const auto alike = std::count_if(squares.begin(), squares.end(), [&](const PlainSquare& b) {
      return std::abs(a.rect.width - b.rect.width) <= p.size_tolerance * a.rect.width &&
             std::abs(a.rect.height - b.rect.height) <= p.size_tolerance * a.rect.height;
    });
    if (alike <= kMaxAlikeGaps && cells.size() < kMaxGapCandidates) cells.push_back(a);
  }

  std::vector<cv::Rect> boxes;
  std::vector<bool> kept;
  std::vector<Reading> found;
  std::string first_error;
  int most_numbered = -1;   // of the text colours that missed a tile, the most tiles one numbered
  std::string unnumbered;   // and the first tile it missed
  for (const PlainSquare& cell : cells) {
    boxes.push_back(cell.rect);
    kept.push_back(false);
    for (const Outline& o : outlines(bgr, cell.rect, p)) {
      boxes.push_back(o.board);
      kept.push_back(true);
      const int n = o.rows * o.cols;
      const double pitch = static_cast<double>(o.board.width) / o.cols;
      const int inset = std::max(1, static_cast<int>(std::lround(pitch * 0.06)));
      std::vector<cv::Mat> crops;
      std::vector<cv::Vec3b> centres;  // pixels of the tiles' middles, where the numbers are
      for (int site = 0; site < n; ++site) {
        cv::Rect r = site_rect(o, site);
        r = cv::Rect(r.x + inset, r.y + inset, r.width - 2 * inset, r.height - 2 * inset);
        crops.push_back(bgr(r));
        if (site == o.blank) continue;
        cv::Rect mid(r.x + r.width / 4, r.y + r.height / 4, r.width / 2, r.height / 2);
        for (int y = mid.y; y < mid.br().y; ++y)
          for (int x = mid.x; x < mid.br().x; ++x) centres.push_back(bgr.at<cv::Vec3b>(y, x));
      }
      const cv::Mat centre_pixels(centres, false);
      for (const cv::Vec3b& text : common_colours(centre_pixels.reshape(3, 1), p.text_candidates, p.background_tolerance)) {
        // A text colour puts a number on every tile before Tesseract is asked to read one. The
        // colour around its glyphs is an outline when most of it is one colour.
        int numbered = 0, bare = -1;
        ColourHistogram around;
        int ring = 0;
        const cv::Mat k3 = cv::getStructuringElement(cv::MORPH_RECT, cv::Size(3, 3));
        for (int site = 0; site < n; ++site) {
          if (site == o.blank) continue;
          const cv::Mat& crop = crops[static_cast<std::size_t>(site)];
          Ink ink = glyphs_of(crop, text, std::nullopt, pitch, p);
          if (ink.glyphs.empty()) {
            if (bare < 0) bare = site;
            continue;
          }
          ++numbered;
          cv::Mat grown, edge;
          cv::dilate(ink.binary, grown, k3);
          cv::subtract(grown, ink.binary, edge);
          for (int y = 0; y < crop.rows; ++y)
            for (int x = 0; x < crop.cols; ++x)
              if (edge.at<std::uint8_t>(y, x)) around.add(crop.at<cv::Vec3b>(y, x)), ++ring;
        }
        if (bare >= 0) {
          if (numbered > most_numbered)
            most_numbered = numbered, unnumbered = "row " + std::to_string(bare / o.cols) + ", col " + std::to_string(bare % o.cols);
          continue;
        }
        std::optional<cv::Vec3b> outline;
        if (auto top = around.top(1, 0); !top.empty()) {
          int near = 0;
          for (int b = 0; b < ColourHistogram::kBins; ++b)
            if (around.count[static_cast<std::size_t>(b)] && colour_distance(around.mean(b), top[0]) <= p.text_tolerance)
              near += static_cast<int>(around.count[static_cast<std::size_t>(b)]);
          if (near >= kOutlineShare * ring) outline = top[0];
        }
        auto got = read_with(o, crops, text, outline, p);
        if (got) {
          got->notes.push_back("numbered picture board: the empty cell and the frame give the lattice (" +
                               std::to_string(o.cols) + "x" + std::to_string(o.rows) + ")");
          found.push_back(std::move(*got));
        } else if (first_error.empty()) {
          first_error = got.error().message;
        }
      }
    }
    if (!found.empty()) break;  // the largest empty cell that gives a board is the board's
  }
  if (found.empty()) {
    if (debug) debug->picture("sliding", "numbered picture: plain squares (red) and outlines (green)",
                              draw_candidates(bgr, boxes, kept, "plain squares and framed outlines"));
    if (cells.empty()) return make_error(ErrorCode::kNoBoard, "no board found: no plain square that could be an empty cell");
    if (first_error.empty() && unnumbered.empty())
      return make_error(ErrorCode::kNoBoard, "no board found: no plain square in a frame of one colour, a whole number of squares wide");
    if (framed) *framed = true;
    // A framed picture with a gap whose tiles are not all numbered is no board to read (an even
    // level of GCompris's, or the bonus drawn over the finished board): no board, named.
    if (first_error.empty())
      return make_error(ErrorCode::kNoBoard, "no board found: a framed picture with an empty cell, but the tile at " + unnumbered +
                        " carries no number", "tiles are read by their numbers: choose a level that shows them");
    return make_error("a numbered picture board, but " + first_error + ", refusing to guess");
  }
  for (const Reading& r : found)
    if (r.state.tiles != found.front().state.tiles || r.state.cols != found.front().state.cols)
      return make_error("two readings of the numbered picture board agree with its rules (outlines or text colours differ), refusing to guess");
  return std::move(found.front());
}

}  // namespace pb::vision::sliding
