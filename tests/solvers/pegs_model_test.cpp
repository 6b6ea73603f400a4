// pegs_model_test.cpp: peg solitaire reading, writing, jump rules and the game entry.
#include <gtest/gtest.h>

#include <string>

#include "solvers/pegs/pegs.hpp"
#include "tests/support/replay_check.hpp"
#include "tests/support/solver_boards.hpp"

namespace pb::solvers::pegs {
namespace {

constexpr const char* kEnglishCentral =
    "pegs\n"
    "##ooo##\n"
    "##ooo##\n"
    "ooooooo\n"
    "ooo.ooo\n"
    "ooooooo\n"
    "##ooo##\n"
    "##ooo##\n";

Result<State> parse_text(std::string_view text) { return test_support::parse_with(&parse, text, "board.txt"); }

TEST(PegsParse, EnglishCentralRoundTrips) {
  Result<State> s = parse_text(kEnglishCentral);
  ASSERT_TRUE(s.ok()) << s.error().message;
  EXPECT_EQ(s->rows, 7);
  EXPECT_EQ(s->cols, 7);
  EXPECT_EQ(s->hole_count(), 33);
  EXPECT_EQ(s->peg_count(), 32);
  EXPECT_EQ(s->at({3, 3}), Site::kHole);
  EXPECT_EQ(s->at({0, 0}), Site::kNone);
  EXPECT_FALSE(s->target.has_value());
  EXPECT_EQ(format(*s), kEnglishCentral);
}

TEST(PegsParse, TargetParameter) {
  Result<State> s = parse_text("pegs target=3,3\n.oo\n");
  ASSERT_FALSE(s.ok());  // (3,3) is off this one-row board
  EXPECT_EQ(s.error().code, ErrorCode::kBadInput)
      << s.error().message;

  s = parse_text("pegs target=0,0\n.oo\n");
  ASSERT_TRUE(s.ok()) << s.error().message;
  ASSERT_TRUE(s->target.has_value());
  EXPECT_EQ(*s->target, (Cell{0, 0}));
  EXPECT_EQ(format(*s), "pegs target=0,0\n.oo\n");

  for (const char* bad : {"pegs target=1\n.oo\n", "pegs target=a,b\n.oo\n", "pegs target=0,0,0\n.oo\n"}) {
    Result<State> r = parse_text(bad);
    ASSERT_FALSE(r.ok()) << bad;
    EXPECT_EQ(r.error().code, ErrorCode::kBadInput) << r.error().message;
  }
}

TEST(PegsParse, BadInputSaysWhere) {
  const std::string too_wide = "pegs\n" + std::string(kMaxSide + 1, 'o') + "\n";
  test_support::expect_refused(parse_text, {
      {"pegs\n; comment\nooo\noxo\n", "4:2: unexpected 'x'"},
      {"pegs\n###\n", "no holes on the board"},
      {"pegs\n...\n", "no pegs on the board"},
      {"pegs\n", "no board rows after the header"},
      {"pegs traget=1,1\noo.\n", "unknown parameter 'traget'"},
      {too_wide.c_str(), "a row wider than kMaxSide"},
  });
}

TEST(PegsParse, RaggedRowsArePaddedWithNoHole) {
  Result<State> s = parse_text("pegs\no\nooo\n");
  ASSERT_TRUE(s.ok()) << s.error().message;
  EXPECT_EQ(s->cols, 3);
  EXPECT_EQ(s->at({0, 2}), Site::kNone);
}

TEST(PegsParseId, SimonTathamCross) {
  // sgt-pegs --generate 1 7x7cross
  Result<State> s = parse_id("7x7:OOPPPOOOOPPPOOPPPPPPPPPPHPPPPPPPPPPOOPPPOOOOPPPOO", "id");
  ASSERT_TRUE(s.ok()) << s.error().message;
  Result<State> text = parse_text(kEnglishCentral);
  ASSERT_TRUE(text.ok());
  EXPECT_EQ(*s, *text);
}

TEST(PegsParseId, WidthComesFirst) {
  // sgt-pegs --generate 1 5x7random: 5 wide, 7 tall.
  Result<State> s = parse_id("5x7:OOPOOOPPPPOPHPOPHPPPOPPHPOPPPPOOHOO", "id");
  ASSERT_TRUE(s.ok()) << s.error().message;
  EXPECT_EQ(s->cols, 5);
  EXPECT_EQ(s->rows, 7);
  EXPECT_EQ(s->at({0, 2}), Site::kPeg);
  EXPECT_EQ(s->at({2, 2}), Site::kHole);
}

TEST(PegsParseId, BadIds) {
  for (const char* bad : {"7x7", "7x7:OOP", "7y7:" , "0x0:", "3x1:PHX", "2x1:OO", "3x1:HHH"}) {
    Result<State> s = parse_id(bad, "id");
    ASSERT_FALSE(s.ok()) << bad;
    EXPECT_EQ(s.error().code, ErrorCode::kBadInput) << s.error().message;
  }
}

TEST(PegsApply, LegalJumpAndReasons) {
  Result<State> s = parse_text(kEnglishCentral);
  ASSERT_TRUE(s.ok());
  Result<State> next = apply(*s, jump({1, 3}, {3, 3}));
  ASSERT_TRUE(next.ok()) << next.error().message;
  EXPECT_EQ(next->at({1, 3}), Site::kHole);
  EXPECT_EQ(next->at({2, 3}), Site::kHole);
  EXPECT_EQ(next->at({3, 3}), Site::kPeg);
  EXPECT_EQ(next->peg_count(), 31);

  auto reason = [&](Move m) {
    Result<State> r = apply(*s, m);
    return r.ok() ? std::string("legal") : r.error().message;
  };
  EXPECT_NE(reason(jump({1, 3}, {3, 4})).find("not two holes along a row or column"), std::string::npos);
  EXPECT_EQ(reason(jump({3, 1}, {3, 3})), "legal");
  EXPECT_NE(reason(jump({2, 2}, {2, 4})).find("jump (2,2)->(2,4): "), std::string::npos);
  EXPECT_NE(reason(jump({2, 2}, {2, 4})).find("is not empty"), std::string::npos);
  EXPECT_NE(reason(jump({0, 0}, {0, 2})).find("not a hole"), std::string::npos);
  EXPECT_NE(reason(jump({3, 3}, {1, 3})).find("no peg at (3,3)"), std::string::npos);
  EXPECT_NE(reason(Move{{1, 3}, {1, 3}, {3, 3}}).find("does not pass over"), std::string::npos);
  EXPECT_NE(reason(jump({3, -1}, {3, 1})).find("not a hole"), std::string::npos);

  Result<State> after = apply(*next, jump({2, 1}, {2, 3}));  // into the hole the first jump emptied
  ASSERT_TRUE(after.ok()) << after.error().message;
  Result<State> over_empty = apply(*next, jump({0, 3}, {2, 3}));
  ASSERT_FALSE(over_empty.ok());
  EXPECT_EQ(over_empty.error().code, ErrorCode::kBadInput);
}

TEST(PegsCheck, ReplayFindsTheBadMove) {
  Result<State> s = parse_text("pegs\noo.\n");
  ASSERT_TRUE(s.ok());
  EXPECT_TRUE(check_solution(*s, {jump({0, 0}, {0, 2})}).ok());
  Result<void> bad = check_solution(*s, {jump({0, 0}, {0, 2}), jump({0, 0}, {0, 2})});
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().code, ErrorCode::kBadInput) << bad.error().message;
  EXPECT_FALSE(check_solution(*s, {}).ok());  // two pegs left

