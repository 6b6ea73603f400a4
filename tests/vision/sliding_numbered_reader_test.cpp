/* sliding_numbered_reader_test.cpp: the numbered picture reader (GCompris's look) on drawn boards: exact reads, and refusals, never a wrong board. */
#include <gtest/gtest.h>

#include <cstdio>
#include <numeric>
#include <opencv2/imgproc.hpp>
#include <random>

#include "solvers/sliding/sliding.hpp"
#include "tests/support/look_sweep.hpp"
#include "vision/sliding/numbered_reader.hpp"
#include "vision/sliding/reader.hpp"

namespace vs = pb::vision::sliding;
using pb::solvers::sliding::State;

namespace {

// GCompris's look, drawn: a textured page, a frame (a light band, then a dark border one pixel into
// the board's edge cells, hidden under the tiles), a scene cut into tiles with no seams, each tile's
// number outlined at its centre, and the empty cell showing the frame's plain inside.
struct Look {
  int pitch = 96;
  int n = 4;
  bool border_in_blank = true;  // the dark border shows a few px into an empty cell at the edge
};

const cv::Scalar kBorder(136, 71, 28), kBand(224, 129, 67), kInside(135, 100, 77);
const cv::Scalar kText(251, 240, 233);

// The scene: a sky gradient, hills, a sun and white clouds (the text's colour, near some numbers).
cv::Mat scene(int side) {
  cv::Mat s(side, side, CV_8UC3);
  for (int y = 0; y < side; ++y)
    for (int x = 0; x < side; ++x)
      s.at<cv::Vec3b>(y, x) = cv::Vec3b(static_cast<uchar>(245 - y * 40 / side), static_cast<uchar>(200 + x * 12 / side),
                                        static_cast<uchar>(80 - y * 20 / side));
  cv::ellipse(s, {side / 3, side}, {side, side / 2}, 0, 180, 360, cv::Scalar(60, 190, 80), cv::FILLED, cv::LINE_AA);
  cv::circle(s, {side * 3 / 4, side / 6}, side / 14, cv::Scalar(120, 240, 250), cv::FILLED, cv::LINE_AA);
  cv::ellipse(s, {side / 5, side / 5}, {side / 10, side / 40}, 0, 0, 360, cv::Scalar(255, 250, 240), cv::FILLED, cv::LINE_AA);
  cv::ellipse(s, {side * 3 / 5, side * 2 / 3}, {side / 8, side / 30}, 10, 0, 360, cv::Scalar(255, 250, 240), cv::FILLED, cv::LINE_AA);
  return s;
}

// `state` drawn as GCompris draws it; `origin` is where the board's top-left corner lands.
cv::Mat draw(const State& state, const Look& look, cv::Point origin = {180, 60}) {
  const int side = look.n * look.pitch;
  cv::Mat page(side + 2 * origin.y, side + 2 * origin.x, CV_8UC3);
  std::mt19937 rng(7);
  std::uniform_int_distribution<int> grain(-18, 18);
  for (int y = 0; y < page.rows; ++y)
    for (int x = 0; x < page.cols; ++x) {
      int g = grain(rng) + ((x / 23) % 2) * 12;  // wood: grain and planks
      page.at<cv::Vec3b>(y, x) = cv::Vec3b(cv::saturate_cast<uchar>(30 + g), cv::saturate_cast<uchar>(70 + g),
                                           cv::saturate_cast<uchar>(120 + g));
    }
  const cv::Rect board(origin.x, origin.y, side, side);
  cv::rectangle(page, {board.x - 28, board.y - 28, side + 56, side + 56}, kBand, cv::FILLED);
  cv::rectangle(page, {board.x - 3, board.y - 3, side + 6, side + 6}, kBorder, cv::FILLED);
  cv::rectangle(page, board, kInside, cv::FILLED);
  // The border is drawn into the board's edge, under the tiles: an empty edge cell shows it.
  if (look.border_in_blank) cv::rectangle(page, board, kBorder, 4);
  const cv::Mat picture = scene(side);
  for (int site = 0; site < look.n * look.n; ++site) {
    const int v = state.tiles[static_cast<std::size_t>(site)];
    if (v == 0) continue;
    const cv::Rect from(((v - 1) % look.n) * look.pitch, ((v - 1) / look.n) * look.pitch, look.pitch, look.pitch);
    const cv::Rect to(board.x + (site % look.n) * look.pitch, board.y + (site / look.n) * look.pitch, look.pitch, look.pitch);
    picture(from).copyTo(page(to));
    const std::string text = std::to_string(v);
    int base = 0;
    const double scale = look.pitch / 90.0;
    const cv::Size size = cv::getTextSize(text, cv::FONT_HERSHEY_SIMPLEX, scale, 2, &base);
    const cv::Point at(to.x + (to.width - size.width) / 2, to.y + (to.height + size.height) / 2);
    cv::putText(page, text, at, cv::FONT_HERSHEY_SIMPLEX, scale, kBorder, 6, cv::LINE_AA);
    cv::putText(page, text, at, cv::FONT_HERSHEY_SIMPLEX, scale, kText, 2, cv::LINE_AA);
  }
  return page;
}

State board_of(std::vector<int> tiles, int n = 4) {
  State s;
  s.rows = s.cols = n;
  s.tiles = std::move(tiles);
  return s;
}

// A solvable board `moves` random moves from the goal (the blank's walk, as GCompris scrambles).
State scrambled(int n, int moves, unsigned seed) {
  State s = board_of({}, n);
  s.tiles.resize(static_cast<std::size_t>(n * n));
  std::iota(s.tiles.begin(), s.tiles.end() - 1, 1);
  s.tiles.back() = 0;
  std::mt19937 rng(seed);
  int gap = n * n - 1;
  for (int i = 0; i < moves; ++i) {
    std::vector<int> next;
    if (gap % n > 0) next.push_back(gap - 1);
    if (gap % n < n - 1) next.push_back(gap + 1);
    if (gap >= n) next.push_back(gap - n);
    if (gap < n * (n - 1)) next.push_back(gap + n);
    int t = next[std::uniform_int_distribution<std::size_t>(0, next.size() - 1)(rng)];
    std::swap(s.tiles[static_cast<std::size_t>(gap)], s.tiles[static_cast<std::size_t>(t)]);
    gap = t;
  }
  return s;
}

}  // namespace

