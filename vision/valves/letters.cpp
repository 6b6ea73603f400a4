/* letters.cpp: the valves readers' text: a node's capital letter and the "wrenches: n/k" counter, read with Tesseract. */
#include "vision/valves/letters.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <opencv2/imgproc.hpp>
#include <iterator>
#include <regex>

#include "solvers/common/text_board.hpp"
#include "vision/common/ocr.hpp"

namespace pb::vision::valves {
namespace {

// ---------------------------------------------------------------------------------------------------
// Letters.

// Glyphs Tesseract confuses with the capitals nodes are named by.
char as_capital(char ch) {
  switch (ch) {
    case '|': case 'l': case '1': case '!': case '[': case 'i': return 'I';
    case ']': return 'J';  // a serif J's hook
    case '8': return 'B';
    case '6': return 'G';
    case '0': case 'o': return 'O';
    case '5': return 'S';
    case '2': return 'Z';
    default: return static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
  }
}

// How well a glyph matches itself upside down (intersection over union of its ink, 0..1).
double upside_down_match(const cv::Mat& ink) {
  const cv::Rect box = cv::boundingRect(ink);
  if (box.empty()) return 0;
  const cv::Mat glyph = ink(box) != 0;
  cv::Mat flipped;
  cv::flip(glyph, flipped, 0);
  const int either = cv::countNonZero(glyph | flipped);
  return either > 0 ? static_cast<double>(cv::countNonZero(glyph & flipped)) / either : 0;
}

// How well a glyph matches itself turned a half-turn (intersection over union of its ink, 0..1).
double half_turn_match(const cv::Mat& ink) {
  const cv::Rect box = cv::boundingRect(ink);
  if (box.empty()) return 0;
  const cv::Mat glyph = ink(box) != 0;
  cv::Mat turned;
  cv::flip(glyph, turned, -1);
  const int either = cv::countNonZero(glyph | turned);
  return either > 0 ? static_cast<double>(cv::countNonZero(glyph & turned)) / either : 0;
}

// Whether the glyph's middle rows (the band between `from` and `to` of its height) are one
// vertical stroke that stands clear of its left edge: among the capitals only I, J and T are drawn so
// (C, G and L have their upright at the left edge; the others have two strokes, a bar or a slant there).
bool centred_stem(const cv::Mat& ink, const cv::Rect& box, double from, double to) {
  std::vector<double> centres;
  double width = 0;
  for (int y = box.y + static_cast<int>(from * box.height); y <= box.y + static_cast<int>(to * box.height); ++y) {
    const std::uint8_t* row = ink.ptr<std::uint8_t>(y);
    int runs = 0, first = -1, last = -1;
    for (int x = box.x; x < box.x + box.width; ++x) {
      if (row[x] == 0) continue;
      if (x == box.x || row[x - 1] == 0) ++runs;
      if (first < 0) first = x;
      last = x;
    }
    if (runs != 1) return false;
    centres.push_back((first + last) / 2.0 - box.x);
    width = std::max(width, static_cast<double>(last - first + 1));
  }
  if (centres.empty()) return false;
  const auto [lo, hi] = std::minmax_element(centres.begin(), centres.end());
  // An upright: it drifts sideways at most a pixel or a sixth of the glyph (a slant or a bowl drifts
  // more) and is narrow (where a crossbar or diagonals meet a stroke, the row is one wide run).
  return *hi - *lo <= std::max(1.0, box.width / 6.0) && width <= 0.4 * box.width && *lo >= 0.3 * box.width;
}

}  // namespace

// `ink` (255 on the glyph, 0 elsewhere) as black on white, scaled to `height` px with a margin.
cv::Mat for_tesseract(const cv::Mat& ink, double height) {
  const cv::Rect box = cv::boundingRect(ink);
  if (box.empty()) return {};
  const double scale = std::clamp(height / std::max(1, box.height), 0.5, 12.0);
  cv::Mat big;
  cv::resize(ink(box), big, {}, scale, scale, cv::INTER_LINEAR);
  cv::threshold(big, big, 127, 255, cv::THRESH_BINARY_INV);
  const int margin = static_cast<int>(height * 0.5);
  cv::copyMakeBorder(big, big, margin, margin, margin, margin, cv::BORDER_CONSTANT, cv::Scalar(255));
  return big;
}

// The glyph with its slant sheared away (its ink's second moments: x drifting with y), on a canvas
// wide enough to hold it: an italic I stands as upright as a roman one.
cv::Mat upright(const cv::Mat& ink) {
  const cv::Moments m = cv::moments(ink, true);
  if (m.m00 <= 0 || m.mu02 <= 0) return ink;
  const double slant = m.mu11 / m.mu02, yc = m.m01 / m.m00;
  const int pad = static_cast<int>(std::ceil(std::abs(slant) * ink.rows)) + 1;
  const cv::Mat shear = (cv::Mat_<double>(2, 3) << 1, -slant, slant * yc + pad, 0, 1, 0);
  cv::Mat out;
  cv::warpAffine(ink, out, shear, {ink.cols + 2 * pad, ink.rows}, cv::INTER_NEAREST, cv::BORDER_CONSTANT, cv::Scalar(0));
  return out;
}

// Tesseract reads a lone capital unreliably: it returns nothing for some clear glyphs when given a
// whitelist (so it reads without one and the answer is filtered here), and at one scale or layout it
// may return nothing or a wrong letter where another reads it right (a serif "J": nothing in
// single-character mode at 48 px, "a" in word mode, "J" at 32 and 72 px). So the glyph is read at a
// few heights and layouts until one letter has been read twice; failing that, the commonest single
// answer. When none of them reads a letter, the same heights as a raw line (no layout analysis) are
// the last resort: Tesseract's page layout drops some clean, bold glyphs whole (a sans H on a
// saturated square, a bold serif E: nothing read at any height in the other modes), which the raw
// line reads. Before them, a glyph none of the others reads that is much narrower than tall is a
// bare "I".
// Cost: a read is ~1.5 ms, nearly all of it the LSTM stepping across the crop's width, and most
// letters take two. Rejected as faster: taking the first read alone when Tesseract is confident (on
// arena frames it read a D as ")" with 98.5 lowest symbol and 89 mean confidence: confidence does not
// tell a wrong read from a right one, two reads at different scales that agree do); all letters in
// one composed strip (the LSTM's time grows with the strip's width, so one call costs what separate
// ones do, and its context across neighbouring letters would make their reads depend on each other).
Result<Letter> read_letter(const cv::Mat& ink, const std::string& allowed, const Params& p) {
  struct Try {
    double scale;
    ocr::Layout layout;
  };
  static constexpr Try kTries[] = {{1.0, ocr::Layout::kChar}, {0.67, ocr::Layout::kChar}, {1.5, ocr::Layout::kChar},
                                   {1.0, ocr::Layout::kLine}, {0.67, ocr::Layout::kLine}, {1.5, ocr::Layout::kLine},
                                   {1.0, ocr::Layout::kWord},
                                   // Tried only when none of the above read a letter:
                                   {1.0, ocr::Layout::kRawLine}, {0.67, ocr::Layout::kRawLine}, {1.5, ocr::Layout::kRawLine}};
  static constexpr std::size_t kLastResort = 7;
  std::array<int, 26> votes{};
  std::array<float, 26> confidence{};
  for (std::size_t i = 0; i < std::size(kTries); ++i) {
    const Try& t = kTries[i];
    if (i == kLastResort) {
      if (std::any_of(votes.begin(), votes.end(), [](int v) { return v > 0; })) break;
      const cv::Rect box = cv::boundingRect(ink);
      if (allowed.find('I') != std::string::npos && box.height > 0 && box.width < p.narrow_glyph * box.height) return Letter{"I", 50};
    }
    const cv::Mat crop = for_tesseract(ink, p.glyph_height * t.scale);
    if (crop.empty()) return Letter{};
    auto got = ocr::recognise(crop, t.layout, "");
    if (!got) return got.error();
    std::string text;
    for (char raw : got->text) {
      if (std::isspace(static_cast<unsigned char>(raw)) || raw == '\'' || raw == '.' || raw == ',' || raw == '"') continue;
      text += as_capital(raw);
    }
    if (text.size() > 1 && std::all_of(text.begin(), text.end(), [&](char ch) { return ch == text[0]; })) text.resize(1);
    if (text.size() != 1 || allowed.find(text[0]) == std::string::npos || text[0] < 'A' || text[0] > 'Z') continue;
    const auto k = static_cast<std::size_t>(text[0] - 'A');
    confidence[k] = std::max(confidence[k], got->min_confidence);
    if (++votes[k] >= 2) return Letter{text, confidence[k]};
  }
  const auto best = static_cast<std::size_t>(std::max_element(votes.begin(), votes.end()) - votes.begin());
  if (votes[best] > 0) return Letter{std::string(1, static_cast<char>('A' + best)), confidence[best] / 2};
  return Letter{};
}

// Tesseract confuses I and J both ways (a small serif J read as I or G, a sans I as J). Every font
// draws an I alike upside down and a J not (its hook), and both are narrower than the other
// capitals, so the shape settles them: an I or J read is whichever the symmetry says; another letter
// read for a glyph narrow as only I and J are, or with a stem as only I, J and T have (a serif J with
// a heavy hook is as wide as a Z), is refused (empty), since the read cannot be trusted.
// The glyph's largest 8-connected shape is judged: I and J are one stroke each, and a piece of a cut
// pipe may lie in the letter's box beside them.
Letter settle_narrow(Letter got, const cv::Mat& all_ink, const std::string& allowed, const Params& p) {
  if (got.text.empty() || allowed.find('I') == std::string::npos || allowed.find('J') == std::string::npos) return got;
  cv::Mat labels, stats, cents;
  const int n = cv::connectedComponentsWithStats(all_ink, labels, stats, cents, 8, CV_32S);
  int largest = 0;
  for (int i = 1; i < n; ++i)
    if (largest == 0 || stats.at<int>(i, cv::CC_STAT_AREA) > stats.at<int>(largest, cv::CC_STAT_AREA)) largest = i;
  if (largest == 0) return got;
  const cv::Mat ink = labels == largest;
  const cv::Rect box = cv::boundingRect(ink);
  if (box.empty()) return got;
  // O and D: Tesseract reads a small bold D as O. An O (upright or italic) is alike turned a
  // half-turn, a D is not (its stem swaps sides): a read the shape contradicts is refused.
  if (got.text == "O" || got.text == "D") {
    const double turned = half_turn_match(ink);
    if ((got.text == "O") != (turned >= p.o_symmetry)) return Letter{};
    return got;
  }
  // An I is alike upside down, and an italic one (slanted) alike turned a half-turn; a J, its hook
  // at one end, is neither (issue #24's sweep: an italic serif I was read as J).
  const bool symmetric = std::max(upside_down_match(ink), half_turn_match(ink)) >= p.i_symmetry;
  if (got.text == "I" || got.text == "J") {
    const std::string shape = symmetric ? "I" : "J";
    if (shape != got.text) got = Letter{shape, got.confidence / 2};
    return got;
  }
  // Another letter read for a glyph alike upside down or turned a half-turn that, its slant sheared
  // away, is as narrow as only I and J are (`narrow_letter`), is an I (an italic serif I read as F,
  // its box widened by the slant): J is alike neither way.
  if (symmetric) {
    const cv::Rect straight = cv::boundingRect(upright(ink));
    if (straight.width < p.narrow_letter * straight.height) return Letter{"I", got.confidence / 2};
  }
  const cv::Rect whole = cv::boundingRect(all_ink);  // a letter faint enough to break in pieces is judged whole
  if (whole.width < p.narrow_letter * whole.height) return Letter{};
  if (got.text != "T" && centred_stem(ink, box, p.stem_from, p.stem_to)) return Letter{};
  return got;
}

Letter settle_end(Letter got, const cv::Mat& all_ink, const Params& p) {
  if (got.text != "X" && got.text != "Y") return got;
  const double turned = half_turn_match(all_ink);
  const std::string shape = turned >= p.xy_symmetry ? "X" : "Y";
  if (shape != got.text) got = Letter{shape, got.confidence / 2};
  return got;
}

// ---------------------------------------------------------------------------------------------------
// The wrench counter: text lines (ink shapes away from the nodes), read until one says "n/k".

Result<std::optional<Counter>> read_counter(const cv::Mat& fg, const std::vector<cv::Rect>& zones, const std::vector<cv::Rect>& tags, double r) {
  cv::Mat labels, stats, cents;
  const int n = cv::connectedComponentsWithStats(fg, labels, stats, cents, 8, CV_32S);
  struct Box {
    int id;
    cv::Rect rect;
  };
  std::vector<Box> glyphs;
  for (int i = 1; i < n; ++i) {
    const cv::Rect b(stats.at<int>(i, cv::CC_STAT_LEFT), stats.at<int>(i, cv::CC_STAT_TOP), stats.at<int>(i, cv::CC_STAT_WIDTH),
                     stats.at<int>(i, cv::CC_STAT_HEIGHT));
    if (b.height > 2.5 * r) continue;  // glyphs of a line may touch (bold fonts): no bound on width
    // A valve's own letter lies inside its tag; text that only overlaps a tag is kept (a tag can
    // come close to the counter).
    bool near_node = false;
    for (const cv::Rect& zone : zones) near_node |= (b & zone).area() > 0;
    for (const cv::Rect& tag : tags) near_node |= (b & tag) == b;
    if (!near_node) glyphs.push_back({i, b});
  }
  std::sort(glyphs.begin(), glyphs.end(), [](const Box& x, const Box& y) { return x.rect.x < y.rect.x; });
  struct Line {
    cv::Rect rect;
    std::vector<int> ids;
  };
  std::vector<Line> lines;
  for (const Box& g : glyphs) {
    bool joined = false;
    for (Line& l : lines) {
      const int top = std::max(l.rect.y, g.rect.y), bottom = std::min(l.rect.y + l.rect.height, g.rect.y + g.rect.height);
      const int overlap = bottom - top;
      const int gap = g.rect.x - (l.rect.x + l.rect.width);
      if (overlap * 2 >= std::min(l.rect.height, g.rect.height) && gap < 1.5 * std::max(l.rect.height, g.rect.height)) {
        l.rect |= g.rect;
        l.ids.push_back(g.id);
        joined = true;
        break;
      }
    }
    if (!joined) lines.push_back({g.rect, {g.id}});
  }
  std::erase_if(lines, [](const Line& l) { return l.ids.size() < 3; });
  // Shortest first: Tesseract's time grows with a line's length (the arena's title takes ~3x the
  // counter's 9 ms), and the counter, "wrenches: n/k", is the short line. The first line that says
  // "n/k" after "wrench" is taken whichever order they are read in: no other line says so.
  std::sort(lines.begin(), lines.end(), [](const Line& x, const Line& y) {
    return x.rect.width != y.rect.width ? x.rect.width < y.rect.width : x.rect.y < y.rect.y;
  });
  static const std::regex kCount(R"((\d+)\s*/\s*(\d+))");
  std::optional<Counter> total_only;
  for (const Line& l : lines) {
    cv::Mat ink(l.rect.size(), CV_8UC1, cv::Scalar(0));
    const cv::Mat lab = labels(l.rect);
    for (int id : l.ids) ink.setTo(255, lab == id);
    const cv::Mat crop = for_tesseract(ink, 40);
    if (crop.empty()) continue;
    auto got = ocr::recognise(crop, ocr::Layout::kLine, "");
    if (!got) return got.error();
    std::string text = got->text;
    std::string lower;
    for (char ch : text) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    if (lower.find("wrench") == std::string::npos && lower.find("ench") == std::string::npos) continue;
    // The digits after the colon; letters Tesseract mistakes them for put back.
    std::string tail = text.substr(std::min(text.size(), text.find(':') == std::string::npos ? std::size_t{0} : text.find(':') + 1));
    for (char& ch : tail) {
      if (ch == 'O' || ch == 'o' || ch == 'D') ch = '0';
      else if (ch == 'l' || ch == 'I' || ch == '|' || ch == 'i') ch = '1';
      else if (ch == 'S' || ch == 's') ch = '5';
      else if (ch == 'Z' || ch == 'z') ch = '2';
    }
    std::smatch m;
    if (std::regex_search(tail, m, kCount)) return std::optional<Counter>(Counter{std::stoi(m[1].str()), std::stoi(m[2].str())});
    // "Wrenches: k" (other games write the total alone): taken only when nothing but one or two
    // digits follows the colon, and only if no line says "n/k" (a "0/3" whose slash is lost reads
    // "03", and is then no count at all: it has a 0 first).
    static const std::regex kTotal(R"(^\s*([1-9]\d?)\s*$)");
    if (!total_only && text.find(':') != std::string::npos && std::regex_search(tail, m, kTotal))
      total_only = Counter{-1, std::stoi(m[1].str())};
  }
  if (total_only) return total_only;
  return std::optional<Counter>{};
}

Result<solvers::valves::State> network_state(const std::vector<NetworkNode>& nodes,
                                             const std::vector<std::pair<std::size_t, std::size_t>>& pipes, int k) {
  std::string text = "valves k=" + std::to_string(k) + " inlet=X outlet=Y";
  std::string closed_list;
  for (const NetworkNode& n : nodes)
    if (n.closed) closed_list += (closed_list.empty() ? "" : ",") + n.name;
  if (!closed_list.empty()) text += " closed=" + closed_list;
  text += "\n";
  for (auto [a, b] : pipes) text += nodes[a].name + " " + nodes[b].name + "\n";
  auto board = solvers::split_text_board(text, "<image>", true);
  if (!board) return make_error("the network read does not make a valves board: " + board.error().message);
  auto state = solvers::valves::parse(*board);
  if (!state) return make_error("the network read does not make a valves board: " + state.error().message);
  return std::move(*state);
}

}  // namespace pb::vision::valves
