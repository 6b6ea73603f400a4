/* arena_play.hpp: arena sessions for tests, part-way through a level (mid-level positions to read back). */
#pragma once

#include <cstddef>
#include <cstdint>
#include <opencv2/core.hpp>

#include "core/result.hpp"
#include "samples/arena/arena.hpp"

namespace pb::testing {

// Plays the first `gestures` strokes of the level's own solution (never the last one: the level would
// be cleared). Each stroke is pressed at its first point, dragged through the others and released at
// its last (a click is one point).
inline void play_some(arena::Session& s, int gestures) {
  const auto strokes = s.level().solution();
  for (int i = 0; i < gestures && i + 1 < static_cast<int>(strokes.size()); ++i) {
    const auto& pts = strokes[static_cast<std::size_t>(i)].points;
    s.press(pts.front());
    for (std::size_t k = 1; k < pts.size(); ++k) s.drag(pts[k]);
    s.release(pts.back());
  }
}

// A session of `game` from `level` (seed, style variant, frame size) with play_some(gestures) made.
inline Result<arena::Session> arena_session(arena::Game game, int level, std::uint64_t seed, int variant, cv::Size size,
                                            int gestures) {
  arena::SessionOptions o;
  o.game = game;
  o.first_level = level;
  o.seed = seed;
  o.variant = variant;
  o.size = size;
  auto s = arena::Session::create(o);
  if (s) play_some(*s, gestures);
  return s;
}

}  // namespace pb::testing
