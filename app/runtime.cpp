/* runtime.cpp: process-wide pieces of the program: the stop flag and the error line. */
#include <csignal>
#include <cstdio>
#include <utility>

#include "app/commands.hpp"

namespace pb::app {

std::atomic<bool>& stop_requested() {
  static std::atomic<bool> flag{false};
  return flag;
}

namespace {
extern "C" void on_stop_signal(int) { stop_requested().store(true); }
}  // namespace

void install_stop_handlers() {
  std::signal(SIGINT, on_stop_signal);
  std::signal(SIGTERM, on_stop_signal);
}

int fail(const std::string& message) {
  std::fprintf(stderr, "puzzlebot: %s\n", message.c_str());
  return kExitBadInput;
}

std::variant<ParsedArgs, int> start_command(const std::vector<std::string>& args, std::vector<OptionSpec> specs,
                                            std::string_view command, const std::string& help) {
  specs.push_back({"help", false});
  auto parsed = parse_args(args, specs, command);
  if (!parsed) return fail(parsed.error().text());
  if (parsed->has("help")) {
    std::fputs(help.c_str(), stdout);
    return kExitSolved;
  }
  return std::move(*parsed);
}

}  // namespace pb::app
