/* capture_x11.cpp: X11Source grab time of the root window through MIT-SHM and through XGetImage. */
// Run under an X server of the size to measure: bench/capture_compare.sh starts a 1920x1080 Xvfb and
// also times ImageMagick's `import -window root` for comparison. Figures: docs/PERFORMANCE.md.
#include <benchmark/benchmark.h>

#ifdef PB_HAVE_X11
#include "capture/x11_source.hpp"

namespace {

void grab_root(benchmark::State& state, bool shm) {
  pb::capture::X11Options o;  // "" title: the root window, on $DISPLAY
  o.use_shm = shm;
  auto source = pb::capture::X11Source::open(o);
  if (!source) {
    state.SkipWithError(source.error().message.c_str());
    return;
  }
  if ((*source)->using_shm() != shm) {
    state.SkipWithError("MIT-SHM is not available on this display");
    return;
  }
  cv::Size size;
  for (auto _ : state) {
    auto frame = (*source)->grab();
    if (!frame) {
      state.SkipWithError(frame.error().message.c_str());
      return;
    }
    size = frame->bgr.size();
    benchmark::DoNotOptimize(frame->bgr.data);
  }
  state.SetLabel(std::to_string(size.width) + "x" + std::to_string(size.height) + " BGR");
  state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(size.area()) * 3);
}

void BM_GrabRootShm(benchmark::State& state) { grab_root(state, true); }
void BM_GrabRootXGetImage(benchmark::State& state) { grab_root(state, false); }
BENCHMARK(BM_GrabRootShm)->Unit(benchmark::kMillisecond)->MinTime(2.0);
BENCHMARK(BM_GrabRootXGetImage)->Unit(benchmark::kMillisecond)->MinTime(2.0);

}  // namespace
#else
static void BM_NoX11(benchmark::State& state) {
  for (auto _ : state) {
  }
  state.SkipWithError("built without X11/libxdo");
}
BENCHMARK(BM_NoX11);
#endif

BENCHMARK_MAIN();
