/* reader.cpp: the valves reader: page colour -> wheels (Hough, checked) -> tanks -> letters (Tesseract) -> pipes -> wrenches. */
#include "vision/valves/reader.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <map>
#include <optional>
#include <opencv2/imgproc.hpp>
#include <regex>

#include "vision/valves/ocr.hpp"

namespace pb::vision::valves {
namespace {

using Colour = cv::Vec3b;

int l1(const Colour& a, const Colour& b) {
  return std::abs(a[0] - b[0]) + std::abs(a[1] - b[1]) + std::abs(a[2] - b[2]);
}

// The commonest colour along the image's border (16 levels per channel bins, then the bin's median).
Colour page_colour(const cv::Mat& img) {
  std::map<int, std::vector<Colour>> bins;
  auto add = [&](int y, int x) {
    const Colour c = img.at<Colour>(y, x);
    bins[(c[0] / 16) * 256 + (c[1] / 16) * 16 + c[2] / 16].push_back(c);
  };
  for (int x = 0; x < img.cols; ++x) { add(0, x); add(img.rows - 1, x); }
  for (int y = 0; y < img.rows; ++y) { add(y, 0); add(y, img.cols - 1); }
  const auto best = std::max_element(bins.begin(), bins.end(),
                                     [](const auto& a, const auto& b) { return a.second.size() < b.second.size(); });
  std::vector<Colour>& v = best->second;
  Colour out;
  for (int ch = 0; ch < 3; ++ch) {
    std::vector<int> vals;
    for (const Colour& c : v) vals.push_back(c[ch]);
    std::nth_element(vals.begin(), vals.begin() + static_cast<long>(vals.size() / 2), vals.end());
    out[ch] = static_cast<unsigned char>(vals[vals.size() / 2]);
  }
  return out;
}

// Fraction of the points on a circle (centre c, radius rad) where `mask` is set.
double circle_fraction(const cv::Mat& mask, cv::Point2f c, double rad, int samples = 72) {
  int on = 0, all = 0;
  for (int i = 0; i < samples; ++i) {
    const double a = 2 * CV_PI * i / samples;
    const int x = static_cast<int>(std::lround(c.x + rad * std::cos(a)));
    const int y = static_cast<int>(std::lround(c.y + rad * std::sin(a)));
    if (x < 0 || y < 0 || x >= mask.cols || y >= mask.rows) continue;
    ++all;
    on += mask.at<unsigned char>(y, x) != 0;
  }
  return all == 0 ? 0 : static_cast<double>(on) / all;
}

// The ring may be anti-aliased or a pixel off the Hough radius: the best of a few radii near it.
double ring_fraction(const cv::Mat& mask, cv::Point2f c, double rad) {
  double best = 0;
  for (double f : {0.8, 0.85, 0.9, 0.95, 1.0}) best = std::max(best, circle_fraction(mask, c, rad * f));
  return best;
}

// Dark text on white for Tesseract: pixels far from the page (or near it, for page-coloured text on a
// tank) become black; scaled so the text is about 40 px high; a white margin around it.
cv::Mat ocr_crop(const cv::Mat& bgr, cv::Rect box, Colour page, int distance, bool text_is_page, double text_px) {
  box &= cv::Rect(0, 0, bgr.cols, bgr.rows);
  cv::Mat bin(box.size(), CV_8UC1);
  for (int y = 0; y < box.height; ++y)
    for (int x = 0; x < box.width; ++x) {
      const bool far = l1(bgr.at<Colour>(box.y + y, box.x + x), page) > distance;
      bin.at<unsigned char>(y, x) = (far != text_is_page) ? 0 : 255;
    }
  const double scale = std::clamp(40.0 / std::max(1.0, text_px), 0.5, 8.0);
  cv::Mat big;
  cv::resize(bin, big, {}, scale, scale, cv::INTER_CUBIC);
  cv::threshold(big, big, 127, 255, cv::THRESH_BINARY);
  cv::copyMakeBorder(big, big, 20, 20, 20, 20, cv::BORDER_CONSTANT, cv::Scalar(255));
  return big;
}

// The letter in `window` (a region of the foreground mask next to a wheel): the foreground shapes that
// do not touch the window's edge. Pipes and the wheel's ring run out of any window around a tag; the
// letter, on its page-coloured tag, stands alone. Returned as black on white, scaled for Tesseract.
cv::Mat letter_in_window(const cv::Mat& fg, cv::Rect window, double text_px) {
  window &= cv::Rect(0, 0, fg.cols, fg.rows);
  if (window.width < 3 || window.height < 3) return {};
  cv::Mat labels, stats, cents;
  const cv::Mat roi = fg(window).clone();
  const int n = cv::connectedComponentsWithStats(roi, labels, stats, cents, 8);
  cv::Mat ink(roi.size(), CV_8UC1, cv::Scalar(0));
  const int min_area = std::max(3, static_cast<int>(text_px * text_px * 0.02));
  for (int i = 1; i < n; ++i) {
    const int x = stats.at<int>(i, cv::CC_STAT_LEFT), y = stats.at<int>(i, cv::CC_STAT_TOP);
    const int w = stats.at<int>(i, cv::CC_STAT_WIDTH), h = stats.at<int>(i, cv::CC_STAT_HEIGHT);
    if (x == 0 || y == 0 || x + w >= roi.cols || y + h >= roi.rows) continue;
    if (stats.at<int>(i, cv::CC_STAT_AREA) < min_area) continue;
    ink.setTo(255, labels == i);
  }
  if (cv::countNonZero(ink) == 0) return {};
  const cv::Rect box = cv::boundingRect(ink);
  cv::Mat bin = 255 - ink(box);
  const double scale = std::clamp(40.0 / std::max(1, box.height), 0.5, 8.0);
  cv::Mat big;
  cv::resize(bin, big, {}, scale, scale, cv::INTER_CUBIC);
  cv::threshold(big, big, 127, 255, cv::THRESH_BINARY);
  cv::copyMakeBorder(big, big, 20, 20, 20, 20, cv::BORDER_CONSTANT, cv::Scalar(255));
  return big;
}

// Glyphs Tesseract confuses with the capitals valves are named by.
char as_capital(char ch) {
  switch (ch) {
    case '|': case 'l': case '1': case '!': case ']': case '[': return 'I';
    case '8': return 'B';
    case '6': return 'G';
    case '0': return 'O';
    default: return static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
  }
}

struct Letter {
  std::string text;
  float confidence = 0;
};

// Tesseract's LSTM returns nothing for some clear glyphs when given a whitelist (a serif "B" at
// 300 dpi, for one), so it reads without one and the answer is filtered here. Single-character mode
// now and then returns nothing too; the line and word modes are tried next, and the first answer of
// exactly one allowed letter is kept.
Result<Letter> read_letter(const cv::Mat& crop, const std::string& whitelist) {
  for (Layout layout : {Layout::kChar, Layout::kLine, Layout::kWord}) {
    auto got = recognise(crop, layout, "");
    if (!got) return got.error();
    std::string t;
    for (char raw : got->text) {
      if (std::isspace(static_cast<unsigned char>(raw)) || raw == '\'' || raw == '.' || raw == ',') continue;
      t += as_capital(raw);
    }
    if (!std::all_of(t.begin(), t.end(), [&](char ch) { return whitelist.find(ch) != std::string::npos; })) t.clear();
    // Word and line modes sometimes echo a lone glyph ("BB"): one letter repeated is that letter.
    if (t.size() > 1 && std::all_of(t.begin(), t.end(), [&](char ch) { return ch == t[0]; }) && layout != Layout::kChar) t.resize(1);
    if (t.size() == 1) return Letter{t, got->min_confidence};
  }
  return Letter{};  // nothing that is one allowed letter
}

struct Node {
  cv::Point2f centre;
  bool tank = false;
  bool closed = false;
  std::string name;
  float confidence = 0;
};

Result<Reading> read_impl(const cv::Mat& bgr, const Params& p) {
  if (bgr.empty() || bgr.type() != CV_8UC3) return make_error("no board found: the image is empty or not 8-bit BGR");
  const Colour page = page_colour(bgr);
  cv::Mat fg(bgr.size(), CV_8UC1);
  for (int y = 0; y < bgr.rows; ++y)
    for (int x = 0; x < bgr.cols; ++x) fg.at<unsigned char>(y, x) = l1(bgr.at<Colour>(y, x), page) > p.page_distance ? 255 : 0;

  // Wheels.
  const double shorter = std::min(bgr.cols, bgr.rows);
  cv::Mat grey;
  cv::cvtColor(bgr, grey, cv::COLOR_BGR2GRAY);
  cv::GaussianBlur(grey, grey, {5, 5}, 1.2);
  std::vector<cv::Vec3f> circles;
  const int rmin = std::max(4, static_cast<int>(p.min_radius * shorter));
  const int rmax = std::max(rmin + 1, static_cast<int>(p.max_radius * shorter));
  cv::HoughCircles(grey, circles, cv::HOUGH_GRADIENT, 1, rmin * 1.5, 100, p.hough_votes, rmin, rmax);
  std::vector<cv::Vec3f> wheels;
  for (const cv::Vec3f& c : circles) {
    const cv::Point2f ctr(c[0], c[1]);
    if (ring_fraction(fg, ctr, c[2]) < p.ring_coverage) continue;
    cv::Mat page_mask = 255 - fg;
    if (circle_fraction(page_mask, ctr, c[2] * 0.5) < p.inside_page) continue;
    wheels.push_back(c);
  }
  if (wheels.empty()) return make_error("no board found: no valve wheels (rings with spokes) on the page");
  std::vector<float> radii;
  for (const cv::Vec3f& w : wheels) radii.push_back(w[2]);
  std::nth_element(radii.begin(), radii.begin() + static_cast<long>(radii.size() / 2), radii.end());
  const double hough_r = radii[radii.size() / 2];
  std::erase_if(wheels, [&](const cv::Vec3f& w) { return std::abs(w[2] - hough_r) > p.radius_tolerance * hough_r; });
  // Several circles per wheel (inner and outer edge of the ring): keep the strongest (Hough lists
  // them by votes) once the odd-sized ones are gone, so a stray circle cannot shadow a wheel.
  {
    std::vector<cv::Vec3f> kept;
    for (const cv::Vec3f& c : wheels) {
      bool dup = false;
      for (const cv::Vec3f& w : kept) dup |= std::hypot(w[0] - c[0], w[1] - c[1]) < std::max(w[2], c[2]);
      if (!dup) kept.push_back(c);
    }
    wheels = std::move(kept);
  }
  if (static_cast<int>(wheels.size()) > p.max_valves) return make_error("no board found: more wheel-like rings than valves allowed");
  // Hough settles on the ring's outer edge, about 0.9 of the wheel's reach (its page-coloured disc
  // over the pipes); r is that reach.
  const double r = hough_r / 0.9;

  std::vector<Node> nodes;
  for (const cv::Vec3f& w : wheels) nodes.push_back({{w[0], w[1]}, false, false, {}, 0});

  // Tanks: filled squares wider than any pipe, ring or bar.
  {
    const int k = std::max(3, static_cast<int>(std::lround(p.tank_kernel * r)));
    cv::Mat opened;
    cv::morphologyEx(fg, opened, cv::MORPH_OPEN, cv::getStructuringElement(cv::MORPH_RECT, {k, k}));
    cv::Mat labels, stats, cents;
    const int n = cv::connectedComponentsWithStats(opened, labels, stats, cents, 8);
    for (int i = 1; i < n; ++i) {
      const int w = stats.at<int>(i, cv::CC_STAT_WIDTH), h = stats.at<int>(i, cv::CC_STAT_HEIGHT);
      if (w < p.tank_side_min * r || h < p.tank_side_min * r || w > p.tank_side_max * r || h > p.tank_side_max * r) continue;
      if (std::abs(w - h) > 0.2 * std::max(w, h)) continue;
      const cv::Point2f c(stats.at<int>(i, cv::CC_STAT_LEFT) + w / 2.0f, stats.at<int>(i, cv::CC_STAT_TOP) + h / 2.0f);
      bool near_wheel = false;
      for (const Node& nd : nodes) near_wheel |= !nd.tank && cv::norm(nd.centre - c) < r;
      if (near_wheel) continue;
      Node t{c, true, false, {}, 0};
      const cv::Rect inner(static_cast<int>(c.x - w * 0.4), static_cast<int>(c.y - h * 0.4), static_cast<int>(w * 0.8),
                           static_cast<int>(h * 0.8));
      auto letter = read_letter(ocr_crop(bgr, inner, page, p.page_distance, true, h * 0.4), "XY");
      if (!letter) return letter.error();
      t.name = letter->text;
      t.confidence = letter->confidence;
      nodes.push_back(t);
    }
  }
  int inlet = -1, outlet = -1;
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    if (!nodes[i].tank) continue;
    if (nodes[i].name == "X" && inlet < 0) inlet = static_cast<int>(i);
    else if (nodes[i].name == "Y" && outlet < 0) outlet = static_cast<int>(i);
    else return make_error("no board found: a filled square that is neither inlet X nor outlet Y (read \"" + nodes[i].name + "\")");
  }
  if (inlet < 0 || outlet < 0) return make_error("no board found: the inlet X and the outlet Y must both show");

