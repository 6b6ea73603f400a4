/* pattern_db.cpp: building, caching and validating sliding-tile pattern databases. */
#include "solvers/sliding/pattern_db.hpp"

#include "solvers/sliding/cell_masks.hpp"
#include "solvers/sliding/table_cache.hpp"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <thread>

namespace pb::solvers::sliding {
namespace {

constexpr const TableMagic& kMagic = kPdbMagic;
constexpr std::uint8_t kUnset = 0xFF;

std::uint64_t fnv1a(const std::uint8_t* p, std::size_t n) {
  std::uint64_t h = 1469598103934665603ull;
  for (std::size_t i = 0; i < n; ++i) h = (h ^ p[i]) * 1099511628211ull;
  return h;
}

LoadedTables<PatternDb> g_loaded;

// Reads and validates a cache file; the error says what was wrong with it.
Result<std::shared_ptr<const PatternDb>> read_db(const std::string& path, const DbSpec& spec) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::shared_ptr<const PatternDb>();  // no file: not an error, load_or_build builds it
  TableHeader h{};
  if (!in.read(reinterpret_cast<char*>(&h), sizeof h)) return make_error("shorter than its header");
  if (std::string wrong = header_mismatch(h, kMagic, spec); !wrong.empty()) return make_error(wrong);
  std::vector<std::uint8_t> data(static_cast<std::size_t>(h.entries));
  if (!in.read(reinterpret_cast<char*>(data.data()), static_cast<std::streamsize>(data.size())))
    return make_error("truncated");
  if (in.peek() != std::char_traits<char>::eof()) return make_error("longer than its header says");
  if (fnv1a(data.data(), data.size()) != h.checksum) return make_error("checksum mismatch");
  // An unset entry would make the heuristic 255: only a corrupt file (with a forged checksum) has one.
  if (spec.cells.size() + 1 < static_cast<std::size_t>(spec.rows * spec.cols) &&
      std::find(data.begin(), data.end(), kUnset) != data.end())
    return make_error("unset entries");
  return std::make_shared<const PatternDb>(spec, std::move(data));
}

Result<void> write_db(const std::string& path, const PatternDb& db) {
  return write_table_file(path, table_header(kMagic, db.spec(), fnv1a(db.data(), db.size())), db.data(), db.size());
}

}  // namespace

std::uint64_t placement_count(int n, int k) {
  std::uint64_t c = 1;
  for (int i = 0; i < k; ++i) c *= static_cast<std::uint64_t>(n - i);
  return c;
}

std::uint64_t sparse_entries(const DbSpec& spec) {
  const int n = spec.rows * spec.cols, k = static_cast<int>(spec.cells.size());
  std::uint64_t s = 1;
  for (int i = 0; i < k; ++i) s *= static_cast<std::uint64_t>(n);
  return s <= 4 * placement_count(n, k) && s <= 0xFFFFFFFFull ? s : 0;
}

std::uint64_t DbSpec::entries() const { return placement_count(rows * cols, static_cast<int>(cells.size())); }

std::string DbSpec::name() const {
  std::string s = "sliding-" + std::to_string(rows) + "x" + std::to_string(cols) + "-";
  for (std::size_t i = 0; i < cells.size(); ++i) {
    if (i > 0) s += '.';
    s += std::to_string(cells[i]);
  }
  if (blank >= 0) s += "-b" + std::to_string(blank);
  return s;
}

namespace {

// Enumerates placements in rank order (each tile over the cells still free, lowest first: the
// rank's digits in order) carrying the Manhattan distance, and stores the halved excess.
// With `sparse`, also writes the excess (4 bits, clamped) at the base-n index of the cells.
struct ExcessPacker {
  const std::uint8_t* data;
  std::uint8_t* out;     // one byte per rank
  std::uint8_t* sparse;  // 4 bits per base-n index, or nullptr
  int n, k;
  int distance[kMaxDbCells][kMaxTableCells];  // [tile slot][cell]
  std::uint32_t rank = 0;
  int max = 0;
  bool even = true;

