/* solve_command.cpp: `puzzlebot solve INPUT`: board texts, Simon Tatham IDs, screenshots, folders. */
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <future>
#include <iostream>
#include <iterator>
#include <mutex>
#include <optional>
#include <cmath>
#include <opencv2/imgproc.hpp>
#include <sstream>
#include <thread>

#include "app/args.hpp"
#include "app/commands.hpp"
#include "app/progress_bar.hpp"
#include "calibration/profile.hpp"
#include "capture/frame_source.hpp"
#include "core/json.hpp"
#include "platform/image_codecs.hpp"
#include "solvers/registry.hpp"
#include "vision/registry.hpp"

namespace pb::app {
namespace {

namespace fs = std::filesystem;
using solvers::Status;

constexpr const char* kHelp = R"(usage: puzzlebot solve INPUT [options]

Reads a board from INPUT, solves it and prints the number of moves, then the moves.
INPUT is a board text file (see FORMATS.md), a Simon Tatham's Puzzles game ID (a file, or the ID
itself: solve 4x4:1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15), a screenshot (.png, .jpg), '-' for
standard input (a board text or an image), or a folder: then every file in it is solved, using
all cores (subfolders too with --recursive).

options:
  --game G          the game (default: from the text's first line; for images, every reader is tried)
  --json            print one JSON object (one per line for a folder)
  --annotate OUT    draw what was read and the solution over the screenshot into OUT.png; when no
                    board is found, what each reader found (candidates, lattice) and why it stopped
  --profile P.yml   device profile whose reader parameters override the defaults
  --timeout-ms N    give up after N milliseconds per input (default 10000; 0: no limit)
  --max-nodes N     give up after N search nodes
  --max-table-mb N  memory cap for solver tables (pattern databases, transposition tables); default 4096
  --best            spend the limits on a better answer, where the game's solver can: when no full
                    solution exists, also print the best partial one; when the solution found may
                    not be the shortest, also try to prove it optimal (settles easy big boards, not
                    hard ones)
  --echo-board      with --json, always put the whole board in "board" (by default a board text
                    over 64 KiB is replaced by its header line and a note: see FORMATS.md)
  --jobs N          threads for a folder's files, or a screenshot's readers when no --game is
                    given (default: all cores)
  --recursive       a folder's subfolders too (hidden files and folders are skipped)
  -h, --help        this help

exit status: 0 solved, 1 unsolvable (proved; for a screenshot, about the board as read: a line on
stderr, and "hint" in the JSON, points to --annotate to check the read), 2 bad input, 3 gave up (a
limit was hit, or Ctrl-C: the reason names which, and "limit" in the JSON).
For a folder: the worst of its files (2 before 3 before 1 before 0).
)";

struct Options {
  std::string game;
  bool json = false;
  std::string annotate;
  calibration::ProfileDoc profile;  // --profile, read once (empty: reader defaults)
  long long timeout_ms = 10000;
  long long max_nodes = 0;
  long long max_table_mb = 4096;
  bool best = false;
  bool recursive = false;
  bool echo_board = false;
  unsigned read_threads = 1;  // threads the readers of a screenshot with no --game share (a folder: 1 per file)
};

// One thing to solve: a file, or bytes that did not come from a file of their own.
struct Input {
  fs::path path;                    // the file (unused when `data` is set)
  std::string name;                 // what messages call it: the path, "<stdin>" or the game ID
  std::optional<std::string> data;  // standard input's bytes, or a game ID given on the command line
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
  std::optional<Error> error;   // nothing was solved: why (status "error")
  solvers::Outcome outcome;
  std::string hint;             // what the user may check about the answer (FORMATS.md's "hint")
  double ms = 0;
};

bool image_magic(std::string_view head) {
  auto at = [&](std::size_t i) { return i < head.size() ? static_cast<unsigned char>(head[i]) : 0; };
  return (at(0) == 0x89 && at(1) == 'P' && at(2) == 'N' && at(3) == 'G') ||
         (at(0) == 0xFF && at(1) == 0xD8 && at(2) == 0xFF);
}

bool looks_like_image(const fs::path& path) {
  std::string ext = path.extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return std::tolower(c); });
  if (ext == ".png" || ext == ".jpg" || ext == ".jpeg") return true;
  std::ifstream in(path, std::ios::binary);
  char magic[4] = {};
  in.read(magic, 4);
  return image_magic(std::string_view(magic, static_cast<std::size_t>(in.gcount())));
}