  // Valve letters on their tags, and closed valves (the wheel in a different colour from the others).
  for (Node& nd : nodes) {
    if (nd.tank) continue;
    // The tag is up and to the right of the wheel, clear of the ring.
    const cv::Rect window(static_cast<int>(nd.centre.x + 0.5 * r), static_cast<int>(nd.centre.y - 2.4 * r),
                          static_cast<int>(1.9 * r), static_cast<int>(1.9 * r));
    cv::Mat crop = letter_in_window(fg, window, 0.85 * r);
    if (crop.empty())
      return make_error("no board found: no letter beside the valve at (" + std::to_string(static_cast<int>(nd.centre.x)) + "," +
                        std::to_string(static_cast<int>(nd.centre.y)) + "): try --annotate to see what was seen");
    auto letter = read_letter(crop, "ABCDEFGHIJKLMNOPQRSTUVW");
    if (!letter) return letter.error();
    Letter got = *letter;
    if (got.text.empty()) {
      // Tesseract returns nothing for a lone "I" (a bare bar, or a bar with serifs): a glyph much
      // narrower than tall that OCR cannot place is read as one.
      const cv::Mat ink_mask = 255 - crop;
      const cv::Rect ink = cv::boundingRect(ink_mask);
      const double fill = ink.area() > 0 ? cv::countNonZero(255 - crop(ink)) / static_cast<double>(ink.area()) : 0;
      if (ink.height > 0 && (ink.width < p.narrow_glyph * ink.height || (fill > 0.85 && ink.width < ink.height)))
        got = Letter{"I", 50};
    }
    if (got.text.size() != 1)
      return make_error("no board found: cannot read the letter of the valve at (" + std::to_string(static_cast<int>(nd.centre.x)) +
                        "," + std::to_string(static_cast<int>(nd.centre.y)) + "): try --annotate to see what was seen");
    nd.name = got.text;
    nd.confidence = got.confidence;
  }
  // Closed valves. Styles pick any colours, so neither colour alone says "closed"; but a closed
  // wheel is drawn in another colour than the open ones and has a bar across it. The hubs (the
  // wheel's colour) fall into at most two groups; the group whose wheels show more foreground along
  // the down-left diagonal, where the bar runs between two spokes, is the closed one. One group:
  // all open (a board never has all its valves closed: k is below the valve count).
  {
    auto hub = [&](const Node& nd) {
      cv::Vec3i sum(0, 0, 0);
      int count = 0;
      for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) {
          const int x = static_cast<int>(nd.centre.x) + dx, y = static_cast<int>(nd.centre.y) + dy;
          if (x < 0 || y < 0 || x >= bgr.cols || y >= bgr.rows) continue;
          const Colour c = bgr.at<Colour>(y, x);
          sum += cv::Vec3i(c[0], c[1], c[2]);
          ++count;
        }
      count = std::max(1, count);
      return Colour(static_cast<unsigned char>(sum[0] / count), static_cast<unsigned char>(sum[1] / count),
                    static_cast<unsigned char>(sum[2] / count));
    };
    auto bar = [&](const Node& nd) {
      int on = 0, all = 0;
      for (double f = 0.2; f <= 0.5; f += 0.05) {
        const int x = static_cast<int>(std::lround(nd.centre.x - f * r)), y = static_cast<int>(std::lround(nd.centre.y + f * r));
        if (x < 0 || y < 0 || x >= fg.cols || y >= fg.rows) continue;
        ++all;
        on += fg.at<unsigned char>(y, x) != 0;
      }
      return all == 0 ? 0.0 : static_cast<double>(on) / all;
    };
    std::vector<std::size_t> valves;
    for (std::size_t i = 0; i < nodes.size(); ++i)
      if (!nodes[i].tank) valves.push_back(i);
    const Colour first = hub(nodes[valves.front()]);
    std::vector<int> group(nodes.size(), 0);
    std::optional<Colour> second;
    for (std::size_t i : valves) {
      const Colour c = hub(nodes[i]);
      if (l1(c, first) <= p.page_distance) continue;
      if (!second) second = c;
      group[i] = 1;
    }
    if (second) {
      double score[2] = {0, 0};
      int count[2] = {0, 0};
      for (std::size_t i : valves) {
        score[group[i]] += bar(nodes[i]);
        ++count[group[i]];
      }
      const int closed_group = score[1] / count[1] > score[0] / count[0] ? 1 : 0;
      for (std::size_t i : valves) nodes[i].closed = group[i] == closed_group;
    }
  }

