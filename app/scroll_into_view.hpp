/* scroll_into_view.hpp: a board cut by the window's edge (a page scrolled off it) wheeled into view before play. */
#pragma once

// A reader refuses a board the frame's edge cuts (ErrorCode::kBoardClipped, vision/common/clipping.hpp),
// so nothing is ever clicked on a board partly off screen. In a browser the page can be scrolled: the
// mouse wheel, with the pointer at the window's centre (over the page, never outside the window),
// `notches` at a time, looking again after each turn once the page holds still; downwards first (a
// page opens at its top, so a board below the fold is cut at the bottom), then, once the page no
// longer moves, upwards. Bounded by `max_steps` turns: a board that does not fit the window (or a
// window that does not scroll) ends with the reader's one line and what to do, exit status 2.
//
// Rejected: keys (Page Down, arrows: they go to whatever has the keyboard focus, and a game page may
// take arrows as moves); guessing the direction from which edge cuts the board (a board taller than
// the window is cut at both, and the wheel's step is the page's, not ours: looking after each turn
// is what tells).

#include <chrono>
#include <cstdio>
#include <functional>

#include "app/play.hpp"
#include "capture/frame_source.hpp"
#include "core/result.hpp"

namespace pb::app {

struct ScrollOptions {
  int max_steps = 24;                          // wheel turns before giving up
  int notches = 2;                             // wheel notches per turn
  std::chrono::milliseconds settle{1500};      // longest wait for the page to hold still after a turn
  std::chrono::milliseconds poll{25};          // between grabs while it moves
  const std::atomic<bool>* cancel = nullptr;
};

// Turns the wheel `notches` (positive: down) with the pointer at `at` (frame px of the frame it was
// read from); the device's, or empty when it cannot scroll.
using ScrollFn = std::function<Result<void>(const capture::Frame& frame, calibration::FramePoint at, int notches)>;

// Reads the board once; when the reader says it is cut by the frame's edge, scrolls until it reads
// whole (or, within the bound, it cannot). Any other failure to read is left to the play loop, which
// says it in its own words. `log`: progress lines, or nullptr.
Result<void> scroll_board_into_view(capture::FrameSource& source, Player& player, const ScrollFn& scroll,
                                    const ScrollOptions& options, std::FILE* log);

}  // namespace pb::app
