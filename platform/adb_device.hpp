/* adb_device.hpp: one Android device reached through the adb program: picking it, running adb with bounded time. */
#pragma once

// Shared by capture/adb_source (screencap) and actuator/adb_sink (input): it knows adb, not puzzles.
// It lives in platform/ (pb::platform) so neither of them depends on the other.
//
// Rejected: popen()/system() with a command string (a serial or a path with a space or a quote
// would be re-parsed by /bin/sh; here every argument is one argv element, run with posix_spawn);
// linking adb's client library or speaking the adb server's socket protocol ourselves (an
// unstable, undocumented interface; the adb program is what users have and what they debug with);
// a persistent `adb shell` session fed commands on stdin (saves ~30 ms per command, but a wedged
// session is hard to detect and to time out, and screencap would still need exec-out for binary).
//
// Every adb run has a deadline: a phone that stops answering (cable pulled mid-transfer, screen
// off with a stuck screencap) must not hang the bot; the child is killed when the deadline passes.
// Children run in their own process group, so Ctrl-C reaches puzzlebot only: a gesture in flight
// is finished and the play loop stops before the next one. A command that only asks (adb devices
// while the adb server starts, a property, a screenshot) is stopped at once by Ctrl-C's flag
// (AdbOptions::cancel, ErrorCode::kInterrupted): nothing is left half done by cutting it short.

#include <atomic>
#include <chrono>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.hpp"

namespace pb::platform {

// What a finished child process gave.
struct ProcessOutput {
  int exit_code = 0;   // the exit status, or 128 + signal when it was killed by one
  std::string out;     // stdout (binary-safe)
  std::string err;     // stderr
};

// Runs argv[0] (searched on PATH when it has no '/') with the arguments as given, no shell.
// Errors: the program cannot be started (message names it), the deadline passed (the child is
// killed), or stdout grew past `max_output` bytes (killed too: a garbled stream must not eat memory).
// `cancel` set (Ctrl-C) kills the child too, within ~0.1 s, and gives ErrorCode::kInterrupted.
Result<ProcessOutput> run_process(const std::vector<std::string>& argv, std::chrono::milliseconds timeout,
                                  std::size_t max_output, const std::atomic<bool>* cancel = nullptr);

struct AdbOptions {
  std::string adb_path = "adb";  // the adb program: a name looked up on PATH, or a path
  std::string serial;            // the device's serial ("adb devices"); empty: the only device attached
  std::chrono::milliseconds timeout{10000};  // per adb command (a 1440x3120 raw screencap is ~18 MB)
  // Ctrl-C: set, a running command that only asks is stopped (kInterrupted); input runs to its end.
  const std::atomic<bool>* cancel = nullptr;
};

// One line of `adb devices`.
struct DeviceEntry {
  std::string serial;
  std::string state;  // "device", "unauthorized", "offline", "no permissions ...", "recovery", ...
};

// Parses `adb devices` output (the header line and daemon start-up chatter are skipped).
std::vector<DeviceEntry> parse_devices(std::string_view text);

// Chooses the device to use from `adb devices`, or says in one line what the user should do.
Result<std::string> choose_device(const std::vector<DeviceEntry>& devices, const std::string& wanted_serial);

// Shell words that may go to the device. `adb shell` joins its arguments with spaces and the
// device's /bin/sh parses the result, so only a fixed vocabulary, plain non-negative numbers, -1 (a
// lifted touch's tracking id) and /dev/input/eventN are allowed through; anything else is refused
// before adb runs.
bool safe_shell_word(std::string_view word);

// The argv of every adb command puzzlebot runs (pure functions, unit-tested without adb).
std::vector<std::string> devices_argv(const AdbOptions& o);
std::vector<std::string> device_argv(const AdbOptions& o, const std::string& serial, std::vector<std::string> rest);
// adb -s SERIAL shell WORDS... / adb -s SERIAL exec-out WORDS...
std::vector<std::string> shell_argv(const AdbOptions& o, const std::string& serial, const std::vector<std::string>& words);
std::vector<std::string> exec_out_argv(const AdbOptions& o, const std::string& serial, const std::vector<std::string>& words);

// A device chosen and checked once; runs commands on it.
class AdbDevice {
 public:
  // Runs `adb devices` and picks the device (AdbOptions::serial, or the only one attached).
  static Result<AdbDevice> connect(AdbOptions options);

  const std::string& serial() const { return serial_; }
  const AdbOptions& options() const { return options_; }

  // `adb -s SERIAL shell WORDS...`: each word must pass safe_shell_word. Returns stdout. A nonzero
  // exit status of the device command is not an error here (callers such as the motionevent probe
  // read usage text printed with a failure status); adb's own failures are.
  Result<std::string> shell(const std::vector<std::string>& words, std::chrono::milliseconds timeout) const;
  Result<std::string> shell(const std::vector<std::string>& words) const { return shell(words, options_.timeout); }
  // The same for input (`input ...`, `sendevent ...`): never stopped by AdbOptions::cancel, so a
  // gesture is not cut with the finger down; the caller checks the flag between gestures.
  Result<std::string> input(const std::vector<std::string>& words, std::chrono::milliseconds timeout) const;

  // `adb -s SERIAL exec-out WORDS...`: raw binary stdout (no tty, no CRLF translation).
  Result<std::string> exec_out(const std::vector<std::string>& words, std::size_t max_output) const;

 private:
  AdbDevice(AdbOptions options, std::string serial) : options_(std::move(options)), serial_(std::move(serial)) {}
  Result<std::string> run(std::vector<std::string> argv, std::chrono::milliseconds timeout, std::size_t max_output,
                          bool require_success, bool cancellable) const;

  AdbOptions options_;
  std::string serial_;
};

// Turns adb's stderr for a failed command into one line saying what to do ("the phone ... is no
// longer connected: reconnect it"). `what` names the command for the message.
std::string explain_adb_failure(std::string_view what, const std::string& serial, const ProcessOutput& out);
// The code of that failure: ErrorCode::kDeviceGone when adb says the phone is not there (unplugged,
// offline), so the play loop stops at once instead of trying it again; kBadInput otherwise.
ErrorCode adb_failure_code(const ProcessOutput& out);

}  // namespace pb::platform
