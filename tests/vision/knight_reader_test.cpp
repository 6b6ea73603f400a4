// knight_reader_test.cpp: the knight's-tour reader reads arena samples and rendered boards exactly, and rejects non-boards.
#include <gtest/gtest.h>

#include <cstdlib>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>
#include <tuple>

#include "tests/support/knight_states.hpp"
#include "tests/support/reader_samples.hpp"
#include "vision/common/render_style.hpp"
#include "vision/knight/reader.hpp"
#include "vision/knight/render.hpp"

namespace pb::vision::knight {
namespace {

using solvers::knight::Square;

Result<Reading> read_default(const cv::Mat& img) { return read(img); }
std::string format_reading(const Reading& r) { return solvers::knight::format(r.state); }

State random_state(cv::RNG& rng, int rows, int cols, int removed, bool start, int moves, std::vector<Cell>* tour) {
  return testing::random_knight_state(rng, rows, cols, removed, start, moves, tour);
}

void expect_same(const State& got, const State& want, const std::string& what) {
  EXPECT_EQ(got.rows, want.rows) << what;
  EXPECT_EQ(got.cols, want.cols) << what;
  EXPECT_EQ(solvers::knight::format(got), solvers::knight::format(want)) << what;
  EXPECT_TRUE(got.squares == want.squares) << what;
  EXPECT_EQ(got.start.has_value(), want.start.has_value()) << what;
  if (got.start && want.start) {
    EXPECT_TRUE(*got.start == *want.start) << what;
  }
  EXPECT_EQ(got.knight.has_value(), want.knight.has_value()) << what;
  if (got.knight && want.knight) {
    EXPECT_TRUE(*got.knight == *want.knight) << what;
  }
}

TEST(KnightReader, ReadsEveryArenaSampleExactly) {
  testing::expect_reads_arena_samples("knight", read_default, format_reading);
}

// Many boards, mid-tour positions, styles and image sizes; the squares' centres land in the squares.
TEST(KnightReader, ReadsRenderedBoardsAcrossStylesExactly) {
  cv::RNG rng(20240);
  const cv::Size sizes[] = {{800, 600}, {640, 480}, {1024, 768}, {500, 700}, {1280, 720}};
  for (int i = 0; i < 60; ++i) {
    const int rows = rng.uniform(3, 11), cols = rng.uniform(3, 11);
    std::vector<Cell> tour;
    // Drawn one by one, last argument first: inside one call the order would differ by compiler.
    const int played = rng.uniform(0, 12);
    const bool with_start = rng.uniform(0, 2) == 1;
    const int removed = rng.uniform(0, 5);
    const State s = random_state(rng, rows, cols, removed, with_start, played, &tour);
    const RenderStyle style = style_variant(static_cast<std::uint64_t>(i));
    const cv::Size size = sizes[i % 5];
    const cv::Mat img = render(s, style, size, i % 3 == 0 ? std::span<const Cell>{} : std::span<const Cell>(tour), i % 4 != 1);
    auto got = read(img);
    const std::string what = "case " + std::to_string(i) + "\n" + solvers::knight::format(s);
    ASSERT_TRUE(got.ok()) << what << got.error().message;
    expect_same(got->state, s, what);
    const RenderLayout lay = layout(s, board_area(size, i % 4 != 1), style);
    for (int r = 0; r < rows; ++r)
      for (int c = 0; c < cols; ++c) EXPECT_LT(cv::norm(cv::Point2d(got->centre({r, c})) - lay.centre({r, c})), 2.0) << what;
    EXPECT_GT(got->min_confidence(), 0.0) << what;
  }
}

// Small boards in large frames: a 4x4 board with removed squares at a style's smallest pitch covers
// about 3% of a 1280x720 frame (style 49 was once refused: "nothing large stands out").
TEST(KnightReader, ReadsSmallBoardsInLargeFrames) {
  cv::RNG rng(49);
  const cv::Size sizes[] = {{1024, 768}, {1280, 720}, {1920, 1080}};
  int cases = 0, small = 0;
  for (std::uint64_t style : {49, 1, 5, 13, 22, 103})
    for (int side : {3, 4})
      for (const cv::Size& size : sizes) {
        std::vector<Cell> tour;
        const State s = random_state(rng, side, side, 2, style % 2 == 1, static_cast<int>(style % 3), &tour);
        const RenderStyle look = style_variant(style);
        const cv::Mat img = render(s, look, size, tour, style % 4 != 1);
        const RenderLayout lay = layout(s, {0, 0, size.width, size.height}, look);
        if (static_cast<double>(lay.board().area()) < 0.05 * static_cast<double>(size.area())) ++small;
        auto got = read(img);
        const std::string what = "style " + std::to_string(style) + " " + std::to_string(size.width) + "x" +
                                 std::to_string(size.height) + "\n" + solvers::knight::format(s);
        ASSERT_TRUE(got.ok()) << what << got.error().message;
        expect_same(got->state, s, what);
        ++cases;
      }
  EXPECT_EQ(cases, 36);
  EXPECT_GE(small, 12) << "too few boards under 5% of their frame: the test no longer covers small boards";
}

TEST(KnightReader, ImagePuzzleSolvesFromTheKnight) {
  cv::RNG rng(7);
  std::vector<Cell> tour;
  State s = random_state(rng, 6, 6, 0, false, 1, &tour);
  const cv::Mat img = render(s, style_variant(2), {800, 600}, tour);
  auto p = kReaderOf<ImageSpec>.read(img, {});
  ASSERT_TRUE(p.ok()) << p.error().message;
  const solvers::Outcome out = (*p)->solve(solvers::Limits::with_timeout(std::chrono::milliseconds(5000)));
  ASSERT_EQ(out.status, solvers::Status::kSolved) << out.reason;
  const auto& k = dynamic_cast<const GameImagePuzzle<ImageSpec>&>(**p);
  ASSERT_FALSE(k.moves().empty());
  EXPECT_TRUE(k.moves().front() == *s.knight);  // the tour starts where the knight stands
  std::vector<Cell> rest(k.moves().begin() + 1, k.moves().end());
  State now = s;
  for (const Cell& c : rest) {
    auto next = solvers::knight::apply(now, c);
    ASSERT_TRUE(next.ok()) << next.error().message;
    now = *next;
  }
  EXPECT_EQ(now.free_count(), 0);
  EXPECT_EQ((*p)->annotate(img).size(), img.size());
}

// A board of separated rounded tiles of one colour (a mobile game's look), a tile missing (a removed
// square), no knight placed yet and no start: read exactly as tiles, and toured from any square
// (the tour replayed through the rules). PB_LOOKS_DIR=DIR keeps the picture and its annotation.
TEST(KnightReader, ReadsSeparatedTilesWithNoKnightAndToursFromAnySquare) {
  State s;
  s.rows = s.cols = 6;
  s.squares.assign(36, Square::kFree);
  s.squares[2 * 6 + 3] = Square::kRemoved;
  RenderStyle look;
  look.background = {40, 34, 30};
  look.light = {120, 190, 235};
  look.checkered = false;
  look.tile_gap = 0.08;
  look.tile_radius = 0.25;
  const cv::Mat img = render(s, look, {720, 1280});
  auto got = read(img);
  ASSERT_TRUE(got.ok()) << got.error().message;
  EXPECT_TRUE(got->tiles);
  EXPECT_EQ(got->state, s);
  auto p = kReaderOf<ImageSpec>.read(img, {});
  ASSERT_TRUE(p.ok()) << p.error().message;
  const solvers::Outcome out = (*p)->solve(solvers::Limits::with_timeout(std::chrono::milliseconds(5000)));
  ASSERT_EQ(out.status, solvers::Status::kSolved) << out.reason;
  const auto& k = dynamic_cast<const GameImagePuzzle<ImageSpec>&>(**p);
  State now = s;
  for (const Cell& c : k.moves()) {
    auto next = solvers::knight::apply(now, c);
    ASSERT_TRUE(next.ok()) << next.error().message;
    now = *next;
  }
  EXPECT_EQ(now.free_count(), 0);
  const cv::Mat seen = (*p)->annotate(img);
  EXPECT_EQ(seen.size(), img.size());
  if (const char* dir = std::getenv("PB_LOOKS_DIR")) {
    cv::imwrite(std::string(dir) + "/knight_tiles.png", img);
    cv::imwrite(std::string(dir) + "/knight_tiles_annotated.png", seen);
  }
}

TEST(KnightReader, RejectsImagesThatAreNoKnightBoard) {
  cv::RNG rng(3);
  std::vector<cv::Mat> negatives = testing::page_and_noise(rng);  // a blank page, noise
  // A sudoku-like grid (lines, empty cells) and a grid of one grey.
  for (cv::Scalar fill : {cv::Scalar(255, 255, 255), cv::Scalar(180, 180, 180)}) {
    cv::Mat grid(600, 800, CV_8UC3, cv::Scalar(255, 255, 255));
    cv::rectangle(grid, {160, 60, 9 * 50 + 2, 9 * 50 + 2}, cv::Scalar(0, 0, 0), cv::FILLED);
    for (int r = 0; r < 9; ++r)
      for (int c = 0; c < 9; ++c) cv::rectangle(grid, {162 + c * 50, 62 + r * 50, 48, 48}, fill, cv::FILLED);
    negatives.push_back(grid);
  }
  // Text only.
  cv::Mat text(600, 800, CV_8UC3, cv::Scalar(240, 240, 240));
  for (int i = 0; i < 10; ++i) cv::putText(text, "level 3 - moves 5 knight", {20, 50 + 50 * i}, cv::FONT_HERSHEY_SIMPLEX, 1.2, {20, 20, 20}, 2);
  negatives.push_back(text);
  // The arena's other games.
  testing::add_arena_samples(negatives, {"hanoi", "onestroke", "valves", "river"});
  testing::expect_refused_as_no_board(negatives, read_default, format_reading);
}

// A chessboard without grid lines (any two colours, on a light or a dark page) reads as a full board.
TEST(KnightReader, ReadsAPlainChessboard) {
  for (const auto& [page, light, dark] : {std::tuple{cv::Scalar(236, 236, 236), cv::Scalar(181, 217, 240), cv::Scalar(99, 136, 181)},
                                          std::tuple{cv::Scalar(30, 30, 30), cv::Scalar(120, 150, 120), cv::Scalar(60, 70, 200)}}) {
    cv::Mat chess(600, 800, CV_8UC3, page);
    for (int r = 0; r < 8; ++r)
      for (int c = 0; c < 8; ++c) cv::rectangle(chess, {160 + c * 60, 60 + r * 60, 60, 60}, (r + c) % 2 ? dark : light, cv::FILLED);
    auto got = read(chess);
    ASSERT_TRUE(got.ok()) << got.error().message;
    EXPECT_FALSE(got->ruled);
    EXPECT_EQ(solvers::knight::format(got->state), "knight\n........\n........\n........\n........\n........\n........\n........\n........\n");
    EXPECT_LT(cv::norm(got->centre({2, 3}) - cv::Point2f(160 + 3 * 60 + 29.5f, 60 + 2 * 60 + 29.5f)), 2.0);
  }
}

// A look the defaults refuse: no grid lines and the light squares in the page's own colour (they
// could be removed squares; removed ones are crossed out here). learn() finds Params that read it
// exactly, and those read another board of the same look exactly too.
TEST(KnightReader, LearnsALookTheDefaultsRefuse) {
  RenderStyle look;
  look.background = look.light = {240, 240, 240};
  look.dark = {90, 120, 160};
  look.grid_px = 0;
  look.removed = RemovedLook::kCross;
  look.removed_fill = {30, 30, 200};
  look.knight_look = KnightLook::kGlyph;
  look.knight = {20, 20, 20};
  cv::RNG rng(11);
  std::vector<Cell> tour;
  const State s = random_state(rng, 6, 7, 2, true, 3, &tour);
  const cv::Mat img = render(s, look, {640, 480}, tour);
  auto by_default = read(img);
  ASSERT_FALSE(by_default.ok() && by_default->state == s) << "the defaults read this look: pick another for the test";
  auto learned = learn(img, s);
  ASSERT_TRUE(learned.ok()) << learned.error().message;
  EXPECT_FALSE(learned->page_squares_removed);  // the switch this look needs
  auto again = read(img, *learned);
  ASSERT_TRUE(again.ok()) << again.error().message;
  expect_same(again->state, s, "learned");
  tour.clear();
  const State other = random_state(rng, 5, 5, 1, false, 4, &tour);
  auto next = read(render(other, look, {640, 480}, tour), *learned);
  ASSERT_TRUE(next.ok()) << next.error().message;
  expect_same(next->state, other, "another board of the look");
  // A truth the picture does not show: an error that says so.
  State wrong = s;
  wrong.rows = 3;
  wrong.squares.resize(static_cast<std::size_t>(3 * s.cols));
  auto none = learn(cv::Mat(200, 200, CV_8UC3, cv::Scalar(255, 255, 255)), wrong);
  ASSERT_FALSE(none.ok());
  EXPECT_EQ(none.error().code, ErrorCode::kBadInput) << none.error().message;
}

TEST(KnightReader, ParamsFromAProfileNode) {
  cv::FileStorage fs("%YAML:1.0\nknight:\n  min_pitch: 20\n  ring_min: 0.6\n", cv::FileStorage::READ | cv::FileStorage::MEMORY);
  auto p = load_params(fs["knight"]);
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(p->min_pitch, 20);
  EXPECT_DOUBLE_EQ(p->ring_min, 0.6);
  cv::FileStorage bad("%YAML:1.0\nknight:\n  ring_from: 0.5\n  ring_to: 0.4\n", cv::FileStorage::READ | cv::FileStorage::MEMORY);
  EXPECT_FALSE(load_params(bad["knight"]).ok());
}

}  // namespace
}  // namespace pb::vision::knight
