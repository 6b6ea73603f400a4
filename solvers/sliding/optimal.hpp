/* optimal.hpp: optimal sliding-tile solving for boards of up to 16 cells (IDA*). */
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "solvers/sliding/pattern_db.hpp"
#include "solvers/sliding/sliding.hpp"

namespace pb::solvers::sliding {

enum class Heuristic {
  kBest,       // the largest pattern databases that fit Limits::max_table_bytes, else kManhattan
  kManhattan,  // Manhattan distance + linear conflicts, no tables
};

// Largest board solve_manhattan_below() takes (cells).
inline constexpr int kMaxIdaCells = 36;

// An optimal solution of a board of at most kMaxDbCells cells, both sides at least 2.
// Solution::method names the heuristic and, on a fallback, why.
Solution solve_optimal(const State& state, const Limits& limits, Heuristic heuristic = Heuristic::kBest);

// IDA* over Manhattan distance + linear conflicts on a board of at most kMaxIdaCells cells, both
// sides at least 2, looking only for solutions shorter than `below` (a known solution's length):
// kSolved with an optimal solution; kUnsolvable when every length under `below` was ruled out
// (the known solution is then optimal); kGaveUp at a limit, with Solution::lower_bound the bound
// reached (no solution is shorter).
Solution solve_manhattan_below(const State& state, const Limits& limits, int below);

// Loads or builds the pattern databases solve_optimal would use on a rows x cols board, with
// `threads` build threads (0: one per core), so that a caller can time or warm them up; returns the
// heuristic's name.
Result<std::string> prepare_databases(int rows, int cols, const Limits& limits, int threads = 0);

// Bytes of tables (plus build scratch) the preferred pattern databases of a rows x cols board need.
std::uint64_t preferred_table_bytes(int rows, int cols);

// The preferred pattern databases of a rows x cols board (up to kMaxDbCells cells), each once: the
// 6-6-3 ones on 4x4 (the 7-8 tables are pdb78_specs()), the exact every-tile one on 3x3.
std::vector<DbSpec> preferred_databases(int rows, int cols);

}  // namespace pb::solvers::sliding
