/* pattern_db.hpp: additive pattern databases for boards of up to 32 cells, built once, cached on disk. */
#pragma once

// A pattern database (Culberson & Schaeffer; additive form: Korf & Felner 2002) stores, for every
// placement of a group of tiles, the fewest moves *of those tiles* needed to bring them home, the
// other tiles being indistinguishable and free. Disjoint groups then add up to an admissible bound.
//
// Build: breadth-first search from the goal over (placement, region of the blank). The blank's exact
// cell does not matter, only which connected area of non-pattern cells it is in, since moving it
// within that area costs nothing. The search is level-synchronous over three 16-bit masks of blank
// cells per placement rank (visited, reached at this level, reached at the next): a level is one
// scan of the table in rank order, a placement with several new areas is expanded once for all of
// them, and a successor's rank is the parent's plus a few place values (a move changes the digits
// of the moving tile and of the tiles it passes), not a fresh ranking. Big tables are split between
// threads by rank range; the next-level masks are then ORed atomically. On 4x4 the 6-tile table
// (5,765,760 entries) takes 7.7 M placement expansions making 138 M moves, ~1.4-1.6 s of CPU,
// most of it waiting on the moves' scattered writes into the 11.5 MB next-level array.
//
// For the search each table is also kept at 4 bits an entry (PatternDb::excess()): the value minus
// the pattern's Manhattan distance, halved (each move of a pattern tile changes that distance by
// one, so the difference is even; it is 0..10 on the 6-tile table). The search tracks the
// Manhattan distance itself, so the lookup stays exact at half the cache footprint. Where it is
// at most 4x bigger (4x4: 16^6 = 16.8 M against 5.8 M placements), the same 4-bit excess is also
// kept indexed by the tiles' cells as a base-N number (PatternDb::sparse(), 8.4 MB on 4x4): the
// search then moves an index by a constant per move instead of re-ranking (12% less search time,
// 10% more with 2 MiB pages for it, which the bigger table needs).
//
// Rejected: building with the blank's exact cell (5x more states); a queue of (placement, area)
// states sorted per level (the previous build: 3x slower, the sort and the scattered reads);
// checking the target's visited mask before pushing a move (a second random access; the scan
// drops visited areas from a sequential read instead); 7-8 databases in this builder (the 8-tile
// one has 519 M entries: they have their own build and cache, pdb78.hpp, used on 4x4 when cached
// or when the limits leave time to build them); 2-bit entries clamped at excess 3 (1.4 MB instead of 2.9 MB: 0.6% more nodes and no
// measurable gain, the search is no longer bound by the table's size); 2 MiB pages
// (MADV_HUGEPAGE) for the build arrays and the 2.9 MB rank-indexed table (no measurable gain:
// there the cost is the cache misses, not the TLB; the 8.4 MB sparse table does gain); writing
// one placement's moves after computing and prefetching the next one's (6% slower).
//
// Files: `<cache>/sliding-<R>x<C>-<cells>[-b<blank>].pdb`, a header (magic, sizes, the goal cells,
// FNV-1a checksum of the body), then one byte per placement rank. Written to a temporary name and
// renamed, so a crashed or concurrent build never leaves a half file under the real name; a file
// whose header, size or checksum is wrong is rebuilt.

#include <cstdint>
#include <cstdlib>
#include <memory>
#include <new>
#include <string>
#include <vector>

#include "core/result.hpp"
#include "solvers/common/puzzle.hpp"
#include "solvers/common/tables.hpp"
#include "solvers/sliding/table_memory.hpp"

namespace pb::solvers::sliding {

// Largest board solved optimally over pattern databases (solve_optimal), and the most tiles one
// database holds (the cache file's header has room for 16 goal cells).
inline constexpr int kMaxDbCells = 16;
// Largest board a pattern database can be built for (cells): the build keeps 16-bit masks of blank
// cells up to 16 cells and 32-bit ones beyond (5x5: see weighted.hpp).
inline constexpr int kMaxTableCells = 32;

// Which database: a board size and the goal cells of the pattern tiles, in rank order.
struct DbSpec {
  int rows = 0;
  int cols = 0;
  std::vector<int> cells;  // goal cell of each pattern tile, row-major index
  // The blank's goal cell, or -1 when the non-pattern cells of the goal are connected (the blank's
  // area is then all of them, wherever the blank is, and mirrored groups can share one database).
  int blank = -1;

