/* onestroke.hpp: the one-stroke game 一笔画完: visit every cell of a holed grid once from the start. */
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/result.hpp"
#include "solvers/common/game_puzzle.hpp"
#include "solvers/common/grid.hpp"
#include "solvers/common/puzzle.hpp"
#include "solvers/common/text_board.hpp"

namespace pb::solvers::onestroke {

// The game's line in the game list (solvers/registry.cpp); its parts are kParts, at the end.
extern const Game kGame;

// What stands at one lattice site.
enum class Site : std::uint8_t {
  kNone,     // '.': no cell
  kFree,     // '#': a cell still to visit
  kVisited,  // 'x': a cell already on the path (mid-level boards)
};

using solvers::Cell;

// A board: the grid and the path head (the cat). The head's own site is kVisited. Levels that fix
// where the path ends ('E') name that cell in `end`: a kFree site, stepped on only as the last cell.
struct State {
  int rows = 0;
  int cols = 0;
  std::vector<Site> sites;  // row-major, rows * cols
  Cell head;
  std::optional<Cell> end;  // the cell the path must end on; none: it may end anywhere

  Site at(Cell c) const { return sites[static_cast<std::size_t>(c.row * cols + c.col)]; }
  bool inside(Cell c) const { return c.row >= 0 && c.col >= 0 && c.row < rows && c.col < cols; }
  int free_count() const;
  friend bool operator==(const State&, const State&) = default;
};

// A move is the next cell the head steps to (orthogonally adjacent, free).
using Move = Cell;

// Largest board accepted (sites per side); bigger inputs are refused as bad input.
inline constexpr int kMaxSide = 1000;

// Parses a `onestroke` board: rows of '#', '.', 'S', 'x', 'E'; or the blog's 1/0 map (see onestroke.cpp).
Result<State> parse(const TextBoard& board);
// The board text, header line included ("onestroke\n...").
std::string format(const State& state);
// Whether `move` is legal from `state`, and the state after it. A step onto the end cell is legal
// only as the last step (no other free cell left): the game's path stops there.
Result<State> apply(const State& state, Move move);
// Checks that `path` (starting with the head) replays through the rules, visits every free cell and,
// when the board has an end cell, ends on it.
Result<void> check_solution(const State& state, const std::vector<Cell>& path);

struct Solution : SolutionBase {
  std::vector<Cell> path;  // starts with the head; empty unless solved
  std::uint64_t runs = 0;     // search runs (restarts + 1); 0 when decided before searching
  std::uint64_t refuted = 0;  // positions proved dead and remembered
};

Solution solve(const State& state, const Limits& limits);

// The one-stroke game's entry in the game list and its Puzzle (solvers/common/game_puzzle.hpp).

// Moves are the path's [row, col] cells, head first.
Outcome outcome(const State& state, const Solution& sol);
inline constexpr auto kParts = game_parts("onestroke", &parse, &format, &solve, &outcome, {"a path through ", "cell", ""});
using Spec = SpecOf<kParts>;

}  // namespace pb::solvers::onestroke
