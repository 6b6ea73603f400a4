/* pdb78.cpp: 4-bit excess pattern databases (the 15-puzzle's 7-8): build, cache, policy and IDA*. */
#include "solvers/sliding/pdb78.hpp"

#include "solvers/sliding/cell_masks.hpp"
#include "solvers/sliding/ida.hpp"
#include "solvers/sliding/pdb_heuristic.hpp"
#include "solvers/sliding/table_cache.hpp"
#include "solvers/sliding/table_memory.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <climits>
#include <ctime>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <new>
#include <thread>

namespace pb::solvers::sliding {
namespace {

class OwnedExcessDb final : public ExcessDb {
 public:
  OwnedExcessDb(DbSpec spec, HugeBuffer data) : ExcessDb(std::move(spec), data.data()), storage_(std::move(data)) {}

 private:
  HugeBuffer storage_;
};

// The d-th (from 0) set bit of each byte, and each byte's bit count: nth_free() in a few loads.
struct SelectTables {
  std::uint8_t select[256][8] = {};
  std::uint8_t count[256] = {};
  SelectTables() {
    for (int b = 0; b < 256; ++b) {
      int c = 0;
      for (int i = 0; i < 8; ++i)
        if (b >> i & 1) select[b][c++] = static_cast<std::uint8_t>(i);
      count[b] = static_cast<std::uint8_t>(c);
    }
  }
};
const SelectTables kSelect;

// The d-th (from 0) set bit of a 16-bit mask.
inline int nth_bit(std::uint32_t mask, std::uint32_t d) {
  const std::uint32_t lo = mask & 0xFFu;
  const std::uint32_t c = kSelect.count[lo];
  return d < c ? kSelect.select[lo][d] : 8 + kSelect.select[mask >> 8 & 0xFFu][d - c];
}

// A cell mask's bits at a free-cell mask's set bits, packed (extract), and back (deposit), a byte
// at a time: the 8-tile build keeps its blank areas as one byte per placement, bit j the j-th free
// cell (pext and pdep, without assuming BMI2, which some AMD cores run in microcode).
struct DepositTables {
  std::uint8_t deposit[256][256] = {};
  std::uint8_t extract[256][256] = {};
  DepositTables() {
    for (int m = 0; m < 256; ++m)
      for (int v = 0; v < 256; ++v) {
        int j = 0;
        for (int b = 0; b < 8; ++b)
          if (m >> b & 1) {
            if (v >> j & 1) deposit[m][v] = static_cast<std::uint8_t>(deposit[m][v] | 1 << b);
            if (v >> b & 1) extract[m][v] = static_cast<std::uint8_t>(extract[m][v] | 1 << j);
            ++j;
          }
      }
  }
};
const DepositTables& deposit_tables() {
  static const DepositTables tables;
  return tables;
}

// BMI2's pext and pdep, one instruction each where they are fast (Intel since Haswell, AMD since
// Zen 3; AMD's families 15h and 17h, Zen 1 and 2 among them, run them in microcode). Inline assembly, so that the
// rest of the build stays plain x86-64; only called after fast_bmi2() said yes.
#if defined(__x86_64__) || defined(__i386__)
bool fast_bmi2() {
  __builtin_cpu_init();
  return __builtin_cpu_supports("bmi2") && !__builtin_cpu_is("amdfam15h") && !__builtin_cpu_is("amdfam17h");
}
inline std::uint32_t pext32(std::uint32_t src, std::uint32_t mask) {
  std::uint32_t r;
  asm("pext %2, %1, %0" : "=r"(r) : "r"(src), "rm"(mask));
  return r;
}
inline std::uint32_t pdep32(std::uint32_t src, std::uint32_t mask) {
  std::uint32_t r;
  asm("pdep %2, %1, %0" : "=r"(r) : "r"(src), "rm"(mask));
  return r;
}
inline std::uint32_t popcnt32(std::uint32_t v) {  // every BMI2 core has POPCNT
  std::uint32_t r;
  asm("popcnt %1, %0" : "=r"(r) : "rm"(v));
  return r;
}
#else  // other machines take the tables
bool fast_bmi2() { return false; }
inline std::uint32_t pext32(std::uint32_t, std::uint32_t) { return 0; }
inline std::uint32_t pdep32(std::uint32_t, std::uint32_t) { return 0; }
inline std::uint32_t popcnt32(std::uint32_t) { return 0; }
#endif

// The connected areas of every set of at most 8 free cells, packed (bit j: the j-th free cell):
// byte j of areas[index[free]] is the area holding free cell j. The blank's flood fill of the
// packed 8-tile build is then one table read and a few shifts, on packed masks, with no loop.
struct AreaTables {
  std::vector<std::uint16_t> index;   // [free cell mask] -> row of areas (masks of other sizes: 0)
  std::vector<std::uint64_t> areas;   // [row]
  std::uint64_t spread[256] = {};     // bit j of a byte -> byte j all ones
  AreaTables(int rows, int cols, int free_cells) : index(std::size_t{1} << (rows * cols), 0) {
    for (int v = 0; v < 256; ++v)
      for (int j = 0; j < 8; ++j)
        if (v >> j & 1) spread[v] |= std::uint64_t{0xFF} << (8 * j);
    const CellMasks geo(rows, cols);
    for (std::uint32_t free = 0; free <= geo.all; ++free) {
      if (__builtin_popcount(free) != free_cells) continue;
      index[free] = static_cast<std::uint16_t>(areas.size());
      std::uint64_t row = 0;
      int j = 0;
      for (std::uint32_t f = free; f != 0; f &= f - 1, ++j) {
        const std::uint32_t area = geo.fill(f & -f, free);
        std::uint32_t packed = 0;
        int b = 0;
        for (std::uint32_t g = free; g != 0; g &= g - 1, ++b)
          if (area & g & -g) packed |= 1u << b;
        row |= std::uint64_t{packed} << (8 * j);
      }
      areas.push_back(row);
    }
  }
  // The union of the areas holding the packed cells `cells`, of the free cells `free`.
  std::uint32_t fill(std::uint32_t cells, std::uint32_t free) const {
    std::uint64_t w = areas[index[free]] & spread[cells];
    w |= w >> 32;
    w |= w >> 16;
    w |= w >> 8;
    return static_cast<std::uint32_t>(w & 0xFF);
  }
};

// The top bit of each nonzero Mask-sized lane of w, the other bits clear.
template <class Mask>
inline std::uint64_t nonzero_lanes(std::uint64_t w) {
  constexpr std::uint64_t kLow = sizeof(Mask) == 1 ? 0x7F7F7F7F7F7F7F7Full : 0x7FFF7FFF7FFF7FFFull;
  return (((w & kLow) + kLow) | w) & ~kLow;
}

// One thread's queued moves: a list of fixed-size blocks per target chunk. Blocks are reused level
// after level, so the memory is the busiest level's moves (4 bytes each) and a part-filled block
// per chunk; a vector per chunk would double its capacity, and fault in fresh pages, as it grows.
class alignas(64) MoveQueue {  // a cache line each: the threads push into their own
 public:
  static constexpr std::size_t kBlock = 1024;  // entries
  explicit MoveQueue(int chunks) : lists_(static_cast<std::size_t>(chunks)) {}
  __attribute__((always_inline)) void push(int chunk, std::uint32_t v) {
    List& l = lists_[static_cast<std::size_t>(chunk)];
    if (l.at == l.end) {
      l.blocks.push_back(take());
      l.at = l.blocks.back();
      l.end = l.at + kBlock;
    }
    *l.at++ = v;
  }
  // Calls f(begin, end) for each block of the chunk's entries, in the order pushed.
  template <class F>
  void for_each_block(int chunk, F f) const {
    const List& l = lists_[static_cast<std::size_t>(chunk)];
    for (std::size_t b = 0; b < l.blocks.size(); ++b)
      f(l.blocks[b], b + 1 == l.blocks.size() ? l.at : l.blocks[b] + kBlock);
  }
  // Empties every list and returns their sizes' total.
  std::uint64_t clear() {
    std::uint64_t n = 0;
    for (List& l : lists_) {
      if (!l.blocks.empty()) n += (l.blocks.size() - 1) * kBlock + static_cast<std::size_t>(l.at - l.blocks.back());
      free_.insert(free_.end(), l.blocks.begin(), l.blocks.end());
      l.blocks.clear();
      l.at = l.end = nullptr;
    }
    return n;
  }

