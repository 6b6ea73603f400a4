/* solve_command.cpp: `puzzlebot solve INPUT`: board texts, Simon Tatham IDs, screenshots, folders. */
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <mutex>
#include <opencv2/imgcodecs.hpp>
#include <thread>

#include "app/args.hpp"
#include "app/commands.hpp"
#include "calibration/profile.hpp"
#include "capture/frame_source.hpp"
#include "core/json.hpp"
#include "solvers/registry.hpp"
#include "vision/registry.hpp"

namespace pb::app {
namespace {

namespace fs = std::filesystem;
using solvers::Status;

constexpr const char* kHelp = R"(usage: puzzlebot solve INPUT [options]

Reads a board from INPUT, solves it and prints the moves.
INPUT is a board text file (see FORMATS.md), a Simon Tatham's Puzzles game ID file,
a screenshot (.png, .jpg), or a folder: then every file in it is solved, using all cores.

options:
  --game G          the game (default: from the text's first line; for images, every reader is tried)
  --json            print one JSON object (one per line for a folder)
  --annotate OUT    draw what was read and the solution over the screenshot into OUT.png
  --profile P.yml   device profile whose reader parameters override the defaults
  --timeout-ms N    give up after N milliseconds per input (default 10000; 0: no limit)
  --max-nodes N     give up after N search nodes
  --max-table-mb N  memory cap for solver tables (pattern databases, transposition tables); default 4096
  --best            when no full solution exists, also print the best partial one (pegs);
                    sliding boards over 16 cells: also try to prove the solution optimal, within
                    the limits (settles lightly shuffled boards, not random ones)
  --echo-board      with --json, always put the whole board in "board" (by default a board text
                    over 64 KiB is replaced by its header line and a note: see FORMATS.md)
  --jobs N          threads for a folder (default: all cores)
  -h, --help        this help

exit status: 0 solved, 1 unsolvable (proved), 2 bad input, 3 gave up (a limit was hit).
For a folder: the worst of its files (2 before 3 before 1 before 0).
)";

struct Options {
  std::string game;
  bool json = false;
  std::string annotate;
  std::string profile;
  long long timeout_ms = 10000;
  long long max_nodes = 0;
  long long max_table_mb = 4096;
  bool best = false;
  bool echo_board = false;
};

// Largest board text the JSON echoes by default (bytes). A 1000x1000 valves grid is 11 MB: echoing
// it cost as much as reading it, and buried the answer in a line nobody reads.
constexpr std::size_t kEchoBoardBytes = 64 * 1024;

// What came of one input, whatever it was.
struct Report {
  std::string input;
  std::string game;
  std::string board;
  std::size_t board_bytes = 0;  // of the full board text, when `board` holds only its header and a note
  bool error = false;
  solvers::Outcome outcome;
  double ms = 0;
};

bool looks_like_image(const fs::path& path) {
  std::string ext = path.extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return std::tolower(c); });
  if (ext == ".png" || ext == ".jpg" || ext == ".jpeg") return true;
  std::ifstream in(path, std::ios::binary);
  unsigned char magic[4] = {};
  in.read(reinterpret_cast<char*>(magic), 4);
  return (magic[0] == 0x89 && magic[1] == 'P' && magic[2] == 'N' && magic[3] == 'G') ||
         (magic[0] == 0xFF && magic[1] == 0xD8 && magic[2] == 0xFF);
}

solvers::Limits limits_for(const Options& o) {
  auto limits = solvers::Limits::with_timeout(std::chrono::milliseconds(o.timeout_ms));
  if (o.max_nodes > 0) limits.max_nodes = static_cast<std::uint64_t>(o.max_nodes);
  limits.best = o.best;
  limits.max_table_bytes = static_cast<std::size_t>(o.max_table_mb) << 20;
  limits.cancel = &stop_requested();
  return limits;
}

// Printable ASCII only, so a binary file cannot put control bytes into our one-line messages.
std::string printable(std::string_view s, std::size_t max) {
  std::string out;
  for (unsigned char c : s.substr(0, max)) out += (c >= 0x20 && c < 0x7f) ? static_cast<char>(c) : '?';
  return out;
}

