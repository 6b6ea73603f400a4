/* calibrate_command.cpp: `puzzlebot calibrate`: measures a phone (or a desktop window) and writes its profile. */
// Over adb: model (getprop), touch size and density (wm size / wm density, overrides honoured), a
// screenshot, the screenshot-to-touch transform (calibration/calibrate.hpp), then ONE test move
// planned by a game that can check a calibration (its CalibrationProbe, app/calibration_probe.hpp:
// the board found by its reader, a safe legal move whose effect the next screenshot shows). The move
// must land on its target: that proves the transform end to end.
//
// With --window: the desktop's transform is the window's position on the root window (1:1), as
// the desktop play loop computes it on every frame; the profile records it for reference only.

#include <cstdio>
#include <string>

#include "app/adb_phone.hpp"
#include "app/args.hpp"
#include "app/commands.hpp"
#include "app/calibration_probe.hpp"
#include "app/play.hpp"
#include "app/play_games.hpp"
#include "calibration/profile.hpp"
#include "capture/still.hpp"

#ifdef PB_HAVE_X11
#include "capture/x11_source.hpp"
#endif

namespace pb::app {
namespace {

// The game whose test move calibrate --adb makes: the first of the list that has one.
const CalibrationProbe* calibration_probe() {
  for (const PlayGame& g : play_games())
    if (g.calibration != nullptr) return g.calibration;
  return nullptr;
}

std::string help_text() {
  const CalibrationProbe* probe = calibration_probe();
  const std::string adb =
      probe != nullptr ? "Over adb, with " + std::string(probe->screen) +
                             ": reads the phone's model, screen size and\ndensity, takes a screenshot, works out how "
                             "screenshot pixels map to touch pixels, finds the board,\nand " +
                             std::string(probe->move) + "."
                       : "Over adb: reads the phone's model, screen size and density, takes a screenshot and works out "
                         "how\nscreenshot pixels map to touch pixels (no game of this build can test the mapping).";
  return R"(usage: puzzlebot calibrate --adb [SERIAL] --out P.yml [--adb-path PATH]
       puzzlebot calibrate --window TITLE --out P.yml [--display D]

)" + adb + R"(
Then it writes the profile for 'puzzlebot play --adb --profile P.yml' and 'puzzlebot solve
--profile'.

With --window: records the window's position on the screen (the desktop's transform).

options:
  --adb [SERIAL]   the phone (the serial from 'adb devices'; optional when only one is attached)
  --adb-path PATH  the adb program (default: adb on PATH)
  --window TITLE   the game's window title, exactly
  --display D      the X display (default: $DISPLAY)
  --out P.yml      the profile to write
  --profile P.yml  start from this profile's reader parameters
  -h, --help       this help

exit status: 0 written, 2 no phone / no board / the test tap did not land (the message says why).
)";
}

constexpr std::chrono::milliseconds kTapWait{3000};  // longest wait for the test tap to show
constexpr std::chrono::milliseconds kPoll{60};

int write_and_check(const calibration::Profile& p, const std::string& out) {
  if (auto saved = calibration::save_profile(p, out); !saved) return fail(saved.error());
  auto back = calibration::load_profile(out);
  if (!back) return fail("wrote " + out + " but it does not load again: " + back.error().message);
  return kExitSolved;
}

