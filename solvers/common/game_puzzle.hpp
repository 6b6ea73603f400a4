/* game_puzzle.hpp: the one Puzzle every game is: a typed State solved into a typed Solution and its Outcome. */
#pragma once

// A game says what differs in a Spec (at the end of solvers/<game>/<game>.hpp):
//
//   struct Spec {
//     using State = ...;  using Solution = ...;          // Solution has .status .reason .nodes
//     static constexpr std::string_view kName = "...";   // the board text's header word
//     static constexpr auto parse = &<game>::parse;      // Result<State>(const TextBoard&)
//     static constexpr auto format = &<game>::format;    // std::string(const State&)
//     static constexpr auto solve = &<game>::solve;      // Solution(const State&, const Limits&)
//     // FORMATS.md's moves and their count, the line for a person and the stats (start from
//     // outcome_of(solution)).
//     static Outcome outcome(const State&, const Solution&);
//     static constexpr auto parse_id = &<game>::parse_id;  // optional: Simon Tatham game IDs
//     static constexpr MoveWords kMoveWords{"a path through ", "cell", ""};  // optional: "N moves" otherwise
//     static constexpr const GameTables* kTables = &<game>::kTables;  // optional: tables it caches
//   };
//
// GamePuzzle<Spec> is then the game's Puzzle, and game_entry<Spec>(title) its line in the game list.
// Vision keeps the typed Solution through solve_typed() (vision/common/game_image_puzzle.hpp), so
// nothing reads the moves back out of the JSON text.
//
// Rejected: a Puzzle subclass per game (each repeated the constructor, game(), format() and the
// parse-then-wrap functions); finding format/solve by argument-dependent lookup (parse takes a
// TextBoard, which names no game, and a member format() hides the free one).

#include <concepts>
#include <memory>
#include <string>
#include <string_view>
#include <utility>

#include "solvers/common/puzzle.hpp"
#include "solvers/common/text_board.hpp"

namespace pb::solvers {

template <class S>
concept GameSpec = requires(const typename S::State& state, const typename S::Solution& solution,
                            const TextBoard& board, const Limits& limits) {
  { S::kName } -> std::convertible_to<std::string_view>;
  { S::parse(board) } -> std::same_as<Result<typename S::State>>;
  { S::format(state) } -> std::same_as<std::string>;
  { S::solve(state, limits) } -> std::same_as<typename S::Solution>;
  { S::outcome(state, solution) } -> std::same_as<Outcome>;
};

// The fields every typed Solution shares; a game's Spec::outcome adds the moves and its stats.
template <class Solution>
Outcome outcome_of(const Solution& solution) {
  Outcome out;
  out.status = solution.status;
  out.reason = solution.reason;
  out.nodes = solution.nodes;
  return out;
}

// What one solve gives: the Outcome the command line prints and the typed Solution it came from.
template <class Solution>
struct Solved {
  Outcome outcome;
  Solution solution;
};

template <GameSpec S>
class GamePuzzle final : public Puzzle {
 public:
  using State = typename S::State;
  using Solution = typename S::Solution;

  explicit GamePuzzle(State state) : state_(std::move(state)) {}
  std::string_view game() const override { return S::kName; }
  std::string format() const override { return S::format(state_); }
  Outcome solve(const Limits& limits) const override { return solve_typed(limits).outcome; }

  // The same search as solve(), with the typed moves kept (for drawing and playing them).
  Solved<Solution> solve_typed(const Limits& limits) const {
    Solution solution = S::solve(state_, limits);
    Outcome outcome = S::outcome(state_, solution);
    outcome.answer_size = count_words(move_words(), outcome.move_count);
    return {std::move(outcome), std::move(solution)};
  }

 private:
  static constexpr MoveWords move_words() {
    if constexpr (requires { S::kMoveWords; })
      return S::kMoveWords;
    else
      return MoveWords{};
  }

  State state_;
};

// A parsed state as a Puzzle, or the parser's error.
template <GameSpec S>
ParseResult puzzle_of(Result<typename S::State> state) {
  if (!state) return state.error();
  return std::unique_ptr<Puzzle>(std::make_unique<GamePuzzle<S>>(std::move(*state)));
}

// Game::parse, and Game::parse_id for a game that reads Simon Tatham game IDs.
template <GameSpec S>
ParseResult parse_board(const TextBoard& board) {
  return puzzle_of<S>(S::parse(board));
}
template <GameSpec S>
ParseResult parse_game_id(std::string_view id, std::string_view source) {
  return puzzle_of<S>(S::parse_id(id, source));
}

// The game's line in the game list (solvers/registry.cpp), with parse_id when the Spec has one and
// its cached tables when it has some (`static constexpr const GameTables* kTables`).
template <GameSpec S>
constexpr Game game_entry(std::string_view title) {
  Game game{S::kName, title, &parse_board<S>, nullptr};
  if constexpr (requires(std::string_view id) { S::parse_id(id, id); }) game.parse_id = &parse_game_id<S>;
  if constexpr (requires { S::kTables; }) game.tables = S::kTables;
  return game;
}

}  // namespace pb::solvers
