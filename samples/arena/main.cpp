/* main.cpp: puzzlebot-arena, a practice window for five puzzles (X11), or one screenshot of a level (no display). */

// The picture is drawn by the Session into a cv::Mat and copied to the window with XPutImage on every
// change; events go the other way. No window manager is assumed (bare Xvfb): the window asks for its
// title (WM_NAME and _NET_WM_NAME) and for WM_DELETE_WINDOW so a close button quits cleanly.
//
// Rejected: MIT-SHM for the blit (a few hundred kB per change at human speed needs no shared memory);
// a redraw timer (frames are redrawn only on input, on expose, and when the banner's delay ends).

#include <X11/Xatom.h>
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <poll.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <opencv2/imgcodecs.hpp>
#include <string>
#include <vector>

#include "samples/arena/arena.hpp"

namespace {

using pb::arena::Session;

constexpr const char* kTitle = "puzzlebot arena";
constexpr const char* kOptions =
    "                       [--style N] [--size WxH] [--screenshot OUT.png] [--play K] [--print-board]\n"
    "  --style N        look variant (colours, sizes, line widths, fonts); default $PB_ARENA_STYLE or 0\n"
    "  --screenshot F   draw the level into F without a display (with --print-board also F's .txt)\n"
    "  --play K         first make K gestures of the solver's solution (mid-level positions)\n"
    "  --print-board    print the level's board text (FORMATS.md) on stdout at start and on each new level\n"
    "in the window: drag or click by the rules; R restarts the level; Escape or the close button quits\n";

// The usage text; GAME is one of the arena's games (samples/arena/arena.hpp: games()).
std::string usage() {
  return "usage: puzzlebot-arena --game " + pb::arena::game_names("|") + " [--level N] [--seed S]\n" + kOptions;
}

struct Options {
  pb::arena::SessionOptions session;
  std::string screenshot;
  int play = 0;
  bool print_board = false;
};

int bad(const std::string& message) {
  std::cerr << "puzzlebot-arena: " << message << "\n" << usage();
  return 2;
}

bool parse_int(const std::string& s, long long lo, long long hi, long long& out) {
  try {
    std::size_t used = 0;
    out = std::stoll(s, &used);
    return used == s.size() && out >= lo && out <= hi;
  } catch (...) {
    return false;
  }
}

int run_window(Session& session, const Options& o);

}  // namespace

