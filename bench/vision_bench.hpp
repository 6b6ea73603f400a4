/* vision_bench.hpp: what the reader benchmarks share: a committed sample, the same on a desktop, and timing one read or refusal. */
#pragma once

#include <benchmark/benchmark.h>

#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>
#include <string>

namespace pb::bench {

// PB_SOURCE_DIR/samples/<path>, empty when it is missing.
inline cv::Mat sample_image(const std::string& path) {
  return cv::imread(std::string(PB_SOURCE_DIR) + "/samples/" + path, cv::IMREAD_COLOR);
}

// The window at (300, 200) on a plain 1920x1080 desktop (what a root-window capture hands a reader).
inline cv::Mat on_desktop(const cv::Mat& window) {
  cv::Mat desk(1080, 1920, CV_8UC3, cv::Scalar(80, 50, 30));
  if (!window.empty()) window.copyTo(desk(cv::Rect(300, 200, window.cols, window.rows)));
  return desk;
}

// Times `read(img)`, a reader's read with its default Params. Skipped, saying `missing` (how to make
// the sample), when there is no picture, and with the reader's message when it refuses the picture.
template <class Read>
void time_read(benchmark::State& state, const cv::Mat& img, Read read, const char* missing) {
  if (img.empty()) {
    state.SkipWithError(missing);
    return;
  }
  for (auto _ : state) {
    auto r = read(img);
    if (!r) {
      state.SkipWithError(r.error().message.c_str());
      return;
    }
    benchmark::DoNotOptimize(r);
  }
  state.counters["px"] = static_cast<double>(img.total());
}

// Times `read(img)` refusing a screenshot of another game (what `puzzlebot solve SHOT` with no
// --game pays for each reader but the one that reads it). Skipped when the sample is missing, and an
// error when the reader reads a board there.
template <class Read>
void time_refusal(benchmark::State& state, const cv::Mat& img, Read read) {
  if (img.empty()) {
    state.SkipWithError("sample missing: see the sample folder's regenerate.sh");
    return;
  }
  for (auto _ : state) {
    auto r = read(img);
    if (r) {
      state.SkipWithError("read a board in another game's screenshot");
      return;
    }
    benchmark::DoNotOptimize(r);
  }
  state.counters["px"] = static_cast<double>(img.total());
}

}  // namespace pb::bench