 private:
  struct List {
    std::uint32_t* at = nullptr;
    std::uint32_t* end = nullptr;
    std::vector<std::uint32_t*> blocks;
  };
  std::uint32_t* take() {
    if (free_.empty()) {
      // 8 MiB at a time, on 2 MiB pages: the 8-tile build queues up to 800 MB a level, and 4 KiB
      // pages were 200 K page faults.
      constexpr std::size_t kSlab = 2048;  // blocks
      slabs_.emplace_back(kSlab * kBlock * sizeof(std::uint32_t));
      if (!slabs_.back().ok()) throw std::bad_alloc();
      for (std::size_t i = 0; i < kSlab; ++i) free_.push_back(slabs_.back().as<std::uint32_t>() + i * kBlock);
    }
    std::uint32_t* b = free_.back();
    free_.pop_back();
    return b;
  }
  std::vector<List> lists_;
  std::vector<std::uint32_t*> free_;
  std::vector<HugeBuffer> slabs_;
};

// A level's placements are split in chunks by their rank's first digits (the first tiles' cells):
// two (240 chunks on 16 cells; one tile: its cells), or three where a chunk of two would be too big
// for the caches (the 8-tile table: 3360 chunks of 154 K placements instead of 240 of 2.2 M; every
// move but the first tiles' stays in its chunk, and those are queued by target chunk).
int split_digits(const DbSpec& spec) {
  const int n = spec.rows * spec.cols, k = static_cast<int>(spec.cells.size());
  const char* forced = std::getenv("PB_PDB78_SPLIT");  // 1 to 3 (the tests check each way)
  if (forced != nullptr && *forced != '\0') return std::clamp(std::atoi(forced), 1, std::min(k, 3));
  if (k <= 2) return k;
  std::uint64_t third = 1;  // the third digit's place value
  for (int i = 3; i < k; ++i) third *= static_cast<std::uint64_t>(n - i);
  return third >= (1u << 16) ? 3 : 2;
}

// The number of placements of a chunk.
std::uint64_t chunk_entries(const DbSpec& spec) {
  const int n = spec.rows * spec.cols;
  std::uint64_t heads = 1;
  for (int i = 0; i < split_digits(spec); ++i) heads *= static_cast<std::uint64_t>(n - i);
  return spec.entries() / heads;
}

// Ranks per "next level has entries here" byte: 64 (two cache lines of masks). Bigger blocks made
// the sparse levels of the 8-tile build scan gigabytes: their few moves land all over the table.
constexpr int kBlockShift = 6;

// The level-synchronous breadth-first search described in pdb78.hpp.
class FastBuilder {
 public:
  FastBuilder(const DbSpec& spec, const Limits& limits, int threads)
      : spec_(spec), limits_(limits), geo_(spec.rows, spec.cols), n_(spec.rows * spec.cols),
        k_(static_cast<int>(spec.cells.size())), entries_(spec.entries()), threads_(std::max(1, threads)) {
    placement_place_values(n_, k_, radix_, weight_, contrib_);
    passes_ = spec.cols - 1;
    cols_ = spec.cols;
    for (int p = 0; p < n_; ++p)
      for (int d = 0; d < 4; ++d) {
        Step& st = step_[p][d];
        for (std::uint8_t& c : st.pass) c = static_cast<std::uint8_t>(n_);
        const int y = p / spec.cols, x = p % spec.cols;
        const int q = d == 0 ? (y > 0 ? p - spec.cols : -1)
                    : d == 1 ? (y < spec.rows - 1 ? p + spec.cols : -1)
                    : d == 2 ? (x > 0 ? p - 1 : -1)
                             : (x < spec.cols - 1 ? p + 1 : -1);
        if (q < 0) continue;
        st.q = static_cast<std::uint8_t>(q);
        st.dq = static_cast<std::int8_t>(q - p);
        st.sign = static_cast<std::int8_t>(q > p ? 1 : -1);
        int m = 0;
        for (int c = std::min(p, q) + 1; c < std::max(p, q); ++c) st.pass[m++] = static_cast<std::uint8_t>(c);
      }
    for (int i = 0; i < k_; ++i)
      for (int c = 0; c < n_; ++c)
        distance_[i][c] = static_cast<std::uint8_t>(std::abs(c / spec.cols - spec.cells[i] / spec.cols) +
                                                    std::abs(c % spec.cols - spec.cells[i] % spec.cols));
    blocks_ = (entries_ >> kBlockShift) + 1;
    // Chunk c: the ranks whose first split_ digits are c's (mixed radix, the rank's radices).
    split_ = split_digits(spec);
    chunk_ = weight_[split_ - 1];
    chunks_ = static_cast<int>(entries_ / chunk_);
    compact_ = n_ - k_ <= 8;
    if (compact_) {
      deposit_ = &deposit_tables();
      areas_ = std::make_unique<AreaTables>(spec.rows, spec.cols, n_ - k_);
    }
    const char* no_bmi2 = std::getenv("PB_PDB78_NO_BMI2");  // (the tests check the tables' way too)
    bmi2_ = compact_ && fast_bmi2() && (no_bmi2 == nullptr || *no_bmi2 == '\0');
    const std::uint64_t mask_bytes = compact_ ? 1 : 2;
    visited_ = HugeBuffer(entries_ * mask_bytes);
    cur_ = HugeBuffer(entries_ * mask_bytes);
    next_ = HugeBuffer(entries_ * mask_bytes);
    out_ = HugeBuffer((entries_ + 1) / 2 + 8);
    dirty_cur_.assign(blocks_ + 8, 0);  // padded for 8-byte reads
    dirty_next_.assign(blocks_ + 8, 0);
  }

