// arena_readback_test.cpp: whole arena frames (title, board, status line) in many styles, sizes and seeds read back exactly by the knight and Hanoi readers.
#include <gtest/gtest.h>

#include "samples/arena/arena.hpp"
#include "samples/arena/levels.hpp"
#include "vision/hanoi/reader.hpp"
#include "vision/knight/reader.hpp"

namespace pb::arena {
namespace {

const cv::Size kSizes[] = {{800, 600}, {640, 480}, {1024, 768}, {700, 900}};

// Plays part of the level so mid-level positions are read too.
void play_some(Session& s, int gestures) {
  const auto strokes = s.level().solution();
  for (int i = 0; i < gestures && i + 1 < static_cast<int>(strokes.size()); ++i) {
    const auto& pts = strokes[static_cast<std::size_t>(i)].points;
    s.press(pts.front());
    for (std::size_t k = 1; k < pts.size(); ++k) s.drag(pts[k]);
    s.release(pts.back());
  }
}

TEST(ArenaReadback, KnightFrames) {
  for (int i = 0; i < 24; ++i) {
    SessionOptions o;
    o.game = Game::kKnight;
    o.first_level = 1 + i % 7;
    o.seed = static_cast<std::uint64_t>(1000 + i);
    o.variant = i;
    o.size = kSizes[i % 4];
    auto s = Session::create(o);
    ASSERT_TRUE(s.ok());
    play_some(*s, i % 5);
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
    SessionOptions o;
    o.game = Game::kHanoi;
    o.first_level = 1 + i % 7;
    o.seed = static_cast<std::uint64_t>(2000 + i);
    o.variant = i;
    o.size = kSizes[i % 4];
    auto s = Session::create(o);
    ASSERT_TRUE(s.ok());
    play_some(*s, i % 4);
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
