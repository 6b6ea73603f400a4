/* clipped_frames.hpp: crops of a real render that cut its board at each edge, for the readers' clipping tests. */
#pragma once

// A reader shown part of a board must refuse it (ErrorCode::kBoardClipped), never read the part as
// a smaller board. These crops keep the frame around the board on three sides and cut the fourth
// through the board, at depths from its outer bound (0: the frame ends exactly where the board's
// lattice does) to deep inside it, as a scrolled page or a window half off screen cuts it.

#include <opencv2/core.hpp>
#include <string>
#include <vector>

#include "vision/common/clipping.hpp"

namespace pb::testing {

struct Cut {
  cv::Mat frame;
  std::string what;  // "bottom, 0.50 pitches in", for traces
  double depth = 0;  // pitches inside the board's bound
};

// Crops of `img` whose `side` cuts `board` (img px) `depth` pitches of `pitch` px inside its bound,
// one per depth.
inline std::vector<Cut> cuts_of(const cv::Mat& img, const cv::Rect& board, float pitch, const std::vector<double>& depths) {
  std::vector<Cut> out;
  const vision::FrameSide sides[] = {vision::FrameSide::kBottom, vision::FrameSide::kTop, vision::FrameSide::kRight,
                                     vision::FrameSide::kLeft};
  for (vision::FrameSide side : sides)
    for (double depth : depths) {
      const int d = static_cast<int>(depth * pitch);
      cv::Rect keep(0, 0, img.cols, img.rows);
      switch (side) {
        case vision::FrameSide::kBottom: keep.height = board.br().y - d; break;
        case vision::FrameSide::kTop: keep.y = board.y + d; keep.height = img.rows - keep.y; break;
        case vision::FrameSide::kRight: keep.width = board.br().x - d; break;
        case vision::FrameSide::kLeft: keep.x = board.x + d; keep.width = img.cols - keep.x; break;
      }
      keep &= cv::Rect(0, 0, img.cols, img.rows);
      if (keep.width < 8 || keep.height < 8) continue;
      char what[64];
      std::snprintf(what, sizeof what, "%s, %.2f pitches in", vision::side_name(side), depth);
      out.push_back({img(keep).clone(), what, depth});
    }
  return out;
}

// The depths the readers' tests cut at: the bound itself, through the outer elements at several
// places (their edge, their middle, the gap after them), and one and a half elements in.
inline const std::vector<double>& cut_depths() {
  static const std::vector<double> kDepths = {0.0, 0.1, 0.25, 0.4, 0.5, 0.6, 0.75, 0.9, 1.25, 1.5};
  return kDepths;
}

}  // namespace pb::testing