  s = parse_text("pegs target=0,0\noo.\n");
  ASSERT_TRUE(s.ok());
  Result<void> off = check_solution(*s, {jump({0, 0}, {0, 2})});
  ASSERT_FALSE(off.ok());
  EXPECT_EQ(off.error().code, ErrorCode::kBadInput);
}

TEST(PegsGame, EntryParsesAndSolvesToJson) {
  EXPECT_EQ(kGame.name, "pegs");
  ASSERT_NE(kGame.parse_id, nullptr);
  ParseResult p = test_support::parse_puzzle(kGame, "pegs\n.oo.o\n", "b");
  ASSERT_TRUE(p.ok()) << p.error().message;
  EXPECT_EQ((*p)->game(), "pegs");
  EXPECT_EQ((*p)->format(), "pegs\n.oo.o\n");
  Outcome out = (*p)->solve(Limits{});
  EXPECT_EQ(out.status, Status::kSolved) << out.reason;
  // The only winning line ((0,2)->(0,0) leaves o...o, stuck): (0,1)->(0,3), then (0,4)->(0,2).
  EXPECT_EQ(pb::testing::replay::check_moves((*p)->format(), out.moves_json), "") << out.moves_json;
  EXPECT_NE(out.moves_text.find("0,1>0,3"), std::string::npos) << out.moves_text;
  EXPECT_TRUE(test_support::has_stat(out, "pegs_left", "1"));

  ParseResult bad = kGame.parse_id("7x7:OOP", "id");
  EXPECT_FALSE(bad.ok());
}

}  // namespace
}  // namespace pb::solvers::pegs