  // Pipes: straight segments between node pairs, mostly foreground, clear of other nodes.
  std::vector<std::pair<int, int>> pipes;
  const auto reach = [&](const Node& nd) { return nd.tank ? 1.25 * r : 1.0 * r; };
  for (std::size_t a = 0; a < nodes.size(); ++a)
    for (std::size_t b = a + 1; b < nodes.size(); ++b) {
      const cv::Point2f pa = nodes[a].centre, pb = nodes[b].centre;
      const double len = cv::norm(pb - pa);
      const double from = reach(nodes[a]), to = len - reach(nodes[b]);
      if (to - from < r) continue;
      bool blocked = false;
      for (std::size_t c = 0; c < nodes.size() && !blocked; ++c) {
        if (c == a || c == b) continue;
        const cv::Point2f d = (pb - pa) / static_cast<float>(len);
        const double t = (nodes[c].centre - pa).dot(d);
        if (t <= 0 || t >= len) continue;
        const cv::Point2f foot = pa + d * static_cast<float>(t);
        blocked = cv::norm(nodes[c].centre - foot) < p.node_clearance * r;
      }
      if (blocked) continue;
      int on = 0, all = 0;
      for (double t = from; t <= to; t += 1.0) {
        const cv::Point2f q = pa + (pb - pa) * static_cast<float>(t / len);
        const int x = static_cast<int>(std::lround(q.x)), y = static_cast<int>(std::lround(q.y));
        if (x < 0 || y < 0 || x >= fg.cols || y >= fg.rows) continue;
        ++all;
        on += fg.at<unsigned char>(y, x) != 0;
      }
      if (all > 0 && static_cast<double>(on) / all >= p.pipe_coverage) pipes.push_back({static_cast<int>(a), static_cast<int>(b)});
    }
  if (pipes.empty()) return make_error("no board found: no pipes between the valves");

