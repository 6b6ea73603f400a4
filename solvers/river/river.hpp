/* river.hpp: river crossing with guards and prisoners (missionaries and cannibals, any sizes). */
#pragma once

// Rules (the classic convention): the boat carries 1..boat people and needs someone to row it. After
// every trip, with the boat's occupants counted on the bank where it landed, prisoners may not
// outnumber guards on a bank where any guard is present. The boat itself is not checked (a variant
// that also forbids prisoners outnumbering guards in the boat gives the same minimum trip counts on
// the standard table, n = 3..10, boat 2..5). Goal: everyone on the right bank.

#include <cstdint>
#include <string>
#include <vector>

#include "core/result.hpp"
#include "solvers/common/game_puzzle.hpp"
#include "solvers/common/puzzle.hpp"
#include "solvers/common/text_board.hpp"

namespace pb::solvers::river {

// The game's line in the game list (solvers/registry.cpp); its parts are kParts, at the end.
extern const Game kGame;

// Largest sizes accepted: (guards + 1) * (prisoners + 1) * 2 positions and up to about boat^2 / 2
// trips from each keep a breadth-first search within seconds.
inline constexpr int kMaxPeople = 1000;
inline constexpr int kMaxBoat = 100;

struct State {
  int guards = 3;     // in all
  int prisoners = 3;  // in all
  int boat = 2;       // capacity
  int left_guards = 3;
  int left_prisoners = 3;
  bool boat_left = true;

  int right_guards() const { return guards - left_guards; }
  int right_prisoners() const { return prisoners - left_prisoners; }
  bool solved() const { return left_guards == 0 && left_prisoners == 0; }
  friend bool operator==(const State&, const State&) = default;
};

// One trip from the boat's side to the other: who is in the boat.
struct Move {
  int guards = 0;
  int prisoners = 0;
  friend bool operator==(const Move&, const Move&) = default;
};

// A player's move, one tap at a time: step a guard or a prisoner from the boat's bank into the
// boat, step one from the boat back onto its bank, or cross (the boat sails with whoever is aboard,
// and they land on the other bank). A trip (Move) is the boardings that fill the boat, then a crossing.
struct Step {
  enum class Kind { kBoard, kLand, kCross };
  Kind kind = Kind::kCross;
  bool guard = false;  // kBoard, kLand: a guard (else a prisoner)
  friend bool operator==(const Step&, const Step&) = default;
};

// Where a game stands between steps: the board (those aboard still counted on the boat's bank, as
// in the board text) and who sits in the boat.
struct Position {
  State board;
  Move aboard;
  // Guards (or prisoners) standing on the left (or right) bank, not in the boat.
  int standing(bool left, bool guard) const;
  bool solved() const { return board.solved() && aboard == Move{}; }
  friend bool operator==(const Position&, const Position&) = default;
};

// Parses `river guards=G prisoners=P boat=B` (defaults 3, 3, 2) and an optional body line
// `left=G,P side=L` (side L or R: where the boat is) for a mid-game position.
Result<State> parse(const TextBoard& board);
std::string format(const State& state);
// Whether a bank with these counts is safe.
bool safe(int guards, int prisoners);
// One trip; rejects an empty or overfull boat, more people than stand on the boat's bank, and a
// landing that leaves prisoners outnumbering guards on either bank.
Result<State> apply(const State& state, Move move);
// Replays `trips` and checks that everyone ends on the right bank.
Result<void> check_solution(const State& state, const std::vector<Move>& trips);

// One step; rejects boarding someone who does not stand on the boat's bank or into a full boat,
// landing someone who is not aboard, and a crossing that apply(State, Move) rejects.
Result<Position> apply(const Position& position, Step step);
// The steps a player makes for `trips` from `start`: per trip, land those aboard the trip does not
// carry (first, so the boat never holds more than it carries), board those it carries, cross; then
// land anyone still aboard once everyone is across.
std::vector<Step> steps_for(const Position& start, const std::vector<Move>& trips);
// Replays `steps` and checks that everyone ends on the right bank with the boat empty.
Result<void> check_steps(const Position& start, const std::vector<Step>& steps);

struct Solution : SolutionBase {
  std::vector<Move> trips;  // a shortest sequence; empty unless solved
  std::vector<Step> steps;  // the trips as a player makes them (steps_for); empty unless solved
  std::uint64_t states = 0;  // positions reached
};

// Fewest trips, by breadth-first search over the generic search core, from an empty boat.
Solution solve(const State& state, const Limits& limits);
// The same from a position with people already aboard (fewest trips; the steps land or board
// whoever the first trip does not or does carry).
// (Not an overload of solve: kParts names &solve.)
Solution solve_position(const Position& position, const Limits& limits);

// The river crossing's entry in the game list and its Puzzle (solvers/common/game_puzzle.hpp).

// Moves are [guards, prisoners] trips, alternately across and back.
Outcome outcome(const State& state, const Solution& sol);
inline constexpr auto kParts = game_parts("river", &parse, &format, &solve, &outcome, {"", "trip", ""});
using Spec = SpecOf<kParts>;

}  // namespace pb::solvers::river
