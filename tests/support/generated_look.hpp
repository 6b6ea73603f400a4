/* generated_look.hpp: what the tests' generated looks share: the true board beside its picture, and colours kept apart. */
#pragma once

#include <algorithm>
#include <cmath>
#include <opencv2/core.hpp>

namespace pb::testing {

// A board drawn in a generated look: what a reader should read, and the picture.
template <class State>
struct GeneratedLook {
  State truth;
  cv::Mat image;
};

// The largest per-channel difference of two BGR colours (0-255).
inline int colour_distance(const cv::Scalar& a, const cv::Scalar& b) {
  return static_cast<int>(std::max({std::abs(a[0] - b[0]), std::abs(a[1] - b[1]), std::abs(a[2] - b[2])}));
}

}  // namespace pb::testing
