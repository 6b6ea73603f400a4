/* play_arena.cpp: the arena's level flow (ArenaLevels). */
#include "app/play_arena.hpp"

#include <cstdio>
#include <thread>

namespace pb::app {

Result<void> ArenaLevels::read(const cv::Mat& bgr) {
  auto r = inner_->read(bgr);
  if (!final_sent_ || cleared_) {
    if (!r && cleared_ && r.error().is(ErrorCode::kNoBoard)) return {};  // the banner still shows
    return r;
  }
  if (!r) {
    if (!r.error().is(ErrorCode::kNoBoard)) return r;
    cleared_ = true;
    vanished_ = true;
    cleared_how_ = "the board left the screen after the last move (a level-cleared screen: the arena's banner, a page's message)";
    return {};
  }
  if (inner_->solved()) {
    cleared_ = true;
    cleared_how_ = "the finished board was seen";
  } else if (const auto* level = capability<SameLevel>(*inner_); level && !level->same_level_as_plan()) {
    // A board this level cannot become: the banner has come and gone already and this is the next
    // level. (A board of this level, even an unexpected one, is re-planned from by the loop.)
    cleared_ = true;
    cleared_how_ = "the next level appeared after the last move";
  }
  return {};
}

std::string ArenaLevels::board_text() const {
  if (cleared_) return "(level cleared: " + cleared_how_ + ")\n";
  return inner_->board_text();
}

PlanOutcome ArenaLevels::plan(const solvers::Limits& limits) {
  final_sent_ = false;
  PlanOutcome out = inner_->plan(limits);
  steps_ = out.status == solvers::Status::kSolved ? out.moves : 0;
  return out;
}

Result<FrameGesture> ArenaLevels::gesture(std::size_t i) const {
  auto g = inner_->gesture(i);
  if (g && i + 1 == steps_) final_sent_ = true;
  return g;
}

bool ArenaLevels::matches_after(std::size_t i) const {
  if (cleared_) return i != kBeforePlan && i + 1 == steps_;
  return inner_->matches_after(i);
}

Result<void> ArenaLevels::await_next_level(capture::FrameSource& source, std::chrono::milliseconds timeout,
                                           std::chrono::milliseconds poll, const std::atomic<bool>* cancel) {
  cleared_ = false;
  vanished_ = false;
  final_sent_ = false;
  cleared_how_.clear();
  steps_ = 0;
  const auto t0 = std::chrono::steady_clock::now();
  std::string last = "nothing read yet";
  for (;;) {
    if (cancel != nullptr && cancel->load()) return interrupted_between_levels();
    auto frame = source.grab();
    if (!frame) return frame.error();
    auto r = inner_->read(frame->bgr);
    if (r && !inner_->solved()) return {};
    last = r ? "the finished board is still on screen" : r.error().message;
    if (std::chrono::steady_clock::now() - t0 > timeout)
      return make_error("no new level appeared within " + std::to_string(timeout.count()) +
                        " ms of the last one being cleared (last seen: " + last + "): is the arena still running?");
    std::this_thread::sleep_for(poll);
  }
}

}  // namespace pb::app
