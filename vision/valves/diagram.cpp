/* diagram.cpp: valves drawn as a node-link diagram: lettered circles or squares, straight pipes, coloured inlet and outlet boxes or arrows. */
#include "vision/valves/diagram.hpp"

// What the reader relies on (no colour, size, line width or font is fixed):
//   detect: ink is what differs from the page (the commonest colour). A node is a compact blob, a
//           circle or a square, filled or outlined, with its letter inside: an outlined node's inside
//           is a compact page hole holding a centred glyph, and is filled first; then an opening
//           wider than any pipe leaves the nodes alone. The kernel is not known in advance: the
//           smallest of a few widths at which the network falls apart into compact blobs is taken.
//   decode: a node's letter is the ink inside it, apart from its fill, that does not reach its
//           letter zone's edge, or failing that its shape's anti-aliased edge (a large letter in
//           an arrow's shaft) (Tesseract, as for the wheels). X and Y are the inlet and the outlet;
//           two plain nodes with no letter at all are the two ends (which is which does not change
//           the puzzle: a cut parts both ways; the left one is named X). A blob of another shape (an
//           arrow: `diagram_end_fill`, `diagram_end_aspect`) is an end only when it holds X or Y, or
//           when it is one of two plain such blobs of a size and every other node holds a letter. A pipe joins two nodes when the segment
//           between their centres is ink nearly all along outside them and passes through no other
//           node; a segment neither clearly inked nor clearly bare (a broken line, a pipe that
//           grazes a third node) is refused, never guessed. The counter "wrenches: n/k" says how
//           many valves are closed ("Wrenches: k", the total alone: none, when all look alike); the closed ones are the valves that look different from the
//           rest (two groups by colour, the smaller of the size the counter says), and a board
//           where that split is not clean is refused.
// Rejected: Hough circles for the nodes (squares too, and radius bounds unknown); telling the
// inlet and outlet by a fixed colour (their letters, or their being the two plain boxes, say it).

#include <algorithm>
#include <cmath>
#include <numeric>
#include <opencv2/imgproc.hpp>

#include "vision/common/colour.hpp"
#include "vision/common/morphology.hpp"
#include "vision/valves/letters.hpp"

