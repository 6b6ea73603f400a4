/* adb_device.cpp: running adb (posix_spawn, no shell, deadline) and choosing the device. */
#include "platform/adb_device.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>

extern char** environ;

namespace pb::platform {
namespace {

using Clock = std::chrono::steady_clock;

// Closes a descriptor when it goes out of scope.
struct Fd {
  int fd = -1;
  ~Fd() { reset(); }
  void reset() {
    if (fd >= 0) ::close(fd);
    fd = -1;
  }
};

std::string first_line(std::string_view text) {
  std::size_t start = text.find_first_not_of(" \t\r\n");
  if (start == std::string_view::npos) return {};
  text.remove_prefix(start);
  std::string_view line = text.substr(0, text.find_first_of("\r\n"));
  return std::string(line.substr(0, 200));
}

std::string trim(std::string_view s) {
  std::size_t a = s.find_first_not_of(" \t\r\n");
  if (a == std::string_view::npos) return {};
  std::size_t b = s.find_last_not_of(" \t\r\n");
  return std::string(s.substr(a, b - a + 1));
}

bool contains(std::string_view hay, std::string_view needle) { return hay.find(needle) != std::string_view::npos; }

// adb's own failures (as opposed to a device command's) as adb 29-35 word them.
bool is_adb_failure(const std::string& err) {
  return contains(err, "error: ") || contains(err, "adb: ") || contains(err, "no devices/emulators") ||
         contains(err, "device offline") || contains(err, "unauthorized");
}

}  // namespace

Result<ProcessOutput> run_process(const std::vector<std::string>& argv, std::chrono::milliseconds timeout,
                                  std::size_t max_output, const std::atomic<bool>* cancel) {
  if (argv.empty() || argv[0].empty()) return make_error("no program to run");
  std::array<int, 2> out_pipe{-1, -1}, err_pipe{-1, -1};
  if (::pipe2(out_pipe.data(), O_CLOEXEC) != 0) return make_error(std::string("cannot make a pipe: ") + std::strerror(errno));
  Fd out_r{out_pipe[0]}, out_w{out_pipe[1]};
  if (::pipe2(err_pipe.data(), O_CLOEXEC) != 0) return make_error(std::string("cannot make a pipe: ") + std::strerror(errno));
  Fd err_r{err_pipe[0]}, err_w{err_pipe[1]};

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&actions, out_w.fd, 1);
  posix_spawn_file_actions_adddup2(&actions, err_w.fd, 2);
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  // Own process group (Ctrl-C reaches puzzlebot only) and default signal dispositions.
  sigset_t all;
  sigfillset(&all);
  posix_spawnattr_setsigdefault(&attr, &all);
  sigset_t none;
  sigemptyset(&none);
  posix_spawnattr_setsigmask(&attr, &none);
  posix_spawnattr_setpgroup(&attr, 0);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);

  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid = -1;
  int rc = argv[0].find('/') == std::string::npos
               ? ::posix_spawnp(&pid, argv[0].c_str(), &actions, &attr, args.data(), environ)
               : ::posix_spawn(&pid, argv[0].c_str(), &actions, &attr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  if (rc != 0) {
    if (rc == ENOENT)
      return make_error("cannot run '" + argv[0] + "': not found (install the adb package, or pass --adb-path PATH)");
    return make_error("cannot run '" + argv[0] + "': " + std::strerror(rc));
  }
  out_w.reset();
  err_w.reset();

  ProcessOutput result;
  const auto deadline = Clock::now() + timeout;
  bool timed_out = false, too_big = false, stopped = false;
  // Ctrl-C interrupts poll() in the thread that takes the signal; another thread's run sees the flag
  // at its next slice.
  const long long slice = cancel != nullptr ? 100 : 1000;  // ms
  std::array<char, 65536> buf;
  while (out_r.fd >= 0 || err_r.fd >= 0) {
    if (cancel != nullptr && cancel->load()) {
      stopped = true;
      break;
    }
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    if (left <= 0) {
      timed_out = true;
      break;
    }
    std::array<pollfd, 2> fds{pollfd{out_r.fd, POLLIN, 0}, pollfd{err_r.fd, POLLIN, 0}};
    int n = ::poll(fds.data(), fds.size(), static_cast<int>(std::min<long long>(left, slice)));
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) break;
    for (int i = 0; i < 2; ++i) {
      if (fds[i].fd < 0 || fds[i].revents == 0) continue;
      ssize_t got = ::read(fds[i].fd, buf.data(), buf.size());
      if (got < 0 && (errno == EINTR || errno == EAGAIN)) continue;
      if (got <= 0) {
        (i == 0 ? out_r : err_r).reset();
        continue;
      }
      std::string& dst = i == 0 ? result.out : result.err;
      if (i == 1 && dst.size() > 65536) continue;  // keep the start of a chatty stderr, drop the rest
      dst.append(buf.data(), static_cast<std::size_t>(got));
      if (i == 0 && dst.size() > max_output) too_big = true;
    }
    if (too_big) break;
  }
  if (timed_out || too_big || stopped) ::kill(pid, SIGKILL);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (stopped) return make_error(ErrorCode::kInterrupted, "stopped by Ctrl-C while '" + argv[0] + "' ran");
  if (timed_out)
    return make_error("'" + argv[0] + "' did not finish within " + std::to_string(timeout.count()) + " ms and was stopped");
  if (too_big)
    return make_error("'" + argv[0] + "' printed more than " + std::to_string(max_output) + " bytes: output garbled?");
  if (WIFEXITED(status)) result.exit_code = WEXITSTATUS(status);
  else if (WIFSIGNALED(status)) result.exit_code = 128 + WTERMSIG(status);
  return result;
}

