// common_colour_test.cpp: the colour histogram's ranking (vision/common/colour.hpp) is the full sort's, ties and all;
// pictures converted to Lab (vision/common/lab.hpp) on several threads at once.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <random>
#include <thread>
#include <vector>

#include "vision/common/colour.hpp"
#include "vision/common/lab.hpp"

namespace pb::vision {
namespace {

// What top() ranked before it looked at the counted bins only: every bin, partially sorted by count.
std::vector<int> ranked_by_sorting_every_bin(const ColourHistogram& h) {
  std::vector<int> order(ColourHistogram::kBins);
  for (int i = 0; i < ColourHistogram::kBins; ++i) order[static_cast<std::size_t>(i)] = i;
  std::partial_sort(order.begin(), order.begin() + ColourHistogram::kRanked, order.end(),
                    [&](int a, int b) { return h.count[static_cast<std::size_t>(a)] > h.count[static_cast<std::size_t>(b)]; });
  order.resize(ColourHistogram::kRanked);
  return order;
}

TEST(ColourHistogram, TopRanksAsASortOfEveryBin) {
  // Histograms of a few pixels (most counts tied at 1 or 2: a board's seams), of thousands drawn
  // from a few colours, of dark colours (bins below kRanked, which the sort heaps first) and of any.
  std::mt19937 rng(7);
  for (int round = 0; round < 200; ++round) {
    ColourHistogram h;
    const int pixels = std::uniform_int_distribution<int>(0, 3)(rng) == 0 ? std::uniform_int_distribution<int>(1, 40)(rng)
                                                                           : std::uniform_int_distribution<int>(100, 5000)(rng);
    const int palette = std::uniform_int_distribution<int>(1, 120)(rng);
    const int top = round % 3 == 0 ? 16 : 256;  // dark colours only in a third of them
    std::vector<cv::Vec3b> colours;
    for (int i = 0; i < palette; ++i)
      colours.emplace_back(static_cast<std::uint8_t>(rng() % top), static_cast<std::uint8_t>(rng() % top),
                           static_cast<std::uint8_t>(rng() % top));
    for (int i = 0; i < pixels; ++i) h.add(colours[rng() % colours.size()]);
    ASSERT_EQ(h.ranked(), ranked_by_sorting_every_bin(h)) << "round " << round;
  }
}

TEST(ColourHistogram, TopGivesTheCommonestColoursApart) {
  ColourHistogram h;
  for (int i = 0; i < 50; ++i) h.add(cv::Vec3b(200, 10, 10));
  for (int i = 0; i < 30; ++i) h.add(cv::Vec3b(204, 12, 9));  // the same bin: one colour
  for (int i = 0; i < 40; ++i) h.add(cv::Vec3b(10, 200, 10));
  for (int i = 0; i < 5; ++i) h.add(cv::Vec3b(15, 200, 12));  // within the tolerance of the green
  for (int i = 0; i < 7; ++i) h.add(cv::Vec3b(0, 0, 0));
  const std::vector<cv::Vec3b> top = h.top(3, 10);
  ASSERT_EQ(top.size(), 3u);
  EXPECT_LE(colour_distance(top[0], cv::Vec3b(201, 10, 9)), 2);
  EXPECT_LE(colour_distance(top[1], cv::Vec3b(10, 200, 10)), 2);
  EXPECT_EQ(top[2], cv::Vec3b(0, 0, 0));
  EXPECT_TRUE(ColourHistogram().top(2, 0).empty());
}

TEST(LabTables, ThreadsConvertingAtOnceGetTheSameColours) {
  // `puzzlebot solve` runs the readers side by side, and most begin by converting the screenshot to
  // Lab. OpenCV 4.6 builds its Lab tables on the first conversion without a lock: threads starting
  // together built them each, one set was lost (LeakSanitizer, CI's stage 2: 4.7 MB) and a thread
  // could read the other's half built. This process has converted nothing yet (each test runs in a
  // process of its own): four threads convert at once, and every picture is the same.
  cv::Mat bgr(240, 320, CV_8UC3);
  cv::randu(bgr, cv::Scalar::all(0), cv::Scalar::all(256));
  constexpr int kThreads = 4;
  std::vector<cv::Mat> lab(kThreads);
  std::atomic<int> ready{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      ready.fetch_add(1);
      while (ready.load() < kThreads) std::this_thread::yield();
      lab[static_cast<std::size_t>(t)] = to_lab(bgr);
    });
  for (std::thread& t : threads) t.join();
  const cv::Mat again = to_lab(bgr);
  for (const cv::Mat& l : lab) {
    ASSERT_EQ(l.size(), again.size());
    EXPECT_EQ(cv::norm(l, again, cv::NORM_INF), 0.0);
  }
}

}  // namespace
}  // namespace pb::vision