  bool allocated() const { return visited_.ok() && cur_.ok() && next_.ok() && out_.ok(); }

  // Runs the search; false when stopped by the limits.
  bool run(bool progress) {
    std::uint32_t occupied = 0;
    std::uint8_t cells[kMaxDbCells];
    for (int i = 0; i < k_; ++i) {
      cells[i] = static_cast<std::uint8_t>(spec_.cells[i]);
      occupied |= 1u << spec_.cells[i];
    }
    const std::uint32_t free0 = geo_.all & ~occupied;
    const std::uint32_t area0 = spec_.blank >= 0 ? geo_.fill(1u << spec_.blank, free0) : free0;
    const std::uint64_t r0 = rank_placement(cells, k_, n_);
    if (compact_) cur_.as<std::uint8_t>()[r0] = static_cast<std::uint8_t>(pack(area0, free0));
    else cur_.as<std::uint16_t>()[r0] = static_cast<std::uint16_t>(area0);
    dirty_cur_[r0 >> kBlockShift] = 1;
    // The first tiles' queued moves, [thread][target chunk]: (rank in chunk << 4) | blank cell.
    queued_.clear();
    for (int t = 0; t < threads_; ++t) queued_.emplace_back(chunks_);
    int reported = 0;
    const double run_cpu0 = thread_cpu();
    double own_parallel_cpu = 0;  // this thread's share of the parallel phases
    for (int depth = 0;; ++depth) {
      if (depth > 255 || limits_.out_of_time()) return false;
      std::atomic<int> next_chunk{0};
      std::atomic<bool> stopped{false};
      std::vector<Counts> counts(static_cast<std::size_t>(threads_));
      auto expand = [&](int t) {
        Counts& c = counts[static_cast<std::size_t>(t)];
        const double cpu0 = thread_cpu();
        for (int chunk = next_chunk++; chunk < chunks_ && !stopped; chunk = next_chunk++)
          if (!expand_chunk(chunk, depth, t, c)) stopped = true;
        c.expand_cpu = thread_cpu() - cpu0;
      };
      std::atomic<int> next_apply{0};
      auto apply = [&](int t) {
        const double cpu0 = thread_cpu();
        for (int chunk = next_apply++; chunk < chunks_; chunk = next_apply++) apply_queued(chunk);
        counts[static_cast<std::size_t>(t)].apply_cpu = thread_cpu() - cpu0;
      };
      parallel(expand);
      if (stopped) return false;
      parallel(apply);
      std::uint64_t queued = 0;
      for (MoveQueue& q : queued_) queued += q.clear();
      std::uint64_t expanded = 0;
      for (const Counts& c : counts) {
        filled_ += c.filled;
        expanded += c.expanded;
      }
      std::swap(cur_, next_);
      dirty_cur_.swap(dirty_next_);
      std::fill(dirty_next_.begin(), dirty_next_.end(), 0);
      if (progress) build_level_done(spec_, filled_, reported);
      expansions_ += expanded;
      double expand_max = 0, apply_max = 0;
      for (const Counts& c : counts) {
        expand_max = std::max(expand_max, c.expand_cpu);
        apply_max = std::max(apply_max, c.apply_cpu);
      }
      busiest_cpu_ += expand_max + apply_max;
      own_parallel_cpu += counts[0].expand_cpu + counts[0].apply_cpu;
      if (std::getenv("PB_PDB78_LEVELS") != nullptr) {  // for tuning: each level's size and time
        static auto last = std::chrono::steady_clock::now();
        const auto now = std::chrono::steady_clock::now();
        std::fprintf(stderr, "\n level %d: %llu expanded, %llu queued, %.2f s; CPU per thread (expand + apply):", depth,
                     static_cast<unsigned long long>(expanded), static_cast<unsigned long long>(queued),
                     std::chrono::duration<double>(now - last).count());
        for (const Counts& c : counts) std::fprintf(stderr, " %.2f + %.2f", c.expand_cpu, c.apply_cpu);
        last = now;
      }
      if (expanded == 0) {
        busiest_cpu_ += thread_cpu() - run_cpu0 - own_parallel_cpu;  // the serial parts
        return true;
      }
    }
  }

  std::uint64_t filled() const { return filled_; }
  std::uint64_t expansions() const { return expansions_; }
  std::uint64_t clamped() const { return clamped_; }
  // The CPU time of the levels' busiest threads and the serial parts: the wall time the build
  // would take with a free core per thread (a shared machine's wall time is longer).
  double busiest_cpu() const { return busiest_cpu_; }
  HugeBuffer take() { return std::move(out_); }

 private:
  // A cache line each: the threads' counts side by side in one vector shared their line, and
  // bumping them every expansion bounced it between the cores (42% of the 8-tile build's samples).
  struct alignas(64) Counts {
    std::uint64_t filled = 0, expanded = 0, clamped = 0;
    double expand_cpu = 0, apply_cpu = 0;
  };

  static double thread_cpu() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
  }

  template <class F>
  void parallel(F f) {
    if (threads_ == 1) {
      f(0);
      return;
    }
    std::vector<std::thread> pool;
    for (int t = 1; t < threads_; ++t) pool.emplace_back(f, t);
    f(0);
    for (std::thread& th : pool) th.join();
  }

  // The moves that stay in the chunk, written into next_ kLag moves after they were made and
  // their target prefetched, so that the cache misses overlap with the work between instead of
  // stalling it. The slots start as no-ops (no bit, on the chunk's first entry), so that every
  // move writes the one kLag before it, with no branch.
  template <class Mask>
  class LaggedWrites {
   public:
    static constexpr unsigned kLag = 8;
    LaggedWrites(Mask* next, std::uint8_t* dirty, std::uint64_t first) : next_(next), dirty_(dirty) {
      for (unsigned s = 0; s < kLag; ++s) {
        rank_[s] = first;
        bit_[s] = 0;
      }
    }
    __attribute__((always_inline)) void put(std::uint64_t rank, std::uint32_t bit) {
      __builtin_prefetch(&next_[rank], 1);
      const unsigned s = at_++ % kLag;
      write(s);
      rank_[s] = rank;
      bit_[s] = bit;
    }
    void flush() {
      for (unsigned s = 0; s < kLag; ++s) {
        write(s);
        bit_[s] = 0;
      }
    }

