/* play_arena.cpp: the arena's level flow (ArenaLevels), and one-stroke's drag and readings there. */
#include "app/play_arena.hpp"

#include <cstdio>
#include <thread>

namespace pb::app {

std::string cell_text(int row, int col) {
  char text[32];  // snprintf: GCC 12 warns falsely (-Wrestrict) on "(" + std::to_string(n)
  std::snprintf(text, sizeof text, "(%d,%d)", row, col);
  return text;
}

// ---- one-stroke ----

Result<PlayReading<OnestrokeRules::State>> OnestrokeRules::read(const cv::Mat& bgr, const Params& params) {
  auto r = vision::onestroke::read(bgr, params);
  if (!r) return r.error();
  PlayReading<State> out;
  out.state = r->state;
  out.centres.reserve(r->state.sites.size());
  for (int row = 0; row < r->state.rows; ++row)
    for (int col = 0; col < r->state.cols; ++col) {
      const cv::Point2d c = r->lattice.centre({row, col});
      out.centres.emplace_back(static_cast<float>(c.x), static_cast<float>(c.y));
    }
  return out;
}

MoveList<OnestrokeRules::Move> OnestrokeRules::solve(const State& s, const solvers::Limits& limits) {
  auto sol = solvers::onestroke::solve(s, limits);
  MoveList<Move> out{sol.status, {}, sol.reason, sol.nodes};
  if (sol.status == solvers::Status::kSolved) out.moves.push_back(std::move(sol.path));
  return out;
}

Result<OnestrokeRules::State> OnestrokeRules::apply(const State& s, const Move& path) {
  if (path.empty() || !(path.front() == s.head))
    return make_error("a one-stroke drag must start on the cat " + cell_text(s.head.row, s.head.col));
  State now = s;
  for (std::size_t k = 1; k < path.size(); ++k) {
    auto next = solvers::onestroke::apply(now, path[k]);
    if (!next) return next.error();
    now = std::move(*next);
  }
  return now;
}

Result<FrameGesture> OnestrokeRules::gesture(const PlayReading<State>& reading, const State& before, const Move& path) {
  if (reading.centres.size() != before.sites.size())
    return make_error("the reader gave " + std::to_string(reading.centres.size()) + " centres for " +
                      std::to_string(before.sites.size()) + " sites: a reader bug");
  if (path.size() < 2) return make_error("a one-stroke drag needs at least two cells: a planner bug");
  FrameGesture g;
  // Press on the cat, then through every cell's centre: the arena takes a straight run cell by cell,
  // and a corner is entered at its centre, never across the gap between two cells.
  g.kind = actuator::Gesture::Kind::kDrag;
  for (const auto& c : path) {
    if (!before.inside(c)) return make_error("cell " + cell_text(c.row, c.col) + " is off the board: a planner bug");
    const cv::Point2f& p = reading.centres[static_cast<std::size_t>(c.row * before.cols + c.col)];
    g.points.push_back({p.x, p.y, reading.frame});
  }
  g.label = "drag through " + std::to_string(path.size()) + " cells " + cell_text(path.front().row, path.front().col) +
            " -> " + cell_text(path.back().row, path.back().col);
  return g;
}

bool OnestrokeRules::same_level(const State& start, const State& later) {
  if (start.rows != later.rows || start.cols != later.cols || start.sites.size() != later.sites.size()) return false;
  for (std::size_t i = 0; i < start.sites.size(); ++i) {
    using solvers::onestroke::Site;
    if ((start.sites[i] == Site::kNone) != (later.sites[i] == Site::kNone)) return false;
    if (start.sites[i] == Site::kVisited && later.sites[i] != Site::kVisited) return false;
  }
  return true;
}

// ---- the arena's level flow ----

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
  } else if (!inner_->same_level_as_plan()) {
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
                                           std::chrono::milliseconds poll) {
  cleared_ = false;
  vanished_ = false;
  final_sent_ = false;
  cleared_how_.clear();
  steps_ = 0;
  const auto t0 = std::chrono::steady_clock::now();
  std::string last = "nothing read yet";
  for (;;) {
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
