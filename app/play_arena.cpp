/* play_arena.cpp: the arena games' moves as gestures, their readings, and the arena's level flow (ArenaLevels). */
#include "app/play_arena.hpp"

#include <cstdio>
#include <thread>

namespace pb::app {
namespace {

std::string cell_text(int row, int col) {
  char text[32];  // snprintf: GCC 12 warns falsely (-Wrestrict) on "(" + std::to_string(n)
  std::snprintf(text, sizeof text, "(%d,%d)", row, col);
  return text;
}

}  // namespace

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

// ---- knight ----

Result<PlayReading<KnightRules::State>> KnightRules::read(const cv::Mat& bgr, const Params& params) {
  auto r = vision::knight::read(bgr, params);
  if (!r) return r.error();
  return PlayReading<State>{std::move(r->state), std::move(r->centres), {}};
}

MoveList<KnightRules::Move> KnightRules::solve(const State& s, const solvers::Limits& limits) {
  if (!s.knight) {
    auto sol = solvers::knight::solve(s, limits);
    return {sol.status, std::move(sol.tour), sol.reason, sol.nodes};
  }
  // Mid-tour: the rest of the tour is a tour of the free squares that starts on the knight's square
  // (the solver takes boards before the first move, where visited squares are removed ones).
  State rest = s;
  for (auto& sq : rest.squares)
    if (sq == solvers::knight::Square::kVisited) sq = solvers::knight::Square::kRemoved;
  rest.squares[rest.index(*s.knight)] = solvers::knight::Square::kFree;
  rest.start = s.knight;
  rest.knight.reset();
  rest.closed = false;  // the arena's tours are open; a closed one would have to return to s.start
  auto sol = solvers::knight::solve(rest, limits);
  MoveList<Move> out{sol.status, {}, sol.reason, sol.nodes};
  if (sol.status == solvers::Status::kSolved && !sol.tour.empty())
    out.moves.assign(sol.tour.begin() + 1, sol.tour.end());  // the knight stands on the first square
  return out;
}

Result<FrameGesture> KnightRules::gesture(const PlayReading<State>& reading, const State& before, Move m) {
  if (reading.centres.size() != before.squares.size())
    return make_error("the reader gave " + std::to_string(reading.centres.size()) + " centres for " +
                      std::to_string(before.squares.size()) + " squares: a reader bug");
  if (!before.inside(m)) return make_error("square " + cell_text(m.row, m.col) + " is off the board: a planner bug");
  const cv::Point2f& p = reading.centres[before.index(m)];
  return FrameGesture{actuator::Gesture::Kind::kTap,
                      {{p.x, p.y, reading.frame}},
                      (before.knight ? "knight to " : "place the knight on ") + cell_text(m.row, m.col)};
}

bool KnightRules::same_level(const State& start, const State& later) {
  if (start.rows != later.rows || start.cols != later.cols || start.squares.size() != later.squares.size()) return false;
  for (std::size_t i = 0; i < start.squares.size(); ++i) {
    using solvers::knight::Square;
    if ((start.squares[i] == Square::kRemoved) != (later.squares[i] == Square::kRemoved)) return false;
    if (start.squares[i] == Square::kVisited && later.squares[i] != Square::kVisited) return false;
  }
  return true;
}

// ---- Hanoi ----

Result<PlayReading<HanoiRules::State>> HanoiRules::read(const cv::Mat& bgr, const Params& params) {
  auto r = vision::hanoi::read(bgr, params);
  if (!r) return r.error();
  return PlayReading<State>{std::move(r->state), std::move(r->centres), {}};
}

MoveList<HanoiRules::Move> HanoiRules::solve(const State& s, const solvers::Limits& limits) {
  auto sol = solvers::hanoi::solve(s, limits);
  return {sol.status, std::move(sol.moves), sol.reason, sol.nodes};
}

bool HanoiRules::is_goal(const State& s) {
  for (auto peg : s.config)
    if (peg != s.goal) return false;
  return true;
}

bool HanoiRules::same_level(const State& start, const State& later) {
  return start.pegs == later.pegs && start.disks() == later.disks() && start.goal == later.goal;
}

Result<FrameGesture> HanoiRules::gesture(const PlayReading<State>& reading, const State& before, Move m) {
  const auto pegs = static_cast<std::size_t>(before.pegs);
  if (reading.centres.size() != pegs)
    return make_error("the reader gave " + std::to_string(reading.centres.size()) + " pegs for " +
                      std::to_string(pegs) + ": a reader bug");
  if (m.from < 0 || m.to < 0 || static_cast<std::size_t>(m.from) >= pegs || static_cast<std::size_t>(m.to) >= pegs ||
      before.top(m.from) < 0)
    return make_error("no disk to move from peg " + std::to_string(m.from + 1) + ": a planner bug");
  // Press halfway up the source rod and release halfway up the target's: the arena picks the top
  // disk of the peg pressed, wherever on its column, so a press there cannot miss a thin top disk.
  const cv::Point2f& a = reading.centres[static_cast<std::size_t>(m.from)];
  const cv::Point2f& b = reading.centres[static_cast<std::size_t>(m.to)];
  return FrameGesture{actuator::Gesture::Kind::kDrag,
                      {{a.x, a.y, reading.frame}, {b.x, b.y, reading.frame}},
                      "disk " + std::to_string(before.top(m.from) + 1) + ": peg " + std::to_string(m.from + 1) +
                          " -> peg " + std::to_string(m.to + 1)};
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
    cleared_how_ = "the board left the screen after the last move (the LEVEL CLEARED banner)";
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
