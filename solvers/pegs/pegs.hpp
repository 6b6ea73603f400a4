/* pegs.hpp: peg solitaire on any board shape: jump a peg over a neighbour into a hole, end with one peg. */
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.hpp"
#include "solvers/common/game_puzzle.hpp"
#include "solvers/common/grid.hpp"
#include "solvers/common/puzzle.hpp"
#include "solvers/common/text_board.hpp"

namespace pb::solvers::pegs {

// The game's line in the game list (solvers/registry.cpp); its parts are kParts, at the end.
extern const Game kGame;

// What stands at one lattice site.
enum class Site : std::uint8_t {
  kNone,  // '#': no hole (outside the board)
  kHole,  // '.': an empty hole
  kPeg,   // 'o': a hole with a peg in it
};

using solvers::Cell;

// A board: the grid of sites and, optionally, the hole the last peg must end in.
struct State {
  int rows = 0;
  int cols = 0;
  std::vector<Site> sites;    // row-major, rows * cols
  std::optional<Cell> target;  // nullopt: one peg anywhere

  Site at(Cell c) const { return sites[static_cast<std::size_t>(c.row * cols + c.col)]; }
  Site& at(Cell c) { return sites[static_cast<std::size_t>(c.row * cols + c.col)]; }
  bool inside(Cell c) const { return c.row >= 0 && c.col >= 0 && c.row < rows && c.col < cols; }
  bool is_hole(Cell c) const { return inside(c) && at(c) != Site::kNone; }
  int peg_count() const;
  int hole_count() const;  // holes with or without a peg
  friend bool operator==(const State&, const State&) = default;
};

// One jump: the peg at `from` jumps over the orthogonal neighbour `over` (removed) into `to`.
struct Move {
  Cell from;
  Cell over;
  Cell to;
  friend bool operator==(const Move&, const Move&) = default;
};

// "(r,c)", for messages.
std::string to_string(Cell c);

// The jump from `from` to `to` (two steps apart in a row or column); `over` is their midpoint.
// Illegal shapes still produce a Move; apply() rejects them.
Move jump(Cell from, Cell to);

// Largest board accepted: sites per side, and holes in all (the solver's wide bitboards stop there).
inline constexpr int kMaxSide = 64;
inline constexpr int kMaxHoles = 256;

// Parses a `pegs` board (FORMATS.md): rows of 'o' peg, '.' empty hole, '#' no hole; short rows are
// padded with '#'. Header parameter `target=R,C` (0-based) names the hole the last peg must end in.
Result<State> parse(const TextBoard& board);
// Parses a Simon Tatham's Pegs game ID "WxH:<W*H of P peg, H hole, O outside>" (width first).
Result<State> parse_id(std::string_view id, std::string_view source);
// The board text, header line included ("pegs target=3,3\n..o..").
std::string format(const State& state);
// Whether `move` is legal in `state`, and the state after it.
Result<State> apply(const State& state, Move move);
// Replays `moves` from `state`; fails on the first illegal jump. Returns the final state.
Result<State> replay(const State& state, const std::vector<Move>& moves);
// Checks that `moves` replay and leave exactly one peg (at the target when there is one).
Result<void> check_solution(const State& state, const std::vector<Move>& moves);

struct Solution : SolutionBase {
  std::vector<Move> moves;  // solved: the full solution; unsolvable with Limits::best: the best found
  int pegs_left = 0;        // pegs left after `moves` (1 when solved; the fewest possible with best)
  std::size_t table_entries = 0;  // dead positions stored in the transposition table
  int symmetries = 1;             // symmetries of board and goal used to fold the search
};

// Plays to one peg (at the target when set). When that is impossible: kUnsolvable with the reason;
// with limits.best the moves leave the fewest pegs possible and pegs_left says how many.
Solution solve(const State& state, const Limits& limits);

// Peg solitaire's entry in the game list and its Puzzle (solvers/common/game_puzzle.hpp).

// Moves are jumps (moves_json below), also the best partial ones of an unsolvable board.
Outcome outcome(const State& state, const Solution& sol);
inline constexpr auto kParts = game_parts("pegs", &parse, &format, &solve, &outcome, {"", "jump", ""}, &parse_id);
using Spec = SpecOf<kParts>;

// FORMATS.md's moves array: [[[r1,c1],[r2,c2]],...], each jump from, to.
std::string moves_json(const std::vector<Move>& moves);

}  // namespace pb::solvers::pegs
