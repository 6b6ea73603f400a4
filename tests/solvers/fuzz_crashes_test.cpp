/* fuzz_crashes_test.cpp: every board text a fuzzer crashed on (fuzz/corpus/text_<game>/crash-*) now parses cleanly. */
// The same steps as fuzz/text_board_fuzz.cpp, in the ordinary test suite: a board that parses must
// format to text that parses back to the same text. Under the sanitizer build an out-of-bounds read
// in parse or format is a report; in any build a board with fewer tiles than cells fails the round trip.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "solvers/registry.hpp"

namespace pb::solvers {
namespace {

namespace fs = std::filesystem;

// Whether `text` parsed (and then round-tripped: failures are reported); a refusal is no failure.
bool expect_round_trip(const Game& game, const std::string& text, bool with_header, const std::string& what) {
  auto board = split_text_board(text, what, with_header);
  if (!board) return false;
  board->game = std::string(game.name);
  auto parsed = game.parse(*board);
  if (!parsed) return false;  // refused with a message: fine
  const std::string formatted = (*parsed)->format();
  auto again = split_text_board(formatted, "formatted", true);
  EXPECT_TRUE(again.ok()) << what << ": " << again.error().message;
  if (!again) return true;
  auto reparsed = game.parse(*again);
  EXPECT_TRUE(reparsed.ok()) << what << ": formatted board does not parse: " << reparsed.error().message
                             << "\n" << formatted;
  if (reparsed) {
    EXPECT_EQ((*reparsed)->format(), formatted) << what;
  }
  return true;
}

std::string read_bytes(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}

TEST(FuzzCrashes, EveryCrashInputNowParsesOrIsRefused) {
  int n = 0;
  for (const Game* game : games()) {
    const fs::path dir = fs::path(PB_SOURCE_DIR) / "fuzz" / "corpus" / ("text_" + std::string(game->name));
    if (!fs::is_directory(dir)) continue;
    for (const auto& e : fs::directory_iterator(dir)) {
      if (e.path().filename().string().rfind("crash-", 0) != 0) continue;
      const std::string bytes = read_bytes(e.path());
      expect_round_trip(*game, bytes, true, e.path().string() + " (with header)");
      expect_round_trip(*game, bytes, false, e.path().string() + " (body only)");
      ++n;
    }
  }
  EXPECT_GE(n, 1);
}

// The crash inputs above are refused either way (a header of ",", a row of only commas), so their
// round trip never runs: the same shapes made valid must parse, and round-trip.
TEST(FuzzCrashes, CrashShapesThatAreBoardsRoundTrip) {
  const Game* sliding = find_game("sliding");
  ASSERT_NE(sliding, nullptr);
  for (const char* text : {"sliding\n,1\n 0 \n", "sliding\n;n\n1,\n,0\n", "sliding\n 1, 2 ,\n;\n3,0,\n", "1 0\n"}) {
    const bool header = text[0] == 's';
    EXPECT_TRUE(expect_round_trip(*sliding, text, header, std::string("'") + text + "'")) << text;
  }
}

// The whole seed corpus, not only the crashes: the fuzzer starts from these, so each is checked the
// way the fuzzer checks an input. 32 of the 35 parse today (the two Simon Tatham IDs are no board
// texts; hanoi's illegal.txt is illegal); a parser that refused them all would fail here.
TEST(FuzzCrashes, SeedCorpusRoundTrips) {
  int parsed = 0, files = 0;
  for (const Game* game : games()) {
    const fs::path dir = fs::path(PB_SOURCE_DIR) / "fuzz" / "corpus" / ("text_" + std::string(game->name));
    if (!fs::is_directory(dir)) continue;
    for (const auto& e : fs::directory_iterator(dir)) {
      if (e.path().filename().string().rfind("crash-", 0) == 0) continue;
      ++files;
      parsed += expect_round_trip(*game, read_bytes(e.path()), true, e.path().string()) ? 1 : 0;
    }
  }
  std::printf("seed corpus: %d of %d board texts parsed and round-tripped\n", parsed, files);
  EXPECT_GE(parsed, 32);
}

}  // namespace
}  // namespace pb::solvers
