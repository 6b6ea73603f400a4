/* main.cpp: the puzzlebot program: dispatches to the subcommands. */
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "app/commands.hpp"
#include "core/allocator.hpp"
#include "solvers/registry.hpp"

namespace {

void usage(std::FILE* out) {
  std::fprintf(out,
               "usage: puzzlebot COMMAND [options]\n\n"
               "commands:\n"
               "  solve INPUT       solve a board text, game ID, screenshot or folder of them\n"
               "  play --game G --window TITLE   play a game in a desktop window until it is solved\n"
               "  play --game G --adb [SERIAL]   play a game on an Android phone over adb\n"
               "  calibrate (--adb [SERIAL] | --window TITLE) --out P.yml   measure a device, write its profile\n"
               "  learn SHOT BOARD.txt --out LOOK.yml   fit a reader to a new look from one screenshot\n"
               "  games             list the games puzzlebot knows\n"
               "  params [--game G] every reader parameter a profile may set, with defaults\n"
               "  prepare [GAME...|all]   build the solver tables once (better, faster answers)\n"
               "  cache [--clear]   where solver tables are cached (and delete them)\n"
               "  doctor            check what each command needs on this machine, and what to do\n\n"
               "'puzzlebot COMMAND --help' tells more. Formats: docs/FORMATS.md.\n");
}

}  // namespace

int main(int argc, char** argv) {
  using namespace pb::app;  // NOLINT: main only
  // Tesseract parallelises with OpenMP, whose idle threads spin; on a busy machine (a game running
  // beside us) one thread reads a tile faster. libgomp reads the limit when it loads, before main,
  // so set it and start again once; a user's own OMP_THREAD_LIMIT is kept.
  if (std::getenv("OMP_THREAD_LIMIT") == nullptr && ::setenv("OMP_THREAD_LIMIT", "1", 1) == 0)
    ::execv("/proc/self/exe", argv);  // returns only on failure: then go on with the defaults
  pb::keep_freed_frames();
  if (argc < 2) {
    usage(stderr);
    return kExitBadInput;
  }
  std::string command = argv[1];
  std::vector<std::string> args(argv + 2, argv + argc);
  if (command == "-h" || command == "--help" || command == "help") {
    usage(stdout);
    return 0;
  }
  if (command == "--version") {
    std::printf("puzzlebot 0.1.0\n");
    return 0;
  }
  // Before anything else a command does: a Ctrl-C while a window opens or adb's server starts stops
  // the command (exit 3, one line) as one during the search or the play does, not the kernel's
  // default (status 130, the line never said). Commands that never look at the flag keep the default.
  if (command == "solve" || command == "play" || command == "calibrate" || command == "prepare") install_stop_handlers();
  if (command == "solve") return solve_command(args);
  if (command == "play") return play_command(args);
  if (command == "calibrate") return calibrate_command(args);
  if (command == "cache") return cache_command(args);
  if (command == "params") return params_command(args);
  if (command == "learn") return learn_command(args);
  if (command == "prepare") return prepare_command(args);
  if (command == "doctor") return doctor_command(args);
  if (command == "games") {
    for (const pb::solvers::Game* g : pb::solvers::games())
      std::printf("%-10s %.*s\n", std::string(g->name).c_str(), static_cast<int>(g->title.size()), g->title.data());
    return 0;
  }
  return fail("unknown command '" + command + "': see 'puzzlebot --help'");
}