Result<std::unique_ptr<solvers::Puzzle>> parse_text(const std::string& text, const std::string& source,
                                                    const std::string& game_opt) {
  if (auto z = text.find('\0'); z != std::string::npos) {
    int line = 1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<long>(z), '\n'));
    auto line_start = text.rfind('\n', z);
    int col = static_cast<int>(z - (line_start == std::string::npos ? 0 : line_start + 1)) + 1;
    return make_error(source + ":" + std::to_string(line) + ":" + std::to_string(col) +
                      ": NUL byte in a board text: is this a binary file?");
  }
  std::string word = solvers::first_word(text);
  const solvers::Game* named = solvers::find_game(word);
  const solvers::Game* wanted = nullptr;
  if (!game_opt.empty() && game_opt != "auto") {
    wanted = solvers::find_game(game_opt);
    if (wanted == nullptr)
      return make_error("unknown game '" + game_opt + "' (games: " + solvers::game_names() + ")");
  }
  if (named != nullptr) {
    if (wanted != nullptr && wanted != named)
      return make_error(source + ": the file is a '" + std::string(named->name) + "' board but --game says '" +
                        game_opt + "'");
    auto board = solvers::split_text_board(text, source, true);
    if (!board) return board.error();
    return named->parse(*board);
  }
  // A Simon Tatham game ID ("7x7:OOPP...", "4x4:1,2,..."): the first line holds a ':'.
  bool id_like = word.find(':') != std::string::npos;
  if (id_like) {
    std::string id = word;
    std::string why;
    for (const solvers::Game* g : solvers::games()) {
      if (g->parse_id == nullptr || (wanted != nullptr && g != wanted)) continue;
      auto got = g->parse_id(id, source);
      if (got) return got;
      why += (why.empty() ? "" : "; ") + got.error().message;
    }
    if (!why.empty()) return make_error(why);
  }
  if (wanted != nullptr) {
    auto board = solvers::split_text_board(text, source, false);
    if (!board) return board.error();
    board->game = std::string(wanted->name);
    return wanted->parse(*board);
  }
  if (word.empty()) return make_error(source + ": empty board text: nothing but blank or ';' lines");
  return make_error(source + ":1: cannot tell the game: '" + printable(word, 40) +
                    "' is not a game name; start the file with a header line (" + solvers::game_names() +
                    ") or pass --game G");
}

Report solve_one(const fs::path& path, const Options& o) {
  Report r;
  r.input = path.string();
  r.game = o.game;
  auto error = [&](const std::string& message) {
    r.error = true;
    r.outcome.reason = message;
    return r;
  };
  std::error_code ec;
  if (!fs::exists(path, ec)) return error("cannot open " + r.input + ": no such file");
  if (!fs::is_regular_file(path, ec)) return error(r.input + " is not a regular file");

  std::unique_ptr<solvers::Puzzle> puzzle;
  std::unique_ptr<vision::ImagePuzzle> image_puzzle;
  cv::Mat image;
  if (looks_like_image(path)) {
    auto read = capture::read_image_file(r.input);
    if (!read) return error(read.error().message);
    image = std::move(*read);
    vision::ReadOptions ro;
    ro.profile_path = o.profile;
    Result<std::unique_ptr<vision::ImagePuzzle>> got = make_error("");
    if (!o.game.empty() && o.game != "auto") {
      const vision::Reader* reader = vision::find_reader(o.game);
      if (reader == nullptr) {
        std::string have = vision::reader_names();
        return error("no screenshot reader for '" + o.game + "'" +
                     (have.empty() ? std::string() : " (screenshots can be read for: " + have + ")") +
                     ": give a board text file instead");
      }
      got = reader->read(image, ro);
    } else {
      got = vision::read_any(image, ro);
    }
    if (!got) return error(r.input + ": " + got.error().message);
    image_puzzle = std::move(*got);
  } else {
    if (!o.annotate.empty()) return error("--annotate draws over a screenshot; " + r.input + " is a text file");
    auto size = fs::file_size(path, ec);
    if (ec) return error("cannot read " + r.input + ": " + ec.message());
    if (size > solvers::kMaxTextBytes) return error(r.input + ": too large for a board text (limit 16 MiB)");
    // One read of the known size (an istreambuf_iterator copy went byte by byte).
    std::ifstream in(path, std::ios::binary);
    std::string text(static_cast<std::size_t>(size), '\0');
    in.read(text.data(), static_cast<std::streamsize>(text.size()));
    text.resize(static_cast<std::size_t>(in.gcount()));
    auto got = parse_text(text, r.input, o.game);
    if (!got) return error(got.error().message);
    puzzle = std::move(*got);
  }
  const solvers::Puzzle& p = image_puzzle ? *image_puzzle : *puzzle;
  r.game = std::string(p.game());
  if (o.json) {  // only the JSON shows the board
    r.board = p.format();
    if (r.board.size() > kEchoBoardBytes && !o.echo_board) {
      // Still board text (FORMATS.md): the header line, then a ';' comment, which readers skip.
      const std::size_t lines = static_cast<std::size_t>(std::count(r.board.begin(), r.board.end(), '\n'));
      r.board_bytes = r.board.size();
      r.board.resize(r.board.find('\n') + 1);
      r.board += "; board of " + std::to_string(lines) + " lines, " + std::to_string(r.board_bytes) +
                 " bytes, not echoed: pass --echo-board to include it\n";
    }
  }
  auto t0 = std::chrono::steady_clock::now();
  r.outcome = p.solve(limits_for(o));
  r.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  if (image_puzzle && !o.annotate.empty()) {
    cv::Mat drawn = image_puzzle->annotate(image);
    bool written = false;
    try {
      written = cv::imwrite(o.annotate, drawn);
    } catch (const cv::Exception&) {
    }
    if (!written) return error("cannot write " + o.annotate + ": check the folder exists and the name ends in .png");
  }
  return r;
}

