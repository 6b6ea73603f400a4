/* tables.cpp: the list of sliding tables, their state in the cache, building one, and what a missing one costs a solve. */
#include "solvers/sliding/tables.hpp"

#include <filesystem>
#include <fstream>
#include <string_view>
#include <system_error>

#include "solvers/sliding/optimal.hpp"
#include "solvers/sliding/sliding.hpp"
#include "solvers/sliding/pdb78.hpp"
#include "solvers/sliding/table_cache.hpp"
#include "solvers/sliding/weighted.hpp"

namespace pb::solvers::sliding {
namespace {

// Build rates, CPU seconds an entry (docs/PERFORMANCE.md): pattern_db's builder 1.4-1.6 s for the
// 5.8 M entries of the 4x4 6-tile table and ~11 s for the five 6.4 M-entry 5x5 tables; pdb78's
// ~1.6 CPU-minutes for the 577 M entries of the 7-8 tables.
constexpr double kPdbSecondsPerEntry = 0.3e-6;
constexpr double kNibSecondsPerEntry = 0.17e-6;

std::string size_name(int rows, int cols) { return std::to_string(rows) + "x" + std::to_string(cols); }

// "5-5-5-5-4": the tile counts of a partition's groups.
std::string set_name(const std::vector<DbSpec>& specs) {
  std::string out;
  for (const DbSpec& s : specs) {
    if (!out.empty()) out += '-';  // appended: GCC 12 warns falsely on "-" + std::string&&
    out += std::to_string(s.cells.size());
  }
  return out;
}

void add(std::vector<CacheTable>& out, int rows, int cols, const std::vector<DbSpec>& specs, bool nibbles,
         const std::string& set) {
  for (const DbSpec& s : specs) out.push_back(CacheTable{size_name(rows, cols), set, s, nibbles});
}

bool all_ready(const std::vector<CacheTable>& tables, const std::string& board) {
  for (const CacheTable& t : tables)
    if (t.board == board && table_state(t) != TableState::kReady) return false;
  return true;
}

}  // namespace

std::string CacheTable::file() const { return spec.name() + (nibbles ? ".nib" : ".pdb"); }

std::uint64_t CacheTable::disk_bytes() const {
  return sizeof(TableHeader) + (nibbles ? (spec.entries() + 1) / 2 : spec.entries());
}

std::uint64_t CacheTable::build_bytes() const {
  if (nibbles) return excess_build_bytes(spec);
  // The build's masks, the table, and the 4-bit copies PatternDb keeps (pattern_db.hpp).
  return build_scratch_bytes(spec) + spec.entries() + spec.entries() / 2 + sparse_entries(spec) / 2;
}

double CacheTable::build_cpu_seconds() const {
  return static_cast<double>(spec.entries()) * (nibbles ? kNibSecondsPerEntry : kPdbSecondsPerEntry);
}

std::vector<CacheTable> cache_tables() {
  std::vector<CacheTable> out;
  // 3x3: one exact table of every tile (181,440 entries).
  add(out, 3, 3, preferred_databases(3, 3), false, "exact");
  // 4x4: the 7-8 tables, unless they are switched off; then optimal.cpp's 6-6-3 ones.
  if (pdb78_policy() == Pdb78Policy::kOff) {
    const std::vector<DbSpec> specs = preferred_databases(4, 4);
    add(out, 4, 4, specs, false, "6-6-3");
  } else {
    add(out, 4, 4, pdb78_specs(), true, "7-8");
  }
  // 5x5 (and the 5x5 corner of larger boards): weighted.cpp's tables.
  const std::vector<DbSpec> specs = weighted_databases(weighted_tables_wanted());
  add(out, 5, 5, specs, false, set_name(specs));
  return out;
}

TableState table_state(const CacheTable& t, std::string* why) {
  const std::string dir = cache_dir();
  if (dir.empty()) return TableState::kMissing;
  const std::string path = dir + "/" + t.file();
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) return TableState::kMissing;
  auto unusable = [&](const std::string& what) {
    if (why != nullptr) *why = what;
    return TableState::kUnusable;
  };
  const std::uintmax_t size = std::filesystem::file_size(path, ec);
  if (ec) return unusable("cannot be read");
  if (size != t.disk_bytes()) return unusable("wrong size");
  std::ifstream in(path, std::ios::binary);
  TableHeader h{};
  if (!in.read(reinterpret_cast<char*>(&h), sizeof h)) return unusable("cannot be read");
  if (std::string wrong = header_mismatch(h, t.nibbles ? kNibMagic : kPdbMagic, t.spec); !wrong.empty())
    return unusable(wrong);
  return TableState::kReady;
}