   private:
    void write(unsigned s) {
      next_[rank_[s]] = static_cast<Mask>(next_[rank_[s]] | bit_[s]);
      // Bytes shared by two chunks' threads: the same value stored from both, never a torn one.
      std::atomic_ref<std::uint8_t>(dirty_[rank_[s] >> kBlockShift]).store(1, std::memory_order_relaxed);
    }
    Mask* next_;
    std::uint8_t* dirty_;
    std::uint64_t rank_[kLag];
    std::uint32_t bit_[kLag];
    unsigned at_ = 0;
  };
  // A cell mask's bits on the free cells `free`, packed (bit j: the j-th free cell), and back.
  std::uint32_t pack(std::uint32_t cells, std::uint32_t free) const {
    const std::uint32_t lo = free & 0xFFu, hi = free >> 8 & 0xFFu;
    return deposit_->extract[lo][cells & 0xFFu] | static_cast<std::uint32_t>(deposit_->extract[hi][cells >> 8 & 0xFFu])
                                                      << kSelect.count[lo];
  }
  std::uint32_t unpack(std::uint32_t packed, std::uint32_t free) const {
    const std::uint32_t lo = free & 0xFFu, hi = free >> 8 & 0xFFu;
    const std::uint32_t lo_count = kSelect.count[lo];
    return deposit_->deposit[lo][packed & ((1u << lo_count) - 1u)] |
           static_cast<std::uint32_t>(deposit_->deposit[hi][packed >> lo_count & 0xFFu]) << 8;
  }

  bool expand_chunk(int chunk, int depth, int t, Counts& counts) {
    if (k_ == 8 && passes_ == 3 && compact_ && bmi2_) return expand<8, 3, std::uint8_t, true>(chunk, depth, t, counts);
    if (k_ == 8 && passes_ == 3 && compact_) return expand<8, 3, std::uint8_t, false>(chunk, depth, t, counts);
    if (k_ == 7 && passes_ == 3 && !compact_) return expand<7, 3, std::uint16_t, false>(chunk, depth, t, counts);
    if (compact_ && bmi2_) return expand<0, 0, std::uint8_t, true>(chunk, depth, t, counts);
    if (compact_) return expand<0, 0, std::uint8_t, false>(chunk, depth, t, counts);
    return expand<0, 0, std::uint16_t, false>(chunk, depth, t, counts);
  }

