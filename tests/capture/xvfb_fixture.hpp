/* xvfb_fixture.hpp: a private Xvfb server and plain Xlib test windows for the X11 capture and input tests. */
#pragma once

// Each test binary starts its own Xvfb on a display the server picks itself (-displayfd), so tests
// never touch the user's desktop or another test's server, and kills it at the end. When Xvfb is
// not installed the tests are skipped (visibly), not passed. -noreset: without it the server resets
// (forgetting interned atoms) whenever its last client leaves, and libxdo caches atoms in statics.

#include <gtest/gtest.h>
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <initializer_list>
#include <string>
#include <thread>

namespace pb::testing {

class Xvfb {
 public:
  // Starts Xvfb with one screen of w x h x 24 and waits (bounded) until it accepts connections.
  bool start(int width = 640, int height = 480) {
    if (access("/usr/bin/Xvfb", X_OK) != 0) return false;
    int fds[2];
    if (pipe(fds) != 0) return false;
    pid_ = fork();
    if (pid_ == 0) {
      close(fds[0]);
      int devnull = open("/dev/null", O_WRONLY);
      dup2(devnull, 1);
      dup2(devnull, 2);
      std::string fd = std::to_string(fds[1]);
      std::string screen = std::to_string(width) + "x" + std::to_string(height) + "x24";
      execl("/usr/bin/Xvfb", "Xvfb", "-displayfd", fd.c_str(), "-screen", "0", screen.c_str(), "-nolisten", "tcp",
            "-noreset", static_cast<char*>(nullptr));
      _exit(127);
    }
    close(fds[1]);
    std::string number;
    pollfd p{fds[0], POLLIN, 0};
    auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(15);
    while (std::chrono::steady_clock::now() < deadline && poll(&p, 1, 200) >= 0) {
      char c = 0;
      if ((p.revents & (POLLIN | POLLHUP)) == 0) continue;
      if (read(fds[0], &c, 1) != 1 || c == '\n') break;
      number += c;
    }
    close(fds[0]);
    if (number.empty()) return false;
    name_ = ":" + number;
    for (int i = 0; i < 100; ++i) {
      if (Display* d = XOpenDisplay(name_.c_str())) {
        XCloseDisplay(d);
        return true;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    return false;
  }
  void stop() {
    if (pid_ > 0) {
      kill(pid_, SIGTERM);
      int status = 0;
      waitpid(pid_, &status, 0);
      pid_ = -1;
    }
  }
  ~Xvfb() { stop(); }
  const std::string& name() const { return name_; }

 private:
  pid_t pid_ = -1;
  std::string name_;
};

// A plain top-level window painted one colour, mapped and viewable (no window manager needed).
inline Window make_window(Display* d, const char* title, int x, int y, int w, int h, unsigned long rgb) {
  Window win = XCreateSimpleWindow(d, DefaultRootWindow(d), x, y, static_cast<unsigned>(w), static_cast<unsigned>(h),
                                   0, 0, rgb);
  XStoreName(d, win, title);
  XSelectInput(d, win, ButtonPressMask | ButtonReleaseMask | PointerMotionMask | ExposureMask | StructureNotifyMask);
  XMapWindow(d, win);
  XSync(d, False);
  for (int i = 0; i < 100; ++i) {
    XWindowAttributes a{};
    XGetWindowAttributes(d, win, &a);
    if (a.map_state == IsViewable) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  XClearWindow(d, win);
  XSync(d, False);
  return win;
}

inline void fill(Display* d, Window win, int x, int y, int w, int h, unsigned long rgb) {
  GC gc = XCreateGC(d, win, 0, nullptr);
  XSetForeground(d, gc, rgb);
  XFillRectangle(d, win, gc, x, y, static_cast<unsigned>(w), static_cast<unsigned>(h));
  XFreeGC(d, gc);
  XSync(d, False);
}

// A test suite on its own Xvfb of width x height (started once for the suite) with a connection
// to it per test: display_. A test fails, not skips, when Xvfb cannot start.
template <int width, int height>
class XvfbTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    server_ = new Xvfb;
    if (!server_->start(width, height)) {
      delete server_;
      server_ = nullptr;
    }
  }
  static void TearDownTestSuite() {
    delete server_;
    server_ = nullptr;
  }
  void SetUp() override {
    ASSERT_NE(server_, nullptr) << "Xvfb could not be started (scripts/setup.sh installs it)";
    display_ = XOpenDisplay(server_->name().c_str());
    ASSERT_NE(display_, nullptr);
  }
  void TearDown() override {
    if (display_ != nullptr) XCloseDisplay(display_);
  }
  // Destroys test windows, returning once the server has.
  void destroy(std::initializer_list<Window> windows) {
    for (Window w : windows) XDestroyWindow(display_, w);
    XSync(display_, False);
  }

  static inline Xvfb* server_ = nullptr;
  Display* display_ = nullptr;
};

}  // namespace pb::testing
