/* play_players.cpp: how a planned move becomes a gesture in Fifteen (click the tile) and Pegs (drag the peg). */
#include "app/play_players.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <opencv2/core.hpp>

namespace pb::app {
namespace {

template <class State>
Result<calibration::FramePoint> centre_of(const PlayReading<State>& reading, int index, const char* what) {
  if (index < 0 || static_cast<std::size_t>(index) >= reading.centres.size())
    return make_error(std::string("the reader gave no centre for ") + what + " (cell " + std::to_string(index) +
                      " of " + std::to_string(reading.centres.size()) + "): a reader bug");
  const cv::Point2f& c = reading.centres[static_cast<std::size_t>(index)];
  return calibration::FramePoint{c.x, c.y, reading.frame};
}

// A pixel differs when a channel differs by more than this (0-255): antialiasing and rounding
// stay below it, a digit's stroke against the tile face is far above it.
constexpr int kPixelTolerance = 48;
// A cell matches when at most this fraction of its pixels differ: "12" against "13" differs in
// a few percent of a tile's face, far above it.
constexpr double kMaxDifferentFraction = 0.004;
constexpr int kMaxShiftPx = 1;  // centres are rounded: allow a pixel of shift between two cells

double different_fraction(const cv::Mat& a, const cv::Mat& b) {
  cv::Mat diff, worst;
  cv::absdiff(a, b, diff);
  cv::Mat channels[3];
  cv::split(diff, channels);
  worst = cv::max(cv::max(channels[0], channels[1]), channels[2]);
  return static_cast<double>(cv::countNonZero(worst > kPixelTolerance)) / static_cast<double>(worst.total());
}

}  // namespace

bool cells_match(const cv::Mat& before, const cv::Mat& after, const std::vector<cv::Point2f>& centres,
                 const std::vector<int>& source) {
  if (before.empty() || before.size() != after.size() || before.type() != CV_8UC3 || after.type() != CV_8UC3 ||
      centres.size() < 2 || source.size() != centres.size())
    return false;
  // The pitch: the smallest distance between two cell centres.
  float pitch = std::numeric_limits<float>::max();
  for (std::size_t i = 1; i < centres.size(); ++i) {
    float d = static_cast<float>(cv::norm(centres[i] - centres[i - 1]));
    if (d > 1) pitch = std::min(pitch, d);
  }
  if (pitch == std::numeric_limits<float>::max()) return false;
  int half = std::max(2, static_cast<int>(pitch * 0.4f));
  const cv::Rect image(0, 0, after.cols, after.rows);
  auto square = [half](cv::Point2f c, int dx, int dy) {
    return cv::Rect(static_cast<int>(std::lround(c.x)) - half + dx, static_cast<int>(std::lround(c.y)) - half + dy,
                    2 * half, 2 * half);
  };
  for (std::size_t cell = 0; cell < centres.size(); ++cell) {
    if (source[cell] < 0) continue;  // not compared
    cv::Rect now = square(centres[cell], 0, 0);
    if ((now & image) != now) return false;
    const cv::Point2f& was_at = centres[static_cast<std::size_t>(source[cell])];
    bool same = false;
    for (int dy = -kMaxShiftPx; dy <= kMaxShiftPx && !same; ++dy)
      for (int dx = -kMaxShiftPx; dx <= kMaxShiftPx && !same; ++dx) {
        if (source[cell] == static_cast<int>(cell) && (dx != 0 || dy != 0)) continue;  // a still cell must not move
        cv::Rect then = square(was_at, dx, dy);
        if ((then & image) != then) continue;
        same = different_fraction(after(now), before(then)) <= kMaxDifferentFraction;
      }
    if (!same) return false;
  }
  return true;
}

std::vector<std::pair<int, int>> SlidingRules::moved_cells(const State& before, Move move) {
  auto it = std::find(before.tiles.begin(), before.tiles.end(), move);
  if (it == before.tiles.end()) return {{-1, -1}};
  int tile = static_cast<int>(it - before.tiles.begin());
  int blank = before.blank();
  return {{blank, tile}, {tile, blank}};  // the tile's picture moves into the gap and the gap's out
}

std::vector<std::pair<int, int>> PegsRules::moved_cells(const State& before, const Move& move) {
  auto index = [&](solvers::pegs::Cell c) { return c.row * before.cols + c.col; };
  int from = index(move.from), over = index(move.over), to = index(move.to);
  // The peg lands in `to`; `from` and `over` become empty holes, looking as `to` did before.
  return {{to, from}, {from, to}, {over, to}};
}

Result<FrameGesture> SlidingRules::gesture(const PlayReading<State>& reading, const State& before, Move move) {
  auto it = std::find(before.tiles.begin(), before.tiles.end(), move);
  if (move <= 0 || it == before.tiles.end()) return make_error("tile " + std::to_string(move) + " is not on the board");
  int cell = static_cast<int>(it - before.tiles.begin());
  if (reading.centres.size() != before.tiles.size())
    return make_error("the reader gave " + std::to_string(reading.centres.size()) + " centres for " +
                      std::to_string(before.tiles.size()) + " cells: a reader bug");
  auto p = centre_of(reading, cell, "a tile");
  if (!p) return p.error();
  // Fifteen slides every tile between the clicked one and the blank; clicking the tile next to the
  // blank moves exactly that one, which is what the solver's move means.
  return FrameGesture{actuator::Gesture::Kind::kTap, {*p}, "tile " + std::to_string(move)};
}

bool PegsRules::is_goal(const State& s) {
  if (s.peg_count() != 1) return false;
  return !s.target || s.at(*s.target) == solvers::pegs::Site::kPeg;
}

Result<FrameGesture> PegsRules::gesture(const PlayReading<State>& reading, const State& before, const Move& move) {
  if (reading.centres.size() != before.sites.size())
    return make_error("the reader gave " + std::to_string(reading.centres.size()) + " centres for " +
                      std::to_string(before.sites.size()) + " sites: a reader bug");
  auto from = centre_of(reading, move.from.row * before.cols + move.from.col, "a peg");
  auto to = centre_of(reading, move.to.row * before.cols + move.to.col, "a hole");
  if (!from) return from.error();
  if (!to) return to.error();
  auto cell = [](solvers::pegs::Cell c) {
    char text[32];  // snprintf: GCC 12 warns falsely (-Wrestrict) on "(" + std::to_string(n)
    std::snprintf(text, sizeof text, "(%d,%d)", c.row, c.col);
    return std::string(text);
  };
  // sgt-pegs moves a peg only by press on it, drag, release on the landing hole (click-click does
  // nothing); the sink inserts intermediate points so the game sees a continuous drag.
  return FrameGesture{actuator::Gesture::Kind::kDrag, {*from, *to}, cell(move.from) + " -> " + cell(move.to)};
}

}  // namespace pb::app
