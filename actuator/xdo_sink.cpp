/* xdo_sink.cpp: libxdo clicks and drags, refused outside the game's window and stopped when the user moves the mouse. */
#include "actuator/xdo_sink.hpp"

#include <X11/Xlib.h>

#include <cstdio>
#include <cstdlib>
#include <optional>
#include <thread>

#include "platform/x11_error_trap.hpp"
#include "platform/x11_stacking.hpp"

extern "C" {  // xdo.h has no extern "C" guard of its own
#include <xdo.h>
}

namespace pb::actuator {
namespace {

constexpr int kLeftButton = 1;
// X's wheel: button 4 a notch up, 5 a notch down.
constexpr int kWheelUp = 4, kWheelDown = 5;

std::string hex_id(unsigned long id) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "0x%lx", id);
  return buf;
}

}  // namespace

struct XdoSink::Impl {
  xdo_t* xdo = nullptr;
  XdoOptions options;
  calibration::Size screen;
  int screen_number = 0;
  std::optional<calibration::InputPoint> left_at;  // where our last gesture left the pointer
  std::optional<Error> stopped;                    // sticky: once the user took the mouse, no more input
  bool button_down = false;

  ~Impl() {
    if (xdo != nullptr) {
      if (button_down) xdo_mouse_up(xdo, CURRENTWINDOW, kLeftButton);
      xdo_free(xdo);
    }
  }
  std::string what() const {
    return options.window == 0 ? std::string("the screen")
                               : "window '" + options.title + "' (" + hex_id(options.window) + ")";
  }
  void pause(std::chrono::milliseconds ms) const {
    if (ms.count() > 0) std::this_thread::sleep_for(ms);
  }
  Result<void> pointer_unmoved() {
    int x = 0, y = 0, screen_num = 0;
    if (xdo_get_mouse_location(xdo, &x, &y, &screen_num) != XDO_SUCCESS)
      return make_error("cannot read the mouse position from the X server");
    auto ok = check_pointer_unmoved(*left_at, x, y, options.pointer_tolerance_px);
    if (!ok) stopped = ok.error();
    return ok;
  }
  Result<void> move_to(const calibration::InputPoint& p) {
    if (xdo_move_mouse(xdo, p.x, p.y, screen_number) != XDO_SUCCESS)
      return make_error("cannot move the mouse (XTEST failed)");
    left_at = p;
    return {};
  }
  Result<void> press(bool down) {
    int rc = down ? xdo_mouse_down(xdo, CURRENTWINDOW, kLeftButton) : xdo_mouse_up(xdo, CURRENTWINDOW, kLeftButton);
    if (rc != XDO_SUCCESS) return make_error("cannot press the mouse button (XTEST failed)");
    button_down = down;
    return {};
  }
};

