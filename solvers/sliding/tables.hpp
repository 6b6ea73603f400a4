/* tables.hpp: every sliding table a solve can use, in one list: what `puzzlebot prepare` builds, `doctor` checks, and a solve says it lacked. */
#pragma once

// The solvers build their tables when they need them and the limits leave time (pattern_db.hpp,
// pdb78.hpp, weighted.hpp); a command-line solve (10 s by default) does not wait for the big
// ones and uses weaker tables instead. This list names, per board size, the tables a solve would
// use with no limit, under the same environment (PUZZLEBOT_PDB78, PUZZLEBOT_SLIDING_SMALL_TABLES),
// so that they can be built on purpose, once, ahead of the solves.
//
// Rejected: a second builder or cache layout for prepare (the tables are built by the same
// get_pattern_db / get_excess_db a solve calls, so a prepared table is exactly the one a solve
// loads); checking each file's checksum to tell whether it is usable (the 7-8 tables take a second
// to read: table_state looks at the size and the header only, a solve still checks the rest).

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/result.hpp"
#include "solvers/common/puzzle.hpp"
#include "solvers/common/tables.hpp"
#include "solvers/sliding/pattern_db.hpp"

namespace pb::solvers::sliding {

// One cached table.
struct CacheTable {
  std::string board;  // the board size it serves: "3x3", "4x4", "5x5"
  std::string set;    // the partition it belongs to: "exact", "7-8", "6-6-3", "5-5-5-5-4", "4-4-4-4-4-4"
  DbSpec spec;
  bool nibbles = false;  // a pdb78 .nib file (4 bits an entry), else a pattern_db .pdb (a byte)

  std::string file() const;               // the file name in the cache folder
  std::uint64_t disk_bytes() const;       // the file's size
  std::uint64_t build_bytes() const;      // memory while it is built (scratch and table)
  double build_cpu_seconds() const;       // an estimate, from the build rates in docs/PERFORMANCE.md
};

// The tables of every board size that has any, cheapest board first.
std::vector<CacheTable> cache_tables();

using solvers::TableState;  // solvers/common/tables.hpp: every game's tables are in one of these states

// Whether `t` is in the cache folder with the right size and header (`why` says what is wrong with
// an unusable one: another version's file, a truncated one). No cache folder: kMissing.
TableState table_state(const CacheTable& t, std::string* why = nullptr);

// Builds `t` into the cache (or loads it, when it is there), as a solve would; stops at the limits'
// deadline or cancel flag. `threads`: 0 for one per core.
Result<void> build_cache_table(const CacheTable& t, const Limits& limits, int threads = 0);

// What a rows x cols board would gain from tables not built yet: the board size whose tables are
// missing, the gain in words (docs/PERFORMANCE.md's figures) and what building them takes. None
// when the best tables are there, when the environment chose weaker ones on purpose
// (PUZZLEBOT_PDB78=off or cached, PUZZLEBOT_SLIDING_SMALL_TABLES), or when there is no cache folder.
using solvers::TableAdvice;
std::optional<TableAdvice> weaker_tables(int rows, int cols);

// These tables as the registry shows them (Spec::kTables): what prepare, doctor and cache list.
extern const GameTables kTables;

}  // namespace pb::solvers::sliding
