/* solver_boards.hpp: what the solver tests share: bundled sample boards, board text to a State or Puzzle, refusals. */
#pragma once

#include <gtest/gtest.h>

#include <fstream>
#include <initializer_list>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>

#include "solvers/common/puzzle.hpp"
#include "solvers/common/text_board.hpp"
#include "tests/support/replay_check.hpp"

namespace pb::solvers::test_support {

// The text of samples/boards/<name>.
inline std::string read_sample(const std::string& name) {
  std::ifstream in(std::string(PB_SOURCE_DIR) + "/samples/boards/" + name);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// `text` as the board file `source` (header line included), parsed by a game's parse().
template <class Parse>
auto parse_with(Parse parse, std::string_view text, std::string_view source) -> decltype(parse(TextBoard{})) {
  auto board = split_text_board(text, source, true);
  if (!board) return board.error();
  return parse(*board);
}

// `text` as the board file `source`, through the game list's entry (the command line's path).
inline ParseResult parse_puzzle(const Game& game, std::string_view text, std::string_view source = "b") {
  return parse_with(game.parse, text, source);
}

// `text` solved through the game list's entry (`puzzlebot solve`'s path) within `limits`: a test
// failure when it does not parse, is not solved, or its JSON moves do not replay through the rules
// written afresh in replay_check.hpp. The Outcome, for the game's own checks.
inline Outcome solve_replayed(const Game& game, std::string_view text, const Limits& limits = {}) {
  ParseResult puzzle = parse_puzzle(game, text);
  if (!puzzle) {
    ADD_FAILURE() << puzzle.error().message;
    return {};
  }
  Outcome out = (*puzzle)->solve(limits);
  EXPECT_EQ(out.status, Status::kSolved) << out.reason;
  EXPECT_EQ(pb::testing::replay::check_moves((*puzzle)->format(), out.moves_json), "") << out.moves_json;
  return out;
}

// Whether a solve reported the extra stat `key` with the raw JSON `value`.
inline bool has_stat(const Outcome& out, std::string_view key, std::string_view value) {
  for (const auto& [k, v] : out.stats)
    if (k == key && v == value) return true;
  return false;
}

// A board a parser must refuse, and what is wrong with it (for the reader of a failing test: the
// message is for people, so the test checks only that the board is refused as bad input).
struct BadBoard {
  const char* text;
  const char* expect;
};

// Each board is refused by `parse_text` (board text -> Result) as bad input.
template <class ParseText>
void expect_refused(ParseText parse_text, std::initializer_list<BadBoard> cases) {
  for (const BadBoard& c : cases) {
    auto st = parse_text(c.text);
    ASSERT_FALSE(st.ok()) << c.text;
    EXPECT_EQ(st.error().code, ErrorCode::kBadInput) << c.expect << ": " << st.error().message;
  }
}

}  // namespace pb::solvers::test_support
