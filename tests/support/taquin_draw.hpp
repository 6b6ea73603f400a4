/* taquin_draw.hpp: draws a picture sliding board exactly as GNOME Taquin does (for the reader's tests and the fake phone). */
#pragma once

// As taquin-view.vala draws it: the picture stretched to the board square (side n * pitch - 1),
// piece k of it on the site where `pieces` holds k (-1: the gap shows the board's grey), a
// one-pixel seam, a dark frame half a pitch wide. Taquin's own numbering: its goal has the gap on
// site 0 and piece k on site k (vision/sliding/picture_reader.hpp maps it to the solver's).

#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>
#include <vector>

namespace pb::testing {

// Frame and board drawn into `win` with the frame's top-left corner at `at`; `bgra` is the theme
// picture (8-bit BGRA). `slide_site` is drawn `slide_px` to the right (a tile mid-slide).
inline void draw_taquin_board(cv::Mat& win, cv::Point at, const cv::Mat& bgra, int n, int pitch,
                              const std::vector<int>& pieces, int slide_site = -1, int slide_px = 0) {
  const int side = n * pitch - 1, border = pitch / 2;
  const cv::Vec3b board_grey(204, 204, 204);
  cv::Rect board(at.x + border, at.y + border, side, side);
  cv::rectangle(win, cv::Rect(at.x, at.y, side + 2 * border, side + 2 * border), cv::Scalar(77, 77, 77), cv::FILLED);
  win(board).setTo(cv::Scalar(204, 204, 204));
  cv::Mat scaled;
  cv::resize(bgra, scaled, cv::Size(side, side), 0, 0, cv::INTER_AREA);
  for (int site = 0; site < n * n; ++site) {
    int k = pieces[static_cast<std::size_t>(site)];
    if (k < 0) continue;
    cv::Rect from((k % n) * pitch, (k / n) * pitch, pitch - 1, pitch - 1);
    cv::Point to(board.x + (site % n) * pitch + (site == slide_site ? slide_px : 0), board.y + (site / n) * pitch);
    for (int y = 0; y < from.height; ++y)
      for (int x = 0; x < from.width; ++x) {
        const cv::Vec4b& s = scaled.at<cv::Vec4b>(from.y + y, from.x + x);
        float a = s[3] / 255.0f;
        cv::Vec3b& d = win.at<cv::Vec3b>(to.y + y, to.x + x);
        for (int c = 0; c < 3; ++c) d[c] = cv::saturate_cast<uchar>(s[c] * a + board_grey[c] * (1 - a));
      }
  }
}

// A window holding the board: the frame at (40, 60) on Taquin's light window colour.
inline cv::Mat draw_taquin(const cv::Mat& bgra, int n, int pitch, const std::vector<int>& pieces, int slide_site = -1,
                           int slide_px = 0) {
  const int side = n * pitch - 1, border = pitch / 2;
  cv::Mat win(side + 2 * border + 120, side + 2 * border + 80, CV_8UC3, cv::Scalar(244, 245, 246));
  draw_taquin_board(win, {40, 60}, bgra, n, pitch, pieces, slide_site, slide_px);
  return win;
}

}  // namespace pb::testing
