/* draw.cpp: draws a Fifteen reading (lattice, numbers, confidence) and a move list over the frame. */
#include <algorithm>
#include <opencv2/imgproc.hpp>

#include "vision/sliding/reader.hpp"

namespace pb::vision::sliding {
namespace {

const cv::Scalar kSure(60, 180, 60);      // BGR: confidently read
const cv::Scalar kDoubt(40, 40, 230);     // BGR: confidence under 0.8, or re-read
const cv::Scalar kMove(200, 90, 20);      // BGR: move arrows
constexpr float kDoubtful = 0.8f;

}  // namespace

cv::Mat draw_reading(const cv::Mat& bgr, const Reading& r, const std::vector<int>& moves) {
  cv::Mat out = bgr.clone();
  const Lattice& lat = r.lattice;
  const int thick = std::max(1, static_cast<int>(lat.pitch / 40));
  const double font = std::max(0.35, lat.pitch / 120.0);
  cv::rectangle(out, r.board, kSure, thick);
  for (int i = 0; i < r.state.cells(); ++i) {
    int row = i / r.state.cols, col = i % r.state.cols;
    float conf = r.confidence[static_cast<std::size_t>(i)];
    cv::Scalar colour = conf < kDoubtful ? kDoubt : kSure;
    // The cell's centre as read (a picture board's cells are turned a half-turn from the screen's).
    cv::Point2f c = r.centres.size() == r.confidence.size() ? r.centres[static_cast<std::size_t>(i)] : lat.centre(row, col);
    float h = lat.face / 2;
    cv::rectangle(out, cv::Rect(cv::Point(c - cv::Point2f(h, h)), cv::Point(c + cv::Point2f(h, h))), colour, thick);
    std::string label = std::to_string(r.state.tiles[static_cast<std::size_t>(i)]) + " " +
                        std::to_string(static_cast<int>(conf * 100)) + "%";
    cv::Point at(static_cast<int>(c.x - lat.pitch * 0.42f), static_cast<int>(c.y + lat.pitch * 0.40f));
    cv::putText(out, label, at, cv::FONT_HERSHEY_SIMPLEX, font * 0.8, colour, std::max(1, thick / 2), cv::LINE_AA);
  }
  // Moves: replay the blank's walk; each move is an arrow from the tile's site to the blank's.
  std::vector<int> tiles = r.state.tiles;
  for (std::size_t k = 0; k < moves.size(); ++k) {
    auto blank = std::find(tiles.begin(), tiles.end(), 0);
    auto tile = std::find(tiles.begin(), tiles.end(), moves[k]);
    if (blank == tiles.end() || tile == tiles.end()) break;
    int b = static_cast<int>(blank - tiles.begin()), t = static_cast<int>(tile - tiles.begin());
    cv::Point2f from = r.centres[static_cast<std::size_t>(t)], to = r.centres[static_cast<std::size_t>(b)];
    cv::arrowedLine(out, from, from + (to - from) * 0.8f, kMove, thick, cv::LINE_AA, 0, 0.25);
    if (k < 40)  // past that the labels pile up into noise
      cv::putText(out, std::to_string(k + 1), (from + to) * 0.5f, cv::FONT_HERSHEY_SIMPLEX, font * 0.6, kMove,
                  1, cv::LINE_AA);
    std::swap(*blank, *tile);
  }
  return out;
}

}  // namespace pb::vision::sliding