  // Expands the placements of `chunk` reached at `depth`; false when out of time. kK tiles and
  // kPasses = cols - 1 when known at compile time (0: read at run time): the 4x4 7-8 builds, which
  // are nearly all the building time, then run unrolled loops.
  // Mask: the blank areas' type, std::uint8_t when packed onto the free cells (at most 8 of them).
  template <int kK, int kPasses, class Mask, bool kBmi2>
  bool expand(int chunk, int depth, int t, Counts& counts) {
    constexpr bool kPacked = sizeof(Mask) == 1;
    const int k = kK > 0 ? kK : k_;
    const int passes = kPasses > 0 ? kPasses : passes_;
    const int split = split_;
    Mask* const cur = cur_.as<Mask>();
    Mask* const visited = visited_.as<Mask>();
    std::uint8_t* const out = out_.data();
    MoveQueue& queue = queued_[static_cast<std::size_t>(t)];
    const std::uint64_t lo = static_cast<std::uint64_t>(chunk) * chunk_, hi = lo + chunk_;
    LaggedWrites<Mask> writes(next_.as<Mask>(), dirty_next_.data(), lo);
    // The digits, cells, used cells and Manhattan distance of the current rank, advanced by
    // adding to the digits (most steps change only the last one or two).
    std::uint32_t digit[kMaxDbCells] = {};
    std::uint32_t used[kMaxDbCells + 1] = {};
    std::uint8_t cells[kMaxDbCells] = {};
    int md[kMaxDbCells + 1] = {};
    std::uint64_t at = lo;
    for (int j = split - 1, c = chunk; j >= 0; --j) {
      digit[j] = static_cast<std::uint32_t>(c) % radix_[j];
      c /= static_cast<int>(radix_[j]);
    }
    // owner: the slot + 1 of the tile on each cell, 0 for none (cell n_, the passes' padding, too),
    // kept up to date as the digits change.
    std::uint8_t owner[kMaxDbCells + 1] = {};
    auto decode_from = [&](int first) {
      for (int j = first; j < k; ++j) owner[cells[j]] = 0;
      for (int j = first; j < k; ++j) {
        cells[j] = static_cast<std::uint8_t>(nth_bit(geo_.all & ~used[j], digit[j]));
        owner[cells[j]] = static_cast<std::uint8_t>(j + 1);
        used[j + 1] = used[j] | 1u << cells[j];
        md[j + 1] = md[j] + distance_[j][cells[j]];
      }
    };
    decode_from(0);
    // The chunk's first tiles do not move within it: the mask of their cells, four times (one
    // per direction), and the target chunk of each of them moving to each cell.
    std::uint32_t heads = 0;
    for (int j = 0; j < split; ++j) heads |= 1u << cells[j];
    const std::uint64_t leaving = heads * 0x0001000100010001ull;
    std::uint16_t target_chunk[3][kMaxDbCells] = {};
    for (int i = 0; i < split; ++i)
      for (int q = 0; q < n_; ++q) {
        std::uint32_t c[3] = {cells[0], cells[1], cells[2]};
        c[i] = static_cast<std::uint32_t>(q);
        std::uint32_t target = 0;
        for (int j = 0; j < split; ++j) {
          std::uint32_t d = c[j];
          for (int m = 0; m < j; ++m) d -= c[m] < c[j] ? 1u : 0u;
          target = target * radix_[j] + d;
        }
        target_chunk[i][q] = static_cast<std::uint16_t>(target);
      }
    const std::uint64_t first_block = lo >> kBlockShift, last_block = (hi - 1) >> kBlockShift;
    // Counted in locals, added to the thread's Counts once per chunk.
    std::uint64_t expanded = 0, filled = 0, clamped = 0;
    unsigned checked = 0;
    for (std::uint64_t block = first_block; block <= last_block; ++block) {
      if ((block & 7u) == 0 && block + 8 <= last_block) {  // eight blocks at a time
        std::uint64_t eight;
        std::memcpy(&eight, &dirty_cur_[block], sizeof eight);
        if (eight == 0) {
          block += 7;
          continue;
        }
      }
      if (dirty_cur_[block] == 0) continue;
      if (++checked % 4096 == 0 && limits_.out_of_time()) return false;
      const std::uint64_t b_lo = std::max(lo, block << kBlockShift);
      const std::uint64_t b_hi = std::min(hi, (block + 1) << kBlockShift);
      auto expand_at = [&](std::uint64_t r) __attribute__((always_inline)) {
        std::uint32_t reached = cur[r];
        if (reached == 0) return;
        cur[r] = 0;
        std::uint32_t seen = visited[r];
        if ((reached & ~seen) == 0) return;  // moves are pushed blind; repeats are dropped here
        // Advance the digits from `at` to r. Mostly the next entry is close: the last digit moves
        // on, carrying one into the one before or not, without a branch on which.
        const std::uint64_t step = digit[k - 1] + (r - at);
        const std::uint32_t carry = step >= radix_[k - 1] ? 1u : 0u;
        if (k >= 3 && step < 2 * radix_[k - 1] && digit[k - 2] + carry < radix_[k - 2]) {
          digit[k - 1] = static_cast<std::uint32_t>(step - (carry != 0 ? radix_[k - 1] : 0u));
          digit[k - 2] += carry;
          at = r;
          decode_from(k - 2);
        } else {
          int j = k - 1;
          std::uint64_t v = digit[j] + (r - at);
          while (v >= radix_[j]) {
            std::uint64_t carry = 1;  // nearly always: the next entry is close
            if (v < 2 * radix_[j]) {
              digit[j] = static_cast<std::uint32_t>(v - radix_[j]);
            } else {
              digit[j] = static_cast<std::uint32_t>(v % radix_[j]);
              carry = v / radix_[j];
            }
            --j;
            v = digit[j] + carry;
          }
          digit[j] = static_cast<std::uint32_t>(v);
          at = r;
          decode_from(j);
        }
        const std::uint32_t free = geo_.all & ~used[k];
        std::uint32_t fresh;
        if constexpr (kPacked) {  // filled on the packed masks, then unpacked for the moves
          const std::uint32_t fresh_packed = areas_->fill(reached & ~seen, free) & ~seen;
          visited[r] = static_cast<Mask>(seen | fresh_packed);
          fresh = kBmi2 ? pdep32(fresh_packed, free) : unpack(fresh_packed, free);
        } else {
          fresh = geo_.fill(reached & ~seen, free) & ~seen;
          visited[r] = static_cast<Mask>(seen | fresh);
        }
        ++expanded;
        {  // the excess, on the first visit (no branch: a repeat ORs in nothing)
          const std::uint32_t first = seen == 0 ? ~0u : 0u;
          const std::uint32_t x = static_cast<std::uint32_t>(depth - md[k]) / 2;
          clamped += first & (x > 15 ? 1u : 0u);
          filled += first & 1u;
          out[r / 2] = static_cast<std::uint8_t>(out[r / 2] | (std::min(x, 15u) & first) << (r % 2 * 4));
        }
        // Each pattern tile next to the fresh area may slide into it, leaving the blank where it
        // was. The valid moves are the set bits of a 64-bit mask, 16 bits (the tile's cell) per
        // direction (up, down, left, right), split in the moves of the tiles that stay in the
        // chunk and those of the (one or two) that leave it: each loop's one hard-to-predict
        // branch is its exit. A vertical move passes cols - 1 cells, whose tiles' digits change
        // too; a sideways one passes only padding, which adds nothing.
        const std::uint32_t tiles = used[k];
        const std::uint64_t valid = (tiles & fresh << cols_ & geo_.all) |
                                    static_cast<std::uint64_t>(tiles & fresh >> cols_) << 16 |
                                    static_cast<std::uint64_t>(tiles & fresh << 1 & geo_.not_first_col) << 32 |
                                    static_cast<std::uint64_t>(tiles & fresh >> 1 & geo_.not_last_col) << 48;
        auto one_move = [&]<bool kLeaves>(int at_bit) __attribute__((always_inline)) {
          const int p = at_bit & 15;
          const Step& st = step_[p][at_bit >> 4];
          const int i = owner[p] - 1;
          const std::int64_t* contrib = contrib_[i];
          std::int64_t passed = 0;
#pragma GCC unroll 8
          for (int x = 0; x < passes; ++x) passed += contrib[owner[st.pass[x]]];
          const std::int64_t delta = st.dq * static_cast<std::int64_t>(weight_[i]) + st.sign * passed;
          const std::uint64_t r2 = static_cast<std::uint64_t>(static_cast<std::int64_t>(r) + delta);
          // The blank's new cell p as a bit of the target's blank area: packed, the target's free
          // cells before p (this placement's, less q when q is before p).
          std::uint32_t bit_index = static_cast<std::uint32_t>(p);
          if constexpr (kPacked) {
            const std::uint32_t below = free & ((1u << p) - 1u);
            const std::uint32_t count = kBmi2 ? popcnt32(below) : kSelect.count[below & 0xFFu] + kSelect.count[below >> 8];
            bit_index = count - (st.q < p ? 1u : 0u);
          }
          if constexpr (kLeaves) {  // queued for the target chunk's owner
            const std::uint32_t target = target_chunk[i][st.q];
            queue.push(static_cast<int>(target), static_cast<std::uint32_t>((r2 - target * chunk_) << 4 | bit_index));
          } else {
            writes.put(r2, 1u << bit_index);
          }
        };
        for (std::uint64_t v = valid & ~leaving; v != 0; v &= v - 1)
          one_move.template operator()<false>(__builtin_ctzll(v));
        for (std::uint64_t v = valid & leaving; v != 0; v &= v - 1)
          one_move.template operator()<true>(__builtin_ctzll(v));
      };
      // Most entries are not at this level: 8 bytes at a time, expanding only the entries set
      // in them (the dense levels test all 519 M entries of the 8-tile table).
      constexpr std::uint64_t kPer = 8 / sizeof(Mask);
      for (std::uint64_t r = b_lo; r < b_hi;) {
        if (r % kPer == 0 && r + kPer <= b_hi) {
          std::uint64_t w;
          std::memcpy(&w, &cur[r], sizeof w);
          for (std::uint64_t set = nonzero_lanes<Mask>(w); set != 0; set &= set - 1)
            expand_at(r + static_cast<std::uint64_t>(__builtin_ctzll(set)) / (8 * sizeof(Mask)));
          r += kPer;
        } else {
          expand_at(r++);
        }
      }
    }
    writes.flush();
    clamped_.fetch_add(clamped, std::memory_order_relaxed);
    counts.expanded += expanded;
    counts.filled += filled;
    return true;
  }

