/* fuzz_crashes_test.cpp: every board text a fuzzer crashed on (fuzz/corpus/text_<game>/crash-*) now parses cleanly. */
// The same steps as fuzz/text_board_fuzz.cpp, in the ordinary test suite: a board that parses must
// format to text that parses back to the same text. Under the sanitizer build an out-of-bounds read
// in parse or format is a report; in any build a board with fewer tiles than cells fails the round trip.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "solvers/registry.hpp"

namespace pb::solvers {
namespace {

namespace fs = std::filesystem;

void expect_round_trip(const Game& game, const std::string& text, bool with_header, const std::string& what) {
  auto board = split_text_board(text, what, with_header);
  if (!board) return;
  board->game = std::string(game.name);
  auto parsed = game.parse(*board);
  if (!parsed) return;  // refused with a message: fine
  const std::string formatted = (*parsed)->format();
  auto again = split_text_board(formatted, "formatted", true);
  ASSERT_TRUE(again.ok()) << what << ": " << again.error().message;
  auto reparsed = game.parse(*again);
  ASSERT_TRUE(reparsed.ok()) << what << ": formatted board does not parse: " << reparsed.error().message
                             << "\n" << formatted;
  EXPECT_EQ((*reparsed)->format(), formatted) << what;
}

TEST(FuzzCrashes, EveryCrashInputNowParsesOrIsRefused) {
  int n = 0;
  for (const Game* game : games()) {
    const fs::path dir = fs::path(PB_SOURCE_DIR) / "fuzz" / "corpus" / ("text_" + std::string(game->name));
    if (!fs::is_directory(dir)) continue;
    for (const auto& e : fs::directory_iterator(dir)) {
      if (e.path().filename().string().rfind("crash-", 0) != 0) continue;
      std::ifstream in(e.path(), std::ios::binary);
      std::stringstream bytes;
      bytes << in.rdbuf();
      expect_round_trip(*game, bytes.str(), true, e.path().string() + " (with header)");
      expect_round_trip(*game, bytes.str(), false, e.path().string() + " (body only)");
      ++n;
    }
  }
  EXPECT_GE(n, 1);
}

}  // namespace
}  // namespace pb::solvers