TEST(SlidingNumberedReader, ReadsDrawnBoardsExactly) {
  // The empty cell inside, on an edge (the border showing in it) and in a corner.
  std::vector<State> boards = {
      board_of({1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 0, 11, 13, 14, 15, 12}),
      board_of({1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 8, 13, 14, 15, 12}),
      board_of({0, 2, 3, 4, 1, 6, 7, 8, 5, 9, 10, 11, 13, 14, 15, 12}),
  };
  // Each at GCompris's pitch at 1280x720 and at a smaller one; two scrambled boards at the first.
  std::vector<std::pair<State, int>> cases;
  for (int pitch : {129, 96})
    for (const State& b : boards) cases.emplace_back(b, pitch);
  for (unsigned seed = 1; seed <= 2; ++seed) cases.emplace_back(scrambled(4, 40, seed), 129);
  for (const auto& [truth, pitch] : cases) {
    SCOPED_TRACE(pb::solvers::sliding::format(truth) + " pitch " + std::to_string(pitch));
    Look look;
    look.pitch = pitch;
    const cv::Mat img = draw(truth, look);
    auto r = vs::read(img);
    ASSERT_TRUE(r.ok()) << r.error().message;
    EXPECT_EQ(r->state, truth) << pb::solvers::sliding::format(r->state);
    // Centres where the tiles are drawn (to a few px: the border hides the board's edge pixels).
    ASSERT_EQ(r->centres.size(), truth.tiles.size());
    for (int site = 0; site < 16; ++site) {
      const cv::Point2f want(180 + (site % 4 + 0.5f) * pitch, 60 + (site / 4 + 0.5f) * pitch);
      EXPECT_LT(cv::norm(r->centres[static_cast<std::size_t>(site)] - want), 4.0) << "site " << site;
    }
  }
}

