/* stop_limit_test.cpp: every game's solver reports a stop by the user as Limit::kStopped, not as the time limit. */
// `puzzlebot solve` stopped by Ctrl-C exits 3 with the reason the solver gives, and that reason
// said "time limit": Limits::out_of_time() folded the stop flag into the deadline, and every solver
// worded what it hit as the time limit. Here each game in the list solves a board it cannot finish
// before its first look at the limits, through the game list's entry (the command line's path),
// with the stop flag set, past the deadline, and both; the Outcome must name the limit that
// stopped it. The flag is set before the solve starts, so the solver meets it in the middle of its
// search, where a Ctrl-C meets it, with no timing in the test.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <map>
#include <random>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "solvers/common/puzzle.hpp"
#include "solvers/registry.hpp"
#include "tests/support/solver_boards.hpp"

namespace pb::solvers {
namespace {

// A one-stroke board of n x n cells from a corner, one cell near the far corner taken out (colour
// parity still allows a path, and the easy serpentine no longer works).
std::string open_field(int n) {
  std::string text = "onestroke\n";
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) text += r == 0 && c == 0 ? 'S' : r == n - 1 && c == n - 2 ? '.' : '#';
    text += '\n';
  }
  return text;
}

// A valves network of n x n valves in a grid, the inlet joined to the first column and the outlet
// to the last: the minimum cut is a whole column, n augmenting paths of 2n steps each.
std::string valve_grid(int n) {
  std::string text = "valves k=" + std::to_string(n) + " inlet=I outlet=O\n";
  auto pipe = [&](const std::string& a, const std::string& b) { text.append(a).append(" ").append(b).append("\n"); };
  auto name = [](int r, int c) { return std::string("v").append(std::to_string(r)).append("_").append(std::to_string(c)); };
  for (int r = 0; r < n; ++r) {
    pipe("I", name(r, 0));
    pipe(name(r, n - 1), "O");
    for (int c = 0; c < n; ++c) {
      if (c + 1 < n) pipe(name(r, c), name(r, c + 1));
      if (r + 1 < n) pipe(name(r, c), name(r + 1, c));
    }
  }
  return text;
}

// A sliding board `steps` random blank moves from the goal (solvable by construction; a fixed
// seed, so the same board every run).
std::string shuffled(int rows, int cols, int steps) {
  std::vector<int> tiles(static_cast<std::size_t>(rows * cols));
  for (std::size_t i = 0; i + 1 < tiles.size(); ++i) tiles[i] = static_cast<int>(i) + 1;
  int blank = rows * cols - 1;
  std::mt19937 rng(7);
  for (int k = 0; k < steps; ++k) {
    const int r = blank / cols, c = blank % cols;
    int next = -1;
    switch (rng() % 4) {
      case 0: next = r > 0 ? blank - cols : -1; break;
      case 1: next = r + 1 < rows ? blank + cols : -1; break;
      case 2: next = c > 0 ? blank - 1 : -1; break;
      default: next = c + 1 < cols ? blank + 1 : -1; break;
    }
    if (next < 0) continue;
    std::swap(tiles[static_cast<std::size_t>(blank)], tiles[static_cast<std::size_t>(next)]);
    blank = next;
  }
  std::string text = "sliding\n";
  for (int i = 0; i < rows * cols; ++i)
    text.append(std::to_string(tiles[static_cast<std::size_t>(i)])).append(i % cols == cols - 1 ? "\n" : " ");
  return text;
}

// A 3-rod tower of n disks: 2^n - 1 moves to list.
std::string tower(int n) {
  std::string text = "hanoi\n";
  for (int d = n; d >= 1; --d) text += std::to_string(d) + (d > 1 ? " " : "\n");
  return text + "-\n-\n";
}