// A Simon Tatham game ID typed on the command line: "4x4:1,2,...", "7x7:OOPP...".
bool looks_like_game_id(std::string_view s) {
  std::size_t i = 0;
  auto digits = [&] {
    std::size_t from = i;
    while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i;
    return i > from;
  };
  return digits() && i < s.size() && s[i++] == 'x' && digits() && i < s.size() && s[i] == ':';
}

// Standard input, bounded like a board file (images may be larger than a text).
constexpr std::size_t kMaxStdinBytes = 256u << 20;
Result<std::string> read_stdin() {
  std::string data;
  char buf[65536];
  std::size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, stdin)) > 0) {
    data.append(buf, n);
    if (data.size() > kMaxStdinBytes) return make_error("<stdin>: more than 256 MiB: not a board or a screenshot");
  }
  if (std::ferror(stdin)) return make_error("cannot read standard input");
  return data;
}

// What the readers found when no board was read, for --annotate: each reader's first picture (the
// first background tried is the commonest colour, the likeliest right one) and its reason.
class FailureLog : public vision::DebugSink {
 public:
  void picture(std::string_view game, std::string_view, const cv::Mat& drawn) override {
    Entry& e = entry(game);
    if (e.picture.empty()) e.picture = drawn.clone();
  }
  void failed(std::string_view game, std::string_view reason) override { entry(game).reason = reason; }

  // One picture: each reader's panel (its drawing, or the plain image) under a caption with its
  // reason. Several readers (no --game): panels shrunk to fit a grid, so the file stays viewable.
  cv::Mat compose(const cv::Mat& image) const {
    std::vector<cv::Mat> panels;
    const bool several = entries_.size() > 1;
    const int columns = several ? static_cast<int>(std::ceil(std::sqrt(static_cast<double>(entries_.size())))) : 1;
    const double longest = several ? 720.0 : std::max(image.cols, image.rows);
    for (const Entry& e : entries_) {
      cv::Mat shown = e.picture.empty() ? image.clone() : e.picture;
      if (shown.channels() == 1) cv::cvtColor(shown, shown, cv::COLOR_GRAY2BGR);
      if (shown.channels() == 4) cv::cvtColor(shown, shown, cv::COLOR_BGRA2BGR);
      const double f = std::min(1.0, longest / std::max(shown.cols, shown.rows));
      if (f < 1.0) cv::resize(shown, shown, cv::Size(), f, f, cv::INTER_AREA);
      panels.push_back(with_caption(shown, e.game + ": " + e.reason));
    }
    if (panels.empty()) return with_caption(image, "no reader ran");
    if (panels.size() == 1) return panels[0];
    // Rows of `columns` panels, each row padded to the widest; rows stacked, padded likewise.
    std::vector<cv::Mat> rows;
    for (std::size_t i = 0; i < panels.size(); i += static_cast<std::size_t>(columns)) {
      std::vector<cv::Mat> row(panels.begin() + static_cast<long>(i),
                               panels.begin() + static_cast<long>(std::min(panels.size(), i + columns)));
      int height = 0;
      for (const cv::Mat& m : row) height = std::max(height, m.rows);
      for (cv::Mat& m : row) cv::copyMakeBorder(m, m, 0, height - m.rows, 0, 4, cv::BORDER_CONSTANT, cv::Scalar::all(255));
      cv::Mat joined;
      cv::hconcat(row, joined);
      rows.push_back(joined);
    }
    int width = 0;
    for (const cv::Mat& m : rows) width = std::max(width, m.cols);
    for (cv::Mat& m : rows) cv::copyMakeBorder(m, m, 0, 4, 0, width - m.cols, cv::BORDER_CONSTANT, cv::Scalar::all(255));
    cv::Mat out;
    cv::vconcat(rows, out);
    return out;
  }

