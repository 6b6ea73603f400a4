/* play_valves.cpp: the valves Rules: readings, plans of valves to close, and a click per valve. */
#include "app/play_valves.hpp"

#include <algorithm>
#include <set>
#include <span>
#include <utility>

namespace pb::app {
namespace {

namespace sv = solvers::valves;

const std::string& name_of(const sv::State& s, int v) { return s.names[static_cast<std::size_t>(v)]; }

// The network by names: pipes as sorted name pairs, and the ends.
std::multiset<std::pair<std::string, std::string>> pipes_of(const sv::State& s) {
  std::multiset<std::pair<std::string, std::string>> out;
  for (auto [a, b] : s.pipes) {
    std::string x = name_of(s, a), y = name_of(s, b);
    if (y < x) std::swap(x, y);
    out.insert({std::move(x), std::move(y)});
  }
  return out;
}

bool same_network(const sv::State& a, const sv::State& b) {
  return a.wrenches == b.wrenches && name_of(a, a.inlet) == name_of(b, b.inlet) &&
         name_of(a, a.outlet) == name_of(b, b.outlet) && pipes_of(a) == pipes_of(b);
}

std::set<std::string> closed_of(const sv::State& s) {
  std::set<std::string> out;
  for (std::size_t v = 0; v < s.names.size(); ++v)
    if (s.closed[v]) out.insert(s.names[v]);
  return out;
}

}  // namespace

bool operator==(const ValvesBoard& a, const ValvesBoard& b) {
  return same_network(a.state, b.state) && closed_of(a.state) == closed_of(b.state);
}

Result<PlayReading<ValvesRules::State>> ValvesRules::read(const cv::Mat& bgr, const Params& params) {
  auto r = vision::valves::read(bgr, params);
  if (!r) return r.error();
  return PlayReading<State>{ValvesBoard{std::move(r->state)}, std::move(r->centres), {}};
}

MoveList<ValvesRules::Move> ValvesRules::solve(const State& s, const solvers::Limits& limits) {
  auto sol = sv::solve(s.state, limits);
  return {sol.status, std::move(sol.moves), sol.reason, sol.nodes};
}

Result<ValvesRules::State> ValvesRules::apply(const State& s, Move m) {
  auto next = sv::apply(s.state, m);
  if (!next) return next.error();
  return ValvesBoard{std::move(*next)};
}

bool ValvesRules::is_goal(const State& s) {
  return !s.state.names.empty() && !sv::connected(s.state.graph, s.state.inlet, s.state.outlet, s.state.closed);
}

std::string ValvesRules::moves_json(const State& start, const std::vector<Move>& plan) {
  std::vector<std::string> names;
  State s = start;
  for (Move m : plan) {
    if (m < 0 || static_cast<std::size_t>(m) >= s.state.names.size()) break;  // plan() replayed it: not reached
    names.push_back(json::quote(name_of(s.state, m)));
    auto next = apply(s, m);
    if (!next) break;
    s = std::move(*next);
  }
  return json::array(names);
}

Result<FrameGesture> ValvesRules::gesture(const PlayReading<State>& reading, const State& before, Move m) {
  if (m < 0 || static_cast<std::size_t>(m) >= before.state.names.size())
    return make_error("valve " + std::to_string(m) + " is not on the board: a planner bug");
  const std::string& name = name_of(before.state, m);
  const auto& names = reading.state.state.names;
  const auto it = std::find(names.begin(), names.end(), name);
  if (it == names.end() || reading.centres.size() != names.size())
    return make_error("valve " + name + " is not where the board was read: read the screen again");
  const cv::Point2f& p = reading.centres[static_cast<std::size_t>(it - names.begin())];
  return FrameGesture{actuator::Gesture::Kind::kTap, {{p.x, p.y, reading.frame}}, "close valve " + name};
}

bool ValvesRules::same_level(const State& start, const State& later) { return same_network(start.state, later.state); }

}  // namespace pb::app

// The valves' entry in `puzzlebot play` (app/play_games.hpp).

namespace pb::app {

std::span<const PlayGame> valves_play_games() {
  static constexpr PlayGame kEntries[] = {
      {"valves", kArenaWindow, "valves (arena): click a valve's wheel to close it", LevelFlow::kAdvancesItself,
       &make_arena_player<ValvesRules>},
  };
  return kEntries;
}

}  // namespace pb::app
