/* play_onestroke.cpp: the one-stroke Player: planning (with the replay fallback), the drag, level-cleared detection. */
#include "app/play_onestroke.hpp"

#include <algorithm>
#include <opencv2/imgproc.hpp>
#include <span>
#include <thread>

#include "app/play_arena.hpp"
#include "app/play_games.hpp"
#include "calibration/profile.hpp"
#include "core/json.hpp"
#include "solvers/onestroke/rules.hpp"
#include "vision/onestroke/replay_button.hpp"

namespace pb::app {
namespace {

namespace os = solvers::onestroke;
using os::Cell;
using os::Site;

int visited_count(const os::State& s) {
  return static_cast<int>(std::count(s.sites.begin(), s.sites.end(), Site::kVisited));
}

bool is_goal(const os::State& s) { return os::Rules::is_goal(s); }

}  // namespace

bool same_layout(const os::State& a, const os::State& b) {
  if (a.rows != b.rows || a.cols != b.cols || a.sites.size() != b.sites.size()) return false;
  for (std::size_t i = 0; i < a.sites.size(); ++i)
    if ((a.sites[i] == Site::kNone) != (b.sites[i] == Site::kNone)) return false;
  return true;
}

os::State fresh_board_guess(const os::State& mid) {
  os::State fresh = mid;
  std::optional<Cell> start;
  for (int r = 0; r < mid.rows && !start; ++r)
    for (int c = 0; c < mid.cols && !start; ++c) {
      const Cell at{r, c};
      if (mid.at(at) != Site::kVisited || at == mid.head) continue;
      int n = 0;
      for (Cell d : {Cell{-1, 0}, Cell{1, 0}, Cell{0, -1}, Cell{0, 1}}) {
        const Cell nb{r + d.row, c + d.col};
        if (mid.inside(nb) && mid.at(nb) == Site::kVisited) ++n;
      }
      if (n == 1) start = at;
    }
  if (!start) start = mid.head;  // a band that loops back on itself: keep the head, the check will tell
  for (auto& s : fresh.sites)
    if (s == Site::kVisited) s = Site::kFree;
  fresh.sites[static_cast<std::size_t>(start->row * fresh.cols + start->col)] = Site::kVisited;
  fresh.head = *start;
  return fresh;
}

Result<void> OnestrokePlayer::read(const cv::Mat& bgr) {
  auto got = read_(bgr);
  if (!got) {
    // Right after the finishing drag the game swaps the finished board for its "cleared" screen
    // or the next level: a board that is gone is the level cleared, not a reading failure.
    if (finish_sent_ && got.error().is(ErrorCode::kNoBoard)) {
      cleared_ = true;
      cleared_how_ = "the board left the screen after the last cell was drawn";
      vanished_ = true;
      reading_.reset();
      frame_ = bgr;
      return {};
    }
    return got.error();
  }
  const os::State& s = got->state;
  // The same level, not finished, after the last drag: the drag missed cells, or this frame was
  // taken while the game still drew the path. finish_sent_ stays until the next plan: a board that
  // then leaves the screen (the finished board, which does not read) is still the level cleared.
  if (finish_sent_ && !is_goal(s) && !same_layout(s, plan_start_)) {
    cleared_ = true;
    cleared_how_ = "the next level appeared after the last cell was drawn";
  }
  if (is_goal(s)) {
    cleared_ = true;
    cleared_how_ = "the finished board was seen";
  }
  // Remember the level's board as it started (only the start visited); a new level replaces it,
  // unless it is the next level glimpsed while confirming the last one was cleared.
  if (visited_count(s) == 1 && !cleared_) level_ = s;
  reading_ = std::move(*got);
  frame_ = bgr;
  return {};
}

bool OnestrokePlayer::solved() const { return cleared_ || (reading_ && is_goal(reading_->state)); }

std::string OnestrokePlayer::board_text() const {
  if (reading_) return os::format(reading_->state);
  return cleared_ ? "(no board on screen: " + cleared_how_ + ")\n" : std::string();
}

// A plan that first restarts the level (the replay button) is moves from the level's start.
std::string OnestrokePlayer::plan_moves_json() const {
  std::vector<std::pair<int, int>> cells;
  for (const OnestrokeStep& step : steps_)
    for (std::size_t k = cells.empty() ? 0 : 1; k < step.path.size(); ++k) cells.emplace_back(step.path[k].row, step.path[k].col);
  return cells.empty() ? std::string() : json::int_pairs(cells);
}

std::string OnestrokePlayer::plan_board_text() const {
  if (!steps_.empty() && steps_.front().kind == OnestrokeStep::Kind::kReplay && !predicted_.empty())
    return os::format(predicted_.front());
  return board_text();
}

void OnestrokePlayer::begin_level() {
  cleared_ = false;
  vanished_ = false;
  finish_sent_ = false;
  cleared_how_.clear();
  steps_.clear();
  predicted_.clear();
}

PlanOutcome OnestrokePlayer::plan(const solvers::Limits& limits) {
  steps_.clear();
  predicted_.clear();
  finish_sent_ = false;
  PlanOutcome out;
  if (!reading_) {
    out.status = solvers::Status::kGaveUp;
    out.reason = "no board has been read";
    return out;
  }
  const os::State& now = reading_->state;
  auto add_drag = [&](const os::State& from, const std::vector<Cell>& path) -> bool {
    os::State s = from;
    for (std::size_t k = 1; k < path.size(); ++k) {
      auto next = os::apply(s, path[k]);
      if (!next) return false;  // a solver bug: never act on a plan that does not replay
      s = std::move(*next);
    }
    steps_.push_back({OnestrokeStep::Kind::kDrag, path});
    predicted_.push_back(std::move(s));
    return true;
  };
  // A path the rules refuse is a solver bug: nothing of the plan is played.
  auto not_replayed = [&] {
    out.status = solvers::Status::kGaveUp;
    out.reason = "the solver's path does not replay: not acting on it";
    steps_.clear();
    predicted_.clear();
    return out;
  };
  auto solution = os::solve(now, limits);
  out.nodes = solution.nodes;
  if (solution.status == solvers::Status::kSolved) {
    if (!add_drag(now, solution.path)) return not_replayed();
  } else if (solution.status == solvers::Status::kUnsolvable && visited_count(now) > 1) {
    // A dead end mid-level (a touch went astray): start the level again with the replay button.
    os::State fresh = level_ && same_layout(*level_, now) ? *level_ : fresh_board_guess(now);
    auto again = os::solve(fresh, limits);
    out.nodes += again.nodes;
    if (again.status != solvers::Status::kSolved) {
      out.status = again.status;
      out.reason = "the board on screen is a dead end (" + solution.reason + ") and the level from its start: " + again.reason;
      return out;
    }
    steps_.push_back({OnestrokeStep::Kind::kReplay, {}});
    predicted_.push_back(fresh);
    if (!add_drag(fresh, again.path)) return not_replayed();
  } else {
    out.status = solution.status;
    out.reason = solution.reason;
    return out;
  }
  plan_start_ = now;
  out.status = solvers::Status::kSolved;
  out.moves = steps_.size();
  return out;
}

Result<FrameGesture> OnestrokePlayer::gesture(std::size_t i) const {
  if (i >= steps_.size()) return make_error("no planned step " + std::to_string(i));
  if (!reading_) return make_error("no board read to place the move on");
  const OnestrokeStep& step = steps_[i];
  FrameGesture g;
  if (step.kind == OnestrokeStep::Kind::kReplay) {
    auto at = vision::onestroke::find_replay_button(frame_);
    if (!at) return at.error();
    g.kind = actuator::Gesture::Kind::kTap;
    g.points.push_back(*at);
    g.label = "replay button (the cat is in a dead end)";
  } else {
    g.kind = actuator::Gesture::Kind::kDrag;
    for (Cell c : step.path) g.points.push_back(reading_->cell_centre(c));
    const Cell a = step.path.front(), b = step.path.back();
    g.label = "drag through " + std::to_string(step.path.size()) + " cells (" + std::to_string(a.row) + "," +
              std::to_string(a.col) + ") -> (" + std::to_string(b.row) + "," + std::to_string(b.col) + ")";
  }
  if (i + 1 == steps_.size()) finish_sent_ = true;
  return g;
}

Result<void> OnestrokePlayer::await_next_level(capture::FrameSource& source, std::chrono::milliseconds timeout,
                                               std::chrono::milliseconds poll, const std::atomic<bool>* cancel) {
  using Clock = std::chrono::steady_clock;
  const os::State done = plan_start_;
  begin_level();
  const auto end = Clock::now() + timeout;
  std::string last = "nothing readable";
  while (Clock::now() < end) {
    if (cancel != nullptr && cancel->load()) return interrupted_between_levels();
    auto f = source.grab();
    if (!f) return f.error();
    if (auto r = read(f->bgr); r && reading_) {
      const os::State& s = reading_->state;
      if (!same_layout(s, done)) {
        if (visited_count(s) == 1) return {};
        last = "a board of another shape, partly drawn";
      } else if (s.free_count() > 0) {
        return make_error(ErrorCode::kNotCleared, "the level was not cleared after all: the same board is back with " +
                                                      std::to_string(s.free_count()) + " cells to go");
      }
    }
    std::this_thread::sleep_for(poll);
  }
  return make_error("the next level did not appear within " + std::to_string(timeout.count() / 1000) + " s (saw " +
                    last + "): is a dialog open on the phone?");
}

bool OnestrokePlayer::matches_after(std::size_t i) const {
  if (i == kBeforePlan) return reading_ && reading_->state == plan_start_;
  if (i >= predicted_.size()) return false;
  if (cleared_) return i + 1 == predicted_.size();
  return reading_ && reading_->state == predicted_[i];
}

}  // namespace pb::app

