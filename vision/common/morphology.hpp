/* morphology.hpp: opening a 0/255 mask with OpenCV's ellipse, bit for bit as OpenCV does, in O(k) a pixel. */
#pragma once

// cv::morphologyEx with an elliptical kernel compares every kernel cell at every pixel: O(k^2) a
// pixel, 0.4-0.8 s for one 86-114 px opening of a phone screenshot. The valves diagram reader opens
// with widening kernels until its nodes part from the pipes; on a screenshot of another game that
// never happens, and the loop reached k = 114 (1.5 s of an auto-detected `solve`). An ellipse is one
// run of cells per kernel row, so a mask is eroded (dilated) where every (any) such run fits
// within (meets) the ones of its row: with the length of the run of ones (the distance to the next
// one) precomputed at every pixel, that is one comparison per kernel row.

#include <opencv2/core.hpp>

namespace pb::vision {

// The same as cv::morphologyEx(mask, out, cv::MORPH_OPEN, cv::getStructuringElement(cv::MORPH_ELLIPSE,
// {k, k})) with its default anchor and border, for a CV_8UC1 mask of 0s and 255s; other masks (and
// k < 1) are handed to OpenCV.
cv::Mat open_ellipse(const cv::Mat& mask, int k);

}  // namespace pb::vision
