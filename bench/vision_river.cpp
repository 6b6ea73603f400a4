/* vision_river.cpp: time to read a river-crossing scene off arena screenshots (window and 1080p desktop). */
// Run: bench_vision_river (samples come from PB_SOURCE_DIR/samples/arena/river). Figures:
// docs/PERFORMANCE.md, "River reader".
#include <benchmark/benchmark.h>

#include <opencv2/imgcodecs.hpp>
#include <string>

#include "vision/river/reader.hpp"

namespace {

cv::Mat sample(const std::string& name) {
  return cv::imread(std::string(PB_SOURCE_DIR) + "/samples/arena/river/" + name, cv::IMREAD_COLOR);
}

// The window at (300, 200) on a plain 1920x1080 desktop.
cv::Mat on_desktop(const cv::Mat& window) {
  cv::Mat desk(1080, 1920, CV_8UC3, cv::Scalar(80, 50, 30));
  if (!window.empty()) window.copyTo(desk(cv::Rect(300, 200, window.cols, window.rows)));
  return desk;
}

void run(benchmark::State& state, const cv::Mat& img) {
  if (img.empty()) {
    state.SkipWithError("sample missing: run samples/arena/regenerate.sh");
    return;
  }
  for (auto _ : state) {
    auto r = pb::vision::river::read(img);
    if (!r) {
      state.SkipWithError(r.error().message.c_str());
      return;
    }
    benchmark::DoNotOptimize(r);
  }
  state.counters["px"] = static_cast<double>(img.total());
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
