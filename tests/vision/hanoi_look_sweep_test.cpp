// hanoi_look_sweep_test.cpp: the Hanoi reader over generated looks (light and dark pages, rods and discs of any colours and proportions, scale 0.5-2x, JPEG down to q60): exact or refused, never wrong.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <opencv2/imgcodecs.hpp>
#include <string>

#include "tests/support/look_sweep.hpp"
#include "vision/common/render_style.hpp"
#include "vision/hanoi/reader.hpp"
#include "vision/hanoi/render.hpp"

namespace pb::vision::hanoi {
namespace {

using Look = testing::SweepLook<RenderStyle>;

// Look `i`, every factor drawn from a seed of its own. Rods, base and discs only need to stand out
// from the page (discs of one colour, or each its own, or the rods' colour: widths tell the sizes).
Look random_look(int i) {
  cv::RNG rng(static_cast<std::uint64_t>(8300 + i));
  Look l;
  RenderStyle& s = l.style;
  const bool dark_page = i % 2 == 1;
  s.background = dark_page ? random_colour(rng, 0, 70) : random_colour(rng, 185, 256);
  s.rod = distinct_colour(rng, {s.background}, 200, 0, 255);
  s.base = i % 3 == 0 ? s.rod : distinct_colour(rng, {s.background}, 200, 0, 255);
  s.marker = distinct_colour(rng, {s.background}, 200, 0, 255);
  s.disks.clear();
  const int colours = i % 4 == 0 ? 1 : rng.uniform(2, 9);
  for (int k = 0; k < colours; ++k) s.disks.push_back(i % 8 == 4 ? s.rod : distinct_colour(rng, {s.background}, 180, 0, 255));
  s.font = variant_font(static_cast<std::uint64_t>(rng.uniform(0, 6)));
  s.rod_width = rng.uniform(0.008, 0.03);
  s.disk_height = rng.uniform(0.05, 0.1);
  s.gap_px = rng.uniform(3, 8);
  s.corner = rng.uniform(0.0, 0.5);
  s.max_width = rng.uniform(0.75, 0.92);
  s.min_width = rng.uniform(0.2, 0.35);
  s.margin = rng.uniform(0.02, 0.08);
  s.numbers = rng.uniform(0, 2) == 1;
  l.scale = std::exp(rng.uniform(std::log(0.5), std::log(2.0)));
  l.jpeg = i % 4 == 0 ? 0 : rng.uniform(60, 96);
  char what[160];
  std::snprintf(what, sizeof what, "look %d (%s page, %d disc colours, gap %d px, scale %.2f, %s %d)", i,
                dark_page ? "dark" : "light", colours, s.gap_px, l.scale, l.jpeg ? "jpeg" : "png", l.jpeg);
  l.what = what;
  return l;
}

TEST(HanoiLookSweep, ExactOrRefusedNeverWrong) {
  testing::SweepTally tally;
  constexpr int kLooks = 48;
  for (int i = 0; i < kLooks; ++i) {
    const Look look = random_look(i);
    cv::RNG rng(static_cast<std::uint64_t>(600 + i));
    State s;
    s.rods = rng.uniform(3, 6);
    s.config.resize(static_cast<std::size_t>(rng.uniform(1, 8)));
    for (auto& p : s.config) p = static_cast<std::uint8_t>(rng.uniform(0, s.rods));
    s.goal = rng.uniform(0, s.rods);
    const cv::Size size = rng.uniform(0, 2) ? cv::Size(800, 600) : cv::Size(640, 480);
    const cv::Mat img = testing::degrade(render(s, look.style, size, i % 3 != 1), look.scale, look.jpeg);
    testing::dump_sweep_image("hanoi" + std::to_string(i), img);
    auto got = read(img);
    tally.add_read(got, s, look.what, [](const State& st) { return solvers::hanoi::format(st); });
  }
  tally.print("hanoi");
  EXPECT_EQ(tally.wrong, 0);
  // Refusing everything would pass the line above: most looks must read.
  EXPECT_GE(tally.exact, kLooks * 3 / 4);
}

}  // namespace
}  // namespace pb::vision::hanoi
