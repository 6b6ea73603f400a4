/* prepare_command.cpp: `puzzlebot prepare [GAME...|all]`: builds, once and on purpose, the tables that make answers better or faster. */
#include <sys/statvfs.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "app/args.hpp"
#include "app/commands.hpp"
#include "app/progress_bar.hpp"
#include "solvers/common/puzzle.hpp"
#include "solvers/common/tables.hpp"
#include "solvers/registry.hpp"

// The games with tables say so in their entry (Game::tables, solvers/common/tables.hpp): what
// they are, their state and how to build them; this command names none.
//
// Rejected: building in the background of a solve (a 10 s solve cannot hold a minute's build, and
// a half-built table is thrown away); a progress bar drawn from time estimates (the bar follows the
// builders' own levels, reported through set_build_progress_sink, so it never runs ahead).

namespace pb::app {
namespace {

using solvers::GameTables;
using solvers::TableInfo;
using solvers::TableState;

constexpr const char* kHelpHead = R"(usage: puzzlebot prepare [GAME...|all] [options]

Builds, once, every table that makes answers better or faster, into the table cache ('puzzlebot
cache'), so that no solve has to wait for one or settle for a weaker one.)";

constexpr const char* kHelpTail = R"(It first says what it will take (disk, memory, time). Ctrl-C stops it; a table already built is
kept, and running it again builds the rest. GAME: a game's name (see 'puzzlebot games'), or all
(the default).

options:
  --list        list the tables and whether each is built; build nothing
  --board RxC   only the tables of that board size (3x3, 4x4 or 5x5)
  --threads N   build threads (default: one per core)
  -h, --help    this help

exit status: 0 every table built, 2 bad input (an unknown game, no cache folder, not enough disk),
3 stopped (Ctrl-C).
)";

// The games whose entry has tables, in PB_GAMES order.
std::vector<const solvers::Game*> games_with_tables() {
  std::vector<const solvers::Game*> out;
  for (const solvers::Game* g : solvers::games())
    if (g->tables != nullptr) out.push_back(g);
  return out;
}

// "a", "a and b", "a, b and c": game names for a sentence.
std::string names_of(const std::vector<const solvers::Game*>& games) {
  std::string out;
  for (std::size_t i = 0; i < games.size(); ++i) {
    if (i > 0) out += i + 1 == games.size() ? " and " : ", ";
    out += games[i]->name;
  }
  return out;
}

// The help: which games have tables and what each board's give, from their entries.
std::string help_text() {
  const std::vector<const solvers::Game*> games = games_with_tables();
  std::string out = kHelpHead;
  if (games.empty()) out += " No game has tables.\n";
  else if (games.size() == 1) out += " Only " + std::string(games[0]->name) + " has tables:\n";
  else out += " The games with tables:\n";
  for (const solvers::Game* g : games) {
    if (games.size() > 1) out += std::string(g->name) + ":\n";
    out += g->tables->help;
  }
  return out + kHelpTail;
}

// A table to build and the game it is of.
struct Planned {
  const GameTables* game;
  TableInfo table;
};

std::string megabytes(std::uint64_t bytes) {
  char buf[32];
  const double mb = static_cast<double>(bytes) / 1e6;
  if (mb < 1) std::snprintf(buf, sizeof buf, "%.0f KB", mb * 1000);
  else std::snprintf(buf, sizeof buf, mb < 10 ? "%.1f MB" : "%.0f MB", mb);
  return buf;
}

// Memory sizes: MB below a gigabyte, else GB to a tenth.
std::string gigabytes(std::uint64_t bytes) {
  if (bytes < 1'000'000'000) return megabytes(bytes);
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f GB", static_cast<double>(bytes) / 1e9);
  return buf;
}

std::string duration_text(double seconds) {
  if (seconds < 1) return "under a second";
  if (seconds < 45) return std::to_string(static_cast<int>(std::lround(seconds))) + " s";
  const long minutes = std::max(1L, std::lround(seconds / 60));
  return "about " + plural(static_cast<unsigned long long>(minutes), "minute");
}

// Bytes free on the file system of `dir` (or of its nearest existing parent, when it is still to be
// made) for an unprivileged writer, or 0 when unknown.
std::uint64_t free_disk(const std::string& dir) {
  std::filesystem::path at = dir;
  std::error_code ec;
  while (at.has_parent_path() && at != at.parent_path() && !std::filesystem::exists(at, ec)) at = at.parent_path();
  struct statvfs st {};
  if (::statvfs(at.c_str(), &st) != 0) return 0;
  return static_cast<std::uint64_t>(st.f_bavail) * st.f_frsize;
}

// MemAvailable from /proc/meminfo, bytes; 0 when unknown.
std::uint64_t available_memory() {
  std::ifstream in("/proc/meminfo");
  std::string key;
  std::uint64_t kb = 0;
  std::string unit;
  while (in >> key >> kb >> unit)
    if (key == "MemAvailable:") return kb * 1024;
  return 0;
}

// The 1-minute load average (runnable programs), 0 when unknown.
double load_average() {
  std::ifstream in("/proc/loadavg");
  double load = 0;
  in >> load;
  return load;
}

// Draws the progress: a bar redrawn in place on a terminal, a line a table otherwise.
class Progress {
 public:
  Progress(bool tty, double total_weight) : tty_(tty), total_(std::max(total_weight, 1e-9)) {}

  void start(const TableInfo& t, int index, int count) {
    label_ = t.board + " " + t.set + " table " + std::to_string(index) + " of " + std::to_string(count) + " (" +
             t.file + ")";
    weight_ = t.build_cpu_seconds;
    t0_ = std::chrono::steady_clock::now();
    if (tty_) {
      draw(0);
    } else {
      std::fprintf(stderr, "prepare: building %s, %s\n", label_.c_str(), megabytes(t.disk_bytes).c_str());
    }
  }
  void level(double filled) {
    if (tty_) draw(filled);
  }
  // The bar's line gives way to one saying what was built (or nothing, when the build stopped).
  void finish(bool built) {
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0_).count();
    if (tty_) clear_progress_bar();
    if (built) {
      done_ += weight_;
      std::fprintf(stderr, "%sbuilt %s in %.1f s\n", tty_ ? "  " : "prepare: ", label_.c_str(), s);
    }
    std::fflush(stderr);
  }

 private:
  void draw(double filled) {
    const double all = std::clamp((done_ + filled * weight_) / total_, 0.0, 1.0);
    const auto now = std::chrono::steady_clock::now();
    const int pct = static_cast<int>(all * 100);
    if (filled > 0 && filled < 1 && pct == last_pct_ && now - last_draw_ < std::chrono::milliseconds(200)) return;
    last_pct_ = pct;
    last_draw_ = now;
    draw_progress_bar(all, label_);
  }

  bool tty_;
  double total_;
  double done_ = 0;
  double weight_ = 0;
  int last_pct_ = -1;
  std::string label_;
  std::chrono::steady_clock::time_point t0_, last_draw_;
};

}  // namespace

void note_weaker_tables(const solvers::Puzzle& puzzle) {
  const solvers::Game* game = solvers::find_game(puzzle.game());
  if (game == nullptr || game->tables == nullptr) return;  // a game with no tables
  const auto advice = game->tables->advice(puzzle);
  if (!advice) return;
  static std::atomic<bool> said{false};  // once a run: a folder of boards gets one line
  if (said.exchange(true)) return;
  std::fprintf(stderr, "puzzlebot: %s: %s after `puzzlebot prepare %s`, %s\n", advice->board.c_str(),
               advice->gain.c_str(), std::string(game->name).c_str(), advice->cost.c_str());
}

int prepare_command(const std::vector<std::string>& args) {
  auto start = start_command(args, {{"list", false}, {"board", true}, {"threads", true}}, "prepare", help_text());
  const ParsedArgs* parsed = std::get_if<ParsedArgs>(&start);
  if (!parsed) return std::get<int>(start);
  auto threads = parsed->get_int("threads", 0, 1, 64);
  if (!threads) return fail(threads.error().text());

  // Which games: named ones must exist; those with no tables are said and left out.
  std::vector<const solvers::Game*> chosen;
  for (const std::string& name : parsed->positional)
    if (name != "all" && solvers::find_game(name) == nullptr)
      return fail("no game '" + name + "' (games: " + solvers::game_names() + ", or all)");
  for (const solvers::Game* g : games_with_tables()) {
    bool wanted = parsed->positional.empty();
    for (const std::string& name : parsed->positional) wanted = wanted || name == "all" || name == g->name;
    if (wanted) chosen.push_back(g);
  }
  for (const std::string& name : parsed->positional)
    if (name != "all" && solvers::find_game(name)->tables == nullptr)
      std::printf("prepare: %s has no tables (its answers need none)\n", name.c_str());
  if (chosen.empty()) return kExitSolved;

  const auto board = parsed->get("board");
  std::vector<std::vector<TableInfo>> tables;  // per chosen game
  std::size_t count = 0;
  std::string boards;
  for (const solvers::Game* g : chosen) {
    tables.push_back(g->tables->list());
    if (board) std::erase_if(tables.back(), [&](const TableInfo& t) { return t.board != *board; });
    count += tables.back().size();
    if (!boards.empty()) boards += "; ";
    boards += g->tables->boards;
  }
  if (board && count == 0)
    return fail("no " + names_of(chosen) + " tables for '" + *board + "': the boards with tables are " + boards);
  const std::string dir = solvers::cache_dir();
  if (dir.empty())
    return fail("no cache folder to keep tables in: set PUZZLEBOT_CACHE_DIR (or XDG_CACHE_HOME or HOME)");

  // What is there, what it will take.
  std::vector<Planned> to_build;
  std::uint64_t disk = 0, memory = 0;
  double cpu = 0;
  for (std::size_t i = 0; i < chosen.size(); ++i) {
    if (tables[i].empty()) continue;
    std::printf("prepare: %s tables in %s\n", std::string(chosen[i]->name).c_str(), dir.c_str());
    for (const TableInfo& t : tables[i]) {
      std::string why;
      const TableState state = chosen[i]->tables->state(t, &why);
      const char* word = state == TableState::kReady ? "built" : state == TableState::kMissing ? "to build" : "to rebuild";
      std::printf("  %-4s %-12s %-40s %9s  %s%s\n", t.board.c_str(), t.set.c_str(), t.file.c_str(),
                  megabytes(t.disk_bytes).c_str(), word, state == TableState::kUnusable ? (" (" + why + ")").c_str() : "");
      if (state == TableState::kReady) continue;
      to_build.push_back({chosen[i]->tables, t});
      disk += t.disk_bytes;
      memory = std::max(memory, t.build_bytes);
      cpu += t.build_cpu_seconds;
    }
  }
  if (to_build.empty()) {
    std::printf("prepare: every table is built; nothing to do\n");
    return kExitSolved;
  }
  // Wall time: the CPU estimate over the build threads, each getting its share of the cores with the
  // programs already running (the load average): on a shared machine that is most of the wait.
  const unsigned cores = std::max(1u, std::min(std::thread::hardware_concurrency(), 8u));
  const double used = *threads > 0 ? std::min<double>(static_cast<double>(*threads), cores) : cores;
  const double load = load_average();
  const double wall = cpu / (used * std::min(1.0, cores / (load + used)));
  const std::uint64_t disk_free = free_disk(dir), memory_free = available_memory();
  std::printf("prepare: %s to build: %s of disk (%s free), up to %s of memory (%s available), %s (%s, load %.1f)\n",
              plural(to_build.size(), "table").c_str(), megabytes(disk).c_str(),
              disk_free > 0 ? megabytes(disk_free).c_str() : "?", gigabytes(memory).c_str(),
              memory_free > 0 ? gigabytes(memory_free).c_str() : "?", duration_text(wall).c_str(),
              plural(cores, "core").c_str(), load);
  if (parsed->has("list")) return kExitSolved;
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) return fail("cannot make the cache folder " + dir + ": " + ec.message());
  if (disk_free > 0 && disk_free < disk)
    return fail("not enough disk in " + dir + " (" + megabytes(disk) + " needed, " + megabytes(disk_free) +
                " free): free some, or set PUZZLEBOT_CACHE_DIR to a folder on another disk");
  if (memory_free > 0 && memory_free < memory)
    return fail("not enough memory to build the tables (" + gigabytes(memory) + " needed, " + gigabytes(memory_free) +
                " available): close other programs, or leave out the 4x4 tables (--board 3x3, --board 5x5)");
  std::fflush(stdout);

  solvers::Limits limits;
  limits.cancel = &stop_requested();
  double weight = 0;
  for (const Planned& p : to_build) weight += p.table.build_cpu_seconds;
  Progress progress(stderr_is_terminal(), weight);
  auto show = [&](double filled) { progress.level(filled); };
  int built = 0;
  const auto t0 = std::chrono::steady_clock::now();
  for (const Planned& p : to_build) {
    progress.start(p.table, built + 1, static_cast<int>(to_build.size()));
    p.game->progress_to(show);
    Result<void> r = p.game->build(p.table, limits, static_cast<int>(*threads));
    p.game->progress_to({});
    progress.finish(r.ok());
    if (!r.ok() || stop_requested().load()) {
      if (stop_requested().load()) {
        std::printf("prepare: stopped; %s of %zu built and kept: run it again to build the rest\n",
                    plural(static_cast<unsigned long long>(built + (r.ok() ? 1 : 0)), "table").c_str(),
                    to_build.size());
        return kExitGaveUp;
      }
      return fail(r.error().text());
    }
    ++built;
  }
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("prepare: %s built in %.1f s; solves use them from now on\n", plural(static_cast<unsigned long long>(built), "table").c_str(), s);
  return kExitSolved;
}

}  // namespace pb::app
