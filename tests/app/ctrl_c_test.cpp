/* ctrl_c_test.cpp: Ctrl-C in the early phases of solve, play and calibrate stops the program with exit 3 and one line. */
// A Ctrl-C before the play loop starts (adb's server starting, a window being opened) used to kill
// the program with the kernel's default action (shell status 130, nothing said): the handler was
// installed after the device was open. Each test here stops puzzlebot in such a phase and expects
// what a Ctrl-C during the play gives: status 3 (exit_status(kInterrupted)) and one line on stderr.
// The blocking steps are real processes: an `adb` that never answers (a server that does not start),
// an X server that accepts the connection and never replies.
#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "app/commands.hpp"
#include "tests/support/run_program.hpp"

extern char** environ;

namespace pb::testing {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

// puzzlebot ARGS... started in the background, its stderr to a file, so a test can signal it.
class Running {
 public:
  // stdout goes to `out`, stdin comes from `in` (a pipe's read end the test writes to) when given.
  Running(const std::vector<std::string>& args, const fs::path& err, const fs::path& out = "/dev/null", int in = -1) {
    std::vector<std::string> argv{PB_PUZZLEBOT};
    argv.insert(argv.end(), args.begin(), args.end());
    std::vector<char*> raw;
    for (auto& a : argv) raw.push_back(a.data());
    raw.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    if (in >= 0) posix_spawn_file_actions_adddup2(&actions, in, 0);
    else posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 1, out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_addopen(&actions, 2, err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (::posix_spawn(&pid_, raw[0], &actions, nullptr, raw.data(), environ) != 0) pid_ = -1;
    posix_spawn_file_actions_destroy(&actions);
  }
  Running(const Running&) = delete;
  Running& operator=(const Running&) = delete;
  ~Running() {
    if (pid_ > 0) {  // a test that failed before it waited: not left behind
      ::kill(pid_, SIGKILL);
      ::waitpid(pid_, nullptr, 0);
    }
  }
  pid_t pid() const { return pid_; }
  // Whether the program catches SIGINT yet (its stop handler is installed): /proc's SigCgt mask.
  bool catches_sigint() const {
    const std::string status = read_file("/proc/" + std::to_string(pid_) + "/status");
    const auto at = status.find("SigCgt:");
    if (at == std::string::npos) return false;
    return (std::stoull(status.substr(at + 7, 24), nullptr, 16) & (1ull << (SIGINT - 1))) != 0;
  }
  void signal(int sig) const { ::kill(pid_, sig); }
  // The shell's status of the ended program (128 + signal when a signal killed it), or -1 when it
  // is still running after `limit` (it is then killed).
  int wait(std::chrono::milliseconds limit) {
    const auto until = std::chrono::steady_clock::now() + limit;
    int st = 0;
    while (::waitpid(pid_, &st, WNOHANG) == 0) {
      if (std::chrono::steady_clock::now() > until) return -1;
      std::this_thread::sleep_for(10ms);
    }
    pid_ = -1;
    return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
  }

 private:
  pid_t pid_ = -1;
};

// Waits (at most 20 s: the program loads its libraries first) until `what` is true.
template <class F>
bool eventually(F what) {
  const auto until = std::chrono::steady_clock::now() + 20s;
  while (!what()) {
    if (std::chrono::steady_clock::now() > until) return false;
    std::this_thread::sleep_for(10ms);
  }
  return true;
}

// An `adb` that never answers, as one whose server does not start: it writes its pid to `started`,
// then sleeps. Killed by the test when the program under test left it behind.
class HangingAdb {
 public:
  HangingAdb() {
    const fs::path script = dir_.write("adb", "#!/bin/sh\necho $$ > '" + started().string() + ".tmp'\nmv '" +
                                                  started().string() + ".tmp' '" + started().string() + "'\nexec sleep 60\n");
    fs::permissions(script, fs::perms::owner_all);
  }
  ~HangingAdb() {
    const std::string pid = read_file(started());
    if (!pid.empty()) ::kill(std::stoi(pid), SIGKILL);
  }
  std::string path() const { return (dir_.path() / "adb").string(); }
  fs::path started() const { return dir_.path() / "started"; }
  bool ran() const { return fs::exists(started()); }
  fs::path err() const { return dir_.path() / "stderr"; }
  const TempDir& dir() const { return dir_; }

