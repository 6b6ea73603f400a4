/* debug_sink.hpp: where a reader shows what it found on its way (candidates, lattice), to explain a failed read. */
#pragma once

// OpenCV detectors' habit (STYLE.md): a debug sink can receive intermediate images. The reader draws
// what it found over the image it was given and hands the picture on; it does nothing when no sink
// is given, so reads cost the same as before. `puzzlebot solve --annotate OUT.png` gives a sink and
// writes OUT.png even when no board is found, with each reader's picture and its reason.

#include <algorithm>
#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace pb::vision {

class DebugSink {
 public:
  virtual ~DebugSink() = default;
  // `drawn`: the image read with what `game`'s reader found drawn over it; `what` names the stage.
  virtual void picture(std::string_view game, std::string_view what, const cv::Mat& drawn) = 0;
  // `game`'s reader found no board: `reason` is its error message. Called by read_image() for every
  // reader, those that send no pictures too.
  virtual void failed(std::string_view game, std::string_view reason) = 0;
};

// Candidate boxes over a copy of `bgr` (made 8-bit BGR): the `kept` ones green, the others red,
// and `caption` in the top-left corner. The helper readers use for their sink pictures.
inline cv::Mat draw_candidates(const cv::Mat& bgr, const std::vector<cv::Rect>& boxes, const std::vector<bool>& kept,
                               const std::string& caption) {
  cv::Mat out;
  if (bgr.channels() == 1) cv::cvtColor(bgr, out, cv::COLOR_GRAY2BGR);
  else if (bgr.channels() == 4) cv::cvtColor(bgr, out, cv::COLOR_BGRA2BGR);
  else out = bgr.clone();
  const int thick = std::max(1, std::min(out.cols, out.rows) / 400);
  for (std::size_t i = 0; i < boxes.size(); ++i) {
    const bool ok = i < kept.size() && kept[i];
    cv::rectangle(out, boxes[i], ok ? cv::Scalar(0, 200, 0) : cv::Scalar(0, 0, 230), thick, cv::LINE_AA);
  }
  const double scale = std::clamp(std::min(out.cols, out.rows) / 1000.0, 0.35, 1.5);
  int base = 0;
  const cv::Size size = cv::getTextSize(caption, cv::FONT_HERSHEY_SIMPLEX, scale, 1, &base);
  cv::rectangle(out, {0, 0, std::min(out.cols, size.width + 12), size.height + base + 12}, cv::Scalar::all(255),
                cv::FILLED);
  cv::putText(out, caption, {6, size.height + 6}, cv::FONT_HERSHEY_SIMPLEX, scale, cv::Scalar(0, 0, 160), 1,
              cv::LINE_AA);
  return out;
}

}  // namespace pb::vision
