/* arena_screen.cpp: an arena level at a phone's size: replayed events, the status and navigation bars. */
#include "tests/fake_adb/arena_screen.hpp"

#include <algorithm>
#include <opencv2/imgproc.hpp>

namespace pb::fake_adb {

Result<ArenaScreen> ArenaScreen::open(const ArenaSetup& setup, int level, const std::vector<ArenaEvent>& events) {
  arena::SessionOptions o;
  o.game = setup.game;
  o.first_level = level;
  o.seed = setup.seed;
  o.variant = setup.variant;
  o.size = {setup.screen.width, setup.screen.height - setup.status_bar - setup.nav_bar};
  auto session = arena::Session::create(o);
  if (!session) return session.error();
  ArenaScreen s(setup, std::move(*session));
  for (const ArenaEvent& e : events) s.apply(e);
  return s;
}

cv::Rect ArenaScreen::app_area() const {
  return {0, setup_.status_bar, setup_.screen.width, setup_.screen.height - setup_.status_bar - setup_.nav_bar};
}

bool ArenaScreen::apply(const ArenaEvent& e) {
  const cv::Point2d p{e.x, e.y};
  // Events while the banner shows are not kept: the next level starts from none.
  if (session_.showing_cleared()) return false;
  switch (e.kind) {
    case 'P':
      pressed_ = true;
      session_.press(p);
      break;
    case 'D':
      if (!pressed_) return false;
      session_.drag(p);
      break;
    default:
      if (!pressed_) return false;
      pressed_ = false;
      session_.release(p);
      break;
  }
  events_.push_back(e);
  return true;
}

void ArenaScreen::press(cv::Point2d screen) {
  const cv::Rect a = app_area();
  if (!a.contains(cv::Point(static_cast<int>(screen.x), static_cast<int>(screen.y)))) return;
  apply({'P', screen.x - a.x, screen.y - a.y});
}

void ArenaScreen::drag(cv::Point2d screen) {
  const cv::Rect a = app_area();
  // A finger sliding over a bar stays with the app that took the press: clamp into the app.
  apply({'D', screen.x - a.x, std::clamp(screen.y - a.y, 0.0, a.height - 1.0)});
}

void ArenaScreen::release(cv::Point2d screen) {
  const cv::Rect a = app_area();
  apply({'R', screen.x - a.x, std::clamp(screen.y - a.y, 0.0, a.height - 1.0)});
}

cv::Mat ArenaScreen::image() const {
  cv::Mat img(setup_.screen, CV_8UC3, cv::Scalar(0, 0, 0));
  session_.frame().copyTo(img(app_area()));
  draw_phone_bars(img, setup_.status_bar, setup_.nav_bar);
  return img;
}

void draw_phone_bars(cv::Mat& img, int status_bar, int nav_bar) {
  if (status_bar > 0) {
    // A dark status bar: the clock on the left, signal bars and a battery on the right. Fixed
    // content: a clock that ticked would make the screen change under the bot now and then, which
    // real phones do too, but the tests must be repeatable.
    const int h = status_bar, w = img.cols;
    img(cv::Rect(0, 0, w, h)).setTo(cv::Scalar(32, 32, 32));
    const cv::Scalar ink(235, 235, 235);
    int base = 0;
    const double scale = h * 0.45 / std::max(1, cv::getTextSize("12:30", cv::FONT_HERSHEY_SIMPLEX, 1.0, 1, &base).height);
    cv::putText(img, "12:30", {h / 2, h * 3 / 4 - h / 16}, cv::FONT_HERSHEY_SIMPLEX, scale, ink,
                std::max(1, h / 24), cv::LINE_AA);
    const int bh = h / 2, bw = h, top = (h - bh) / 2;
    const cv::Rect battery(w - h / 2 - bw, top, bw, bh);
    cv::rectangle(img, battery, ink, std::max(1, h / 24));
    cv::rectangle(img, cv::Rect(battery.x + 3, battery.y + 3, (battery.width - 6) * 3 / 4, battery.height - 6), ink,
                  cv::FILLED);
    for (int i = 0; i < 4; ++i) {
      const int bar_h = bh * (i + 1) / 4;
      cv::rectangle(img, cv::Rect(battery.x - h + i * h / 5, top + bh - bar_h, h / 8, bar_h), ink, cv::FILLED);
    }
  }
  if (nav_bar > 0) {
    // Back, home, recents on black, as with three-button navigation.
    const int h = nav_bar, w = img.cols, y0 = img.rows - h;
    const cv::Scalar ink(200, 200, 200);
    const int r = h / 4, cy = y0 + h / 2;
    std::vector<cv::Point> back{{w / 4 + r, cy - r}, {w / 4 + r, cy + r}, {w / 4 - r, cy}};
    cv::polylines(img, back, true, ink, std::max(1, h / 24), cv::LINE_AA);
    cv::circle(img, {w / 2, cy}, r, ink, std::max(1, h / 24), cv::LINE_AA);
    cv::rectangle(img, cv::Rect(w * 3 / 4 - r, cy - r, 2 * r, 2 * r), ink, std::max(1, h / 24));
  }
}

std::string ArenaScreen::board_text() const { return session_.level().board_text(); }

bool ArenaScreen::cleared() const { return session_.showing_cleared(); }

}  // namespace pb::fake_adb
