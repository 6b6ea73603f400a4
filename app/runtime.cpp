/* runtime.cpp: process-wide pieces of the program: the stop flag and the error line. */
#include <signal.h>
#include <unistd.h>

#include <cstdio>
#include <utility>

#include "app/commands.hpp"

namespace pb::app {

std::atomic<bool>& stop_requested() {
  static std::atomic<bool> flag{false};
  return flag;
}

namespace {

std::atomic<bool>& second_stop_exits() {
  static std::atomic<bool> allowed{true};
  return allowed;
}

// The first signal asks the command to stop; a second one (the user pressed Ctrl-C again: a step
// that cannot look at the flag, an X server that does not answer) ends the program at once, with
// the same status and one line, unless input has begun. Only async-signal-safe calls here.
extern "C" void on_stop_signal(int) {
  if (stop_requested().exchange(true) && second_stop_exits().load()) {
    static constexpr char kLine[] = "puzzlebot: stopped by Ctrl-C (pressed twice)\n";
    [[maybe_unused]] ssize_t n = ::write(STDERR_FILENO, kLine, sizeof kLine - 1);
    ::_exit(kExitGaveUp);
  }
}

}  // namespace

void install_stop_handlers() {
  static_assert(std::atomic<bool>::is_always_lock_free, "the signal handler stores into it");
  struct sigaction sa {};
  sa.sa_handler = on_stop_signal;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = SA_RESTART;  // as signal() gives: reads and waits go on, poll() loops see the flag
  ::sigaction(SIGINT, &sa, nullptr);
  ::sigaction(SIGTERM, &sa, nullptr);
}

void input_begins() { second_stop_exits().store(false); }

Error stopped_by_user(const std::string& when) { return make_error(ErrorCode::kInterrupted, "stopped by Ctrl-C " + when); }

int fail(const std::string& message) {
  std::fprintf(stderr, "puzzlebot: %s\n", message.c_str());
  return kExitBadInput;
}

int fail(const Error& error) {
  std::fprintf(stderr, "puzzlebot: %s\n", error.text().c_str());
  return exit_status(error.code);
}

std::variant<ParsedArgs, int> start_command(const std::vector<std::string>& args, std::vector<OptionSpec> specs,
                                            std::string_view command, const std::string& help) {
  specs.push_back({"help", false});
  auto parsed = parse_args(args, specs, command);
  if (!parsed) return fail(parsed.error());
  if (parsed->has("help")) {
    std::fputs(help.c_str(), stdout);
    return kExitSolved;
  }
  return std::move(*parsed);
}

}  // namespace pb::app
