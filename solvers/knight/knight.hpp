/* knight.hpp: the knight's tour: visit every square of a (holed) board once by knight moves. */
#pragma once

// A board is rows x cols squares, some removed ('#'); the tour may have a given start ('N') and may
// be required to be closed (`closed=1`: the last square is a knight's move from the first).
// A Move is the next square the knight lands on; the first move places the knight (on 'N' when
// there is one). solve() dispatches between proofs of impossibility (theory.hpp), a
// divide-and-conquer construction for large full boards (construct.hpp), an exact dynamic programme
// for boards at most 4 wide (column_dp.hpp) and exact search (search.hpp); see knight.cpp for the
// order and why.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/result.hpp"
#include "solvers/common/game_puzzle.hpp"
#include "solvers/common/grid.hpp"
#include "solvers/common/puzzle.hpp"
#include "solvers/common/text_board.hpp"

namespace pb::solvers::knight {

// The game's line in the game list (solvers/registry.cpp); its parts are kParts, at the end.
extern const Game kGame;

enum class Square : std::uint8_t {
  kFree,     // '.': still to visit
  kRemoved,  // '#': not part of the board
  kVisited,  // already on the tour (mid-tour states made by apply(); the text has no letter for it)
};

using solvers::Cell;

struct State {
  int rows = 0;
  int cols = 0;
  std::vector<Square> squares;  // row-major, rows * cols
  std::optional<Cell> start;    // 'N': where the tour must begin (and, closed, end); none: any square
  std::optional<Cell> knight;   // where the knight stands once placed; none before the first move
  bool closed = false;

  bool inside(Cell c) const { return c.row >= 0 && c.col >= 0 && c.row < rows && c.col < cols; }
  std::size_t index(Cell c) const {
    return static_cast<std::size_t>(c.row) * static_cast<std::size_t>(cols) + static_cast<std::size_t>(c.col);
  }
  Square at(Cell c) const { return squares[index(c)]; }
  bool full() const;          // no square removed
  std::int64_t free_count() const;
  friend bool operator==(const State&, const State&) = default;
};

using Move = Cell;

// Largest side accepted. A full board of that size is solved by construction in linear time; its
// text (4 MB) is within the 16 MiB text limit.
inline constexpr int kMaxSide = 2000;
// Largest board (rows * cols) accepted when squares are removed: those are searched, and search
// beyond this is hopeless anyway (the limit keeps its memory, about 60 bytes a square, small).
inline constexpr std::int64_t kMaxHoledArea = 250000;

// Parses a `knight` board (FORMATS.md): header `knight [closed=0|1]`, rows of '.', '#', 'N'.
Result<State> parse(const TextBoard& board);
// The board text, header included. Mid-tour states print visited squares as '#' and the knight as
// 'N', which is the same problem for open tours (closed ones would lose the original start).
std::string format(const State& state);
// Places the knight (first move) or jumps it; rejects anything but a knight's move to a free square.
Result<State> apply(const State& state, Move move);
// The same rule in place (`state` is unchanged on error): check_solution replays a million-square
// tour with it, where copying the board per move would be quadratic.
Result<void> play(State& state, Move move);
// Replays `tour` from `state` (knight not yet placed): every free square once, knight moves, the
// given start first, and for closed tours a knight's move from the last square back to the first.
Result<void> check_solution(const State& state, const std::vector<Cell>& tour);

// How the tour was found (reported in stats).
enum class Method { kNone, kTheory, kConstruction, kColumnDp, kSearch };

struct Solution : SolutionBase {
  std::vector<Cell> tour;  // squares in visiting order; closed tours do not repeat the first
  Method method = Method::kNone;
};

Solution solve(const State& state, const Limits& limits);

// The exact search alone, without the theorems and the construction: for tests that check the
// theorems against exhaustion, and for the benchmarks.
Solution search_only(const State& state, const Limits& limits);

// The knight's tour's entry in the game list and its Puzzle (solvers/common/game_puzzle.hpp).

// Moves are the tour's [row, col] squares in visiting order.
Outcome outcome(const State& state, const Solution& sol);
inline constexpr auto kParts = game_parts("knight", &parse, &format, &solve, &outcome, {"a tour through ", "square", ""});
using Spec = SpecOf<kParts>;

// The tour for a person: a grid of visiting numbers on boards up to kMaxGridSide a side, otherwise
// a one-line summary (the JSON has every square).
std::string tour_text(const State& state, const std::vector<Cell>& tour);
inline constexpr int kMaxGridSide = 40;

}  // namespace pb::solvers::knight
