/* pattern_db.cpp: building, caching and validating sliding-tile pattern databases. */
#include "solvers/sliding/pattern_db.hpp"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>

namespace pb::solvers::sliding {
namespace {

constexpr char kMagic[8] = {'P', 'B', 'S', 'L', 'D', 'B', '0', '1'};
constexpr std::uint8_t kUnset = 0xFF;

// The file header. Fixed-size fields so that a truncated or foreign file is caught by the size check.
struct Header {
  char magic[8];
  std::uint32_t rows;
  std::uint32_t cols;
  std::uint32_t k;
  std::int32_t blank;
  std::uint8_t cells[kMaxDbCells];
  std::uint64_t entries;
  std::uint64_t checksum;  // FNV-1a 64 of the body
};

std::uint64_t fnv1a(const std::uint8_t* p, std::size_t n) {
  std::uint64_t h = 1469598103934665603ull;
  for (std::size_t i = 0; i < n; ++i) h = (h ^ p[i]) * 1099511628211ull;
  return h;
}

Header make_header(const DbSpec& spec, std::uint64_t checksum) {
  Header h{};
  std::memcpy(h.magic, kMagic, sizeof kMagic);
  h.rows = static_cast<std::uint32_t>(spec.rows);
  h.cols = static_cast<std::uint32_t>(spec.cols);
  h.k = static_cast<std::uint32_t>(spec.cells.size());
  h.blank = spec.blank;
  for (std::size_t i = 0; i < spec.cells.size(); ++i) h.cells[i] = static_cast<std::uint8_t>(spec.cells[i]);
  h.entries = spec.entries();
  h.checksum = checksum;
  return h;
}

// Cells reachable from `start` through `free` (bit-parallel flood fill on a rows x cols grid).
struct Grid {
  int cols = 0;
  std::uint32_t all = 0, not_first_col = 0, not_last_col = 0;
  std::uint32_t neighbours[kMaxDbCells] = {};

  Grid(int rows, int c) : cols(c) {
    const int n = rows * cols;
    all = n == 32 ? ~0u : (1u << n) - 1u;
    for (int i = 0; i < n; ++i) {
      if (i % cols != 0) not_first_col |= 1u << i;
      if (i % cols != cols - 1) not_last_col |= 1u << i;
    }
    for (int i = 0; i < n; ++i) {
      const int r = i / cols, cc = i % cols;
      if (r > 0) neighbours[i] |= 1u << (i - cols);
      if (r < rows - 1) neighbours[i] |= 1u << (i + cols);
      if (cc > 0) neighbours[i] |= 1u << (i - 1);
      if (cc < cols - 1) neighbours[i] |= 1u << (i + 1);
    }
  }
  std::uint32_t fill(std::uint32_t start, std::uint32_t free) const {
    std::uint32_t r = start;
    for (;;) {
      std::uint32_t next = r | ((r & not_last_col) << 1) | ((r & not_first_col) >> 1) | (r << cols) |
                           (r >> cols);
      next &= free | start;
      next &= all;
      if (next == r) return r;
      r = next;
    }
  }
};

std::mutex g_mutex;
std::map<std::string, std::shared_ptr<const PatternDb>> g_loaded;

// Reads and validates a cache file; the error says what was wrong with it.
Result<std::shared_ptr<const PatternDb>> read_db(const std::string& path, const DbSpec& spec) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return make_error("missing");
  Header h{};
  if (!in.read(reinterpret_cast<char*>(&h), sizeof h)) return make_error("shorter than its header");
  const Header want = make_header(spec, 0);
  if (std::memcmp(h.magic, kMagic, sizeof kMagic) != 0) return make_error("bad magic");
  if (h.rows != want.rows || h.cols != want.cols || h.k != want.k || h.blank != want.blank ||
      std::memcmp(h.cells, want.cells, sizeof h.cells) != 0 || h.entries != want.entries)
    return make_error("header does not match the pattern");
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

// Writes via a temporary file and rename(), so readers never see a partial file.
Result<void> write_db(const std::string& path, const PatternDb& db) {
  std::error_code ec;
  std::filesystem::create_directories(std::filesystem::path(path).parent_path(), ec);
  if (ec) return make_error("cannot create " + std::filesystem::path(path).parent_path().string() + ": " + ec.message());
  const std::string tmp = path + ".tmp." + std::to_string(::getpid());
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) return make_error("cannot write " + tmp);
    const Header h = make_header(db.spec(), fnv1a(db.data(), db.size()));
    out.write(reinterpret_cast<const char*>(&h), sizeof h);
    out.write(reinterpret_cast<const char*>(db.data()), static_cast<std::streamsize>(db.size()));
    if (!out) {
      std::filesystem::remove(tmp, ec);
      return make_error("write failed for " + tmp + " (disk full?)");
    }
  }
  std::filesystem::rename(tmp, path, ec);
  if (ec) {
    std::filesystem::remove(tmp, ec);
    return make_error("cannot rename into " + path);
  }
  return {};
}

}  // namespace

