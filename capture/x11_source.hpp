/* x11_source.hpp: X11Source, frames of one X11 window (found by its title) or of the whole screen. */
#pragma once

// Grabs through MIT-SHM (XShmGetImage: the server writes into memory we share, no copy through the
// socket) and falls back to plain XGetImage when the extension is missing, the server is remote, or
// the caller forces it (X11Options::use_shm = false, or PB_X11_NO_SHM=1 in the environment).
//
// Rejected: grabbing the root window at the game's rectangle (it would capture whatever covers the
// game, e.g. a terminal dragged over it; a window grab with no compositor has the same problem for
// the covered part but at least never reads another program's pixels where the game is unobscured
// and keeps working while the window moves); XComposite redirection (needs a compositing setup we
// cannot assume under bare Xvfb); `import`/`xwd` subprocesses (tens of milliseconds per frame, see
// docs/PERFORMANCE.md).
//
// A window that disappears (the game was closed) makes grab() return an Error, never crash: every
// call that names the window runs inside an X11ErrorTrap.

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "capture/frame_source.hpp"

namespace pb::capture {

struct X11Options {
  std::string display;      // X display name; "" for $DISPLAY
  std::string title;        // window title to find; "" with window_id 0: the whole screen (root)
  bool exact_title = true;  // true: the title must equal `title` (or be it plus a browser's suffix,
                            // see window_title_matches); false: contain it (any case)
  unsigned long window_id = 0;  // nonzero: grab this window and ignore `title`
  bool use_shm = true;      // false: always XGetImage (also forced by PB_X11_NO_SHM=1)
  // A window covering part of the game: raise the game (true), or refuse at once (false; also
  // forced by PB_X11_NO_RAISE=1). Either way a grab of a still-covered window is an error naming
  // the covering window (platform/x11_stacking.hpp).
  bool raise = true;
};

// A window that matched a search, for messages and --list style output.
struct X11Window {
  unsigned long id = 0;
  std::string title;
  cv::Rect root_rect;  // position and size in root-window pixels
};

class X11Source : public FrameSource {
 public:
  // Connects and finds the window. Errors: no display, no window with that title, several windows
  // with that title (the message lists them so the user can pass a window id).
  static Result<std::unique_ptr<X11Source>> open(const X11Options& options);
  ~X11Source() override;
  X11Source(const X11Source&) = delete;
  X11Source& operator=(const X11Source&) = delete;

  // One frame: BGR pixels of the window, screen_rect = its rectangle in root pixels. Errors when
  // another window covers part of it (after raising it, unless X11Options::raise is off).
  Result<Frame> grab() override;

  // The window's rectangle in root pixels right now (an Error when it is gone).
  Result<cv::Rect> window_rect();
  unsigned long window_id() const;
  const std::string& title() const;  // as found ("" for the root window)
  calibration::Size root_size() const;
  bool using_shm() const;  // false once we fell back to XGetImage

 private:
  struct Impl;
  explicit X11Source(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

// Browsers title a window "<page title> - Chromium" (" - Google Chrome", " — Mozilla Firefox", ...)
// except in app mode (chromium --app=URL), where the window carries the bare page title. An exact
// search for a page title matches both: `have` equals `want`, or is `want` followed by one of the
// browser suffixes. Nothing else: "One stroke - 1 solved" is not "One stroke".
// Rejected: stripping any " - Word" tail (a game titled "Fifteen - Easy" would match "Fifteen").
bool window_title_matches(std::string_view have, std::string_view want);

// Top-level windows whose title equals (exact, with window_title_matches) or contains `title`,
// visible ones only.
Result<std::vector<X11Window>> find_x11_windows(const std::string& display, const std::string& title,
                                                bool exact_title);

}  // namespace pb::capture
