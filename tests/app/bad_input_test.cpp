/* bad_input_test.cpp: every file of the bad-input corpus ends in a one-line message and its exit status. */
// Each case runs the real program under `timeout` (and, outside sanitizer builds, a 4 GiB address
// space limit), so a hang or a runaway allocation fails the test instead of the machine.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "tests/support/run_program.hpp"

namespace {

namespace fs = std::filesystem;

#if defined(__SANITIZE_ADDRESS__)
constexpr bool kSanitized = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool kSanitized = true;
#else
constexpr bool kSanitized = false;
#endif
#else
constexpr bool kSanitized = false;
#endif

using pb::testing::ProgramRun;
using pb::testing::scratch_dir;

ProgramRun solve(const fs::path& input, const std::string& extra = "") {
  std::string limit = kSanitized ? "" : "ulimit -v 4194304; ";
  return pb::testing::run_program("sh -c '" + limit + "exec timeout -s KILL 120 " + std::string(PB_PUZZLEBOT) +
                                  " solve \"" + input.string() + "\" " + extra + "'");
}

void expect_clean_error(const ProgramRun& r, int status, const std::string& fragment, const std::string& what) {
  EXPECT_EQ(r.status, status) << what << "\nstdout: " << r.out << "\nstderr: " << r.err;
  EXPECT_EQ(r.err.rfind("puzzlebot: ", 0), 0u) << what << ": " << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << what << ": not one line: " << r.err;
  EXPECT_NE(r.err.find(fragment), std::string::npos) << what << ": message lacks '" << fragment << "': " << r.err;
}

TEST(BadInput, EveryCorpusFileGivesItsExpectedOneLineError) {
  fs::path dir = fs::path(PB_SOURCE_DIR) / "tests" / "bad_input";
  std::ifstream manifest(dir / "EXPECTED");
  ASSERT_TRUE(manifest) << "missing " << (dir / "EXPECTED");
  int cases = 0;
  for (std::string line; std::getline(manifest, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream words(line);
    std::string file, fragment;
    int status = 0;
    words >> file >> status;
    std::getline(words >> std::ws, fragment);
    ASSERT_TRUE(fs::exists(dir / file)) << file;
    expect_clean_error(solve(dir / file), status, fragment, file);
    ++cases;
  }
  EXPECT_GE(cases, 20);
}

// Profiles OpenCV's YAML parser loops forever or throws on (found by fuzz_profile): a malformed
// --profile is one clear error before any screenshot is read.
TEST(BadInput, MalformedProfilesAreOneError) {
  fs::path corpus = fs::path(PB_SOURCE_DIR) / "fuzz" / "corpus" / "profile";
  fs::path shot = fs::path(PB_SOURCE_DIR) / "samples" / "onestroke" / "s04_7x7_1080x1920_mid.png";
  for (const char* name : {"slow-opencv-yaml-timeout", "crash-unclosed-map.yml"})
    expect_clean_error(solve(shot, "--profile \"" + (corpus / name).string() + "\""), 2, "not a valid profile", name);
}

TEST(BadInput, TruncatedRealImagesAreRejected) {
  cv::Mat img(300, 200, CV_8UC3, cv::Scalar(40, 120, 200));
  cv::circle(img, {100, 150}, 60, cv::Scalar(0, 0, 255), -1);
  for (const char* ext : {".png", ".jpg"}) {
    std::vector<unsigned char> bytes;
    ASSERT_TRUE(cv::imencode(ext, img, bytes));
    fs::path f = scratch_dir() / (std::string("truncated") + ext);
    std::ofstream(f, std::ios::binary).write(reinterpret_cast<const char*>(bytes.data()),
                                              static_cast<std::streamsize>(bytes.size() / 3));
    ProgramRun r = solve(f, "--game onestroke");
    EXPECT_EQ(r.status, 2) << ext << ": " << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  }
}

TEST(BadInput, TinyAndExtremeAspectImagesFindNoBoard) {
  for (auto [w, h] : {std::pair{1, 1}, std::pair{20000, 20}, std::pair{20, 20000}}) {
    fs::path f = scratch_dir() / ("img-" + std::to_string(w) + "x" + std::to_string(h) + ".png");
    ASSERT_TRUE(cv::imwrite(f.string(), cv::Mat(h, w, CV_8UC3, cv::Scalar(249, 249, 249))));
    ProgramRun r = solve(f);
    EXPECT_EQ(r.status, 2) << f << ": " << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  }
}

// A malformed profile (found by fuzz_profile: OpenCV's YAML parser threw std::length_error, which
// aborted the program) is bad input like any other, on every path that reads one.
TEST(BadInput, MalformedProfileGivesAOneLineError) {
  fs::path profile = fs::path(PB_SOURCE_DIR) / "fuzz" / "corpus" / "profile" / "crash-unclosed-map.yml";
  ASSERT_TRUE(fs::exists(profile));
  fs::path shot = fs::path(PB_SOURCE_DIR) / "samples" / "sgt" / "pegs" / "cross_default.png";
  expect_clean_error(solve(shot, "--game pegs --profile " + profile.string()), 2, "profile", "pegs --profile");
  expect_clean_error(solve(shot, "--profile " + profile.string()), 2, "profile", "--profile");
}

TEST(BadInput, HugeBoardIsRefusedOrBoundedNeverACrash) {
  // 2000 x 2000 one-stroke board: over the documented size limit, so refused as bad input.
  fs::path f = scratch_dir() / "huge-onestroke.txt";
  {
    std::ofstream out(f);
    out << "onestroke\n";
    std::string row(2000, '#');
    for (int r = 0; r < 2000; ++r) {
      if (r == 0) row[0] = 'S';
      out << row << '\n';
      row[0] = '#';
    }
  }
  ProgramRun r = solve(f, "--timeout-ms 5000");
  EXPECT_TRUE(r.status == 2 || r.status == 3) << r.status << ": " << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), r.status == 2 ? 1 : 0) << r.err;
}

}  // namespace
