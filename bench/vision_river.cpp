/* vision_river.cpp: time to read a river-crossing scene off arena screenshots (window and 1080p desktop). */
// Run: bench_vision_river (samples come from PB_SOURCE_DIR/samples/arena/river). Figures:
// docs/PERFORMANCE.md, "River reader".
#include <benchmark/benchmark.h>

#include <string>

#include "bench/vision_bench.hpp"
#include "vision/river/reader.hpp"

namespace {

using pb::bench::on_desktop;

cv::Mat sample(const std::string& name) { return pb::bench::sample_image("arena/river/" + name); }

void run(benchmark::State& state, const cv::Mat& img) {
  pb::bench::time_read(state, img, [](const cv::Mat& m) { return pb::vision::river::read(m); },
                       "sample missing: run samples/arena/regenerate.sh");
}

void BM_Window800x600(benchmark::State& state) { run(state, sample("a01_l1_s0.png")); }
void BM_Window640x480Mid(benchmark::State& state) { run(state, sample("a02_l4_s3_mid.png")); }
void BM_Window1024x768(benchmark::State& state) { run(state, sample("a03_l7_s8.png")); }
void BM_Desktop1080p(benchmark::State& state) { run(state, on_desktop(sample("a03_l7_s8.png"))); }

}  // namespace

BENCHMARK(BM_Window800x600)->Unit(benchmark::kMillisecond)->MeasureProcessCPUTime();
BENCHMARK(BM_Window640x480Mid)->Unit(benchmark::kMillisecond)->MeasureProcessCPUTime();
BENCHMARK(BM_Window1024x768)->Unit(benchmark::kMillisecond)->MeasureProcessCPUTime();
BENCHMARK(BM_Desktop1080p)->Unit(benchmark::kMillisecond)->MeasureProcessCPUTime();

BENCHMARK_MAIN();