  void run(int i, std::uint32_t used, int md, std::uint64_t index) {
    const std::uint32_t free = (n == 32 ? ~0u : (1u << n) - 1u) & ~used;
    if (i == k - 1) {  // the last tile: a run of consecutive ranks, over the free cells in order
      int odd = 0;
      for (std::uint32_t f = free; f != 0; f &= f - 1) {
        const int c = __builtin_ctz(f);
        const int v = data[rank];
        const int x = v == kUnset ? 0 : v - md - distance[i][c];
        odd |= x & (1 | INT_MIN);  // an odd or negative excess: not a sliding-tile database
        max = std::max(max, x / 2);
        out[rank++] = static_cast<std::uint8_t>(x / 2);
        if (sparse != nullptr) {
          const std::uint64_t at = index * static_cast<std::uint64_t>(n) + static_cast<std::uint64_t>(c);
          sparse[at / 2] = static_cast<std::uint8_t>(sparse[at / 2] | std::clamp(x / 2, 0, 15) << (at % 2 * 4));
        }
      }
      even = even && odd == 0;
      return;
    }
    for (std::uint32_t f = free; f != 0; f &= f - 1) {
      const int c = __builtin_ctz(f);
      run(i + 1, used | 1u << c, md + distance[i][c], index * static_cast<std::uint64_t>(n) + static_cast<std::uint64_t>(c));
    }
  }
};

}  // namespace

PatternDb::PatternDb(DbSpec spec, std::vector<std::uint8_t> data) : spec_(std::move(spec)), data_(std::move(data)) {
  ExcessPacker p{};
  p.n = spec_.rows * spec_.cols;
  p.k = static_cast<int>(spec_.cells.size());
  if (p.k < 1 || p.k > kMaxDbCells || p.n > kMaxTableCells || data_.size() != spec_.entries()) return;
  for (int i = 0; i < p.k; ++i)
    for (int c = 0; c < p.n; ++c)
      p.distance[i][c] = std::abs(c / spec_.cols - spec_.cells[i] / spec_.cols) +
                         std::abs(c % spec_.cols - spec_.cells[i] % spec_.cols);
  std::vector<std::uint8_t> bytes(data_.size());
  p.data = data_.data();
  p.out = bytes.data();
  if (const std::uint64_t s = sparse_entries(spec_); s > 0) {
    sparse_.assign(static_cast<std::size_t>((s + 1) / 2), 0);
    p.sparse = sparse_.data();
  }
  p.run(0, 0, 0, 0);
  if (!p.even || p.max > 15) sparse_.clear();
  if (!p.even) return;  // not a sliding-tile database: no excess tables
  if (p.max > 15) {
    excess_bytes_ = std::move(bytes);
    return;
  }
  excess_.assign((bytes.size() + 1) / 2, 0);
  bytes.push_back(0);  // pads an odd count
  for (std::size_t r = 0; r + 1 < bytes.size(); r += 2)
    excess_[r / 2] = static_cast<std::uint8_t>(bytes[r] | bytes[r + 1] << 4);
}

int PatternDb::max_value() const {
  int m = 0;
  for (std::uint8_t v : data_) m = std::max<int>(m, v);
  return m;
}

std::uint64_t build_scratch_bytes(const DbSpec& spec) {
  // Three blank-cell masks per placement: visited, this level, the next level.
  const std::uint64_t mask = spec.rows * spec.cols <= 16 ? sizeof(std::uint16_t) : sizeof(std::uint32_t);
  return spec.entries() * 3 * mask;
}

namespace {

// Level-synchronous breadth-first search over (placement, blank area). For each placement rank the
// build keeps three masks of blank cells (Mask: 16 bits up to 16 cells, else 32): `visited` (areas
// already expanded), and the blank cells reached at this level (`cur`) and at the next (`next`). A
// placement with several new areas at one level is expanded once, for all of them; moves into an
// area are read off the mask.
template <class Mask>
class Builder {
 public:
  Builder(const DbSpec& spec, const Limits& limits, int threads)
      : spec_(spec), limits_(limits), grid_(spec.rows, spec.cols), n_(spec.rows * spec.cols),
        k_(static_cast<int>(spec.cells.size())), entries_(static_cast<std::uint32_t>(spec.entries())),
        threads_(std::max(1, threads)), db_(entries_, kUnset), visited_(entries_, 0), cur_(entries_, 0),
        next_(entries_, 0) {
    placement_place_values(n_, k_, radix_, weight_, contrib_);
    passes_ = spec.cols - 1;
    for (int p = 0; p < n_; ++p)
      for (int q = 0; q < n_; ++q) {
        int m = 0;
        if (q == p + spec.cols || q == p - spec.cols)
          for (int c = std::min(p, q) + 1; c < std::max(p, q); ++c) pass_[p][q][m++] = static_cast<std::uint8_t>(c);
        while (m < passes_) pass_[p][q][m++] = static_cast<std::uint8_t>(n_);
      }
  }

