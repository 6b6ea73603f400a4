/* adb_calibrate_test.cpp: wm parsing, the transform, the one-stroke player's helpers, and `calibrate --adb` on the simulated phone. */
#include <gtest/gtest.h>

#include <cmath>

#include "app/adb_phone.hpp"
#include "app/play_onestroke.hpp"
#include "calibration/calibrate.hpp"
#include "calibration/profile.hpp"
#include "solvers/common/text_board.hpp"
#include "tests/app/adb_fake_phone.hpp"

namespace pb::testing {
namespace {

using calibration::Size;
namespace os = solvers::onestroke;

TEST(WmParsing, SizeWithAndWithoutOverride) {
  auto plain = calibration::parse_wm_size("Physical size: 1080x2340\n");
  ASSERT_TRUE(plain);
  EXPECT_EQ(plain->touch(), (Size{1080, 2340}));
  auto over = calibration::parse_wm_size("Physical size: 1440x3120\r\nOverride size: 1080x2340\r\n");
  ASSERT_TRUE(over);
  EXPECT_EQ(over->physical, (Size{1440, 3120}));
  EXPECT_EQ(over->touch(), (Size{1080, 2340}));
  EXPECT_FALSE(calibration::parse_wm_size("sh: wm: not found\n"));
  EXPECT_FALSE(calibration::parse_wm_size("Physical size: 1080 x 2340\n"));
  EXPECT_FALSE(calibration::parse_wm_size("Physical size: 0x2340\n"));
  EXPECT_FALSE(calibration::parse_wm_size("Physical size: 1080x2340\nOverride size: bogus\n"));
}

TEST(WmParsing, Density) {
  auto d = calibration::parse_wm_density("Physical density: 440\nOverride density: 320\n");
  ASSERT_TRUE(d);
  EXPECT_EQ(d->physical, 440);
  EXPECT_EQ(d->effective(), 320);
  EXPECT_EQ(calibration::parse_wm_density("Physical density: 560\n")->effective(), 560);
  EXPECT_FALSE(calibration::parse_wm_density("Physical density: -3\n"));
}

TEST(Transform, ScaledLandscapeAndMismatched) {
  auto t = calibration::screenshot_to_touch({540, 1170}, {1080, 2340});
  ASSERT_TRUE(t);
  EXPECT_DOUBLE_EQ(t->scale_x, 2.0);
  EXPECT_DOUBLE_EQ(t->scale_y, 2.0);
  auto p = t->map({100.25, 500.5, {540, 1170}});
  EXPECT_EQ(p.x, 201);
  EXPECT_EQ(p.y, 1001);
  EXPECT_EQ(p.space, (Size{1080, 2340}));
  // wm size is portrait; a landscape screenshot turns it.
  auto land = calibration::screenshot_to_touch({2340, 1080}, {1080, 2340});
  ASSERT_TRUE(land);
  EXPECT_EQ(land->input, (Size{2340, 1080}));
  EXPECT_DOUBLE_EQ(land->scale_x, 1.0);
  auto bad = calibration::screenshot_to_touch({1080, 1920}, {1080, 2340});
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().code, ErrorCode::kBadInput);
}

TEST(Transform, ProfileNameAndFit) {
  EXPECT_EQ(calibration::profile_name("Pixel 7 Pro", {1440, 3120}), "phone-pixel-7-pro-1440x3120");
  EXPECT_EQ(calibration::profile_name("", {720, 1280}), "phone-720x1280");
  EXPECT_EQ(calibration::profile_name("SM-G991B/DS", {1080, 2400}), "phone-sm-g991b-ds-1080x2400");
  calibration::Profile p;
  p.screen = {1080, 2340};
  EXPECT_TRUE(calibration::check_profile_fits(p, {1080, 2340}));
  EXPECT_TRUE(calibration::check_profile_fits(p, {2340, 1080}));
  EXPECT_FALSE(calibration::check_profile_fits(p, {720, 1560}));
}

TEST(AdbArgs, OptionalSerial) {
  using V = std::vector<std::string>;
  EXPECT_EQ(app::with_adb_value({"--adb", "--out", "p.yml"}), (V{"--adb=", "--out", "p.yml"}));
  EXPECT_EQ(app::with_adb_value({"--out", "p.yml", "--adb"}), (V{"--out", "p.yml", "--adb="}));
  EXPECT_EQ(app::with_adb_value({"--adb", "R58M", "--levels", "3"}), (V{"--adb", "R58M", "--levels", "3"}));
  EXPECT_TRUE(app::wants_adb({"--game", "onestroke", "--adb"}));
  EXPECT_TRUE(app::wants_adb({"--adb=R58M"}));
  EXPECT_FALSE(app::wants_adb({"--window", "Fifteen"}));
  EXPECT_FALSE(app::wants_adb({"--", "--adb"}));
}

os::State board(const std::string& text) {
  auto tb = solvers::split_text_board(text, "test", true);
  EXPECT_TRUE(tb) << text;
  auto s = os::parse(*tb);
  EXPECT_TRUE(s) << text;
  return *s;
}

TEST(OnestrokePlayer, FreshBoardGuessAndLayouts) {
  // Band from (0,0) along the top row to the head at (0,2), then down: the start is (0,0).
  os::State mid = board("onestroke\nxxx\n##S\n.##\n");
  os::State fresh = app::fresh_board_guess(mid);
  EXPECT_EQ(fresh.head, (os::Cell{0, 0}));
  EXPECT_EQ(fresh.free_count(), mid.free_count() + 3);  // (0,1), (0,2) and the old head are free again
  EXPECT_TRUE(app::same_layout(mid, fresh));
  EXPECT_FALSE(app::same_layout(mid, board("onestroke\nxxx\n##S\n###\n")));
}

TEST(AdbCalibrate, ScaledPhoneProfileMapsOntoTheTouchScreen) {
  // Screenshots at 540x960 of a 1440x2560 panel running at an override of 1080x1920.
  FakePhone phone({"seed=5", "screen=540x960", "touch=1440x2560", "override=1080x1920", "density=480",
                   "density_override=420", "model=Fake Scaled 9"});
  const std::string out = phone.dir() + "/p.yml";
  auto r = phone.puzzlebot({"calibrate", "--adb", "--out", out});
  ASSERT_EQ(r.exit_code, 0) << r.err << "\n" << phone.log();
  auto p = calibration::load_profile(out);
  ASSERT_TRUE(p) << p.error().message;
  EXPECT_EQ(p->model, "Fake Scaled 9");
  EXPECT_EQ(p->screen, (Size{1080, 1920}));
  EXPECT_EQ(p->density, 420);
  EXPECT_DOUBLE_EQ(p->frame_to_input.scale_x, 2.0);
  EXPECT_DOUBLE_EQ(p->frame_to_input.scale_y, 2.0);
  ASSERT_TRUE(p->board.has_value());
  EXPECT_GT(p->board->width, 50);
  // The test tap (sendevent: the phone lists its touchscreen) hit the cat's neighbour: the fake's
  // band grew from the start to two cells.
  EXPECT_TRUE(phone.logged("shell sendevent "));
  EXPECT_NE(phone.file("game").find("band 2 "), std::string::npos) << phone.file("game");
  // Playing with the profile, from the board calibrate left mid-level, clears the level.
  auto play = phone.puzzlebot({"play", "--game", "onestroke", "--adb", "--profile", out});
  ASSERT_EQ(play.exit_code, 0) << play.err << "\n" << phone.log();
  EXPECT_TRUE(phone.logged("cleared 1"));
}

TEST(AdbCalibrate, NoticesAPhoneWhoseTouchesLandElsewhere) {
  // wm size says 1080x1920 but `input` takes touches at 540x960: every tap lands twice as far out.
  // (sendevent is immune: it aims in fractions of the panel; getevent=none leaves `input`.)
  FakePhone phone({"seed=5", "screen=540x960", "touch=1080x1920", "input_space=540x960", "getevent=none"});
  const std::string out = phone.dir() + "/p.yml";
  auto r = phone.puzzlebot({"calibrate", "--adb", "--out", out});
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(last_line(r.err).find("the test tap at touch"), std::string::npos) << r.err;
  EXPECT_FALSE(std::filesystem::exists(out));
}

TEST(AdbCalibrate, ProfileOfAnotherPhoneIsRefused) {
  FakePhone phone({"seed=5", "screen=540x960"});
  calibration::Profile other = calibration::identity_profile({1080, 2340});
  const std::string path = phone.dir() + "/other.yml";
  ASSERT_TRUE(calibration::save_profile(other, path));
  auto r = phone.puzzlebot({"play", "--game", "onestroke", "--adb", "--profile", path});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(last_line(r.err).find("calibrate"), std::string::npos) << r.err;
  EXPECT_FALSE(phone.logged("input"));
}

TEST(AdbCalibrate, NeedsOutAndOneDevice) {
  FakePhone phone({});
  EXPECT_EQ(phone.puzzlebot({"calibrate", "--adb"}).exit_code, 2);
  auto both = phone.puzzlebot({"calibrate", "--adb", "--window", "X", "--out", "p.yml"});
  EXPECT_EQ(both.exit_code, 2);
  EXPECT_NE(both.err.find("one of --adb"), std::string::npos);
}

}  // namespace
}  // namespace pb::testing
