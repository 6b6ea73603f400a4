/* profile_test.cpp: device profiles load, round-trip, and refuse bad fields with a clear message. */
#include <gtest/gtest.h>

#include <filesystem>

#include "calibration/profile.hpp"

namespace pb::calibration {
namespace {

namespace fs = std::filesystem;

TEST(Profile, EveryBundledProfileLoads) {
  int n = 0;
  for (const auto& e : fs::directory_iterator(fs::path(PB_SOURCE_DIR) / "calibration" / "profiles")) {
    if (e.path().extension() != ".yml") continue;
    auto p = load_profile(e.path().string());
    ASSERT_TRUE(p.ok()) << p.error().message;
    EXPECT_GT(p->screen.width, 0);
    EXPECT_EQ(p->frame_to_input.input, p->screen);
    ++n;
  }
  EXPECT_GE(n, 4);
}

TEST(Profile, SaveThenLoadGivesTheSameProfile) {
  Profile p = identity_profile({1080, 2340});
  p.name = "test";
  p.model = "Pixel 4a";
  p.density = 440;
  p.frame_to_input.scale_x = 0.5;
  p.frame_to_input.offset_y = -12.5;
  p.board = cv::Rect(10, 400, 1060, 1200);
  p.timings.settle_ms = 321;
  fs::path f = fs::temp_directory_path() / ("pb-profile-" + std::to_string(::getpid()) + ".yml");
  ASSERT_TRUE(save_profile(p, f.string()).ok());
  auto q = load_profile(f.string());
  fs::remove(f);
  ASSERT_TRUE(q.ok()) << q.error().message;
  EXPECT_EQ(q->model, "Pixel 4a");
  EXPECT_EQ(q->screen, p.screen);
  EXPECT_EQ(q->density, 440);
  EXPECT_DOUBLE_EQ(q->frame_to_input.scale_x, 0.5);
  EXPECT_DOUBLE_EQ(q->frame_to_input.offset_y, -12.5);
  ASSERT_TRUE(q->board.has_value());
  EXPECT_EQ(*q->board, *p.board);
  EXPECT_EQ(q->timings.settle_ms, 321);
}

TEST(Profile, TransformMapsFramePixelsToInputPixels) {
  Profile p = identity_profile({1080, 1920});
  p.frame_to_input.scale_x = p.frame_to_input.scale_y = 2.0;
  p.frame_to_input.offset_x = 10;
  InputPoint q = p.frame_to_input.map({100.4, 50.0, {540, 960}});
  EXPECT_EQ(q.x, 211);
  EXPECT_EQ(q.y, 100);
  EXPECT_TRUE(p.frame_to_input.inside(q));
  EXPECT_FALSE(p.frame_to_input.inside(p.frame_to_input.map({600, 10, {540, 960}})));
}

TEST(Profile, BadFieldsAreNamed) {
  struct Case {
    const char* yaml;
    const char* fragment;
  } cases[] = {
      {"screen_width: 0\nscreen_height: 100\n", "screen_width"},
      {"screen_width: 100\n", "screen_width"},
      {"screen_width: 100\nscreen_height: 100\ndensity: -5\n", "density"},
      {"screen_width: 100\nscreen_height: 100\nframe_to_input: { scale_x: 0 }\n", "scale"},
      {"screen_width: 100\nscreen_height: 100\nboard: [1, 2, 3]\n", "board"},
      {"screen_width: 100\nscreen_height: 100\ntimings: { settle_ms: -1 }\n", "settle_ms"},
      {"screen_width: [1, 2\n", "profile"},
      {"just text", ""},
  };
  for (const auto& c : cases) {
    auto p = parse_profile(c.yaml, "p.yml");
    ASSERT_FALSE(p.ok()) << c.yaml;
    EXPECT_NE(p.error().message.find(c.fragment), std::string::npos) << p.error().message;
    EXPECT_EQ(p.error().message.rfind("p.yml", 0), 0u) << p.error().message;
  }
}

TEST(Profile, MissingFileSaysWhereProfilesAre) {
  auto p = load_profile("/no/such/profile.yml");
  ASSERT_FALSE(p.ok());
  EXPECT_NE(p.error().message.find("calibration/profiles"), std::string::npos);
}

// Inputs the profile fuzzer crashed on (fuzz/corpus/profile/crash-*): each is now a clear error.
TEST(Profile, FuzzerCrashInputsAreErrors) {
  int n = 0;
  for (const auto& e : fs::directory_iterator(fs::path(PB_SOURCE_DIR) / "fuzz" / "corpus" / "profile")) {
    if (e.path().filename().string().rfind("crash-", 0) != 0) continue;
    auto p = load_profile(e.path().string());
    ASSERT_FALSE(p.ok()) << e.path();
    EXPECT_NE(p.error().message.find("not a valid profile"), std::string::npos) << p.error().message;
    EXPECT_FALSE(open_profile_storage(e.path().string()).ok()) << e.path();
    ++n;
  }
  EXPECT_GE(n, 1);
}

}  // namespace
}  // namespace pb::calibration
