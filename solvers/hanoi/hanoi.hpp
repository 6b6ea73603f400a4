/* hanoi.hpp: the Tower of Hanoi with any number of rods, from any legal position to any legal one. */
#pragma once

// How each case is solved (hanoi.cpp):
// - 3 rods, any start, any goal: the largest disk that must move moves once or twice; both plans
//   are built from "gather disks onto one rod" runs, whose cost is known exactly, and the cheaper
//   one is taken. Optimal for every n (checked against BFS for small n in the tests).
// - 4+ rods from a tower to a tower: Frame-Stewart. Optimal for 4 rods (Bousch 2014); for 5+ rods
//   its optimality is the Frame-Stewart conjecture, widely believed and verified for small n.
// - 4+ rods from any other position: exact A* over the generic search core (small n only: the
//   table of positions is capped, and the solver gives up naming that cap).

#include <cstdint>
#include <string>
#include <vector>

#include "core/result.hpp"
#include "solvers/common/game_puzzle.hpp"
#include "solvers/common/puzzle.hpp"
#include "solvers/common/text_board.hpp"

namespace pb::solvers::hanoi {

// The game's line in the game list (solvers/registry.cpp); its parts are kParts, at the end.
extern const Game kGame;

inline constexpr int kMaxRods = 16;
// Move counts are exact (64-bit) up to this many disks; 2^63 - 1 moves for a 3-rod tower.
inline constexpr int kMaxDisks = 63;
// The longest move list produced: a 22-disk 3-rod tower (2^22 - 1 moves, about 25 MB of JSON and
// as much again in memory on the way). Longer optimal solutions are counted exactly but not listed:
// the solver gives up and says how many moves it would take.
inline constexpr std::uint64_t kMaxListedMoves = (std::uint64_t{1} << 22) - 1;
// Exact search handles at most this many disks (4 bits per disk in a 64-bit key) ...
inline constexpr int kMaxSearchDisks = 16;
// ... and at most this much memory for its table of positions, whatever the limits allow (bytes).
inline constexpr std::size_t kMaxSearchTableBytes = std::size_t{256} << 20;

// Where each disk is: config[d] is the rod of disk d + 1 (index 0 is the smallest disk). Any such
// vector is a legal position: on each rod the disks are stacked largest at the bottom.
using Config = std::vector<std::uint8_t>;

struct State {
  int rods = 3;
  Config config;
  int goal = 2;  // target rod: all disks there

  int disks() const { return static_cast<int>(config.size()); }
  // The smallest disk on `rod` (0-based disk index), or -1 when the rod is empty.
  int top(int rod) const;
  friend bool operator==(const State&, const State&) = default;
};

struct Move {
  int from = 0;
  int to = 0;
  friend bool operator==(const Move&, const Move&) = default;
};

// Parses `hanoi [goal=P]` and one line per rod: disk numbers 1..n (1 the smallest) bottom to top,
// or `-` for an empty rod.
Result<State> parse(const TextBoard& board);
std::string format(const State& state);
// Moves the top disk of `from` onto `to`; rejects an empty `from`, a larger disk on a smaller one,
// and rods out of range.
Result<State> apply(const State& state, Move move);
// Replays `moves` from `state` and checks that every disk ends on `goal` (a config).
Result<void> check_solution(const State& state, const Config& goal, const std::vector<Move>& moves);
// The same for the state's own goal rod.
Result<void> check_solution(const State& state, const std::vector<Move>& moves);

struct Solution : SolutionBase {
  std::vector<Move> moves;      // empty unless solved
  std::uint64_t min_moves = 0;  // length of the solution, also when it was too long to list
  bool counted = false;         // min_moves is known (solved, or counted but not listed)
  std::string method;           // "3-peg recursion", "Frame-Stewart", "A* search"
};

// To the tower on state.goal.
Solution solve(const State& state, const Limits& limits);
// From `state.config` to the arbitrary position `goal` (same rods and disk count).
Solution solve_to(const State& state, const Config& goal, const Limits& limits);
// Exact search only (BFS when `use_bfs`, else A*): the tests' yardstick for the other methods.
Solution solve_by_search(const State& state, const Config& goal, const Limits& limits, bool use_bfs);

// Frame-Stewart's move count for moving a tower of `disks` with `rods` rods (saturates at 2^64-1).
std::uint64_t frame_stewart(int disks, int rods);

// The Tower of Hanoi's entry in the game list and its Puzzle (solvers/common/game_puzzle.hpp).

// Moves are [from, to] rods; the text lists the first moves only.
Outcome outcome(const State& state, const Solution& sol);
inline constexpr auto kParts = game_parts("hanoi", &parse, &format, &solve, &outcome);
using Spec = SpecOf<kParts>;

}  // namespace pb::solvers::hanoi