  // Runs the search; false when stopped by the limits.
  bool run(bool progress, std::uint64_t& states) {
    std::uint8_t cells[kMaxDbCells];
    std::uint32_t occupied = 0;
    for (int i = 0; i < k_; ++i) {
      cells[i] = static_cast<std::uint8_t>(spec_.cells[i]);
      occupied |= 1u << spec_.cells[i];
    }
    const std::uint32_t free0 = grid_.all & ~occupied;
    const std::uint32_t area0 = spec_.blank >= 0 ? grid_.fill(1u << spec_.blank, free0) : free0;
    cur_[rank_placement(cells, k_, n_)] = static_cast<Mask>(area0);
    int reported = 0;
    for (int depth = 0;; ++depth) {
      if (depth >= 254) return false;
      if (limits_.out_of_time()) return false;
      std::vector<Counts> counts(static_cast<std::size_t>(threads_));
      auto work = [&](int t) {
        // Chunks are multiples of 4 entries so that each thread's zero-skipping reads stay its own.
        const std::uint32_t chunk = ((entries_ + threads_ - 1) / threads_ + 3) & ~3u;
        const std::uint32_t lo = std::min(entries_, chunk * static_cast<std::uint32_t>(t));
        const std::uint32_t hi = std::min(entries_, lo + chunk);
        const auto d = static_cast<std::uint8_t>(depth);
        const bool shared = threads_ > 1;
        counts[static_cast<std::size_t>(t)] =
            k_ == 6 && passes_ == 3 ? level<6, 3>(lo, hi, d, shared) : level<0, 0>(lo, hi, d, shared);
      };
      if (threads_ == 1) {
        work(0);
      } else {
        std::vector<std::thread> pool;
        for (int t = 1; t < threads_; ++t) pool.emplace_back(work, t);
        work(0);
        for (std::thread& th : pool) th.join();
      }
      std::uint64_t expanded = 0;
      for (const Counts& c : counts) {
        filled_ += c.filled;
        expanded += c.expanded;
        if (c.stopped) return false;
      }
      cur_.swap(next_);  // every cur_ entry was cleared as it was read
      if (progress) build_level_done(spec_, filled_, reported);
      states += expanded;
      if (expanded == 0) return true;  // nothing new at this level, so nothing pushed to the next
    }
  }

  std::uint64_t filled() const { return filled_; }
  std::vector<std::uint8_t> take() { return std::move(db_); }

 private:
  struct Counts {
    std::uint64_t filled = 0, expanded = 0;
    bool stopped = false;
  };

