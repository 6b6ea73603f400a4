/* onestroke_end_mark_test.cpp: the end cell's flag, rendered on random boards, read back as E; two marks refused; annotate marks S and E. */
#include <gtest/gtest.h>

#include <chrono>
#include <opencv2/imgproc.hpp>
#include <string>
#include <vector>

#include "solvers/onestroke/onestroke.hpp"
#include "vision/onestroke/reader.hpp"
#include "vision/onestroke/render.hpp"

namespace pb::vision::onestroke {
namespace {

// A random board whose walk ends on E: the walk's unvisited part, from the head, is a path through
// every free cell that stops on E, so the board is solvable.
State board_with_end(int rows, int cols, int visited, std::uint64_t seed) {
  std::vector<Cell> walk;
  State s = random_board(rows, cols, visited, seed, &walk);
  s.end = walk.back();
  return s;
}

struct Shot {
  cv::Mat image;
  State truth;
  RenderStyle style;
  std::string what;
};

// Skins and degradations in turn; sizes, palettes and boards random with a fixed seed per case.
Shot make_shot(int index) {
  cv::RNG rng(static_cast<std::uint64_t>(500 + index));
  static const cv::Size kScreens[] = {{720, 1280}, {1080, 1920}, {1080, 2340}};
  const int rows = rng.uniform(4, 9), cols = rng.uniform(4, 8);
  Shot s;
  for (std::uint64_t seed = static_cast<std::uint64_t>(index) * 11 + 1;; ++seed) {
    const int visited = rng.uniform(0, 2) == 0 ? 0 : rng.uniform(2, rows * cols / 3);
    s.truth = board_with_end(rows, cols, visited, seed);
    if (s.truth.free_count() >= 2) break;  // E is not the only cell left
  }
  RenderStyle& style = s.style;
  const cv::Size screen = kScreens[rng.uniform(0, 3)];
  style.width = screen.width;
  style.height = screen.height;
  style.seed = static_cast<std::uint64_t>(index);
  style.cat = cat_palette()[static_cast<std::size_t>(rng.uniform(0, 5))];
  style.band = band_palette()[static_cast<std::size_t>(rng.uniform(0, 5))];
  style.colour_jitter = rng.uniform(0, 5);
  s.what = std::to_string(index) + ": " + std::to_string(rows) + "x" + std::to_string(cols) + " " +
           std::to_string(screen.width) + "x" + std::to_string(screen.height);
  switch (index % 6) {
    case 0: s.what += " png"; break;
    case 1: s.what += " jpeg"; break;
    case 2: s.what += " blur"; break;
    case 3: style.cat_face = true, s.what += " cat face"; break;
    case 4: style.numbers = true, s.what += " numbers"; break;
    case 5: style.chrome = false, s.what += " no chrome"; break;
  }
  s.image = render(s.truth, style);
  if (index % 6 == 1) s.image = jpeg_roundtrip(s.image, rng.uniform(70, 95));
  if (index % 6 == 2) s.image = jpeg_roundtrip(gaussian_blur(s.image, layout(s.truth, style).pitch / 60), 85);
  return s;
}

TEST(OnestrokeEndMark, TheFlaggedCellIsReadAsTheEnd) {
  for (int i = 0; i < 18; ++i) {
    const Shot s = make_shot(i);
    auto r = read(s.image);
    ASSERT_TRUE(r) << s.what << ": " << r.error().message;
    EXPECT_EQ(r->state, s.truth) << s.what << "\nread:\n"
                                 << solvers::onestroke::format(r->state) << "truth:\n"
                                 << solvers::onestroke::format(s.truth);
    // The board read is played as read: the answer replays and stops on the flag.
    const auto sol = solvers::onestroke::solve(r->state, solvers::Limits::with_timeout(std::chrono::seconds(10)));
    ASSERT_EQ(sol.status, solvers::Status::kSolved) << s.what << ": " << sol.reason;
    EXPECT_TRUE(solvers::onestroke::check_solution(r->state, sol.path)) << s.what;
    ASSERT_TRUE(r->state.end);
    EXPECT_EQ(sol.path.back(), *r->state.end) << s.what;
  }
}

TEST(OnestrokeEndMark, NoFlagNoEnd) {
  for (int i = 0; i < 6; ++i) {
    Shot s = make_shot(i);
    s.truth.end.reset();
    auto r = read(render(s.truth, s.style));
    ASSERT_TRUE(r) << s.what << ": " << r.error().message;
    EXPECT_EQ(r->state, s.truth) << s.what;
  }
}

TEST(OnestrokeEndMark, TwoFlagsAreRefused) {
  // The same board rendered with its flag on another free cell; that cell pasted into the first
  // picture: two flagged cells, and which is the end would be a guess.
  for (int i = 0; i < 4; ++i) {
    const Shot s = make_shot(i * 6);  // png, default skin
    State other = s.truth;
    for (int r = 0; r < other.rows && other.end == s.truth.end; ++r)
      for (int c = 0; c < other.cols; ++c)
        if (other.at({r, c}) == Site::kFree && !(Cell{r, c} == *s.truth.end)) {
          other.end = Cell{r, c};
          break;
        }
    ASSERT_NE(other.end, s.truth.end) << s.what;
    ASSERT_TRUE(read(s.image)) << s.what;  // one flag: read
    const cv::Mat second = render(other, s.style);
    const RenderLayout lay = layout(other, s.style);
    const cv::Point2d m = lay.centre(*other.end);
    const int half = static_cast<int>(lay.pitch / 2);
    const cv::Rect cell(static_cast<int>(m.x) - half, static_cast<int>(m.y) - half, 2 * half, 2 * half);
    cv::Mat both = s.image.clone();
    second(cell).copyTo(both(cell));
    auto r = read(both);
    ASSERT_FALSE(r) << s.what << ": read\n" << solvers::onestroke::format(r->state);
    EXPECT_EQ(r.error().code, ErrorCode::kNoBoard) << s.what;
  }
}

// Pixels of `colour` (within a few levels) inside `box`.
int count_colour(const cv::Mat& img, const cv::Rect& box, const cv::Scalar& colour) {
  cv::Mat mask;
  const cv::Scalar lo = colour - cv::Scalar::all(12), hi = colour + cv::Scalar::all(12);
  cv::inRange(img(box & cv::Rect(0, 0, img.cols, img.rows)), lo, hi, mask);
  return cv::countNonZero(mask);
}

TEST(OnestrokeEndMark, AnnotateMarksTheStartAndTheEnd) {
  const Shot s = make_shot(0);
  auto r = read(s.image);
  ASSERT_TRUE(r) << r.error().message;
  ASSERT_TRUE(r->state.end);
  const cv::Scalar end_colour{0, 110, 255}, start_colour{200, 0, 200};
  auto box = [&](Cell c) {
    const cv::Rect2d b = r->lattice.cell_rect(c);
    return cv::Rect(static_cast<int>(b.x), static_cast<int>(b.y), static_cast<int>(b.width) + 1, static_cast<int>(b.height) + 1);
  };
  const cv::Mat with = annotate(s.image, *r);
  EXPECT_GT(count_colour(with, box(*r->state.end), end_colour), 50);
  EXPECT_GT(count_colour(with, box(r->state.head), start_colour), 50);
  EXPECT_EQ(count_colour(s.image, box(*r->state.end), end_colour), 0);  // the mark is the annotation's
  Reading no_end = *r;
  no_end.state.end.reset();
  EXPECT_EQ(count_colour(annotate(s.image, no_end), box(*r->state.end), end_colour), 0);
}

}  // namespace
}  // namespace pb::vision::onestroke
