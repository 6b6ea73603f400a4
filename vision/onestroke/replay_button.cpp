/* replay_button.cpp: the replay-button search (replay_button.hpp). */
#include "vision/onestroke/replay_button.hpp"

#include <algorithm>
#include <opencv2/imgproc.hpp>
#include <optional>
#include <vector>

namespace pb::vision::onestroke {

Result<calibration::FramePoint> find_replay_button(const cv::Mat& bgr, const ReplayButtonParams& params) {
  if (bgr.empty() || bgr.type() != CV_8UC3) return make_error("no screen to find the replay button on");
  try {
    const int top = static_cast<int>(bgr.rows * (1 - params.band));
    const cv::Mat band = bgr.rowRange(std::clamp(top, 0, bgr.rows - 1), bgr.rows);
    cv::Mat lo, hi, chroma, mask;
    std::vector<cv::Mat> ch;
    cv::split(band, ch);
    cv::min(ch[0], ch[1], lo);
    cv::min(lo, ch[2], lo);
    cv::max(ch[0], ch[1], hi);
    cv::max(hi, ch[2], hi);
    cv::subtract(hi, lo, chroma);
    cv::threshold(chroma, mask, params.min_chroma, 255, cv::THRESH_BINARY);
    cv::Mat labels, stats, centroids;
    const int n = cv::connectedComponentsWithStats(mask, labels, stats, centroids, 8, CV_32S);
    std::optional<cv::Rect> best;
    for (int i = 1; i < n; ++i) {
      const cv::Rect r(stats.at<int>(i, cv::CC_STAT_LEFT), stats.at<int>(i, cv::CC_STAT_TOP),
                       stats.at<int>(i, cv::CC_STAT_WIDTH), stats.at<int>(i, cv::CC_STAT_HEIGHT));
      const double w = static_cast<double>(r.width) / bgr.cols;
      if (w < params.min_width || w > params.max_width) continue;
      if (r.height < params.min_height * r.width) continue;
      if (stats.at<int>(i, cv::CC_STAT_AREA) < params.min_fill * r.width * std::min(r.height, r.width)) continue;
      if (r.x + r.width / 2 > bgr.cols / 2) continue;  // the replay button is on the left half
      if (!best || r.x < best->x) best = r;
    }
    if (!best)
      return make_error("cannot find the replay button (重玩, the round button at the bottom left): restart the level by hand");
    // The disc's centre: a disc's height equals its width, measured from its top (a tab may hang below).
    const int band_top = bgr.rows - band.rows;
    return calibration::FramePoint{best->x + best->width / 2.0, band_top + best->y + best->width / 2.0,
                                   {bgr.cols, bgr.rows}};
  } catch (const cv::Exception& e) {
    return make_error(std::string("the replay-button search failed: ") + e.what());
  }
}

}  // namespace pb::vision::onestroke