// One-stroke's entry in `puzzlebot play` (app/play_games.hpp): on a phone the game is 一笔画完 (the
// replay button, levels that follow each other: OnestrokePlayer); on the desktop it is the arena's
// (its Rules, solvers/onestroke/rules.hpp: one drag per plan).

namespace pb::app {
namespace {

// The arena's reading: the places are the cells, row-major.
PlayReading<os::State> cell_places(vision::onestroke::Reading&& r) {
  PlayReading<os::State> out;
  out.state = r.state;
  out.centres.reserve(r.state.sites.size());
  for (int row = 0; row < r.state.rows; ++row)
    for (int col = 0; col < r.state.cols; ++col) {
      const cv::Point2d at = r.lattice.centre({row, col});
      out.centres.emplace_back(static_cast<float>(at.x), static_cast<float>(at.y));
    }
  return out;
}

Result<std::unique_ptr<Player>> make_onestroke(const PlayContext& c) {
  if (c.device.pointer == DeviceAbilities::Pointer::kMouse)
    return make_arena_player<os::Rules>(c, &vision::onestroke::load_params, &vision::onestroke::read, &cell_places);
  auto params = params_for<vision::onestroke::Params>(c, "onestroke",
                                                      [](const cv::FileNode& n) { return vision::onestroke::load_params(n); });
  if (!params) return params.error();
  return std::unique_ptr<Player>(std::make_unique<OnestrokePlayer>(
      [p = *params](const cv::Mat& bgr) { return vision::onestroke::read(bgr, p); }));
}

}  // namespace

// ---- calibrate --adb's test move (app/calibration_probe.hpp) ----
//
// A tap on a free cell next to the cat: on a fresh screenshot the cat must stand on that cell. That
// proves the transform end to end (a wrong scale or offset lands the tap on another cell, a gap or
// the background, and the cat stays put), and it is safe: a step next to the cat is a legal move
// that the play loop continues from (or restarts with the replay button), never a purchase or a menu.

namespace {

std::string cell_text(Cell c) {
  std::string s(1, '(');  // appended: GCC 12 warns falsely on "(" + std::string&&
  s += std::to_string(c.row);
  s += ',';
  s += std::to_string(c.col);
  s += ')';
  return s;
}

Result<ProbeMove> plan_probe(const cv::Mat& shot, const calibration::ProfileDoc& profile) {
  auto params = calibration::reader_params<vision::onestroke::Params>(
      profile, "onestroke", [](const cv::FileNode& n) { return vision::onestroke::load_params(n); });
  if (!params) return params.error();
  auto before = vision::onestroke::read(shot, *params);
  if (!before)
    return make_error("cannot find the one-stroke board on the phone's screen: open 一笔画完 at a level and run again (" +
                      before.error().message + ")");
  const os::State s0 = before->state;
  std::optional<Cell> target;
  for (Cell d : {Cell{0, 1}, {1, 0}, {0, -1}, {-1, 0}}) {
    const Cell n{s0.head.row + d.row, s0.head.col + d.col};
    if (s0.inside(n) && s0.at(n) == Site::kFree) {
      target = n;
      break;
    }
  }
  if (!target)
    return make_error("the cat has no free cell next to it to test a tap on: press the game's replay button and run again");

  ProbeMove out;
  out.gesture.kind = actuator::Gesture::Kind::kTap;
  out.gesture.points.push_back(before->cell_centre(*target));
  out.gesture.label = "test tap on cell " + cell_text(*target);
  out.board = before->board;
  out.target = "cell " + cell_text(*target);
  out.landed = "moved the cat to cell " + cell_text(*target);
  out.check = [p = *params, s0, cell = *target](const cv::Mat& after, const std::string& where) -> Result<void> {
    auto r1 = vision::onestroke::read(after, p);
    const bool finished_by_tap = s0.free_count() == 1;
    if (r1) {
      if (!same_layout(r1->state, s0))
        return make_error(where + " did not move the cat there: the board changed shape (a menu opened?); run again");
      if (!(r1->state.head == cell))
        return make_error(where + " left the cat at " + cell_text(r1->state.head) +
                          ": the touch landed elsewhere; check 'adb shell wm size' matches the screen and run again");
    } else if (!finished_by_tap) {
      return make_error(where + " left a screen without a readable board: " + r1.error().message);
    }
    return {};
  };
  return out;
}

constexpr CalibrationProbe kProbe{"一笔画完 open on the phone at a level's board",
                                  "taps ONE free cell next to the cat to check the mapping (the cat must move there)",
                                  &plan_probe};

}  // namespace

std::span<const PlayGame> onestroke_play_games() {
  static constexpr PlayGame kEntries[] = {
      {.name = "onestroke",
       .window = kArenaWindow,
       .about = "one-stroke: drag the cat through every cell in one stroke (arena; 一笔画完 on a phone)",
       .flow = LevelFlow::kAdvancesItself,
       .make = &make_onestroke,
       .calibration = &kProbe},  // calibrate --adb taps next to the cat (above)
  };
  return kEntries;
}

}  // namespace pb::app
