/* xdo_sink.hpp: XdoSink, clicks and drags on the X11 desktop through libxdo (XTEST), with safety stops. */
#pragma once

// The desktop mouse is shared with a person, so the sink is careful:
// - every point is checked against the target window's rectangle as it is *now* (queried before each
//   gesture, not taken from the frame) and the gesture is refused when a point falls outside;
// - before each gesture, and before each step of a drag, the pointer must still be where the sink
//   left it; if not, the user has taken the mouse and the sink stops for good (every later perform()
//   fails too) after releasing any button it holds;
// - a cancel flag (Ctrl-C) is honoured between gestures, never in the middle of one, so a drag is
//   never left with the button held down.
//
// Rejected: xdo_click_window / XSendEvent to the window (synthetic events carry send_event=True and
// many toolkits, GTK included, treat them differently from real input; XTEST input is what a person
// produces); warping the pointer back after each move (it would fight a user who grabs the mouse
// instead of yielding to them).

#include <atomic>
#include <chrono>
#include <memory>
#include <string>

#include "actuator/input_sink.hpp"
#include "actuator/xdo_safety.hpp"

namespace pb::actuator {

struct XdoOptions {
  std::string display;       // X display name; "" for $DISPLAY
  unsigned long window = 0;  // the game's window: every point must fall inside it; 0: the whole screen
  std::string title;         // the window's title, for messages
  int drag_step_px = 12;     // longest straight step of a drag (pixels) before a point is inserted
  std::chrono::milliseconds press_pause{25};  // between move, press and release, so the game sees each
  int pointer_tolerance_px = 2;  // pointer drift still taken as "where we left it" (pixels)
  const std::atomic<bool>* cancel = nullptr;  // set (by Ctrl-C) to stop before the next gesture
};

class XdoSink : public InputSink {
 public:
  // Connects to the display. Errors: no display, no XTEST extension.
  static Result<std::unique_ptr<XdoSink>> open(const XdoOptions& options);
  ~XdoSink() override;
  XdoSink(const XdoSink&) = delete;
  XdoSink& operator=(const XdoSink&) = delete;

  // Taps or drags (Gesture::step_pause between drag points). Errors, with nothing sent: a point is
  // outside the window, the window is gone, the pointer was moved by someone else, Ctrl-C.
  Result<void> perform(const Gesture& gesture) override;

  // Types one key (an X keysym name such as "n") into the game through XTEST, e.g. Simon Tatham's
  // "new game". Same safety as perform(): the pointer must be where the sink left it and inside the
  // window (with no window manager, keyboard focus follows the pointer).
  Result<void> press_key(const std::string& keysym);

  // Turns the mouse wheel `notches` clicks (positive: down, the page's content moves up; negative:
  // up) with the pointer at `at`, `pause` between clicks: X buttons 5 and 4, which browsers take as
  // wheel scrolling. The same safety as perform(): `at` must be inside the window and under no other
  // window, the pointer where the sink left it, no Ctrl-C; the pointer stays at `at`.
  Result<void> scroll(const calibration::InputPoint& at, int notches, std::chrono::milliseconds pause);

  // The input space: the X screen in root pixels (what InputPoint::space must be).
  calibration::Size screen_size() const;
  // Gestures sent in full so far.
  int performed() const { return performed_; }

 private:
  struct Impl;
  explicit XdoSink(std::unique_ptr<Impl> impl);
  Result<WindowRect> target_rect();
  std::unique_ptr<Impl> impl_;
  int performed_ = 0;
};

}  // namespace pb::actuator