 private:
  TempDir dir_;
};

// Ctrl-C while the program waits for adb (its server starting): the wait stops, exit 3, one line.
void expect_stopped_while_adb_starts(const std::vector<std::string>& args) {
  HangingAdb adb;
  std::vector<std::string> all = args;
  all.insert(all.end(), {"--adb-path", adb.path()});
  Running p(all, adb.err());
  ASSERT_GT(p.pid(), 0);
  ASSERT_TRUE(eventually([&] { return adb.ran(); })) << read_file(adb.err());
  p.signal(SIGINT);
  const int status = p.wait(10s);
  const std::string err = read_file(adb.err());
  EXPECT_EQ(status, app::exit_status(ErrorCode::kInterrupted)) << err;
  EXPECT_TRUE(is_one_line(err)) << err;
}

TEST(CtrlC, WhilePlayWaitsForAdbExitsThree) {
  ASSERT_NO_FATAL_FAILURE(expect_stopped_while_adb_starts({"play", "--game", "onestroke", "--adb"}));
}

TEST(CtrlC, WhileCalibrateWaitsForAdbExitsThree) {
  TempDir out;
  ASSERT_NO_FATAL_FAILURE(
      expect_stopped_while_adb_starts({"calibrate", "--adb", "--out", (out.path() / "phone.yml").string()}));
  EXPECT_FALSE(fs::exists(out.path() / "phone.yml"));
}

// An X server that takes the connection and never answers (XOpenDisplay cannot be interrupted):
// the first Ctrl-C is noted, the second ends the program at once, with the same status and one line.
TEST(CtrlC, TwiceWhileTheWindowCannotOpenExitsThree) {
  const int listener = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  ASSERT_GE(listener, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  int display = -1;
  for (int n = 40; n < 90 && display < 0; ++n) {  // X display n listens on TCP port 6000 + n
    addr.sin_port = htons(static_cast<std::uint16_t>(6000 + n));
    if (::bind(listener, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0) display = n;
  }
  ASSERT_GE(display, 0) << "no free port for a fake X display";
  ASSERT_EQ(::listen(listener, 4), 0);
  TempDir dir;
  const fs::path err = dir.path() / "stderr";
  Running p({"play", "--game", "onestroke", "--window", "Nothing", "--display", "127.0.0.1:" + std::to_string(display)},
            err);
  ASSERT_GT(p.pid(), 0);
  pollfd pfd{listener, POLLIN, 0};
  ASSERT_EQ(::poll(&pfd, 1, 20000), 1) << read_file(err);
  const int conn = ::accept4(listener, nullptr, nullptr, SOCK_CLOEXEC);
  ASSERT_GE(conn, 0);
  p.signal(SIGINT);
  std::this_thread::sleep_for(300ms);
  p.signal(SIGINT);
  const int status = p.wait(10s);
  const std::string text = read_file(err);
  EXPECT_EQ(status, app::exit_status(ErrorCode::kInterrupted)) << text;
  EXPECT_TRUE(is_one_line(text)) << text;
  ::close(conn);
  ::close(listener);
}

// Ctrl-C during a solve: the solver stops at its next look at the limits and says it was stopped,
// not that it ran out of time (exit 3 as for any give-up; --json's "limit" is "stopped"). The signal
// comes once the handler is installed, while the program waits for its board on stdin, so the flag
// is up before the search begins and met at its first look at the limits (every 1024 nodes; this
// board takes more): no race with the solve, and no deadline (--timeout-ms 0) to be hit instead.
TEST(CtrlC, DuringASolveIsReportedAsAStop) {
  std::string board = "onestroke\n";
  for (int r = 0; r < 40; ++r) {
    for (int c = 0; c < 40; ++c) board += r == 0 && c == 0 ? 'S' : r == 39 && c == 38 ? '.' : '#';
    board += '\n';
  }
  int fds[2];
  ASSERT_EQ(::pipe2(fds, O_CLOEXEC), 0);
  TempDir dir;
  const fs::path out = dir.path() / "stdout", err = dir.path() / "stderr";
  Running p({"solve", "-", "--json", "--timeout-ms", "0"}, err, out, fds[0]);
  ::close(fds[0]);
  ASSERT_GT(p.pid(), 0);
  ASSERT_TRUE(eventually([&] { return p.catches_sigint(); })) << read_file(err);
  p.signal(SIGINT);
  ASSERT_EQ(::write(fds[1], board.data(), board.size()), static_cast<ssize_t>(board.size()));
  ::close(fds[1]);
  const int status = p.wait(20s);
  const std::string json = read_file(out);
  EXPECT_EQ(status, app::kExitGaveUp) << json << read_file(err);
  EXPECT_TRUE(is_one_line(json)) << json;
  EXPECT_NE(json.find(R"("status":"gave_up")"), std::string::npos) << json;
  EXPECT_NE(json.find(R"("limit":"stopped")"), std::string::npos) << json;
}

}  // namespace
}  // namespace pb::testing
