/* lab.hpp: pictures and colours in CIE Lab, the space the detection layer compares colours in. */
#pragma once

#include <cmath>
#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

namespace pb::vision {

// 8-bit BGR to Lab, CV_32FC3: L 0-100, a and b about -128..127 (a float picture, so that the
// distances below are in the units people's thresholds are stated in: ~2.3 is a just-noticeable step).
inline cv::Mat to_lab(const cv::Mat& bgr8) {
  // OpenCV 4.6 builds its Lab and Luv tables on the first such conversion behind a plain flag, not
  // a lock (fixed in 4.9: opencv/opencv#24581): two readers on two threads converting at once both
  // build them, and one set (4.7 MB) is lost while the other may be read half built. The first
  // conversion is made once, under C++'s thread-safe static initialisation, before any other.
  static const bool tables_built = [] {
    cv::Mat lab;
    cv::cvtColor(cv::Mat(1, 1, CV_32FC3, cv::Scalar::all(0.5)), lab, cv::COLOR_BGR2Lab);
    return !lab.empty();
  }();
  (void)tables_built;
  cv::Mat f, lab;
  bgr8.convertTo(f, CV_32F, 1.0 / 255);
  cv::cvtColor(f, lab, cv::COLOR_BGR2Lab);
  return lab;
}

// Delta E (CIE76) between two Lab colours, units of L.
inline double delta_e(const cv::Vec3f& a, const cv::Vec3f& b) {
  const cv::Vec3f d = a - b;
  return std::sqrt(static_cast<double>(d.dot(d)));
}

}  // namespace pb::vision
