/* play_players.cpp: how a planned move becomes a gesture in Fifteen (click the tile) and Pegs (drag the peg). */
#include "app/play_players.hpp"

#include <algorithm>
#include <cstdio>

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

}  // namespace

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