  std::uint64_t entries() const;  // N! / (N - k)!
  std::string name() const;       // "sliding-4x4-0.1.4.5.8.9"
};

// N! / (N - k)! placements of k distinct tiles on N cells.
std::uint64_t placement_count(int n, int k);

// N^k, the size of PatternDb::sparse(), when that is at most 4 times the placement count (6 tiles
// on 16 cells: 2.9 times; an every-tile 3x3 table would be 119 times), else 0.
std::uint64_t sparse_entries(const DbSpec& spec);

// Bits set in a 16-bit mask. Spelled out because without -mpopcnt (we build for any x86-64)
// __builtin_popcount is a call into libgcc, which cost 16% of a database build.
inline unsigned popcount16(std::uint32_t x) {
  x = x - ((x >> 1) & 0x5555u);
  x = (x & 0x3333u) + ((x >> 2) & 0x3333u);
  x = (x + (x >> 4)) & 0x0F0Fu;
  return (x + (x >> 8)) & 0x1Fu;
}

// The same for 32-bit masks (boards over 16 cells).
inline unsigned popcount32(std::uint32_t x) {
  x = x - ((x >> 1) & 0x55555555u);
  x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
  x = (x + (x >> 4)) & 0x0F0F0F0Fu;
  return (x * 0x01010101u) >> 24;
}

// Rank of a placement (cell of each pattern tile, in order) among placement_count(n, k): the
// mixed-radix number whose digit i is tile i's cell counted among the cells tiles 0..i-1 left free.
inline std::uint64_t rank_placement(const std::uint8_t* cells, int k, int n) {
  std::uint32_t used = 0;
  std::uint64_t rank = 0;
  for (int i = 0; i < k; ++i) {
    const unsigned p = cells[i];
    const std::uint32_t lower = used & ((1u << p) - 1u);
    const unsigned below = n <= 16 ? popcount16(lower) : popcount32(lower);
    rank = rank * static_cast<std::uint64_t>(n - i) + (p - below);
    used |= 1u << p;
  }
  return rank;
}

// rank_placement's place values, for the builders that step a rank instead of ranking afresh:
// radix[i] = n - i, weight[i] = the product of the radices after i, and contrib[i][j + 1] the term
// a move of tile i that passes tile j adds (-weight[i] when j < i, else weight[j]; see rank_delta).
template <class Weight, class Delta>
void placement_place_values(int n, int k, std::uint32_t* radix, Weight* weight, Delta (*contrib)[kMaxDbCells + 1]) {
  Weight w = 1;
  for (int i = k - 1; i >= 0; --i) {
    radix[i] = static_cast<std::uint32_t>(n - i);
    weight[i] = w;
    w *= radix[i];
  }
  for (int i = 0; i < k; ++i)
    for (int j = 0; j < k; ++j) contrib[i][j + 1] = j < i ? -static_cast<Delta>(weight[i]) : static_cast<Delta>(weight[j]);
}

class PatternDb {
 public:
  PatternDb(DbSpec spec, std::vector<std::uint8_t> data);
  const DbSpec& spec() const { return spec_; }
  const std::uint8_t* data() const { return data_.data(); }
  std::size_t size() const { return data_.size(); }
  int max_value() const;

  // The same table at 4 bits an entry, for the search: each pattern move changes the pattern's
  // Manhattan distance by one, so value - Manhattan is even and small (0..10 on a 6-tile 4x4
  // database); entry r holds (value - Manhattan) / 2 in nibble r % 2 of byte r / 2. Half the
  // bytes means far fewer cache misses, which is what a search node costs. nullptr when some
  // excess does not fit in 4 bits (possible on long thin boards); excess_bytes() then has them
  // at one byte an entry (and is nullptr otherwise).
  const std::uint8_t* excess() const { return excess_.empty() ? nullptr : excess_.data(); }
  const std::uint8_t* excess_bytes() const { return excess_bytes_.empty() ? nullptr : excess_bytes_.data(); }

  // The 4-bit excess again, indexed by the plain base-N number of the tiles' cells (digit i is
  // tile i's cell, most significant first) instead of the rank: a move then changes the index by
  // a constant of the tile, its slot and the move, where the rank needs the cells it passes. Kept
  // when sparse_entries() allows it and the excess fits in 4 bits, else nullptr.
  const std::uint8_t* sparse() const { return sparse_.empty() ? nullptr : sparse_.data(); }

 private:
  DbSpec spec_;
  std::vector<std::uint8_t> data_;
  std::vector<std::uint8_t> excess_, excess_bytes_;
  std::vector<std::uint8_t, HugePageAllocator<std::uint8_t>> sparse_;
};

// How a database was obtained, for the stats and the tests.
enum class DbSource { kMemory, kLoaded, kBuilt, kRebuiltCorrupt };

// A table and where it came from (pattern_db's PatternDb, pdb78's ExcessDb; table_cache.hpp).
template <class Db>
struct TableHandle {
  std::shared_ptr<const Db> db;
  DbSource source = DbSource::kMemory;
  std::string path;  // the cache file ("" when not cached)
  std::string note;  // why the file was not used or not written, if so
};
using DbHandle = TableHandle<PatternDb>;

// Bytes a build needs besides the table itself (three blank-cell masks per placement: 16-bit ones
// up to 16 cells, 32-bit ones beyond).
std::uint64_t build_scratch_bytes(const DbSpec& spec);

// The cache folder is every game's: solvers::cache_dir() (solvers/common/tables.hpp).

// The database for `spec`: from this process's memory, else the cache file, else built (progress on
// stderr) and written to the cache. Building stops at the limits' deadline or cancel flag.
// `threads`: build threads, 0 for one per core (at most 8).
Result<DbHandle> get_pattern_db(const DbSpec& spec, const Limits& limits, int threads = 0);

// Builds without touching memory or disk caches (tests compare against this).
Result<std::shared_ptr<const PatternDb>> build_pattern_db(const DbSpec& spec, const Limits& limits,
                                                          bool progress, int threads = 0);

// Drops the in-memory copies, so the next get_pattern_db reads the disk again (tests).
void forget_loaded_pattern_dbs();

}  // namespace pb::solvers::sliding
