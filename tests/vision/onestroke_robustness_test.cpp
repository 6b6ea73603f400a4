/* onestroke_robustness_test.cpp: random boards rendered at many sizes and degradations read back exactly. */
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "vision/onestroke/reader.hpp"
#include "vision/onestroke/render.hpp"

namespace pb::vision::onestroke {
namespace {

struct Case {
  cv::Mat image;
  State truth;
  // Where the renderer put site (0, 0) and the pitch, in the final image's pixel-centre coordinates.
  cv::Point2d origin;
  double pitch = 0;
  std::string what;
};

// One random screenshot. Every degradation the issue names is drawn in turn; the board, colours
// and sizes are random (a fixed seed per case, so a failure reproduces).
Case make_case(int index) {
  cv::RNG rng(static_cast<std::uint64_t>(1000 + index));
  static const cv::Size kScreens[] = {{480, 854}, {720, 1280}, {750, 1334}, {1080, 1920}, {1080, 2340}, {1440, 3120}};
  const int rows = rng.uniform(4, 10), cols = rng.uniform(4, 9);
  const int visited = rng.uniform(0, 2) == 0 ? 0 : rng.uniform(2, rows * cols / 2);
  Case c;
  c.truth = random_board(rows, cols, visited, static_cast<std::uint64_t>(index) * 7 + 3);
  RenderStyle style;
  const cv::Size screen = kScreens[rng.uniform(0, 6)];
  style.width = screen.width;
  style.height = screen.height;
  style.seed = static_cast<std::uint64_t>(index);
  style.level = rng.uniform(1, 999);
  style.cat = cat_palette()[static_cast<std::size_t>(rng.uniform(0, 5))];
  style.band = band_palette()[static_cast<std::size_t>(rng.uniform(0, 5))];
  style.gap = rng.uniform(0.10, 0.15);
  style.jitter = rng.uniform(0.0, 0.015);
  style.colour_jitter = rng.uniform(0, 6);
  const RenderLayout lay = layout(c.truth, style);
  cv::Mat img = render(c.truth, style);
  c.origin = lay.origin - cv::Point2d(0.5, 0.5);  // renderer rects span [x, x + s): pixel centres are 0.5 in
  c.pitch = lay.pitch;
  c.what = std::to_string(index) + ": " + std::to_string(rows) + "x" + std::to_string(cols) + " v" +
           std::to_string(visited) + " " + std::to_string(screen.width) + "x" + std::to_string(screen.height);
  switch (index % 5) {
    case 0:
      c.what += " png";
      break;
    case 1: {
      const int q = rng.uniform(60, 96);
      img = jpeg_roundtrip(img, q);
      c.what += " jpeg " + std::to_string(q);
      break;
    }
    case 2: {
      const double sigma = rng.uniform(0.3, 1.0) * lay.pitch / 50;  // ~1 px at a 480-wide screen
      img = jpeg_roundtrip(gaussian_blur(img, sigma), 85);
      c.what += " blur " + std::to_string(sigma);
      break;
    }
    case 3: {  // a phone screen of 270x480 in a landscape video frame
      RenderStyle small = style;
      small.width = 270;
      small.height = 480;
      const RenderLayout sl = layout(c.truth, small);
      cv::Mat screen_img = gaussian_blur(render(c.truth, small), 0.4);
      img = jpeg_roundtrip(letterbox(screen_img, {1920, 1080}), rng.uniform(75, 96));
      c.origin = sl.origin - cv::Point2d(0.5, 0.5) + cv::Point2d((1920 - 270) / 2, (1080 - 480) / 2);
      c.pitch = sl.pitch;
      c.what = c.what.substr(0, c.what.rfind(' ')) + " letterboxed 270x480 in 1920x1080";
      break;
    }
    case 4: {  // the board alone, no chrome
      const int m = static_cast<int>(std::lround(0.6 * lay.pitch));
      const cv::Rect r = cv::Rect(lay.board.x - m, lay.board.y - m, lay.board.width + 2 * m, lay.board.height + 2 * m) &
                         cv::Rect(0, 0, img.cols, img.rows);
      img = jpeg_roundtrip(crop_board(img, lay, 0.6), 90);
      c.origin -= cv::Point2d(r.x, r.y);
      c.what += " cropped";
      break;
    }
  }
  c.image = img;
  return c;
}

TEST(OnestrokeRobustness, RandomBoardsSizesAndDegradationsReadBackExactly) {
  constexpr int kCases = 50;
  int ok = 0;
  for (int i = 0; i < kCases; ++i) {
    const Case c = make_case(i);
    auto got = read(c.image);
    ASSERT_TRUE(got.ok()) << c.what << ": " << got.error().message;
    EXPECT_EQ(solvers::onestroke::format(got->state), solvers::onestroke::format(c.truth)) << c.what;
    // The play loop drags through these centres: they must land well inside the cells.
    const double tol = 0.08 * c.pitch;
    EXPECT_NEAR(got->lattice.pitch_x, c.pitch, 0.02 * c.pitch) << c.what;
    EXPECT_NEAR(got->lattice.pitch_y, c.pitch, 0.02 * c.pitch) << c.what;
    for (Cell cell : {Cell{0, 0}, Cell{c.truth.rows - 1, c.truth.cols - 1}, c.truth.head}) {
      const auto p = got->cell_centre(cell);
      EXPECT_NEAR(p.x, c.origin.x + cell.col * c.pitch, tol) << c.what;
      EXPECT_NEAR(p.y, c.origin.y + cell.row * c.pitch, tol) << c.what;
      EXPECT_EQ(p.frame.width, c.image.cols);
    }
    ok += got->state == c.truth ? 1 : 0;
  }
  EXPECT_EQ(ok, kCases);
}

TEST(OnestrokeRobustness, GridLinesThatJoinTheCellsAreReadFromTheLines) {
  // Thin mid-grey lines instead of gaps: anti-aliased, they are as grey as the cells, so the cells
  // make one grey region and the lattice comes from the lines (with grid lines turned off by
  // max_line_ratio 0 and the touching cells' reader off, the same screenshots are refused).
  Params no_lines;
  no_lines.max_line_ratio = 0;
  no_lines.marked_page_distance = 765;  // and the touching cells' look (it reads some of these) off: nothing is ink
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    cv::RNG rng(seed);
    const int cols = rng.uniform(5, 9);  // drawn first, as g++ evaluated random_board's arguments
    const State truth = random_board(rng.uniform(5, 10), cols, seed % 2 == 0 ? 0 : 5, seed + 10);
    RenderStyle style;
    style.width = seed <= 3 ? 720 : 1080;
    style.height = seed <= 3 ? 1280 : 1920;
    style.grid_line = rng.uniform(0.015, 0.035);
    style.grid_colour = cv::Scalar::all(rng.uniform(130, 170));
    style.corner = 0;
    const RenderLayout lay = layout(truth, style);
    cv::Mat img = render(truth, style);
    if (seed % 3 == 0) img = jpeg_roundtrip(img, 85);
    const std::string what = "seed " + std::to_string(seed) + " line " + std::to_string(style.grid_line);
    auto got = read(img);
    ASSERT_TRUE(got.ok()) << what << ": " << got.error().message;
    EXPECT_EQ(solvers::onestroke::format(got->state), solvers::onestroke::format(truth)) << what;
    EXPECT_NEAR(got->lattice.pitch_x, lay.pitch, 0.02 * lay.pitch) << what;
    EXPECT_NEAR(got->lattice.pitch_y, lay.pitch, 0.02 * lay.pitch) << what;
    const auto head = got->cell_centre(truth.head);
    const cv::Point2d want = lay.centre(truth.head) - cv::Point2d(0.5, 0.5);
    EXPECT_NEAR(head.x, want.x, 0.08 * lay.pitch) << what;
    EXPECT_NEAR(head.y, want.y, 0.08 * lay.pitch) << what;
    EXPECT_FALSE(read(img, no_lines).ok()) << what << ": read without the lines";
  }
}

TEST(OnestrokeRobustness, VisitedCellsInAGreyOfTheirOwnAreReadByTheBandsJoints) {
  // A band darker or lighter than the free cells: its cells are linked by its joints into one path
  // that ends at the cat, the free cells are not linked at all.
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    const State truth = random_board(7, 6, 10, seed + 20);
    RenderStyle style;
    style.width = 720;
    style.height = 1280;
    style.band = cv::Scalar::all(seed % 2 == 0 ? 150 : 226);  // on cells of 209, a page of 249
    cv::Mat img = render(truth, style);
    if (seed > 2) img = jpeg_roundtrip(img, 85);
    auto got = read(img);
    ASSERT_TRUE(got.ok()) << seed << ": " << got.error().message;
    EXPECT_EQ(solvers::onestroke::format(got->state), solvers::onestroke::format(truth)) << seed;
  }
}