std::uint64_t placement_count(int n, int k) {
  std::uint64_t c = 1;
  for (int i = 0; i < k; ++i) c *= static_cast<std::uint64_t>(n - i);
  return c;
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

int PatternDb::max_value() const {
  int m = 0;
  for (std::uint8_t v : data_) m = std::max<int>(m, v);
  return m;
}

std::uint64_t build_scratch_bytes(const DbSpec& spec) {
  // Visited bits per (placement, area representative), plus the two BFS frontiers (8 bytes a state;
  // in practice the widest level holds about a quarter of the states).
  const std::uint64_t states = spec.entries() * static_cast<std::uint64_t>(spec.rows * spec.cols);
  return states / 8 + spec.entries() * 8 / 4;
}

std::string cache_dir() {
  if (const char* d = std::getenv("PUZZLEBOT_CACHE_DIR"); d != nullptr && *d != '\0') return d;
  if (const char* d = std::getenv("XDG_CACHE_HOME"); d != nullptr && *d != '\0')
    return std::string(d) + "/puzzlebot";
  if (const char* d = std::getenv("HOME"); d != nullptr && *d != '\0') return std::string(d) + "/.cache/puzzlebot";
  return {};
}

Result<std::shared_ptr<const PatternDb>> build_pattern_db(const DbSpec& spec, const Limits& limits,
                                                          bool progress) {
  const int n = spec.rows * spec.cols;
  const int k = static_cast<int>(spec.cells.size());
  if (n > kMaxDbCells || k < 1 || k >= n || spec.entries() > 0xFFFFFFFFull)
    return make_error("pattern database " + spec.name() + ": unsupported size");
  const Grid grid(spec.rows, spec.cols);
  const std::uint32_t entries = static_cast<std::uint32_t>(spec.entries());
  std::vector<std::uint8_t> db(entries, kUnset);
  // Visited (placement, area) states, consulted only for placements whose free cells are split:
  // when they are connected there is one area, and db[rank] being set already says "visited".
  std::vector<std::uint64_t> visited((static_cast<std::uint64_t>(entries) * n + 63) / 64, 0);
  std::vector<std::uint64_t> split_now, split_next;  // split states of this / the next level: rank * 16 + area cell
  std::uint32_t radix[kMaxDbCells];
  for (int i = 0; i < k; ++i) radix[i] = static_cast<std::uint32_t>(n - i);

  std::uint64_t filled = 0;
  int depth = 0;
  std::uint8_t cells[kMaxDbCells];
  // Expands one state (placement `cells`, blank area `area`) of depth `depth`.
  std::uint64_t expanded = 0, split_states = 0;
  auto expand = [&](std::uint32_t area, std::uint32_t free) {
    ++expanded;
    for (int i = 0; i < k; ++i) {
      const int p = cells[i];
      std::uint32_t targets = grid.neighbours[p] & area;
      while (targets != 0) {
        const int q = __builtin_ctz(targets);
        targets &= targets - 1;
        cells[i] = static_cast<std::uint8_t>(q);
        const std::uint32_t free2 = (free | (1u << p)) & ~(1u << q);
        const std::uint32_t area2 = grid.fill(1u << p, free2);
        const std::uint32_t r = static_cast<std::uint32_t>(rank_placement(cells, k, n));
        if (area2 != free2) {
          const std::uint64_t bit = static_cast<std::uint64_t>(r) * n + __builtin_ctz(area2);
          if ((visited[bit / 64] >> (bit % 64) & 1u) != 0) continue;
          visited[bit / 64] |= 1ull << (bit % 64);
          split_next.push_back(static_cast<std::uint64_t>(r) * 16 + __builtin_ctz(area2));
          ++split_states;
        }
        if (db[r] == kUnset) {
          db[r] = static_cast<std::uint8_t>(depth + 1);
          ++filled;
        }
      }
      cells[i] = static_cast<std::uint8_t>(p);
    }
  };
  auto unrank = [&](std::uint32_t r) {
    std::uint32_t digit[kMaxDbCells];
    for (int i = k - 1; i >= 0; --i) {
      digit[i] = r % radix[i];
      r /= radix[i];
    }
    std::uint32_t used = 0;
    for (int i = 0; i < k; ++i) {
      std::uint32_t d = digit[i];
      int c = 0;
      for (;; ++c) {
        if (used >> c & 1u) continue;
        if (d == 0) break;
        --d;
      }
      cells[i] = static_cast<std::uint8_t>(c);
      used |= 1u << c;
    }
    return used;
  };

  // The goal: every pattern tile home, the blank anywhere in its area.
  std::uint32_t occupied = 0;
  for (int i = 0; i < k; ++i) {
    cells[i] = static_cast<std::uint8_t>(spec.cells[i]);
    occupied |= 1u << spec.cells[i];
  }
  const std::uint32_t free0 = grid.all & ~occupied;
  const std::uint32_t area0 = spec.blank >= 0 ? grid.fill(1u << spec.blank, free0) : free0;
  const std::uint32_t rank0 = static_cast<std::uint32_t>(rank_placement(cells, k, n));
  db[rank0] = 0;
  filled = 1;
  if (area0 != free0) {
    const std::uint64_t bit = static_cast<std::uint64_t>(rank0) * n + __builtin_ctz(area0);
    visited[bit / 64] |= 1ull << (bit % 64);
    split_next.push_back(static_cast<std::uint64_t>(rank0) * 16 + __builtin_ctz(area0));
  }

  const auto t0 = std::chrono::steady_clock::now();
  if (progress) {
    std::fprintf(stderr, "puzzlebot: building pattern database %s (%llu entries):", spec.name().c_str(),
                 static_cast<unsigned long long>(entries));
    std::fflush(stderr);
  }
  int reported = 0;
  // Level by level. Connected placements of this depth are found by scanning the table in rank
  // order, which keeps the successors' table reads close together (they change one digit of the
  // rank at a time); split ones come from the side queue.
  for (std::uint64_t before = 0; filled != before || !split_next.empty(); ++depth) {
    before = filled;
    if (depth >= 254) return make_error("pattern database " + spec.name() + ": depth overflow");
    if (limits.out_of_time()) {
      if (progress) std::fprintf(stderr, " stopped (time limit)\n");
      return make_error("time limit while building pattern database " + spec.name());
    }
    split_now.swap(split_next);
    split_next.clear();
    // Rank order for the split states too: generated in scattered order, expanded in sorted order,
    // their successors' table reads become a few forward streams (halves the build time).
    std::sort(split_now.begin(), split_now.end());
    const std::uint8_t d = static_cast<std::uint8_t>(depth);
    for (std::uint32_t r = 0; r < entries; ++r) {
      if (db[r] != d) continue;
      const std::uint32_t free = grid.all & ~unrank(r);
      const std::uint32_t area = grid.fill(free & (~free + 1u), free);
      if (area != free) continue;  // split: its areas are in split_now
      expand(area, free);
    }
    for (std::uint64_t st : split_now) {
      const std::uint32_t free = grid.all & ~unrank(static_cast<std::uint32_t>(st / 16));
      expand(grid.fill(1u << (st % 16), free), free);
    }
    if (progress) {
      const int pct = static_cast<int>(100 * filled / entries);
      if (pct / 10 > reported / 10) {
        std::fprintf(stderr, " %d%%", pct);
        std::fflush(stderr);
        reported = pct;
      }
    }
  }
  if (progress) {
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::fprintf(stderr, " done in %.2f s (%llu states, %llu with the free cells split)\n", s,
                 static_cast<unsigned long long>(expanded), static_cast<unsigned long long>(split_states));
  }
  // With every tile in the pattern the placement fixes the blank too, and only the half of the
  // placements with the goal's parity is reachable; the rest stay unset and are never looked up
  // (solve() proves those boards unsolvable first).
  const bool all_tiles = k == n - 1;
  if (filled != entries && !(all_tiles && filled * 2 == entries))
    return make_error("pattern database " + spec.name() + ": only " + std::to_string(filled) + " of " +
                      std::to_string(entries) + " placements reached");
  return std::make_shared<const PatternDb>(spec, std::move(db));
}

Result<DbHandle> get_pattern_db(const DbSpec& spec, const Limits& limits) {
  const std::string dir = cache_dir();
  const std::string path = dir.empty() ? std::string() : dir + "/" + spec.name() + ".pdb";
  const std::string key = path.empty() ? spec.name() : path;
  // One lock around the whole load-or-build: two solver threads wanting the same database should
  // build it once, and builds are rare.
  std::lock_guard<std::mutex> lock(g_mutex);
  if (auto it = g_loaded.find(key); it != g_loaded.end()) return DbHandle{it->second, DbSource::kMemory, path, {}};

  DbHandle handle;
  handle.path = path;
  handle.source = DbSource::kBuilt;
  if (!path.empty()) {
    auto loaded = read_db(path, spec);
    if (loaded.ok()) {
      g_loaded[key] = loaded.value();
      return DbHandle{loaded.value(), DbSource::kLoaded, path, {}};
    }
    if (loaded.error().message != "missing") {
      handle.source = DbSource::kRebuiltCorrupt;
      handle.note = path + " was unusable (" + loaded.error().message + "): rebuilt";
      std::fprintf(stderr, "puzzlebot: %s\n", handle.note.c_str());
    }
  } else {
    handle.note = "no cache folder (set PUZZLEBOT_CACHE_DIR or HOME): database kept in memory only";
  }
  auto built = build_pattern_db(spec, limits, true);
  if (!built.ok()) return built.error();
  handle.db = built.value();
  if (!path.empty()) {
    if (auto w = write_db(path, *handle.db); !w.ok()) {
      handle.note += (handle.note.empty() ? "" : "; ") + w.error().message + ": database kept in memory only";
      std::fprintf(stderr, "puzzlebot: %s\n", w.error().message.c_str());
      handle.path.clear();
    }
  }
  g_loaded[key] = handle.db;
  return handle;
}

void forget_loaded_pattern_dbs() {
  std::lock_guard<std::mutex> lock(g_mutex);
  g_loaded.clear();
}

}  // namespace pb::solvers::sliding