namespace pb::vision::valves {
namespace {

struct DNode {
  cv::Rect box;          // frame px
  cv::Mat mask;          // box-sized, 255 on the node (filled)
  cv::Point2f centre;
  double half = 0;       // half the side, px
  double body = 0;       // the largest disc inside it, radius px (an arrow's shaft; a circle's or square's half)
  cv::Vec3b fill, rim;   // median colours inside and on the outer band
  cv::Mat letter;        // box-sized, 255 on the letter; empty: a plain node (unless marked)
  bool marked = false;   // ink inside that reaches its edge (a wheel's spokes): no letter to read
  std::string name;
  float confidence = 0;
  bool closed = false;
  bool end_only = false; // not compact (an arrow): a node only if it holds X or Y
};

std::string at(cv::Point2f p) {
  std::string s(1, '(');
  s += std::to_string(static_cast<int>(std::lround(p.x)));
  s += ',';
  s += std::to_string(static_cast<int>(std::lround(p.y)));
  s += ')';
  return s;
}

bool compact(const cv::Rect& b, double area, const Params& p) {
  return std::max(b.width, b.height) <= p.diagram_aspect * std::min(b.width, b.height) &&
         area >= p.diagram_fill * b.area();
}

// The filled outline of the 255 region of `mask` (holes inside it closed).
cv::Mat filled(const cv::Mat& mask) {
  std::vector<std::vector<cv::Point>> contours;
  cv::findContours(mask.clone(), contours, cv::RETR_EXTERNAL, cv::CHAIN_APPROX_SIMPLE);
  cv::Mat out(mask.size(), CV_8UC1, cv::Scalar(0));
  cv::drawContours(out, contours, -1, cv::Scalar(255), cv::FILLED);
  return out;
}

// Outlined nodes: compact page holes with a glyph in their middle are the nodes' insides; filled in.
cv::Mat fill_node_insides(const cv::Mat& fg, const Params& p) {
  cv::Mat solid = fg.clone();
  cv::Mat labels, stats, cents;
  const cv::Mat page = fg == 0;
  const int n = cv::connectedComponentsWithStats(page, labels, stats, cents, 4, CV_32S);
  for (int i = 1; i < n; ++i) {
    const cv::Rect b(stats.at<int>(i, cv::CC_STAT_LEFT), stats.at<int>(i, cv::CC_STAT_TOP), stats.at<int>(i, cv::CC_STAT_WIDTH),
                     stats.at<int>(i, cv::CC_STAT_HEIGHT));
    if (b.x == 0 || b.y == 0 || b.br().x >= fg.cols || b.br().y >= fg.rows) continue;
    if (std::min(b.width, b.height) < p.diagram_min_px) continue;
    const cv::Mat inside = filled(labels(b) == i);
    if (!compact(b, cv::countNonZero(inside), p)) continue;
    const cv::Mat glyph = fg(b) & inside;
    const cv::Rect g = cv::boundingRect(glyph);
    if (g.empty() || g.height < 0.2 * b.height || g.height > 0.9 * b.height) continue;
    const cv::Point2d off = cv::Point2d(g.x + g.width / 2.0, g.y + g.height / 2.0) - cv::Point2d(b.width / 2.0, b.height / 2.0);
    if (std::abs(off.x) > 0.25 * b.width || std::abs(off.y) > 0.25 * b.height) continue;
    solid(b).setTo(255, inside);
  }
  return solid;
}

// The median half-side of the compact nodes (an arrow's box is no valve's size).
double median_half(const std::vector<DNode>& nodes) {
  std::vector<double> halves;
  for (const DNode& d : nodes)
    if (!d.end_only) halves.push_back(d.half);
  if (halves.empty()) return 0;
  std::nth_element(halves.begin(), halves.begin() + static_cast<long>(halves.size() / 2), halves.end());
  return halves[halves.size() / 2];
}

// A node of the blob `shape` (filled, box-sized) whose box is `b` in the frame.
DNode node_of(const cv::Mat& shape, const cv::Rect& b, const Params& p) {
  DNode d;
  d.box = b;
  d.mask = shape;
  d.centre = cv::Point2f(static_cast<float>(b.x + b.width / 2.0), static_cast<float>(b.y + b.height / 2.0));
  d.half = (b.width + b.height) / 4.0;
  d.end_only = !compact(b, cv::countNonZero(shape), p);
  // The letter lies in the body, the largest disc inside (an arrow's shaft where it meets the
  // head); a circle's or a square's is its half-side. An arrow's size is its body's.
  cv::Mat padded, dist;
  cv::copyMakeBorder(shape, padded, 1, 1, 1, 1, cv::BORDER_CONSTANT, cv::Scalar(0));
  cv::distanceTransform(padded, dist, cv::DIST_L2, cv::DIST_MASK_PRECISE);
  double inscribed = 0;
  cv::minMaxLoc(dist, nullptr, &inscribed);
  d.body = std::min(d.half, inscribed + 1);
  if (d.end_only) d.half = d.body;
  return d;
}

// Nodes drawn touching (two discs side by side) are one blob no opening parts: its cores, where it
// is deeper than `diagram_split_core` of its deepest point, each grown back as deep as it can within
// the blob, are the nodes when they are compact, alike in size, and make up nearly all the blob
// (`diagram_split_cover`; a network still joined by pipes does not). None otherwise.
std::vector<DNode> split_touching(const cv::Mat& shape, const cv::Rect& b, const Params& p) {
  cv::Mat padded, dist;
  cv::copyMakeBorder(shape, padded, 1, 1, 1, 1, cv::BORDER_CONSTANT, cv::Scalar(0));
  cv::distanceTransform(padded, dist, cv::DIST_L2, cv::DIST_MASK_PRECISE);
  dist = dist(cv::Rect(1, 1, shape.cols, shape.rows));
  double deepest = 0;
  cv::minMaxLoc(dist, nullptr, &deepest);
  const cv::Mat cores = dist > p.diagram_split_core * deepest;
  cv::Mat labels, stats, cents;
  const int n = cv::connectedComponentsWithStats(cores, labels, stats, cents, 8, CV_32S);
  if (n < 3) return {};  // one core: no touching nodes
  {  // all cores grown at once first: a network still joined by pipes ends here, cheaply
    const int grow = static_cast<int>(std::ceil((1 - p.diagram_split_core) * deepest)) + 1;
    cv::Mat grown;
    cv::dilate(cores, grown, cv::getStructuringElement(cv::MORPH_ELLIPSE, {2 * grow + 1, 2 * grow + 1}));
    if (cv::countNonZero(grown & shape) < p.diagram_split_cover * cv::countNonZero(shape)) return {};
  }
  std::vector<DNode> parts;
  cv::Mat taken(shape.size(), CV_8UC1, cv::Scalar(0));
  for (int i = 1; i < n; ++i) {
    // A core grown by the depth it lost: the disc each of its points is the centre of, within the blob.
    double core_depth = 0;
    cv::minMaxLoc(dist, nullptr, &core_depth, nullptr, nullptr, labels == i);
    const int grow = static_cast<int>(std::ceil(core_depth - p.diagram_split_core * deepest)) + 1;
    cv::Mat part;
    cv::dilate(labels == i, part, cv::getStructuringElement(cv::MORPH_ELLIPSE, {2 * grow + 1, 2 * grow + 1}));
    part &= shape;
    const cv::Rect pb = cv::boundingRect(part);
    if (pb.empty() || std::min(pb.width, pb.height) < p.diagram_min_px) return {};
    const cv::Mat own = filled(part(pb));
    if (!compact(pb, cv::countNonZero(own), p)) return {};
    taken(pb) |= own;
    parts.push_back(node_of(own.clone(), pb + b.tl(), p));
  }
  if (cv::countNonZero(taken & shape) < p.diagram_split_cover * cv::countNonZero(shape)) return {};
  for (const DNode& d : parts)
    if (std::abs(d.half - parts.front().half) > p.diagram_size_spread * std::max(d.half, parts.front().half)) return {};
  return parts;
}

// Blobs of `solid` that survive an opening `k` px wide: compact ones as nodes (touching nodes
// parted); the size of the largest other.
std::vector<DNode> blobs_after_opening(const cv::Mat& solid, int k, const Params& p, int& largest_other) {
  const cv::Mat opened = open_ellipse(solid, k);  // OpenCV's ellipse opening, in O(k) a pixel
  cv::Mat labels, stats, cents;
  const int n = cv::connectedComponentsWithStats(opened, labels, stats, cents, 8, CV_32S);
  std::vector<DNode> nodes;
  std::vector<std::pair<cv::Rect, cv::Mat>> others;  // blobs of no node's shape, and their filled outlines
  largest_other = 0;
  for (int i = 1; i < n; ++i) {
    const cv::Rect b(stats.at<int>(i, cv::CC_STAT_LEFT), stats.at<int>(i, cv::CC_STAT_TOP), stats.at<int>(i, cv::CC_STAT_WIDTH),
                     stats.at<int>(i, cv::CC_STAT_HEIGHT));
    if (std::min(b.width, b.height) < p.diagram_min_px) {  // specks and thin remnants: no shape needed
      largest_other = std::max({largest_other, b.width, b.height});
      continue;
    }
    const cv::Mat shape = filled(labels(b) == i);
    const double area = cv::countNonZero(shape);
    const bool end_like = std::max(b.width, b.height) <= p.diagram_end_aspect * std::min(b.width, b.height) && area >= p.diagram_end_fill * b.area();
    if (compact(b, area, p) || end_like) {
      nodes.push_back(node_of(shape, b, p));
    } else {
      others.push_back({b, shape});
    }
  }
  // Touching nodes are as narrow as one node (a blob wider both ways is the network still joined).
  const double med = median_half(nodes);
  for (const auto& [b, shape] : others) {
    std::vector<DNode> parts;
    if (med > 0 && std::min(b.width, b.height) <= 3 * med) parts = split_touching(shape, b, p);
    if (!parts.empty())
      nodes.insert(nodes.end(), parts.begin(), parts.end());
    else
      largest_other = std::max({largest_other, b.width, b.height});
  }
  return nodes;
}

// The nodes: compact blobs left by the smallest opening that parts the network, opened once more
// half as wide again (just past a pipe's width, the wedges where pipes meet a node survive and pull
// its box off centre). Valves are of one size; the ends may differ.
std::vector<DNode> find_nodes(const cv::Mat& solid, const Params& p) {
  const int limit = std::min(solid.cols, solid.rows) / 8;
  for (int k = 3; k <= limit; k += std::max(2, k / 3)) {
    int largest_other = 0;
    std::vector<DNode> nodes = blobs_after_opening(solid, k, p, largest_other);
    // A blob far larger than a valve is the network still joined, not an arrow nor a node (the whole
    // network is compact when its outline is filled; the median is then a few bold glyphs').
    for (const DNode& d : nodes)
      if (std::max(d.box.width, d.box.height) > 4 * median_half(nodes))
        largest_other = std::max({largest_other, d.box.width, d.box.height});
    if (nodes.size() < 3 || largest_other > 2 * median_half(nodes)) continue;  // still joined by pipes
    const int wider = k + std::max(2, k / 2) + ((k + std::max(2, k / 2)) % 2 == 0 ? 1 : 0);
    // Opened too far (the kernel as wide as a node's half-side): the nodes would come out eaten.
    if (wider > median_half(nodes)) return {};
    std::vector<DNode> first = std::move(nodes);
    nodes = blobs_after_opening(solid, wider, p, largest_other);
    // An arrow's head thins to its tip: the wider opening may eat its barbs, leaving a blob too
    // long for its width to pass for an end. An end the first opening found where the wider one
    // found no node keeps the first one's shape (it must still hold X or Y, or be a plain end).
    for (DNode& d : first) {
      if (!d.end_only) continue;
      const bool kept = std::any_of(nodes.begin(), nodes.end(), [&](const DNode& w) { return w.box.contains(cv::Point(d.centre)); });
      if (!kept) nodes.push_back(std::move(d));
    }
    if (nodes.size() < 3) return {};
    const double med = median_half(nodes);
    // Small blobs (bold counter glyphs) are no nodes; the ends may be larger boxes.
    std::erase_if(nodes, [&](const DNode& d) { return d.half < (1 - p.diagram_size_spread) * med || d.half > 2.5 * med; });
    return nodes;
  }
  return {};
}

cv::Vec3b median_colour(std::vector<cv::Vec3b> px) {
  if (px.empty()) return {};
  cv::Vec3b out;
  for (int c = 0; c < 3; ++c) {
    std::nth_element(px.begin(), px.begin() + static_cast<long>(px.size() / 2), px.end(),
                     [c](const cv::Vec3b& a, const cv::Vec3b& b) { return a[c] < b[c]; });
    out[c] = px[px.size() / 2][c];
  }
  return out;
}

// `mask` eroded by a disc of radius `by` px, its outside (beyond the Mat's edge too) empty.
cv::Mat shrunk(const cv::Mat& mask, int by) {
  cv::Mat padded, out;
  cv::copyMakeBorder(mask, padded, by + 1, by + 1, by + 1, by + 1, cv::BORDER_CONSTANT, cv::Scalar(0));
  cv::erode(padded, out, cv::getStructuringElement(cv::MORPH_ELLIPSE, {2 * by + 1, 2 * by + 1}));
  return out(cv::Rect(by + 1, by + 1, mask.cols, mask.rows)).clone();
}

// A node's colours (inside, outer band) and its letter: the ink inside that is not its fill and
// does not reach the inside's edge (a wheel's spokes, a ring).
// `band` (px, 0: the letter zone's) is how much of the shape's edge is left out. With `outline`,
// ink that runs all round the zone's edge and stays near it (`diagram_rim_cover`,
// `diagram_rim_depth`: an outlined node's ring) is left out too, when a letter is left inside it.
void look_inside(const cv::Mat& bgr, const cv::Mat& fg, DNode& d, const Params& p, int band = 0, bool outline = false) {
  if (band <= 0) band = std::max(2, static_cast<int>(std::lround(d.body * (1 - p.diagram_letter_zone))));
  d.marked = false;
  d.letter.release();
  const cv::Mat inner = shrunk(d.mask, band);
  const cv::Mat edge = shrunk(d.mask, p.diagram_edge_px);
  const cv::Mat roi = bgr(d.box);
  std::vector<cv::Vec3b> in_px, rim_px;
  for (int y = 0; y < roi.rows; ++y)
    for (int x = 0; x < roi.cols; ++x) {
      if (inner.at<std::uint8_t>(y, x)) in_px.push_back(roi.at<cv::Vec3b>(y, x));
      else if (edge.at<std::uint8_t>(y, x) && fg.at<std::uint8_t>(d.box.y + y, d.box.x + x)) rim_px.push_back(roi.at<cv::Vec3b>(y, x));
    }
  d.fill = median_colour(in_px);
  d.rim = rim_px.empty() ? d.fill : median_colour(rim_px);
  cv::Mat ink(roi.size(), CV_8UC1, cv::Scalar(0));
  for (int y = 0; y < roi.rows; ++y)
    for (int x = 0; x < roi.cols; ++x)
      if (inner.at<std::uint8_t>(y, x) && colour_distance(roi.at<cv::Vec3b>(y, x), d.fill) > p.page_distance) ink.at<std::uint8_t>(y, x) = 255;
  cv::Mat labels, stats, cents;
  const int n = cv::connectedComponentsWithStats(ink, labels, stats, cents, 8, CV_32S);
  const cv::Mat inner_edge = inner & ~shrunk(inner, 1);
  std::vector<bool> rim(static_cast<std::size_t>(n), false);
  if (outline) {
    // A ring: covers nearly all of the zone's edge, and no pixel of it lies deep inside (a pipe
    // drawn across the node, a wheel's spokes, a letter touching the ring all reach deeper).
    cv::Mat depth;
    cv::distanceTransform(inner, depth, cv::DIST_L2, 3);
    const int edge_px = cv::countNonZero(inner_edge);
    for (int i = 1; i < n; ++i) {
      const cv::Mat piece = labels == i;
      const int on_edge = cv::countNonZero(piece & inner_edge);
      if (edge_px == 0 || on_edge < p.diagram_rim_cover * edge_px) continue;
      double deepest = 0;
      cv::minMaxLoc(depth, nullptr, &deepest, nullptr, nullptr, piece);
      rim[static_cast<std::size_t>(i)] = deepest <= p.diagram_rim_depth * d.body;
    }
  }
  int largest = 0;
  for (int i = 1; i < n; ++i)
    if (!rim[static_cast<std::size_t>(i)]) largest = std::max(largest, stats.at<int>(i, cv::CC_STAT_AREA));
  const double min_area = std::max(3.0, p.letter_piece * largest);
  cv::Mat letter(roi.size(), CV_8UC1, cv::Scalar(0));
  bool reaches_edge = false;
  for (int i = 1; i < n; ++i) {
    if (rim[static_cast<std::size_t>(i)] || stats.at<int>(i, cv::CC_STAT_AREA) < min_area) continue;
    const cv::Mat piece = labels == i;
    if (cv::countNonZero(piece & inner_edge) > 0) reaches_edge = true;
    letter.setTo(255, piece);
  }
  const bool has_letter = cv::countNonZero(letter) > 0;
  // A ring with nothing inside is no plain node (a wheel's rim and hub): only a letter clears it.
  if (reaches_edge || (outline && !has_letter)) d.marked = true;
  else if (has_letter) d.letter = letter;
}

// look_inside, and when ink reaches the letter zone's edge, again with only the anti-aliased edge
// left out (`diagram_edge_px`): a letter drawn large in its shape (an arrow's X in its shaft, a wide
// italic) reaches the zone's edge but not the shape's, while a rim of another colour, a wheel's
// spokes or a pipe drawn over the node still reach that.
void look_for_letter(const cv::Mat& bgr, const cv::Mat& fg, DNode& d, const Params& p) {
  look_inside(bgr, fg, d, p);
  if (!d.marked) return;
  DNode wide = d;
  look_inside(bgr, fg, wide, p, p.diagram_edge_px);
  if (!wide.marked) {
    d = wide;
    return;
  }
  // An outlined node whose letter comes within a pixel of its ring (a wide italic): the ring left
  // out, the letter alone inside it. The colours stay the letter zone's, measured as for every node.
  DNode ringed = d;
  look_inside(bgr, fg, ringed, p, p.diagram_edge_px, true);
  if (ringed.marked) return;
  d.marked = false;
  d.letter = ringed.letter;
}

enum class Seg { kNo, kYes, kUnsure };

// Whether the segment between nodes a and b is drawn as a pipe.
Seg pipe_between(const cv::Mat& fg, const std::vector<DNode>& nodes, std::size_t a, std::size_t b, const Params& p) {
  const cv::Point2d pa = nodes[a].centre, pb = nodes[b].centre;
  const double len = cv::norm(pb - pa);
  const cv::Point2d d = (pb - pa) / std::max(1.0, len), nrm(-d.y, d.x);
  auto inside = [&](const DNode& n, cv::Point2d q, int grow) {
    const cv::Point qi(static_cast<int>(std::lround(q.x)) - n.box.x, static_cast<int>(std::lround(q.y)) - n.box.y);
    if (qi.x < -grow || qi.y < -grow || qi.x >= n.box.width + grow || qi.y >= n.box.height + grow) return false;
    for (int dy = -grow; dy <= grow; ++dy)
      for (int dx = -grow; dx <= grow; ++dx) {
        const int x = qi.x + dx, y = qi.y + dy;
        if (x >= 0 && y >= 0 && x < n.box.width && y < n.box.height && n.mask.at<std::uint8_t>(y, x)) return true;
      }
    return false;
  };
  bool grazes = false;
  for (std::size_t c = 0; c < nodes.size(); ++c) {
    if (c == a || c == b) continue;
    const cv::Point2d q = nodes[c].centre;
    const double t = std::clamp((q - pa).dot(d), 0.0, len);
    const double off = cv::norm(q - (pa + d * t));
    if (off < p.diagram_through * nodes[c].half) return Seg::kNo;  // through another node: never a pipe
    if (off < nodes[c].half + 3) grazes = true;
  }
  int visible = 0, inked = 0;
  for (double t = 0; t <= len; t += 1.0) {
    const cv::Point2d q = pa + d * t;
    bool hidden = false;
    for (const DNode& n : nodes) hidden = hidden || inside(n, q, 2);
    if (hidden) continue;
    ++visible;
    auto ink = [&](cv::Point2d s) {
      const int x = static_cast<int>(std::lround(s.x)), y = static_cast<int>(std::lround(s.y));
      return x >= 0 && y >= 0 && x < fg.cols && y < fg.rows && fg.at<std::uint8_t>(y, x) != 0;
    };
    if (ink(q) || ink(q + nrm) || ink(q - nrm) || ink(q + 2 * nrm) || ink(q - 2 * nrm)) ++inked;
  }
  if (visible < 3) return Seg::kUnsure;
  const double cover = static_cast<double>(inked) / visible;
  if (cover <= p.diagram_bare) return Seg::kNo;
  if (cover >= p.pipe_coverage && !grazes) return Seg::kYes;
  return Seg::kUnsure;
}

}  // namespace

Result<Reading> read_diagram(const cv::Mat& bgr, const cv::Mat& fg, const Params& p, DebugSink* debug) {
  const cv::Mat solid = fill_node_insides(fg, p);
  std::vector<DNode> nodes = find_nodes(solid, p);
  // A failed read shows the nodes it found to the sink: those whose letter was read green, the others red.
  const auto failed = [&](Error why) -> Error {
    if (debug != nullptr && !nodes.empty()) {
      std::vector<cv::Rect> boxes;
      std::vector<bool> named;
      for (const DNode& d : nodes) {
        boxes.push_back(d.box);
        named.push_back(!d.name.empty());
      }
      const auto lettered = std::count(named.begin(), named.end(), true);
      debug->picture("valves", "diagram", draw_candidates(bgr, boxes, named, std::to_string(nodes.size()) + " diagram nodes, " +
                                                                                 std::to_string(lettered) + " letters read"));
    }
    return why;
  };
  if (nodes.size() < 3) return failed(make_error(ErrorCode::kNoBoard, "no valve wheels, nor lettered circles or squares joined by lines"));
  if (static_cast<int>(nodes.size()) > p.max_valves + 2)
    return failed(make_error(ErrorCode::kNoBoard, std::to_string(nodes.size()) + " node-like blobs, more than a valves board has"));

  static const std::string kLetters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  // Blobs of an end's shape but not compact (arrows) are the inlet or outlet when they hold X or Y,
  // or when they are the only two plain shapes; nothing otherwise (a pipes' junction, a thick word).
  std::erase_if(nodes, [&](DNode& d) {
    if (!d.end_only) return false;
    look_for_letter(bgr, fg, d, p);
    if (d.marked) return true;
    if (d.letter.empty()) return false;  // a plain end, or nothing: settled below
    auto read = read_letter(d.letter, kLetters, p);
    if (!read) return true;
    const Letter got = settle_end(*read, d.letter, p);
    if (got.text != "X" && got.text != "Y") return true;
    d.name = got.text;
    d.confidence = got.confidence;
    return false;
  });
  std::vector<std::size_t> plain, plain_ends;
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    DNode& d = nodes[i];
    if (d.end_only) {  // read above
      if (d.name.empty()) plain_ends.push_back(i);
      continue;
    }
    look_for_letter(bgr, fg, d, p);
    if (d.marked)
      return failed(make_error(ErrorCode::kNoBoard, "the node at " + at(d.centre) + " holds marks that reach its edge, not a letter"));
    if (d.letter.empty()) {
      plain.push_back(i);
      continue;
    }
    auto got = read_letter(d.letter, kLetters, p);
    if (!got) return got.error();
    const Letter settled = settle_narrow(*got, d.letter, kLetters, p);
    if (settled.text.empty())
      return failed(make_error(ErrorCode::kNoBoard, "cannot read the letter of the node at " + at(d.centre)));
    d.name = settled.text;
    d.confidence = settled.confidence;
  }
  // The ends: X and Y by their letters, or the two plain boxes, or the two plain arrows when every
  // other shape holds a letter (two arrows alike: their boxes' areas within the square of the nodes'
  // spread; an arrow may come out compact, its box nearly square, and its twin not).
  const auto named = [&](const std::string& s) { return std::count_if(nodes.begin(), nodes.end(), [&](const DNode& d) { return d.name == s; }); };
  if (!plain_ends.empty() && plain.size() + plain_ends.size() == 2 && named("X") == 0 && named("Y") == 0) {
    std::vector<std::size_t> both = plain;
    both.insert(both.end(), plain_ends.begin(), plain_ends.end());
    const double small = std::min(nodes[both[0]].box.area(), nodes[both[1]].box.area());
    const double large = std::max(nodes[both[0]].box.area(), nodes[both[1]].box.area());
    if (small >= (1 - p.diagram_size_spread) * (1 - p.diagram_size_spread) * large) plain = both;
  }
  if (plain.size() == 2 && named("X") == 0 && named("Y") == 0) {
    const bool first_left = nodes[plain[0]].centre.x <= nodes[plain[1]].centre.x;
    nodes[plain[0]].name = first_left ? "X" : "Y";
    nodes[plain[1]].name = first_left ? "Y" : "X";
    nodes[plain[0]].confidence = nodes[plain[1]].confidence = 100;
  } else if (!plain.empty()) {
    return failed(make_error(ErrorCode::kNoBoard, "a node with no letter at " + at(nodes[plain[0]].centre) +
                                               " (plain boxes are the inlet and outlet, two of them)"));
  }
  std::erase_if(nodes, [](const DNode& d) { return d.end_only && d.name.empty(); });
  if (nodes.size() < 3) return failed(make_error(ErrorCode::kNoBoard, "no valve wheels, nor lettered circles or squares joined by lines"));
  if (named("X") != 1 || named("Y") != 1)
    return failed(make_error(ErrorCode::kNoBoard, "cannot tell the inlet X and the outlet Y among the nodes"));
  // Two nodes read as one letter: a diagram names each node once, so one of the reads is wrong.
  // Tesseract reads some italic glyphs as another letter with full confidence (an italic serif H as
  // A, 97%) and the same glyph with its slant sheared away right. So both are read again upright,
  // and a node is renamed only when its upright read is a letter no other node has while the other
  // node's upright read keeps the shared one; anything else is refused below.
  const auto reread_upright = [&](const DNode& d) -> Result<std::string> {
    if (d.end_only || d.letter.empty()) return std::string{};
    auto got = read_letter(upright(d.letter), kLetters, p);
    if (!got) return got.error();
    return settle_narrow(*got, d.letter, kLetters, p).text;
  };
  std::vector<std::size_t> renamed;
  for (std::size_t i = 0; i < nodes.size(); ++i)
    for (std::size_t j = i + 1; j < nodes.size(); ++j) {
      if (nodes[i].name != nodes[j].name || nodes[i].name == "X" || nodes[i].name == "Y") continue;
      auto ri = reread_upright(nodes[i]);
      if (!ri) return ri.error();
      auto rj = reread_upright(nodes[j]);
      if (!rj) return rj.error();
      const auto fresh = [&](const std::string& s) { return !s.empty() && s != "X" && s != "Y" && named(s) == 0; };
      if (*rj == nodes[j].name && fresh(*ri)) nodes[i].name = *ri, nodes[i].confidence /= 2, renamed.push_back(i);
      else if (*ri == nodes[i].name && fresh(*rj)) nodes[j].name = *rj, nodes[j].confidence /= 2, renamed.push_back(j);
    }
  // A read proved wrong says the font misleads Tesseract: the other nodes' reads are then trusted
  // only when their upright reads agree (an italic serif I read as F beside an H read as A).
  if (!renamed.empty())
    for (std::size_t i = 0; i < nodes.size(); ++i) {
      if (std::find(renamed.begin(), renamed.end(), i) != renamed.end() || nodes[i].end_only || nodes[i].letter.empty()) continue;
      auto again = reread_upright(nodes[i]);
      if (!again) return again.error();
      if (*again != nodes[i].name)
        return failed(make_error("the node at " + at(nodes[i].centre) + " reads " + nodes[i].name + " and, its slant sheared away, " +
                                 (again->empty() ? "nothing" : *again) + " (another node's letter was misread)"));
    }
  for (std::size_t i = 0; i < nodes.size(); ++i)
    for (std::size_t j = i + 1; j < nodes.size(); ++j)
      if (nodes[i].name == nodes[j].name)
        return failed(make_error("two nodes read as " + nodes[i].name + " (at " + at(nodes[i].centre) + " and " + at(nodes[j].centre) +
                          ")"));
  std::sort(nodes.begin(), nodes.end(), [](const DNode& x, const DNode& y) { return x.name < y.name; });