TEST(OnestrokeRobustness, HolesDrawnAsCellsOfAnotherGreyAreRefused) {
  // Some skins draw holes as darker cells: two greys, but the darker cells are no path to the cat.
  // Which grey is free cannot be told from the picture alone, so the board is refused.
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    const State truth = random_board(7, 6, seed % 2 == 0 ? 0 : 6, seed + 30);
    RenderStyle style;
    style.width = 720;
    style.height = 1280;
    cv::Mat img = render(truth, style);
    const RenderLayout lay = layout(truth, style);
    int holes = 0;
    for (int r = 0; r < truth.rows; ++r)
      for (int c = 0; c < truth.cols; ++c)
        if (truth.at({r, c}) == Site::kNone) {
          const cv::Point2d m = lay.centre({r, c});
          cv::rectangle(img, cv::Rect2d(m.x - lay.cell / 2, m.y - lay.cell / 2, lay.cell, lay.cell), cv::Scalar::all(170),
                        cv::FILLED);
          ++holes;
        }
    ASSERT_GT(holes, 0) << seed;
    auto got = read(jpeg_roundtrip(img, 90));
    EXPECT_FALSE(got.ok()) << seed << " was read as\n" << (got.ok() ? solvers::onestroke::format(got->state) : "");
  }
}

