/* morphology_test.cpp: open_ellipse against cv::morphologyEx, pixel for pixel. */
#include <gtest/gtest.h>

#include <opencv2/imgproc.hpp>
#include <string>

#include "vision/common/morphology.hpp"

namespace {

using pb::vision::open_ellipse;

cv::Mat opencv_open(const cv::Mat& mask, int k) {
  cv::Mat out;
  cv::morphologyEx(mask, out, cv::MORPH_OPEN, cv::getStructuringElement(cv::MORPH_ELLIPSE, {k, k}));
  return out;
}

// Blobs (discs, boxes, thick lines) and salt on a page, touching the image's edges too.
cv::Mat random_mask(cv::RNG& rng, cv::Size size) {
  cv::Mat m(size, CV_8UC1, cv::Scalar(0));
  const int shapes = rng.uniform(3, 25);
  for (int i = 0; i < shapes; ++i) {
    // Draws one at a time, the last argument first, as g++ evaluated them when they were one
    // call's arguments (clang evaluates arguments the other way and drew other masks).
    const int cy = rng.uniform(-10, size.height + 10);
    const cv::Point c(rng.uniform(-10, size.width + 10), cy);
    const int r = rng.uniform(2, std::max(3, std::min(size.width, size.height) / 3));
    switch (rng.uniform(0, 3)) {
      case 0: cv::circle(m, c, r, cv::Scalar(255), cv::FILLED); break;
      case 1: cv::rectangle(m, c, c + cv::Point(r, r / 2 + 1), cv::Scalar(255), cv::FILLED); break;
      default: {
        const int thickness = rng.uniform(1, 9);
        cv::line(m, c, {rng.uniform(0, size.width), rng.uniform(0, size.height)}, cv::Scalar(255), thickness);  // braced: in order
      }
    }
  }
  for (int i = 0; i < size.area() / 50; ++i) {
    const int x = rng.uniform(0, size.width);
    m.at<std::uint8_t>(rng.uniform(0, size.height), x) ^= 255;
  }
  return m;
}

TEST(OpenEllipse, SameAsOpenCvOnRandomMasksForEveryKernelSize) {
  cv::RNG rng(20261127);
  const cv::Size sizes[] = {{1, 1}, {7, 3}, {40, 40}, {97, 61}, {160, 240}, {333, 129}};
  int compared = 0;
  for (const cv::Size& size : sizes)
    for (int round = 0; round < 3; ++round) {
      const cv::Mat mask = random_mask(rng, size);
      for (int k : {1, 2, 3, 4, 5, 6, 7, 9, 12, 16, 21, 28, 37, 49, 65, 86, 114}) {
        const cv::Mat want = opencv_open(mask, k), got = open_ellipse(mask, k);
        ASSERT_EQ(got.size(), want.size());
        ASSERT_EQ(got.type(), want.type());
        ASSERT_EQ(cv::countNonZero(got != want), 0)
            << size.width << "x" << size.height << " round " << round << " k " << k << ": "
            << cv::countNonZero(got) << " set against OpenCV's " << cv::countNonZero(want);
        ++compared;
      }
    }
  EXPECT_EQ(compared, 6 * 3 * 17);
}

TEST(OpenEllipse, AllOnesAndAllZeros) {
  for (int v : {0, 255}) {
    const cv::Mat m(50, 70, CV_8UC1, cv::Scalar(v));
    for (int k : {3, 8, 31, 80}) EXPECT_EQ(cv::countNonZero(open_ellipse(m, k) != opencv_open(m, k)), 0) << v << " k " << k;
  }
}

TEST(OpenEllipse, OtherMasksGoToOpenCv) {
  cv::RNG rng(7);
  cv::Mat grey(60, 80, CV_8UC1);
  rng.fill(grey, cv::RNG::UNIFORM, 0, 256);  // not 0/255: min and max of grey levels
  for (int k : {3, 9, 20}) EXPECT_EQ(cv::countNonZero(open_ellipse(grey, k) != opencv_open(grey, k)), 0) << k;
}

}  // namespace
