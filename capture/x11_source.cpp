/* x11_source.cpp: X11 window capture through MIT-SHM with an XGetImage fallback; errors, never crashes. */
#include "capture/x11_source.hpp"
#include "core/text.hpp"

#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/extensions/XShm.h>
#include <sys/ipc.h>
#include <sys/shm.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <algorithm>
#include <cctype>
#include <cstring>
#include <opencv2/imgproc.hpp>
#include <thread>

#include "platform/x11_error_trap.hpp"
#include "platform/x11_stacking.hpp"

extern "C" {  // xdo.h has no extern "C" guard of its own
#include <xdo.h>
}

namespace pb::capture {
namespace {

// Xlib calls this when the connection itself dies (the X server exited); it must not return.
// Exit status 2 is the app's "bad input / environment" status (FORMATS.md).
constexpr int kLostDisplayExitStatus = 2;

int on_io_error(Display*) {
  std::fputs("puzzlebot: lost the connection to the X server: was it closed?\n", stderr);
  std::fflush(stderr);
  _exit(kLostDisplayExitStatus);
}

std::string display_label(const std::string& name) {
  if (!name.empty()) return name;
  const char* env = std::getenv("DISPLAY");
  return env != nullptr ? env : "(DISPLAY is not set)";
}

// POSIX extended regex for the literal `text` (xdo's search takes a regex).
std::string regex_escape(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (std::strchr(".^$|?*+()[]{}\\", c) != nullptr) out += '\\';
    out += c;
  }
  return out;
}

std::string hex_id(unsigned long id) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "0x%lx", id);
  return buf;
}

std::string window_title(const xdo_t* xdo, Window w) {
  unsigned char* name = nullptr;
  int len = 0, type = 0;
  std::string out;
  if (xdo_get_window_name(xdo, w, &name, &len, &type) == XDO_SUCCESS && name != nullptr)
    out.assign(reinterpret_cast<const char*>(name), static_cast<std::size_t>(std::max(len, 0)));
  if (name != nullptr) XFree(name);
  return out;
}

// Position and size in root pixels; false when the window is gone or unmapped.
bool root_rect_of(Display* d, Window w, cv::Rect* rect, XWindowAttributes* attrs_out, int* error) {
  platform::X11ErrorTrap trap(d);
  XWindowAttributes attrs{};
  Status ok = XGetWindowAttributes(d, w, &attrs);
  int x = 0, y = 0;
  Window child = 0;
  if (ok != 0) XTranslateCoordinates(d, w, attrs.root, 0, 0, &x, &y, &child);
  *error = trap.finish();
  if (ok == 0 || *error != Success) return false;
  *rect = cv::Rect(x, y, attrs.width, attrs.height);
  if (attrs_out != nullptr) *attrs_out = attrs;
  return true;
}

struct XdoDeleter {
  void operator()(xdo_t* x) const { xdo_free(x); }
};

}  // namespace

bool window_title_matches(std::string_view have, std::string_view want) {
  if (have == want) return true;
  if (want.empty() || have.size() <= want.size() || have.substr(0, want.size()) != want) return false;
  static constexpr std::string_view kBrowserSuffixes[] = {
      " - Chromium", " - Google Chrome", " - Google Chrome for Testing", " - Microsoft Edge",
      " - Mozilla Firefox", " \u2014 Mozilla Firefox",
  };
  const std::string_view tail = have.substr(want.size());
  for (std::string_view s : kBrowserSuffixes)
    if (tail == s) return true;
  return false;
}

namespace {

std::vector<X11Window> search(Display* d, const std::string& display_name, const std::string& title,
                              bool exact) {
  std::unique_ptr<xdo_t, XdoDeleter> xdo(
      xdo_new_with_opened_display(d, display_name.empty() ? nullptr : display_name.c_str(), 0));
  std::vector<X11Window> found;
  if (!xdo) return found;
  xdo->quiet = 1;
  std::string pattern = regex_escape(title);
  xdo_search_t query{};
  query.winname = pattern.c_str();
  query.searchmask = SEARCH_NAME | SEARCH_ONLYVISIBLE;
  query.only_visible = 1;
  query.max_depth = -1;
  query.require = xdo_search_t::SEARCH_ANY;
  Window* list = nullptr;
  unsigned int count = 0;
  {
    // A window closing during the walk raises BadWindow; that window is simply not a match.
    platform::X11ErrorTrap trap(d);
    xdo_search_windows(xdo.get(), &query, &list, &count);
    trap.finish();
  }
  for (unsigned int i = 0; i < count; ++i) {
    X11Window w;
    w.id = list[i];
    {
      platform::X11ErrorTrap trap(d);
      w.title = window_title(xdo.get(), list[i]);
      if (trap.finish() != Success) continue;
    }
    if (exact && !window_title_matches(w.title, title)) continue;
    int error = Success;
    if (!root_rect_of(d, list[i], &w.root_rect, nullptr, &error)) continue;
    // GTK maps a 1x1 helper window with no title and a 10x10 leader; neither is the game.
    if (w.root_rect.width <= 1 || w.root_rect.height <= 1) continue;
    found.push_back(std::move(w));
  }
  if (list != nullptr) std::free(list);
  return found;
}

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}


