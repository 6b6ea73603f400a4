// river_reader_test.cpp: the river reader reads arena samples and arena frames (styles, sizes, levels, mid-level positions with passengers aboard) exactly, and rejects non-scenes.
#include <algorithm>
#include <gtest/gtest.h>

#include <opencv2/core/persistence.hpp>
#include <opencv2/imgproc.hpp>
#include <set>

#include "samples/arena/arena.hpp"
#include "samples/arena/river_level.hpp"
#include "tests/support/arena_play.hpp"
#include "tests/support/debug_pictures.hpp"
#include "tests/support/reader_samples.hpp"
#include "vision/river/reader.hpp"

namespace pb::vision::river {
namespace {

using arena::RiverLevel;

// A session on river level `level`, with the first `gestures` clicks of the arena's own solution
// made (boarding, landing and crossing clicks: mid-level positions, often with passengers aboard).
arena::Session river_session(int level, std::uint64_t seed, int variant, cv::Size size, int gestures) {
  auto s = testing::arena_session(arena::game_from_name("river"), level, seed, variant, size, gestures);
  EXPECT_TRUE(s.ok());
  return std::move(*s);
}

TEST(RiverReader, ReadsEveryArenaSampleExactly) {
  testing::expect_reads_arena_samples(
      "river", [](const cv::Mat& img) { return read(img); },
      [](const Reading& r) { return solvers::river::format(r.state); });
}

// Many arena frames: every style variant from 0 to 179 (colours, fonts, letters on or off), six
// window sizes, levels 1-12 (up to six guards, boats of two and three), 0-9 clicks into the solution.
// Besides the board text, the figures and the hull must be found where the arena takes clicks.
TEST(RiverReader, ReadsArenaFramesAcrossStylesExactly) {
  const cv::Size sizes[] = {{800, 600}, {640, 480}, {1024, 768}, {700, 900}, {1280, 720}, {480, 360}};
  std::set<std::string> boards;
  int aboard_cases = 0, right_cases = 0;
  for (int i = 0; i < 180; ++i) {
    const int level = 1 + i % 12;
    arena::Session s = river_session(level, static_cast<std::uint64_t>(3000 + i), i, sizes[i % 6], (i * 7) % 10);
    const auto& lv = dynamic_cast<const RiverLevel&>(s.level());
    const std::string what = "case " + std::to_string(i) + " (style " + std::to_string(i) + ", level " + std::to_string(level) + ")\n" +
                             lv.board_text();
    auto got = read(s.frame());
    ASSERT_TRUE(got.ok()) << what << got.error().message;
    EXPECT_EQ(solvers::river::format(got->state), lv.board_text()) << what;
    EXPECT_TRUE(got->state == lv.state()) << what;
    EXPECT_TRUE(got->aboard == lv.aboard()) << what;
    boards.insert(lv.board_text());
    aboard_cases += lv.aboard() != Move{};
    right_cases += !lv.state().boat_left;

    const double r = lv.figure_radius();
    EXPECT_NEAR(got->radius, r, 0.15 * r) << what;
    EXPECT_LT(cv::norm(cv::Point2d(got->hull_centre) - lv.boat_centre()), 0.3 * r) << what;
    // Each figure read is within a quarter radius of a place the arena draws a figure of its kind.
    for (const Figure& f : got->figures) {
      double nearest = 1e9;
      if (f.place == Place::kBoat) {
        const int n = f.guard ? lv.aboard().guards : lv.aboard().prisoners;
        for (int k = 0; k < n; ++k) nearest = std::min(nearest, cv::norm(cv::Point2d(f.centre) - lv.boat_figure(f.guard, k)));
      } else {
        for (int k = 0; k < 8; ++k)
          nearest = std::min(nearest, cv::norm(cv::Point2d(f.centre) - lv.bank_figure(f.place == Place::kLeft, f.guard, k)));
      }
      EXPECT_LT(nearest, 0.25 * r) << what << (f.guard ? "guard" : "prisoner") << " at " << f.centre;
    }
  }
  // The cases cover what they claim: many boards, passengers aboard, the boat on the right.
  EXPECT_GE(boards.size(), 60u);
  EXPECT_GE(aboard_cases, 30);
  EXPECT_GE(right_cases, 20);
}

// Saved and loaded as PNG (what --screenshot writes and `puzzlebot solve` reads), and in a bigger
// desktop-like picture with the window somewhere in it.
TEST(RiverReader, ReadsFramesPastedIntoADesktop) {
  for (int i = 0; i < 12; ++i) {
    arena::Session s = river_session(2 + i, static_cast<std::uint64_t>(500 + i), 40 + i, {640, 480}, i % 5);
    cv::Mat desk(900, 1400, CV_8UC3, cv::Scalar(90, 60 + 10 * i, 40));
    const cv::Mat frame = s.frame();
    frame.copyTo(desk(cv::Rect(37 * i, 300 - 11 * i, frame.cols, frame.rows)));
    auto got = read(desk);
    ASSERT_TRUE(got.ok()) << "case " << i << ": " << got.error().message;
    EXPECT_EQ(solvers::river::format(got->state), s.level().board_text()) << "case " << i;
  }
}

// Refused with one line saying no scene was found: blank, noise, tiny, other games' frames.
TEST(RiverReader, RejectsNonScenesWithOneLine) {
  std::vector<std::pair<std::string, cv::Mat>> bad;
  bad.emplace_back("blank", cv::Mat(480, 640, CV_8UC3, cv::Scalar(200, 200, 200)));
  cv::Mat noise(480, 640, CV_8UC3);
  cv::RNG(7).fill(noise, cv::RNG::UNIFORM, 0, 256);
  bad.emplace_back("noise", noise);
  bad.emplace_back("tiny", cv::Mat(8, 8, CV_8UC3, cv::Scalar(0, 0, 0)));
  bad.emplace_back("thin", cv::Mat(20, 20000, CV_8UC3, cv::Scalar(249, 249, 249)));
  bad.emplace_back("tall", cv::Mat(20000, 20, CV_8UC3, cv::Scalar(249, 249, 249)));
  bad.emplace_back("empty", cv::Mat());
  bad.emplace_back("float", cv::Mat(100, 100, CV_32FC1, cv::Scalar(0.5)));
  for (arena::Game g : {arena::game_from_name("hanoi"), arena::game_from_name("knight"), arena::game_from_name("onestroke"), arena::game_from_name("valves")}) {
    arena::SessionOptions o;
    o.game = g;
    o.size = {800, 600};
    auto s = arena::Session::create(o);
    ASSERT_TRUE(s.ok());
    bad.emplace_back(std::string(arena::name_of(g)), s->frame());
  }
  // Stripes of two colours: bank | water | bank without a boat.
  cv::Mat stripes(480, 640, CV_8UC3, cv::Scalar(230, 230, 230));
  stripes(cv::Rect(0, 120, 160, 360)).setTo(cv::Scalar(100, 170, 110));
  stripes(cv::Rect(160, 120, 320, 360)).setTo(cv::Scalar(200, 150, 60));
  stripes(cv::Rect(480, 120, 160, 360)).setTo(cv::Scalar(100, 170, 110));
  bad.emplace_back("no boat", stripes);
  for (const auto& [name, img] : bad) {
    auto got = read(img);
    ASSERT_FALSE(got.ok()) << name << " was read as\n" << solvers::river::format(got->state);
    EXPECT_EQ(got.error().code, ErrorCode::kNoBoard) << name << ": " << got.error().message;
    EXPECT_EQ(std::count(got.error().message.begin(), got.error().message.end(), '\n'), 0) << name;
  }
}

// What a failed read found goes to the DebugSink (`solve --annotate`): the banks, the river and the
// figures, drawn over a frame whose boat was painted over with the water's colour. A read that
// succeeds sends nothing.
TEST(RiverReader, AFailedReadShowsWhatItFound) {
  const arena::Session s = river_session(3, 5, 0, {800, 600}, 0);
  const cv::Mat frame = s.frame();
  testing::DebugPictures none("river");
  auto good = read(frame, {}, &none);
  ASSERT_TRUE(good.ok()) << good.error().message;
  EXPECT_TRUE(none.drawn.empty());
  cv::Mat no_boat = frame.clone();
  const cv::Vec3b water = frame.at<cv::Vec3b>(good->water.br().y - 2, good->water.x + 2);
  cv::Rect boat = good->hull;
  for (const Figure& f : good->figures)
    if (f.place == Place::kBoat) boat |= f.box;
  no_boat(boat & good->water).setTo(cv::Scalar(water[0], water[1], water[2]));
  testing::DebugPictures sink("river");
  auto got = read(no_boat, {}, &sink);
  ASSERT_FALSE(got.ok());
  EXPECT_EQ(got.error().code, ErrorCode::kNoBoard);
  ASSERT_EQ(sink.drawn.size(), 1u);
  ASSERT_EQ(sink.drawn[0].size(), no_boat.size());
  EXPECT_GT(cv::norm(sink.drawn[0], no_boat, cv::NORM_L1), 0) << "nothing drawn";
}

TEST(RiverReader, ImagePuzzleSolvesWhatItRead) {
  arena::Session s = river_session(5, 77, 3, {800, 600}, 0);
  auto p = kReaderOf<ImageSpec>.read(s.frame(), {});
  ASSERT_TRUE(p.ok()) << p.error().message;
  EXPECT_EQ((*p)->format(), s.level().board_text());
  const solvers::Outcome out = (*p)->solve(solvers::Limits::with_timeout(std::chrono::milliseconds(5000)));
  ASSERT_EQ(out.status, solvers::Status::kSolved) << out.reason;
  const auto& rp = dynamic_cast<const GameImagePuzzle<ImageSpec>&>(**p);
  EXPECT_FALSE(rp.moves().empty());
  EXPECT_TRUE(solvers::river::check_solution(rp.reading().state, rp.moves()).ok());
  EXPECT_EQ((*p)->annotate(s.frame()).size(), s.frame().size());
}

// A profile can fix the capacity (for a game whose hull does not show it) and is checked.
TEST(RiverReader, ProfileParams) {
  cv::FileStorage fs("%YAML:1.0\nriver:\n  boat: 5\n  square_fill: 0.88\n", cv::FileStorage::READ | cv::FileStorage::MEMORY);
  auto p = load_params(fs["river"]);
  ASSERT_TRUE(p.ok()) << p.error().message;
  EXPECT_EQ(p->boat, 5);
  EXPECT_DOUBLE_EQ(p->square_fill, 0.88);
  arena::Session s = river_session(3, 11, 0, {800, 600}, 0);
  auto got = read(s.frame(), *p);
  ASSERT_TRUE(got.ok()) << got.error().message;
  EXPECT_EQ(got->state.boat, 5);
  EXPECT_EQ(got->seats, 0);
  cv::FileStorage bad("%YAML:1.0\nriver:\n  min_fill: 0.95\n", cv::FileStorage::READ | cv::FileStorage::MEMORY);
  EXPECT_FALSE(load_params(bad["river"]).ok());
}

}  // namespace
}  // namespace pb::vision::river
