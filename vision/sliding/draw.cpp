/* draw.cpp: draws a sliding reading (lattice, the numbers the game shows, confidence) and its moves in the game's own terms. */
#include <algorithm>
#include <opencv2/imgproc.hpp>

#include "vision/sliding/reader.hpp"

// Rejected: a numbered arrow per move drawn where it happens (what this drew first): a tile that
// moves back and forth piles its step numbers on one spot, unreadable past a dozen moves on 3x3.
// Each tile now lists its own steps, and the order is a strip under the picture.

namespace pb::vision::sliding {
namespace {

const cv::Scalar kSure(60, 180, 60);      // BGR: confidently read
const cv::Scalar kDoubt(40, 40, 230);     // BGR: confidence under 0.8, or re-read
const cv::Scalar kMove(200, 90, 20);      // BGR: moves
const cv::Scalar kStrip(250, 250, 250);   // BGR: the strip's ground
constexpr float kDoubtful = 0.8f;

// Where the tile's centre is drawn: as read (a picture board's cells are the screen's turned a half-turn).
cv::Point2f centre_of(const Reading& r, int cell) {
  return r.centres.size() == r.state.tiles.size() ? r.centres[static_cast<std::size_t>(cell)]
                                                  : r.lattice.centre(cell / r.state.cols, cell % r.state.cols);
}

// Text lines of `words` joined by `sep`, each at most `width` px wide in `font` at `scale`.
std::vector<std::string> wrapped(const std::vector<std::string>& words, const std::string& sep, double width, double scale, int thick) {
  std::vector<std::string> lines;
  for (const std::string& w : words) {
    int base = 0;
    if (!lines.empty() && cv::getTextSize(lines.back() + sep + w, cv::FONT_HERSHEY_SIMPLEX, scale, thick, &base).width <= width)
      lines.back() += sep + w;
    else
      lines.push_back(w);
  }
  return lines;
}

}  // namespace

int shown_number(const Reading& r, int tile) {
  return r.half_turn && tile > 0 ? r.state.cells() - tile + 1 : tile;
}

std::string moves_as_shown(const Reading& r, const std::vector<int>& moves) {
  std::string out;
  std::vector<int> tiles = r.state.tiles;
  for (int m : moves) {
    auto blank = std::find(tiles.begin(), tiles.end(), 0);
    auto tile = std::find(tiles.begin(), tiles.end(), m);
    if (blank == tiles.end() || tile == tiles.end()) break;
    const cv::Point2f d = centre_of(r, static_cast<int>(blank - tiles.begin())) - centre_of(r, static_cast<int>(tile - tiles.begin()));
    const char* dir = std::abs(d.x) > std::abs(d.y) ? (d.x > 0 ? "right" : "left") : (d.y > 0 ? "down" : "up");
    if (!out.empty()) out += ", ";
    out += std::to_string(shown_number(r, m)) + " " + dir;
    std::swap(*blank, *tile);
  }
  return out;
}

std::string game_moves_text(const Reading& r, const std::vector<int>& moves) {
  return r.half_turn ? moves_as_shown(r, moves) + " (the numbers on Taquin's tiles; directions on screen)" : "";
}

cv::Mat draw_reading(const cv::Mat& bgr, const Reading& r, const std::vector<int>& moves) {
  cv::Mat out = bgr.clone();
  const Lattice& lat = r.lattice;
  const int thick = std::max(1, static_cast<int>(lat.pitch / 40));
  const double font = std::max(0.35, lat.pitch / 120.0);
  cv::rectangle(out, r.board, kSure, thick);
  for (int i = 0; i < r.state.cells(); ++i) {
    const float conf = r.confidence[static_cast<std::size_t>(i)];
    const cv::Scalar colour = conf < kDoubtful ? kDoubt : kSure;
    const cv::Point2f c = centre_of(r, i);
    const float h = lat.face / 2;
    cv::rectangle(out, cv::Rect(cv::Point(c - cv::Point2f(h, h)), cv::Point(c + cv::Point2f(h, h))), colour, thick);
    const int tile = r.state.tiles[static_cast<std::size_t>(i)];
    std::string label = tile == 0 ? "gap" : std::to_string(shown_number(r, tile));
    if (conf < kDoubtful) {
      label += ' ';
      label += std::to_string(static_cast<int>(conf * 100));
      label += '%';
    }
    // On a light ground: photos (Taquin's cats) would hide it.
    const cv::Point at(static_cast<int>(c.x - lat.pitch * 0.42f), static_cast<int>(c.y - lat.pitch * 0.28f));
    int base = 0;
    const cv::Size sz = cv::getTextSize(label, cv::FONT_HERSHEY_SIMPLEX, font * 0.7, std::max(1, thick / 2), &base);
    cv::rectangle(out, cv::Rect(at.x - 2, at.y - sz.height - 2, sz.width + 4, sz.height + 5), kStrip, cv::FILLED);
    cv::putText(out, label, at, cv::FONT_HERSHEY_SIMPLEX, font * 0.7, colour, std::max(1, thick / 2), cv::LINE_AA);
  }
  if (moves.empty()) return out;

  // On each tile (where it is now): the steps at which it moves.
  std::vector<std::vector<std::string>> steps(static_cast<std::size_t>(r.state.cells()));
  for (std::size_t k = 0; k < moves.size(); ++k)
    if (moves[k] > 0 && moves[k] < r.state.cells()) steps[static_cast<std::size_t>(moves[k])].push_back(std::to_string(k + 1));
  const double step_scale = font * 0.55;
  for (int i = 0; i < r.state.cells(); ++i) {
    const int tile = r.state.tiles[static_cast<std::size_t>(i)];
    if (tile <= 0 || steps[static_cast<std::size_t>(tile)].empty()) continue;
    const cv::Point2f c = centre_of(r, i);
    const std::vector<std::string> lines = wrapped(steps[static_cast<std::size_t>(tile)], ",", lat.face * 0.85, step_scale, 1);
    int base = 0;
    const int line_h = cv::getTextSize("0", cv::FONT_HERSHEY_SIMPLEX, step_scale, 1, &base).height + 4;
    // Bottom up from the tile's lower edge, on the strip's ground so the tile's picture does not hide them.
    const int shown = std::min(static_cast<int>(lines.size()), std::max(1, static_cast<int>(lat.face * 0.6f) / line_h));
    for (int l = 0; l < shown; ++l) {
      const cv::Point at(static_cast<int>(c.x - lat.face * 0.42f), static_cast<int>(c.y + lat.face * 0.44f) - (shown - 1 - l) * line_h);
      const cv::Size sz = cv::getTextSize(lines[static_cast<std::size_t>(l)], cv::FONT_HERSHEY_SIMPLEX, step_scale, 1, &base);
      cv::rectangle(out, cv::Rect(at.x - 2, at.y - sz.height - 2, sz.width + 4, sz.height + 5), kStrip, cv::FILLED);
      cv::putText(out, lines[static_cast<std::size_t>(l)], at, cv::FONT_HERSHEY_SIMPLEX, step_scale, kMove, 1, cv::LINE_AA);
    }  // more steps than fit: the strip has them all
  }
  // The first move as an arrow: where to start.
  {
    const auto blank = std::find(r.state.tiles.begin(), r.state.tiles.end(), 0);
    const auto tile = std::find(r.state.tiles.begin(), r.state.tiles.end(), moves.front());
    if (blank != r.state.tiles.end() && tile != r.state.tiles.end()) {
      const cv::Point2f from = centre_of(r, static_cast<int>(tile - r.state.tiles.begin()));
      const cv::Point2f to = centre_of(r, static_cast<int>(blank - r.state.tiles.begin()));
      cv::arrowedLine(out, from, from + (to - from) * 0.8f, kMove, std::max(2, thick * 2), cv::LINE_AA, 0, 0.25);
    }
  }

  // The strip: "1: 5 up   2: 8 left ..." in the game's terms, wrapped to the picture's width.
  std::vector<std::string> entries;
  {
    const std::string text = moves_as_shown(r, moves);
    std::size_t start = 0, k = 1;
    while (start < text.size()) {
      std::size_t end = text.find(", ", start);
      if (end == std::string::npos) end = text.size();
      std::string entry = std::to_string(k++);
      entry += ": ";
      entry += text.substr(start, end - start);
      entries.push_back(std::move(entry));
      start = end + 2;
    }
  }
  const double strip_scale = std::clamp(out.cols / 1400.0, 0.4, 0.8);
  const std::string title = r.half_turn ? "moves (the numbers on Taquin's tiles, directions on screen):" : "moves:";
  std::vector<std::string> lines = wrapped(entries, "   ", out.cols - 20.0, strip_scale, 1);
  lines.insert(lines.begin(), title);
  int base = 0;
  const int line_h = cv::getTextSize("0:", cv::FONT_HERSHEY_SIMPLEX, strip_scale, 1, &base).height * 2;
  cv::Mat strip(line_h * static_cast<int>(lines.size()) + line_h / 2, out.cols, CV_8UC3, kStrip);
  for (std::size_t l = 0; l < lines.size(); ++l)
    cv::putText(strip, lines[l], cv::Point(10, line_h * static_cast<int>(l + 1)), cv::FONT_HERSHEY_SIMPLEX, strip_scale, kMove, 1, cv::LINE_AA);
  cv::vconcat(out, strip, out);
  return out;
}

}  // namespace pb::vision::sliding
