/* morphology.cpp: open_ellipse, a run per kernel row. */
#include "vision/common/morphology.hpp"

#include <algorithm>
#include <cassert>
#include <cstdint>
#include <limits>
#include <opencv2/imgproc.hpp>
#include <vector>

namespace pb::vision {
namespace {

// One kernel row: its offset from the anchor's row, and its run of cells as offsets from the
// anchor's column: [left, left + length).
struct Run {
  int dy = 0, left = 0, length = 0;
};

// The kernel's runs, or none when a row is not one run (then OpenCV does the work).
std::vector<Run> runs_of(const cv::Mat& kernel, cv::Point anchor) {
  std::vector<Run> runs;
  for (int y = 0; y < kernel.rows; ++y) {
    const std::uint8_t* row = kernel.ptr<std::uint8_t>(y);
    int first = -1, last = -1, count = 0;
    for (int x = 0; x < kernel.cols; ++x)
      if (row[x] != 0) {
        if (first < 0) first = x;
        last = x;
        ++count;
      }
    if (count == 0) continue;
    if (count != last - first + 1) return {};
    runs.push_back({y - anchor.y, first - anchor.x, count});
  }
  return runs;
}

using Count = std::int16_t;
constexpr Count kFar = std::numeric_limits<Count>::max();  // "no end in sight" (k is far below it)

// The two innermost loops below are left out of AddressSanitizer's checks (a check per pixel made
// the sanitizer build's readers several times slower than with OpenCV's own opening, uninstrumented):
// their callers assert the spans they are given, once a row, and the sanitizers still check those.
// (clang refuses target_clones beside no_sanitize: the sanitizer build's loops are SSE2 only.)
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define PB_SANITIZED_BUILD 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(PB_SANITIZED_BUILD)
#define PB_UNCHECKED_LOOP __attribute__((no_sanitize("address", "coverage")))
#define PB_VECTOR_CLONES
#else
#define PB_UNCHECKED_LOOP
#define PB_VECTOR_CLONES __attribute__((target_clones("avx2", "default")))
#endif

PB_UNCHECKED_LOOP void scan_row(const std::uint8_t* s, int w, int pad, bool ones_run, Count* o) {
  const int wide = w + 2 * pad;
  Count next = kFar;  // beyond the padding: a run of ones never ends there, a one never comes
  for (int x = wide - 1; x >= 0; --x) {
    const int sx = x - pad;
    const bool one = sx < 0 || sx >= w ? ones_run : s[sx] != 0;
    const Count further = static_cast<Count>(next == kFar ? kFar : next + 1);
    next = one == ones_run ? further : 0;
    o[x] = next;
  }
}

// For each row of `src` (0 or not), padded by `pad` columns on each side that count as ones
// (`ones_run`: erosion, whose border is 255) or zeros (dilation): out[x + pad] = how many cells from
// x rightwards are all ones (`ones_run`), or how far from x rightwards the nearest one is; kFar at
// most. Rows are independent: they are shared out over OpenCV's threads.
void scan_rows(const cv::Mat& src, int pad, bool ones_run, std::vector<Count>& out) {
  const int w = src.cols, wide = w + 2 * pad;
  out.resize(static_cast<std::size_t>(src.rows) * static_cast<std::size_t>(wide));
  cv::parallel_for_(cv::Range(0, src.rows), [&](const cv::Range& rows) {
    for (int y = rows.start; y < rows.end; ++y) {
      const std::size_t at = static_cast<std::size_t>(y) * static_cast<std::size_t>(wide);
      assert(at + static_cast<std::size_t>(wide) <= out.size());
      scan_row(src.ptr<std::uint8_t>(y), w, pad, ones_run, out.data() + at);
    }
  });
}

// a[x] = min(a[x], row[x] - less): int16 throughout, so one vector instruction does 16 pixels
// (AVX2, chosen at run time where the processor has it) or 8 (SSE2).
PB_UNCHECKED_LOOP PB_VECTOR_CLONES void min_less(Count* a, const Count* row, Count less, int w) {
  for (int x = 0; x < w; ++x) {
    const Count v = static_cast<Count>(row[x] - less);
    a[x] = v < a[x] ? v : a[x];  // not std::min: a call per pixel where the sanitizer build does not inline
  }
}

// out(x, y) = 255 where the runs say so. Erosion (`any` false): every run r whose row y + r.dy is
// inside the image fits in ones (its row's count at x + r.left >= r.length), rows outside being
// ones; dilation (`any`): some run's row has a one within it (count <= r.length - 1), rows
// outside having none. Both as a least value over the runs: count - length >= 0 for every run, or
// count - (length - 1) <= 0 for some.
void combine(const std::vector<Count>& counts, cv::Size size, int pad, const std::vector<Run>& runs, bool any, cv::Mat& out) {
  const int w = size.width, h = size.height, wide = w + 2 * pad;
  out.create(size, CV_8UC1);
  cv::parallel_for_(cv::Range(0, h), [&](const cv::Range& rows) {
    std::vector<Count> acc(static_cast<std::size_t>(w));
    for (int y = rows.start; y < rows.end; ++y) {
      std::fill(acc.begin(), acc.end(), kFar);
      for (const Run& r : runs) {
        const int sy = y + r.dy;
        if (sy < 0 || sy >= h) continue;
        const std::size_t at = static_cast<std::size_t>(sy) * static_cast<std::size_t>(wide) +
                               static_cast<std::size_t>(pad + r.left);
        assert(pad + r.left >= 0 && r.left + w <= w + pad && at + static_cast<std::size_t>(w) <= counts.size());
        min_less(acc.data(), counts.data() + at, static_cast<Count>(any ? r.length - 1 : r.length), w);
      }
      std::uint8_t* o = out.ptr<std::uint8_t>(y);
      for (int x = 0; x < w; ++x) o[x] = (any ? acc[x] <= 0 : acc[x] >= 0) ? 255 : 0;
    }
  });
}

bool zeros_and_255s(const cv::Mat& mask) {
  for (int y = 0; y < mask.rows; ++y) {
    const std::uint8_t* row = mask.ptr<std::uint8_t>(y);
    for (int x = 0; x < mask.cols; ++x)
      if (row[x] != 0 && row[x] != 255) return false;
  }
  return true;
}

}  // namespace

cv::Mat open_ellipse(const cv::Mat& mask, int k) {
  const cv::Mat kernel = k >= 1 ? cv::getStructuringElement(cv::MORPH_ELLIPSE, {k, k}) : cv::Mat();
  const cv::Point anchor(k / 2, k / 2);  // OpenCV's default, (-1, -1)
  std::vector<Run> runs = k >= 1 ? runs_of(kernel, anchor) : std::vector<Run>{};
  if (runs.empty() || mask.type() != CV_8UC1 || mask.empty() || k >= kFar / 4 || !zeros_and_255s(mask)) {
    cv::Mat out;
    cv::morphologyEx(mask, out, cv::MORPH_OPEN, kernel.empty() ? cv::Mat() : kernel);
    return out;
  }
  const int pad = k + 1;
  // Kept from call to call (the valves reader opens one page a dozen times): freed and allocated
  // afresh, these megabytes were page faults each time, a quarter of the work.
  thread_local std::vector<Count> counts;
  thread_local cv::Mat eroded;
  scan_rows(mask, pad, true, counts);
  combine(counts, mask.size(), pad, runs, false, eroded);
  scan_rows(eroded, pad, false, counts);
  cv::Mat opened;
  combine(counts, mask.size(), pad, runs, true, opened);
  return opened;
}

}  // namespace pb::vision
