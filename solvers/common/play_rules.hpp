/* play_rules.hpp: what a game's Rules (solvers/<game>/rules.hpp) give the play loop: moves as a player's input, in places. */
#pragma once

// A game's Rules struct, beside its solver, says everything the play loop (app/play_players.hpp,
// GamePlayer<Rules>) needs to know of the game, with no pixels in it:
//
//   struct Rules : RulesOf<Spec, Move> {  // or, when the State is not the solver's, these three:
//     using State = ...;  using Move = ...;        // a position, and one move as a player makes it
//     static constexpr std::string_view kName = "...";
//     // How the loop checks a move (the choice is explicit for every game):
//     //   true:  first by pixels (moved_cells below: pieces only swap pictures, as Fifteen's tiles
//     //          and Pegs' pegs do); the screen is read only when that check fails;
//     //   false: the screen is read after every move (pieces change their pictures as they move:
//     //          a knight leaves a number behind, a Hanoi disk lands at another height);
//     //          moved_cells is then not needed.
//     static constexpr bool kConfirmByPixels = ...;
//     static Solution solve(const State&, const Limits&);    // .status .moves .reason .nodes
//     static Result<State> apply(const State&, Move);
//     static bool is_goal(const State&);
//     static std::string format(const State&);                // RulesOf: the solver's
//     // Optional: the plan as FORMATS.md's "moves" array, as `solve --json` writes it for the
//     // board `start` (`play --json`); without it the plan is printed with no moves.
//     static std::string moves_json(const State& start, const std::vector<Move>& plan);
//     // The input that makes `move` on `before`, in places of the reading `seen` (the reader gave
//     // `places` of them; see MoveInput).
//     static Result<MoveInput> input(const State& seen, std::size_t places, const State& before, Move move);
//     // Places whose picture changes with `move`: after it, place `first` looks as place `second`
//     // did (only when kConfirmByPixels).
//     static std::vector<std::pair<int, int>> moved_cells(const State& before, Move move);
//     // Optional: whether `later` can be reached from `start` by moves (the same level); without
//     // it every board may be.
//     static bool same_level(const State& start, const State& later);
//   };
//
// A Rules' Move need not be the solver's: one-stroke's is a whole path (one drag), so its Rules
// adapt the solver's answer (solvers/onestroke/rules.hpp).
//
// Rejected: Rules in app/ beside the Players (a game's goal and its moves as input were then
// written apart from its solver, and read three ways); pixels here (the solvers know nothing of
// OpenCV: a place is an index, the reader says where it is).

#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "solvers/common/puzzle.hpp"

namespace pb::solvers {

// One move as a player's input, in places: a place is an index into what the game's reader lists
// (a cell, a peg, a figure, a wheel), which the loop turns into a point on screen.
struct MoveInput {
  enum class Kind {
    kTap,   // a tap on each place in turn
    kDrag,  // press on the first place, through the others, release on the last
  };
  Kind kind = Kind::kTap;
  std::vector<int> places;
  std::string label;  // "tile 7", "(3,1) -> (3,3)": for logs and the dry-run picture
};

// A plan as a list of Rules moves (for Rules whose solver names its answer otherwise).
template <class Move>
struct MoveList {
  Status status = Status::kGaveUp;
  std::vector<Move> moves;
  std::string reason;
  std::uint64_t nodes = 0;
};

// What a Rules takes from the solver when its State is the solver's (solvers/common/game_puzzle.hpp's
// Spec): the name, the board text and, for a game whose Solution lists its Moves as `.moves`, solve.
template <class Spec, class MoveT>
struct RulesOf {
  using State = typename Spec::State;
  using Move = MoveT;
  static constexpr std::string_view kName = Spec::kName;
  static std::string format(const State& s) { return Spec::format(s); }
  static typename Spec::Solution solve(const State& s, const Limits& limits) { return Spec::solve(s, limits); }
};

// Same level for a board a tour visits (knight, one-stroke): the same cells `removed`, and every
// cell `visited` in `start` still visited in `later` (the cells of two boards of the same size).
template <class Cell>
bool visits_kept(const std::vector<Cell>& start, const std::vector<Cell>& later, Cell removed, Cell visited) {
  if (start.size() != later.size()) return false;
  for (std::size_t i = 0; i < start.size(); ++i) {
    if ((start[i] == removed) != (later[i] == removed)) return false;
    if (start[i] == visited && later[i] != visited) return false;
  }
  return true;
}

// "(row,col)": a cell, in input labels and messages.
inline std::string place_text(int row, int col) {
  char text[32];  // snprintf: GCC 12 warns falsely (-Wrestrict) on "(" + std::to_string(n)
  std::snprintf(text, sizeof text, "(%d,%d)", row, col);
  return text;
}

// The error for a reading whose place count does not fit the board: a reader bug.
inline Error places_mismatch(std::size_t places, std::size_t expected, const char* what) {
  return make_error("the reader gave " + std::to_string(places) + " centres for " + std::to_string(expected) + " " +
                    what + ": a reader bug");
}

}  // namespace pb::solvers