 private:
  struct Entry {
    std::string game, reason;
    cv::Mat picture;
  };
  Entry& entry(std::string_view game) {
    for (Entry& e : entries_)
      if (e.game == game) return e;
    entries_.push_back({std::string(game), "", {}});
    return entries_.back();
  }
  // `text` wrapped onto lines as wide as `m`, on white above it.
  static cv::Mat with_caption(const cv::Mat& m, const std::string& text) {
    // Readable at the picture's own scale: a phone screenshot gets larger letters than a small window.
    const double font = std::clamp(m.cols / 1600.0, 0.45, 1.2);
    const int line_px = static_cast<int>(std::lround(36 * font)), max_w = std::max(200, m.cols - 12);
    std::vector<std::string> lines{""};
    std::string word;
    std::istringstream words(text);
    while (words >> word) {
      std::string longer = lines.back().empty() ? word : lines.back() + " " + word;
      if (!lines.back().empty() && cv::getTextSize(longer, cv::FONT_HERSHEY_SIMPLEX, font, 2, nullptr).width > max_w)
        lines.push_back(word);
      else
        lines.back() = longer;
    }
    cv::Mat band(static_cast<int>(lines.size()) * line_px + 8, std::max(m.cols, max_w + 12), CV_8UC3, cv::Scalar::all(255));
    for (std::size_t k = 0; k < lines.size(); ++k)
      cv::putText(band, lines[k], {6, line_px - 4 + static_cast<int>(k) * line_px}, cv::FONT_HERSHEY_SIMPLEX, font,
                  cv::Scalar(0, 0, 160), font > 0.8 ? 2 : 1, cv::LINE_AA);
    cv::Mat body = m;
    if (body.cols < band.cols)
      cv::copyMakeBorder(m, body, 0, 0, 0, band.cols - m.cols, cv::BORDER_CONSTANT, cv::Scalar::all(255));
    cv::Mat out;
    cv::vconcat(band, body, out);
    return out;
  }
  std::vector<Entry> entries_;
};