  // Expands the placements in [lo, hi) reached at `depth`. With `shared`, other threads write
  // next_ at the same time (atomic OR) and own the visited_ entries outside [lo, hi).
  // kK tiles and kPasses = cols - 1 when known at compile time (0: read at run time): the 4x4
  // 6-tile build, which is nearly all the building time, then runs unrolled loops.
  template <int kK, int kPasses>
  Counts level(std::uint32_t lo, std::uint32_t hi, std::uint8_t depth, bool shared) {
    const int k = kK > 0 ? kK : k_;
    Counts counts;
    std::uint8_t cells[kMaxDbCells];
    std::uint8_t owner[kMaxTableCells + 1] = {};  // slot + 1 of the tile on each cell, 0 for none
    Prefix last;
    std::uint32_t r = lo;
    while (r < hi) {
      if ((r & 0xFFFFu) == 0 && limits_.out_of_time()) {
        counts.stopped = true;
        return counts;
      }
      // Most entries are not at this level: skip eight bytes (four or two entries) at a time.
      constexpr std::uint32_t kSkip = sizeof(std::uint64_t) / sizeof(Mask);
      if ((r & (kSkip - 1)) == 0 && r + kSkip <= hi) {
        std::uint64_t four;
        std::memcpy(&four, &cur_[r], sizeof four);
        if (four == 0) {
          r += kSkip;
          continue;
        }
      }
      const std::uint32_t reached = cur_[r];
      if (reached == 0) {
        ++r;
        continue;
      }
      cur_[r] = 0;
      // Moves are pushed without looking at the target's visited mask (one random access instead
      // of two); areas already expanded are dropped here, from a sequential read.
      if ((reached & ~static_cast<std::uint32_t>(visited_[r])) == 0) {
        ++r;
        continue;
      }
      const std::uint32_t occupied = unrank(r, cells, last);
      const std::uint32_t free = grid_.all & ~occupied;
      const std::uint32_t fresh = grid_.fill(reached, free) & ~static_cast<std::uint32_t>(visited_[r]);
      const auto seen = static_cast<Mask>(visited_[r] | fresh);
      if (shared) std::atomic_ref<Mask>(visited_[r]).store(seen, std::memory_order_relaxed);
      else visited_[r] = seen;
      if (db_[r] == kUnset) {
        db_[r] = depth;
        ++counts.filled;
      }
      ++counts.expanded;
      for (int c = 0; c <= n_; ++c) owner[c] = 0;
      for (int i = 0; i < k; ++i) owner[cells[i]] = static_cast<std::uint8_t>(i + 1);
      // Each pattern tile next to a new blank area may slide into it, leaving the blank where it
      // was. A sideways move passes no cell, so its rank change is the tile's own place value; a
      // vertical one passes cols - 1 cells (rank_delta). The two kinds are taken in separate loops
      // rather than one padded loop: the build makes ~18 moves per expansion.
      for (int i = 0; i < k; ++i) {
        const int p = cells[i];
        const std::uint32_t targets = grid_.neighbours[p] & fresh;
        const Mask bit = static_cast<Mask>(1u << p);
        for (std::uint32_t side = targets & grid_.sideways[p]; side != 0; side &= side - 1) {
          const int q = __builtin_ctz(side);
          push(static_cast<std::uint32_t>(r + (q - p) * static_cast<std::int64_t>(weight_[i])), bit, shared);
        }
        for (std::uint32_t vert = targets & ~grid_.sideways[p]; vert != 0; vert &= vert - 1) {
          const int q = __builtin_ctz(vert);
          push(static_cast<std::uint32_t>(r + rank_delta<kPasses>(i, p, q, owner)), bit, shared);
        }
      }
      ++r;
    }
    return counts;
  }

  // Marks blank cell `bit` reached at the next level for placement r2.
  void push(std::uint32_t r2, Mask bit, bool shared) {
    if (shared) {
      std::atomic_ref<Mask> slot(next_[r2]);
      if ((slot.load(std::memory_order_relaxed) & bit) == 0) slot.fetch_or(bit, std::memory_order_relaxed);
    } else {
      next_[r2] = static_cast<Mask>(next_[r2] | bit);
    }
  }

  // The change of rank when tile `i` slides vertically from cell p to the free cell q: its own
  // digit moves by q - p less the earlier tiles it passes in cell order, and each later tile it
  // passes gains or loses one free cell below it. The pass lists hold the cols - 1 cells between.
  template <int kPasses>
  std::int64_t rank_delta(int i, int p, int q, const std::uint8_t* owner) const {
    const int passes = kPasses > 0 ? kPasses : passes_;
    std::int64_t passed = 0;
    const std::uint8_t* cells = pass_[p][q];
    for (int x = 0; x < passes; ++x) passed += contrib_[i][owner[cells[x]]];
    return (q > p ? passed : -passed) + (q - p) * static_cast<std::int64_t>(weight_[i]);
  }

  struct Prefix {  // unrank()'s memory of the last call, one per thread
    std::uint32_t rank = 0xFFFFFFFFu, used = 0;
    std::uint8_t cells[kMaxDbCells] = {};
  };
  std::uint32_t unrank(std::uint32_t r, std::uint8_t* cells, Prefix& last) const {
    const std::uint32_t last_radix = radix_[k_ - 1];
    const std::uint32_t prefix = r / last_radix;
    if (prefix != last.rank) {
      std::uint32_t digit[kMaxDbCells];
      std::uint32_t rest = prefix;
      for (int i = k_ - 2; i >= 0; --i) {
        digit[i] = rest % radix_[i];
        rest /= radix_[i];
      }
      std::uint32_t used = 0;
      for (int i = 0; i < k_ - 1; ++i) {
        last.cells[i] = static_cast<std::uint8_t>(nth_free(used, digit[i]));
        used |= 1u << last.cells[i];
      }
      last.rank = prefix;
      last.used = used;
    }
    std::memcpy(cells, last.cells, static_cast<std::size_t>(k_ - 1));
    cells[k_ - 1] = static_cast<std::uint8_t>(nth_free(last.used, r - prefix * last_radix));
    return last.used | 1u << cells[k_ - 1];
  }
  // The d-th (from 0) cell not in `used`.
  static int nth_free(std::uint32_t used, std::uint32_t d) {
    std::uint32_t f = ~used;
    for (; d > 0; --d) f &= f - 1;
    return __builtin_ctz(f);
  }

