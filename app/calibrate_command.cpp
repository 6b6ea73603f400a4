/* calibrate_command.cpp: `puzzlebot calibrate`: measures a phone (or a desktop window) and writes its profile. */
// Over adb: model (getprop), touch size and density (wm size / wm density, overrides honoured), a
// screenshot, the screenshot-to-touch transform (calibration/calibrate.hpp), the board found with
// the one-stroke reader, then ONE test touch: a tap on a free cell next to the cat. On a fresh
// screenshot the cat must stand on that cell. That proves the transform end to end (a wrong scale
// or offset lands the tap on another cell, a gap or the background, and the cat stays put), and it
// is safe: a step next to the cat is a legal move that the play loop continues from (or restarts
// with the replay button), never a purchase or a menu.
//
// With --window: the desktop's transform is the window's position on the root window (1:1), as
// the desktop play loop computes it on every frame; the profile records it for reference only.

#include <cstdio>

#include "app/adb_phone.hpp"
#include "app/args.hpp"
#include "app/commands.hpp"
#include "app/play.hpp"
#include "app/play_onestroke.hpp"
#include "calibration/profile.hpp"
#include "capture/still.hpp"

#ifdef PB_HAVE_X11
#include "capture/x11_source.hpp"
#endif

namespace pb::app {
namespace {

constexpr const char* kHelp = R"(usage: puzzlebot calibrate --adb [SERIAL] --out P.yml [--adb-path PATH]
       puzzlebot calibrate --window TITLE --out P.yml [--display D]

Over adb, with 一笔画完 open on the phone at a level's board: reads the phone's model, screen size and
density, takes a screenshot, works out how screenshot pixels map to touch pixels, finds the board,
and taps ONE free cell next to the cat to check the mapping (the cat must move there). Then it
writes the profile for 'puzzlebot play --adb --profile P.yml' and 'puzzlebot solve --profile'.

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

constexpr std::chrono::milliseconds kTapWait{3000};  // longest wait for the test tap to show
constexpr std::chrono::milliseconds kPoll{60};

std::string cell_text(solvers::onestroke::Cell c) {
  std::string s(1, '(');  // appended: GCC 12 warns falsely on "(" + std::string&&
  s += std::to_string(c.row);
  s += ',';
  s += std::to_string(c.col);
  s += ')';
  return s;
}

int write_and_check(const calibration::Profile& p, const std::string& out) {
  if (auto saved = calibration::save_profile(p, out); !saved) return fail(saved.error().text());
  auto back = calibration::load_profile(out);
  if (!back) return fail("wrote " + out + " but it does not load again: " + back.error().message);
  return kExitSolved;
}

int calibrate_adb(const ParsedArgs& a, const std::string& out_path) {
  auto device = connect_phone(a.get("adb-path").value_or(""), a.get("adb").value_or(""));
  if (!device) return fail(device.error().text());
  auto info = query_phone(**device);
  if (!info) return fail(info.error().text());
  capture::AdbSource source(*device);
  auto shot0 = source.grab();
  if (!shot0) return fail(shot0.error().text());
  const calibration::Size shot{shot0->bgr.cols, shot0->bgr.rows};
  auto transform = calibration::screenshot_to_touch(shot, info->size.touch());
  if (!transform) return fail(transform.error().text());

  auto profile = calibration::ProfileDoc::open(a.get("profile").value_or(""));
  if (!profile) return fail(profile.error().text());
  auto params = onestroke_params(*profile);
  if (!params) return fail(params.error().text());
  auto before = vision::onestroke::read(shot0->bgr, *params);
  if (!before)
    return fail("cannot find the one-stroke board on the phone's screen: open 一笔画完 at a level and run again (" +
                before.error().message + ")");
  const auto& s0 = before->state;
  std::optional<solvers::onestroke::Cell> target;
  for (solvers::onestroke::Cell d : {solvers::onestroke::Cell{0, 1}, {1, 0}, {0, -1}, {-1, 0}}) {
    const solvers::onestroke::Cell n{s0.head.row + d.row, s0.head.col + d.col};
    if (s0.inside(n) && s0.at(n) == solvers::onestroke::Site::kFree) {
      target = n;
      break;
    }
  }
  if (!target)
    return fail("the cat has no free cell next to it to test a tap on: press the game's replay button and run again");

  FrameGesture fg;
  fg.kind = actuator::Gesture::Kind::kTap;
  fg.points.push_back(before->cell_centre(*target));
  fg.label = "test tap on cell " + cell_text(*target);
  auto g = to_input_gesture(fg, *transform, std::chrono::milliseconds(0));
  if (!g) return fail(g.error().text());
  actuator::AdbSinkOptions so;
  so.screen = transform->input;
  so.motionevent = false;  // a tap needs no probe
  actuator::AdbSink sink(*device, so);
  install_stop_handlers();
  const calibration::InputPoint at = g->points.front();
  if (auto sent = sink.perform(*g); !sent) return fail(sent.error().text());

  capture::StillOptions still;
  still.poll = kPoll;
  still.change_timeout = still.settle_timeout = kTapWait;  // the tap must show within kTapWait
  still.cancel = &stop_requested();
  auto after = capture::wait_until_still(source, &shot0->bgr, still);
  if (!after) return fail(after.error().text());
  const std::string where = "the test tap at touch (" + std::to_string(at.x) + "," + std::to_string(at.y) +
                            ") for cell " + cell_text(*target);
  if (!after->changed)
    return fail(where + " changed nothing on the screen: the touch and screenshot coordinates disagree, or the game "
                "ignores adb touches (some phones need 'USB debugging (Security settings)' on)");
  auto r1 = vision::onestroke::read(after->frame.bgr, *params);
  const bool finished_by_tap = s0.free_count() == 1;
  if (r1) {
    if (!same_layout(r1->state, s0))
      return fail(where + " did not move the cat there: the board changed shape (a menu opened?); run again");
    if (!(r1->state.head == *target)) {
      return fail(where + " left the cat at " + cell_text(r1->state.head) +
                  ": the touch landed elsewhere; check 'adb shell wm size' matches the screen and run again");
    }
  } else if (!finished_by_tap) {
    return fail(where + " left a screen without a readable board: " + r1.error().message);
  }

  calibration::Profile p = calibration::phone_profile(info->model, transform->input, info->density.effective(), *transform,
                                                       before->board);
  if (int rc = write_and_check(p, out_path); rc != kExitSolved) return rc;
  std::printf("wrote %s: %s, touch %dx%d, screenshots %dx%d (scale %.4f x %.4f), density %d, board at %d,%d %dx%d; "
              "the test tap moved the cat to cell %s\n",
              out_path.c_str(), info->model.empty() ? "(no model)" : info->model.c_str(), transform->input.width,
              transform->input.height, shot.width, shot.height, transform->scale_x, transform->scale_y,
              info->density.effective(), before->board.x, before->board.y, before->board.width, before->board.height,
              cell_text(*target).c_str());
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
  if (!source) return fail(source.error().text());
  auto frame = (*source)->grab();
  if (!frame) return fail(frame.error().text());
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
                             "calibrate", kHelp);
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
