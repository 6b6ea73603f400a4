/* clipping.hpp: whether a board found in a frame is cut by the frame's edge (a page scrolled, a window half off screen). */
#pragma once

// A frame that shows only part of a board is the worst input a reader can get: what it sees is often
// a board in its own right (three rows of a 15-puzzle, a peg solitaire cross missing its bottom arm),
// and read as one, the bot would solve and click a game that is not on screen. So every reader that
// `play --window` uses asks, once it has found its board, whether the frame's edge cuts it, and
// refuses with ErrorCode::kBoardClipped when it does. Two signs, either one enough:
//  - the board reaches the edge: less than `min_gap` pitches of frame between its bounds and a border
//    (the games leave half a pitch or more; the elements of a row cut exactly at its edge end there);
//  - something is cut beside it: a border within `reach` pitches of the board crosses ink along the
//    board's span (the cut row's tiles, discs or cells, which the reader dropped as misshapen) while
//    the same border beside the span, on at least one side, has less than half as much (a status
//    bar or a menu runs on past both ends of the span, a cut row ends with the board), or in step
//    with the board's pitch (a cut row's elements; a bar is even, text has no such rhythm).
// Rejected: re-fitting the lattice past the edge to count the sites that should be there (each
// reader's shapes differ, and a cut element is exactly what its detector rejects); requiring a
// margin of a whole pitch (Simon Tatham's games leave half a pitch, so every window grab would fail).

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <optional>
#include <opencv2/core.hpp>
#include <string>
#include <string_view>

#include "core/result.hpp"
#include "vision/common/colour.hpp"

