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

TEST(ArenaReadback, KnightFrames) {
  for (int i = 0; i < 24; ++i) {
    auto s = arena_session(game_from_name("knight"), 1 + i % 7, static_cast<std::uint64_t>(1000 + i), i, kSizes[i % 4], i % 5);
    ASSERT_TRUE(s.ok());
    auto got = vision::knight::read(s->frame());
    ASSERT_TRUE(got.ok()) << "case " << i << ": " << got.error().message;
    const auto& truth = dynamic_cast<const KnightLevel&>(s->level()).state();
    EXPECT_EQ(solvers::knight::format(got->state), s->level().board_text()) << "case " << i;
    EXPECT_TRUE(got->state == truth) << "case " << i;
    // The centres read are where the arena takes clicks.
    for (int r = 0; r < truth.rows; ++r)
      for (int c = 0; c < truth.cols; ++c) {
        const auto& k = dynamic_cast<const KnightLevel&>(s->level());
        EXPECT_LT(cv::norm(cv::Point2d(got->centre({r, c})) - k.square_centre({r, c})), 2.0);
      }
  }
}

TEST(ArenaReadback, HanoiFrames) {
  for (int i = 0; i < 24; ++i) {
    auto s = arena_session(game_from_name("hanoi"), 1 + i % 7, static_cast<std::uint64_t>(2000 + i), i, kSizes[i % 4], i % 4);
    ASSERT_TRUE(s.ok());
    auto got = vision::hanoi::read(s->frame());
    ASSERT_TRUE(got.ok()) << "case " << i << ": " << got.error().message;
    EXPECT_EQ(solvers::hanoi::format(got->state), s->level().board_text()) << "case " << i;
    const auto& h = dynamic_cast<const HanoiLevel&>(s->level());
    for (int p = 0; p < h.state().pegs; ++p)
      EXPECT_LT(std::abs(got->centres[static_cast<std::size_t>(p)].x - h.peg_point(p).x), 2.0);
  }
}

}  // namespace
}  // namespace pb::arena
