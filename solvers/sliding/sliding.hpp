/* sliding.hpp: sliding tiles (the 15-puzzle and its n x m relatives): board model and solver entry. */
#pragma once

// The goal is 1..N row-major with the blank (0) last, as FORMATS.md says. Boards of up to 16 cells
// are solved optimally (IDA* over additive pattern databases, see pattern_db.hpp and optimal.hpp);
// 5x5 boards (and 5x5 corners) by weighted IDA* over 5x5 databases (weighted.hpp); larger ones are
// reduced row by row / column by column to a 4x4 or smaller corner that is then solved optimally
// (reduce.hpp), and the report carries a lower bound next to the length.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.hpp"
#include "solvers/common/game_puzzle.hpp"
#include "solvers/common/puzzle.hpp"
#include "solvers/common/text_board.hpp"

namespace pb::solvers::sliding {

// The game's line in the game list (solvers/registry.cpp); its parts are kParts, at the end.
extern const Game kGame;

// Largest side accepted (cells). A 32x32 board has 1023 tiles; the suboptimal solver's cost grows
// with the number of cells times the distance each tile travels, so past this it is no longer "fast".
inline constexpr int kMaxSide = 32;

struct State {
  int rows = 0;
  int cols = 0;
  std::vector<int> tiles;  // row-major, rows * cols; 0 is the blank

  int cells() const { return rows * cols; }
  int blank() const;  // cell index of the blank
  friend bool operator==(const State&, const State&) = default;
};

// A move names the tile that slides into the blank (FORMATS.md: "tile numbers in the order they
// are moved"); the tile must be orthogonally next to the blank.
using Move = int;

// The solved board of a size.
State goal_state(int rows, int cols);
bool is_goal(const State& state);

// Parses a `sliding` board: rows of whitespace-separated numbers, a permutation of 0..N-1.
Result<State> parse(const TextBoard& board);
// A Simon Tatham `fifteen` game ID, "WxH:t,t,...": W columns, H rows, tiles row-major, 0 the blank.
// A leading "fifteen:" is accepted.
Result<State> parse_id(std::string_view id, std::string_view source);
// The board text, header line included ("sliding\n 1  2\n 3  0\n").
std::string format(const State& state);
// Whether `move` is legal from `state`, and the state after it.
Result<State> apply(const State& state, Move move);
// Replays `moves` from `state` through apply() and checks the goal is reached.
Result<void> check_solution(const State& state, const std::vector<Move>& moves);

// Why the board cannot reach the goal ("" when it can). Each move swaps the blank with a tile, so it
// flips both the permutation's parity and the parity of the blank's distance to its goal corner;
// the two must agree. On a 1-wide board tiles cannot pass each other at all.
std::string unsolvable_reason(const State& state);

// Manhattan distance plus linear conflicts: an admissible lower bound on the solution length.
int lower_bound(const State& state);

struct Solution : SolutionBase {
  std::vector<Move> moves;
  bool optimal = false;    // the length is proved minimal
  int lower_bound = 0;     // admissible bound on the optimal length
  std::string method;      // heuristic / solver used, for the stats
};

Solution solve(const State& state, const Limits& limits);

// The sliding-tiles game's entry in the game list and its Puzzle (solvers/common/game_puzzle.hpp).

extern const GameTables kTables;  // solvers/sliding/tables.hpp

// Moves are the tile numbers in the order they slide; a solution that does not replay is
// reported as an internal error (kGaveUp, no moves), never as an answer.
Outcome outcome(const State& state, const Solution& sol);
inline constexpr auto kParts = game_parts("sliding", &parse, &format, &solve, &outcome, {}, &parse_id, &kTables);
using Spec = SpecOf<kParts>;

// "12 down, 8 right, ...": the moves for a person (direction the tile slides).
std::string moves_text(const State& state, const std::vector<Move>& moves);

}  // namespace pb::solvers::sliding