Result<void> write_png(const std::string& path, const cv::Mat& picture) {
  auto written = platform::codecs::write(path, picture);
  if (!written && !written.error().is(ErrorCode::kInternal))
    return make_error("cannot write " + path + ": check the folder exists and the name ends in .png");
  return written;
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

Report solve_one(const Input& in, const Options& o) {
  Report r;
  r.input = in.name;
  r.game = o.game;
  auto error = [&](Error e) {
    r.error = std::move(e);
    return r;
  };
  std::error_code ec;
  if (!in.data) {
    if (!fs::exists(in.path, ec)) return error(make_error("cannot open " + r.input + ": no such file"));
    if (!fs::is_regular_file(in.path, ec)) return error(make_error(r.input + " is not a regular file"));
  }

  std::unique_ptr<solvers::Puzzle> puzzle;
  std::unique_ptr<vision::ImagePuzzle> image_puzzle;
  bool big_text = false;  // a board text over the echo limit: its board is formatted beside the solve
  cv::Mat image;
  const bool is_image = in.data ? image_magic(*in.data) : looks_like_image(in.path);
  if (is_image) {
    Result<cv::Mat> read = make_error("");
    if (in.data) read = capture::decode_image(std::vector<unsigned char>(in.data->begin(), in.data->end()), in.name);
    else read = capture::read_image_file(in.path.string());
    if (!read) return error(read.error());
    image = std::move(*read);
    vision::ReadOptions ro;
    ro.profile = o.profile;
    FailureLog found;
    if (!o.annotate.empty()) ro.debug = &found;
    Result<std::unique_ptr<vision::ImagePuzzle>> got = make_error("");
    if (!o.game.empty() && o.game != "auto") {
      const vision::Reader* reader = vision::find_reader(o.game);
      if (reader == nullptr) {
        std::string have = vision::reader_names();
        return error(make_error("no screenshot reader for '" + o.game + "'" +
                                (have.empty() ? std::string() : " (screenshots can be read for: " + have + ")") +
                                ": give a board text file instead"));
      }
      got = reader->read(image, ro);
    } else {
      got = vision::read_any(image, ro, o.read_threads);
    }
    if (!got) {
      // The reader said what it saw and, in the hint, what the user may check; the options that
      // would show more are this command's to add.
      Error e = with_context(r.input + ": ", got.error());
      if (o.game.empty() || o.game == "auto") e = add_hint(std::move(e), "try --game G");
      if (o.annotate.empty()) return error(add_hint(std::move(e), "try --annotate OUT.png to see what was read"));
      // The picture is wanted most when nothing was read: what each reader found, and why it stopped.
      if (auto w = write_png(o.annotate, found.compose(image)); !w)
        return error(add_hint(std::move(e), "no picture: " + w.error().message));
      return error(add_hint(std::move(e), o.annotate + " shows what was found"));
    }
    image_puzzle = std::move(*got);
  } else {
    if (!o.annotate.empty()) return error(make_error("--annotate draws over a screenshot; " + r.input + " is a text file"));
    std::string text;
    if (in.data) {
      text = *in.data;
    } else {
      auto size = fs::file_size(in.path, ec);
      if (ec) return error(make_error("cannot read " + r.input + ": " + ec.message()));
      if (size > solvers::kMaxTextBytes) return error(make_error(r.input + ": too large for a board text (limit 16 MiB)"));
      // One read of the known size (an istreambuf_iterator copy went byte by byte).
      std::ifstream file(in.path, std::ios::binary);
      text.assign(static_cast<std::size_t>(size), '\0');
      file.read(text.data(), static_cast<std::streamsize>(text.size()));
      text.resize(static_cast<std::size_t>(file.gcount()));
    }
    if (text.size() > solvers::kMaxTextBytes) return error(make_error(r.input + ": too large for a board text (limit 16 MiB)"));
    big_text = text.size() > kEchoBoardBytes;
    auto got = parse_text(text, r.input, o.game);
    if (!got) return error(got.error());
    puzzle = std::move(*got);
  }
  const solvers::Puzzle& p = image_puzzle ? *image_puzzle : *puzzle;
  r.game = std::string(p.game());
  // Only the JSON shows the board. A big one (a large valves text) is formatted, to be measured and
  // mostly cut, on another core while this one solves: both only read the puzzle.
  std::future<std::string> formatted;
  if (o.json)
    formatted = std::async(big_text ? std::launch::async : std::launch::deferred, [&p] { return p.format(); });
  auto t0 = std::chrono::steady_clock::now();
  r.outcome = p.solve(limits_for(o));
  note_weaker_tables(p);  // a sliding board whose best tables are not built: says what prepare would give
  r.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  if (o.json) {
    r.board = formatted.get();
    if (r.board.size() > kEchoBoardBytes && !o.echo_board) {
      // Still board text (FORMATS.md): the header line, then a ';' comment, which readers skip.
      const std::size_t lines = static_cast<std::size_t>(std::count(r.board.begin(), r.board.end(), '\n'));
      r.board_bytes = r.board.size();
      r.board.resize(r.board.find('\n') + 1);
      r.board += "; board of " + std::to_string(lines) + " lines, " + std::to_string(r.board_bytes) +
                 " bytes, not echoed: pass --echo-board to include it\n";
    }
  }
  if (image_puzzle && !o.annotate.empty()) {
    if (auto w = write_png(o.annotate, image_puzzle->annotate(image)); !w) return error(w.error());
  }
  // A proof about a board read from a picture holds for the board as read: one misread piece can
  // make a solvable level look unsolvable, so the answer says so and where to look.
  if (image_puzzle && r.outcome.status == Status::kUnsolvable)
    r.hint = "the board was read from a screenshot: if it was misread, that may be why it has no solution; " +
             (o.annotate.empty() ? std::string("compare it with the picture using --annotate OUT.png")
                                 : o.annotate + " shows what was read");
  return r;
}

Report solve_one(const fs::path& path, const Options& o) { return solve_one(Input{path, path.string(), {}}, o); }

std::string status_word(const Report& r) { return r.error ? "error" : std::string(to_string(r.outcome.status)); }

int report_status(const Report& r) {
  if (r.error) return exit_status(r.error->code);
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
  if (r.error) w.string("error", r.error->text());
  else if (!r.outcome.reason.empty()) w.string("reason", r.outcome.reason);
  // Which limit a search gave up at, for scripts to branch on (the reason is for people).
  if (!r.error && r.outcome.status == Status::kGaveUp && r.outcome.limit != solvers::Limit::kNone)
    w.string("limit", to_string(r.outcome.limit));
  if (!r.hint.empty()) w.string("hint", r.hint);
  return w.str();
}

void print_human(const Report& r, bool with_input, std::FILE* out) {
  std::string prefix = with_input ? r.input + ": " : "";
  if (r.error) {
    std::fprintf(stderr, "puzzlebot: %s\n", r.error->text().c_str());
    return;
  }
  char timing[96];
  std::snprintf(timing, sizeof timing, "%.3f ms, %s", r.ms, plural(r.outcome.nodes, "node").c_str());
  switch (r.outcome.status) {
    case Status::kSolved:
      std::fprintf(out, "%s%s: solved, %s (%s)\n%s\n", prefix.c_str(), r.game.c_str(),
                   r.outcome.answer_size.c_str(), timing,
                   r.outcome.moves_text.c_str());
      break;
    case Status::kUnsolvable: {
      std::fprintf(out, "%s%s: unsolvable: %s (%s)\n", prefix.c_str(), r.game.c_str(), r.outcome.reason.c_str(),
                   timing);
      if (!r.outcome.moves_text.empty())
        std::fprintf(out, "best found, %s: %s\n", r.outcome.answer_size.c_str(), r.outcome.moves_text.c_str());
      break;
    }
    case Status::kGaveUp:
      std::fprintf(out, "%s%s: gave up: %s (%s)\n", prefix.c_str(), r.game.c_str(), r.outcome.reason.c_str(),
                   timing);
      break;
  }
}

// The answer's hint, on stderr like every line that is not the answer itself, with --json too (its
// stdout stays one object a line, which carries the hint as well).
void print_hint(const Report& r, bool with_input) {
  if (!r.hint.empty()) std::fprintf(stderr, "puzzlebot: %s%s\n", with_input ? (r.input + ": ").c_str() : "", r.hint.c_str());
}

int solve_folder(const fs::path& dir, const Options& o, unsigned jobs) {
  std::vector<fs::path> files;
  std::size_t skipped_folders = 0;
  std::error_code ec;
  auto hidden = [](const fs::path& p) { return p.filename().string().rfind('.', 0) == 0; };
  if (o.recursive) {
    // Directory symlinks are not followed, so a link loop cannot make this endless.
    for (auto it = fs::recursive_directory_iterator(dir, ec); !ec && it != fs::recursive_directory_iterator();
         it.increment(ec)) {
      if (hidden(it->path())) {
        if (it->is_directory(ec)) it.disable_recursion_pending();
        continue;
      }
      if (it->is_regular_file(ec)) files.push_back(it->path());
    }
  } else {
    for (const auto& entry : fs::directory_iterator(dir, ec)) {
      if (hidden(entry.path())) continue;
      if (entry.is_regular_file(ec)) files.push_back(entry.path());
      else if (entry.is_directory(ec)) ++skipped_folders;
    }
  }
  if (ec) return fail("cannot list " + dir.string() + ": " + ec.message());
  std::sort(files.begin(), files.end());
  const std::string subfolders = plural(skipped_folders, "subfolder");
  if (files.empty())
    return fail(dir.string() + " holds no files to solve" +
                (skipped_folders > 0 ? " (only " + subfolders + ": add --recursive)" : std::string()));
  if (skipped_folders > 0)  // stderr: --json's stdout stays one object per line
    std::fprintf(stderr, "puzzlebot: %s: skipped %s (add --recursive to solve them too)\n", dir.string().c_str(),
                 subfolders.c_str());

  // Workers take files in order; results are printed in file order as soon as each is ready, so
  // the output is the same whatever the thread count.
  std::vector<Report> reports(files.size());
  std::vector<char> ready(files.size(), 0);
  std::mutex m;
  std::size_t next = 0, printed = 0;
  int worst = kExitSolved;
  auto rank = [](int code) { return code == kExitBadInput ? 3 : code == kExitGaveUp ? 2 : code; };
  // On a terminal, a bar under the results says how far the folder is (app/progress_bar.hpp).
  const bool bar = stderr_is_terminal() && files.size() > 1;
  auto flush = [&] {  // with m held
    if (bar && printed < files.size() && ready[printed]) clear_progress_bar();
    while (printed < files.size() && ready[printed]) {
      const Report& r = reports[printed++];
      if (o.json) std::printf("%s\n", to_json(r, true).c_str());
      else print_human(r, true, stdout);
      std::fflush(stdout);
      print_hint(r, true);
      if (rank(report_status(r)) > rank(worst)) worst = report_status(r);
    }
    if (bar && printed < files.size())
      draw_progress_bar(static_cast<double>(printed) / static_cast<double>(files.size()),
                        std::to_string(printed) + " of " + plural(files.size(), "file") + " solved");
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
  if (bar) draw_progress_bar(0, "0 of " + plural(files.size(), "file") + " solved");
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < std::min<std::size_t>(jobs, files.size()); ++t) pool.emplace_back(work);
  work();
  for (auto& t : pool) t.join();
  return worst;
}

}  // namespace