std::vector<DeviceEntry> parse_devices(std::string_view text) {
  std::vector<DeviceEntry> out;
  while (!text.empty()) {
    std::size_t nl = text.find('\n');
    std::string line = trim(text.substr(0, nl));
    text.remove_prefix(nl == std::string_view::npos ? text.size() : nl + 1);
    if (line.empty() || line.starts_with("List of devices") || line.starts_with("*") || line.starts_with("adb "))
      continue;
    std::size_t sep = line.find_first_of(" \t");
    if (sep == std::string::npos) continue;
    DeviceEntry e;
    e.serial = line.substr(0, sep);
    e.state = trim(std::string_view(line).substr(sep));
    out.push_back(std::move(e));
  }
  return out;
}

Result<std::string> choose_device(const std::vector<DeviceEntry>& devices, const std::string& wanted) {
  auto explain_state = [](const DeviceEntry& d) -> std::string {
    if (d.state == "unauthorized")
      return "the phone " + d.serial + " is unauthorized: unlock it and accept the 'Allow USB debugging' dialog, then run again";
    if (d.state == "offline")
      return "the phone " + d.serial + " is offline: unplug and reconnect it (or 'adb reconnect'), then run again";
    if (d.state.starts_with("no permissions"))
      return "no permission to open the phone " + d.serial + " over USB: add a udev rule for it (see docs/PLAY-PHONE.md)";
    return "the phone " + d.serial + " is in state '" + d.state + "', not 'device': boot it normally and run again";
  };
  if (!wanted.empty()) {
    for (const auto& d : devices)
      if (d.serial == wanted) {
        if (d.state != "device") return make_error(explain_state(d));
        return d.serial;
      }
    std::string seen;
    for (const auto& d : devices) seen += (seen.empty() ? "" : ", ") + d.serial;
    return make_error("no phone with serial '" + wanted + "' is attached" +
                      (seen.empty() ? std::string(": none is (check the cable and 'adb devices')") : " (attached: " + seen + ")"));
  }
  if (devices.empty())
    return make_error("no phone attached: connect it with USB debugging on (see docs/PLAY-PHONE.md) and check 'adb devices'");
  if (devices.size() > 1) {
    std::string seen;
    for (const auto& d : devices) seen += (seen.empty() ? "" : ", ") + d.serial;
    return make_error("several phones are attached (" + seen + "): name one with --adb SERIAL");
  }
  if (devices[0].state != "device") return make_error(explain_state(devices[0]));
  return devices[0].serial;
}

bool safe_shell_word(std::string_view word) {
  static constexpr std::array<std::string_view, 26> kWords = {
      "input", "tap",  "swipe",  "motionevent", "DOWN", "MOVE",   "UP",          "wm",
      "size",  "density", "getprop", "ro.product.model", ";", "screencap", "ro.build.version.sdk", "touchscreen",
      "getevent", "-p", "dumpsys", "sendevent", "-1", "screenrecord", "--output-format=frames", "-",
      "keyevent", "KEYCODE_N"};  // the 'n' key: "new game" in Simon Tatham's Puzzles
  auto digits = [](std::string_view s) {
    return !s.empty() && s.size() <= 9 && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
  };
  if (word.empty()) return false;
  if (digits(word)) return true;
  // A touchscreen's device node, as `getevent -p` names it (sendevent's first argument).
  constexpr std::string_view kEvent = "/dev/input/event";
  if (word.starts_with(kEvent) && digits(word.substr(kEvent.size()))) return true;
  return std::find(kWords.begin(), kWords.end(), word) != kWords.end();
}

std::vector<std::string> devices_argv(const AdbOptions& o) { return {o.adb_path, "devices"}; }

std::vector<std::string> device_argv(const AdbOptions& o, const std::string& serial, std::vector<std::string> rest) {
  std::vector<std::string> argv{o.adb_path, "-s", serial};
  argv.insert(argv.end(), std::make_move_iterator(rest.begin()), std::make_move_iterator(rest.end()));
  return argv;
}

std::vector<std::string> shell_argv(const AdbOptions& o, const std::string& serial, const std::vector<std::string>& words) {
  std::vector<std::string> rest{"shell"};
  rest.insert(rest.end(), words.begin(), words.end());
  return device_argv(o, serial, std::move(rest));
}