Result<void> build_cache_table(const CacheTable& t, const Limits& limits, int threads) {
  if (t.nibbles) {
    auto h = get_excess_db(t.spec, limits, true, threads);
    if (!h.ok()) return h.error();
  } else {
    auto h = get_pattern_db(t.spec, limits, threads);
    if (!h.ok()) return h.error();
  }
  return {};
}

std::optional<TableAdvice> weaker_tables(int rows, int cols) {
  if (cache_dir().empty()) return std::nullopt;
  if (rows == 4 && cols == 4 && pdb78_policy() == Pdb78Policy::kBuild && !all_ready(cache_tables(), "4x4"))
    // Korf's 100 warm: 3.5-4.1 s on the 6-6-3 tables, 0.19-0.25 s on the 7-8 ones.
    return TableAdvice{"4x4", "optimal solutions ~15x faster", "about a minute and 3 GB of memory, once"};
  if (rows == 5 && cols == 5 && weighted_tables_wanted() == WeightedTables::kFull &&
      !all_ready(cache_tables(), "5x5"))
    return TableAdvice{"5x5", "~10% shorter solutions", "30 s once"};
  return std::nullopt;
}

// ---- The registry's view (solvers/common/tables.hpp) ----

namespace {

TableInfo info_of(const CacheTable& t) {
  return TableInfo{t.board, t.set, t.file(), t.disk_bytes(), t.build_bytes(), t.build_cpu_seconds()};
}

// The table a TableInfo came from, by its file name (the list is a few entries, built in microseconds).
std::optional<CacheTable> table_of(const TableInfo& info) {
  for (CacheTable& t : cache_tables())
    if (t.file() == info.file) return t;
  return std::nullopt;
}

std::vector<TableInfo> list_tables() {
  std::vector<TableInfo> out;
  for (const CacheTable& t : cache_tables()) out.push_back(info_of(t));
  return out;
}

TableState state_of(const TableInfo& info, std::string* why) {
  const auto t = table_of(info);
  return t ? table_state(*t, why) : TableState::kMissing;
}

Result<void> build(const TableInfo& info, const Limits& limits, int threads) {
  const auto t = table_of(info);
  if (!t) return make_error(ErrorCode::kInternal, info.file + " is not one of the sliding tables of this build");
  return build_cache_table(*t, limits, threads);
}

void progress_to(std::function<void(double filled)> sink) {
  if (!sink) return set_build_progress_sink({});
  set_build_progress_sink([sink = std::move(sink)](const DbSpec&, double filled) { sink(filled); });
}

std::optional<TableAdvice> advice(const Puzzle& puzzle) {
  auto board = split_text_board(puzzle.format(), "", true);
  if (!board) return std::nullopt;
  auto state = parse(*board);
  if (!state) return std::nullopt;
  return weaker_tables(state->rows, state->cols);
}

// spec.name() starts with the game's word (pattern_db.hpp); the tables are .pdb and .nib files, and
// an interrupted write leaves `<file>.tmp.<pid>` behind.
bool owns_file(std::string_view name) {
  if (name.rfind("sliding-", 0) != 0) return false;
  for (std::string_view ext : {".pdb", ".nib"}) {
    if (name.size() > ext.size() && name.substr(name.size() - ext.size()) == ext) return true;
    if (name.find(std::string(ext) + ".tmp.") != std::string_view::npos) return true;
  }
  return false;
}

}  // namespace

const GameTables kTables{
    "  3x3  the exact table of every tile (a fraction of a second)\n"
    "  4x4  the 7-8 pattern databases: optimal solutions ~15x faster (290 MB; 3 GB of memory and about\n"
    "       a minute with two cores while building)\n"
    "  5x5  the 5-5-5-5-4 pattern databases: ~10% shorter solutions, also for the 5x5 corner of bigger\n"
    "       boards (32 MB; about 30 s)\n",
    "3x3, 4x4 and 5x5",
    &list_tables,
    &state_of,
    &build,
    &progress_to,
    &advice,
    &owns_file,
};

}  // namespace pb::solvers::sliding