  // Wrenches: "wrenches: n/k" anywhere on the page.
  int used = 0, total = -1;
  {
    cv::Mat bin(fg.size(), CV_8UC1);
    bin = 255 - fg;
    auto text = recognise(bin, Layout::kSparse, "");
    if (!text) return text.error();
    std::smatch m;
    static const std::regex kWrenches(R"(wrench\w*\s*:?\s*(\d+)\s*/\s*(\d+))", std::regex::icase);
    if (std::regex_search(text->text, m, kWrenches)) {
      used = std::stoi(m[1].str());
      total = std::stoi(m[2].str());
    }
  }
  if (total < 0) return make_error("no board found: no \"wrenches: n/k\" count on the page: try --annotate to see what was seen");

  // The state, through the solver's own parser (names, validation).
  std::string text = "valves k=" + std::to_string(total) + " inlet=X outlet=Y";
  std::string closed_list;
  for (const Node& nd : nodes)
    if (nd.closed) closed_list += (closed_list.empty() ? "" : ",") + nd.name;
  if (!closed_list.empty()) text += " closed=" + closed_list;
  text += "\n";
  for (auto [a, b] : pipes) text += nodes[static_cast<std::size_t>(a)].name + " " + nodes[static_cast<std::size_t>(b)].name + "\n";
  auto board = solvers::split_text_board(text, "<image>", true);
  if (!board) return make_error("the network read does not make a valves board: " + board.error().message);
  auto state = solvers::valves::parse(*board);
  if (!state) return make_error("the network read does not make a valves board: " + state.error().message);

