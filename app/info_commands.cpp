/* info_commands.cpp: `puzzlebot params` (every reader parameter) and `puzzlebot cache` (solver tables). */
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <span>
#include <string>
#include <system_error>
#include <vector>

#include "app/args.hpp"
#include "app/commands.hpp"
#include "solvers/common/tables.hpp"
#include "solvers/registry.hpp"
#include "vision/registry.hpp"

namespace pb::app {
namespace {

namespace fs = std::filesystem;

constexpr const char* kCacheHelp = R"(usage: puzzlebot cache [--clear]

Prints where puzzlebot keeps the tables its solvers build once and reuse (pattern databases, up to
a few hundred MB each; 'puzzlebot prepare --help' says which games have them), and how much they
take.
The folder is $PUZZLEBOT_CACHE_DIR, else $XDG_CACHE_HOME/puzzlebot, else ~/.cache/puzzlebot.

'puzzlebot prepare' builds them all once, on purpose; 'puzzlebot doctor' says which are missing.

options:
  --clear     delete those tables (they are built again when next needed, or by 'puzzlebot prepare')
  -h, --help  this help
)";

constexpr const char* kParamsHelp = R"(usage: puzzlebot params [--game G] [--markdown]

Prints every reader parameter a profile may set (under the node named after the game), with its
default, the values it may take and what it means. docs/PARAMS.md is this list (--markdown).

options:
  --game G      one game's reader (default: all)
  --markdown    the list as docs/PARAMS.md holds it
  -h, --help    this help
)";

constexpr const char* kParamsIntro =
    "# Reader parameters\n\n"
    "Every screenshot reader has a `Params` struct; a device profile (FORMATS.md, `--profile P.yml`) may set\n"
    "any of them under the node named after the game. A key a reader does not have is an error that lists\n"
    "the valid ones, and so is a value outside its range. For example:\n\n"
    "```yaml\n"
    "%s"
    "```\n\n"
    "This file is generated from the readers' tables (`param_table()` in vision/<game>/reader.cpp) by\n"
    "`puzzlebot params --markdown > docs/PARAMS.md`; a test (tests/app/usability_cli_test.cpp) fails when\n"
    "it and the code disagree. `puzzlebot params --game G` prints one game's list.\n";

std::string markdown_cell(std::string s) {
  std::string out;
  for (char c : s) out += c == '|' ? std::string("\\|") : std::string(1, c);
  return out;
}

// The intro's example: the first reader's node with its first two parameters at their defaults
// (a profile sets them to other values; the example shows the form).
std::string example_profile(std::span<const vision::Reader* const> readers) {
  if (readers.empty()) return "";
  std::string out = std::string(readers.front()->game) + ":\n";
  const std::vector<vision::ParamRow> rows = readers.front()->params();
  for (std::size_t i = 0; i < rows.size() && i < 2; ++i) out += "  " + rows[i].key + ": " + rows[i].value + "\n";
  return out;
}

// puzzlebot's own files in the cache folder: a game's tables and the temporary files of an
// interrupted write, as each game with tables recognises its own (Game::tables).
bool is_table_file(const fs::path& p) {
  const std::string name = p.filename().string();
  for (const solvers::Game* g : solvers::games())
    if (g->tables != nullptr && g->tables->owns_file(name)) return true;
  return false;
}

}  // namespace

int params_command(const std::vector<std::string>& args) {
  auto start = start_command(args, {{"game", true}, {"markdown", false}}, "params", kParamsHelp);
  const ParsedArgs* parsed = std::get_if<ParsedArgs>(&start);
  if (!parsed) return std::get<int>(start);
  if (!parsed->positional.empty()) return fail("params takes no INPUT: see 'puzzlebot params --help'");
  const std::string game = parsed->get("game").value_or("");
  std::vector<const vision::Reader*> chosen;
  for (const vision::Reader* r : vision::readers())
    if (game.empty() || r->game == game) chosen.push_back(r);
  if (chosen.empty())
    return fail("no screenshot reader for '" + game + "' (readers: " + vision::reader_names() + ")");
  const bool markdown = parsed->has("markdown");
  if (markdown) std::printf(kParamsIntro, example_profile(vision::readers()).c_str());
  for (const vision::Reader* r : chosen) {
    const std::string name(r->game);
    const std::vector<vision::ParamRow> rows = r->params();
    if (markdown) {
      std::printf("\n## %s\n\n| key | default | range | meaning |\n|---|---|---|---|\n", name.c_str());
      for (const vision::ParamRow& p : rows)
        std::printf("| `%s` | %s | %s | %s |\n", p.key.c_str(), p.value.c_str(), p.range.c_str(),
                    markdown_cell(p.meaning).c_str());
      continue;
    }
    std::size_t key_w = 3, value_w = 7, range_w = 5;
    for (const vision::ParamRow& p : rows) {
      key_w = std::max(key_w, p.key.size());
      value_w = std::max(value_w, p.value.size());
      range_w = std::max(range_w, p.range.size());
    }
    std::printf("%s%s (profile node `%s:`, %s)\n", r == chosen.front() ? "" : "\n", name.c_str(), name.c_str(),
                plural(rows.size(), "parameter").c_str());
    std::printf("  %-*s  %-*s  %-*s  %s\n", static_cast<int>(key_w), "key", static_cast<int>(value_w), "default",
                static_cast<int>(range_w), "range", "meaning");
    for (const vision::ParamRow& p : rows)
      std::printf("  %-*s  %-*s  %-*s  %s\n", static_cast<int>(key_w), p.key.c_str(), static_cast<int>(value_w),
                  p.value.c_str(), static_cast<int>(range_w), p.range.c_str(), p.meaning.c_str());
  }
  return kExitSolved;
}

int cache_command(const std::vector<std::string>& args) {
  auto start = start_command(args, {{"clear", false}}, "cache", kCacheHelp);
  const ParsedArgs* parsed = std::get_if<ParsedArgs>(&start);
  if (!parsed) return std::get<int>(start);
  if (!parsed->positional.empty()) return fail("cache takes no arguments: see 'puzzlebot cache --help'");
  const std::string dir = solvers::cache_dir();
  if (dir.empty()) {
    std::printf("table cache: none (set PUZZLEBOT_CACHE_DIR, XDG_CACHE_HOME or HOME): tables stay in memory\n");
    return kExitSolved;
  }
  std::vector<fs::path> files;
  std::uintmax_t bytes = 0;
  std::error_code ec;
  if (fs::is_directory(dir, ec)) {
    for (const auto& entry : fs::directory_iterator(dir, ec)) {
      if (!entry.is_regular_file(ec) || !is_table_file(entry.path())) continue;
      files.push_back(entry.path());
      bytes += entry.file_size(ec);
    }
  } else if (ec == std::errc::no_such_file_or_directory) {
    ec.clear();  // no table built yet: the folder is made with the first one
  }
  if (ec) return fail("cannot list the table cache " + dir + ": " + ec.message());
  const double mib = static_cast<double>(bytes) / (1 << 20);
  if (!parsed->has("clear")) {
    std::printf("table cache: %s (%s, %.1f MiB)\n", dir.c_str(), plural(files.size(), "file").c_str(), mib);
    return kExitSolved;
  }
  for (const fs::path& f : files)
    if (!fs::remove(f, ec) && ec) return fail("cannot delete " + f.string() + ": " + ec.message());
  std::printf("table cache: %s: deleted %s (%.1f MiB)\n", dir.c_str(), plural(files.size(), "file").c_str(), mib);
  return kExitSolved;
}

}  // namespace pb::app