  const std::size_t n = nodes.size();
  std::vector<Seg> seg(n * n, Seg::kNo);
  for (std::size_t a = 0; a < n; ++a)
    for (std::size_t b = a + 1; b < n; ++b) seg[a * n + b] = seg[b * n + a] = pipe_between(fg, nodes, a, b, p);
  // A segment that crosses a third node's body (nearly collinear valves) while pipes join that node
  // to both its ends is inked by those two pipes: a pipe of its own would run under the node it
  // does not join, which a diagram never draws (as through its middle: `diagram_through`).
  const auto via = [&](std::size_t a, std::size_t b) {
    const cv::Point2d pa = nodes[a].centre, pb = nodes[b].centre;
    const double len = cv::norm(pb - pa);
    const cv::Point2d d = (pb - pa) / std::max(1.0, len);
    for (std::size_t c = 0; c < n; ++c) {
      if (c == a || c == b || seg[a * n + c] != Seg::kYes || seg[c * n + b] != Seg::kYes) continue;
      const cv::Point2d q = nodes[c].centre;
      const double t = (q - pa).dot(d);
      if (t > 0 && t < len && cv::norm(q - (pa + d * t)) < nodes[c].half) return true;
    }
    return false;
  };
  std::vector<std::pair<std::size_t, std::size_t>> pipes;
  for (std::size_t a = 0; a < n; ++a)
    for (std::size_t b = a + 1; b < n; ++b)
      switch (seg[a * n + b]) {
        case Seg::kYes: pipes.push_back({a, b}); break;
        case Seg::kNo: break;
        case Seg::kUnsure:
          if (via(a, b)) break;
          return failed(make_error("cannot tell whether a pipe joins " + nodes[a].name + " and " + nodes[b].name + " (a broken line, or one that grazes another node)"));
      }
  if (pipes.empty()) return failed(make_error(ErrorCode::kNoBoard, "no pipes between the nodes"));

