/* play_onestroke_adb.cpp: `puzzlebot play --game onestroke --adb [SERIAL]`: the play loop on a phone over adb. */
// The loop is app/play.hpp's, unchanged: AdbSource and AdbSink are the device, OnestrokePlayer the
// game. What is phone-specific lives here: the transform (from the profile, or from `wm size` and
// the first screenshot), the timings (a raw screencap takes 100-700 ms on a phone, so the loop
// polls less often than on the desktop), and moving on between levels: the game starts the next
// level by itself, so `next_level` only waits until a fresh board (only the start visited) of
// another shape is on screen, which is also the proof that the level before was cleared.

#include <cstdio>
#include <thread>

#include "app/adb_phone.hpp"
#include "app/args.hpp"
#include "app/commands.hpp"
#include "app/play.hpp"
#include "app/play_onestroke.hpp"
#include "calibration/profile.hpp"

namespace pb::app {
namespace {

constexpr const char* kHelp = R"(usage: puzzlebot play --game onestroke --adb [SERIAL] [options]

Plays 一笔画完 (one-stroke) on an Android phone over adb: screenshot, read the board, solve, drag
the cat through every cell in one continuous touch, check the level was cleared, and go on with
the next level. A missed cell is re-planned from the board on screen; a dead end is restarted with
the game's replay button. See docs/PLAY-PHONE.md.

options:
  --adb [SERIAL]      the phone (its serial from 'adb devices'; optional when only one is attached)
  --adb-path PATH     the adb program (default: adb on PATH)
  --touch METHOD      auto (default: the fastest the phone takes), sendevent, motionevent or input
  --capture METHOD    auto (default: stream if the phone streams), stream or screencap
  --levels N          levels to clear in a row (default 1)
  --profile P.yml     the phone's profile from 'puzzlebot calibrate --adb --out P.yml' (default:
                      the transform is worked out from 'wm size' and the first screenshot)
  --timeout-ms N      give up solving a board after N ms (default 20000)
  --max-replans N     disagreements between the screen and the plan tolerated per level (default 4)
  --dry-run           plan the first level and draw it into a PNG; touch nothing
  --dry-run-out FILE  where --dry-run draws (default puzzlebot-dry-run.png)
  -h, --help          this help

Safety: every touch is checked to fall inside the phone's screen; only taps, swipes and touch
moves are sent ('adb shell input', fixed words and numbers); Ctrl-C stops between two touches.

exit status: 0 cleared, 1 a board is unsolvable, 2 bad input or phone trouble (no phone,
unauthorized, disconnected, unreadable screen), 3 gave up (time limit, Ctrl-C, screen kept
disagreeing, a level was not cleared).
)";

constexpr std::chrono::milliseconds kNextLevelGrace{10000};  // beyond the profile's level pause

int visited(const solvers::onestroke::State& s) {
  return static_cast<int>(std::count(s.sites.begin(), s.sites.end(), solvers::onestroke::Site::kVisited));
}

// Waits until the next level's board (fresh, another shape than `done`) is on screen. A board of
// the same shape coming back unfinished means the level was not cleared after all.
Result<void> wait_next_level(capture::FrameSource& source, OnestrokePlayer& player, const solvers::onestroke::State& done,
                             std::chrono::milliseconds timeout, std::chrono::milliseconds poll) {
  using Clock = std::chrono::steady_clock;
  const auto end = Clock::now() + timeout;
  std::string last = "nothing readable";
  while (Clock::now() < end) {
    if (stop_requested().load()) return make_error("stopped by Ctrl-C while waiting for the next level");
    auto f = source.grab();
    if (!f) return f.error();
    if (auto r = player.read(f->bgr); r && player.reading()) {
      const auto& s = player.reading()->state;
      if (!same_layout(s, done)) {
        if (visited(s) == 1) return {};
        last = "a board of another shape, partly drawn";
      } else if (s.free_count() > 0) {
        return make_error("the level was not cleared after all: the same board is back with " +
                          std::to_string(s.free_count()) + " cells to go");
      }
    }
    std::this_thread::sleep_for(poll);
  }
  return make_error("the next level did not appear within " + std::to_string(timeout.count() / 1000) +
                    " s (saw " + last + "): is a dialog open on the phone?");
}

}  // namespace

