/* status_line.cpp: Fifteen's status bar ("Moves: 12", "COMPLETED! Moves: 40") read by Tesseract. */
#include <opencv2/imgproc.hpp>

#include "vision/common/colour.hpp"
#include "vision/common/ocr.hpp"
#include "vision/sliding/reader.hpp"

// The status bar is GTK's, under the drawing area, in the desktop theme's colours rather than the
// game's. It is found as the lowest band of text rows below the board (or, when no board can be seen,
// e.g. during the completion flash, in the bottom part of the window), binarised against its own
// background and read as one line.
// Rejected: a fixed strip at the window's bottom (the bar's height follows the theme's font size and
// window managers add frames).

namespace pb::vision::sliding {
namespace {

using ocr::Layout;
using ocr::recognise;

constexpr int kInkTolerance = 40;         // levels from the bar's background that count as text
constexpr double kNoBoardSearch = 0.25;   // without a board: search the bottom quarter of the window
constexpr int kMaxRowGap = 2;             // px of blank rows allowed inside one text line
constexpr double kRuleFraction = 0.9;     // an ink row this wide is a separator line, not text
constexpr int kOcrTextHeight = 44;        // px the text band is scaled to

}  // namespace

Result<std::string> read_status_line(const cv::Mat& bgr) {
  try {
    if (bgr.empty() || bgr.type() != CV_8UC3) return make_error("no status line: expected a non-empty 8-bit BGR image");
    int top = static_cast<int>(bgr.rows * (1 - kNoBoardSearch));
    if (auto lat = detect(bgr)) top = lat->board.br().y + static_cast<int>(lat->pitch / 8);
    if (top >= bgr.rows - 4)
      return make_error("no status line under the board: grab the whole window (a --screenshot has none)");
    cv::Mat strip = bgr(cv::Rect(0, top, bgr.cols, bgr.rows - top));
    auto bgs = common_colours(strip, 1, kInkTolerance);
    if (bgs.empty()) return make_error("no status line: empty strip under the board");
    cv::Mat ink;
    cv::bitwise_not(near_colour(strip, bgs[0], kInkTolerance), ink);

    // Rows with text, ignoring full-width rules; then the lowest band of them.
    std::vector<int> per_row(static_cast<std::size_t>(strip.rows));
    for (int y = 0; y < strip.rows; ++y) {
      int n = cv::countNonZero(ink.row(y));
      per_row[static_cast<std::size_t>(y)] = n >= kRuleFraction * strip.cols ? 0 : n;
    }
    int bottom = strip.rows - 1;
    while (bottom >= 0 && per_row[static_cast<std::size_t>(bottom)] == 0) --bottom;
    if (bottom < 0) return make_error("no status line: no text under the board");
    int upper = bottom, gap = 0;
    for (int y = bottom - 1; y >= 0 && gap <= kMaxRowGap; --y) {
      if (per_row[static_cast<std::size_t>(y)] > 0) upper = y, gap = 0;
      else ++gap;
    }
    cv::Rect band(0, upper, strip.cols, bottom - upper + 1);
    cv::Mat cols;
    cv::reduce(ink(band), cols, 0, cv::REDUCE_MAX);
    int left = 0, right = strip.cols - 1;
    while (left < strip.cols && cols.at<std::uint8_t>(0, left) == 0) ++left;
    while (right > left && cols.at<std::uint8_t>(0, right) == 0) --right;
    band = cv::Rect(left, upper, right - left + 1, band.height);

    auto ink_colour = dominant_ink({strip(band)}, bgs[0], kInkTolerance);
    if (!ink_colour) return make_error("no status line: no text under the board");
    cv::Mat soft = ink_map(strip(band), bgs[0], *ink_colour);
    double scale = static_cast<double>(kOcrTextHeight) / band.height;
    cv::Mat scaled, bin;
    cv::resize(soft, scaled, cv::Size(), scale, scale, cv::INTER_CUBIC);
    cv::threshold(scaled, bin, 0.5, 255, cv::THRESH_BINARY_INV);
    bin.convertTo(bin, CV_8U);
    cv::copyMakeBorder(bin, bin, kOcrTextHeight / 2, kOcrTextHeight / 2, kOcrTextHeight / 2, kOcrTextHeight / 2,
                       cv::BORDER_CONSTANT, cv::Scalar(255));
    auto text = recognise(bin, Layout::kLine, "");
    if (!text) return text.error();
    if (text->text.empty()) return make_error("no status line: Tesseract found no words under the board");
    return text->text;
  } catch (const cv::Exception& e) {
    return make_error(std::string("OpenCV failed while reading the status line: ") + e.what());
  }
}

}  // namespace pb::vision::sliding