int calibrate_adb(const ParsedArgs& a, const std::string& out_path) {
  auto device = connect_phone(a.get("adb-path").value_or(""), a.get("adb").value_or(""));
  if (!device) return fail(device.error());
  auto info = query_phone(**device);
  if (!info) return fail(info.error());
  capture::AdbSource source(*device);
  auto shot0 = source.grab();
  if (!shot0) return fail(shot0.error());
  const calibration::Size shot{shot0->bgr.cols, shot0->bgr.rows};
  auto transform = calibration::screenshot_to_touch(shot, info->size.touch());
  if (!transform) return fail(transform.error());

  auto profile = calibration::ProfileDoc::open(a.get("profile").value_or(""));
  if (!profile) return fail(profile.error());
  const CalibrationProbe* probe = calibration_probe();
  if (probe == nullptr) return fail("no game of this build can check a phone's calibration with a test move");
  auto move = probe->plan(shot0->bgr, *profile);
  if (!move) return fail(move.error());

  auto g = to_input_gesture(move->gesture, *transform, std::chrono::milliseconds(0));
  if (!g) return fail(g.error());
  actuator::AdbSinkOptions so;
  so.screen = transform->input;
  so.motionevent = false;  // a tap needs no probe
  so.cancel = &stop_requested();  // a Ctrl-C before the test tap: no tap
  actuator::AdbSink sink(*device, so);
  const calibration::InputPoint at = g->points.front();
  if (auto sent = sink.perform(*g); !sent) return fail(sent.error());

  capture::StillOptions still;
  still.poll = kPoll;
  still.change_timeout = still.settle_timeout = kTapWait;  // the tap must show within kTapWait
  still.cancel = &stop_requested();
  auto after = capture::wait_until_still(source, &shot0->bgr, still);
  if (!after) return fail(after.error());
  if (stop_requested().load()) return fail(stopped_by_user("while the test tap was watched"));
  const std::string where = "the test tap at touch (" + std::to_string(at.x) + "," + std::to_string(at.y) +
                            ") for " + move->target;
  if (!after->changed)
    return fail(where + " changed nothing on the screen: the touch and screenshot coordinates disagree, or the game "
                "ignores adb touches (some phones need 'USB debugging (Security settings)' on)");
  if (auto landed = move->check(after->frame.bgr, where); !landed) return fail(landed.error());

  calibration::Profile p = calibration::phone_profile(info->model, transform->input, info->density.effective(), *transform,
                                                       move->board);
  if (int rc = write_and_check(p, out_path); rc != kExitSolved) return rc;
  std::printf("wrote %s: %s, touch %dx%d, screenshots %dx%d (scale %.4f x %.4f), density %d, board at %d,%d %dx%d; "
              "the test tap %s\n",
              out_path.c_str(), info->model.empty() ? "(no model)" : info->model.c_str(), transform->input.width,
              transform->input.height, shot.width, shot.height, transform->scale_x, transform->scale_y,
              info->density.effective(), move->board.x, move->board.y, move->board.width, move->board.height,
              move->landed.c_str());
  return kExitSolved;
}

int calibrate_window([[maybe_unused]] const ParsedArgs& a, [[maybe_unused]] const std::string& out_path) {
#ifndef PB_HAVE_X11
  return fail("this puzzlebot was built without X11: calibrate --window is not available");
#else
  capture::X11Options xo;
  xo.display = a.get("display").value_or("");
  xo.title = a.get("window").value_or("");
  auto source = capture::X11Source::open(xo);
  if (!source) return fail(source.error());
  if (stop_requested().load()) return fail(stopped_by_user("while opening the window"));
  auto frame = (*source)->grab();
  if (!frame) return fail(frame.error());
  const calibration::Size root = (*source)->root_size();
  calibration::Profile p;
  p.name = "window-" + calibration::profile_name(xo.title, root).substr(6);
  p.screen = root;
  p.frame_to_input = window_to_root(frame->screen_rect, root);
  if (int rc = write_and_check(p, out_path); rc != kExitSolved) return rc;
  std::printf("wrote %s: window '%s' at %d,%d (%dx%d) on a %dx%d screen; the desktop play loop recomputes this on "
              "every frame, so a moved window needs no new profile\n",
              out_path.c_str(), xo.title.c_str(), frame->screen_rect.x, frame->screen_rect.y, frame->screen_rect.width,
              frame->screen_rect.height, root.width, root.height);
  return kExitSolved;
#endif
}

}  // namespace

int calibrate_command(const std::vector<std::string>& args) {
  auto start = start_command(with_adb_value(args),
                             {{"adb", true}, {"adb-path", true}, {"window", true}, {"display", true}, {"out", true},
                              {"profile", true}},
                             "calibrate", help_text());
  const ParsedArgs* parsed = std::get_if<ParsedArgs>(&start);
  if (!parsed) return std::get<int>(start);
  if (!parsed->positional.empty()) return fail("calibrate takes no INPUT: see 'puzzlebot calibrate --help'");
  const std::string out = parsed->get("out").value_or("");
  if (out.empty()) return fail("calibrate needs --out P.yml (where to write the profile)");
  if (parsed->has("adb") == parsed->has("window"))
    return fail("calibrate needs one of --adb [SERIAL] (a phone) or --window TITLE (a desktop window)");
  return parsed->has("adb") ? calibrate_adb(*parsed, out) : calibrate_window(*parsed, out);
}

}  // namespace pb::app