  Reading out;
  out.state = std::move(*state);
  out.radius = r;
  out.wrenches_used = used;
  out.frame = bgr.size();
  out.centres.resize(out.state.names.size());
  std::vector<bool> seen(out.state.names.size(), false);
  float lowest = 100;
  for (const Node& nd : nodes) {
    const auto it = std::find(out.state.names.begin(), out.state.names.end(), nd.name);
    if (it == out.state.names.end()) continue;  // a node no pipe reaches: not part of the puzzle
    const auto i = static_cast<std::size_t>(it - out.state.names.begin());
    if (seen[i]) return make_error("no board found: two valves read as " + nd.name + ": try --annotate to see what was seen");
    seen[i] = true;
    out.centres[i] = nd.centre;
    lowest = std::min(lowest, nd.confidence);
  }
  out.confidence = std::clamp(lowest / 100.0, 0.0, 1.0);
  return out;
}

}  // namespace

Result<Params> load_params(const cv::FileNode& node, const Params& defaults) {
  Params p = defaults;
  if (node.empty() || node.isNone()) return p;
  if (!node.isMap()) return make_error("the `valves` profile node must be a map of parameter names to values");
  try {
    auto get_i = [&](const char* key, int& v) { if (!node[key].empty()) v = static_cast<int>(node[key]); };
    auto get_d = [&](const char* key, double& v) { if (!node[key].empty()) v = static_cast<double>(node[key]); };
    get_i("page_distance", p.page_distance);
    get_d("min_radius", p.min_radius);
    get_d("max_radius", p.max_radius);
    get_i("hough_votes", p.hough_votes);
    get_d("ring_coverage", p.ring_coverage);
    get_d("inside_page", p.inside_page);
    get_d("radius_tolerance", p.radius_tolerance);
    get_d("tank_kernel", p.tank_kernel);
    get_d("tank_side_min", p.tank_side_min);
    get_d("tank_side_max", p.tank_side_max);
    get_d("pipe_coverage", p.pipe_coverage);
    get_d("node_clearance", p.node_clearance);
    get_i("max_valves", p.max_valves);
    get_d("narrow_glyph", p.narrow_glyph);
  } catch (const cv::Exception& e) {
    return make_error(std::string("bad value in the `valves` profile node: ") + e.what());
  }
  if (p.min_radius <= 0 || p.max_radius <= p.min_radius || p.pipe_coverage <= 0 || p.pipe_coverage > 1 || p.max_valves < 1)
    return make_error("the `valves` profile node has out-of-range values: check min_radius < max_radius, 0 < pipe_coverage <= 1");
  return p;
}

