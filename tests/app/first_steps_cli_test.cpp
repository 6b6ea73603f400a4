/* first_steps_cli_test.cpp: a newcomer's first commands (issue #28): doctor, prepare, the weaker-table note, help texts against docs/FORMATS.md. */
#include <gtest/gtest.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "solvers/sliding/table_cache.hpp"
#include "solvers/sliding/tables.hpp"
#include "tests/app/adb_fake_phone.hpp"
#include "tests/support/run_program.hpp"

extern char** environ;

namespace pb::testing {
namespace {

namespace fs = std::filesystem;
namespace sl = pb::solvers::sliding;

// An Xvfb server of its own for the suite, with or without the extensions the desktop needs. The
// display number is drawn from a high range (other tests start and stop servers on the low ones);
// -displayfd tells when the server accepts connections, or, at end of file, that it could not start
// there (a number taken at the same moment by another test), and the next one is tried.
class Xvfb {
 public:
  explicit Xvfb(bool with_extensions) {
    for (int attempt = 0, n = 300 + ::getpid() % 600; attempt < 8 && display_.empty(); ++attempt, n += 7)
      if (!fs::exists("/tmp/.X" + std::to_string(n) + "-lock")) start(n, with_extensions);
  }
  ~Xvfb() { stop(); }
  bool running() const { return pid_ != 0 && !display_.empty(); }
  const std::string& display() const { return display_; }

 private:
  void start(int n, bool with_extensions) {
    int fds[2];
    if (::pipe(fds) != 0) return;
    std::vector<std::string> args{"Xvfb", ":" + std::to_string(n), "-displayfd", "3", "-screen", "0", "640x480x24",
                                  "-nolisten", "tcp", "-noreset"};
    if (!with_extensions)
      for (const char* ext : {"MIT-SHM", "XTEST"}) {
        args.push_back("-extension");
        args.push_back(ext);
      }
    std::vector<char*> argv;
    for (std::string& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addclose(&actions, fds[0]);  // before the dup2: it may be fd 3 itself
    posix_spawn_file_actions_adddup2(&actions, fds[1], 3);
    if (posix_spawnp(&pid_, "Xvfb", &actions, nullptr, argv.data(), environ) != 0) pid_ = 0;
    posix_spawn_file_actions_destroy(&actions);
    ::close(fds[1]);
    pollfd p{fds[0], POLLIN, 0};
    char buf[16] = {};
    // The read end stays open while the server runs: it may write the number in more than one
    // piece, and a write to a closed pipe is fatal to it.
    ready_fd_ = fds[0];
    if (pid_ != 0 && ::poll(&p, 1, 10000) == 1 && ::read(fds[0], buf, sizeof buf - 1) > 0)
      display_ = ":" + std::to_string(n);
    else
      stop();
  }
  void stop() {
    if (pid_ != 0) {
      ::kill(pid_, SIGTERM);
      ::waitpid(pid_, nullptr, 0);
      pid_ = 0;
    }
    if (ready_fd_ >= 0) ::close(ready_fd_);
    ready_fd_ = -1;
  }

  int ready_fd_ = -1;
  pid_t pid_ = 0;
  std::string display_;
};

// The tables doctor and prepare look at under this environment: the small ones, so that no test
// needs the 7-8 tables (3 GB of memory to build) or the full 5x5 ones (30 s).
const char* const kSmallTables = "PUZZLEBOT_PDB78=off PUZZLEBOT_SLIDING_SMALL_TABLES=1 ";

std::vector<sl::CacheTable> small_tables() {
  ::setenv("PUZZLEBOT_PDB78", "off", 1);
  ::setenv("PUZZLEBOT_SLIDING_SMALL_TABLES", "1", 1);
  return sl::cache_tables();
}

// Well-formed table files (the right size and header) for every table, as doctor checks them.
void write_table_headers(const fs::path& dir) {
  for (const sl::CacheTable& t : small_tables()) {
    const std::vector<std::uint8_t> body(t.disk_bytes() - sizeof(sl::TableHeader), 0);
    ASSERT_TRUE(sl::write_table_file((dir / t.file()).string(),
                                     sl::table_header(t.nibbles ? sl::kNibMagic : sl::kPdbMagic, t.spec, 0),
                                     body.data(), body.size())
                    .ok());
  }
}

// doctor's --json: each check's status (the first line of that check).
std::map<std::string, std::string> statuses(const std::string& json_lines) {
  std::map<std::string, std::string> out;
  const std::regex line(R"re(\{"check":"([a-z]+)","status":"([a-z]+)")re");
  for (std::sregex_iterator it(json_lines.begin(), json_lines.end(), line), end; it != end; ++it)
    out.emplace((*it)[1].str(), (*it)[2].str());
  return out;
}

// `doctor --json`'s run `r` exits `status` with each of `want`'s checks at its status (the other
// checks are not looked at); a check missing from the output fails.
void expect_checks(const ProgramRun& r, int status, const std::map<std::string, std::string>& want,
                   const std::string& what = "") {
  EXPECT_EQ(r.status, status) << what << r.out;
  const auto s = statuses(r.out);
  for (const auto& [check, state] : want)
    EXPECT_EQ(s.count(check) ? s.at(check) : "absent", state) << check << " " << what << "\n" << r.out;
}

// Everything present: an X server with its extensions, the modules, Tesseract, a phone (the fake
// adb), the small tables in the cache, a chromium on PATH.
class Doctor : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    full_ = new Xvfb(true);
    bare_ = new Xvfb(false);
  }
  static void TearDownTestSuite() {
    delete full_;
    delete bare_;
  }
  void SetUp() override {
    if (!full_->running() || !bare_->running()) GTEST_FAIL() << "Xvfb could not be started (scripts/setup.sh installs it)";
    bin_ = dir_.path() / "bin";
    fs::create_directories(bin_);
    std::ofstream(bin_ / "chromium") << "#!/bin/sh\nexit 0\n";
    fs::permissions(bin_ / "chromium", fs::perms::owner_all);
    cache_ = dir_.path() / "cache";
    fs::create_directories(cache_);
    write_table_headers(cache_);
  }

