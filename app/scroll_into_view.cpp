/* scroll_into_view.cpp: wheel a board cut by the window's edge into view, looking again after each turn. */
#include "app/scroll_into_view.hpp"

#include "capture/still.hpp"

namespace pb::app {

Result<void> scroll_board_into_view(capture::FrameSource& source, Player& player, const ScrollFn& scroll,
                                    const ScrollOptions& o, std::FILE* log) {
  auto frame = source.grab();
  if (!frame) return frame.error();
  auto read = player.read(frame->bgr);
  if (read || !read.error().is(ErrorCode::kBoardClipped)) return {};
  Error last = read.error();
  if (!scroll) return add_hint(last, "this device cannot scroll");
  int direction = 1, turned = 0, reversals = 0;
  for (int step = 0; step < o.max_steps; ++step) {
    if (o.cancel != nullptr && o.cancel->load()) return make_error(ErrorCode::kInterrupted, "stopped by Ctrl-C while scrolling");
    const calibration::FramePoint centre{frame->bgr.cols / 2.0, frame->bgr.rows / 2.0,
                                         {frame->bgr.cols, frame->bgr.rows}};
    if (auto r = scroll(*frame, centre, direction * o.notches); !r) return r;
    capture::StillOptions still;
    still.poll = o.poll;
    still.change_timeout = o.settle / 2;
    still.settle_timeout = o.settle;
    still.cancel = o.cancel;
    auto now = capture::wait_until_still(source, &frame->bgr, still);
    if (!now) return now.error();
    frame = std::move(now->frame);
    turned += direction;
    if (!now->changed) {
      // The page moves no further this way: the other way, once; after that, it cannot be helped.
      if (++reversals > 1) break;
      direction = -direction;
      continue;
    }
    read = player.read(frame->bgr);
    if (read) {
      if (log != nullptr)
        std::fprintf(log, "puzzlebot: the board was cut by the window's edge; scrolled it into view (%d wheel notches %s)\n",
                     std::abs(turned) * o.notches, turned >= 0 ? "down" : "up");
      return {};
    }
    if (read.error().is(ErrorCode::kBoardClipped)) {
      last = read.error();
    } else if (read.error().is(ErrorCode::kNoBoard)) {
      // Scrolled past it (a board smaller than a turn's step): back the other way.
      if (++reversals > 1) break;
      direction = -direction;
    } else {
      return {};  // something else on screen: the play loop reads and reports it
    }
  }
  return add_hint(last, "scrolling did not bring the whole board into view: is the window smaller than the board?");
}

}  // namespace pb::app
