// knight_look_sweep_test.cpp: the knight reader over generated looks (palette, grid lines or none, separated rounded tiles, removed-square and knight shapes, page, scale 0.5-2x, JPEG down to q60): exact or refused, never wrong.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <opencv2/imgcodecs.hpp>
#include <string>

#include "tests/support/knight_states.hpp"
#include "tests/support/look_sweep.hpp"
#include "vision/common/render_style.hpp"
#include "vision/knight/reader.hpp"
#include "vision/knight/render.hpp"

namespace pb::vision::knight {
namespace {

using solvers::knight::Square;

using Look = testing::SweepLook<RenderStyle>;

// Look `i`: every factor drawn at random from a seed of its own (a failure reproduces alone). Colours
// that must tell things apart are kept apart the way a person would need them to be; looks nobody
// could read (a removed outer row in the page colour with no grid lines to show it) are not drawn.
Look random_look(int i) {
  cv::RNG rng(static_cast<std::uint64_t>(7100 + i));
  Look l;
  RenderStyle& s = l.style;
  const bool dark_page = i % 3 == 2;
  s.background = dark_page ? random_colour(rng, 0, 60) : random_colour(rng, 190, 256);
  s.light = distinct_colour(rng, {s.background}, 150, 0, 255);
  s.dark = distinct_colour(rng, {s.background, s.light}, 150, 0, 255);
  s.grid_px = i % 5 < 2 ? 0 : rng.uniform(1, 5);
  s.grid = distinct_colour(rng, {s.background, s.light, s.dark}, 150, 0, 255);
  s.visited = distinct_colour(rng, {s.background, s.light, s.dark, s.grid}, 120, 0, 255);
  s.mark = distinct_colour(rng, {s.visited}, 250, 0, 255);
  s.knight_look = static_cast<KnightLook>(i % 4);
  s.knight = distinct_colour(rng, {s.visited, s.light, s.dark}, 220, 0, 255);
  s.letter = distinct_colour(rng, {s.knight}, 250, 0, 255);
  s.ring = distinct_colour(rng, {s.visited, s.light, s.dark, s.background}, 150, 0, 255);
  s.removed = s.grid_px == 0 ? (i % 2 ? RemovedLook::kColour : RemovedLook::kCross) : static_cast<RemovedLook>(rng.uniform(0, 3));
  s.removed_fill = s.removed == RemovedLook::kCross ? distinct_colour(rng, {s.light, s.dark}, 250, 0, 255)
                                                    : distinct_colour(rng, {s.background, s.light, s.dark, s.visited, s.grid}, 150, 0, 255);
  s.font = variant_font(static_cast<std::uint64_t>(rng.uniform(0, 6)));
  s.max_pitch = rng.uniform(40, 90);
  s.margin = rng.uniform(0.02, 0.08);
  l.scale = std::exp(rng.uniform(std::log(0.5), std::log(2.0)));
  l.jpeg = i % 4 == 0 ? 0 : rng.uniform(60, 96);
  static const char* kKnights[] = {"disc", "glyph", "piece", "letter"};
  static const char* kRemoved[] = {"page", "colour", "cross"};
  char what[160];
  std::snprintf(what, sizeof what, "look %d (%s page, grid %d px, knight %s, removed %s, scale %.2f, %s %d)", i,
                dark_page ? "dark" : "light", s.grid_px, kKnights[i % 4], kRemoved[static_cast<int>(s.removed)], l.scale,
                l.jpeg ? "jpeg" : "png", l.jpeg);
  l.what = what;
  return l;
}

// Look `i` of the separated-tiles family: each square its own rounded rectangle (gap 2-12% of the
// pitch, corner radius 10-35% of the tile), chequered or one colour, a removed square a missing tile.
Look random_tile_look(int i) {
  cv::RNG rng(static_cast<std::uint64_t>(9100 + i));
  Look l;
  RenderStyle& s = l.style;
  const bool dark_page = i % 3 == 2;
  s.background = dark_page ? random_colour(rng, 0, 60) : random_colour(rng, 190, 256);
  s.checkered = i % 2 == 0;
  s.light = distinct_colour(rng, {s.background}, 150, 0, 255);
  s.dark = distinct_colour(rng, {s.background, s.light}, 150, 0, 255);
  s.tile_gap = rng.uniform(0.02, 0.12);
  s.tile_radius = rng.uniform(0.10, 0.35);
  s.grid = distinct_colour(rng, {s.background, s.light, s.dark}, 150, 0, 255);  // the caption's colour
  s.visited = distinct_colour(rng, {s.background, s.light, s.dark}, 120, 0, 255);
  s.mark = distinct_colour(rng, {s.visited}, 250, 0, 255);
  s.knight_look = static_cast<KnightLook>(i % 4);
  s.knight = distinct_colour(rng, {s.visited, s.light, s.dark}, 220, 0, 255);
  s.letter = distinct_colour(rng, {s.knight}, 250, 0, 255);
  s.ring = distinct_colour(rng, {s.visited, s.light, s.dark, s.background}, 150, 0, 255);
  s.removed = RemovedLook::kPage;
  s.font = variant_font(static_cast<std::uint64_t>(rng.uniform(0, 6)));
  s.max_pitch = rng.uniform(40, 90);
  s.margin = rng.uniform(0.02, 0.08);
  l.scale = std::exp(rng.uniform(std::log(0.5), std::log(2.0)));
  l.jpeg = i % 4 == 0 ? 0 : rng.uniform(60, 96);
  static const char* kKnights[] = {"disc", "glyph", "piece", "letter"};
  char what[200];
  std::snprintf(what, sizeof what, "tiles look %d (%s page, %s, gap %.3f, radius %.2f, knight %s, scale %.2f, %s %d)", i,
                dark_page ? "dark" : "light", s.checkered ? "chequered" : "one colour", s.tile_gap, s.tile_radius, kKnights[i % 4],
                l.scale, l.jpeg ? "jpeg" : "png", l.jpeg);
  l.what = what;
  return l;
}

// Whether every outer row and column keeps a square that is not removed (else the board's edge
// cannot be seen: a missing tile there looks like no square at all).
bool edges_shown(const State& s) {
  auto any = [&](int r0, int r1, int c0, int c1) {
    for (int r = r0; r <= r1; ++r)
      for (int c = c0; c <= c1; ++c)
        if (s.at({r, c}) != Square::kRemoved) return true;
    return false;
  };
  return any(0, 0, 0, s.cols - 1) && any(s.rows - 1, s.rows - 1, 0, s.cols - 1) && any(0, s.rows - 1, 0, 0) &&
         any(0, s.rows - 1, s.cols - 1, s.cols - 1);
}

// The board text, and what it does not show: the start, and visited squares apart from removed ones.
std::string describe(const State& s) {
  std::string out = solvers::knight::format(s);
  auto cell = [](const std::optional<Cell>& c) { return c ? std::to_string(c->row) + "," + std::to_string(c->col) : std::string("-"); };
  out += "start " + cell(s.start) + ", knight " + cell(s.knight) + ", visited";
  for (std::size_t i = 0; i < s.squares.size(); ++i)
    if (s.squares[i] == Square::kVisited) {
      out += ' ';
      out += std::to_string(i);
    }
  return out + "\n";
}

// PB_KNIGHT_SWEEP_LOOKS=N runs N looks of each family instead (a wider sweep, by hand, before and
// after a reader change); the exact-read floors then scale with it.
int looks_or(int fallback) {
  const char* n = std::getenv("PB_KNIGHT_SWEEP_LOOKS");
  return n && std::atoi(n) > 0 ? std::atoi(n) : fallback;
}

TEST(KnightLookSweep, ExactOrRefusedNeverWrong) {
  testing::SweepTally tally;
  const int kLooks = looks_or(48);
  for (int i = 0; i < kLooks; ++i) {
    const Look look = random_look(i);
    cv::RNG rng(static_cast<std::uint64_t>(500 + i));
    const int rows = rng.uniform(3, 10), cols = rng.uniform(3, 10);
    const int removed = rng.uniform(0, std::min(rows, cols));
    const bool start = rng.uniform(0, 2) == 1;
    const int moves = rng.uniform(0, 10);
    std::vector<Cell> tour;
    State s = testing::random_knight_state(rng, rows, cols, removed, start, moves, &tour);
    // No grid lines: the outer rows and columns keep a square that is not the page colour (else the
    // board's edge cannot be seen), which random_look ensures by never drawing removed squares so.
    const cv::Size size = rng.uniform(0, 2) ? cv::Size(800, 600) : cv::Size(640, 480);
    const cv::Mat img = testing::degrade(render(s, look.style, size, i % 3 ? std::span<const Cell>(tour) : std::span<const Cell>{}),
                                         look.scale, look.jpeg);
    testing::dump_sweep_image("knight" + std::to_string(i), img);
    auto got = read(img);
    const std::string what = look.what + " " + std::to_string(rows) + "x" + std::to_string(cols);
    tally.add_read(got, s, what, describe);
  }
  tally.print("knight");
  EXPECT_EQ(tally.wrong, 0);
  // Refusing everything would pass the line above: most looks must read.
  EXPECT_GE(tally.exact, kLooks * 3 / 4);
}

// Exact reads of the separated-tiles family at the time of writing (Release, GCC), less a margin:
// a change that makes the family refuse more fails here, not only one that reads wrong.
constexpr int kTileLooks = 40;
constexpr int kTileExactFloor = 26;

TEST(KnightLookSweep, SeparatedTilesExactOrRefusedNeverWrong) {
  testing::SweepTally tally;
  const int looks = looks_or(kTileLooks);
  for (int i = 0; i < looks; ++i) {
    const Look look = random_tile_look(i);
    cv::RNG rng(static_cast<std::uint64_t>(700 + i));
    const int rows = rng.uniform(3, 10), cols = rng.uniform(3, 10);
    const int removed = rng.uniform(0, std::min(rows, cols));
    const bool start = rng.uniform(0, 2) == 1;
    // A third with no knight placed yet (no jump made: any start, or the ringed one).
    const int moves = i % 3 == 1 ? 0 : rng.uniform(1, 12);
    std::vector<Cell> tour;
    State s;
    do {
      tour.clear();
      s = testing::random_knight_state(rng, rows, cols, removed, start, moves, &tour);
    } while (!edges_shown(s));
    const cv::Size size = rng.uniform(0, 2) ? cv::Size(800, 600) : cv::Size(640, 480);
    const cv::Mat img = testing::degrade(render(s, look.style, size, i % 3 ? std::span<const Cell>(tour) : std::span<const Cell>{}),
                                         look.scale, look.jpeg);
    testing::dump_sweep_image("knight_tiles" + std::to_string(i), img);
    auto got = read(img);
    const std::string what = look.what + " " + std::to_string(rows) + "x" + std::to_string(cols) + (s.knight ? "" : ", no knight");
    tally.add_read(got, s, what, describe);
  }
  tally.print("knight tiles");
  EXPECT_EQ(tally.wrong, 0);
  EXPECT_GE(tally.exact, kTileExactFloor * looks / kTileLooks);
}

}  // namespace
}  // namespace pb::vision::knight