  void apply_queued(int chunk) {
    if (compact_) apply_queued<std::uint8_t>(chunk);
    else apply_queued<std::uint16_t>(chunk);
  }
  template <class Mask>
  void apply_queued(int chunk) {
    const std::uint64_t base = static_cast<std::uint64_t>(chunk) * chunk_;
    Mask* const next = next_.as<Mask>();
    constexpr std::size_t kAhead = 16;
    for (const MoveQueue& queue : queued_)
      queue.for_each_block(chunk, [&](const std::uint32_t* q, const std::uint32_t* end) {
        for (; q != end; ++q) {
          if (q + kAhead < end) __builtin_prefetch(&next[base + (q[kAhead] >> 4)], 1);
          const std::uint64_t r = base + (*q >> 4);
          next[r] = static_cast<Mask>(next[r] | 1u << (*q & 15u));
          std::atomic_ref<std::uint8_t>(dirty_next_[r >> kBlockShift]).store(1, std::memory_order_relaxed);
        }
      });
  }

  const DbSpec& spec_;
  const Limits& limits_;
  const CellMasks geo_;
  const int n_, k_;
  const std::uint64_t entries_;
  const int threads_;
  std::uint32_t radix_[kMaxDbCells] = {};
  std::uint64_t weight_[kMaxDbCells] = {};
  std::int64_t contrib_[kMaxDbCells][kMaxDbCells + 1] = {};  // [slot][passed slot + 1]
  // The tile on cell p moving up, down, left, right: its target q (kMaxDbCells off the board), the
  // step q - p, its sign, and the cells passed in rank order (padded with cell n_, never a tile's:
  // a sideways move's are all padding).
  struct Step {
    std::uint8_t q = kMaxDbCells;
    std::int8_t dq = 0, sign = 0;
    std::uint8_t pass[kMaxDbCells / 2] = {};
  };
  Step step_[kMaxDbCells][4];
  std::uint8_t distance_[kMaxDbCells][kMaxDbCells] = {};  // [slot][cell]: Manhattan distance home
  int passes_ = 0, cols_ = 0;
  std::uint64_t blocks_ = 0, chunk_ = 0;
  int split_ = 1, chunks_ = 0;
  bool compact_ = false;  // blank areas packed onto the free cells, a byte each
  bool bmi2_ = false;     // packed with pext and pdep
  const DepositTables* deposit_ = nullptr;
  std::unique_ptr<const AreaTables> areas_;  // when compact_  // the tiles whose digits select the chunk; the number of chunks
  HugeBuffer visited_, cur_, next_, out_;
  std::vector<std::uint8_t> dirty_cur_, dirty_next_;
  std::vector<MoveQueue> queued_;  // [thread]
  std::uint64_t filled_ = 0, expansions_ = 0;
  double busiest_cpu_ = 0;
  std::atomic<std::uint64_t> clamped_{0};
};

}  // namespace

std::uint64_t excess_build_bytes(const DbSpec& spec) {
  // Three blank-area masks (a byte each when packed onto at most 8 free cells, else two) and a
  // nibble per placement, and the first tiles' queued moves (4 bytes each; the 8-tile build's
  // busiest level queues 0.59 a placement: allowed for as 0.75, 3 bytes).
  const std::uint64_t free_cells = static_cast<std::uint64_t>(spec.rows * spec.cols) - spec.cells.size();
  const std::uint64_t mask_bytes = free_cells <= 8 ? 1 : 2;
  return spec.entries() * (6 * mask_bytes + 7) / 2;
}

Result<std::shared_ptr<const ExcessDb>> build_excess_db(const DbSpec& spec, const Limits& limits, bool progress,
                                                        int threads) {
  // With a progress sink set (puzzlebot prepare) the sink reports, not these lines.
  const bool talk = progress && !build_progress_sink_set();
  const int n = spec.rows * spec.cols;
  const int k = static_cast<int>(spec.cells.size());
  if (n > kMaxDbCells || k < 1 || k >= n || spec.rows < 2 || spec.cols < 2 || spec.entries() / n >= (1u << 28))
    return make_error("pattern database " + spec.name() + ": unsupported size");
  if (excess_build_bytes(spec) > limits.max_table_bytes)
    return make_error("pattern database " + spec.name() + ": building it needs " +
                      std::to_string(excess_build_bytes(spec) >> 20) + " MiB, over the table memory limit");
  // Threads take chunks in turn; by default only big tables get several (they pay for themselves
  // there). Chunks need an even number of entries (no nibble byte shared by two).
  if (threads <= 0) threads = spec.entries() < (1u << 20) ? 1 : default_build_threads();
  if (chunk_entries(spec) % 2 != 0) threads = 1;
  const auto t0 = std::chrono::steady_clock::now();
  if (talk) {
    std::fprintf(stderr, "puzzlebot: building pattern database %s (%llu entries, %d thread%s, %.1f GB of memory):",
                 spec.name().c_str(), static_cast<unsigned long long>(spec.entries()), threads,
                 threads == 1 ? "" : "s", static_cast<double>(excess_build_bytes(spec)) / 1e9);
    std::fflush(stderr);
  }
  auto builder = std::make_unique<FastBuilder>(spec, limits, threads);
  if (!builder->allocated()) return make_error("pattern database " + spec.name() + ": out of memory");
  if (!builder->run(progress)) return build_stopped(spec, limits, talk);
  if (talk) {
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::fprintf(stderr, " done in %.1f s (%llu placement levels expanded", s,
                 static_cast<unsigned long long>(builder->expansions()));
    if (builder->clamped() > 0)
      std::fprintf(stderr, ", %llu excesses clamped at 15", static_cast<unsigned long long>(builder->clamped()));
    if (threads > 1) std::fprintf(stderr, "; busiest thread %.1f s CPU", builder->busiest_cpu());
    std::fprintf(stderr, ")\n");
  }
  const std::uint64_t entries = spec.entries(), filled = builder->filled();
  if (filled != entries && !(k == n - 1 && filled * 2 == entries))
    return make_error("pattern database " + spec.name() + ": only " + std::to_string(filled) + " of " +
                      std::to_string(entries) + " placements reached");
  return std::shared_ptr<const ExcessDb>(std::make_shared<OwnedExcessDb>(spec, builder->take()));
}


