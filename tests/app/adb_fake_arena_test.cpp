/* adb_fake_arena_test.cpp: the simulated phone showing arena games: its screens and how it takes touches, driven by adb commands. */
// The fake phone (tests/fake_adb) is what every phone test plays against, so it is tested here on its
// own, without puzzlebot: a screencap must be the arena's frame at the phone's size under a status
// bar, and touches sent as `adb shell input ...` (in touch-space pixels, which differ from the
// screenshot's) must play the level by the arena's rules until it is cleared and the next appears.
#include <gtest/gtest.h>

#include "actuator/touch_device.hpp"
#include "capture/adb_source.hpp"
#include "samples/arena/arena.hpp"
#include "tests/app/adb_fake_phone.hpp"

namespace pb::testing {
namespace {

constexpr int kStatusBar = 48;  // 24 dp at the fake's default density 320

std::vector<std::string> words(const std::string& line) {
  std::vector<std::string> out;
  std::istringstream in(line);
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

cv::Mat screencap(const FakePhone& phone) {
  auto r = adb(phone, {"exec-out", "screencap"});
  auto parsed = capture::parse_raw_screencap(r.out);
  if (!parsed) {
    ADD_FAILURE() << parsed.error().message;
    return {};
  }
  return parsed->bgr;
}

int count(const std::string& text, const std::string& what) {
  int n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

// The session the phone should be showing: the arena at the app area's size (screen minus status bar).
arena::Session expected_session(arena::Game game, int level, std::uint64_t seed, cv::Size screen) {
  arena::SessionOptions o;
  o.game = game;
  o.first_level = level;
  o.seed = seed;
  o.size = {screen.width, screen.height - kStatusBar};
  auto s = arena::Session::create(o);
  EXPECT_TRUE(static_cast<bool>(s));
  return std::move(*s);
}

// A stroke in arena canvas px as the adb shell words a bot would send, in touch px (`scale` touch px
// per screen px): a tap, a swipe for two points, motionevents for more.
std::string stroke_command(const arena::Stroke& stroke, double scale) {
  auto xy = [&](cv::Point2d p) {
    return std::to_string(static_cast<int>(p.x * scale)) + " " + std::to_string(static_cast<int>((p.y + kStatusBar) * scale));
  };
  const auto& pts = stroke.points;
  if (pts.size() == 1) return "input tap " + xy(pts[0]);
  if (pts.size() == 2) return "input swipe " + xy(pts[0]) + " " + xy(pts[1]) + " 100";
  std::string s = "input motionevent DOWN " + xy(pts[0]);
  for (std::size_t i = 1; i < pts.size(); ++i) s += " ; input motionevent MOVE " + xy(pts[i]);
  return s + " ; input motionevent UP " + xy(pts.back());
}

class FakeArenaPhone : public ::testing::TestWithParam<std::string> {};

TEST_P(FakeArenaPhone, ShowsTheLevelAndPlaysItByTouches) {
  const std::string name = GetParam();
  const arena::Game game = arena::game_from_name(name == "arena-onestroke" ? "onestroke" : name);
  const cv::Size screen{540, 960};
  // Touches are taken at twice the screenshot's resolution (a scaled screen, as on many phones).
  // animate=0: the screen is compared pixel for pixel with the arena's frame right after the touches.
  FakePhone phone({"game=" + name, "seed=5", "screen=540x960", "touch=1080x1920", "advance_ms=600000", "animate=0"});
  arena::Session want = expected_session(game, 1, 5, screen);

  const cv::Mat shot = screencap(phone);
  ASSERT_EQ(shot.size(), screen);
  // The app's area is the arena's own frame, pixel for pixel; above it a dark status bar.
  EXPECT_EQ(cv::norm(shot(cv::Rect(0, kStatusBar, 540, 960 - kStatusBar)), want.frame(), cv::NORM_INF), 0);
  EXPECT_LT(cv::mean(shot(cv::Rect(0, 0, 540, kStatusBar)))[0], 80);
  EXPECT_EQ(phone.file("board"), want.level().board_text());

  // The arena's own solution, sent as adb touches: the first stroke alone, the rest in one shell line.
  const auto strokes = want.level().solution();
  ASSERT_FALSE(strokes.empty());
  std::vector<std::string> first{"shell"}, rest{"shell"};
  for (std::size_t i = 0; i < strokes.size(); ++i) {
    auto& args = i == 0 ? first : rest;
    if (args.size() > 1) args.push_back(";");
    for (auto& w : words(stroke_command(strokes[i], 2.0))) args.push_back(w);
    arena::perform(want.level(), strokes[i]);
  }
  ASSERT_TRUE(want.level().cleared());
  for (const auto* args : {&first, &rest}) {
    if (args->size() == 1) continue;
    auto r = adb(phone, *args);
    ASSERT_EQ(r.exit_code, 0) << r.err;
  }
  EXPECT_TRUE(phone.logged("cleared 1")) << phone.log();
  EXPECT_EQ(phone.file("board"), want.level().board_text());
  // The banner shows while the level is cleared (advance_ms is long); once advance_ms has passed
  // (made 0 here, the config being read on every command) the next level is on screen.
  const cv::Mat banner = screencap(phone);
  EXPECT_GT(cv::norm(banner, shot, cv::NORM_INF), 0);
  EXPECT_FALSE(phone.logged("level 2"));
  phone.set_config({"game=" + name, "seed=5", "screen=540x960", "touch=1080x1920", "advance_ms=0", "animate=0"});
  const cv::Mat next = screencap(phone);
  EXPECT_TRUE(phone.logged("level 2")) << phone.log();
  arena::Session want2 = expected_session(game, 2, 5, screen);
  EXPECT_EQ(cv::norm(next(cv::Rect(0, kStatusBar, 540, 960 - kStatusBar)), want2.frame(), cv::NORM_INF), 0);
  EXPECT_EQ(phone.file("board"), want2.level().board_text());
}

// Every game of the arena's list (PB_GAMES' games with a samples/arena level file): a game added
// there is on the phone with no edit to it (config game=<name>; the phone's own 一笔画完 is
// game=onestroke, so the arena's is arena-onestroke).
std::vector<std::string> phone_arena_games() {
  std::vector<std::string> out;
  for (arena::Game g : arena::games())
    out.push_back(arena::name_of(g) == "onestroke" ? "arena-onestroke" : std::string(arena::name_of(g)));
  return out;
}

INSTANTIATE_TEST_SUITE_P(Games, FakeArenaPhone, ::testing::ValuesIn(phone_arena_games()),
                         [](const auto& info) {
                           std::string n = info.param;
                           std::replace(n.begin(), n.end(), '-', '_');
                           return n;
                         });

TEST(FakeArenaPhone, AFingerHeldAcrossAdbCallsIsOneStroke) {
  // Tower of Hanoi by dragging: DOWN, MOVE and UP in three separate adb commands, as a bot sending
  // one motionevent per call does. The fake keeps the finger down between its runs.
  FakePhone phone({"game=hanoi", "seed=2"});
  arena::Session want = expected_session(arena::game_from_name("hanoi"), 1, 2, {540, 960});
  const auto strokes = want.level().solution();
  ASSERT_FALSE(strokes.empty());
  const auto& s = strokes.front();
  ASSERT_GE(s.points.size(), 2u);
  auto at = [](cv::Point2d p) {
    return std::vector<std::string>{std::to_string(static_cast<int>(p.x)), std::to_string(static_cast<int>(p.y) + kStatusBar)};
  };
  auto send = [&](const std::string& action, cv::Point2d p) {
    std::vector<std::string> args{"shell", "input", "motionevent", action};
    for (auto& w : at(p)) args.push_back(w);
    ASSERT_EQ(adb(phone, args).exit_code, 0);
  };
  send("DOWN", s.points.front());
  send("MOVE", (s.points.front() + s.points.back()) * 0.5);
  EXPECT_EQ(phone.file("board"), want.level().board_text());  // nothing moved yet: the disk is in the air
  send("MOVE", s.points.back());
  send("UP", s.points.back());
  arena::perform(want.level(), s);
  EXPECT_EQ(want.level().moves(), 1);
  EXPECT_EQ(phone.file("board"), want.level().board_text());
}

TEST(FakeArenaPhone, SendeventOnALandscapeDisplayLandsWhereTheSinkAimed) {
  // The display is turned a quarter (rotation 1 and 3): a tap sent as raw panel coordinates by the
  // sink's mapping must land on the square aimed at, in screen pixels.
  for (int rotation : {1, 3}) {
    FakePhone phone({"game=knight", "seed=3", "screen=960x540", "rotation=" + std::to_string(rotation), "touch_max=1023"});
    const cv::Size screen{960, 540};
    arena::Session want = expected_session(arena::game_from_name("knight"), 1, 3, screen);
    const auto strokes = want.level().solution();
    ASSERT_FALSE(strokes.empty());
    const cv::Point2d p = strokes.front().points.front();
    auto dump = adb(phone, {"shell", "dumpsys", "input"});
    ASSERT_EQ(actuator::parse_display_rotation(dump.out), rotation);
    auto device = actuator::find_touch_device(adb(phone, {"shell", "getevent", "-p"}).out);
    ASSERT_TRUE(device);
    const calibration::Size space{screen.width, screen.height};
    const auto raw = actuator::to_raw(*device, rotation, {static_cast<int>(p.x), static_cast<int>(p.y) + kStatusBar, space}, space);
    std::vector<std::string> args{"shell"};
    for (const auto& w : actuator::sendevent_words(*device, {raw}, 1)) args.push_back(w);
    ASSERT_EQ(adb(phone, args).exit_code, 0);
    arena::perform(want.level(), strokes.front());
    EXPECT_EQ(phone.file("board"), want.level().board_text()) << "rotation " << rotation;
    // `wm size` says the panel's natural (portrait) size.
    EXPECT_NE(adb(phone, {"shell", "wm", "size"}).out.find("Physical size: 540x960"), std::string::npos);
  }
}

TEST(FakeArenaPhone, DropsTheNthTouch) {
  FakePhone phone({"game=knight", "seed=3", "drop_touch=1"});
  arena::Session want = expected_session(arena::game_from_name("knight"), 1, 3, {540, 960});
  const auto strokes = want.level().solution();
  ASSERT_GE(strokes.size(), 2u);
  for (int i = 0; i < 2; ++i) {
    const cv::Point2d p = strokes[static_cast<std::size_t>(i)].points.front();
    ASSERT_EQ(adb(phone, {"shell", "input", "tap", std::to_string(static_cast<int>(p.x)),
                          std::to_string(static_cast<int>(p.y) + kStatusBar)})
                  .exit_code,
              0);
  }
  EXPECT_TRUE(phone.logged("drop tap #1")) << phone.log();
  // The first square was lost: the second tap placed the knight there instead.
  arena::perform(want.level(), strokes[1]);
  EXPECT_EQ(phone.file("board"), want.level().board_text());
  EXPECT_EQ(count(phone.log(), "cleared"), 0);
}

TEST(FakeArenaPhone, TouchesOnTheStatusBarDoNothing) {
  FakePhone phone({"game=knight", "seed=3"});
  arena::Session want = expected_session(arena::game_from_name("knight"), 1, 3, {540, 960});
  ASSERT_EQ(adb(phone, {"shell", "input", "tap", "270", "10"}).exit_code, 0);
  EXPECT_EQ(phone.file("board"), want.level().board_text());
}

TEST(FakeArenaPhone, UnknownGameIsRefusedInOneLine) {
  FakePhone phone({"game=chess"});
  auto r = adb(phone, {"shell", "wm", "size"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("unknown game=chess"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace pb::testing