int solve_command(const std::vector<std::string>& args) {
  auto start = start_command(args,
                             {{"game", true}, {"json", false}, {"annotate", true}, {"profile", true},
                              {"timeout-ms", true}, {"max-nodes", true}, {"max-table-mb", true}, {"best", false},
                              {"recursive", false}, {"echo-board", false}, {"jobs", true}},
                             "solve", kHelp);
  const ParsedArgs* parsed = std::get_if<ParsedArgs>(&start);
  if (!parsed) return std::get<int>(start);
  if (parsed->positional.size() != 1)
    return fail(std::string(parsed->positional.empty() ? "solve needs an INPUT" : "solve takes one INPUT") +
                ": see 'puzzlebot solve --help'");
  Options o;
  o.game = parsed->get("game").value_or("");
  o.json = parsed->has("json");
  o.annotate = parsed->get("annotate").value_or("");
  o.best = parsed->has("best");
  o.recursive = parsed->has("recursive");
  o.echo_board = parsed->has("echo-board");
  auto timeout = parsed->get_int("timeout-ms", 10000, 0, 365LL * 24 * 3600 * 1000);
  if (!timeout) return fail(timeout.error().text());
  o.timeout_ms = *timeout;
  auto nodes = parsed->get_int("max-nodes", 0, 0, std::numeric_limits<long long>::max());
  if (!nodes) return fail(nodes.error().text());
  o.max_nodes = *nodes;
  auto table_mb = parsed->get_int("max-table-mb", 4096, 1, 1 << 20);
  if (!table_mb) return fail(table_mb.error().text());
  o.max_table_mb = *table_mb;
  unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  auto jobs = parsed->get_int("jobs", cores, 1, 256);
  if (!jobs) return fail(jobs.error().text());
  if (!o.game.empty() && o.game != "auto" && solvers::find_game(o.game) == nullptr)
    return fail("unknown game '" + o.game + "' (games: " + solvers::game_names() + ")");
  const std::string profile_path = parsed->get("profile").value_or("");
  if (!profile_path.empty() && !fs::is_regular_file(profile_path))
    return fail("cannot open profile " + profile_path + ": check the path (profiles live in calibration/profiles/)");
  // Read and checked once, before any input: one clear error for a malformed profile or a
  // misspelled key, not one per reader tried.
  auto profile = calibration::ProfileDoc::open(profile_path);
  if (!profile) return fail(profile.error().text());
  if (!profile->empty()) {
    std::vector<std::string> nodes;
    for (const vision::Reader* reader : vision::readers()) nodes.emplace_back(reader->game);
    if (auto keys = profile->check_keys(nodes); !keys) return fail(keys.error().text());
  }
  o.profile = std::move(*profile);

  const std::string& arg = parsed->positional[0];
  fs::path input = arg;
  std::error_code ec;
  if (fs::is_directory(input, ec)) {
    if (!o.annotate.empty()) return fail("--annotate takes one screenshot, not a folder");
    return solve_folder(input, o, static_cast<unsigned>(*jobs));
  }
  if (o.recursive) return fail("--recursive is for a folder; " + arg + " is not one");
  o.read_threads = static_cast<unsigned>(*jobs);  // one screenshot: its readers side by side
  Input in{input, arg, std::nullopt};
  if (arg == "-") {
    auto data = read_stdin();
    if (!data) return fail(data.error().text());
    in.name = "<stdin>";
    in.data = std::move(*data);
  } else if (!fs::exists(input, ec) && looks_like_game_id(arg)) {
    in.data = arg;  // a game ID typed in place of a file: "solve 4x4:1,2,..."
  }
  Report r = solve_one(in, o);
  if (o.json) std::printf("%s\n", to_json(r, false).c_str());
  if (r.error) {
    std::fprintf(stderr, "puzzlebot: %s\n", r.error->text().c_str());
    return exit_status(r.error->code);
  }
  if (!o.json) print_human(r, false, stdout);
  std::fflush(stdout);
  print_hint(r, false);
  return report_status(r);
}

}  // namespace pb::app
