/* pdb78.hpp: the 15-puzzle's 7-8 additive pattern databases: a fast 4-bit build, an mmap'd cache, their IDA*. */
#pragma once

// Korf & Felner's 7-8 partition carried over to our goal (blank last): the 8 tiles of the top two
// rows and the 7 of the bottom two, maxed with its reflection about the main diagonal (the left
// two columns and the right two: the same two databases, read through the transposition).
// Korf's 100 then take ~10x fewer nodes than with the four 6-6-3 partitions of optimal.cpp.
//
// Tables (ExcessDb): for each placement rank (rank_placement) of the pattern tiles, the additive
// pattern distance minus the pattern's Manhattan distance, halved, at 4 bits (clamped at 15, which
// keeps the bound admissible): the 8-tile table is 16!/8! = 518,918,400 entries, 259 MB; the 7-tile
// one 57,657,600 entries, 29 MB. That is the whole file: the search reads nothing else.
//
// Build (build_excess_db): the breadth-first search of pattern_db.hpp over (placement, blank area),
// three blank-cell masks per placement (visited, this level, next level), rebuilt for tables of
// hundreds of millions of entries, where every scattered write is a cache miss:
// - the masks packed onto the placement's free cells, a byte each when there are at most 8 (the
//   8-tile table: 1.6 GB of masks instead of 3.1 GB; pext/pdep where fast, else byte tables);
// - the arrays on 2 MiB pages (a 1 GB array of 4 KiB pages misses the TLB on every access);
// - only the valid moves computed (one 64-bit mask of tile cells by direction), their writes
//   software-prefetched 8 moves ahead, so their misses overlap;
// - threads without atomics: a level's placements are split by the first two tiles' digits (240
//   chunks on 16 cells), or three where chunks of two would not stay in the caches (the 8-tile
//   table: 3360 chunks of 154 K placements), taken in turn by whichever thread is free, so the
//   threads balance; every move except those first tiles' stays in its chunk, whose thread
//   alone writes it, and theirs (the far ones) are queued and written after the level by chunk:
//   nearly in order, so that costs ~7% of the build instead of a miss each;
// - the blank's flood fill one table read on the packed masks (the areas of each set of free
//   cells), and few hard-to-predict branches an expansion: one loop over the moves that stay in
//   the chunk and one over those that leave it, each move's write made a fixed 8 moves later;
// - a byte per 64 ranks marks where the next level has entries, so sparse levels skip the scan;
// - the 4-bit excess written straight away (the first level that reaches a placement), no byte
//   table and no second pass.
// - nothing two threads write shares a cache line: counts in locals, added once per chunk (the
//   threads' counters side by side, bumped every expansion, cost a third of the build).
// Scratch: 6.5 bytes a placement for the 8-tile table (3.4 GB; 3.0 GB measured), 9.5 for the 7-tile one, checked
// against Limits::max_table_bytes. Cost: 777 M (placement, area) expansions for the 8-tile table,
// 82 M for the 7-tile one (docs/PERFORMANCE.md for the times).
// PB_PDB78_LEVELS=1 prints each level's size, time and per-thread CPU (for tuning);
// PB_PDB78_NO_BMI2=1 packs with the byte tables even where pext/pdep are fast, and
// PB_PDB78_SPLIT=1|2|3 sets the chunks' digits (the tests); PB_PDB78_REDUCED=1 swaps the 7-8 groups
// for 7-7-1 ones on the whole default path (tests/integration/sliding_pdb78_korf.sh).
//
// Files: `<cache>/sliding-4x4-<cells>[-b<blank>].nib`: a header (magic, sizes, the goal cells, a
// checksum of the body), then the nibbles. Loaded by mmap (checked, then copied onto 2 MiB pages
// for the search: the 259 MB table is 66,000 pages of 4 KiB, every lookup a TLB miss otherwise).
// Written to a temporary name and renamed, like the .pdb files.
//
// When (pdb78_policy): the 8-tile build takes minutes, so it must not happen under a caller that
// cannot wait. PUZZLEBOT_PDB78 = "off" (never), "cached" (only tables already in the
// cache: the tests), or unset/"build" (also build, when Limits::max_table_bytes holds the build's
// scratch and the deadline is at least kPdb78BuildSeconds away or unset). Otherwise the solver
// falls back to optimal.cpp's 6-6-3 tables.
//
// Rejected: one byte an entry (519 MB for the 8-tile table alone, twice the cache misses); a queue
// of frontier states sorted or bucketed by rank per level (more memory than the masks at the peak
// levels, and the apply pass touches the whole table per bucket flush); atomic ORs for the threads'
// moves (a locked RMW that misses the cache stalls the thread for the whole miss: the 7-tile
// build took longer on two threads than on one that way); 4 KiB dirty blocks (the sparse levels'
// few moves land all over the table: levels 6-12 of the 8-tile build scanned gigabytes); chunks
// by the first three tiles' digits, the third tile's moves queued too (no gain, more memory).

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/result.hpp"
#include "solvers/common/puzzle.hpp"
#include "solvers/sliding/pattern_db.hpp"
#include "solvers/sliding/sliding.hpp"

