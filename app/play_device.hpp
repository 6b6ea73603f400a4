/* play_device.hpp: the device half of `puzzlebot play`: where frames come from and where gestures go. */
#pragma once

// A PlayDevice is what the play loop needs from a device, whatever the game: a FrameSource, an
// InputSink, the frame-to-input mapping, a small description of what it can do (DeviceAbilities),
// and (where the device has one) a way to start a new game.
// `puzzlebot play` opens one from its command line (--window or --adb) and hands it, with the
// game's Player, to the one loop (play.hpp). The game never knows which device it plays on, and the
// device never knows the game.
//
// Rejected: a closed list of device kinds to branch on (a third kind, a Wayland desktop or a
// Windows PC, would touch every branch; it fills in the same description instead); a play command per device (the phone could then play only what its command wired up:
// one-stroke); the device choosing timings per game (timings are the device's: a phone's screencap
// costs hundreds of milliseconds whatever is on screen).

#include <functional>
#include <memory>
#include <string>

#include "actuator/input_sink.hpp"
#include "app/args.hpp"
#include "app/play.hpp"
#include "app/scroll_into_view.hpp"
#include "calibration/profile.hpp"
#include "capture/frame_source.hpp"

namespace pb::app {

// What a device can do: games and the command choose by this, never by which device it is.
struct DeviceAbilities {
  enum class Pointer {
    kMouse,  // a pointer that hovers, clicks and drags (a desktop window)
    kTouch,  // a finger: taps and swipes (a phone); a touch may slip or be lost
  };
  Pointer pointer = Pointer::kMouse;
  bool streams = true;  // frames come as a stream (a grab is cheap), not one screenshot per grab
};

// An X11 window: a mouse, frames read from the X server.
inline constexpr DeviceAbilities kWindowAbilities{DeviceAbilities::Pointer::kMouse, true};
// An Android phone over adb, before its capture is chosen: touch; whether it streams is known once
// it is opened (open_phone_device).
inline constexpr DeviceAbilities kPhoneAbilities{DeviceAbilities::Pointer::kTouch, false};

struct PlayDevice {
  DeviceAbilities abilities;
  std::string what;  // "window 'Fifteen' (0x3a00007)", "phone emulator-5554 (Pixel 6)": for logs
  std::unique_ptr<capture::FrameSource> source;
  // Where gestures go; under --dry-run a recorder, so nothing reaches the screen.
  std::unique_ptr<actuator::InputSink> sink;
  std::function<calibration::FrameToInput(const capture::Frame&)> to_input;
  // Starts a new game of the game on screen (Simon Tatham's 'n'); empty when the device has no way.
  std::function<Result<void>()> new_game;
  // Turns the mouse wheel over the game (a browser page scrolls); empty when the device has no wheel.
  ScrollFn scroll;
};

// The command-line options each device reads (merged into `play`'s own).
std::vector<OptionSpec> window_device_args();
std::vector<OptionSpec> phone_device_args();

// Opens the X11 window named on the command line, and libxdo input into it (a recorder under
// --dry-run). Sets nothing in `options` but what the desktop needs.
// `tap_pause_ms`: the default of --tap-pause (the game's own, PlayGame::tap_pause_ms).
Result<PlayDevice> open_window_device(const ParsedArgs& args, bool dry_run, int tap_pause_ms = 25);

// The same with a profile's input pacing for the desktop (a browser page may want slower input):
// its `timings` drag_step_ms sets the pause between the points of a drag in `options` unless --pace
// is given, and tap_ms the pause between pointer move, press and release unless --tap-pause is
// given (both 0 to 1000 ms; the profile's other timings are a phone's). The game's defaults stay
// when the profile has neither.
Result<PlayDevice> open_window_device(const ParsedArgs& args, const calibration::ProfileDoc& profile, bool dry_run,
                                      PlayOptions& options, int tap_pause_ms);

// Opens the phone named by --adb [SERIAL] (or the only one attached): raw screencap, adb touch,
// the transform from the device profile in `profile` when it has one (else from `wm size` and
// the first screenshot), the profile's timings (a phone polls less often than a desktop), and
// new_game: the key 'n' (`input keyevent KEYCODE_N`), as on the desktop.
Result<PlayDevice> open_phone_device(const ParsedArgs& args, const calibration::ProfileDoc& profile, bool dry_run,
                                     PlayOptions& options);

}  // namespace pb::app
