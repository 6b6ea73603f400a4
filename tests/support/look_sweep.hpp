/* look_sweep.hpp: the readers' look sweeps: a generated look scaled and JPEG-compressed, read, and tallied exact / refused / wrong. */
#pragma once

#include <cstdio>
#include <cstdlib>
#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>
#include <string>
#include <vector>

#include "core/result.hpp"

namespace pb::testing {

// A generated look of a reader's RenderStyle, and what a sweep does to its picture (degrade()).
template <class Style>
struct SweepLook {
  Style style;
  double scale = 1;
  int jpeg = 0;  // 0: PNG
  std::string what;
};

// PB_SWEEP_DUMP=DIR keeps a sweep's images (DIR/<name>.png), to look at a refusal.
inline void dump_sweep_image(const std::string& name, const cv::Mat& img) {
  if (const char* dir = std::getenv("PB_SWEEP_DUMP")) cv::imwrite(std::string(dir) + "/" + name + ".png", img);
}

// What a screenshot goes through on its way to a reader: scaling (a window or phone of another size)
// and lossy compression. `jpeg_quality` 0 keeps it lossless.
inline cv::Mat degrade(const cv::Mat& img, double scale, int jpeg_quality) {
  cv::Mat out = img;
  if (scale != 1.0) cv::resize(img, out, {}, scale, scale, scale < 1 ? cv::INTER_AREA : cv::INTER_LINEAR);
  if (jpeg_quality > 0) {
    std::vector<std::uint8_t> buf;
    cv::imencode(".jpg", out, buf, {cv::IMWRITE_JPEG_QUALITY, jpeg_quality});
    out = cv::imdecode(buf, cv::IMREAD_COLOR);
  }
  return out;
}

// Exact, refused, wrong: a reader may refuse a look, never read it wrongly. A wrong read is a
// different board, or an error that is not a refusal ("no board found").
struct SweepTally {
  int exact = 0, refused = 0, wrong = 0;
  std::vector<std::string> refusals, wrongs;  // "look: why" per case (for the table in docs/VISION.md)

  int total() const { return exact + refused + wrong; }
  void add(bool read, bool same, const std::string& what) {
    if (!read) ++refused, refusals.push_back(what);
    else if (same) ++exact;
    else ++wrong, wrongs.push_back(what);
  }
  // One read of a board whose true state is `truth`: a kNoBoard error is a refusal, any other error
  // or another state is wrong (`describe` writes a state for the report).
  template <class Reading, class State, class Describe>
  void add_read(const Result<Reading>& got, const State& truth, const std::string& what, Describe describe) {
    if (!got) {
      if (got.error().is(ErrorCode::kNoBoard)) ++refused, refusals.push_back(what + ": " + got.error().message);
      else ++wrong, wrongs.push_back(what + ": " + got.error().message);
    } else if (got->state == truth) {
      ++exact;
    } else {
      ++wrong;
      wrongs.push_back(what + ": read\n" + describe(got->state) + "instead of\n" + describe(truth));
    }
  }
  // One row of docs/VISION.md's "Look sweep" table, then the reason for every refusal and wrong read.
  void print(const std::string& name) const {
    std::printf("[ LOOKS    ] %s: %d looks, %d exact, %d refused, %d wrong\n", name.c_str(), total(), exact, refused, wrong);
    for (const std::string& r : refusals) std::printf("[ LOOKS    ]   refused: %s\n", r.c_str());
    for (const std::string& w : wrongs) std::printf("[ LOOKS    ]   WRONG: %s\n", w.c_str());
  }
};

}  // namespace pb::testing