std::string status_word(const Report& r) { return r.error ? "error" : std::string(to_string(r.outcome.status)); }

int exit_status(const Report& r) {
  if (r.error) return kExitBadInput;
  switch (r.outcome.status) {
    case Status::kSolved: return kExitSolved;
    case Status::kUnsolvable: return kExitUnsolvable;
    case Status::kGaveUp: return kExitGaveUp;
  }
  return kExitGaveUp;
}

std::string to_json(const Report& r, bool with_input) {
  json::ObjectWriter w;
  if (with_input) w.string("input", r.input);
  w.string("game", r.game);
  w.string("status", status_word(r));
  w.string("board", r.board);
  if (r.board_bytes > 0) w.integer("board_bytes", static_cast<std::int64_t>(r.board_bytes));
  w.raw("moves", r.error ? "[]" : r.outcome.moves_json);
  json::ObjectWriter stats;
  stats.number("ms", std::round(r.ms * 1000) / 1000);
  stats.integer("nodes", static_cast<std::int64_t>(r.outcome.nodes));
  for (const auto& [k, v] : r.outcome.stats) stats.raw(k, v);
  w.raw("stats", stats.str());
  if (!r.outcome.reason.empty()) w.string(r.error ? "error" : "reason", r.outcome.reason);
  return w.str();
}

void print_human(const Report& r, bool with_input, std::FILE* out) {
  std::string prefix = with_input ? r.input + ": " : "";
  if (r.error) {
    std::fprintf(stderr, "puzzlebot: %s\n", r.outcome.reason.c_str());
    return;
  }
  char timing[96];
  std::snprintf(timing, sizeof timing, "%.3f ms, %llu nodes", r.ms,
                static_cast<unsigned long long>(r.outcome.nodes));
  switch (r.outcome.status) {
    case Status::kSolved:
      std::fprintf(out, "%s%s: solved (%s)\n%s\n", prefix.c_str(), r.game.c_str(), timing,
                   r.outcome.moves_text.c_str());
      break;
    case Status::kUnsolvable:
      std::fprintf(out, "%s%s: unsolvable: %s (%s)\n", prefix.c_str(), r.game.c_str(),
                   r.outcome.reason.c_str(), timing);
      if (!r.outcome.moves_text.empty()) std::fprintf(out, "best found: %s\n", r.outcome.moves_text.c_str());
      break;
    case Status::kGaveUp:
      std::fprintf(out, "%s%s: gave up: %s (%s)\n", prefix.c_str(), r.game.c_str(), r.outcome.reason.c_str(),
                   timing);
      break;
  }
}