int play_adb_command(const std::vector<std::string>& raw_args) {
  auto parsed = parse_args(with_adb_value(raw_args),
                           {{"help", false}, {"game", true}, {"adb", true}, {"adb-path", true}, {"levels", true},
                            {"profile", true}, {"timeout-ms", true}, {"max-replans", true}, {"dry-run", false},
                            {"dry-run-out", true}, {"touch", true}, {"capture", true}},
                           "play");
  if (!parsed) return fail(parsed.error().message);
  if (parsed->has("help")) {
    std::fputs(kHelp, stdout);
    return kExitSolved;
  }
  if (!parsed->positional.empty()) return fail("play takes no INPUT: see 'puzzlebot play --adb --help'");
  const std::string game = parsed->get("game").value_or("");
  if (game != "onestroke")
    return fail(game.empty() ? "play needs --game onestroke" :
                "over adb puzzlebot plays onestroke (一笔画完), not '" + game + "'");

  PlayOptions o;
  auto levels = parsed->get_int("levels", 1, 1, 100000);
  if (!levels) return fail(levels.error().message);
  o.levels = static_cast<int>(*levels);
  auto timeout = parsed->get_int("timeout-ms", 20000, 1, 24LL * 3600 * 1000);
  if (!timeout) return fail(timeout.error().message);
  o.solve_timeout = std::chrono::milliseconds(*timeout);
  auto replans = parsed->get_int("max-replans", 4, 0, 1000);
  if (!replans) return fail(replans.error().message);
  o.max_replans = static_cast<int>(*replans);
  o.dry_run = parsed->has("dry-run");
  o.dry_run_out = parsed->get("dry-run-out").value_or(o.dry_run_out);
  const std::string profile_path = parsed->get("profile").value_or("");

  auto params = onestroke_params(profile_path);
  if (!params) return fail(params.error().message);
  std::optional<calibration::Profile> profile;
  if (!profile_path.empty()) {
    auto p = calibration::load_profile(profile_path);
    if (!p) return fail(p.error().message);
    profile = std::move(*p);
  }

  auto device = connect_phone(parsed->get("adb-path").value_or(""), parsed->get("adb").value_or(""));
  if (!device) return fail(device.error().message);
  auto info = query_phone(**device);
  if (!info) return fail(info.error().message);
  const calibration::Size touch = info->size.touch();

  auto capture = open_capture(*device, parsed->get("capture"));
  if (!capture) return fail(capture.error().message);
  capture::FrameSource& source = *capture->source;
  auto first = source.grab();
  if (!first) return fail(first.error().message);
  const calibration::Size shot{first->bgr.cols, first->bgr.rows};
  calibration::FrameToInput transform;
  if (profile) {
    if (auto fits = calibration::check_profile_fits(*profile, touch); !fits) return fail(fits.error().message);
    transform = profile->frame_to_input;
    calibration::InputPoint corner = transform.map({shot.width - 1.0, shot.height - 1.0, shot});
    if (!transform.inside(corner) || !transform.inside(transform.map({0, 0, shot})))
      return fail("the profile " + profile_path + " does not map this phone's " + std::to_string(shot.width) + "x" +
                  std::to_string(shot.height) + " screenshots onto its screen: run 'puzzlebot calibrate --adb' again");
    const calibration::Timings& t = profile->timings;
    o.change_timeout = std::chrono::milliseconds(2 * t.settle_ms);
    o.settle_timeout = std::chrono::milliseconds(t.max_settle_ms);
    o.drag_step_pause = std::chrono::milliseconds(t.drag_step_ms);
  } else {
    auto t = calibration::screenshot_to_touch(shot, touch);
    if (!t) return fail(t.error().message);
    transform = *t;
  }
  const calibration::Timings timings = profile ? profile->timings : calibration::Timings{};
  o.poll = std::chrono::milliseconds(50);
  o.to_input = [transform](const capture::Frame&) { return transform; };
  o.cancel = &stop_requested();

  OnestrokePlayer player([p = *params](const cv::Mat& bgr) { return vision::onestroke::read(bgr, p); });
  install_stop_handlers();
  actuator::AdbSinkOptions so;
  so.screen = transform.input;
  so.cancel = &stop_requested();
  auto method = touch_method_option(parsed->get("touch"));
  if (!method) return fail(method.error().message);
  so.method = *method;
  actuator::AdbSink adb_sink(*device, so);
  actuator::RecordingSink recorder;
  actuator::InputSink& sink = o.dry_run ? static_cast<actuator::InputSink&>(recorder) : adb_sink;
  if (o.dry_run) o.levels = 1;
  if (auto ready = o.dry_run ? Result<void>{} : adb_sink.prepare(); !ready) return fail(ready.error().message);

  const auto level_wait = std::chrono::milliseconds(timings.level_pause_ms) + kNextLevelGrace;
  o.next_level = [&]() -> Result<void> {
    const solvers::onestroke::State done = player.planned_from();
    player.begin_level();
    return wait_next_level(source, player, done, level_wait, o.poll * 2);
  };
  std::fprintf(stderr, "puzzlebot: phone %s (%s), touch %dx%d, screenshots %dx%d by %s, touches by %s\n",
               (*device)->serial().c_str(), info->model.c_str(), touch.width, touch.height, shot.width, shot.height,
               capture->description.c_str(), adb_sink.describe().c_str());

  PlayReport report = play(source, sink, player, o);
  if (report.exit_status == kExitSolved && !o.dry_run && player.cleared_how().rfind("the board left", 0) == 0) {
    // The last level's board went away: confirm with the next level that it was cleared.
    const solvers::onestroke::State done = player.planned_from();
    player.begin_level();
    auto next = wait_next_level(source, player, done, level_wait, o.poll * 2);
    if (!next && next.error().message.rfind("the level was not cleared", 0) == 0) {
      std::fprintf(stderr, "puzzlebot: %s\n", next.error().message.c_str());
      return kExitGaveUp;
    }
    if (!next) report.message += " (the last level's board left the screen; " + next.error().message + ")";
  }
  if (report.exit_status == kExitSolved) {
    std::printf("%s\n", report.message.c_str());
    return kExitSolved;
  }
  std::fprintf(stderr, "puzzlebot: %s\n", report.message.c_str());
  return report.exit_status;
}

}  // namespace pb::app
