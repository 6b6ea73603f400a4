/* look_degrade.hpp: what the readers' look sweeps share: a rendered look scaled and JPEG-compressed, and the exact/refused/wrong tally. */
#pragma once

#include <gtest/gtest.h>

#include <cstdio>
#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>
#include <string>
#include <vector>

namespace pb::testing {

// `img` scaled by `scale` (area averaging down, bilinear up) and then, when `jpeg_quality` is 1-100,
// through a JPEG round trip at that quality (0: left lossless).
inline cv::Mat degrade(const cv::Mat& img, double scale, int jpeg_quality) {
  cv::Mat out;
  if (scale == 1.0) out = img.clone();
  else cv::resize(img, out, {}, scale, scale, scale < 1 ? cv::INTER_AREA : cv::INTER_LINEAR);
  if (jpeg_quality <= 0) return out;
  std::vector<uchar> buf;
  cv::imencode(".jpg", out, buf, {cv::IMWRITE_JPEG_QUALITY, jpeg_quality});
  return cv::imdecode(buf, cv::IMREAD_COLOR);
}

// How a reader did over a sweep: read exactly, refused ("no board found"), or read wrong (anything
// else: a different board, or an error that is not a refusal).
struct SweepTally {
  int exact = 0, refused = 0, wrong = 0;
  std::vector<std::string> refusals, wrongs;  // "look: reason" per case

  int total() const { return exact + refused + wrong; }
  // One line for docs/VISION.md's "Look sweep" table: reader | looks | exact | refused | wrong.
  void print(const std::string& reader) const {
    std::printf("look sweep | %s | %d looks | exact %d | refused %d | wrong %d\n", reader.c_str(), total(), exact, refused,
                wrong);
    for (const auto& r : refusals) std::printf("  refused: %s\n", r.c_str());
    for (const auto& w : wrongs) std::printf("  WRONG: %s\n", w.c_str());
  }
};

}  // namespace pb::testing