  std::vector<double> halves;
  std::vector<cv::Rect> zones;
  for (const DNode& d : nodes) {
    halves.push_back(d.half);
    zones.push_back(d.box);
  }
  std::nth_element(halves.begin(), halves.begin() + static_cast<long>(halves.size() / 2), halves.end());
  const double r = halves[halves.size() / 2];
  auto counter = read_counter(fg, zones, {}, r);
  if (!counter) return counter.error();
  if (!*counter) return failed(make_error(ErrorCode::kNoBoard, "no \"wrenches: n/k\" or \"wrenches: k\" count on the page"));

  // Closed valves look different from open ones: the valves part in groups of one look; with n
  // closed there must be two, one of n valves (the closed), the other not of n too.
  std::vector<DNode*> valves;
  for (DNode& d : nodes)
    if (d.name != "X" && d.name != "Y") valves.push_back(&d);
  int used = (*counter)->used;
  std::vector<int> group(valves.size());
  std::iota(group.begin(), group.end(), 0);
  auto look_distance = [](const DNode& x, const DNode& y) { return std::max(colour_distance(x.fill, y.fill), colour_distance(x.rim, y.rim)); };
  for (std::size_t i = 0; i < valves.size(); ++i)
    for (std::size_t j = i + 1; j < valves.size(); ++j)
      if (look_distance(*valves[i], *valves[j]) <= p.diagram_look_tolerance) {
        const int gi = group[i], gj = group[j];
        for (int& g : group) if (g == gj) g = gi;
      }
  std::vector<int> ids = group;
  std::sort(ids.begin(), ids.end());
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  const auto size_of = [&](int g) { return static_cast<int>(std::count(group.begin(), group.end(), g)); };
  const int valve_count = static_cast<int>(valves.size());
  if (used < 0) {  // "Wrenches: k": none used is the one reading the page allows, if the valves all look alike
    if (ids.size() != 1)
      return failed(make_error("the count gives " + std::to_string((*counter)->total) +
                        " wrenches but not how many are used, and the valves do not all look alike"));
    used = 0;
  } else if (used == 0) {
    if (ids.size() != 1)
      return failed(make_error("the counter says no wrench is used, but the valves do not all look alike"));
  } else {
    if (ids.size() != 2 || 2 * used == valve_count || (size_of(ids[0]) != used && size_of(ids[1]) != used))
      return failed(make_error("the counter says " + std::to_string(used) + " wrenches used, but the valves do not part into " + std::to_string(used) +
                        " closed-looking and the rest"));
    const int closed = size_of(ids[0]) == used ? ids[0] : ids[1];
    for (std::size_t i = 0; i < valves.size(); ++i) valves[i]->closed = group[i] == closed;
  }

  std::vector<NetworkNode> network;
  for (const DNode& d : nodes) network.push_back({d.name, d.closed});
  auto state = network_state(network, pipes, (*counter)->total);
  if (!state) return state.error();

  Reading out;
  out.state = std::move(*state);
  out.radius = r;
  out.wrenches_used = used;
  out.frame = bgr.size();
  out.centres.assign(out.state.names.size(), cv::Point2f());
  float lowest = 100;
  for (const DNode& d : nodes) {
    const auto it = std::find(out.state.names.begin(), out.state.names.end(), d.name);
    if (it == out.state.names.end()) continue;
    out.centres[static_cast<std::size_t>(it - out.state.names.begin())] = d.centre;
    lowest = std::min(lowest, d.confidence);
  }
  out.confidence = std::clamp(lowest / 100.0, 0.0, 1.0);
  return out;
}

}  // namespace pb::vision::valves
