/* vision_sgt.cpp: time to read Simon Tatham's Fifteen (with Tesseract), GNOME Taquin's picture board and Pegs off their windows. */
// Run: bench_vision_sgt (from anywhere; samples come from PB_SOURCE_DIR/samples/sgt).
// Inputs are the committed window grabs, and the same grabs pasted into a 1920x1080 desktop (what a
// root-window capture hands the reader). Figures: docs/PERFORMANCE.md, "Simon Tatham readers".
#include <benchmark/benchmark.h>

#include <string>

#include "bench/vision_bench.hpp"
#include "vision/pegs/reader.hpp"
#include "vision/sliding/reader.hpp"

namespace {

using pb::bench::on_desktop;

cv::Mat sample(const std::string& name) { return pb::bench::sample_image("sgt/" + name); }

template <class Read>
void run(benchmark::State& state, const cv::Mat& img, Read read) {
  pb::bench::time_read(state, img, read, "sample missing: run samples/sgt/regenerate.sh");
}

// A full Fifteen read: lattice, 15 Tesseract reads (re-reads when doubtful), permutation check.
void BM_FifteenWindow(benchmark::State& state) {
  run(state, sample("fifteen/4x4_window_t64.png"), [](const cv::Mat& m) { return pb::vision::sliding::read(m); });
}
void BM_FifteenDesktop1080p(benchmark::State& state) {
  run(state, on_desktop(sample("fifteen/4x4_window_t64.png")),
      [](const cv::Mat& m) { return pb::vision::sliding::read(m); });
}
// The 5x5 window: 24 tiles to OCR.
void BM_Fifteen5x5Window(benchmark::State& state) {
  run(state, sample("fifteen/5x5_window_resized.png"), [](const cv::Mat& m) { return pb::vision::sliding::read(m); });
}
// The lattice alone (what a "has the board settled?" check needs), no OCR.
void BM_FifteenDetectOnly(benchmark::State& state) {
  run(state, sample("fifteen/4x4_window_t64.png"), [](const cv::Mat& m) { return pb::vision::sliding::detect(m); });
}
void BM_FifteenStatusLine(benchmark::State& state) {
  run(state, sample("fifteen/4x4_completed_window.png"),
      [](const cv::Mat& m) { return pb::vision::sliding::read_status_line(m); });
}
// A GNOME Taquin picture board (the theme pictures are decoded once, on the first read): the framed
// square, then every lattice size, picture and gap tried against the sites.
void BM_TaquinWindow(benchmark::State& state) {
  run(state, cv::imread(std::string(PB_SOURCE_DIR) + "/samples/taquin/4x4_cats_window.png", cv::IMREAD_COLOR),
      [](const cv::Mat& m) { return pb::vision::sliding::read(m); });
}
void BM_PegsWindow(benchmark::State& state) {
  run(state, sample("pegs/octagon_window_t40.png"), [](const cv::Mat& m) { return pb::vision::pegs::read(m); });
}
void BM_PegsDesktop1080p(benchmark::State& state) {
  run(state, on_desktop(sample("pegs/random9_window_resized.png")),
      [](const cv::Mat& m) { return pb::vision::pegs::read(m); });
}

}  // namespace

BENCHMARK(BM_FifteenWindow)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_FifteenDesktop1080p)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Fifteen5x5Window)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_FifteenDetectOnly)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_FifteenStatusLine)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_TaquinWindow)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PegsWindow)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PegsDesktop1080p)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
