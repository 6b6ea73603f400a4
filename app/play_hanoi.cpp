/* play_hanoi.cpp: the Tower of Hanoi in `puzzlebot play` (the arena): its Rules (a drag per move) and its entry. */
#include <span>
#include <string>
#include <utility>

#include "app/play_arena.hpp"
#include "app/play_games.hpp"
#include "solvers/hanoi/hanoi.hpp"
#include "vision/hanoi/reader.hpp"

namespace pb::app {
namespace {

// Tower of Hanoi: drag the top disk of the source peg onto the target peg. The reading's centres
// are the pegs' (halfway up each rod); the disks' boxes are kept for where to press.
struct HanoiRules {
  using State = solvers::hanoi::State;
  using Move = solvers::hanoi::Move;
  using Params = vision::hanoi::Params;
  static constexpr std::string_view kGame = "hanoi";
  static constexpr bool kConfirmByPixels = false;  // disks change place and stack heights
  static Result<Params> load_params(const cv::FileNode& node) { return vision::hanoi::load_params(node); }
  static Result<PlayReading<State>> read(const cv::Mat& bgr, const Params& params);
  static MoveList<Move> solve(const State& s, const solvers::Limits& limits);
  static Result<State> apply(const State& s, Move m) { return solvers::hanoi::apply(s, m); }
  static bool is_goal(const State& s);
  static std::string format(const State& s) { return solvers::hanoi::format(s); }
  static std::string moves_json(const State&, const std::vector<Move>& plan) {
    std::vector<std::pair<int, int>> pairs;
    for (const Move& m : plan) pairs.emplace_back(m.from, m.to);
    return json::int_pairs(pairs);
  }
  static Result<FrameGesture> gesture(const PlayReading<State>& reading, const State& before, Move m);
  // The same pegs, disks and goal (any position of them is reachable from any other).
  static bool same_level(const State& start, const State& later);
};

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

}  // namespace

std::span<const PlayGame> hanoi_play_games() {
  static constexpr PlayGame kEntries[] = {
      {"hanoi", kArenaWindow, "Tower of Hanoi (arena): drag the top disk onto another peg", LevelFlow::kAdvancesItself,
       &make_arena_player<HanoiRules>},
  };
  return kEntries;
}

}  // namespace pb::app
