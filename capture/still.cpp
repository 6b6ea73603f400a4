/* still.cpp: waiting for a still screen (see still.hpp). */
#include "capture/still.hpp"

namespace pb::capture {

bool same_pixels(const cv::Mat& a, const cv::Mat& b) {
  if (a.size() != b.size() || a.type() != b.type()) return false;
  return a.empty() || cv::norm(a, b, cv::NORM_INF) == 0;
}

Result<StillFrame> wait_until_still(FrameSource& source, const cv::Mat* before, const StillOptions& o) {
  Clock& clock = o.clock != nullptr ? *o.clock : steady_clock();
  const auto t0 = clock.now();
  StillFrame out;
  auto cancelled = [&] { return o.cancel != nullptr && o.cancel->load(); };
  auto grab = [&]() -> Result<Frame> {
    const auto g0 = clock.now();
    auto f = source.grab();
    out.capture_ms += std::chrono::duration<double, std::milli>(clock.now() - g0).count();
    ++out.grabs;
    return f;
  };
  auto f = grab();
  if (!f) return f.error();
  out.frame = std::move(*f);
  if (before != nullptr) {
    while (same_pixels(out.frame.bgr, *before) && clock.now() - t0 < o.change_timeout && !cancelled()) {
      clock.sleep_for(o.poll);
      auto g = grab();
      if (!g) return g.error();
      out.frame = std::move(*g);
    }
  }
  out.changed = before == nullptr || !same_pixels(out.frame.bgr, *before);
  while (!cancelled()) {
    clock.sleep_for(o.poll);
    auto g = grab();
    if (!g) return g.error();
    out.still = same_pixels(out.frame.bgr, g->bgr);
    out.frame = std::move(*g);
    if (before != nullptr && !out.changed) out.changed = !same_pixels(out.frame.bgr, *before);
    if (out.still || clock.now() - t0 > o.settle_timeout) break;
  }
  return out;
}

}  // namespace pb::capture
