/* vision_sliding.cpp: time for the sliding reader to refuse screenshots of other games. */
// Run: bench_vision_sliding (from anywhere; samples come from PB_SOURCE_DIR/samples).
// `puzzlebot solve SHOT` with no --game tries every reader, so each reader's refusal of the other
// games' screenshots is part of every first command. A page of equal squares (one-stroke cells,
// peg sites) is many framed squares to the picture reader, each tried on every lattice against
// every picture of GNOME Taquin's theme (decoded once, on the first read). Figures:
// docs/PERFORMANCE.md, "A screenshot of another game".
#include <benchmark/benchmark.h>

#include <string>

#include "bench/vision_bench.hpp"
#include "vision/sliding/reader.hpp"

namespace {

void time_refusal(benchmark::State& state, const cv::Mat& img) {
  pb::bench::time_refusal(state, img, [](const cv::Mat& m) { return pb::vision::sliding::read(m); });
}

// README's first command: a 7x7 one-stroke level on a 1080x1920 phone (43 framed squares).
void BM_RefusesOnestrokePhone(benchmark::State& state) {
  time_refusal(state, pb::bench::sample_image("onestroke/s04_7x7_1080x1920_mid.png"));
}
// The largest one-stroke sample: 9x8 on a 1440x3120 phone.
void BM_RefusesOnestrokeLargePhone(benchmark::State& state) {
  time_refusal(state, pb::bench::sample_image("onestroke/s05_9x8_1440x3120.png"));
}
// Simon Tatham's Pegs on a 1920x1080 desktop: round sites on squares.
void BM_RefusesPegsDesktop(benchmark::State& state) {
  time_refusal(state, pb::bench::on_desktop(pb::bench::sample_image("sgt/pegs/cross_default.png")));
}

}  // namespace

BENCHMARK(BM_RefusesOnestrokePhone)->Unit(benchmark::kMillisecond)->MeasureProcessCPUTime()->UseRealTime();
BENCHMARK(BM_RefusesOnestrokeLargePhone)->Unit(benchmark::kMillisecond)->MeasureProcessCPUTime()->UseRealTime();
BENCHMARK(BM_RefusesPegsDesktop)->Unit(benchmark::kMillisecond)->MeasureProcessCPUTime()->UseRealTime();

BENCHMARK_MAIN();
