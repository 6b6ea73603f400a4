/* startup_test.cpp: the program starts without OpenCV's codecs or Tesseract, and says so when their modules are missing. */
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <string>

#include "tests/support/replay_check.hpp"
#include "tests/support/run_program.hpp"

// platform/plugin.hpp: images and text are read through puzzlebot-codecs.so and puzzlebot-ocr.so,
// loaded on first use, so that a run that needs neither does not map ~150 libraries at start.

namespace {

namespace fs = std::filesystem;

using pb::testing::is_one_line;
using pb::testing::ProgramRun;

const std::string kSource = PB_SOURCE_DIR;

class ModuleDir {
 public:
  ModuleDir() {
    path_ = pb::testing::scratch_dir() / ("modules-" + std::to_string(n_++));
    fs::remove_all(path_);
    fs::create_directories(path_);
  }
  ~ModuleDir() { fs::remove_all(path_); }
  const fs::path& path() const { return path_; }
  // puzzlebot with only this folder's modules.
  ProgramRun puzzlebot(const std::string& args) const {
    return pb::testing::run_program("PUZZLEBOT_PLUGIN_DIR=" + path_.string() + " " + PB_PUZZLEBOT + " " + args);
  }

 private:
  static inline int n_ = 0;
  fs::path path_;
};

fs::path built_module(const std::string& name) { return fs::path(PB_PUZZLEBOT).parent_path() / ("puzzlebot-" + name + ".so"); }

// Exit 2, one line on stderr, and every one of `words` in it.
void expect_refused(const ProgramRun& r, std::initializer_list<const char*> words) {
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(is_one_line(r.err)) << r.err;
  for (const char* w : words) EXPECT_NE(r.err.find(w), std::string::npos) << "no '" << w << "' in: " << r.err;
}

TEST(StartUp, ProgramLinksNeitherImageCodecsNorTesseract) {
  ProgramRun ldd = pb::testing::run_program(std::string("ldd ") + PB_PUZZLEBOT);
  ASSERT_EQ(ldd.status, 0) << ldd.err;
  ASSERT_NE(ldd.out.find("libopencv_core"), std::string::npos) << ldd.out;  // the check reads the right list
  EXPECT_EQ(ldd.out.find("libopencv_imgcodecs"), std::string::npos) << ldd.out;
  EXPECT_EQ(ldd.out.find("libtesseract"), std::string::npos) << ldd.out;
  EXPECT_TRUE(fs::exists(built_module("codecs")));
  EXPECT_TRUE(fs::exists(built_module("ocr")));
}

TEST(StartUp, TextBoardNeedsNoModule) {
  ModuleDir empty;
  ProgramRun r = empty.puzzlebot("solve " + kSource + "/samples/boards/sliding/eight_3x3.txt");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("sliding: solved, 31 moves"), std::string::npos) << r.out;
}

TEST(StartUp, ScreenshotWithoutCodecsModuleIsOneLineExitTwo) {
  ModuleDir empty;
  expect_refused(empty.puzzlebot("solve " + kSource + "/samples/onestroke/s01_4x4_480x854.png"),
                 {"puzzlebot-codecs.so not found", "PUZZLEBOT_PLUGIN_DIR"});
}

TEST(StartUp, BrokenOrForeignModuleIsRefusedInOneLine) {
  {
    ModuleDir d;  // not a shared library at all
    std::ofstream(d.path() / "puzzlebot-codecs.so") << "not a library\n";
    expect_refused(d.puzzlebot("solve " + kSource + "/samples/onestroke/s01_4x4_480x854.png"), {"cannot load"});
  }
  {
    ModuleDir d;  // a module of ours, but not the codecs
    fs::copy_file(built_module("ocr"), d.path() / "puzzlebot-codecs.so");
    expect_refused(d.puzzlebot("solve " + kSource + "/samples/onestroke/s01_4x4_480x854.png"),
                   {"puzzlebot-codecs.so", "rebuild"});
  }
}

TEST(StartUp, ScreenshotReadThroughTheModules) {
  ModuleDir d;
  fs::copy_file(built_module("codecs"), d.path() / "puzzlebot-codecs.so");
  ProgramRun r = d.puzzlebot("solve " + kSource + "/samples/onestroke/s01_4x4_480x854.png --json");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(pb::testing::replay::check_solved(r.out), "") << r.out;
}

// Simon Tatham's Fifteen is read with Tesseract: without its module the digits cannot be read, and
// the user is told why, not that there is no board.
TEST(StartUp, FifteenWithoutOcrModuleSaysWhy) {
  ModuleDir d;
  fs::copy_file(built_module("codecs"), d.path() / "puzzlebot-codecs.so");
  expect_refused(d.puzzlebot("solve " + kSource + "/samples/sgt/fifteen/4x4_completed_window.png --game sliding"),
                 {"puzzlebot-ocr.so"});
}

}  // namespace
