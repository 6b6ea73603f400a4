/* vision_valves.cpp: time to read an arena valves screenshot (wheels, tanks, pipes, Tesseract letters and wrench count). */
// Run: bench_vision_valves (from anywhere; samples come from PB_SOURCE_DIR/samples/arena/valves).
// Inputs are the committed arena samples: 800x600 (4 valves), 640x480 mid-level (9 valves, 1 closed),
// 1024x768 (8 valves), each with the inlet and the outlet. Figures: docs/PERFORMANCE.md, "Valves reader".
// Tesseract's OpenMP threads are switched off inside (vision/common/ocr.cpp), so OMP_THREAD_LIMIT no
// longer changes these figures.
#include <benchmark/benchmark.h>

#include <string>

#include "bench/vision_bench.hpp"
#include "vision/valves/reader.hpp"

namespace {

cv::Mat sample(const std::string& name) { return pb::bench::sample_image("arena/valves/" + name); }

void run(benchmark::State& state, const cv::Mat& img) {
  pb::bench::time_read(state, img, [](const cv::Mat& m) { return pb::vision::valves::read(m); },
                       "sample missing: run samples/arena/regenerate.sh");
}

// A phone screenshot of another game (一笔画完, 1080x1920): what `solve shot.png` pays for the
// valves reader's refusal when it tries every reader. Most of it is the node-link diagram's
// widening openings (vision/common/morphology.hpp).
void BM_ValvesRefusesOneStroke1080x1920(benchmark::State& state) {
  pb::bench::time_refusal(state, pb::bench::sample_image("onestroke/s04_7x7_1080x1920_mid.png"),
                          [](const cv::Mat& m) { return pb::vision::valves::read(m); });
}

void BM_Valves800x600(benchmark::State& state) { run(state, sample("a01_l1_s0.png")); }
void BM_Valves640x480MidLevel(benchmark::State& state) { run(state, sample("a02_l4_s3_mid.png")); }
void BM_Valves1024x768(benchmark::State& state) { run(state, sample("a03_l8_s8.png")); }

}  // namespace

// CPU time is the fair figure on a shared machine (wall time shows the contention).
BENCHMARK(BM_Valves800x600)->Unit(benchmark::kMillisecond)->MeasureProcessCPUTime()->UseRealTime();
BENCHMARK(BM_Valves640x480MidLevel)->Unit(benchmark::kMillisecond)->MeasureProcessCPUTime()->UseRealTime();
BENCHMARK(BM_Valves1024x768)->Unit(benchmark::kMillisecond)->MeasureProcessCPUTime()->UseRealTime();
BENCHMARK(BM_ValvesRefusesOneStroke1080x1920)->Unit(benchmark::kMillisecond)->MeasureProcessCPUTime()->UseRealTime();

BENCHMARK_MAIN();