  // doctor --json with every piece there, then `env_changes` (an `env` argument list) applied.
  ProgramRun doctor(const std::string& env_changes, const std::string& adb_path = pb::testing::fake_adb_path()) {
    ::setenv("FAKE_ADB_STATE", phone_.dir().c_str(), 1);
    const std::string base = std::string("env DISPLAY=") + full_->display() + " PATH=" + bin_.string() + ":" +
                             std::getenv("PATH") + " PUZZLEBOT_CACHE_DIR=" + cache_.string() + " " + kSmallTables;
    return pb::testing::run_program(base + "env " + env_changes + " " + PB_PUZZLEBOT + " doctor --json" +
                                    (adb_path.empty() ? "" : " --adb-path " + adb_path));
  }

  static inline Xvfb* full_ = nullptr;
  static inline Xvfb* bare_ = nullptr;
  TempDir dir_;
  fs::path bin_, cache_;
  pb::testing::FakePhone phone_{{"model=Test Model X"}};
};

TEST_F(Doctor, EverythingThereIsExitZero) {
  ProgramRun r = doctor("");
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  const auto s = statuses(r.out);
  for (const char* check : {"display", "xshm", "xdo", "codecs", "ocr", "tesseract", "adb", "phones", "cache", "tables", "chromium"})
    EXPECT_EQ(s.count(check) ? s.at(check) : "absent", "ok") << check << "\n" << r.out;
  EXPECT_NE(r.out.find("Test Model X"), std::string::npos) << r.out;  // the phone's model, from the phone
  EXPECT_NE(r.out.find("/dev/input/event"), std::string::npos) << r.out;  // its touch device (sendevent)
  // Without --json: one screen, and no list of things to do.
  ProgramRun human = pb::testing::run_program("env DISPLAY=" + full_->display() + " PATH=" + bin_.string() + ":" +
                                              std::getenv("PATH") + " PUZZLEBOT_CACHE_DIR=" + cache_.string() + " " +
                                              kSmallTables + PB_PUZZLEBOT + " doctor --adb-path " +
                                              pb::testing::fake_adb_path());
  EXPECT_EQ(human.status, 0) << human.out;
  EXPECT_LE(std::count(human.out.begin(), human.out.end(), '\n'), 24) << human.out;
}

TEST_F(Doctor, NoDisplay) {
  int dead = 900;  // a display no server listens on
  while (fs::exists("/tmp/.X11-unix/X" + std::to_string(dead))) ++dead;
  for (const std::string& env : {std::string("-u DISPLAY"), "DISPLAY=:" + std::to_string(dead)}) {  // unset; dead
    expect_checks(doctor(env), 2, {{"display", "missing"}, {"xshm", "skipped"}, {"xdo", "skipped"}, {"codecs", "ok"}},
                  env);
  }
}

TEST_F(Doctor, NoSharedMemoryNoXtest) {
  expect_checks(doctor("DISPLAY=" + bare_->display()), 2, {{"display", "ok"}, {"xshm", "missing"}, {"xdo", "missing"}});
}

TEST_F(Doctor, ModulesNotBesideTheProgram) {
  TempDir empty;
  expect_checks(doctor("PUZZLEBOT_PLUGIN_DIR=" + empty.path().string()), 2,
                {{"codecs", "missing"}, {"ocr", "missing"}, {"tesseract", "skipped"}, {"display", "ok"}});
}

TEST_F(Doctor, NoTesseractData) {
  TempDir empty;
  expect_checks(doctor("TESSDATA_PREFIX=" + empty.path().string()), 2, {{"tesseract", "missing"}, {"ocr", "ok"}});
}

TEST_F(Doctor, NoAdbOnPathAndNoPhone) {
  // adb looked up on a PATH that has none
  expect_checks(doctor("PATH=" + bin_.string(), ""), 2,
                {{"adb", "missing"}, {"phones", "skipped"}, {"chromium", "ok"}});

  phone_.set_config({"devices=none"});
  expect_checks(doctor(""), 2, {{"adb", "ok"}, {"phones", "missing"}});

  phone_.set_config({"devices=unauthorized"});
  EXPECT_EQ(statuses(doctor("").out).at("phones"), "missing");
}

TEST_F(Doctor, CacheAndTables) {
  TempDir empty;
  expect_checks(doctor("PUZZLEBOT_CACHE_DIR=" + empty.path().string()), 2, {{"cache", "ok"}, {"tables", "missing"}});

  // An old or cut file under a table's name is not a built table.
  const sl::CacheTable first = small_tables().front();
  fs::resize_file(cache_ / first.file(), 100);
  EXPECT_EQ(statuses(doctor("").out).at("tables"), "missing");

  const fs::path file = empty.write("not-a-folder", "x");
  expect_checks(doctor("PUZZLEBOT_CACHE_DIR=" + file.string()), 2, {{"cache", "missing"}, {"tables", "skipped"}});
}

TEST_F(Doctor, NoChromium) {
  fs::remove(bin_ / "chromium");
  expect_checks(doctor("PATH=" + bin_.string()), 2, {{"chromium", "missing"}});
}

// ---- prepare ----

std::map<std::string, fs::file_time_type> mtimes(const fs::path& dir) {
  std::map<std::string, fs::file_time_type> out;
  for (const auto& e : fs::directory_iterator(dir)) out[e.path().filename().string()] = e.last_write_time();
  return out;
}

TEST(Prepare, SaysWhatItTakesBuildsKeepsAndResumes) {
  TempDir d;
  const fs::path cache = d.path() / "cache";
  const std::string env = "env PUZZLEBOT_CACHE_DIR=" + cache.string() + " " + kSmallTables;
  std::vector<sl::CacheTable> five;
  for (const sl::CacheTable& t : small_tables())
    if (t.board == "5x5") five.push_back(t);
  ASSERT_FALSE(five.empty());

  ProgramRun list = pb::testing::run_program(env + PB_PUZZLEBOT + " prepare sliding --board 5x5 --list");
  EXPECT_EQ(list.status, 0) << list.err;
  for (const sl::CacheTable& t : five) EXPECT_NE(list.out.find(t.file()), std::string::npos) << list.out;
  EXPECT_FALSE(fs::exists(cache) && !fs::is_empty(cache)) << "--list built something";

  ProgramRun built = pb::testing::run_program(env + PB_PUZZLEBOT + " prepare sliding --board 5x5");
  EXPECT_EQ(built.status, 0) << built.out << built.err;
  EXPECT_EQ(built.err.find('\r'), std::string::npos) << "not a terminal: plain lines, no bar";
  ::setenv("PUZZLEBOT_CACHE_DIR", cache.c_str(), 1);
  for (const sl::CacheTable& t : five) EXPECT_EQ(sl::table_state(t), sl::TableState::kReady) << t.file();

  // Stopped halfway (one table gone): the next run builds that one and keeps the others.
  const auto before = mtimes(cache);
  fs::remove(cache / five[2].file());
  ProgramRun resumed = pb::testing::run_program(env + PB_PUZZLEBOT + " prepare all --board 5x5");
  EXPECT_EQ(resumed.status, 0) << resumed.err;
  const auto after = mtimes(cache);
  EXPECT_EQ(after.size(), before.size());
  for (const auto& [name, time] : before)
    if (name != five[2].file()) {
      EXPECT_EQ(after.at(name), time) << name << " was rebuilt";
    }
  EXPECT_EQ(sl::table_state(five[2]), sl::TableState::kReady);

  // Nothing left: nothing built, exit 0.
  ProgramRun again = pb::testing::run_program(env + PB_PUZZLEBOT + " prepare sliding --board 5x5");
  EXPECT_EQ(again.status, 0);
  EXPECT_EQ(mtimes(cache), after);
  ::unsetenv("PUZZLEBOT_CACHE_DIR");
}

TEST(Prepare, GamesWithoutTablesAndBadInput) {
  TempDir d;
  const std::string env = "env PUZZLEBOT_CACHE_DIR=" + (d.path() / "cache").string() + " " + kSmallTables;
  ProgramRun pegs = pb::testing::run_program(env + PB_PUZZLEBOT + " prepare pegs");
  EXPECT_EQ(pegs.status, 0) << pegs.err;
  EXPECT_FALSE(fs::exists(d.path() / "cache"));
  for (const char* bad : {"prepare nosuch", "prepare sliding --board 9x9", "prepare --threads 0"}) {
    ProgramRun r = pb::testing::run_program(env + PB_PUZZLEBOT + " " + bad);
    EXPECT_EQ(r.status, 2) << bad;
    EXPECT_TRUE(is_one_line(r.err)) << bad << ": " << r.err;
  }
}

// A solve on weaker tables than prepare would give says so once, with the command; a solve on the
// best tables, or with weaker ones chosen on purpose (the environment), says nothing.
TEST(Prepare, WeakerTablesAreAnnouncedOnce) {
  TempDir d;
  const fs::path cache = d.path() / "cache";
  // The small 5x5 tables, which a default solve uses while the full ones are not built.
  ASSERT_EQ(pb::testing::run_program("env PUZZLEBOT_CACHE_DIR=" + cache.string() + " " + kSmallTables + PB_PUZZLEBOT +
                                     " prepare --board 5x5").status, 0);
  const fs::path boards = d.path() / "boards";
  fs::create_directories(boards);
  for (const char* name : {"a.txt", "b.txt"})
    std::ofstream(boards / name) << "sliding\n1 2 3 4 5\n6 7 8 9 10\n11 12 13 14 15\n16 17 18 19 20\n21 22 23 0 24\n";
  auto count = [](const std::string& s, const std::string& what) {
    std::size_t n = 0;
    for (std::size_t at = s.find(what); at != std::string::npos; at = s.find(what, at + 1)) ++n;
    return n;
  };
  const std::string user = "env -u PUZZLEBOT_PDB78 -u PUZZLEBOT_SLIDING_SMALL_TABLES PUZZLEBOT_CACHE_DIR=" + cache.string() + " ";
  ProgramRun folder = pb::testing::run_program(user + PB_PUZZLEBOT + " solve " + boards.string() + " --json");
  EXPECT_EQ(folder.status, 0) << folder.err;
  EXPECT_EQ(count(folder.err, "puzzlebot prepare sliding"), 1u) << folder.err;

  ProgramRun chosen = pb::testing::run_program("env PUZZLEBOT_CACHE_DIR=" + cache.string() + " " + kSmallTables +
                                               PB_PUZZLEBOT + " solve " + (boards / "a.txt").string());
  EXPECT_EQ(chosen.status, 0);
  EXPECT_EQ(count(chosen.err, "puzzlebot prepare"), 0u) << chosen.err;

  ProgramRun small = pb::testing::run_program(user + PB_PUZZLEBOT + " solve 3x3:1,2,3,4,5,6,7,0,8");
  EXPECT_EQ(small.status, 0);
  EXPECT_EQ(count(small.err, "puzzlebot prepare"), 0u) << small.err;
}

// ---- help texts ----

// Options named in a text: --name tokens.
std::set<std::string> options_in(const std::string& text) {
  std::set<std::string> out;
  const std::regex option(R"((^|[^a-z-])(--[a-z][a-z0-9-]*))");
  for (std::sregex_iterator it(text.begin(), text.end(), option), end; it != end; ++it)
    if ((*it)[2].str() != "--help") out.insert((*it)[2].str());
  return out;
}

// A command's own options in its --help: the usage lines and the option lines (not the prose,
// which names other commands' options).
std::set<std::string> help_options(const std::string& help) {
  std::string kept;
  std::istringstream in(help);
  for (std::string line; std::getline(in, line);)
    if (line.rfind("usage:", 0) == 0 || line.rfind("       puzzlebot ", 0) == 0) {
      kept += line + "\n";
    } else if (line.rfind("  -", 0) == 0) {
      kept += line.substr(0, line.find("  ", 2)) + "\n";  // the option itself, not its description
    }
  return options_in(kept);
}

TEST(HelpTexts, EveryCommandAndOptionMatchesFormatsMd) {
  // docs/FORMATS.md's command list: the first code block of "## Command line".
  const std::string doc = pb::testing::read_file(PB_SOURCE_DIR "/docs/FORMATS.md");
  const std::size_t section = doc.find("## Command line");
  ASSERT_NE(section, std::string::npos);
  const std::size_t open = doc.find("```\n", section), close = doc.find("```\n", open + 4);
  std::map<std::string, std::set<std::string>> documented;
  std::istringstream block(doc.substr(open + 4, close - open - 4));
  for (std::string line; std::getline(block, line);) {
    if (line.rfind("puzzlebot ", 0) != 0) continue;
    const std::string command = line.substr(10, line.find(' ', 10) - 10);
    auto opts = options_in(line.substr(0, line.find("  (")));  // a trailing (remark) is prose
    documented[command].insert(opts.begin(), opts.end());
  }
  // The program's list of commands.
  ProgramRun top = pb::testing::run_program(std::string(PB_PUZZLEBOT) + " --help");
  ASSERT_EQ(top.status, 0);
  std::set<std::string> listed;
  std::istringstream lines(top.out.substr(top.out.find("commands:\n")));
  for (std::string line; std::getline(lines, line);)
    if (line.rfind("  ", 0) == 0 && line.size() > 2 && line[2] != ' ') listed.insert(line.substr(2, line.find(' ', 2) - 2));
  std::set<std::string> doc_commands;
  for (const auto& [c, o] : documented) doc_commands.insert(c);
  EXPECT_EQ(listed, doc_commands) << "puzzlebot --help and docs/FORMATS.md list different commands";

  for (const auto& [command, doc_options] : documented) {
    ProgramRun help = pb::testing::run_program(std::string(PB_PUZZLEBOT) + " " + command + " --help");
    EXPECT_EQ(help.status, 0) << command;
    const std::set<std::string> said = command == "games" ? std::set<std::string>{} : help_options(help.out);
    EXPECT_EQ(said, doc_options) << "'puzzlebot " << command << " --help' and docs/FORMATS.md name different options";
  }
}

// Issue #28: on a terminal `solve FOLDER` draws a bar on stderr under its results (a pseudo-terminal
// from util-linux's `script`, which copies what the program wrote to it to its own stdout); into a
// pipe or a file it draws none, so logs and the other solve tests see no carriage returns.
TEST(Progress, SolveFolderDrawsABarOnATerminalOnly) {
  TempDir d;
  for (int i = 0; i < 3; ++i) d.write("b" + std::to_string(i) + ".txt", "hanoi\n3 2 1\n-\n-\n");
  const std::string solve = std::string(PB_PUZZLEBOT) + " solve " + d.path().string() + " --jobs 1";
  ProgramRun tty = pb::testing::run_program("script -qec '" + solve + " >/dev/null' /dev/null");
  EXPECT_EQ(tty.status, 0) << tty.out << tty.err;
  EXPECT_NE(tty.out.find("1 of 3 files solved"), std::string::npos) << tty.out;
  EXPECT_NE(tty.out.find("2 of 3 files solved"), std::string::npos) << tty.out;
  EXPECT_NE(tty.out.find("\r\033[K"), std::string::npos) << "the bar's line is cleared for the results";
  ProgramRun piped = pb::testing::run_program(solve);
  EXPECT_EQ(piped.status, 0) << piped.err;
  EXPECT_EQ(piped.err.find("files solved"), std::string::npos) << piped.err;
  EXPECT_EQ(piped.err.find('\r'), std::string::npos) << piped.err;
  EXPECT_EQ(std::count(piped.out.begin(), piped.out.end(), '\n'), 3 * 2) << piped.out;  // two lines a board
}

}  // namespace
}  // namespace pb::testing