namespace pb::solvers::sliding {

// The least time a deadline must leave for the 8-tile build to be started (seconds).
inline constexpr int kPdb78BuildSeconds = 240;

// A 4-bit excess table: entry r (a placement rank of spec's tiles) in nibble r % 2 of byte r / 2.
class ExcessDb {
 public:
  virtual ~ExcessDb() = default;
  const DbSpec& spec() const { return spec_; }
  const std::uint8_t* nibbles() const { return data_; }
  std::uint64_t bytes() const { return (spec_.entries() + 1) / 2; }
  int at(std::uint64_t rank) const { return data_[rank / 2] >> (rank % 2 * 4) & 15; }

 protected:
  ExcessDb(DbSpec spec, const std::uint8_t* data) : spec_(std::move(spec)), data_(data) {}
  DbSpec spec_;
  const std::uint8_t* data_ = nullptr;
};

using ExcessHandle = TableHandle<ExcessDb>;

// Bytes a build of `spec` needs: the three masks and the table (see above), plus the queued moves.
std::uint64_t excess_build_bytes(const DbSpec& spec);

// Builds without touching the caches. `threads`: 0 for one per core (at most 8).
Result<std::shared_ptr<const ExcessDb>> build_excess_db(const DbSpec& spec, const Limits& limits, bool progress,
                                                        int threads = 0);

// The table from this process's memory, else the cache file, else (when `may_build`) built with
// progress on stderr and written to the cache. Not built and not cached: an error saying so.
Result<ExcessHandle> get_excess_db(const DbSpec& spec, const Limits& limits, bool may_build, int threads = 0);

// Drops the in-memory copies, so the next get_excess_db reads the disk again (tests).
void forget_loaded_excess_dbs();

// Groups of goal cells covering every tile once; the heuristic is the max over partitions of their
// additive sums. Square boards of at most kMaxDbCells cells.
using CellPartition = std::vector<std::vector<int>>;

// IDA* over excess tables (the 4x4 7-8 search, and the same code on smaller boards for the tests).
// A group's table is shared with its image under the board's transposition when that maps the
// group onto another one's cells and keeps the blank's goal (both partitions of the 7-8 use the
// same two tables). Tables come from get_excess_db(..., may_build).
Solution solve_excess(const State& state, const Limits& limits, const std::vector<CellPartition>& partitions,
                      bool may_build, int threads = 0);

// The 7-8 partition of the 4x4 board and its reflection.
std::vector<CellPartition> partitions78();

// The two tables (.nib files) both partitions read: the 8-tile one and the 7-tile one.
std::vector<DbSpec> pdb78_specs();

enum class Pdb78Policy { kOff, kCached, kBuild };
Pdb78Policy pdb78_policy();  // from PUZZLEBOT_PDB78

// Whether the 7-8 tables may be used and built under `limits` and the policy; "" when yes, else why not.
std::string pdb78_refusal(const Limits& limits, bool* may_build);

// A 4x4 board solved with the 7-8 tables, or nullopt with `why_not` set when they are not used
// (the caller then uses its own tables).
std::optional<Solution> solve_pdb78(const State& state, const Limits& limits, std::string& why_not);

// Loads (or, as the policy allows, builds) the 7-8 tables; the error says why they are not used.
Result<std::string> prepare_pdb78(const Limits& limits, int threads = 0);

}  // namespace pb::solvers::sliding
