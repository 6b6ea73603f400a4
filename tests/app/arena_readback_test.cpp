// arena_readback_test.cpp: whole arena frames (title, board, status line) in many styles, sizes and seeds read back exactly by the knight and Hanoi readers.
#include <gtest/gtest.h>

#include "samples/arena/arena.hpp"
#include "samples/arena/hanoi_level.hpp"
#include "samples/arena/knight_level.hpp"
#include "tests/support/arena_play.hpp"
#include "vision/hanoi/reader.hpp"
#include "vision/knight/reader.hpp"

namespace pb::arena {
namespace {

using testing::arena_session;

const cv::Size kSizes[] = {{800, 600}, {640, 480}, {1024, 768}, {700, 900}};

// 24 arena frames of `game` (levels 1-7, seeds from `seed`, every style and size): `read` must read
// each one's board exactly (as the solver Spec formats it), and `check(reading, level, case)` holds.
template <class Spec, class Read, class Check>
void expect_frames_read(Game game, std::uint64_t seed, int styles, Read read, Check check) {
  for (int i = 0; i < 24; ++i) {
    auto s = arena_session(game, 1 + i % 7, seed + static_cast<std::uint64_t>(i), i, kSizes[i % 4], i % styles);
    ASSERT_TRUE(s.ok());
    auto got = read(s->frame());
    ASSERT_TRUE(got.ok()) << "case " << i << ": " << got.error().message;
    EXPECT_EQ(Spec::format(got->state), s->level().board_text()) << "case " << i;
    check(*got, s->level(), i);
  }
}

TEST(ArenaReadback, KnightFrames) {
  const auto read = [](const cv::Mat& frame) { return vision::knight::read(frame); };
  expect_frames_read<solvers::knight::Spec>(game_from_name("knight"), 1000, 5, read, [](const auto& got, const Level& lv, int i) {
    const auto& k = dynamic_cast<const KnightLevel&>(lv);
    EXPECT_TRUE(got.state == k.state()) << "case " << i;
    // The centres read are where the arena takes clicks.
    for (int r = 0; r < k.state().rows; ++r)
      for (int c = 0; c < k.state().cols; ++c)
        EXPECT_LT(cv::norm(cv::Point2d(got.centre({r, c})) - k.square_centre({r, c})), 2.0);
  });
}

TEST(ArenaReadback, HanoiFrames) {
  const auto read = [](const cv::Mat& frame) { return vision::hanoi::read(frame); };
  expect_frames_read<solvers::hanoi::Spec>(game_from_name("hanoi"), 2000, 4, read, [](const auto& got, const Level& level, int) {
    const auto& h = dynamic_cast<const HanoiLevel&>(level);
    for (int p = 0; p < h.state().rods; ++p)
      EXPECT_LT(std::abs(got.centres[static_cast<std::size_t>(p)].x - h.rod_point(p).x), 2.0);
  });
}

}  // namespace
}  // namespace pb::arena
