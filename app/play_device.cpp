/* play_device.cpp: opening the desktop window or the phone that `puzzlebot play` plays on. */
#include "app/play_device.hpp"

#include <cstdio>
#include <cstdlib>
#include <optional>

#include "actuator/adb_sink.hpp"
#include "app/adb_phone.hpp"
#include "app/commands.hpp"
#include "capture/adb_source.hpp"
#include "capture/still.hpp"

#ifdef PB_HAVE_X11
#include "actuator/xdo_sink.hpp"
#include "capture/x11_source.hpp"
#endif

namespace pb::app {

std::vector<OptionSpec> window_device_args() {
  return {{"window", true}, {"window-substring", false}, {"window-id", true}, {"display", true}, {"tap-pause", true}};
}

std::vector<OptionSpec> phone_device_args() {
  return {{"adb", true}, {"adb-path", true}, {"touch", true}, {"capture", true}};
}

namespace {

// A device's "new game": press the game's key (`press`), then wait (bounded) until the screen
// shows a changed, still board. Simon Tatham's games start a new game on 'n', on the desktop and
// in their Android port alike (there 'n' is the New game menu item's shortcut).
std::function<Result<void>()> new_game_by_key(capture::FrameSource* src, std::function<Result<void>()> press,
                                              std::string key, std::chrono::milliseconds timeout) {
  return [src, press = std::move(press), key = std::move(key), timeout]() -> Result<void> {
    auto before = src->grab();
    if (!before) return before.error();
    if (auto typed = press(); !typed) return typed;
    capture::StillOptions still;
    still.change_timeout = timeout;
    still.cancel = &stop_requested();
    auto now = capture::wait_until_still(*src, &before->bgr, still);
    if (!now) return now.error();
    if (!now->changed)
      return make_error("the game did not start a new board after " + key + " within " +
                        std::to_string(timeout.count() / 1000) + " s: start one by hand, or play with --levels 1");
    return {};
  };
}

}  // namespace

// ---- the desktop: an X11 window, libxdo input ----

Result<PlayDevice> open_window_device([[maybe_unused]] const ParsedArgs& args, [[maybe_unused]] bool dry_run,
                                      [[maybe_unused]] int tap_pause_ms) {
#ifndef PB_HAVE_X11
  return make_error("this puzzlebot was built without X11 and libxdo (PB_WITH_X11, libx11-dev libxext-dev libxdo-dev): "
                    "it cannot play on the desktop");
#else
  const std::string title = args.get("window").value_or("");
  const std::string id_text = args.get("window-id").value_or("");
  if (title.empty() && id_text.empty())
    return make_error("play needs --window TITLE (the game's window title, e.g. \"Fifteen\"), --window-id ID, or --adb");
  capture::X11Options xo;
  xo.display = args.get("display").value_or("");
  xo.title = title;
  xo.exact_title = !args.has("window-substring");
  if (!id_text.empty()) {
    char* end = nullptr;
    xo.window_id = std::strtoul(id_text.c_str(), &end, 0);
    if (end == id_text.c_str() || *end != '\0' || xo.window_id == 0)
      return make_error("--window-id wants an X window id such as 0x3a00007, not '" + id_text + "'");
  }
  auto source = capture::X11Source::open(xo);
  if (!source) return source.error();

  PlayDevice d;
  d.abilities = kWindowAbilities;
  char id[32];
  std::snprintf(id, sizeof id, "0x%lx", (*source)->window_id());
  d.what = "window '" + (*source)->title() + "' (" + id + ")";
  calibration::Size root = (*source)->root_size();
  d.to_input = [root](const capture::Frame& f) { return window_to_root(f.screen_rect, root); };
  capture::X11Source* src = source->get();
  if (dry_run) {
    d.sink = std::make_unique<actuator::RecordingSink>();
  } else {
    actuator::XdoOptions ao;
    ao.display = xo.display;
    ao.window = src->window_id();
    ao.title = src->title();
    ao.cancel = &stop_requested();
    auto tap_pause = args.get_int("tap-pause", tap_pause_ms, 0, 1000);
    if (!tap_pause) return tap_pause.error();
    ao.press_pause = std::chrono::milliseconds(*tap_pause);
    auto sink = actuator::XdoSink::open(ao);
    if (!sink) return sink.error();
    actuator::XdoSink* xdo = sink->get();
    d.sink = std::move(*sink);
    d.new_game = new_game_by_key(src, [xdo] { return xdo->press_key("n"); }, "'n'", std::chrono::milliseconds(2000));
    // The wheel at a point of the frame, mapped to the screen where the window is now; notches 30 ms
    // apart (a page eases each one; closer, some are merged).
    d.scroll = [xdo, root](const capture::Frame& f, calibration::FramePoint at, int notches) {
      return xdo->scroll(window_to_root(f.screen_rect, root).map(at), notches, std::chrono::milliseconds(30));
    };
  }
  d.source = std::move(*source);
  return d;
#endif
}

namespace {

// A pacing timing of the profile (`timings` KEY), when it has one; 0-1000 ms as --pace and --tap-pause.
Result<std::optional<int>> desktop_timing(const calibration::ProfileDoc& profile, const char* key) {
  if (profile.empty()) return std::optional<int>();
  const cv::FileNode node = profile.node("timings")[key];
  if (node.empty()) return std::optional<int>();
  if (!node.isInt() || static_cast<int>(node) < 0 || static_cast<int>(node) > 1000)
    return make_error(profile.path() + ": timings." + key + " must be a whole number of ms from 0 to 1000 on the desktop");
  return std::optional<int>(static_cast<int>(node));
}

}  // namespace

Result<PlayDevice> open_window_device(const ParsedArgs& args, const calibration::ProfileDoc& profile, bool dry_run,
                                      PlayOptions& options, int tap_pause_ms) {
  auto drag = desktop_timing(profile, "drag_step_ms");
  if (!drag) return drag.error();
  auto tap = desktop_timing(profile, "tap_ms");
  if (!tap) return tap.error();
  if (*drag && !args.has("pace")) options.drag_step_pause = std::chrono::milliseconds(**drag);
  return open_window_device(args, dry_run, tap->value_or(tap_pause_ms));
}

// ---- a phone over adb: raw screencap, adb touch ----

Result<PlayDevice> open_phone_device(const ParsedArgs& args, const calibration::ProfileDoc& profile_doc, bool dry_run,
                                     PlayOptions& o) {
  std::optional<calibration::Profile> profile;
  if (!profile_doc.empty()) {
    auto p = profile_doc.device();
    if (!p) return p.error();
    profile = std::move(*p);
  }
  auto device = connect_phone(args.get("adb-path").value_or(""), args.get("adb").value_or(""));
  if (!device) return device.error();
  auto info = query_phone(**device);
  if (!info) return info.error();
  const calibration::Size touch = info->size.touch();

  auto method = touch_method_option(args.get("touch"));
  if (!method) return method.error();
  auto capture = open_capture(*device, args.get("capture"));
  if (!capture) return capture.error();
  std::unique_ptr<capture::FrameSource> source = std::move(capture->source);
  auto first = source->grab();
  if (!first) return first.error();
  const calibration::Size shot{first->bgr.cols, first->bgr.rows};
  calibration::FrameToInput transform;
  if (profile) {
    if (auto fits = calibration::check_profile_fits(*profile, touch); !fits) return fits.error();
    transform = profile->frame_to_input;
    calibration::InputPoint corner = transform.map({shot.width - 1.0, shot.height - 1.0, shot});
    if (!transform.inside(corner) || !transform.inside(transform.map({0, 0, shot})))
      return make_error("the profile " + profile_doc.path() + " does not map this phone's " + std::to_string(shot.width) +
                        "x" + std::to_string(shot.height) + " screenshots onto its screen: run 'puzzlebot calibrate --adb' again");
    const calibration::Timings& t = profile->timings;
    o.change_timeout = std::chrono::milliseconds(2 * t.settle_ms);
    o.settle_timeout = std::chrono::milliseconds(t.max_settle_ms);
    o.look_after = std::chrono::milliseconds(t.settle_ms);
    o.drag_step_pause = std::chrono::milliseconds(t.drag_step_ms);
    o.next_level_timeout = std::chrono::milliseconds(t.level_pause_ms) + o.next_level_timeout;
  } else {
    auto t = calibration::screenshot_to_touch(shot, touch);
    if (!t) return t.error();
    transform = *t;
  }
  // A raw screencap takes 100-700 ms on a phone: polling faster only queues grabs.
  o.poll = std::chrono::milliseconds(50);

  PlayDevice d;
  d.abilities = kPhoneAbilities;
  d.abilities.streams = capture->streams;
  d.what = "phone " + (*device)->serial() + " (" + info->model + "), touch " + std::to_string(touch.width) + "x" +
           std::to_string(touch.height) + ", screenshots " + std::to_string(shot.width) + "x" +
           std::to_string(shot.height) + " by " + capture->description;
  d.to_input = [transform](const capture::Frame&) { return transform; };
  if (dry_run) {
    d.sink = std::make_unique<actuator::RecordingSink>();
  } else {
    actuator::AdbSinkOptions so;
    so.screen = transform.input;
    so.cancel = &stop_requested();
    so.method = *method;
    auto sink = std::make_unique<actuator::AdbSink>(*device, so);
    // The touch method is picked now (getevent -p), so the first move pays no probe.
    if (auto ready = sink->prepare(); !ready) return ready.error();
    d.what += ", touches by " + sink->describe();
    // The keyboard's 'n', as on the desktop: Simon Tatham's Puzzles for Android binds it to its New
    // game menu item. Games that bring their next level themselves never ask for it. `input` costs
    // about 350 ms on a phone, then the screen has to show the new board: 4 s.
    actuator::AdbSink* adb = sink.get();
    d.new_game = new_game_by_key(source.get(), [adb] { return adb->press_key("KEYCODE_N"); }, "'n' (KEYCODE_N)",
                                 std::chrono::milliseconds(4000));
    d.sink = std::move(sink);
  }
  d.source = std::move(source);
  return d;
}

}  // namespace pb::app