  const DbSpec& spec_;
  const Limits& limits_;
  const CellMasks grid_;
  const int n_, k_;
  const std::uint32_t entries_;
  const int threads_;
  std::uint32_t radix_[kMaxDbCells] = {};
  std::uint32_t weight_[kMaxDbCells] = {};
  std::int32_t contrib_[kMaxDbCells][kMaxDbCells + 1] = {};  // [slot][passed slot + 1], see rank_delta
  std::uint8_t pass_[kMaxTableCells][kMaxTableCells][kMaxTableCells / 2] = {};  // cells passed from p to q
  int passes_ = 0;
  std::vector<std::uint8_t> db_;
  std::vector<Mask> visited_, cur_, next_;
  std::uint64_t filled_ = 0;
};

}  // namespace

Result<std::shared_ptr<const PatternDb>> build_pattern_db(const DbSpec& spec, const Limits& limits, bool progress,
                                                          int threads) {
  // With a progress sink set (puzzlebot prepare) the sink reports, not these lines.
  const bool talk = progress && !build_progress_sink_set();
  const int n = spec.rows * spec.cols;
  const int k = static_cast<int>(spec.cells.size());
  if (n > kMaxTableCells || k < 1 || k >= n || k > kMaxDbCells || spec.entries() > 0xFFFFFFFFull ||
      spec.rows < 1 || spec.cols - 1 > kMaxTableCells / 2)
    return make_error("pattern database " + spec.name() + ": unsupported size");
  // Threads only pay for themselves on big tables.
  if (threads <= 0) threads = default_build_threads();
  if (spec.entries() < (1u << 16)) threads = 1;
  const auto t0 = std::chrono::steady_clock::now();
  if (talk) {
    std::fprintf(stderr, "puzzlebot: building pattern database %s (%llu entries, %d thread%s):",
                 spec.name().c_str(), static_cast<unsigned long long>(spec.entries()), threads,
                 threads == 1 ? "" : "s");
    std::fflush(stderr);
  }
  std::uint64_t states = 0, filled = 0;
  std::vector<std::uint8_t> table;
  auto build = [&](auto& builder) {
    const bool done = builder.run(progress, states);
    filled = builder.filled();
    if (done) table = builder.take();
    return done;
  };
  bool done = false;
  if (n <= 16) {
    Builder<std::uint16_t> builder(spec, limits, threads);
    done = build(builder);
  } else {
    Builder<std::uint32_t> builder(spec, limits, threads);
    done = build(builder);
  }
  if (!done) return build_stopped(spec, limits, talk);
  if (talk) {
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::fprintf(stderr, " done in %.2f s (%llu placement levels expanded)\n", s,
                 static_cast<unsigned long long>(states));
  }
  // With every tile in the pattern the placement fixes the blank too, and only the half of the
  // placements with the goal's parity is reachable; the rest stay unset and are never looked up
  // (solve() proves those boards unsolvable first).
  const std::uint64_t entries = spec.entries();
  const bool all_tiles = k == n - 1;
  if (filled != entries && !(all_tiles && filled * 2 == entries))
    return make_error("pattern database " + spec.name() + ": only " + std::to_string(filled) + " of " +
                      std::to_string(entries) + " placements reached");
  return std::make_shared<const PatternDb>(spec, std::move(table));
}

Result<DbHandle> get_pattern_db(const DbSpec& spec, const Limits& limits, int threads) {
  return load_or_build(g_loaded, spec, ".pdb", true, read_db,
                       [&](const DbSpec& s) { return build_pattern_db(s, limits, true, threads); }, write_db);
}

void forget_loaded_pattern_dbs() {
  std::lock_guard<std::mutex> lock(g_loaded.mutex);
  g_loaded.tables.clear();
}

}  // namespace pb::solvers::sliding
