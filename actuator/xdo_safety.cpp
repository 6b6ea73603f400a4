/* xdo_safety.cpp: window bounds, pointer-taken and drag-step rules for the desktop mouse. */
#include "actuator/xdo_safety.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace pb::actuator {
namespace {

std::string point_text(int x, int y) {
  // snprintf rather than "(" + std::to_string(x): GCC 12 warns falsely (-Wrestrict) on the latter.
  char buf[48];
  std::snprintf(buf, sizeof buf, "(%d,%d)", x, y);
  return buf;
}

}  // namespace

Result<void> check_inside(const std::vector<calibration::InputPoint>& points, const WindowRect& window,
                          const calibration::Size& screen, const std::string& what) {
  if (points.empty()) return make_error("refusing an empty gesture (no points): a bug in the move planner");
  for (const auto& p : points) {
    if (!(p.space == screen))
      return make_error("refusing point " + point_text(p.x, p.y) + ": it was mapped for a " +
                        std::to_string(p.space.width) + "x" + std::to_string(p.space.height) + " screen, this one is " +
                        std::to_string(screen.width) + "x" + std::to_string(screen.height));
    if (!window.contains(p.x, p.y))
      return make_error("refusing to touch " + point_text(p.x, p.y) + ": outside " + what + " at " +
                        point_text(window.x, window.y) + " size " + std::to_string(window.width) + "x" +
                        std::to_string(window.height) + " (did the window move or shrink?)");
  }
  return {};
}

Result<void> check_uncovered(const std::vector<calibration::InputPoint>& points, const std::vector<Cover>& covers,
                             const std::string& what) {
  for (const auto& p : points)
    for (const Cover& c : covers)
      if (c.rect.contains(p.x, p.y))
        return make_error("refusing to touch " + point_text(p.x, p.y) + ": " + c.name + " covers " + what +
                          " there; move it away or bring the game to the front");
  return {};
}

Result<void> check_pointer_unmoved(const calibration::InputPoint& expected, int x, int y, int tolerance_px) {
  if (std::abs(x - expected.x) <= tolerance_px && std::abs(y - expected.y) <= tolerance_px) return {};
  return make_error(ErrorCode::kInterrupted, "the mouse pointer moved to " + point_text(x, y) + " since puzzlebot left it at " +
                    point_text(expected.x, expected.y) +
                    ": someone took the mouse, so puzzlebot stopped; run it again to carry on");
}

std::vector<calibration::InputPoint> drag_path(const std::vector<calibration::InputPoint>& points, int max_step_px) {
  if (max_step_px <= 0 || points.size() < 2) return points;
  std::vector<calibration::InputPoint> out{points.front()};
  for (std::size_t i = 1; i < points.size(); ++i) {
    const auto& a = points[i - 1];
    const auto& b = points[i];
    double dx = b.x - a.x, dy = b.y - a.y;
    int steps = std::max(1, static_cast<int>(std::ceil(std::hypot(dx, dy) / max_step_px)));
    for (int s = 1; s < steps; ++s) {
      double t = static_cast<double>(s) / steps;
      out.push_back({static_cast<int>(std::lround(a.x + dx * t)), static_cast<int>(std::lround(a.y + dy * t)), a.space});
    }
    out.push_back(b);
  }
  return out;
}

}  // namespace pb::actuator
