/* adb_fake_puzzle_test.cpp: the simulated phone's puzzle apps (sliding: GNOME Taquin's look; pegs: Pegs' look), driven by adb commands. */
// As adb_fake_arena_test does for the arena games, without puzzlebot: a screencap must read (by the
// project's own readers) as the board the fake says it shows, and touches sent as `adb shell input`
// in touch-space pixels (twice the screenshot's here) must play it by the game's rules: the
// solver's moves, sent one by one, clear the level, and moves the game refuses change nothing.
#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>

#include "capture/adb_source.hpp"
#include "solvers/common/text_board.hpp"
#include "solvers/pegs/pegs.hpp"
#include "solvers/sliding/sliding.hpp"
#include "tests/app/adb_fake_phone.hpp"
#include "vision/pegs/reader.hpp"
#include "vision/sliding/picture_reader.hpp"

namespace pb::testing {
namespace {

const std::string kThemes = "/usr/share/gnome-taquin/themes";  // package gnome-taquin (scripts/setup.sh)

cv::Mat screencap(const FakePhone& phone) {
  auto parsed = capture::parse_raw_screencap(adb(phone, {"exec-out", "screencap"}).out);
  if (!parsed) {
    ADD_FAILURE() << parsed.error().message;
    return cv::Mat(960, 540, CV_8UC3, cv::Scalar(0, 0, 0));
  }
  return parsed->bgr;
}

template <typename State>
State board_file(const FakePhone& phone, Result<State> (*parse)(const solvers::TextBoard&)) {
  auto tb = solvers::split_text_board(phone.file("board"), "board", true);
  EXPECT_TRUE(tb.ok()) << phone.file("board");
  auto s = parse(*tb);
  EXPECT_TRUE(s.ok()) << phone.file("board");
  return s.ok() ? *s : State{};
}

// A screen point as touch-space words (touch=1080x1920 on a 540x960 screen).
std::vector<std::string> touch(cv::Point2f p) {
  return {std::to_string(static_cast<int>(p.x * 2)), std::to_string(static_cast<int>(p.y * 2))};
}

void tap(const FakePhone& phone, cv::Point2f p) {
  std::vector<std::string> args{"shell", "input", "tap"};
  for (auto& w : touch(p)) args.push_back(w);
  ASSERT_EQ(adb(phone, args).exit_code, 0);
}

void swipe(const FakePhone& phone, cv::Point2f a, cv::Point2f b) {
  std::vector<std::string> args{"shell", "input", "swipe"};
  for (auto& w : touch(a)) args.push_back(w);
  for (auto& w : touch(b)) args.push_back(w);
  args.push_back("200");
  ASSERT_EQ(adb(phone, args).exit_code, 0);
}

// animate=0: the screens are read right after the touches (the play tests see the animations).
const std::vector<std::string> kSlidingConfig{"game=sliding", "seed=4", "screen=540x960", "touch=1080x1920",
                                              "advance_ms=600000", "animate=0"};

// The theme pictures, decoded once for the tests (a few hundred milliseconds).
const Result<vision::sliding::Pictures>& theme_pictures() {
  static const Result<vision::sliding::Pictures> pictures = vision::sliding::load_pictures(kThemes);
  return pictures;
}

TEST(FakePuzzlePhone, SlidingIsTaquinsBoardAndTapsSlideItsTiles) {
  const auto& pictures = theme_pictures();
  if (!pictures) GTEST_SKIP() << "GNOME Taquin's pictures are not installed: " << pictures.error().message;
  for (int size : {4, 3}) {
    SCOPED_TRACE(size);
    std::vector<std::string> config = kSlidingConfig;
    config.push_back("size=" + std::to_string(size));
    FakePhone phone(config);
    auto r = vision::sliding::read_picture_board(screencap(phone), *pictures);
    ASSERT_TRUE(r.ok()) << r.error().message;
    const auto shown = board_file(phone, &solvers::sliding::parse);
    EXPECT_EQ(r->state, shown);
    EXPECT_EQ(r->state.rows, size);
    ASSERT_FALSE(solvers::sliding::is_goal(shown));
    // A tile off the gap's row and column does not move (diagonal to the gap, when there is one).
    const int gap = shown.blank(), n = size;
    const int diag = (gap / n == 0 ? gap + n : gap - n) + (gap % n == 0 ? 1 : -1);
    tap(phone, r->centres[static_cast<std::size_t>(diag)]);
    EXPECT_EQ(board_file(phone, &solvers::sliding::parse), shown);
    if (size == 4) continue;  // read and refused alike; one size played through keeps the test short
    // The solver's moves, each a tap on the tile that slides (where it is now: read again).
    auto sol = solvers::sliding::solve(shown, solvers::Limits::with_timeout(std::chrono::seconds(20)));
    ASSERT_EQ(sol.status, solvers::Status::kSolved);
    auto state = shown;
    for (int tile : sol.moves) {
      const auto at = std::find(state.tiles.begin(), state.tiles.end(), tile) - state.tiles.begin();
      tap(phone, r->centres[static_cast<std::size_t>(at)]);
      state = *solvers::sliding::apply(state, tile);
      ASSERT_EQ(board_file(phone, &solvers::sliding::parse), state);
    }
    EXPECT_TRUE(phone.logged("cleared 1")) << phone.log();
    // Won: the whole picture shows, and it reads as the goal.
    auto done = vision::sliding::read_picture_board(screencap(phone), *pictures);
    ASSERT_TRUE(done.ok()) << done.error().message;
    EXPECT_TRUE(solvers::sliding::is_goal(done->state));
    // After advance_ms (0 now: the config is read on every command), a new shuffle.
    phone.set_config({"game=sliding", "seed=4", "screen=540x960", "touch=1080x1920", "advance_ms=0", "animate=0",
                      "size=" + std::to_string(size)});
    screencap(phone);
    EXPECT_TRUE(phone.logged("level 2")) << phone.log();
    EXPECT_FALSE(solvers::sliding::is_goal(board_file(phone, &solvers::sliding::parse)));
  }
}

TEST(FakePuzzlePhone, SlidingTapTwoAwaySlidesTwoTiles) {
  const auto& pictures = theme_pictures();
  if (!pictures) GTEST_SKIP() << "GNOME Taquin's pictures are not installed: " << pictures.error().message;
  FakePhone phone(kSlidingConfig);
  auto r = vision::sliding::read_picture_board(screencap(phone), *pictures);
  ASSERT_TRUE(r.ok()) << r.error().message;
  auto state = board_file(phone, &solvers::sliding::parse);
  // A cell two away from the gap in its row, else in its column (3x3: none only when the gap is
  // in the middle).
  const int gap = state.blank(), row = gap / 3, col = gap % 3;
  int far = -1;
  if (col != 1) far = col == 0 ? gap + 2 : gap - 2;
  else if (row != 1) far = row == 0 ? gap + 6 : gap - 6;
  ASSERT_GE(far, 0) << "the gap is in the middle for this seed: pick another seed";
  const int near = (gap + far) / 2;
  const int far_tile = state.tiles[static_cast<std::size_t>(far)], near_tile = state.tiles[static_cast<std::size_t>(near)];
  tap(phone, r->centres[static_cast<std::size_t>(far)]);
  state = *solvers::sliding::apply(state, near_tile);
  state = *solvers::sliding::apply(state, far_tile);
  EXPECT_EQ(board_file(phone, &solvers::sliding::parse), state);
}

TEST(FakePuzzlePhone, PegsReadsAsTheBoardAndDragsJump) {
  FakePhone phone({"game=pegs", "seed=4", "screen=540x960", "touch=1080x1920", "advance_ms=600000", "animate=0"});
  const cv::Mat shot = screencap(phone);
  auto r = vision::pegs::read(shot);
  ASSERT_TRUE(r.ok()) << r.error().message;
  const auto shown = board_file(phone, &solvers::pegs::parse);
  EXPECT_EQ(r->state, shown);
  auto centre = [&](solvers::Cell c) { return r->centres[static_cast<std::size_t>(c.row * shown.cols + c.col)]; };
  auto sol = solvers::pegs::solve(shown, solvers::Limits::with_timeout(std::chrono::seconds(20)));
  ASSERT_EQ(sol.status, solvers::Status::kSolved);
  ASSERT_FALSE(sol.moves.empty());
  // A drag from a peg onto a peg (not a hole) does nothing; a tap does nothing.
  const auto& first = sol.moves.front();
  swipe(phone, centre(first.from), centre(first.over));
  tap(phone, centre(first.from));
  EXPECT_EQ(board_file(phone, &solvers::pegs::parse), shown);
  auto state = shown;
  for (const auto& m : sol.moves) {
    swipe(phone, centre(m.from), centre(m.to));
    state = *solvers::pegs::apply(state, m);
    ASSERT_EQ(board_file(phone, &solvers::pegs::parse), state);
  }
  EXPECT_EQ(state.peg_count(), 1);
  EXPECT_TRUE(phone.logged("cleared 1")) << phone.log();
  auto done = vision::pegs::read(screencap(phone));
  ASSERT_TRUE(done.ok()) << done.error().message;
  EXPECT_EQ(done->state, state);
}

}  // namespace
}  // namespace pb::testing
