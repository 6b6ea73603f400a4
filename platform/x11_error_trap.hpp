/* x11_error_trap.hpp: turns X protocol errors (BadWindow, BadMatch...) into values instead of Xlib's exit. */
#pragma once

// Xlib reports protocol errors asynchronously through one process-wide handler whose default prints
// and exits: a game window closed between two calls would kill puzzlebot. A trap brackets a group of
// calls: it syncs, installs a recording handler, and on finish() syncs again so every error of the
// group has arrived, restores the previous handler and returns the first error code (Success if none).
// This is GDK's gdk_x11_display_error_trap_push/pop pattern.
//
// Rejected: one handler installed for the whole process at start-up (another library replacing it
// would silently swallow our errors, and errors outside a trap would be misattributed to the next
// call); checking XGetWindowAttributes before each call (the window can vanish between the check and
// the call, so the error still arrives).
//
// Shared by capture/x11_source.cpp and actuator/xdo_sink.cpp through platform/ (header-only): neither
// depends on the other. Not thread-safe: puzzlebot drives X from one thread, and traps do not
// nest (a nested trap would restore the outer trap's handler early).

#include <X11/Xlib.h>

#include <string>

namespace pb::platform {

class X11ErrorTrap {
 public:
  explicit X11ErrorTrap(Display* display) : display_(display) {
    XSync(display_, False);
    first_error() = Success;
    previous_ = XSetErrorHandler(&X11ErrorTrap::record);
  }
  ~X11ErrorTrap() {
    if (!finished_) finish();
  }
  X11ErrorTrap(const X11ErrorTrap&) = delete;
  X11ErrorTrap& operator=(const X11ErrorTrap&) = delete;

  // Waits for the server to answer everything sent so far; the first error code of the group.
  int finish() {
    if (!finished_) {
      XSync(display_, False);
      XSetErrorHandler(previous_);
      finished_ = true;
    }
    return first_error();
  }

 private:
  static int& first_error() {
    static int code = Success;
    return code;
  }
  static int record(Display*, XErrorEvent* event) {
    if (first_error() == Success) first_error() = event->error_code;
    return 0;
  }

  Display* display_;
  XErrorHandler previous_ = nullptr;
  bool finished_ = false;
};

// "BadWindow (invalid Window parameter)": Xlib's own name for an error code.
inline std::string x11_error_text(Display* display, int code) {
  char text[160] = {};
  XGetErrorText(display, code, text, sizeof text);
  return text;
}

}  // namespace pb::platform
