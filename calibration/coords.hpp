/* coords.hpp: the three kinds of pixel position, kept apart by type; only calibration converts. */
#pragma once

// A screenshot pixel, a window pixel and a device touch pixel differ on scaled phone screens,
// letterboxed video frames and mirrored windows. Mixing them up taps the wrong cell, so each is
// its own type carrying the size it refers to (scrcpy's sc_position does the same).

namespace pb::calibration {

struct Size {
  int width = 0;
  int height = 0;
  friend bool operator==(const Size&, const Size&) = default;
};

// A pixel of a captured frame (what vision sees). x right, y down, origin top-left.
struct FramePoint {
  double x = 0;
  double y = 0;
  Size frame;  // the size of the frame this point refers to
};

// A pixel in the input device's space (X11 root window pixels, or a phone's touch panel).
struct InputPoint {
  int x = 0;
  int y = 0;
  Size space;  // the size of the input space
  friend bool operator==(const InputPoint&, const InputPoint&) = default;
};

// frame -> input: input = frame * scale + offset, per axis (a mirrored window has negative scale).
struct FrameToInput {
  double scale_x = 1, scale_y = 1;
  double offset_x = 0, offset_y = 0;
  Size input;  // the input space points land in

  InputPoint map(const FramePoint& p) const;
  bool inside(const InputPoint& p) const {
    return p.x >= 0 && p.y >= 0 && p.x < input.width && p.y < input.height;
  }
};

}  // namespace pb::calibration
