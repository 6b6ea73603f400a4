// hanoi_reader_test.cpp: the Tower of Hanoi reader reads arena samples and rendered positions exactly, and rejects non-boards.
#include <gtest/gtest.h>

#include <opencv2/imgproc.hpp>

#include "tests/support/clipped_frames.hpp"
#include "tests/support/reader_samples.hpp"
#include "vision/common/render_style.hpp"
#include "vision/hanoi/reader.hpp"
#include "vision/hanoi/render.hpp"

namespace pb::vision::hanoi {
namespace {

Result<Reading> read_default(const cv::Mat& img) { return read(img); }
std::string format_reading(const Reading& r) { return solvers::hanoi::format(r.state); }

TEST(HanoiReader, ReadsEveryArenaSampleExactly) {
  testing::expect_reads_arena_samples("hanoi", read_default, format_reading);
}

TEST(HanoiReader, ReadsRenderedPositionsAcrossStylesExactly) {
  cv::RNG rng(4242);
  const cv::Size sizes[] = {{800, 600}, {640, 480}, {1024, 768}, {560, 720}, {1280, 720}};
  for (int i = 0; i < 80; ++i) {
    State s;
    s.rods = rng.uniform(3, 6);
    s.config.resize(static_cast<std::size_t>(rng.uniform(1, 9)));
    for (auto& p : s.config) p = static_cast<std::uint8_t>(rng.uniform(0, s.rods));
    s.goal = rng.uniform(0, s.rods);
    const RenderStyle style = style_variant(static_cast<std::uint64_t>(i));
    const cv::Size size = sizes[i % 5];
    const cv::Mat img = render(s, style, size, i % 4 != 1);
    auto got = read(img);
    const std::string what = "case " + std::to_string(i) + "\n" + solvers::hanoi::format(s);
    ASSERT_TRUE(got.ok()) << what << got.error().message;
    EXPECT_EQ(solvers::hanoi::format(got->state), solvers::hanoi::format(s)) << what;
    EXPECT_TRUE(got->state == s) << what;
    EXPECT_TRUE(got->goal_marked) << what;
    const RenderLayout lay = layout(s, board_area(size, i % 4 != 1), style);
    for (int p = 0; p < s.rods; ++p)
      EXPECT_LT(std::abs(got->centres[static_cast<std::size_t>(p)].x - lay.rod_x[static_cast<std::size_t>(p)]), 2.0) << what;
  }
}

TEST(HanoiReader, RefusesATowerCutByTheFramesEdge) {
  // A page scrolled or a window half off screen shows part of the tower: the reader says so
  // (kBoardClipped, which play answers by scrolling) and never reads the part as a smaller tower
  // (two rods of three, rods without their base).
  cv::RNG rng(2525);
  for (int i = 0; i < 2; ++i) {
    State s;
    s.rods = 3 + i % 2;
    s.config.resize(static_cast<std::size_t>(4 + i));
    for (auto& p : s.config) p = static_cast<std::uint8_t>(rng.uniform(0, s.rods));
    s.goal = s.rods - 1;
    const cv::Mat img = render(s, style_variant(static_cast<std::uint64_t>(3 * i)), {800, 600}, i % 2 == 0);
    auto whole = read(img);
    ASSERT_TRUE(whole.ok()) << i << ": " << whole.error().message;
    double disc = 0;
    for (const auto& rod : whole->disks)
      for (const cv::Rect& r : rod) disc = std::max<double>(disc, r.height);
    // Cut through the apparatus at depths of up to six disc heights (a base, a rod's top, an end
    // disc). Cut deeper than half a disc, what is left may no longer look like a tower at all (a
    // base with no rods, an end rod's discs sliced): refused, sometimes as no board.
    std::vector<double> depths = {0.0, 0.3, 0.6, 1.0, 1.5, 2.5, 4.0, 6.0};
    for (const testing::Cut& cut : testing::cuts_of(img, whole->apparatus, static_cast<float>(disc), depths)) {
      SCOPED_TRACE("case " + std::to_string(i) + ", cut at the " + cut.what);
      auto r = read(cut.frame);
      ASSERT_FALSE(r.ok()) << solvers::hanoi::format(r->state);
      if (cut.depth <= 0.6) {
        EXPECT_EQ(r.error().code, ErrorCode::kBoardClipped) << r.error().message;
      }
    }
  }
}

// Light and dark pages, rods of any colour, discs of any colours (all alike, each its own, the rods'
// own): widths tell the sizes. Halved, the stacks' gaps close up and still read.
TEST(HanoiReader, ReadsAnyPageRodAndDiscColours) {
  struct Palette {
    cv::Scalar page, rod;
    std::vector<cv::Scalar> discs;
  };
  const Palette palettes[] = {
      {{255, 255, 255}, {0, 0, 0}, {{0, 0, 255}, {0, 160, 255}, {0, 200, 0}, {255, 0, 0}, {200, 0, 200}}},
      {{20, 20, 20}, {240, 240, 240}, {{240, 240, 240}}},
      {{40, 30, 60}, {30, 200, 230}, {{120, 120, 255}}},
      {{200, 230, 200}, {60, 60, 160}, {{60, 60, 160}, {20, 20, 20}}},
  };
  State s;
  s.rods = 3;
  s.config = {0, 0, 0, 0, 2, 1};
  s.goal = 2;
  for (const Palette& pal : palettes)
    for (double scale : {1.0, 0.5}) {
      RenderStyle look;
      look.background = pal.page;
      look.rod = look.base = look.marker = pal.rod;
      look.disks = pal.discs;
      look.gap_px = 2;
      cv::Mat img = render(s, look, {1000, 700});
      if (scale != 1.0) cv::resize(img, img, {}, scale, scale, cv::INTER_AREA);
      auto got = read(img);
      const std::string what = "page " + std::to_string(static_cast<int>(pal.page[0])) + " scale " + std::to_string(scale);
      ASSERT_TRUE(got.ok()) << what << ": " << got.error().message;
      EXPECT_EQ(solvers::hanoi::format(got->state), solvers::hanoi::format(s)) << what;
    }
}

TEST(HanoiReader, ImagePuzzleSolves) {
  State s;
  s.rods = 4;
  s.config = {0, 1, 1, 3, 0};
  s.goal = 2;
  const cv::Mat img = render(s, style_variant(9), {800, 600});
  auto p = kReaderOf<ImageSpec>.read(img, {});
  ASSERT_TRUE(p.ok()) << p.error().message;
  const solvers::Outcome out = (*p)->solve(solvers::Limits::with_timeout(std::chrono::milliseconds(5000)));
  ASSERT_EQ(out.status, solvers::Status::kSolved) << out.reason;
  const auto& h = dynamic_cast<const GameImagePuzzle<ImageSpec>&>(**p);
  EXPECT_TRUE(solvers::hanoi::check_solution(s, h.moves()).ok());
  EXPECT_EQ((*p)->annotate(img).size(), img.size());
}

TEST(HanoiReader, RejectsImagesThatAreNoHanoi) {
  cv::RNG rng(5);
  std::vector<cv::Mat> negatives = testing::page_and_noise(rng);  // a blank page, noise
  // A bar chart: bars standing on a base line (no rods above them).
  cv::Mat bars(600, 800, CV_8UC3, cv::Scalar(250, 250, 250));
  cv::rectangle(bars, {50, 500, 700, 10}, cv::Scalar(30, 30, 30), cv::FILLED);
  for (int i = 0; i < 6; ++i) cv::rectangle(bars, {80 + i * 110, 500 - 60 * (i + 1) / 2 * 2, 60, 60 * (i + 1) / 2 * 2}, cv::Scalar(200, 80, 40), cv::FILLED);
  negatives.push_back(bars);
  // Rods on a base with two equal disks (not a position: sizes must differ).
  State twin;
  twin.rods = 3;
  twin.config = {0, 1};
  twin.goal = 2;
  cv::Mat same = render(twin, {}, {800, 600});
  const RenderLayout lay = layout(twin, {0, 50, 800, 500}, {});
  cv::Rect small = lay.disk_rect(0, 0, 0), big = lay.disk_rect(1, 1, 0);
  cv::rectangle(same, small, cv::Scalar(236, 236, 236), cv::FILLED);
  cv::rectangle(same, {small.x + small.width / 2 - big.width / 2, small.y, big.width, big.height}, cv::Scalar(60, 80, 220), cv::FILLED);
  negatives.push_back(same);
  // The arena's LEVEL CLEARED banner across the rods: the discs above it are a part of the board
  // (the play loop takes a refusal here for the level's end).
  State cleared;
  cleared.rods = 3;
  cleared.config = {2, 2, 2};
  cleared.goal = 2;
  cv::Mat banner = render(cleared, {}, {800, 600});
  const RenderLayout cl = layout(cleared, board_area({800, 600}, true), {});
  cv::rectangle(banner, {0, cl.disk_rect(2, 2, 1).y + 4, 800, 100}, cv::Scalar(150, 0, 150), cv::FILLED);
  negatives.push_back(banner);
  // A grid (the knight's board).
  cv::Mat grid(600, 800, CV_8UC3, cv::Scalar(236, 236, 236));
  cv::rectangle(grid, {160, 60, 8 * 60 + 2, 8 * 60 + 2}, cv::Scalar(40, 40, 40), cv::FILLED);
  for (int r = 0; r < 8; ++r)
    for (int c = 0; c < 8; ++c)
      cv::rectangle(grid, {162 + c * 60, 62 + r * 60, 58, 58}, (r + c) % 2 ? cv::Scalar(99, 136, 181) : cv::Scalar(181, 217, 240), cv::FILLED);
  negatives.push_back(grid);
  testing::add_arena_samples(negatives, {"knight", "onestroke", "valves", "river"});
  testing::expect_refused_as_no_board(negatives, read_default, format_reading);
}

// A small board in a large screenshot: its rods are shorter than min_rod_fraction of the image, so
// the defaults refuse it; learned from one shot, the look reads on a second shot of another position.
cv::Mat small_board(const State& s) {
  const RenderStyle style = style_variant(5);
  cv::Mat page(1400, 1800, CV_8UC3, style.background);
  render(s, style, {420, 300}, false).copyTo(page({700, 600, 420, 300}));
  return page;
}

TEST(HanoiReader, LearnsALookTheDefaultsRefuse) {
  State first;
  first.rods = 3;
  first.config = {0, 0, 1};
  first.goal = 2;
  State second;
  second.rods = 3;
  second.config = {2, 1, 0};
  second.goal = 2;
  const cv::Mat shot = small_board(first), other = small_board(second);
  ASSERT_FALSE(read(shot).ok());
  ASSERT_FALSE(read(other).ok());
  auto learned = learn(shot, first);
  ASSERT_TRUE(learned.ok()) << learned.error().message;
  auto got = read(other, *learned);
  ASSERT_TRUE(got.ok()) << got.error().message;
  EXPECT_EQ(solvers::hanoi::format(got->state), solvers::hanoi::format(second));
}

TEST(HanoiReader, ParamsFromAProfileNode) {
  cv::FileStorage fs("%YAML:1.0\nhanoi:\n  max_pegs: 5\n  min_step: 0.5\n", cv::FileStorage::READ | cv::FileStorage::MEMORY);
  auto p = load_params(fs["hanoi"]);
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(p->max_rods, 5);
  EXPECT_DOUBLE_EQ(p->min_step, 0.5);
  cv::FileStorage bad("%YAML:1.0\nhanoi:\n  max_pegs: 40\n", cv::FileStorage::READ | cv::FileStorage::MEMORY);
  EXPECT_FALSE(load_params(bad["hanoi"]).ok());
}

}  // namespace
}  // namespace pb::vision::hanoi
