/* draw.cpp: draws a Pegs reading (sites, confidence) and a list of jumps over the frame. */
#include <algorithm>
#include <opencv2/imgproc.hpp>

#include "vision/pegs/reader.hpp"

namespace pb::vision::pegs {
namespace {

const cv::Scalar kPeg(60, 180, 60);     // BGR: a peg read confidently
const cv::Scalar kHole(200, 160, 40);   // BGR: an empty hole
const cv::Scalar kDoubt(40, 40, 230);   // BGR: confidence under 0.8
const cv::Scalar kMove(0, 140, 255);    // BGR: jump arrows
constexpr float kDoubtful = 0.8f;

}  // namespace

cv::Mat draw_reading(const cv::Mat& bgr, const Reading& r, std::span<const solvers::pegs::Move> jumps) {
  cv::Mat out = bgr.clone();
  const float pitch = r.lattice.pitch;
  const int thick = std::max(1, static_cast<int>(pitch / 30));
  cv::rectangle(out, r.board, kPeg, thick);
  for (std::size_t i = 0; i < r.state.sites.size(); ++i) {
    Site s = r.state.sites[i];
    if (s == Site::kNone) continue;
    cv::Scalar colour = r.confidence[i] < kDoubtful ? kDoubt : (s == Site::kPeg ? kPeg : kHole);
    cv::circle(out, r.centres[i], static_cast<int>(pitch * (s == Site::kPeg ? 0.4f : 0.2f)), colour, thick, cv::LINE_AA);
  }
  for (std::size_t k = 0; k < jumps.size(); ++k) {
    auto at = [&](solvers::pegs::Cell c) {
      return r.centres[static_cast<std::size_t>(c.row * r.state.cols + c.col)];
    };
    if (!r.state.inside(jumps[k].from) || !r.state.inside(jumps[k].to)) break;
    cv::Point2f from = at(jumps[k].from), to = at(jumps[k].to);
    cv::arrowedLine(out, from, to, kMove, thick, cv::LINE_AA, 0, 0.15);
    cv::putText(out, std::to_string(k + 1), from + cv::Point2f(pitch * 0.1f, -pitch * 0.1f), cv::FONT_HERSHEY_SIMPLEX,
                std::max(0.3, pitch / 120.0), kMove, 1, cv::LINE_AA);
  }
  return out;
}

}  // namespace pb::vision::pegs
