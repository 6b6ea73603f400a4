/* debug_pictures.hpp: a DebugSink that keeps the pictures a reader sends, for tests of what a failed read shows. */
#pragma once

#include <gtest/gtest.h>

#include <opencv2/core.hpp>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "vision/common/debug_sink.hpp"

namespace pb::testing {

// Keeps every picture sent; each must come from `game`'s reader.
struct DebugPictures : vision::DebugSink {
  explicit DebugPictures(std::string game) : game(std::move(game)) {}
  void picture(std::string_view from, std::string_view, const cv::Mat& image) override {
    EXPECT_EQ(from, game);
    drawn.push_back(image.clone());
  }
  void failed(std::string_view, std::string_view) override {}

  std::string game;
  std::vector<cv::Mat> drawn;
};

}  // namespace pb::testing
