/* xdo_safety.hpp: the checks XdoSink makes before it moves a real mouse, as pure functions to test. */
#pragma once

// Kept apart from xdo_sink.cpp so the rules (stay inside the game's window, stop when the user takes
// the mouse, drag in small steps) are unit-tested without an X server.

#include <string>
#include <vector>

#include "calibration/coords.hpp"
#include "core/result.hpp"

namespace pb::actuator {

// A window's rectangle in root (input) pixels.
struct WindowRect {
  int x = 0;
  int y = 0;
  int width = 0;
  int height = 0;
  bool contains(int px, int py) const { return px >= x && py >= y && px < x + width && py < y + height; }
};

// Refuses the gesture when any point lies outside `window` (named in the message as `what`), or when
// a point's input space differs from `screen` (a point mapped for another screen or device).
Result<void> check_inside(const std::vector<calibration::InputPoint>& points, const WindowRect& window,
                          const calibration::Size& screen, const std::string& what);

// A window stacked above the game that overlaps it, and how to name it in a message.
struct Cover {
  WindowRect rect;
  std::string name;  // "'xmessage' (0x400001) at 10,10 size 200x80"
};

// Refuses the gesture when any point lies under a window stacked above the game (the click would
// go to that window), naming it and `what`.
Result<void> check_uncovered(const std::vector<calibration::InputPoint>& points, const std::vector<Cover>& covers,
                             const std::string& what);

// The pointer is at (x, y); we left it at `expected`. An Error telling the user we stopped when it
// moved further than `tolerance_px` (the user took the mouse).
Result<void> check_pointer_unmoved(const calibration::InputPoint& expected, int x, int y, int tolerance_px);

// The points a drag passes through: `points` with extra points inserted so no straight step is longer
// than `max_step_px` (games that track the pointer, like Pegs, see a continuous drag). Keeps every
// original point; max_step_px <= 0 keeps `points` as they are.
std::vector<calibration::InputPoint> drag_path(const std::vector<calibration::InputPoint>& points, int max_step_px);

}  // namespace pb::actuator