// The visible titles nearest to `title`, nearest first, for "no such window" messages: the same
// title in another case, then titles containing it (or contained in it), then by edit distance.
std::vector<std::string> nearest_titles(Display* d, const std::string& display_name, const std::string& title,
                                        std::size_t most) {
  const std::string want = lower(title);
  std::vector<std::pair<std::size_t, std::string>> scored;
  for (const X11Window& w : search(d, display_name, "", false)) {
    if (w.title.empty() || w.title.size() > 200) continue;
    bool seen = false;
    for (const auto& s : scored) seen = seen || s.second == w.title;
    if (seen) continue;
    const std::string have = lower(w.title);
    std::size_t score = have == want ? 0
                        : (have.find(want) != std::string::npos || want.find(have) != std::string::npos)
                            ? 1 + (have.size() > want.size() ? have.size() - want.size() : want.size() - have.size())
                            : 1000 + edit_distance(have, want);
    scored.emplace_back(score, w.title);
  }
  std::stable_sort(scored.begin(), scored.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<std::string> out;
  for (const auto& s : scored) {
    if (out.size() == most) break;
    out.push_back(s.second);
  }
  return out;
}

}  // namespace

struct X11Source::Impl {
  Display* display = nullptr;
  std::string display_name;
  Window window = 0;
  bool is_root = false;
  bool raise = true;
  std::string title;
  calibration::Size root;
  bool shm = false;
  // The shared-memory image, rebuilt when the window's size changes.
  XImage* shm_image = nullptr;
  XShmSegmentInfo shm_info{};
  bool shm_attached = false;

  ~Impl() {
    release_shm();
    if (display != nullptr) XCloseDisplay(display);
  }

  std::string name() const {
    return is_root ? std::string("the screen") : "window '" + title + "' (" + hex_id(window) + ")";
  }

  void release_shm() {
    if (shm_attached) {
      platform::X11ErrorTrap trap(display);
      XShmDetach(display, &shm_info);
      trap.finish();
      shm_attached = false;
    }
    if (shm_image != nullptr) {
      shm_image->data = nullptr;  // the segment is not Xlib's to free
      XDestroyImage(shm_image);
      shm_image = nullptr;
    }
    if (shm_info.shmaddr != nullptr) shmdt(shm_info.shmaddr);
    shm_info = XShmSegmentInfo{};
  }

  // Prepares a shared image of w x h for the window's visual; false (and SHM off for good) on failure.
  bool ensure_shm(const XWindowAttributes& attrs) {
    if (shm_image != nullptr && shm_image->width == attrs.width && shm_image->height == attrs.height &&
        shm_image->depth == attrs.depth)
      return true;
    release_shm();
    shm_image = XShmCreateImage(display, attrs.visual, static_cast<unsigned>(attrs.depth), ZPixmap, nullptr,
                                &shm_info, static_cast<unsigned>(attrs.width), static_cast<unsigned>(attrs.height));
    if (shm_image == nullptr) return false;
    std::size_t bytes = static_cast<std::size_t>(shm_image->bytes_per_line) * static_cast<std::size_t>(shm_image->height);
    shm_info.shmid = shmget(IPC_PRIVATE, bytes, IPC_CREAT | 0600);
    if (shm_info.shmid < 0) {
      release_shm();
      return false;
    }
    shm_info.shmaddr = static_cast<char*>(shmat(shm_info.shmid, nullptr, 0));
    // Marked for removal now: the kernel frees the segment when both we and the server detach, even
    // if we are killed.
    shmctl(shm_info.shmid, IPC_RMID, nullptr);
    if (shm_info.shmaddr == reinterpret_cast<char*>(-1)) {
      shm_info.shmaddr = nullptr;
      release_shm();
      return false;
    }
    shm_image->data = shm_info.shmaddr;
    shm_info.readOnly = False;
    platform::X11ErrorTrap trap(display);
    Bool attached = XShmAttach(display, &shm_info);
    if (trap.finish() != Success || attached == 0) {  // e.g. a remote server cannot see our memory
      release_shm();
      return false;
    }
    shm_attached = true;
    return true;
  }
};

