/* table_cache.hpp: the sliding tables' cache files (pattern_db's .pdb, pdb78's .nib): header, writing, load-or-build. */
#pragma once

// Both kinds of table are kept the same way: `<cache_dir()>/<spec.name()><ext>`, a fixed-size
// header (magic, the pattern, the entry count, a checksum of the body) then the body, written to a
// temporary name and renamed so that a reader never sees half a file; loaded once per process and
// shared. What differs (the body's form, its checksum, how it is read and built) stays with each.

#include <cstdint>
#include <cstdio>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "core/result.hpp"
#include "solvers/sliding/pattern_db.hpp"

namespace pb::solvers::sliding {

// The file header. Fixed-size fields so that a truncated or foreign file is caught by the size check.
struct TableHeader {
  char magic[8];
  std::uint32_t rows, cols, k;
  std::int32_t blank;
  std::uint8_t cells[kMaxDbCells];
  std::uint64_t entries;
  std::uint64_t checksum;  // of the body, as the table's kind computes it
};

using TableMagic = char[8];

// The two kinds' magic: pattern_db's .pdb files and pdb78's .nib files.
inline constexpr TableMagic kPdbMagic = {'P', 'B', 'S', 'L', 'D', 'B', '0', '1'};
inline constexpr TableMagic kNibMagic = {'P', 'B', 'S', 'L', 'N', 'B', '0', '1'};

// Progress of table builds. By default a build prints its own line on stderr ("building pattern
// database ...: 10% 20% ... done in 1.2 s"); a command that draws its own progress (`puzzlebot
// prepare`) sets a sink instead: builds then print nothing and call it after each breadth-first
// level with the share of the table's entries filled so far (0..1). Set it before any build starts.
using BuildProgressSink = std::function<void(const DbSpec& spec, double filled)>;
void set_build_progress_sink(BuildProgressSink sink);  // an empty one: back to the default lines
bool build_progress_sink_set();
void report_build_progress(const DbSpec& spec, double filled);  // calls the sink, if any
// After each breadth-first level of a build whose progress is shown: `filled` of spec's entries set,
// to the sink when one is set, else one more " N%" on stderr per 10% (`reported`: the last
// percentage printed, 0 before the first level).
void build_level_done(const DbSpec& spec, std::uint64_t filled, int& reported);
// Why a build stopped before its table was full: the deadline or the user's stop (in limit_words()'s
// words), else a depth overflow; ends the build's progress line first when it `talk`s.
Error build_stopped(const DbSpec& spec, const Limits& limits, bool talk);

// The threads a build uses when not told: the machine's cores, 1 to 8.
int default_build_threads();

TableHeader table_header(const TableMagic& magic, const DbSpec& spec, std::uint64_t checksum);

// What is wrong with `h` as the header of `spec`'s table ("bad magic", "header does not match the
// pattern"), or "" when nothing is.
std::string header_mismatch(const TableHeader& h, const TableMagic& magic, const DbSpec& spec);

// Writes the header and `bytes` of body to `path` through a temporary file and rename().
Result<void> write_table_file(const std::string& path, const TableHeader& h, const std::uint8_t* body,
                              std::uint64_t bytes);

// The tables of one kind this process has loaded or built, by cache file (or name, uncached).
template <class Db>
struct LoadedTables {
  std::mutex mutex;  // one load or build at a time: two threads wanting a table build it once
  std::map<std::string, std::shared_ptr<const Db>> tables;
};

// The table from this process's memory, else its cache file (read(path, spec): a null table when
// there is no file, an error saying what is wrong with one that is there), else, when `may_build`,
// built (build(spec)) and written (write(path, db)).
// A file that is there but unusable is rebuilt with a word on stderr, or is the error.
template <class Db, class Read, class Build, class Write>
Result<TableHandle<Db>> load_or_build(LoadedTables<Db>& loaded, const DbSpec& spec, const std::string& ext, bool may_build,
                                      Read read, Build build, Write write) {
  const std::string dir = cache_dir();
  const std::string path = dir.empty() ? std::string() : dir + "/" + spec.name() + ext;
  const std::string key = path.empty() ? spec.name() : path;
  std::lock_guard<std::mutex> lock(loaded.mutex);
  if (auto it = loaded.tables.find(key); it != loaded.tables.end())
    return TableHandle<Db>{it->second, DbSource::kMemory, path, {}};
  TableHandle<Db> handle;
  handle.path = path;
  handle.source = DbSource::kBuilt;
  if (!path.empty()) {
    Result<std::shared_ptr<const Db>> got = read(path, spec);
    if (got.ok() && got.value() != nullptr) {
      loaded.tables[key] = got.value();
      return TableHandle<Db>{got.value(), DbSource::kLoaded, path, {}};
    }
    if (!got.ok()) {
      handle.source = DbSource::kRebuiltCorrupt;
      handle.note = path + " was unusable (" + got.error().message + ")";
      if (!may_build) return make_error(handle.note);
      handle.note += ": rebuilt";
      std::fprintf(stderr, "puzzlebot: %s\n", handle.note.c_str());
    }
  } else {
    handle.note = "no cache folder (set PUZZLEBOT_CACHE_DIR or HOME): table kept in memory only";
  }
  if (!may_build) return make_error("pattern database " + spec.name() + " is not in the cache");
  Result<std::shared_ptr<const Db>> built = build(spec);
  if (!built.ok()) return built.error();
  handle.db = built.value();
  if (!path.empty()) {
    if (Result<void> w = write(path, *handle.db); !w.ok()) {
      handle.note += (handle.note.empty() ? "" : "; ") + w.error().message + ": table kept in memory only";
      std::fprintf(stderr, "puzzlebot: %s\n", w.error().message.c_str());
      handle.path.clear();
    }
  }
  loaded.tables[key] = handle.db;
  return handle;
}

}  // namespace pb::solvers::sliding