// Boards per game that take more than one check of the limits (1024 nodes) to solve; some games
// have two, for two ways through their solver.
const std::multimap<std::string_view, std::string>& hard_boards() {
  static const std::multimap<std::string_view, std::string> boards{
      {"onestroke", open_field(40)},
      // No open tour: the search must exhaust it (more than 1000 nodes).
      {"knight", "knight\n.#.....\n.......\n.......\n......#\n..#....\n.......\n"},
      {"pegs", "pegs target=0,3\n##o.o##\n##ooo##\nooooooo\nooooooo\nooooooo\n##ooo##\n##ooo##\n"},
      // IDA* over pattern databases, or the databases' build: Korf's instance 88 (65 moves; 184,790
      // nodes with the 8-7 tables), hard with any tables the cache holds. A random shuffle was not:
      // once another test had built the 8-7 tables, it solved before the first check.
      {"sliding", "sliding\n12 10 6 0\n9 8 13 15\n11 7 3 2\n5 4 14 1\n"},
      // The reduction, row by row: its searches (a tile and the blank, BFS) count against the
      // budget, as the corner's finish does; with the 8-7 tables cached the finish alone took fewer
      // than 1000 nodes, and the board solved under TheBoardsOutlastOneCheck.
      {"sliding", shuffled(6, 6, 4000)},
      {"valves", valve_grid(40)},
      {"hanoi", tower(20)},                                // listing the moves
      {"hanoi", "hanoi\n12 11 10 9 8 7 6 5 4 3 2\n1\n-\n-\n"},  // 4 rods, not a tower: exact search
      {"river", "river guards=300 prisoners=300 boat=4\n"},
  };
  return boards;
}

Outcome solve_text(std::string_view text, const Limits& limits) {
  ParseResult puzzle = test_support::parse_puzzle(*find_game(first_word(std::string(text))), text);
  if (!puzzle) {
    ADD_FAILURE() << puzzle.error().message;
    return {};
  }
  return (*puzzle)->solve(limits);
}

// A new game is tested here too: it must come with a board.
TEST(StopLimit, EveryGameHasAHardBoard) {
  for (const Game* game : games()) EXPECT_GT(hard_boards().count(game->name), 0u) << game->name;
}

// Every hard board solved under `limits` gives up, and says `limit` was what stopped it.
void expect_every_board_gives_up(const Limits& limits, Limit limit) {
  for (const auto& [game, text] : hard_boards()) {
    const Outcome out = solve_text(text, limits);
    EXPECT_EQ(out.status, Status::kGaveUp) << game << ": " << out.reason;
    EXPECT_EQ(out.limit, limit) << game << ": " << out.reason;
  }
}

TEST(StopLimit, AStopIsReportedAsAStop) {
  std::atomic<bool> stop{true};
  Limits limits;
  limits.cancel = &stop;
  expect_every_board_gives_up(limits, Limit::kStopped);
}

// Past its deadline too: the user asked to stop, and that is what they are told.
TEST(StopLimit, AStopPastTheDeadlineIsStillAStop) {
  std::atomic<bool> stop{true};
  Limits limits;
  limits.cancel = &stop;
  limits.deadline = Limits::Clock::now() - std::chrono::seconds(1);
  expect_every_board_gives_up(limits, Limit::kStopped);
}

// The same boards past the deadline with the flag clear: the time limit, as before.
TEST(StopLimit, TheDeadlineIsReportedAsTheTimeLimit) {
  std::atomic<bool> stop{false};
  Limits limits;
  limits.cancel = &stop;
  limits.deadline = Limits::Clock::now() - std::chrono::seconds(1);
  expect_every_board_gives_up(limits, Limit::kTime);
}

// And a node budget smaller than one check: the boards are hard enough for the tests above, and a
// budget is reported as the budget.
TEST(StopLimit, TheBoardsOutlastOneCheck) {
  Limits limits;
  limits.max_nodes = 1000;
  expect_every_board_gives_up(limits, Limit::kNodes);
}

}  // namespace
}  // namespace pb::solvers
