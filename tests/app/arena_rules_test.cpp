// arena_rules_test.cpp: the practice arena's levels: generation, rules through pointer input, sessions.
#include <gtest/gtest.h>

#include <chrono>
#include <set>

#include "samples/arena/arena.hpp"
#include "samples/arena/hanoi_level.hpp"
#include "samples/arena/knight_level.hpp"
#include "samples/arena/onestroke_level.hpp"
#include "samples/arena/river_level.hpp"
#include "samples/arena/valves_level.hpp"
#include "solvers/common/text_board.hpp"
#include "solvers/registry.hpp"
#include "solvers/hanoi/hanoi.hpp"
#include "solvers/knight/knight.hpp"
#include "solvers/onestroke/onestroke.hpp"
#include "solvers/river/river.hpp"
#include "solvers/valves/valves.hpp"

namespace pb::arena {
namespace {


std::unique_ptr<Level> level(Game g, int number, std::uint64_t seed, int variant = 0, cv::Rect area = {0, 40, 800, 520}) {
  auto l = make_level(g, number, seed, variant);
  EXPECT_TRUE(l.ok());
  (*l)->set_area(area);
  return std::move(*l);
}

// The board text of every level parses with its game's own parser and prints back the same.
TEST(ArenaLevels, BoardTextRoundTrips) {
  for (Game g : games())
    for (int n = 1; n <= 4; ++n) {
      auto l = level(g, n, 7);
      const std::string text = l->board_text();
      auto board = solvers::split_text_board(text, "<test>", true);
      ASSERT_TRUE(board.ok()) << text;
      EXPECT_EQ(board->game, name_of(g));
      // Through the solvers' registry: the arena's games are games of PB_GAMES.
      const solvers::Game* game = solvers::find_game(name_of(g));
      ASSERT_NE(game, nullptr) << name_of(g);
      auto puzzle = game->parse(*board);
      ASSERT_TRUE(puzzle.ok()) << text;
      const std::string again = (*puzzle)->format();
      EXPECT_EQ(again, text);
    }
}

TEST(ArenaLevels, SameSeedSameLevelOtherSeedsVary) {
  for (Game g : games()) {
    EXPECT_EQ(level(g, 3, 11)->board_text(), level(g, 3, 11)->board_text());
    std::set<std::string> seen;
    for (std::uint64_t s = 1; s <= 6; ++s) seen.insert(level(g, 3, s)->board_text());
    EXPECT_GE(seen.size(), 3u) << name_of(g);
  }
}

// A solver's solution, fed as pointer gestures at the drawn positions, clears every level, in every
// style and in a differently placed area.
TEST(ArenaLevels, SolutionGesturesClear) {
  for (Game g : games())
    for (int n = 1; n <= 3; ++n)
      for (int variant : {0, 5}) {
        auto l = level(g, n, 100 + n, variant, variant ? cv::Rect{30, 60, 640, 420} : cv::Rect{0, 40, 800, 520});
        const auto strokes = l->solution();
        ASSERT_FALSE(strokes.empty()) << name_of(g) << " level " << n;
        EXPECT_FALSE(l->cleared());
        for (const Stroke& s : strokes) EXPECT_EQ(perform(*l, s), "") << name_of(g) << " level " << n;
        EXPECT_TRUE(l->cleared()) << name_of(g) << " level " << n << ": " << l->board_text();
        EXPECT_GT(l->moves(), 0);
      }
}

TEST(ArenaKnight, IllegalClicksAreRefused) {
  using solvers::knight::Cell;
  // Place the knight where the solver starts, then try squares it cannot jump to.
  auto l = level(game_from_name("knight"), 1, 3);
  auto& k = dynamic_cast<KnightLevel&>(*l);
  const auto strokes = k.solution();
  ASSERT_FALSE(strokes.empty());
  EXPECT_EQ(perform(k, strokes[0]), "");
  const Cell at = *k.state().knight;
  const Cell beside{at.row, at.col == 0 ? 1 : at.col - 1};  // one step sideways: never a knight's move
  const std::string before = k.board_text();
  EXPECT_NE(perform(k, {{k.square_centre(beside)}}), "");
  EXPECT_EQ(k.board_text(), before);
  EXPECT_NE(perform(k, {{k.square_centre(at)}}), "");  // revisiting the knight's own square
  EXPECT_EQ(k.moves(), 1);
  // Outside the board: ignored, not refused.
  EXPECT_EQ(perform(k, {{{1.0, 1.0}}}), "");
  EXPECT_EQ(k.board_text(), before);
}

TEST(ArenaHanoi, DragAndClickClickBothMoveAndBadMovesAreRefused) {
  solvers::hanoi::State s;
  s.rods = 3;
  s.config = {0, 0, 0};  // three disks on rod 0
  s.goal = 2;
  HanoiLevel h(s, 0);
  h.set_area({0, 40, 800, 520});
  // Drag the smallest disk from rod 0 to rod 2.
  EXPECT_EQ(perform(h, {{h.rod_point(0), h.rod_point(1), h.rod_point(2)}}), "");
  EXPECT_EQ(h.state().config, (solvers::hanoi::Config{2, 0, 0}));
  // Click rod 0, then click rod 2: disk 2 on disk 1 is refused and nothing moves.
  EXPECT_EQ(perform(h, {{h.rod_point(0)}}), "");
  EXPECT_TRUE(h.picked().has_value());
  EXPECT_NE(perform(h, {{h.rod_point(2)}}), "");
  EXPECT_EQ(h.state().config, (solvers::hanoi::Config{2, 0, 0}));
  EXPECT_FALSE(h.picked().has_value());
  // Click-click to rod 1 works.
  perform(h, {{h.rod_point(0)}});
  EXPECT_EQ(perform(h, {{h.rod_point(1)}}), "");
  EXPECT_EQ(h.state().config, (solvers::hanoi::Config{2, 1, 0}));
  // An empty rod cannot be picked.
  solvers::hanoi::State e = s;
  e.config = {1, 1, 1};
  HanoiLevel h2(e, 0);
  h2.set_area({0, 40, 800, 520});
  EXPECT_NE(perform(h2, {{h2.rod_point(0)}}), "");
  EXPECT_EQ(h.moves(), 2);
}

TEST(ArenaOnestroke, OnlyTheCatDragsAndOnlyAlongFreeCells) {
  auto board = solvers::split_text_board("onestroke\nS##\n#.#\n###\n", "<test>", true);
  ASSERT_TRUE(board.ok());
  OnestrokeLevel o(*solvers::onestroke::parse(*board), 0);
  o.set_area({0, 40, 800, 520});
  using Cell = OnestrokeLevel::Cell;
  // Dragging from a cell that is not the cat does nothing.
  perform(o, {{o.cell_centre({0, 1}), o.cell_centre({0, 2})}});
  EXPECT_EQ(o.moves(), 0);
  // Diagonal: refused. Into the hole: refused.
  EXPECT_NE(perform(o, {{o.cell_centre({0, 0}), o.cell_centre({1, 1})}}), "");
  EXPECT_EQ(o.moves(), 0);
  // A fast drag along the top row steps through both cells.
  EXPECT_EQ(perform(o, {{o.cell_centre({0, 0}), o.cell_centre({0, 2})}}), "");
  EXPECT_EQ(o.moves(), 2);
  EXPECT_EQ(o.state().head, (Cell{0, 2}));
  perform(o, {{o.cell_centre({0, 2}), o.cell_centre({2, 2}), o.cell_centre({2, 0}), o.cell_centre({1, 0})}});
  EXPECT_TRUE(o.cleared());
}

TEST(ArenaValves, EndsAreNotValvesAndWrenchesRunOut) {
  auto board = solvers::split_text_board("valves k=1 inlet=X outlet=Y\nX A\nA Y\nX B\nB Y\n", "<test>", true);
  ASSERT_TRUE(board.ok());
  auto st = solvers::valves::parse(*board);
  ASSERT_TRUE(st.ok());
  std::vector<cv::Point2d> pos;
  for (const auto& n : st->names)
    pos.push_back(n == "X" ? cv::Point2d{0.1, 0.5} : n == "Y" ? cv::Point2d{0.9, 0.5} : n == "A" ? cv::Point2d{0.5, 0.3} : cv::Point2d{0.5, 0.7});
  ValvesLevel v(*st, pos, 0);
  v.set_area({0, 40, 800, 520});
  EXPECT_NE(perform(v, {{v.node_centre(st->inlet)}}), "");
  EXPECT_EQ(perform(v, {{v.node_centre(1)}}), "");  // names in order of appearance: X A Y B
  EXPECT_FALSE(v.cleared());
  EXPECT_TRUE(v.stuck());  // k = 1 used up, water still flows through the other branch
  EXPECT_NE(perform(v, {{v.node_centre(3)}}), "");
}

TEST(ArenaRiver, UnsafeCrossingIsRefusedAndNothingMoves) {
  solvers::river::State s;  // 3 guards, 3 prisoners, boat 2
  RiverLevel r(s, 0);
  r.set_area({0, 40, 800, 520});
  // Board two guards: the left bank keeps 1 guard with 3 prisoners: refused.
  EXPECT_EQ(perform(r, {{r.bank_figure(true, true, 2)}}), "");
  EXPECT_EQ(perform(r, {{r.bank_figure(true, true, 1)}}), "");
  EXPECT_NE(perform(r, {{r.bank_figure(true, false, 2)}}), "");  // the boat is full
  const std::string before = r.board_text();
  EXPECT_NE(perform(r, {{r.boat_centre()}}), "");
  EXPECT_EQ(r.board_text(), before);
  EXPECT_EQ(r.aboard(), (solvers::river::Move{2, 0}));
  // Land one, take a prisoner: a legal trip.
  EXPECT_EQ(perform(r, {{r.boat_figure(true, 1)}}), "");
  EXPECT_EQ(perform(r, {{r.bank_figure(true, false, 2)}}), "");
  EXPECT_EQ(perform(r, {{r.boat_centre()}}), "");
  EXPECT_EQ(r.state().left_guards, 2);
  EXPECT_EQ(r.state().left_prisoners, 2);
  EXPECT_FALSE(r.state().boat_left);
  // Figures on the far bank cannot board.
  EXPECT_NE(perform(r, {{r.bank_figure(true, true, 0)}}), "");
}

TEST(ArenaSession, ClearedBannerThenTheNextLevel) {
  SessionOptions o;
  o.game = game_from_name("hanoi");
  o.seed = 5;
  o.clear_delay = std::chrono::milliseconds(0);
  auto s = Session::create(o);
  ASSERT_TRUE(s.ok());
  EXPECT_EQ(s->status(), "level 1 - moves 0");
  const std::string first = s->level().board_text();
  for (const Stroke& st : s->level().solution()) {
    s->press(st.points.front());
    for (std::size_t i = 1; i < st.points.size(); ++i) s->drag(st.points[i]);
    s->release(st.points.back());
  }
  EXPECT_TRUE(s->showing_cleared());
  EXPECT_EQ(s->status(), "LEVEL CLEARED");
  EXPECT_FALSE(s->press({400, 300}));  // input is ignored under the banner
  auto moved = s->tick(std::chrono::steady_clock::now());
  ASSERT_TRUE(moved.ok());
  EXPECT_TRUE(*moved);
  EXPECT_EQ(s->level_number(), 2);
  EXPECT_EQ(s->status(), "level 2 - moves 0");
  EXPECT_NE(s->level().board_text(), first);
  const cv::Mat f = s->frame();
  EXPECT_EQ(f.size(), o.size);
}

TEST(ArenaSession, StuckValvesRestart) {
  SessionOptions o;
  o.game = game_from_name("valves");
  o.first_level = 4;
  o.seed = 9;
  auto s = Session::create(o);
  ASSERT_TRUE(s.ok());
  auto& v = dynamic_cast<ValvesLevel&>(s->level());
  const std::string start = v.board_text();
  // Close valves that are not in the solver's cut until the wrenches run out.
  const auto good = v.solution();
  int closed = 0;
  for (std::size_t n = 0; n < v.state().names.size() && closed < v.state().wrenches; ++n) {
    if (static_cast<int>(n) == v.state().inlet || static_cast<int>(n) == v.state().outlet) continue;
    bool in_cut = false;
    for (const auto& g : good) in_cut |= cv::norm(g.points[0] - v.node_centre(static_cast<int>(n))) < 1;
    if (in_cut) continue;
    s->press(v.node_centre(static_cast<int>(n)));
    s->release(v.node_centre(static_cast<int>(n)));
    ++closed;
    ASSERT_FALSE(s->showing_cleared()) << "this level has another cut of the same size: pick another seed";
  }
  ASSERT_GT(closed, 0);
  EXPECT_EQ(s->level().board_text(), start);
  EXPECT_NE(s->status().find("out of wrenches"), std::string::npos);
}

TEST(ArenaLevels, RejectsBadArguments) {
  EXPECT_FALSE(make_level(game_from_name("knight"), 0, 1, 0).ok());
  EXPECT_FALSE(make_level(game_from_name("knight"), 1, 1, -1).ok());
  EXPECT_EQ(game_from_name("chess"), nullptr);
  EXPECT_EQ(make_level(nullptr, 1, 1, 0).ok(), false);
  ASSERT_NE(game_from_name("river"), nullptr);
  EXPECT_EQ(name_of(game_from_name("river")), "river");
  SessionOptions o;
  o.size = {100, 100};
  EXPECT_FALSE(Session::create(o).ok());
}

}  // namespace
}  // namespace pb::arena
