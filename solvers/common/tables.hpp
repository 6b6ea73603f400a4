/* tables.hpp: tables a game builds once and keeps in the cache folder, as the commands see them (prepare, doctor, cache, a solve's note). */
#pragma once

// A game whose solver needs tables built ahead (sliding's pattern databases) says so in its Game
// entry (`Game::tables`, from `Spec::kTables`); `puzzlebot prepare`, `doctor`, `cache` and a solve
// that used weaker tables ask the registry for the games that have some, and never name one.
// What a table is (its pattern, its file's form, how it is built) stays in the game's folder.
//
// Rejected: a virtual base class per game's tables (the Game entry is a table of function
// pointers already; one more pointer keeps a game that has none at one word: nullptr).

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.hpp"
#include "solvers/common/puzzle.hpp"

namespace pb::solvers {

// The folder tables are kept in: $PUZZLEBOT_CACHE_DIR, else $XDG_CACHE_HOME/puzzlebot, else
// ~/.cache/puzzlebot; "" when none of them is set (tables then stay in memory).
std::string cache_dir();

// One table, as the commands list it.
struct TableInfo {
  std::string board;  // the board size it serves: "4x4"
  std::string set;    // the set it belongs to: "7-8"
  std::string file;   // its file name in the cache folder
  std::uint64_t disk_bytes = 0;      // the file's size
  std::uint64_t build_bytes = 0;     // memory while it is built
  double build_cpu_seconds = 0;      // an estimate
};

enum class TableState { kMissing, kReady, kUnusable };

// What a board would gain from tables not built yet (a solve says it once, with what `prepare` takes).
struct TableAdvice {
  std::string board;  // "5x5"
  std::string gain;   // "~15% shorter solutions"
  std::string cost;   // "30 s once"
};

// A game's tables (Game::tables; nullptr for a game that needs none).
struct GameTables {
  std::string_view help;    // `prepare --help`'s lines for them: a line or two a board size, indented
  std::string_view boards;  // the board sizes that have tables, for messages: "3x3, 4x4 and 5x5"
  // Every table a solve would use with no limit, cheapest first.
  std::vector<TableInfo> (*list)();
  // Whether the table is in the cache folder and usable (`why` says what is wrong with an unusable one).
  TableState (*state)(const TableInfo& table, std::string* why);
  // Builds it into the cache (or loads it, when it is there), as a solve would; stops at the limits'
  // deadline or cancel flag. `threads`: 0 for one per core.
  Result<void> (*build)(const TableInfo& table, const Limits& limits, int threads);
  // Progress of builds goes to `sink` (share of the table filled, 0..1) instead of the builders' own
  // lines on stderr; an empty sink: back to those lines.
  void (*progress_to)(std::function<void(double filled)> sink);
  // What `puzzle` (a board of this game) would gain from tables not built yet, or nothing.
  std::optional<TableAdvice> (*advice)(const Puzzle& puzzle);
  // Whether a file in the cache folder is one of this game's (a table, or the temporary file of an
  // interrupted write): what `puzzlebot cache` counts and `--clear` deletes.
  bool (*owns_file)(std::string_view name);
};

}  // namespace pb::solvers