X11Source::X11Source(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
X11Source::~X11Source() = default;

Result<std::vector<X11Window>> find_x11_windows(const std::string& display, const std::string& title,
                                                bool exact_title) {
  Display* d = XOpenDisplay(display.empty() ? nullptr : display.c_str());
  if (d == nullptr)
    return make_error("cannot open X display " + display_label(display) + ": is X running and DISPLAY set?");
  std::vector<X11Window> found = search(d, display, title, exact_title);
  XCloseDisplay(d);
  return found;
}

Result<std::unique_ptr<X11Source>> X11Source::open(const X11Options& options) {
  XSetIOErrorHandler(&on_io_error);
  auto impl = std::make_unique<Impl>();
  impl->display_name = options.display;
  impl->display = XOpenDisplay(options.display.empty() ? nullptr : options.display.c_str());
  if (impl->display == nullptr)
    return make_error("cannot open X display " + display_label(options.display) + ": is X running and DISPLAY set?");
  Display* d = impl->display;
  impl->root = {DisplayWidth(d, DefaultScreen(d)), DisplayHeight(d, DefaultScreen(d))};

  if (options.window_id != 0) {
    impl->window = options.window_id;
    cv::Rect rect;
    int error = Success;
    if (!root_rect_of(d, impl->window, &rect, nullptr, &error))
      return make_error("no window " + hex_id(options.window_id) + " on display " + display_label(options.display) +
                        ": " + platform::x11_error_text(d, error) + "; list windows with 'xdotool search --name TITLE'");
    std::unique_ptr<xdo_t, XdoDeleter> xdo(xdo_new_with_opened_display(d, nullptr, 0));
    if (xdo) {
      platform::X11ErrorTrap trap(d);
      impl->title = window_title(xdo.get(), impl->window);
    }
  } else if (options.title.empty()) {
    impl->window = DefaultRootWindow(d);
    impl->is_root = true;
  } else {
    std::vector<X11Window> found = search(d, options.display, options.title, options.exact_title);
    if (found.empty()) {
      std::string hint = options.exact_title ? " (the title must match exactly; is the game running?)"
                                             : " (is the game running?)";
      std::string nearest;
      for (const std::string& t : nearest_titles(d, options.display, options.title, 5))
        nearest += (nearest.empty() ? "" : ", ") + ("'" + t + "'");
      if (!nearest.empty())
        hint += "; visible windows, nearest first: " + nearest + " (--window-substring ignores case)";
      return make_error("no visible window titled '" + options.title + "' on display " +
                        display_label(options.display) + hint);
    }
    if (found.size() > 1) {
      std::string list;
      for (const X11Window& w : found)
        list += (list.empty() ? "" : ", ") + hex_id(w.id) + " '" + w.title + "' " + std::to_string(w.root_rect.width) +
                "x" + std::to_string(w.root_rect.height);
      return make_error(std::to_string(found.size()) + " windows match '" + options.title + "' (" + list +
                        "): close the others or pick one with --window-id");
    }
    impl->window = found[0].id;
    impl->title = found[0].title;
  }

  const char* no_shm = std::getenv("PB_X11_NO_SHM");
  bool shm_wanted = options.use_shm && !(no_shm != nullptr && no_shm[0] != '\0' && no_shm[0] != '0');
  impl->shm = shm_wanted && XShmQueryExtension(d) != 0;
  const char* no_raise = std::getenv("PB_X11_NO_RAISE");
  impl->raise = options.raise && !(no_raise != nullptr && no_raise[0] != '\0' && no_raise[0] != '0');
  return std::unique_ptr<X11Source>(new X11Source(std::move(impl)));
}

unsigned long X11Source::window_id() const { return impl_->window; }
const std::string& X11Source::title() const { return impl_->title; }
calibration::Size X11Source::root_size() const { return impl_->root; }
bool X11Source::using_shm() const { return impl_->shm; }

Result<cv::Rect> X11Source::window_rect() {
  cv::Rect rect;
  int error = Success;
  if (!root_rect_of(impl_->display, impl_->window, &rect, nullptr, &error))
    return make_error(ErrorCode::kDeviceGone, impl_->name() + " is gone: was the game closed?");
  return rect;
}

namespace {

// Copies an XImage into a new BGR Mat. The common 32-bit BGRX layout is one OpenCV call; any other
// TrueColor layout goes through the channel masks pixel by pixel (slow, but correct).
Result<cv::Mat> to_bgr(const XImage& image) {
  const bool bgrx = image.bits_per_pixel == 32 && image.byte_order == LSBFirst && image.red_mask == 0xff0000 &&
                    image.green_mask == 0x00ff00 && image.blue_mask == 0x0000ff;
  cv::Mat out;
  if (bgrx) {
    cv::Mat view(image.height, image.width, CV_8UC4, image.data, static_cast<std::size_t>(image.bytes_per_line));
    cv::cvtColor(view, out, cv::COLOR_BGRA2BGR);
    return out;
  }
  if (image.red_mask == 0 || image.green_mask == 0 || image.blue_mask == 0)
    return make_error("unsupported X visual (" + std::to_string(image.depth) +
                      "-bit, not TrueColor): run the X server at 24-bit depth");
  out.create(image.height, image.width, CV_8UC3);
  auto channel = [](unsigned long pixel, unsigned long mask) {
    int shift = __builtin_ctzl(mask);
    unsigned long max = mask >> shift;
    return static_cast<unsigned char>(((pixel & mask) >> shift) * 255 / max);
  };
  XImage& img = const_cast<XImage&>(image);  // XGetPixel takes a non-const image but does not change it
  for (int y = 0; y < image.height; ++y) {
    auto* row = out.ptr<cv::Vec3b>(y);
    for (int x = 0; x < image.width; ++x) {
      unsigned long p = XGetPixel(&img, x, y);
      row[x] = {channel(p, image.blue_mask), channel(p, image.green_mask), channel(p, image.red_mask)};
    }
  }
  return out;
}

}  // namespace

Result<Frame> X11Source::grab() {
  Impl& m = *impl_;
  Display* d = m.display;
  cv::Rect rect;
  XWindowAttributes attrs{};
  int error = Success;
  if (!root_rect_of(d, m.window, &rect, &attrs, &error))
    return make_error(ErrorCode::kDeviceGone, m.name() + " is gone: was the game closed?");
  if (attrs.map_state != IsViewable)
    return make_error(m.name() + " is not visible (minimised or on another desktop?): bring it to the front");
  if (rect.width <= 0 || rect.height <= 0) return make_error(m.name() + " has no area");
  if (!m.is_root) {
    // Where another window covers the game, a grab returns that window's pixels: raise the game
    // (once per grab, then give it a moment to redraw what was hidden), or refuse and say who covers it.
    const platform::X11Box area{rect.x, rect.y, rect.width, rect.height};
    std::vector<platform::X11Cover> covers = platform::windows_covering(d, m.window, area);
    if (!covers.empty() && m.raise) {
      platform::raise_window(d, m.window);
      std::this_thread::sleep_for(std::chrono::milliseconds(150));
      covers = platform::windows_covering(d, m.window, area);
    }
    if (!covers.empty())
      return make_error(m.name() + " is covered by " + covers.front().describe() +
                        ": move that window away or bring the game to the front (puzzlebot reads and clicks only "
                        "a fully visible window)");
  }

  Frame frame;
  frame.screen_rect = rect;
  frame.origin = "x11:" + hex_id(m.window) + (m.title.empty() ? "" : " '" + m.title + "'");

  if (m.shm && m.ensure_shm(attrs)) {
    platform::X11ErrorTrap trap(d);
    Bool ok = XShmGetImage(d, m.window, m.shm_image, 0, 0, AllPlanes);
    int code = trap.finish();
    frame.taken = std::chrono::steady_clock::now();
    if (code == BadWindow || code == BadDrawable) return make_error(ErrorCode::kDeviceGone, m.name() + " is gone: was the game closed?");
    if (code == BadMatch)
      return make_error(m.name() + " is partly off the screen (BadMatch): move it fully onto the screen");
    if (code == Success && ok != 0) {
      auto bgr = to_bgr(*m.shm_image);
      if (!bgr) return bgr.error();
      frame.bgr = std::move(*bgr);
      return frame;
    }
    // Anything else (BadAccess on the segment, an odd server): fall back to XGetImage from now on.
    m.release_shm();
    m.shm = false;
  }

  platform::X11ErrorTrap trap(d);
  XImage* image = XGetImage(d, m.window, 0, 0, static_cast<unsigned>(rect.width), static_cast<unsigned>(rect.height),
                            AllPlanes, ZPixmap);
  int code = trap.finish();
  frame.taken = std::chrono::steady_clock::now();
  if (image == nullptr || code != Success) {
    if (image != nullptr) XDestroyImage(image);
    if (code == BadWindow || code == BadDrawable) return make_error(ErrorCode::kDeviceGone, m.name() + " is gone: was the game closed?");
    if (code == BadMatch)
      return make_error(m.name() + " is partly off the screen (BadMatch): move it fully onto the screen");
    return make_error("cannot grab " + m.name() + ": " + platform::x11_error_text(d, code));
  }
  auto bgr = to_bgr(*image);
  XDestroyImage(image);
  if (!bgr) return bgr.error();
  frame.bgr = std::move(*bgr);
  return frame;
}

}  // namespace pb::capture
