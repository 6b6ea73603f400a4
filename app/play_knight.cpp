/* play_knight.cpp: the knight's tour in `puzzlebot play` (the arena): its Rules (a click per square) and its entry. */
#include <span>
#include <string>
#include <utility>

#include "app/play_arena.hpp"
#include "app/play_games.hpp"
#include "solvers/knight/knight.hpp"
#include "vision/knight/reader.hpp"

namespace pb::app {
namespace {

// Knight's tour: click the squares in order; the first click places the knight. A board read
// mid-tour (knight placed) is solved as the board of its free squares starting on the knight.
struct KnightRules {
  using State = solvers::knight::State;
  using Move = solvers::knight::Move;
  using Params = vision::knight::Params;
  static constexpr std::string_view kGame = "knight";
  static constexpr bool kConfirmByPixels = false;  // a visited square gets a number, the knight a disc
  static Result<Params> load_params(const cv::FileNode& node) { return vision::knight::load_params(node); }
  static Result<PlayReading<State>> read(const cv::Mat& bgr, const Params& params);
  static MoveList<Move> solve(const State& s, const solvers::Limits& limits);
  static Result<State> apply(const State& s, Move m) { return solvers::knight::apply(s, m); }
  static bool is_goal(const State& s) { return s.knight.has_value() && s.free_count() == 0; }
  static std::string format(const State& s) { return solvers::knight::format(s); }
  // FORMATS.md's tour starts on the knight's square: a plan made mid-tour begins with it.
  static std::string moves_json(const State& start, const std::vector<Move>& plan) {
    std::vector<std::pair<int, int>> pairs;
    if (start.knight) pairs.emplace_back(start.knight->row, start.knight->col);
    for (const Move& m : plan) pairs.emplace_back(m.row, m.col);
    return json::int_pairs(pairs);
  }
  static Result<FrameGesture> gesture(const PlayReading<State>& reading, const State& before, Move m);
  // The same squares removed, and every square visited at `start` still visited.
  static bool same_level(const State& start, const State& later);
};

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

}  // namespace

std::span<const PlayGame> knight_play_games() {
  static constexpr PlayGame kEntries[] = {
      {"knight", kArenaWindow, "knight's tour (arena): click the squares in order", LevelFlow::kAdvancesItself,
       &make_arena_player<KnightRules>},
  };
  return kEntries;
}

}  // namespace pb::app