TEST(OnestrokeRobustness, CatOfTheBandsOwnColourIsStillFound) {
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    const State truth = random_board(7, 6, 12, seed);
    RenderStyle style;
    style.width = 720;
    style.height = 1280;
    for (std::size_t k = 0; k < band_palette().size(); ++k) {
      style.band = style.cat = band_palette()[k];
      auto got = read(jpeg_roundtrip(render(truth, style), 80));
      ASSERT_TRUE(got.ok()) << seed << "/" << k << ": " << got.error().message;
      EXPECT_EQ(got->state, truth) << seed << "/" << k;
    }
  }
}

TEST(OnestrokeRobustness, ABoardWithoutACatIsRefused) {
  // The cat drawn in the cells' own grey: cells on a lattice, but no path head anywhere.
  const State truth = random_board(6, 6, 0, 42);
  RenderStyle style;
  style.cat = style.cell;
  auto got = read(render(truth, style));
  ASSERT_FALSE(got.ok());
  EXPECT_EQ(got.error().code, ErrorCode::kNoBoard);
}

TEST(OnestrokeRobustness, GeneratedNonBoardsAreRefused) {
  const cv::Size sizes[] = {{480, 854}, {1080, 1920}, {1920, 1080}};
  for (Negative kind : {Negative::kBlank, Negative::kNoise, Negative::kPhoto, Negative::kChess, Negative::kGrid,
                        Negative::kTiles})
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      const cv::Size size = sizes[seed - 1];
      cv::Mat img = render_negative(kind, size, seed);
      for (const cv::Mat& shot : {img, jpeg_roundtrip(img, 70)}) {
        auto got = read(shot);
        EXPECT_FALSE(got.ok()) << static_cast<int>(kind) << " seed " << seed << " was read as\n"
                               << (got.ok() ? solvers::onestroke::format(got->state) : "");
      }
    }
}

TEST(OnestrokeRobustness, RenderedBoardsAreSolvableWalks) {
  // The generator's promise the samples rely on: the walk covers every cell, in steps, start first.
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    std::vector<Cell> walk;
    const State s = random_board(9, 8, 0, seed, &walk);
    EXPECT_EQ(walk.front(), s.head);
    int cells = 0;
    for (Site site : s.sites) cells += site != Site::kNone ? 1 : 0;
    EXPECT_EQ(static_cast<int>(walk.size()), cells);
    for (std::size_t i = 1; i < walk.size(); ++i)
      EXPECT_EQ(std::abs(walk[i].row - walk[i - 1].row) + std::abs(walk[i].col - walk[i - 1].col), 1);
  }
}

}  // namespace
}  // namespace pb::vision::onestroke
