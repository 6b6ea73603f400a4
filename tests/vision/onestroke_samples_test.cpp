/* onestroke_samples_test.cpp: every rendered sample reads back as its board text; non-boards are refused. */
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>
#include <sstream>
#include <string>

#include "tests/support/clipped_frames.hpp"
#include "vision/onestroke/reader.hpp"

namespace pb::vision::onestroke {
namespace {

namespace fs = std::filesystem;

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

State board_of(const fs::path& txt) {
  auto tb = solvers::split_text_board(slurp(txt), txt.string(), true);
  EXPECT_TRUE(tb.ok()) << txt;
  auto st = solvers::onestroke::parse(*tb);
  EXPECT_TRUE(st.ok()) << txt << ": " << (st.ok() ? "" : st.error().message);
  return st.ok() ? *st : State{};
}

TEST(OnestrokeSamples, EverySampleReadsBackExactly) {
  const fs::path dir = fs::path(PB_SOURCE_DIR) / "samples" / "onestroke";
  int count = 0, mid_level = 0;
  for (const auto& entry : fs::directory_iterator(dir)) {
    const fs::path img_path = entry.path();
    if (img_path.extension() != ".png" && img_path.extension() != ".jpg") continue;
    const fs::path txt = fs::path(img_path).replace_extension(".txt");
    ASSERT_TRUE(fs::exists(txt)) << "no ground truth beside " << img_path;
    const State truth = board_of(txt);
    const cv::Mat img = cv::imread(img_path.string(), cv::IMREAD_COLOR);
    ASSERT_FALSE(img.empty()) << img_path;
    auto got = read(img);
    ASSERT_TRUE(got.ok()) << img_path << ": " << got.error().message;
    EXPECT_EQ(solvers::onestroke::format(got->state), solvers::onestroke::format(truth)) << img_path;
    EXPECT_EQ(got->state, truth) << img_path;
    EXPECT_GT(got->min_confidence(), 0.5) << img_path;
    ++count;
    int visited = 0;
    for (Site s : truth.sites) visited += s == Site::kVisited ? 1 : 0;
    mid_level += visited > 1 ? 1 : 0;
  }
  EXPECT_GE(count, 12);
  EXPECT_GE(mid_level, 3);
}

TEST(OnestrokeSamples, NegativeImagesAreRefused) {
  const fs::path dir = fs::path(PB_SOURCE_DIR) / "tests" / "data" / "negative";
  int count = 0;
  for (const auto& entry : fs::directory_iterator(dir)) {
    const auto ext = entry.path().extension();
    if (ext != ".png" && ext != ".jpg") continue;
    const cv::Mat img = cv::imread(entry.path().string(), cv::IMREAD_COLOR);
    ASSERT_FALSE(img.empty()) << entry.path();
    auto got = read(img);
    ASSERT_FALSE(got.ok()) << entry.path() << " was read as\n" << solvers::onestroke::format(got->state);
    EXPECT_EQ(got.error().code, ErrorCode::kNoBoard) << got.error().message;
    ++count;
  }
  EXPECT_GE(count, 4);
}

TEST(OnestrokeSamples, EmptyAndOddImagesAreErrorsNotCrashes) {
  EXPECT_FALSE(read(cv::Mat()).ok());
  EXPECT_FALSE(read(cv::Mat(1, 1, CV_8UC3, cv::Scalar::all(0))).ok());
  EXPECT_FALSE(read(cv::Mat(40, 30, CV_16UC3, cv::Scalar::all(0))).ok());
  EXPECT_FALSE(read(cv::Mat(3, 2000, CV_8UC3, cv::Scalar::all(209))).ok());
}

TEST(OnestrokeSamples, GreyAndBgraInputsReadLikeBgr) {
  const fs::path p = fs::path(PB_SOURCE_DIR) / "samples" / "onestroke" / "s03_6x5_1080x1920.png";
  const cv::Mat bgr = cv::imread(p.string(), cv::IMREAD_COLOR);
  ASSERT_FALSE(bgr.empty());
  cv::Mat bgra;
  cv::cvtColor(bgr, bgra, cv::COLOR_BGR2BGRA);
  auto a = read(bgr), b = read(bgra);
  ASSERT_TRUE(a.ok() && b.ok());
  EXPECT_EQ(a->state, b->state);
}

TEST(OnestrokeSamples, RefusesABoardCutByTheFramesEdge) {
  // A page scrolled or a window half off screen shows part of the board: the reader says so
  // (kBoardClipped, which play answers by scrolling) and never reads the part as a smaller board.
  // Not yet everywhere: when the cut takes the cat's cell away, the reader stops at "no cat" (kNoBoard)
  // before it has a board to find cut; refused all the same, counted here.
  const fs::path dir = fs::path(PB_SOURCE_DIR) / "samples" / "onestroke";
  int clipped = 0, no_board = 0;
  for (const char* name : {"s01_4x4_480x854.png", "s03_6x5_1080x1920.png", "s07_8x7_1080x2340_mid.png"}) {
    cv::Mat img = cv::imread((dir / name).string(), cv::IMREAD_COLOR);
    ASSERT_FALSE(img.empty()) << name;
    if (img.cols > 800) cv::resize(img, img, cv::Size(), 0.5, 0.5, cv::INTER_AREA);  // the cuts' cost, not their kind
    auto whole = read(img);
    ASSERT_TRUE(whole.ok()) << name << ": " << whole.error().message;
    const double pitch = std::max(whole->lattice.pitch_x, whole->lattice.pitch_y);
    for (const testing::Cut& cut : testing::cuts_of(img, whole->board, static_cast<float>(pitch), testing::cut_depths())) {
      SCOPED_TRACE(std::string(name) + ", cut at the " + cut.what);
      auto r = read(cut.frame);
      ASSERT_FALSE(r.ok()) << solvers::onestroke::format(r->state);
      EXPECT_TRUE(r.error().is(ErrorCode::kBoardClipped) || r.error().is(ErrorCode::kNoBoard)) << r.error().message;
      (r.error().is(ErrorCode::kBoardClipped) ? clipped : no_board) += 1;
    }
  }
  std::printf("[          ] cut boards: %d refused as cut, %d as no board (the cat cut away)\n", clipped, no_board);
  EXPECT_GT(clipped, 2 * no_board);
}

}  // namespace
}  // namespace pb::vision::onestroke