int main(int argc, char** argv) {
  Options o;
  bool have_game = false;
  if (const char* env = std::getenv("PB_ARENA_STYLE")) {
    long long v = 0;
    if (!parse_int(env, 0, 1000000, v)) return bad("PB_ARENA_STYLE must be a number 0..1000000");
    o.session.variant = static_cast<int>(v);
  }
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto value = [&]() -> const char* { return i + 1 < argc ? argv[++i] : nullptr; };
    long long v = 0;
    // The next argument as a whole number from lo to hi, into v; false when it is missing or not one.
    auto number = [&](long long lo, long long hi) {
      const char* s = value();
      return s != nullptr && parse_int(s, lo, hi, v);
    };
    if (a == "--help" || a == "-h") {
      std::cout << usage();
      return 0;
    } else if (a == "--game") {
      const char* g = value();
      const pb::arena::Game game = g ? pb::arena::game_from_name(g) : nullptr;
      if (game == nullptr) return bad("--game needs one of " + pb::arena::game_names(", "));
      o.session.game = game;
      have_game = true;
    } else if (a == "--level") {
      if (!number(1, 100000)) return bad("--level needs a number 1..100000");
      o.session.first_level = static_cast<int>(v);
    } else if (a == "--seed") {
      if (!number(0, 1LL << 62)) return bad("--seed needs a non-negative number");
      o.session.seed = static_cast<std::uint64_t>(v);
    } else if (a == "--style") {
      if (!number(0, 1000000)) return bad("--style needs a number 0..1000000");
      o.session.variant = static_cast<int>(v);
    } else if (a == "--size") {
      const char* s = value();
      int w = 0, h = 0;
      char x = 0, rest = 0;
      if (!s || std::sscanf(s, "%d%c%d%c", &w, &x, &h, &rest) != 3 || x != 'x' || w < 200 || h < 150 || w > 4000 ||
          h > 4000)
        return bad("--size needs WxH, from 200x150 to 4000x4000");
      o.session.size = {w, h};
    } else if (a == "--screenshot") {
      const char* s = value();
      if (!s) return bad("--screenshot needs a file name");
      o.screenshot = s;
    } else if (a == "--play") {
      if (!number(0, 100000)) return bad("--play needs a number of gestures");
      o.play = static_cast<int>(v);
    } else if (a == "--print-board") {
      o.print_board = true;
    } else {
      return bad("unknown argument '" + a + "'");
    }
  }
  if (!have_game) return bad("--game is required");

  auto session = Session::create(o.session);
  if (!session) return bad(session.error().message);
  if (o.play > 0) {
    const auto strokes = session->level().solution();
    for (int i = 0; i < o.play && i < static_cast<int>(strokes.size()); ++i) {
      const auto& pts = strokes[static_cast<std::size_t>(i)].points;
      session->press(pts.front());
      for (std::size_t k = 1; k < pts.size(); ++k) session->drag(pts[k]);
      session->release(pts.back());
    }
  }
  const std::string board = session->level().board_text();
  if (o.print_board) std::cout << board << std::flush;

  if (!o.screenshot.empty()) {
    bool written = false;
    try {
      written = cv::imwrite(o.screenshot, session->frame());
    } catch (const cv::Exception& e) {
      return bad("cannot write " + o.screenshot + ": " + e.what());
    }
    if (!written) return bad("cannot write " + o.screenshot + ": use a .png path in a writable folder");
    if (o.print_board) {
      std::ofstream txt(std::filesystem::path(o.screenshot).replace_extension(".txt"));
      txt << board;
      if (!txt) return bad("cannot write the board text beside " + o.screenshot);
    }
    return 0;
  }
  return run_window(*session, o);
}

namespace {

class Window {
 public:
  Window(Display* d, cv::Size size) : d_(d), size_(size) {
    const int screen = DefaultScreen(d_);
    win_ = XCreateSimpleWindow(d_, RootWindow(d_, screen), 0, 0, static_cast<unsigned>(size.width),
                               static_cast<unsigned>(size.height), 0, BlackPixel(d_, screen), WhitePixel(d_, screen));
    XStoreName(d_, win_, kTitle);
    const Atom utf8 = XInternAtom(d_, "UTF8_STRING", False);
    XChangeProperty(d_, win_, XInternAtom(d_, "_NET_WM_NAME", False), utf8, 8, PropModeReplace,
                    reinterpret_cast<const unsigned char*>(kTitle), static_cast<int>(std::strlen(kTitle)));
    XClassHint hint{const_cast<char*>("puzzlebot-arena"), const_cast<char*>("PuzzlebotArena")};
    XSetClassHint(d_, win_, &hint);
    XSizeHints* sh = XAllocSizeHints();  // fixed size: the level is laid out for it
    sh->flags = PMinSize | PMaxSize;
    sh->min_width = sh->max_width = size.width;
    sh->min_height = sh->max_height = size.height;
    XSetWMNormalHints(d_, win_, sh);
    XFree(sh);
    delete_ = XInternAtom(d_, "WM_DELETE_WINDOW", False);
    XSetWMProtocols(d_, win_, &delete_, 1);
    XSelectInput(d_, win_, ExposureMask | ButtonPressMask | ButtonReleaseMask | Button1MotionMask | KeyPressMask |
                               StructureNotifyMask);
    gc_ = XCreateGC(d_, win_, 0, nullptr);
    XMapWindow(d_, win_);
  }
  ~Window() {
    XFreeGC(d_, gc_);
    XDestroyWindow(d_, win_);
  }
  Window(const Window&) = delete;
  Window& operator=(const Window&) = delete;