TEST(SlidingNumberedReader, RefusesWhatItCannotVerify) {
  const State truth = board_of({1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 0, 11, 13, 14, 15, 12});
  const cv::Mat img = draw(truth, Look{});
  // A number painted over (a tile showing none): no board (the bonus over a finished board looks
  // so), never one filled in by elimination.
  {
    cv::Mat hidden = img.clone();
    const cv::Rect tile6(180 + 96 + 20, 60 + 96 + 20, 56, 56);
    hidden(tile6).setTo(cv::Scalar(230, 205, 80));
    auto r = vs::read(hidden);
    ASSERT_FALSE(r.ok()) << pb::solvers::sliding::format(r->state);
  }
  // A number that Tesseract cannot read (half of it painted over): refused, not a board.
  {
    cv::Mat half = img.clone();
    const cv::Rect tile6_top(180 + 96 + 20, 60 + 96 + 20, 56, 26);
    half(tile6_top).setTo(cv::Scalar(230, 205, 80));
    auto r = vs::read(half);
    ASSERT_FALSE(r.ok()) << pb::solvers::sliding::format(r->state);
  }
  // Two tiles numbered alike (5 drawn where 6 is): not 1..15 once each, refused.
  {
    State twice = truth;
    twice.tiles[5] = 5;
    auto r = vs::read(draw(twice, Look{}));
    ASSERT_FALSE(r.ok()) << pb::solvers::sliding::format(r->state);
  }
  // No empty cell (the gap covered by the scene, as when a tile is halfway in): not a guess.
  {
    cv::Mat img2 = draw(truth, Look{});
    const cv::Rect gap(180 + 2 * 96, 60 + 2 * 96, 96, 96);
    scene(4 * 96)(gap - cv::Point(180, 60)).copyTo(img2(gap));
    auto r = vs::read(img2);
    EXPECT_FALSE(r.ok());
  }
}

TEST(SlidingNumberedReader, NoBoardOnAPlainPage) {
  cv::Mat page(300, 400, CV_8UC3, cv::Scalar(40, 90, 140));
  auto r = vs::read_numbered_picture(page, vs::Params{});
  ASSERT_FALSE(r.ok());
  EXPECT_TRUE(r.error().is(pb::ErrorCode::kNoBoard)) << r.error().message;
}

TEST(SlidingNumberedReader, LookSweepReadsExactlyOrRefuses) {
  // docs/VISION.md "Look sweep": the drawn GCompris look scaled 0.5-2x and JPEG down to quality 60
  // (flat pixels, the frame's ring and the digits' outline all blur): read exactly, or refused.
  const double scales[] = {1.0, 0.75, 1.5, 0.5, 1.0, 2.0};
  const int qualities[] = {90, 0, 75, 0, 60, 90};
  pb::testing::SweepTally tally;
  for (int i = 0; i < 6; ++i) {
    const State truth = scrambled(4, 30, 100u + static_cast<unsigned>(i));
    const cv::Mat img = pb::testing::degrade(draw(truth, Look{}), scales[i], qualities[i]);
    char what_c[32];
    std::snprintf(what_c, sizeof what_c, "x%.2f q%d", scales[i], qualities[i]);
    const std::string what = what_c;
    pb::testing::dump_sweep_image("numbered_" + std::to_string(i), img);
    auto r = vs::read(img);
    const bool same = r.ok() && r->state == truth;
    if (r.ok() && !same) ADD_FAILURE() << what << ": read wrongly\n" << pb::solvers::sliding::format(r->state);
    tally.add(r.ok(), same, what + (r.ok() ? "" : ": " + r.error().message));
  }
  tally.print("sliding, numbered picture tiles (GCompris's)");
  EXPECT_EQ(tally.wrong, 0);
  // All 6 read (4 before frame_tolerance and the invariant: JPEG 60's ringing round the empty cell
  // and the frame's border hid both at background_tolerance; at 0.5x a '9' one OCR variant reads as
  // '0', at 2x a '1' one reads as '4').
  EXPECT_GE(tally.exact, 6);
}