XdoSink::XdoSink(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
XdoSink::~XdoSink() = default;

Result<std::unique_ptr<XdoSink>> XdoSink::open(const XdoOptions& options) {
  auto impl = std::make_unique<Impl>();
  impl->options = options;
  impl->xdo = xdo_new(options.display.empty() ? nullptr : options.display.c_str());
  if (impl->xdo == nullptr)
    return make_error("cannot open X display '" + options.display + "' for input: is X running and DISPLAY set?");
  impl->xdo->quiet = 1;
  Display* d = impl->xdo->xdpy;
  // Asked of the server directly: libxdo 3.20160805's xdo_enable_feature ORs in (0 << feature), so
  // xdo_has_feature(XDO_FEATURE_XTEST) is always false there.
  int opcode = 0, event = 0, error = 0;
  if (!XQueryExtension(d, "XTEST", &opcode, &event, &error))
    return make_error("the X server has no XTEST extension, so puzzlebot cannot click: start it with XTEST enabled");
  impl->screen_number = DefaultScreen(d);
  impl->screen = {DisplayWidth(d, impl->screen_number), DisplayHeight(d, impl->screen_number)};
  return std::unique_ptr<XdoSink>(new XdoSink(std::move(impl)));
}

calibration::Size XdoSink::screen_size() const { return impl_->screen; }

Result<WindowRect> XdoSink::target_rect() {
  Impl& m = *impl_;
  if (m.options.window == 0) return WindowRect{0, 0, m.screen.width, m.screen.height};
  Display* d = m.xdo->xdpy;
  platform::X11ErrorTrap trap(d);
  XWindowAttributes attrs{};
  Status ok = XGetWindowAttributes(d, m.options.window, &attrs);
  int x = 0, y = 0;
  Window child = 0;
  if (ok != 0) XTranslateCoordinates(d, m.options.window, attrs.root, 0, 0, &x, &y, &child);
  if (trap.finish() != Success || ok == 0) return make_error(ErrorCode::kDeviceGone, m.what() + " is gone: was the game closed?");
  if (attrs.map_state != IsViewable)
    return make_error(m.what() + " is not visible (minimised?): puzzlebot only clicks on a visible game");
  return WindowRect{x, y, attrs.width, attrs.height};
}

Result<void> XdoSink::perform(const Gesture& gesture) {
  Impl& m = *impl_;
  if (m.stopped) return *m.stopped;
  if (m.options.cancel != nullptr && m.options.cancel->load())
    return make_error(ErrorCode::kInterrupted, "stopped by Ctrl-C before the next move");
  auto rect = target_rect();
  if (!rect) return rect.error();
  if (auto inside = check_inside(gesture.points, *rect, m.screen, m.what()); !inside) return inside;
  if (m.options.window != 0) {  // a point under another window would click that window
    std::vector<Cover> covers;
    for (const platform::X11Cover& c :
         platform::windows_covering(m.xdo->xdpy, m.options.window, {rect->x, rect->y, rect->width, rect->height}))
      covers.push_back({{c.box.x, c.box.y, c.box.width, c.box.height}, c.describe()});
    const auto path = gesture.kind == Gesture::Kind::kTap ? gesture.points : drag_path(gesture.points, m.options.drag_step_px);
    if (auto clear = check_uncovered(path, covers, m.what()); !clear) return clear;
  }
  if (m.left_at) {
    if (auto still = m.pointer_unmoved(); !still) return still;
  }

  if (gesture.kind == Gesture::Kind::kTap) {
    // A tap on each point in turn (Peg Solitaire's jump: click the peg, then the hole).
    for (std::size_t i = 0; i < gesture.points.size(); ++i) {
      if (i > 0) m.pause(gesture.step_pause);
      if (auto r = m.move_to(gesture.points[i]); !r) return r;
      m.pause(m.options.press_pause);
      if (auto still = m.pointer_unmoved(); !still) return still;  // taken during the pause: no press
      if (auto r = m.press(true); !r) return r;
      m.pause(m.options.press_pause);
      if (auto r = m.press(false); !r) return r;
    }
  } else {
    std::vector<calibration::InputPoint> path = drag_path(gesture.points, m.options.drag_step_px);
    if (auto r = m.move_to(path.front()); !r) return r;
    m.pause(m.options.press_pause);
    if (auto still = m.pointer_unmoved(); !still) return still;
    if (auto r = m.press(true); !r) return r;
    for (std::size_t i = 1; i < path.size(); ++i) {
      m.pause(gesture.step_pause);
      if (auto still = m.pointer_unmoved(); !still) {
        (void)m.press(false);  // never leave the button held; the game cancels a drop off a legal hole
        return still;
      }
      if (auto r = m.move_to(path[i]); !r) {
        (void)m.press(false);
        return r;
      }
    }
    m.pause(m.options.press_pause);
    if (auto r = m.press(false); !r) return r;
  }
  XFlush(m.xdo->xdpy);
  ++performed_;
  return {};
}

Result<void> XdoSink::scroll(const calibration::InputPoint& at, int notches, std::chrono::milliseconds pause) {
  Impl& m = *impl_;
  if (m.stopped) return *m.stopped;
  if (m.options.cancel != nullptr && m.options.cancel->load())
    return make_error(ErrorCode::kInterrupted, "stopped by Ctrl-C before scrolling");
  auto rect = target_rect();
  if (!rect) return rect.error();
  const std::vector<calibration::InputPoint> point = {at};
  if (auto inside = check_inside(point, *rect, m.screen, m.what()); !inside) return inside;
  if (m.options.window != 0) {
    std::vector<Cover> covers;
    for (const platform::X11Cover& c :
         platform::windows_covering(m.xdo->xdpy, m.options.window, {rect->x, rect->y, rect->width, rect->height}))
      covers.push_back({{c.box.x, c.box.y, c.box.width, c.box.height}, c.describe()});
    if (auto clear = check_uncovered(point, covers, m.what()); !clear) return clear;
  }
  if (m.left_at) {
    if (auto still = m.pointer_unmoved(); !still) return still;
  }
  if (auto r = m.move_to(at); !r) return r;
  m.pause(m.options.press_pause);
  const int button = notches > 0 ? kWheelDown : kWheelUp;
  for (int i = 0; i < std::abs(notches); ++i) {
    if (i > 0) m.pause(pause);
    if (auto still = m.pointer_unmoved(); !still) return still;
    if (xdo_click_window(m.xdo, CURRENTWINDOW, button) != XDO_SUCCESS)
      return make_error("cannot turn the mouse wheel (XTEST failed)");
  }
  XFlush(m.xdo->xdpy);
  return {};
}

Result<void> XdoSink::press_key(const std::string& keysym) {
  Impl& m = *impl_;
  if (m.stopped) return *m.stopped;
  if (m.options.cancel != nullptr && m.options.cancel->load()) return make_error(ErrorCode::kInterrupted, "stopped by Ctrl-C before the next key");
  auto rect = target_rect();
  if (!rect) return rect.error();
  int x = 0, y = 0, screen_num = 0;
  if (xdo_get_mouse_location(m.xdo, &x, &y, &screen_num) != XDO_SUCCESS)
    return make_error("cannot read the mouse position from the X server");
  if (m.left_at) {
    if (auto still = m.pointer_unmoved(); !still) return still;
  } else if (!rect->contains(x, y)) {
    return make_error("refusing to type '" + keysym + "': the pointer is not over " + m.what() +
                      ", so the key could go to another window");
  }
  if (xdo_send_keysequence_window(m.xdo, CURRENTWINDOW, keysym.c_str(), 12000) != XDO_SUCCESS)
    return make_error("cannot type '" + keysym + "' (XTEST failed or no such key)");
  XFlush(m.xdo->xdpy);
  return {};
}

}  // namespace pb::actuator
