/* game_puzzle.hpp: the one Puzzle every game is: a typed State solved into a typed Solution and its Outcome. */
#pragma once

// A game says what differs once, at the end of solvers/<game>/<game>.hpp, after its Solution (a
// SolutionBase with the game's moves and stats) and its parse/format/solve:
//
//   // FORMATS.md's moves and their count, the line for a person and the stats (start from
//   // outcome_of(solution)).
//   Outcome outcome(const State& state, const Solution& solution);
//   inline constexpr auto kParts = game_parts("<header word>", &parse, &format, &solve, &outcome,
//                                             {"a path through ", "cell", ""}, &parse_id, &kTables);
//   using Spec = SpecOf<kParts>;
//
// (the move words are optional, "N moves" otherwise; parse_id only for games that read Simon Tatham
// game IDs; kTables, solvers/common/tables.hpp, only for games that build tables once and cache
// them). GameSpec checks what a Spec gives; GamePuzzle<Spec> is then the game's Puzzle, and
// game_entry<Spec>(title) its line in the game list.
// Vision keeps the typed Solution through solve_typed() (vision/common/game_image_puzzle.hpp), so
// nothing reads the moves back out of the JSON text.
//
// Rejected: a Puzzle subclass per game (each repeated the constructor, game(), format() and the
// parse-then-wrap functions); finding format/solve by argument-dependent lookup (parse takes a
// TextBoard, which names no game, and a member format() hides the free one); a Spec struct per game
// listing the same eight members, or deriving them from a template base (each game still wrote
// the same member lines: the aggregate says only the values).

#include <concepts>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/json.hpp"
#include "solvers/common/puzzle.hpp"
#include "solvers/common/text_board.hpp"

namespace pb::solvers {

// What every game's Solution reports; the game's Solution adds its moves and its own stats.
struct SolutionBase {
  Status status = Status::kGaveUp;
  std::string reason;  // why unsolvable (a proof sketch), or which limit was hit
  std::uint64_t nodes = 0;
  Limit limit = Limit::kNone;  // kGaveUp: the limit that stopped the search (set by give_up)
};

// Marks `solution` as given up at `limit` (not kNone): its status, its limit, and its reason, the
// limit's words and then `context` ("time limit reached" + " after 812 nodes of the column
// programme"). Every solver words a hit limit here, so a stop by the user reads as one everywhere.
inline void give_up(SolutionBase& solution, Limit limit, std::string_view context) {
  solution.status = Status::kGaveUp;
  solution.limit = limit;
  solution.reason = limit_words(limit);
  if (!solution.reason.empty() && !context.empty()) solution.reason += ' ';
  solution.reason += context;
}

// What a game gives the rest of the program, as one aggregate (see the top of this file).
template <class StateT, class SolutionT>
struct GameParts {
  using State = StateT;
  using Solution = SolutionT;
  std::string_view name;                           // the board text's header word
  Result<State> (*parse)(const TextBoard& board);  // FORMATS.md's board text
  std::string (*format)(const State& state);       // the same text, header line included
  Solution (*solve)(const State& state, const Limits& limits);
  Outcome (*outcome)(const State& state, const Solution& solution);
  MoveWords move_words{};                                                  // "N moves" unless set
  Result<State> (*parse_id)(std::string_view id, std::string_view source) = nullptr;  // Simon Tatham IDs
  const GameTables* tables = nullptr;  // the tables it builds once and caches (solvers/common/tables.hpp)
};

// GameParts with State and Solution taken from the functions: a game's kParts in one line.
template <class State, class Solution>
constexpr GameParts<State, Solution> game_parts(
    std::string_view name, Result<State> (*parse)(const TextBoard&), std::string (*format)(const State&),
    Solution (*solve)(const State&, const Limits&), Outcome (*outcome)(const State&, const Solution&),
    MoveWords move_words = {}, Result<State> (*parse_id)(std::string_view, std::string_view) = nullptr,
    const GameTables* tables = nullptr) {
  return {name, parse, format, solve, outcome, move_words, parse_id, tables};
}

// A game's parts as the type GamePuzzle, the readers (vision/common/game_image_puzzle.hpp) and the
// tests name: Spec::State, Spec::solve(state, limits), ...
template <const auto& kParts>
struct SpecOf {
  using State = typename std::remove_cvref_t<decltype(kParts)>::State;
  using Solution = typename std::remove_cvref_t<decltype(kParts)>::Solution;
  static constexpr std::string_view kName = kParts.name;
  static constexpr MoveWords kMoveWords = kParts.move_words;
  static constexpr auto parse = kParts.parse;
  static constexpr auto format = kParts.format;
  static constexpr auto solve = kParts.solve;
  static constexpr auto outcome = kParts.outcome;
  static constexpr auto parse_id = kParts.parse_id;
  static constexpr const GameTables* kTables = kParts.tables;
};

template <class S>
concept GameSpec = requires(const typename S::State& state, const typename S::Solution& solution,
                            const TextBoard& board, const Limits& limits) {
  requires std::derived_from<typename S::Solution, SolutionBase>;
  { S::kName } -> std::convertible_to<std::string_view>;
  { S::kMoveWords } -> std::convertible_to<MoveWords>;
  { S::parse(board) } -> std::same_as<Result<typename S::State>>;
  { S::format(state) } -> std::same_as<std::string>;
  { S::solve(state, limits) } -> std::same_as<typename S::Solution>;
  { S::outcome(state, solution) } -> std::same_as<Outcome>;
};

// The fields every typed Solution shares; a game's outcome() adds the moves and its stats.
inline Outcome outcome_of(const SolutionBase& solution) {
  Outcome out;
  out.status = solution.status;
  out.reason = solution.reason;
  out.nodes = solution.nodes;
  out.limit = solution.limit;
  return out;
}

// FORMATS.md's moves for games whose move is two integers ([from, to] pegs, [row, col] cells):
// `pair_of(move)` gives them; sets moves_json and move_count.
template <class Move, class PairOf>
void set_int_pair_moves(Outcome& out, const std::vector<Move>& moves, PairOf pair_of) {
  std::vector<std::pair<int, int>> pairs;
  pairs.reserve(moves.size());
  for (const Move& m : moves) pairs.push_back(pair_of(m));
  out.moves_json = json::int_pairs(pairs);
  out.move_count = pairs.size();
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
    outcome.answer_size = count_words(S::kMoveWords, outcome.move_count);
    return {std::move(outcome), std::move(solution)};
  }

 private:
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
// its cached tables when it has some.
template <GameSpec S>
constexpr Game game_entry(std::string_view title) {
  Game game{S::kName, title, &parse_board<S>, nullptr};
  if constexpr (S::parse_id != nullptr) game.parse_id = &parse_game_id<S>;
  game.tables = S::kTables;
  return game;
}

}  // namespace pb::solvers