namespace {

// ---- The cache files ----

constexpr const TableMagic& kMagic = kNibMagic;

// A 64-bit multiply-xor hash over 8-byte words in four independent lanes: ~30 ms for the 259 MB
// table, where the byte-serial FNV-1a of the .pdb files would take most of a second.
struct Checksum {
  std::uint64_t lane[4] = {0x9E3779B97F4A7C15ull, 0xC2B2AE3D27D4EB4Full, 0x165667B19E3779F9ull, 0x27D4EB2F165667C5ull};
  void add(const std::uint8_t* p, std::size_t n) {  // n a multiple of 32 except at the very end
    std::size_t i = 0;
    for (; i + 32 <= n; i += 32)
      for (int j = 0; j < 4; ++j) {
        std::uint64_t w;
        std::memcpy(&w, p + i + 8 * j, 8);
        lane[j] = (lane[j] ^ w) * 0x100000001B3ull;
        lane[j] ^= lane[j] >> 29;
      }
    for (; i < n; ++i) lane[0] = (lane[0] ^ p[i]) * 0x100000001B3ull;
  }
  std::uint64_t value() const {
    std::uint64_t h = 0;
    for (std::uint64_t l : lane) h = (h ^ l) * 0x9E3779B97F4A7C15ull + (h >> 31);
    return h;
  }
};

std::uint64_t body_checksum(const std::uint8_t* p, std::size_t n) {
  Checksum c;
  c.add(p, n);
  return c.value();
}

// Reads and validates a cache file by mapping it and copying it onto 2 MiB pages, checksumming
// each slice while it is in the cache; the error says what was wrong with the file.
Result<std::shared_ptr<const ExcessDb>> read_excess(const std::string& path, const DbSpec& spec) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return std::shared_ptr<const ExcessDb>();  // no file: not an error, load_or_build builds it
  struct stat st {};
  const std::uint64_t body = (spec.entries() + 1) / 2;
  if (::fstat(fd, &st) != 0 || static_cast<std::uint64_t>(st.st_size) != sizeof(TableHeader) + body) {
    ::close(fd);
    return make_error("wrong size");
  }
  void* map = ::mmap(nullptr, static_cast<std::size_t>(st.st_size), PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0);
  ::close(fd);
  if (map == MAP_FAILED) return make_error("cannot be mapped");
  const auto* bytes = static_cast<const std::uint8_t*>(map);
  TableHeader h{};
  std::memcpy(&h, bytes, sizeof h);
  std::string error = header_mismatch(h, kMagic, spec);
  HugeBuffer data;
  if (error.empty()) {
    data = HugeBuffer(body);
    if (!data.ok()) error = "out of memory";
  }
  if (error.empty()) {
    Checksum sum;
    constexpr std::size_t kSlice = std::size_t{1} << 20;
    for (std::size_t at = 0; at < body; at += kSlice) {
      const std::size_t len = std::min<std::size_t>(kSlice, body - at);
      std::memcpy(data.data() + at, bytes + sizeof h + at, len);
      sum.add(data.data() + at, len);
    }
    if (sum.value() != h.checksum) error = "checksum mismatch";
  }
  ::munmap(map, static_cast<std::size_t>(st.st_size));
  if (!error.empty()) return make_error(error);
  return std::shared_ptr<const ExcessDb>(std::make_shared<OwnedExcessDb>(spec, std::move(data)));
}

Result<void> write_excess(const std::string& path, const ExcessDb& db) {
  return write_table_file(path, table_header(kMagic, db.spec(), body_checksum(db.nibbles(), db.bytes())), db.nibbles(),
                          db.bytes());
}

LoadedTables<ExcessDb> g_loaded;

}  // namespace

Result<ExcessHandle> get_excess_db(const DbSpec& spec, const Limits& limits, bool may_build, int threads) {
  return load_or_build(g_loaded, spec, ".nib", may_build, read_excess,
                       [&](const DbSpec& s) { return build_excess_db(s, limits, true, threads); }, write_excess);
}

void forget_loaded_excess_dbs() {
  std::lock_guard<std::mutex> lock(g_loaded.mutex);
  g_loaded.tables.clear();
}


namespace {

// ---- The search ----

CellMap transposition(int side) {
  CellMap m{};
  for (int c = 0; c < side * side; ++c) m[static_cast<std::size_t>(c)] = static_cast<std::uint8_t>(c % side * side + c / side);
  return m;
}

// The table a group needs and the map onto it: of the identity and the transposition (which keeps
// the blank's goal, the last cell), the one giving the lower sorted image, so that a group and its
// mirror share one table. The blank's goal matters when the free cells of the goal are split.
GroupImage group_table(int side, const std::vector<int>& group) {
  return lowest_image(side, side, group, {identity_map(side * side), transposition(side)},
                      goal_free_connected(side, side, group));
}

// The search over nibble tables read by rank, each child's entries prefetched as its ranks are
// known (the 290 MB tables miss the cache on nearly every read).
template <int kSums, int kPasses>
Solution solve78(const State& state, const PdbTables& tables, const Limits& limits, Solution sol) {
  Budget budget(limits);
  Ida<PdbHeuristic<kSums, kPasses, true, false, true>> ida(state, budget, tables);
  return solve_by(ida, budget, std::move(sol));
}

}  // namespace

std::vector<CellPartition> partitions78() {
  // PB_PDB78_REDUCED=1 (the tests): 7-7-1 groups instead, two 7-tile tables built in seconds,
  // so CI runs the default 4x4 path (policy, cache files, build, load, IDA*) without the 8-tile
  // table's minutes and 3 GB. Only the groups differ; their files have their own names.
  if (const char* v = std::getenv("PB_PDB78_REDUCED"); v != nullptr && std::strcmp(v, "1") == 0) {
    const CellPartition rows{{0, 1, 2, 3, 4, 5, 6}, {7, 8, 9, 10, 11, 12, 13}, {14}};
    const CellPartition cols{{0, 4, 8, 12, 1, 5, 9}, {13, 2, 6, 10, 14, 3, 7}, {11}};
    return {rows, cols};
  }
  const CellPartition rows{{0, 1, 2, 3, 4, 5, 6, 7}, {8, 9, 10, 11, 12, 13, 14}};
  const CellPartition cols{{0, 4, 8, 12, 1, 5, 9, 13}, {2, 6, 10, 14, 3, 7, 11}};
  return {rows, cols};
}

