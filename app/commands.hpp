/* commands.hpp: the subcommands of the puzzlebot program; each returns the process exit status. */
#pragma once

#include <atomic>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "app/args.hpp"
#include "core/result.hpp"

namespace pb::solvers {
class Puzzle;
}  // namespace pb::solvers

namespace pb::app {

// Exit statuses (FORMATS.md).
inline constexpr int kExitSolved = 0;
inline constexpr int kExitUnsolvable = 1;
inline constexpr int kExitBadInput = 2;
inline constexpr int kExitGaveUp = 3;

// The one place an error becomes an exit status: whichever layer noticed it (a reader, the play
// loop, an input sink, a capture source), the same code gives the same status. The user stopping
// the program (Ctrl-C, a taken mouse) and a level the game did not take as cleared are "gave up"
// (3), as a limit is; everything else is a failure the user must act on (2).
inline int exit_status(ErrorCode code) {
  switch (code) {
    case ErrorCode::kInterrupted:
    case ErrorCode::kNotCleared: return kExitGaveUp;
    case ErrorCode::kBadInput:
    case ErrorCode::kNoBoard:
    case ErrorCode::kBoardClipped:
    case ErrorCode::kDeviceGone:
    case ErrorCode::kInternal: return kExitBadInput;
  }
  return kExitBadInput;
}

// Set by SIGINT/SIGTERM: solvers, the play loop and every waiting set-up step (adb's start, a
// screenshot, a table build) stop at their next check, and the command exits 3 with one line.
std::atomic<bool>& stop_requested();
// Installed by main before a command that watches stop_requested() runs (solve, play, calibrate,
// prepare), so a Ctrl-C is noticed in every phase, the first argument read included. A second
// Ctrl-C ends the program at once (exit 3, one line): for a step that cannot check the flag.
void install_stop_handlers();
// From now on a second Ctrl-C only asks again: the program may hold a mouse button in a drag, which
// must be released before it exits (play calls this once its device is open).
void input_begins();
// The error of a command stopped by the user before or after a step ("while opening the window").
Error stopped_by_user(const std::string& when);

int solve_command(const std::vector<std::string>& args);
// `puzzlebot play`: plays a game in a desktop window or on a phone (app/play_command.cpp).
int play_command(const std::vector<std::string>& args);
// Whether a command line names a phone (`--adb` or `--adb=SERIAL`) (app/adb_phone.cpp).
bool wants_adb(const std::vector<std::string>& args);
// `puzzlebot calibrate`: writes a device profile (app/calibrate_command.cpp).
int calibrate_command(const std::vector<std::string>& args);
// `puzzlebot learn SHOT BOARD --out LOOK.yml`: fits a reader to a new look (app/learn_command.cpp).
int learn_command(const std::vector<std::string>& args);
// `puzzlebot params [--game G]`: every reader parameter with its default (app/info_commands.cpp).
int params_command(const std::vector<std::string>& args);
// `puzzlebot cache [--clear]`: where solver tables are kept (app/info_commands.cpp).
int cache_command(const std::vector<std::string>& args);
// `puzzlebot prepare [GAME...|all]`: builds the solver tables once, on purpose (app/prepare_command.cpp).
int prepare_command(const std::vector<std::string>& args);
// Says once a run on stderr when a solve used weaker tables than `puzzlebot prepare`
// would give it (a sliding board whose best tables are not built), with the gain (app/prepare_command.cpp).
void note_weaker_tables(const solvers::Puzzle& puzzle);
// `puzzlebot doctor`: checks every piece the commands need (app/doctor_command.cpp).
int doctor_command(const std::vector<std::string>& args);

// Prints "puzzlebot: <message>" on stderr and returns kExitBadInput.
int fail(const std::string& message);
// Prints the error's line the same way and returns its exit status (exit_status: 3 for Ctrl-C).
int fail(const Error& error);

// What every subcommand does first: its options (`specs`, and --help) parsed, or the status to
// return at once: fail()'s for a usage error, kExitSolved once `help` is printed for --help.
std::variant<ParsedArgs, int> start_command(const std::vector<std::string>& args, std::vector<OptionSpec> specs,
                                            std::string_view command, const std::string& help);

// "1 move", "2 moves": a count with its noun (regular plurals only).
inline std::string plural(unsigned long long n, const std::string& noun) {
  return std::to_string(n) + " " + noun + (n == 1 ? "" : "s");
}

}  // namespace pb::app
