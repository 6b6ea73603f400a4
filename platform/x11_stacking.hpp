/* x11_stacking.hpp: which windows lie on top of a window (X11 stacking order): a covered game is neither read nor clicked. */
#pragma once

// Without a compositor, a window grab returns whatever covers the window where it is covered, and a
// click there goes to the window on top: a partly covered game reads as "no board found" and a move
// could land in another program. The root's children come from XQueryTree bottom to top, so the
// windows above the game's top-level window (its window-manager frame, or itself with no window
// manager) are the later siblings; those mapped and overlapping it cover it.
//
// Header-only (like x11_error_trap.hpp), in platform/: capture/ and actuator/ both use it.
//
// Rejected: XGetImage of the root compared with the window's own grab (costs a second grab per frame
// and cannot name the culprit); _NET_CLIENT_LIST_STACKING (only with an EWMH window manager, and
// bare Xvfb has none).

#include <X11/Xlib.h>
#include <X11/Xutil.h>

#include <cstdio>
#include <string>
#include <vector>

#include "platform/x11_error_trap.hpp"

namespace pb::platform {

struct X11Box {
  int x = 0, y = 0, width = 0, height = 0;  // root pixels
  bool contains(int px, int py) const { return px >= x && py >= y && px < x + width && py < y + height; }
  bool overlaps(const X11Box& o) const {
    return x < o.x + o.width && o.x < x + width && y < o.y + o.height && o.y < y + height;
  }
};

// A window above the target that overlaps it.
struct X11Cover {
  unsigned long id = 0;
  std::string title;  // its WM_NAME, or a child's (a window manager's frame has none of its own)
  X11Box box;

  std::string describe() const {
    char where[96];
    std::snprintf(where, sizeof where, " (0x%lx) at %d,%d size %dx%d", id, box.x, box.y, box.width, box.height);
    return (title.empty() ? std::string("an untitled window") : "'" + title + "'") + where;
  }
};

namespace detail {

inline std::string fetch_name(Display* d, Window w, int depth) {
  char* name = nullptr;
  std::string out;
  if (XFetchName(d, w, &name) != 0 && name != nullptr) out = name;
  if (name != nullptr) XFree(name);
  if (!out.empty() || depth == 0) return out;
  Window root = 0, parent = 0, *children = nullptr;
  unsigned int n = 0;
  if (XQueryTree(d, w, &root, &parent, &children, &n) != 0) {
    for (unsigned int i = 0; i < n && out.empty(); ++i) out = fetch_name(d, children[i], depth - 1);
    if (children != nullptr) XFree(children);
  }
  return out;
}

// The child of the root that holds `w` (w itself when it is one); 0 when `w` is gone.
inline Window top_level_of(Display* d, Window w) {
  for (int guard = 0; guard < 64; ++guard) {
    Window root = 0, parent = 0, *children = nullptr;
    unsigned int n = 0;
    if (XQueryTree(d, w, &root, &parent, &children, &n) == 0) return 0;
    if (children != nullptr) XFree(children);
    if (parent == root || parent == 0) return w;
    w = parent;
  }
  return 0;
}

}  // namespace detail

// Mapped windows stacked above `target` whose rectangles overlap `area` (root pixels), top first.
// Errors (a window closing meanwhile) just end the list early: the caller checks again next time.
inline std::vector<X11Cover> windows_covering(Display* d, unsigned long target, const X11Box& area) {
  std::vector<X11Cover> out;
  X11ErrorTrap trap(d);
  const Window top = detail::top_level_of(d, target);
  Window root = 0, parent = 0, *children = nullptr;
  unsigned int n = 0;
  if (top == 0 || XQueryTree(d, DefaultRootWindow(d), &root, &parent, &children, &n) == 0) {
    trap.finish();
    return out;
  }
  unsigned int at = n;
  for (unsigned int i = 0; i < n; ++i)
    if (children[i] == top) at = i;
  for (unsigned int i = n; i-- > at + 1 && at < n;) {
    XWindowAttributes a{};
    if (XGetWindowAttributes(d, children[i], &a) == 0 || a.map_state != IsViewable || a.c_class == InputOnly) continue;
    X11Box box{a.x, a.y, a.width + 2 * a.border_width, a.height + 2 * a.border_width};
    if (!box.overlaps(area)) continue;
    out.push_back({children[i], detail::fetch_name(d, children[i], 2), box});
  }
  if (children != nullptr) XFree(children);
  trap.finish();
  return out;
}

// Raises `target`'s top-level window (a window manager may refuse) and waits for the server.
inline void raise_window(Display* d, unsigned long target) {
  X11ErrorTrap trap(d);
  if (Window top = detail::top_level_of(d, target); top != 0) XRaiseWindow(d, top);
  trap.finish();
}

}  // namespace pb::platform
