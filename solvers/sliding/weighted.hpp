/* weighted.hpp: short 5x5 sliding solutions by weighted IDA* over additive pattern databases, and --best proofs. */
#pragma once

// Reduction (reduce.hpp) brings a random 5x5 home in ~135 moves where ~100 are optimal; an optimal
// search is out of reach (hours per board even with 6-6-6-6 tables). Between the two: weighted
// IDA* over the whole board (f = g + w h, restarted at lower weights while its node budget lasts)
// with an additive pattern-database heuristic, the max of a
// 5-5-5-5-4 partition and its reflection about the diagonal (pattern_db.hpp builds them; ~15 MB
// each once built, cached like the 4x4 ones). See weighted.cpp for the numbers behind the choices.

#include <cstdint>
#include <string>
#include <vector>

#include "solvers/sliding/pattern_db.hpp"
#include "solvers/sliding/sliding.hpp"

namespace pb::solvers::sliding {

// Which tables: kFull is the one solve() uses (5 tables, ~25 s to build with 2 threads on this
// loaded machine, once);
// kSmall (4-4-4-4-4-4, 300 k entries a table, built in a fraction of a second) is used when kFull
// does not fit Limits::max_table_bytes, or when the environment variable
// PUZZLEBOT_SLIDING_SMALL_TABLES is set (and not "0"): the tests and CI set it so that they never
// build the big tables (twice, with the sanitizer build); a weaker bound, so longer solutions.
enum class WeightedTables { kFull, kSmall };

// Whether the weighted search covers a rows x cols board (5x5 only, for now).
bool weighted_covers(int rows, int cols);

// Bytes of tables (plus the largest build's scratch) an option needs on a 5x5 board.
std::uint64_t weighted_table_bytes(WeightedTables tables);

// The tables an option is made of (pattern_db.hpp's .pdb files).
std::vector<DbSpec> weighted_databases(WeightedTables tables);

// Which option solve_weighted takes when both fit: kSmall when PUZZLEBOT_SLIDING_SMALL_TABLES says
// so (the tests), else kFull (built when the limits leave time, see solve_weighted).
WeightedTables weighted_tables_wanted();

// A short solution of a 5x5 board (not proved minimal), or kGaveUp when no tables fit the limits
// or the search ran out of its node budget or a limit (the caller then reduces the board). Besides
// the limits, the search stops ~1.5 s (wall) after the tables are loaded, keeping what it has.
// Safe to call from several threads at once (the tables are shared read-only).
Solution solve_weighted(const State& state, const Limits& limits);

// Like solve_manhattan_below (optimal.hpp) on a board of 17..36 cells: only solutions shorter than
// `below`, kSolved (optimal), kUnsolvable (none: the known one is optimal) or kGaveUp with the bound
// reached; over the pattern databases where weighted_covers() and they fit, else Manhattan + LC.
Solution solve_below(const State& state, const Limits& limits, int below);

// Loads or builds the tables solve_weighted would use (for the bench); returns their name.
Result<std::string> prepare_weighted_databases(const Limits& limits);

}  // namespace pb::solvers::sliding
