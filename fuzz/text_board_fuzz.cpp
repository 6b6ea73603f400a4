/* text_board_fuzz.cpp: libFuzzer target for one game's board text parser (PB_FUZZ_GAME names it). */
// Properties checked beyond "no crash": a board that parses formats to text that parses again to
// the same text (format is a fixed point), and solving it under a tiny budget returns a status.
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "solvers/registry.hpp"

namespace {

const pb::solvers::Game& game() {
  static const pb::solvers::Game* g = pb::solvers::find_game(PB_FUZZ_GAME);
  if (g == nullptr) std::abort();
  return *g;
}

void check_round_trip(const pb::solvers::Puzzle& puzzle) {
  std::string text = puzzle.format();
  auto again = pb::solvers::split_text_board(text, "formatted", true);
  if (!again) std::abort();
  auto reparsed = game().parse(*again);
  if (!reparsed) std::abort();
  if ((*reparsed)->format() != text) std::abort();
  // A tiny budget: the target is the parser and the solvers' handling of odd boards, not table
  // building. 64 KiB keeps every pattern database out (an 8 MiB cap let the first 4x4 seed build
  // one, which under ASan took longer than libFuzzer's -timeout); the deadline checks that a solver
  // honours it well inside that timeout.
  pb::solvers::Limits limits;
  limits.max_nodes = 2000;
  limits.max_table_bytes = 64u << 10;
  limits.deadline = pb::solvers::Limits::Clock::now() + std::chrono::seconds(2);
  (void)(*reparsed)->solve(limits);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  // Both ways a user can give a board: with its header line, and as a body under --game.
  // The first line is taken as the header whatever its word, so the seeds can be real board files.
  auto with_header = pb::solvers::split_text_board(text, "fuzz", true);
  if (with_header) {
    with_header->game = PB_FUZZ_GAME;
    auto p = game().parse(*with_header);
    if (p) check_round_trip(**p);
  }
  auto body = pb::solvers::split_text_board(text, "fuzz", false);
  if (body) {
    body->game = PB_FUZZ_GAME;
    auto p = game().parse(*body);
    if (p) check_round_trip(**p);
  }
  return 0;
}