  // Copies a BGR frame into the window (32-bit TrueColor visuals: BGRX bytes, as Xvfb and desktops use).
  void show(const cv::Mat& bgr) {
    const int screen = DefaultScreen(d_);
    Visual* visual = DefaultVisual(d_, screen);
    const int depth = DefaultDepth(d_, screen);
    std::vector<std::uint32_t>& px = pixels_;
    px.resize(static_cast<std::size_t>(bgr.total()));
    for (int y = 0; y < bgr.rows; ++y) {
      const auto* row = bgr.ptr<cv::Vec3b>(y);
      for (int x = 0; x < bgr.cols; ++x)
        px[static_cast<std::size_t>(y * bgr.cols + x)] =
            (std::uint32_t{row[x][2]} << 16) | (std::uint32_t{row[x][1]} << 8) | row[x][0];
    }
    XImage* img = XCreateImage(d_, visual, static_cast<unsigned>(depth), ZPixmap, 0, reinterpret_cast<char*>(px.data()),
                               static_cast<unsigned>(bgr.cols), static_cast<unsigned>(bgr.rows), 32, 0);
    if (img == nullptr) return;
    XPutImage(d_, win_, gc_, img, 0, 0, 0, 0, static_cast<unsigned>(bgr.cols), static_cast<unsigned>(bgr.rows));
    img->data = nullptr;  // the buffer is ours, not Xlib's
    XDestroyImage(img);
    XFlush(d_);
  }
  Atom delete_atom() const { return delete_; }

 private:
  Display* d_;
  cv::Size size_;
  ::Window win_ = 0;
  GC gc_ = nullptr;
  Atom delete_ = 0;
  std::vector<std::uint32_t> pixels_;
};

int run_window(Session& session, const Options& o) {
  Display* d = XOpenDisplay(nullptr);
  if (d == nullptr) return bad("cannot open the X display (is DISPLAY set?); --screenshot OUT.png works without one");
  const int depth = DefaultDepth(d, DefaultScreen(d));
  if (depth != 24 && depth != 32) {
    XCloseDisplay(d);
    return bad("the display has depth " + std::to_string(depth) + "; the arena needs a 24-bit TrueColor display");
  }
  int status = 0;
  {
    Window w(d, o.session.size);
    const int fd = ConnectionNumber(d);
    bool dirty = true, mapped = false, quit = false;
    while (!quit) {
      while (XPending(d) > 0) {
        XEvent ev;
        XNextEvent(d, &ev);
        switch (ev.type) {
          case MapNotify: mapped = true; dirty = true; break;
          case Expose: dirty = dirty || ev.xexpose.count == 0; break;
          case ButtonPress:
            if (ev.xbutton.button == Button1) dirty |= session.press({double(ev.xbutton.x), double(ev.xbutton.y)});
            break;
          case MotionNotify: dirty |= session.drag({double(ev.xmotion.x), double(ev.xmotion.y)}); break;
          case ButtonRelease:
            if (ev.xbutton.button == Button1) dirty |= session.release({double(ev.xbutton.x), double(ev.xbutton.y)});
            break;
          case KeyPress: {
            const KeySym k = XLookupKeysym(&ev.xkey, 0);
            if (k == XK_Escape || k == XK_q) quit = true;
            else if (k == XK_r) dirty |= session.restart();
            break;
          }
          case ClientMessage:
            if (static_cast<Atom>(ev.xclient.data.l[0]) == w.delete_atom()) quit = true;
            break;
          default: break;
        }
      }
      auto next = session.tick(std::chrono::steady_clock::now());
      if (!next) {
        std::cerr << "puzzlebot-arena: " << next.error().message << "\n";
        status = 1;
        break;
      }
      if (*next) {
        dirty = true;
        if (o.print_board) std::cout << session.level().board_text() << std::flush;
      }
      if (dirty && mapped) {
        w.show(session.frame());
        dirty = false;
      }
      pollfd p{fd, POLLIN, 0};
      poll(&p, 1, session.showing_cleared() ? 50 : 200);
    }
  }
  XCloseDisplay(d);
  return status;
}

}  // namespace
