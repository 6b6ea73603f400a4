/* doctor_command.cpp: `puzzlebot doctor`: checks, on one screen, every piece each command needs, and says what to do for each missing one. */
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <opencv2/core.hpp>

#include "actuator/adb_sink.hpp"
#include "app/adb_phone.hpp"
#include "app/args.hpp"
#include "app/commands.hpp"
#include "core/json.hpp"
#include "platform/adb_device.hpp"
#include "platform/plugin.hpp"
#include "solvers/common/tables.hpp"
#include "solvers/registry.hpp"
#include "vision/common/ocr.hpp"
#include "vision/registry.hpp"

#ifdef PB_HAVE_X11
#include "actuator/xdo_sink.hpp"
#include "capture/x11_source.hpp"
#endif

// Each check uses the code the commands use (plugin.hpp's loader and ABI check, X11Source,
// XdoSink, AdbDevice, the OCR wrapper, the table list), so what doctor finds is what a command
// would find. Rejected: reading package lists (dpkg) to tell what is installed (a library can be
// installed and still fail: a dead display, a module from another build, data under another prefix).

namespace pb::app {
namespace {

namespace fs = std::filesystem;

constexpr const char* kHelp = R"(usage: puzzlebot doctor [options]

Checks every piece a command needs, on this machine, now: the X display and its XShm and XTEST
extensions (libxdo input), Tesseract and its English data, the two modules beside the program, adb
and the phones attached (model, Android version, how puzzlebot would touch them and see their
screens), the table cache and its tables, and Chromium for browser play. Prints one line a piece,
and for each missing one what to do.

options:
  --adb-path PATH  the adb program (default: adb on PATH)
  --display D      the X display (default: $DISPLAY)
  --json           one JSON object a piece: "check", "status" (ok, missing, skipped), "detail",
                   "needed_by", "fix"
  -h, --help       this help

exit status: 0 every piece is there, 2 some are missing (the list says which and what to do).
)";

enum class Status { kOk, kMissing, kSkipped };

struct Check {
  std::string name;       // the key: display, xshm, xdo, codecs, ocr, tesseract, adb, phones, cache, tables, chromium
  Status status = Status::kOk;
  std::string detail;     // what was found
  std::string needed_by;  // which commands need it
  std::string fix;        // what to do when it is missing
};

const char* status_word(Status s) {
  switch (s) {
    case Status::kOk: return "ok";
    case Status::kMissing: return "missing";
    case Status::kSkipped: return "skipped";
  }
  return "?";
}

Check ok(std::string name, std::string detail, std::string needed_by) {
  return {std::move(name), Status::kOk, std::move(detail), std::move(needed_by), ""};
}
Check missing(std::string name, std::string detail, std::string needed_by, std::string fix) {
  return {std::move(name), Status::kMissing, std::move(detail), std::move(needed_by), std::move(fix)};
}
Check skipped(std::string name, std::string why, std::string needed_by) {
  return {std::move(name), Status::kSkipped, std::move(why), std::move(needed_by), ""};
}

// ---- The desktop ----

void check_desktop(const std::string& display_option, std::vector<Check>& out) {
  const std::string needs_display = "play --window, calibrate --window";
#ifdef PB_HAVE_X11
  const char* env = std::getenv("DISPLAY");
  const std::string display = !display_option.empty() ? display_option : env != nullptr ? env : "";
  if (display.empty()) {
    out.push_back(missing("display", "DISPLAY is not set", needs_display,
                          "run puzzlebot inside a desktop session, or start a virtual one: Xvfb :99 & export DISPLAY=:99"));
  } else {
    capture::X11Options o;
    o.display = display;
    o.raise = false;
    auto source = capture::X11Source::open(o);
    if (!source) {
      out.push_back(missing("display", source.error().message, needs_display,
                            "start the X server (or Xvfb " + display + "), or set DISPLAY to one that runs"));
    } else {
      auto frame = (*source)->grab();  // a grab falls back to plain XGetImage when MIT-SHM fails
      const calibration::Size size = (*source)->root_size();
      out.push_back(ok("display", "X display " + display + ", " + std::to_string(size.width) + "x" +
                                      std::to_string(size.height),
                       needs_display));
      if (frame && (*source)->using_shm())
        out.push_back(ok("xshm", "MIT-SHM shared-memory grabs", "play --window (fast capture)"));
      else
        out.push_back(missing("xshm", "no MIT-SHM on " + display + (std::getenv("PB_X11_NO_SHM") ? " (PB_X11_NO_SHM is set)" : ""),
                              "play --window (fast capture)",
                              "use a local X server with the MIT-SHM extension (Xvfb has it unless started with -extension MIT-SHM); "
                              "without it every grab goes through the socket"));
      actuator::XdoOptions xo;
      xo.display = display;
      if (auto sink = actuator::XdoSink::open(xo); sink)
        out.push_back(ok("xdo", "libxdo input through XTEST", "play --window (clicks, drags, keys)"));
      else
        out.push_back(missing("xdo", sink.error().message, "play --window (clicks, drags, keys)",
                              "start the X server with the XTEST extension (Xvfb has it unless started with -extension XTEST); "
                              "libxdo comes with the libxdo3 package (scripts/setup.sh)"));
      return;
    }
  }
  out.push_back(skipped("xshm", "needs the display", "play --window (fast capture)"));
  out.push_back(skipped("xdo", "needs the display", "play --window (clicks, drags, keys)"));
#else
  (void)display_option;
  const std::string fix = "install libx11-dev libxext-dev libxdo-dev (scripts/setup.sh) and rebuild";
  out.push_back(missing("display", "this puzzlebot was built without X11", needs_display, fix));
  out.push_back(missing("xshm", "this puzzlebot was built without X11", "play --window (fast capture)", fix));
  out.push_back(missing("xdo", "this puzzlebot was built without libxdo", "play --window (clicks, drags, keys)", fix));
#endif
}

// ---- Modules and Tesseract ----

void check_modules(std::vector<Check>& out) {
  const char* dir = std::getenv("PUZZLEBOT_PLUGIN_DIR");
  const std::string where = dir != nullptr && *dir != '\0' ? std::string(" (PUZZLEBOT_PLUGIN_DIR=") + dir + ")" : "";
  auto codecs = platform::load_plugin("codecs");
  if (codecs)
    out.push_back(ok("codecs", "puzzlebot-codecs.so loaded" + where, "solve SHOT.png, play, calibrate, learn"));
  else
    out.push_back(missing("codecs", codecs.error().message, "solve SHOT.png, play, calibrate, learn",
                          "copy puzzlebot-codecs.so next to the program (build/bin), or rebuild: scripts/setup.sh"));
  // The readers that use Tesseract say so in their entry (Reader::reads_text).
  std::vector<std::string_view> readers;
  for (const vision::Reader* r : vision::readers())
    if (r->reads_text) readers.push_back(r->game);
  std::string needs_ocr;
  for (std::size_t i = 0; i < readers.size(); ++i) {
    if (i > 0) needs_ocr += i + 1 == readers.size() ? " and " : ", ";
    needs_ocr += readers[i];
  }
  needs_ocr += " screenshots";
  auto ocr = platform::load_plugin("ocr");
  if (!ocr) {
    out.push_back(missing("ocr", ocr.error().message, needs_ocr,
                          "copy puzzlebot-ocr.so next to the program (build/bin), or rebuild: scripts/setup.sh"));
    out.push_back(skipped("tesseract", "needs puzzlebot-ocr.so", needs_ocr));
    return;
  }
  out.push_back(ok("ocr", "puzzlebot-ocr.so loaded" + where, needs_ocr));
  // One character off a blank crop: enough for Tesseract to load its English data.
  const cv::Mat blank(32, 32, CV_8UC1, cv::Scalar(255));
  if (auto text = vision::ocr::recognise(blank, vision::ocr::Layout::kChar, "0123456789"); text) {
    const char* prefix = std::getenv("TESSDATA_PREFIX");
    out.push_back(ok("tesseract", std::string("Tesseract with its English data") +
                                      (prefix != nullptr ? std::string(" (TESSDATA_PREFIX=") + prefix + ")" : ""),
                     needs_ocr));
  } else {
    out.push_back(missing("tesseract", text.error().message, needs_ocr,
                          "apt-get install tesseract-ocr-eng, or point TESSDATA_PREFIX at the folder holding eng.traineddata"));
  }
}

// ---- Phones ----

// "Android 14" from the SDK level (ro.build.version.sdk; the release name is not among the words
// puzzlebot sends to a phone's shell, platform/adb_device.hpp).
std::string android_version(const std::string& sdk_text) {
  const int sdk = std::atoi(sdk_text.c_str());
  static const char* const kRelease[] = {"5.0", "5.1", "6", "7.0", "7.1", "8.0", "8.1", "9", "10", "11",
                                         "12", "12L", "13", "14", "15", "16"};
  const int first = 21;
  if (sdk >= first && sdk < first + static_cast<int>(std::size(kRelease)))
    return std::string("Android ") + kRelease[sdk - first] + " (API " + std::to_string(sdk) + ")";
  return "API " + (sdk > 0 ? std::to_string(sdk) : std::string("unknown"));
}

std::string trimmed(std::string s) {
  while (!s.empty() && (s.back() == '\n' || s.back() == '\r' || s.back() == ' ')) s.pop_back();
  return s;
}

void check_phones(const std::string& adb_path, std::vector<Check>& out) {
  const std::string needs = "play --adb, calibrate --adb";
  platform::AdbOptions o;
  if (!adb_path.empty()) o.adb_path = adb_path;
  auto listed = platform::run_process(platform::devices_argv(o), std::chrono::seconds(10), 1 << 20);
  if (!listed) {
    out.push_back(missing("adb", listed.error().message, needs, "apt-get install adb (or pass --adb-path PATH)"));
    out.push_back(skipped("phones", "needs adb", needs));
    return;
  }
  if (listed->exit_code != 0) {
    out.push_back(missing("adb", platform::explain_adb_failure("devices", "", *listed), needs,
                          "run 'adb kill-server', then 'adb devices', and read what it says"));
    out.push_back(skipped("phones", "needs adb", needs));
    return;
  }
  out.push_back(ok("adb", o.adb_path + " answers", needs));
  const std::vector<platform::DeviceEntry> devices = platform::parse_devices(listed->out);
  if (devices.empty()) {
    out.push_back(missing("phones", "no phone attached", needs,
                          "connect a phone with USB debugging on (docs/PLAY-PHONE.md), then check 'adb devices'"));
    return;
  }
  for (const platform::DeviceEntry& d : devices) {
    platform::AdbOptions one = o;
    one.serial = d.serial;
    auto device = platform::AdbDevice::connect(one);
    if (!device) {
      out.push_back(missing("phones", device.error().message, needs, "see docs/PLAY-PHONE.md"));
      continue;
    }
    auto model = device->shell({"getprop", "ro.product.model"});
    auto sdk = device->shell({"getprop", "ro.build.version.sdk"});
    if (!model || !sdk) {
      out.push_back(missing("phones", (!model ? model : sdk).error().message, needs, "see docs/PLAY-PHONE.md"));
      continue;
    }
    // How puzzlebot would touch it and see it: the choices `play --adb` makes (sendevent, else
    // motionevent, else input; a screenrecord stream, else screencap), through the same code.
    auto shared = std::make_shared<const platform::AdbDevice>(std::move(*device));
    std::string how;
    actuator::AdbSink sink(shared, actuator::AdbSinkOptions{});
    if (auto touch = sink.prepare(); touch) how += "; touch: " + sink.describe();
    if (auto screens = open_capture(shared, std::nullopt); screens) how += "; screens: " + screens->description;
    out.push_back(ok("phones", d.serial + ": " + trimmed(*model) + ", " + android_version(trimmed(*sdk)) + how, needs));
  }
}

// ---- The table cache ----

void check_cache(std::vector<Check>& out) {
  // The games whose solvers cache tables (their Game entry says so), in PB_GAMES order.
  std::vector<const solvers::Game*> games;
  std::string names, words;  // "a, b" for sentences, "a b" for the prepare command
  for (const solvers::Game* g : solvers::games()) {
    if (g->tables == nullptr) continue;
    if (!games.empty()) {  // appended: GCC 12 warns falsely on "" + std::string&&
      names += ", ";
      words += ' ';
    }
    names += g->name;
    words += g->name;
    games.push_back(g);
  }
  const std::string needs = "solve (" + names + " boards)";
  const std::string dir = solvers::cache_dir();
  if (dir.empty()) {
    out.push_back(missing("cache", "no cache folder", needs, "set PUZZLEBOT_CACHE_DIR (or XDG_CACHE_HOME or HOME)"));
    out.push_back(skipped("tables", "needs the cache folder", needs));
    return;
  }
  std::error_code ec;
  if (fs::exists(dir, ec) && !fs::is_directory(dir, ec)) {
    out.push_back(missing("cache", dir + " is not a folder", needs, "remove it, or set PUZZLEBOT_CACHE_DIR to a folder"));
    out.push_back(skipped("tables", "needs the cache folder", needs));
    return;
  }
  // The nearest existing folder must be writable: the cache is made on first use.
  fs::path probe = dir;
  while (!probe.empty() && !fs::exists(probe, ec)) probe = probe.parent_path();
  if (probe.empty() || ::access(probe.c_str(), W_OK) != 0) {
    out.push_back(missing("cache", dir + " cannot be written", needs,
                          "make it writable, or set PUZZLEBOT_CACHE_DIR to a folder that is"));
    out.push_back(skipped("tables", "needs the cache folder", needs));
    return;
  }
  out.push_back(ok("cache", dir + (fs::exists(dir, ec) ? "" : " (made on first use)"), needs));
  int ready = 0, total = 0;
  std::string bad, absent_boards;
  for (const solvers::Game* g : games) {
    for (const solvers::TableInfo& t : g->tables->list()) {
      ++total;
      std::string why;
      switch (g->tables->state(t, &why)) {
        case solvers::TableState::kReady: ++ready; break;
        case solvers::TableState::kUnusable:
          bad += (bad.empty() ? "" : ", ") + t.file + " (" + why + ")";
          [[fallthrough]];
        case solvers::TableState::kMissing:
          if (absent_boards.find(t.board) == std::string::npos)
            absent_boards += (absent_boards.empty() ? "" : ", ") + t.board + " " + t.set;
          break;
      }
    }
  }
  const std::string counted = std::to_string(ready) + " of " + std::to_string(total) + " " + names + " tables built";
  if (ready == total)
    out.push_back(ok("tables", counted, needs));
  else
    out.push_back(missing("tables", counted + " (not: " + absent_boards + ")" + (bad.empty() ? "" : "; unusable: " + bad),
                          needs + ": weaker tables until then",
                          "puzzlebot prepare " + words + " (it says what it will take first)"));
}

// ---- Browser ----

// The first executable `name` on PATH, or "".
std::string on_path(const std::string& name) {
  const char* path = std::getenv("PATH");
  std::string dirs = path != nullptr ? path : "";
  std::size_t at = 0;
  while (at <= dirs.size()) {
    const std::size_t end = std::min(dirs.find(':', at), dirs.size());
    const std::string dir = end > at ? dirs.substr(at, end - at) : ".";
    const std::string candidate = dir + "/" + name;
    if (::access(candidate.c_str(), X_OK) == 0) return candidate;
    at = end + 1;
  }
  return "";
}

void check_browser(std::vector<Check>& out) {
  const std::string needs = "browser play";
  const std::string found = on_path("chromium");
  if (found.empty())
    out.push_back(missing("chromium", "no chromium on PATH", needs, "apt-get install chromium"));
  else
    out.push_back(ok("chromium", found, needs));
}

}  // namespace

