/* reader_samples.hpp: what the vision readers' tests share: sample pictures, their board texts, pictures to refuse. */
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "solvers/common/text_board.hpp"

namespace pb::testing {

namespace fs = std::filesystem;

inline std::string slurp(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// The .png files of `dir`, sorted by name.
inline std::vector<fs::path> pngs_in(const fs::path& dir) {
  std::vector<fs::path> out;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().extension() == ".png") out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

inline cv::Mat load(const fs::path& p) {
  cv::Mat m = cv::imread(p.string(), cv::IMREAD_COLOR);
  EXPECT_FALSE(m.empty()) << p;
  return m;
}

// The state a sample shows: the board text beside it (same name, .txt) through `parse`
// (solvers::<game>::parse).
template <class Parse>
auto truth_of(const fs::path& png, Parse parse) {
  fs::path txt = png;
  txt.replace_extension(".txt");
  auto board = solvers::split_text_board(slurp(txt), txt.string(), true);
  EXPECT_TRUE(board.ok()) << txt;
  auto state = parse(*board);
  EXPECT_TRUE(state.ok()) << txt << ": " << (state.ok() ? "" : state.error().message);
  return *state;
}

// Every samples/arena/<game>/*.png must read (`read(image)` -> Result<Reading>), and
// `check(reading, truth, png)` then holds, truth the board text beside it; there are at least three.
template <class Read, class Check>
void expect_reads_arena_samples_as(const char* game, Read read, Check check) {
  const fs::path dir = fs::path(PB_SOURCE_DIR) / "samples/arena" / game;
  int count = 0;
  for (const auto& e : fs::directory_iterator(dir)) {
    if (e.path().extension() != ".png") continue;
    const cv::Mat img = cv::imread(e.path().string(), cv::IMREAD_COLOR);
    ASSERT_FALSE(img.empty()) << e.path();
    auto got = read(img);
    ASSERT_TRUE(got.ok()) << e.path() << ": " << got.error().message;
    check(*got, slurp(fs::path(e.path()).replace_extension(".txt")), e.path());
    ++count;
  }
  EXPECT_GE(count, 3);
}

// The same where `format(reading)` must give exactly the board text.
template <class Read, class Format>
void expect_reads_arena_samples(const char* game, Read read, Format format) {
  expect_reads_arena_samples_as(game, read, [&](const auto& reading, const std::string& truth, const fs::path& png) {
    EXPECT_EQ(format(reading), truth) << png;
  });
}

// The arena samples of `games` (other games' boards, for a reader to refuse), appended to `out`.
inline void add_arena_samples(std::vector<cv::Mat>& out, std::initializer_list<const char*> games) {
  for (const char* game : games) {
    const fs::path dir = fs::path(PB_SOURCE_DIR) / "samples/arena" / game;
    if (!fs::exists(dir)) continue;
    for (const auto& e : fs::directory_iterator(dir))
      if (e.path().extension() == ".png") out.push_back(cv::imread(e.path().string(), cv::IMREAD_COLOR));
  }
}

// The first negatives of the arena readers: an 800x600 page of the arena's default grey, and noise
// drawn from `rng`.
inline std::vector<cv::Mat> page_and_noise(cv::RNG& rng) {
  std::vector<cv::Mat> out;
  out.emplace_back(600, 800, CV_8UC3, cv::Scalar(236, 236, 236));
  cv::Mat noise(600, 800, CV_8UC3);
  rng.fill(noise, cv::RNG::UNIFORM, 0, 256);
  out.push_back(noise);
  return out;
}

// Each of `negatives`, and an empty image, is refused; the errors start "no board found: ".
template <class Read, class Format>
void expect_refused_as_no_board(const std::vector<cv::Mat>& negatives, Read read, Format format) {
  for (std::size_t i = 0; i < negatives.size(); ++i) {
    auto got = read(negatives[i]);
    EXPECT_FALSE(got.ok()) << "negative " << i << " read as\n" << (got.ok() ? format(*got) : "");
    if (!got.ok()) {
      EXPECT_EQ(got.error().code, ErrorCode::kNoBoard) << got.error().message;
    }
  }
  EXPECT_FALSE(read(cv::Mat()).ok());
}

// The first negatives of the Simon Tatham readers, by name: a blank 640x480 grey, and noise (from
// OpenCV's global generator).
inline std::vector<std::pair<std::string, cv::Mat>> blank_and_noise() {
  std::vector<std::pair<std::string, cv::Mat>> inputs;
  inputs.emplace_back("blank", cv::Mat(480, 640, CV_8UC3, cv::Scalar(214, 214, 214)));
  cv::Mat noise(480, 640, CV_8UC3);
  cv::randu(noise, cv::Scalar::all(0), cv::Scalar::all(256));
  inputs.emplace_back("noise", noise);
  return inputs;
}

// Pictures no Simon Tatham reader should take, appended to `inputs` by name: tests/data/negative
// (when the tree has it), then one-stroke phone screenshots until there are 12 inputs.
inline void add_shared_negatives(std::vector<std::pair<std::string, cv::Mat>>& inputs) {
  fs::path neg = fs::path(PB_SOURCE_DIR) / "tests/data/negative";
  if (fs::is_directory(neg))
    for (const auto& e : fs::directory_iterator(neg))
      if (e.path().extension() == ".png" || e.path().extension() == ".jpg")
        inputs.emplace_back(e.path().filename().string(), load(e.path()));
  fs::path onestroke = fs::path(PB_SOURCE_DIR) / "samples/onestroke";
  if (fs::is_directory(onestroke))
    for (const auto& e : fs::recursive_directory_iterator(onestroke))
      if (e.path().extension() == ".png" && inputs.size() < 12) inputs.emplace_back(e.path().filename().string(), load(e.path()));
}

// Each named input, and an empty image, is refused (`read(image)` -> Result<Reading>; `format(reading)`
// shows what was read instead).
template <class Read, class Format>
void expect_all_refused(const std::vector<std::pair<std::string, cv::Mat>>& inputs, Read read, Format format) {
  for (const auto& [name, img] : inputs) {
    SCOPED_TRACE(name);
    auto r = read(img);
    EXPECT_FALSE(r.ok()) << format(*r);
  }
  EXPECT_FALSE(read(cv::Mat()).ok());
}

}  // namespace pb::testing