std::vector<std::string> exec_out_argv(const AdbOptions& o, const std::string& serial,
                                       const std::vector<std::string>& words) {
  std::vector<std::string> rest{"exec-out"};
  rest.insert(rest.end(), words.begin(), words.end());
  return device_argv(o, serial, std::move(rest));
}

std::string explain_adb_failure(std::string_view what, const std::string& serial, const ProcessOutput& out) {
  const std::string& e = out.err.empty() ? out.out : out.err;
  const std::string who = serial.empty() ? "the phone" : "the phone " + serial;
  if (contains(e, "not found") || contains(e, "no devices/emulators"))
    return who + " is no longer connected (adb " + std::string(what) + ": " + first_line(e) + "): reconnect it and run again";
  if (contains(e, "unauthorized"))
    return who + " is unauthorized: unlock it and accept the 'Allow USB debugging' dialog, then run again";
  if (contains(e, "offline")) return who + " went offline: unplug and reconnect it, then run again";
  if (contains(e, "more than one")) return "several phones are attached: name one with --adb SERIAL";
  std::string line = first_line(e);
  return "adb " + std::string(what) + " failed on " + who + " (exit " + std::to_string(out.exit_code) + ")" +
         (line.empty() ? std::string() : ": " + line);
}

ErrorCode adb_failure_code(const ProcessOutput& out) {
  const std::string& e = out.err.empty() ? out.out : out.err;
  if (contains(e, "not found") || contains(e, "no devices/emulators") || contains(e, "offline")) return ErrorCode::kDeviceGone;
  return ErrorCode::kBadInput;
}

Result<AdbDevice> AdbDevice::connect(AdbOptions options) {
  for (char c : options.serial)
    if (c <= ' ' || c == 127) return make_error("a phone serial has no spaces or control characters: '" + options.serial + "'");
  // The first adb command starts adb's server (seconds): Ctrl-C stops the wait.
  auto listed = run_process(devices_argv(options), options.timeout, 1 << 20, options.cancel);
  if (!listed) return listed.error();
  if (listed->exit_code != 0) return make_error(explain_adb_failure("devices", "", *listed));
  auto serial = choose_device(parse_devices(listed->out), options.serial);
  if (!serial) return serial.error();
  std::string chosen = *serial;
  return AdbDevice(std::move(options), std::move(chosen));
}

Result<std::string> AdbDevice::run(std::vector<std::string> argv, std::chrono::milliseconds timeout,
                                   std::size_t max_output, bool require_success, bool cancellable) const {
  // "shell wm" / "exec-out screencap": the adb command and the device command, for messages.
  const std::string what = argv.size() > 4 ? argv[3] + " " + argv[4] : argv.size() > 3 ? argv[3] : "";
  const std::atomic<bool>* cancel = cancellable ? options_.cancel : nullptr;
  auto out = run_process(argv, timeout, max_output, cancel);
  // The code stays (a Ctrl-C is kInterrupted), the phone is named.
  auto on_phone = [this](const Error& e) { return Error{e.message + " (phone " + serial_ + ")", e.code, e.hint}; };
  if (!out) return on_phone(out.error());
  // adb's transport drops a command now and then ("error: closed", "protocol fault") with the phone
  // still there and the command not run: run it once more. Never against a phone that is gone,
  // locked or ambiguous: those are said at once.
  if (out->exit_code != 0 && is_adb_failure(out->err) && adb_failure_code(*out) != ErrorCode::kDeviceGone &&
      !contains(out->err, "unauthorized") && !contains(out->err, "more than one")) {
    out = run_process(argv, timeout, max_output, cancel);
    if (!out) return on_phone(out.error());
  }
  if (out->exit_code == 0) return std::move(out->out);
  // A failing device command still ran: its output is the caller's to judge, unless adb itself
  // complained (device gone, unauthorized) or the caller needs success.
  if (!require_success && !is_adb_failure(out->err)) return out->out + out->err;
  return make_error(adb_failure_code(*out), explain_adb_failure(what, serial_, *out));
}

Result<std::string> AdbDevice::shell(const std::vector<std::string>& words, std::chrono::milliseconds timeout) const {
  for (const auto& w : words)
    if (!safe_shell_word(w)) return make_error("refusing to send '" + w + "' to the phone's shell: not a known word or a plain number");
  return run(shell_argv(options_, serial_, words), timeout, 1 << 20, false, true);
}

Result<std::string> AdbDevice::input(const std::vector<std::string>& words, std::chrono::milliseconds timeout) const {
  for (const auto& w : words)
    if (!safe_shell_word(w)) return make_error("refusing to send '" + w + "' to the phone's shell: not a known word or a plain number");
  return run(shell_argv(options_, serial_, words), timeout, 1 << 20, false, false);
}

Result<std::string> AdbDevice::exec_out(const std::vector<std::string>& words, std::size_t max_output) const {
  for (const auto& w : words)
    if (!safe_shell_word(w)) return make_error("refusing to send '" + w + "' to the phone: not a known word or a plain number");
  return run(exec_out_argv(options_, serial_, words), options_.timeout, max_output, true, true);
}

}  // namespace pb::platform