int solve_folder(const fs::path& dir, const Options& o, unsigned jobs) {
  std::vector<fs::path> files;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    if (!entry.is_regular_file(ec)) continue;
    if (entry.path().filename().string().rfind('.', 0) == 0) continue;  // hidden files
    files.push_back(entry.path());
  }
  if (ec) return fail("cannot list " + dir.string() + ": " + ec.message());
  std::sort(files.begin(), files.end());
  if (files.empty()) return fail(dir.string() + " holds no files to solve");

  // Workers take files in order; results are printed in file order as soon as each is ready, so
  // the output is the same whatever the thread count.
  std::vector<Report> reports(files.size());
  std::vector<char> ready(files.size(), 0);
  std::mutex m;
  std::size_t next = 0, printed = 0;
  int worst = kExitSolved;
  auto rank = [](int code) { return code == kExitBadInput ? 3 : code == kExitGaveUp ? 2 : code; };
  auto flush = [&] {  // with m held
    while (printed < files.size() && ready[printed]) {
      const Report& r = reports[printed++];
      if (o.json) std::printf("%s\n", to_json(r, true).c_str());
      else print_human(r, true, stdout);
      std::fflush(stdout);
      if (rank(exit_status(r)) > rank(worst)) worst = exit_status(r);
    }
  };
  auto work = [&] {
    for (;;) {
      std::size_t i;
      {
        std::lock_guard lock(m);
        if (next >= files.size()) return;
        i = next++;
      }
      Report r = solve_one(files[i], o);
      std::lock_guard lock(m);
      reports[i] = std::move(r);
      ready[i] = 1;
      flush();
    }
  };
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < std::min<std::size_t>(jobs, files.size()); ++t) pool.emplace_back(work);
  work();
  for (auto& t : pool) t.join();
  return worst;
}

}  // namespace

int solve_command(const std::vector<std::string>& args) {
  auto parsed = parse_args(args,
                           {{"help", false}, {"game", true}, {"json", false}, {"annotate", true},
                            {"profile", true}, {"timeout-ms", true}, {"max-nodes", true}, {"max-table-mb", true},
                            {"best", false}, {"echo-board", false},
                            {"jobs", true}},
                           "solve");
  if (!parsed) return fail(parsed.error().message);
  if (parsed->has("help")) {
    std::fputs(kHelp, stdout);
    return kExitSolved;
  }
  if (parsed->positional.size() != 1)
    return fail(std::string(parsed->positional.empty() ? "solve needs an INPUT" : "solve takes one INPUT") +
                ": see 'puzzlebot solve --help'");
  Options o;
  o.game = parsed->get("game").value_or("");
  o.json = parsed->has("json");
  o.annotate = parsed->get("annotate").value_or("");
  o.profile = parsed->get("profile").value_or("");
  o.best = parsed->has("best");
  o.echo_board = parsed->has("echo-board");
  auto timeout = parsed->get_int("timeout-ms", 10000, 0, 365LL * 24 * 3600 * 1000);
  if (!timeout) return fail(timeout.error().message);
  o.timeout_ms = *timeout;
  auto nodes = parsed->get_int("max-nodes", 0, 0, std::numeric_limits<long long>::max());
  if (!nodes) return fail(nodes.error().message);
  o.max_nodes = *nodes;
  auto table_mb = parsed->get_int("max-table-mb", 4096, 1, 1 << 20);
  if (!table_mb) return fail(table_mb.error().message);
  o.max_table_mb = *table_mb;
  unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  auto jobs = parsed->get_int("jobs", cores, 1, 256);
  if (!jobs) return fail(jobs.error().message);
  if (!o.game.empty() && o.game != "auto" && solvers::find_game(o.game) == nullptr)
    return fail("unknown game '" + o.game + "' (games: " + solvers::game_names() + ")");
  if (!o.profile.empty() && !fs::is_regular_file(o.profile))
    return fail("cannot open profile " + o.profile + ": check the path (profiles live in calibration/profiles/)");
  if (!o.profile.empty())  // one clear error for a malformed profile, not one per reader tried
    if (auto checked = calibration::open_profile_storage(o.profile); !checked) return fail(checked.error().message);

  install_stop_handlers();
  fs::path input = parsed->positional[0];
  std::error_code ec;
  if (fs::is_directory(input, ec)) {
    if (!o.annotate.empty()) return fail("--annotate takes one screenshot, not a folder");
    return solve_folder(input, o, static_cast<unsigned>(*jobs));
  }
  Report r = solve_one(input, o);
  if (o.json) std::printf("%s\n", to_json(r, false).c_str());
  if (r.error) return fail(r.outcome.reason);
  if (!o.json) print_human(r, false, stdout);
  return exit_status(r);
}

}  // namespace pb::app