int doctor_command(const std::vector<std::string>& args) {
  auto start = start_command(args, {{"json", false}, {"adb-path", true}, {"display", true}}, "doctor", kHelp);
  const ParsedArgs* parsed = std::get_if<ParsedArgs>(&start);
  if (!parsed) return std::get<int>(start);
  if (!parsed->positional.empty()) return fail("doctor takes no arguments: see 'puzzlebot doctor --help'");
  std::vector<Check> checks;
  check_desktop(parsed->get("display").value_or(""), checks);
  check_modules(checks);
  check_phones(parsed->get("adb-path").value_or(""), checks);
  check_cache(checks);
  check_browser(checks);

  int missing_count = 0;
  for (const Check& c : checks) missing_count += c.status == Status::kMissing ? 1 : 0;
  if (parsed->has("json")) {
    for (const Check& c : checks)
      std::printf("%s\n", json::ObjectWriter()
                              .string("check", c.name)
                              .string("status", status_word(c.status))
                              .string("detail", c.detail)
                              .string("needed_by", c.needed_by)
                              .string("fix", c.fix)
                              .str()
                              .c_str());
    return missing_count == 0 ? kExitSolved : kExitBadInput;
  }
  std::printf("puzzlebot doctor: what each command needs, on this machine\n");
  for (const Check& c : checks)
    std::printf("  %-8s %-10s %s  [%s]\n", c.status == Status::kMissing ? "MISSING" : status_word(c.status),
                c.name.c_str(), c.detail.c_str(), c.needed_by.c_str());
  if (missing_count == 0) {
    std::printf("everything is there\n");
    return kExitSolved;
  }
  std::printf("\n%s missing; what to do:\n", plural(missing_count, "piece").c_str());
  int n = 0;
  for (const Check& c : checks)
    if (c.status == Status::kMissing) std::printf("  %d. %s: %s\n", ++n, c.name.c_str(), c.fix.c_str());
  return kExitBadInput;
}

}  // namespace pb::app