Solution solve_excess(const State& state, const Limits& limits, const std::vector<CellPartition>& partitions,
                      bool may_build, int threads) {
  Solution sol;
  sol.lower_bound = lower_bound(state);
  const int n = state.cells();
  if (state.rows != state.cols || n > kMaxDbCells || partitions.empty() || partitions.size() > 2) {
    sol.reason = "solve_excess: square boards of at most 16 cells, one or two partitions";
    return sol;
  }
  if (std::string why = unsolvable_reason(state); !why.empty()) {
    sol.status = Status::kUnsolvable;
    sol.reason = why;
    return sol;
  }
  std::vector<PdbLookup> lookups;
  std::vector<std::string> keys;
  std::vector<std::array<std::uint8_t, 4>> in_sum(static_cast<std::size_t>(n));
  std::vector<std::shared_ptr<const ExcessDb>> keep;  // held for the search
  bool built = false;
  std::string label;
  for (const CellPartition& partition : partitions) {  // checked before any table is loaded
    std::vector<bool> covered(static_cast<std::size_t>(n), false);
    int count = 0;
    for (const std::vector<int>& group : partition)
      for (int c : group) {
        if (c < 0 || c >= n - 1 || covered[static_cast<std::size_t>(c)] || group.size() > 12) count = -n;
        else covered[static_cast<std::size_t>(c)] = true;
        ++count;
      }
    if (count != n - 1) {
      sol.reason = "solve_excess: the groups must cover every tile's goal cell once";
      return sol;
    }
  }
  for (std::size_t j = 0; j < partitions.size(); ++j) {
    for (const std::vector<int>& group : partitions[j]) {
      if (j == 0) label += (label.empty() ? "" : "-") + std::to_string(group.size());
      std::vector<int> sorted = group;
      std::sort(sorted.begin(), sorted.end());
      std::string key;
      for (int c : sorted) key += std::to_string(c) + ",";
      std::size_t index = static_cast<std::size_t>(std::find(keys.begin(), keys.end(), key) - keys.begin());
      if (index == keys.size()) {
        const GroupImage gt = group_table(state.rows, group);
        auto handle = get_excess_db(gt.spec, limits, may_build, threads);
        if (!handle.ok()) return table_missing(std::move(sol), handle.error(), limits);
        built = built || handle->source == DbSource::kBuilt || handle->source == DbSource::kRebuiltCorrupt;
        keep.push_back(handle->db);
        PdbLookup l;
        l.excess = handle->db->nibbles();
        l.map = gt.map;
        for (std::size_t i = 0; i < gt.goal_cells.size(); ++i) l.tiles[i] = static_cast<std::uint8_t>(gt.goal_cells[i] + 1);
        l.init(static_cast<int>(gt.goal_cells.size()), n, state.rows, state.cols);
        lookups.push_back(l);
        keys.push_back(key);
      }
      for (int c : group) in_sum[static_cast<std::size_t>(c + 1)][j] = static_cast<std::uint8_t>(index);
    }
  }
  if (lookups.size() > static_cast<std::size_t>(PdbTables::kMaxLookups)) {
    sol.reason = "solve_excess: too many groups";
    return sol;
  }
  sol.method = "IDA* with pattern databases " + label +
               (partitions.size() > 1 ? " (max of " + std::to_string(partitions.size()) + " partitions)" : "") +
               (built ? ", built now" : "");
  const PdbTables tables{std::move(lookups), static_cast<int>(partitions.size()), std::move(in_sum)};
  const int passes = state.cols - 1;
  if (partitions.size() == 2 && passes == 3) return solve78<2, 3>(state, tables, limits, std::move(sol));
  if (partitions.size() == 2 && passes == 2) return solve78<2, 2>(state, tables, limits, std::move(sol));
  if (partitions.size() == 2 && passes == 1) return solve78<2, 1>(state, tables, limits, std::move(sol));
  if (passes == 3) return solve78<1, 3>(state, tables, limits, std::move(sol));
  if (passes == 2) return solve78<1, 2>(state, tables, limits, std::move(sol));
  return solve78<1, 1>(state, tables, limits, std::move(sol));
}


std::vector<DbSpec> pdb78_specs() {
  std::vector<DbSpec> out;
  const std::vector<CellPartition> partitions = partitions78();
  for (const std::vector<int>& group : partitions.front()) out.push_back(group_table(4, group).spec);
  return out;
}

Pdb78Policy pdb78_policy() {
  const char* v = std::getenv("PUZZLEBOT_PDB78");
  if (v == nullptr || *v == '\0' || std::strcmp(v, "build") == 0) return Pdb78Policy::kBuild;
  if (std::strcmp(v, "cached") == 0) return Pdb78Policy::kCached;
  return Pdb78Policy::kOff;  // "off", or anything else: the cautious reading
}

namespace {

bool cached78() {
  const std::string dir = cache_dir();
  if (dir.empty()) return false;
  std::error_code ec;
  for (const DbSpec& spec : pdb78_specs())
    if (!std::filesystem::exists(dir + "/" + spec.name() + ".nib", ec)) return false;
  return true;
}

}  // namespace

std::string pdb78_refusal(const Limits& limits, bool* may_build) {
  *may_build = false;
  const Pdb78Policy policy = pdb78_policy();
  if (policy == Pdb78Policy::kOff) return "7-8 tables off (PUZZLEBOT_PDB78=off)";
  std::uint64_t table = 0, build = 0;
  for (const DbSpec& spec : pdb78_specs()) {
    table += (spec.entries() + 1) / 2;
    build = std::max(build, excess_build_bytes(spec));
  }
  if (table > limits.max_table_bytes) return "7-8 tables need " + std::to_string(table >> 20) + " MiB";
  if (cached78()) return "";
  if (policy == Pdb78Policy::kCached) return "7-8 tables not in the cache (PUZZLEBOT_PDB78=cached)";
  if (build > limits.max_table_bytes)
    return "7-8 tables not in the cache, and building them needs " + std::to_string(build >> 20) + " MiB";
  const auto now = Limits::Clock::now();
  if (limits.deadline != Limits::Clock::time_point::max() &&
      limits.deadline - now < std::chrono::seconds(kPdb78BuildSeconds))
    return "7-8 tables not in the cache, and building them takes minutes (more than the time limit leaves)";
  *may_build = true;
  return "";
}

std::optional<Solution> solve_pdb78(const State& state, const Limits& limits, std::string& why_not) {
  bool may_build = false;
  why_not = state.rows == 4 && state.cols == 4 ? pdb78_refusal(limits, &may_build) : "not a 4x4 board";
  if (!why_not.empty()) return std::nullopt;
  Solution sol = solve_excess(state, limits, partitions78(), may_build);
  if (sol.status == Status::kGaveUp && sol.method.empty()) {  // the tables could not be had
    why_not = sol.reason;
    return std::nullopt;
  }
  return sol;
}

Result<std::string> prepare_pdb78(const Limits& limits, int threads) {
  bool may_build = false;
  if (std::string why = pdb78_refusal(limits, &may_build); !why.empty()) return make_error(why);
  for (const DbSpec& spec : pdb78_specs())
    if (auto h = get_excess_db(spec, limits, may_build, threads); !h.ok()) return h.error();
  return std::string("pattern databases 7-8 (max of 2 partitions)");
}

}  // namespace pb::solvers::sliding