namespace pb::vision {

enum class FrameSide { kTop, kBottom, kLeft, kRight };

inline const char* side_name(FrameSide s) {
  switch (s) {
    case FrameSide::kTop: return "top";
    case FrameSide::kBottom: return "bottom";
    case FrameSide::kLeft: return "left";
    case FrameSide::kRight: return "right";
  }
  return "?";
}

// How near the frame's border a board may come; in pitches (the board's cell or element spacing).
struct ClipCheck {
  double min_gap = 0.25;      // least clear frame between the board's bounds and each border, pitches
  double reach = 1.0;         // a border nearer than this to the board is looked at for cut elements, pitches
  double min_edge_ink = 0.03; // least fraction of ink on that border along the board for a cut there
  double min_rhythm = 0.2;    // or least phase contrast of that ink over the board's pitch (phase_contrast)
};

namespace clipping_detail {

// Fraction of ink (non-zero in `ink`, CV_8U) on border line `side` (its outermost row or column)
// between `from` and `to` (along the line, px; clamped to the frame); -1 when that stretch is empty.
inline double line_ink(const cv::Mat& ink, FrameSide side, int from, int to) {
  const bool row = side == FrameSide::kTop || side == FrameSide::kBottom;
  const int length = row ? ink.cols : ink.rows;
  from = std::clamp(from, 0, length);
  to = std::clamp(to, 0, length);
  if (to <= from) return -1;
  const int fixed = side == FrameSide::kTop ? 0 : side == FrameSide::kBottom ? ink.rows - 1 : side == FrameSide::kLeft ? 0 : ink.cols - 1;
  int n = 0;
  for (int i = from; i < to; ++i) n += (row ? ink.at<std::uint8_t>(fixed, i) : ink.at<std::uint8_t>(i, fixed)) != 0 ? 1 : 0;
  return static_cast<double>(n) / (to - from);
}

// How unevenly the ink on border line `side` between `from` and `to` falls over the phases of a
// period of `pitch` px counted from `from`: the inked fraction of the fullest of eight phase bins less
// that of the emptiest (0: even, 1: the ink all in step with the period).
// Eighths of a pitch: an element 0.8 pitches wide still leaves bins of the gap between elements.
inline constexpr int kPhaseBins = 8;
inline double phase_contrast(const cv::Mat& ink, FrameSide side, int from, int to, double pitch) {
  const bool row = side == FrameSide::kTop || side == FrameSide::kBottom;
  const int length = row ? ink.cols : ink.rows;
  const int lo = std::clamp(from, 0, length), hi = std::clamp(to, 0, length);
  if (hi - lo < 2 * pitch) return 0;  // under two periods there is no rhythm to see
  const int fixed = side == FrameSide::kTop ? 0 : side == FrameSide::kBottom ? ink.rows - 1 : side == FrameSide::kLeft ? 0 : ink.cols - 1;
  std::array<int, kPhaseBins> inked{}, all{};
  for (int i = lo; i < hi; ++i) {
    const double phase = std::fmod(i - from, pitch) / pitch;
    const auto bin = static_cast<std::size_t>(std::clamp(static_cast<int>(phase * kPhaseBins), 0, kPhaseBins - 1));
    inked[bin] += (row ? ink.at<std::uint8_t>(fixed, i) : ink.at<std::uint8_t>(i, fixed)) != 0 ? 1 : 0;
    ++all[bin];
  }
  double most = 0, least = 1;
  for (std::size_t b = 0; b < kPhaseBins; ++b) {
    if (all[b] == 0) continue;
    const double f = static_cast<double>(inked[b]) / all[b];
    most = std::max(most, f);
    least = std::min(least, f);
  }
  return most - least;
}

}  // namespace clipping_detail

// The border of the frame that cuts the board at `board` (frame px; elements `pitch` px apart), the
// frame's ink being `ink` (CV_8U, non-zero where it is not the page around the board), or none when
// the board stands clear of every border.
inline std::optional<FrameSide> clipped_side(const cv::Mat& ink, const cv::Rect& board, float pitch, const ClipCheck& c = {}) {
  using clipping_detail::line_ink;
  const double p = std::max(1.0f, pitch);
  const std::array<FrameSide, 4> sides = {FrameSide::kBottom, FrameSide::kTop, FrameSide::kRight, FrameSide::kLeft};
  for (FrameSide s : sides) {
    const int gap = s == FrameSide::kTop ? board.y : s == FrameSide::kBottom ? ink.rows - board.br().y
                  : s == FrameSide::kLeft ? board.x : ink.cols - board.br().x;
    if (gap < c.min_gap * p) return s;
    if (gap >= c.reach * p) continue;
    const bool row = s == FrameSide::kTop || s == FrameSide::kBottom;
    const int lo = row ? board.x : board.y, hi = row ? board.br().x : board.br().y;
    // Beside the span, past the frame a game draws round its board (within min_gap of it).
    const int near = static_cast<int>(c.min_gap * p), far = static_cast<int>(c.reach * p);
    const double inside = line_ink(ink, s, lo, hi);
    if (inside < c.min_edge_ink) continue;
    const double before = line_ink(ink, s, lo - far, lo - near);
    const double after = line_ink(ink, s, hi + near, hi + far);
    // A bar runs on past both ends of the span; a glyph of a menu or a status line is on one side.
    // No room on a side (the span runs to the frame's corner) counts as clear: nothing there can
    // show that the ink runs on.
    const double around = std::max(0.0, std::min(before, after));
    if (around < inside / 2) return s;
    // A board inside a frame of widgets (a Qt window) has them beside its span; a cut row still
    // shows itself by its rhythm: ink in step with the board's columns (discs, cells, bevels), where
    // a bar is even and text has no such period.
    if (clipping_detail::phase_contrast(ink, s, lo, hi, p) >= c.min_rhythm) return s;
  }
  return std::nullopt;
}

// The refusal for a board cut by `side`: ErrorCode::kBoardClipped, one line saying what to do.
inline Error board_clipped(FrameSide side, std::string_view game) {
  return make_error(ErrorCode::kBoardClipped,
                    "the " + std::string(game) + " board is partly off screen (cut by the " + side_name(side) +
                        " edge of the picture)",
                    "scroll the page or move or enlarge the window until the whole board shows");
}

// kBoardClipped when the frame's border cuts the board (clipped_side), else nothing.
inline Result<void> check_not_clipped(const cv::Mat& ink, const cv::Rect& board, float pitch, std::string_view game,
                                      const ClipCheck& c = {}) {
  if (auto side = clipped_side(ink, board, pitch, c)) return board_clipped(*side, game);
  return {};
}

// The same for a board drawn on a plain background `bg`: ink is what lies farther than `tolerance`
// (levels, the largest channel difference) from it.
inline Result<void> check_not_clipped(const cv::Mat& bgr, const cv::Vec3b& bg, int tolerance, const cv::Rect& board,
                                      float pitch, std::string_view game, const ClipCheck& c = {}) {
  cv::Mat ink;
  cv::bitwise_not(near_colour(bgr, bg, tolerance), ink);
  return check_not_clipped(ink, board, pitch, game, c);
}

}  // namespace pb::vision