Result<Reading> read(const cv::Mat& bgr, const Params& params) {
  try {
    return read_impl(bgr, params);
  } catch (const cv::Exception& e) {
    return make_error(std::string("valves reader: OpenCV failed: ") + e.what());
  }
}

cv::Mat annotate(const cv::Mat& bgr, const Reading& reading, std::span<const Move> moves) {
  cv::Mat out = bgr.clone();
  const State& s = reading.state;
  for (auto [a, b] : s.pipes)
    cv::line(out, reading.centres[static_cast<std::size_t>(a)], reading.centres[static_cast<std::size_t>(b)], {255, 0, 255}, 2, cv::LINE_AA);
  for (std::size_t i = 0; i < s.names.size(); ++i) {
    const cv::Point c = reading.centres[i];
    cv::circle(out, c, static_cast<int>(reading.radius), s.closed[i] ? cv::Scalar(0, 0, 255) : cv::Scalar(255, 0, 255), 2, cv::LINE_AA);
    cv::putText(out, s.names[i], c + cv::Point(-6, 6), cv::FONT_HERSHEY_SIMPLEX, 0.6, {255, 0, 255}, 2, cv::LINE_AA);
  }
  for (std::size_t k = 0; k < moves.size(); ++k) {
    const auto v = static_cast<std::size_t>(moves[k]);
    if (v >= reading.centres.size()) continue;
    const cv::Point c = reading.centres[v];
    cv::circle(out, c, static_cast<int>(reading.radius * 1.3), {0, 200, 255}, 3, cv::LINE_AA);
    cv::putText(out, std::to_string(k + 1), c + cv::Point(static_cast<int>(reading.radius), static_cast<int>(reading.radius * 1.8)),
                cv::FONT_HERSHEY_SIMPLEX, 0.7, {0, 200, 255}, 2, cv::LINE_AA);
  }
  cv::putText(out, "wrenches " + std::to_string(reading.wrenches_used) + "/" + std::to_string(s.wrenches), {10, out.rows - 10},
              cv::FONT_HERSHEY_SIMPLEX, 0.6, {255, 0, 255}, 2, cv::LINE_AA);
  return out;
}

}  // namespace pb::vision::valves
