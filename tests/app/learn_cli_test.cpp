/* learn_cli_test.cpp: `puzzlebot learn` fits a profile to a skin the defaults refuse, and `solve --profile` then reads it. */
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <opencv2/imgcodecs.hpp>

#include "solvers/onestroke/onestroke.hpp"
#include "tests/support/learn_round_trip.hpp"
#include "vision/onestroke/render.hpp"

namespace pb::testing {
namespace {

namespace fs = std::filesystem;
namespace os = pb::vision::onestroke;

class LearnCli : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = pb::testing::scratch_dir() / "learn";
    fs::create_directories(dir_);
    // A skin of warm-tinted cells: more colourful (chroma 36) than the default Params let a grey cell
    // be (neutral_max_chroma), so they refuse it.
    truth_ = os::random_board(6, 5, 7, 21);
    os::RenderStyle style;
    style.width = 360;
    style.height = 640;
    style.cell = cv::Scalar(186, 204, 222);
    style.background = cv::Scalar(240, 247, 252);
    image_ = os::render(truth_, style);
    shot_ = (dir_ / "warm.png").string();
    cv::imwrite(shot_, image_);
    board_ = write("warm.txt", pb::solvers::onestroke::format(truth_));
  }
  std::string write(const std::string& name, const std::string& text) const {
    std::ofstream(dir_ / name, std::ios::binary) << text;
    return (dir_ / name).string();
  }
  fs::path dir_;
  pb::solvers::onestroke::State truth_;
  cv::Mat image_;
  std::string shot_, board_;
};

TEST_F(LearnCli, LearnsASkinTheDefaultsRefuseAndSolveReadsItWithTheProfile) {
  const std::string board = pb::solvers::onestroke::format(truth_);
  std::string profile;
  // neutral_max_chroma: what this skin needs.
  ASSERT_NO_FATAL_FAILURE(expect_learn_round_trip({"onestroke", image_, board, image_, board, "neutral_max_chroma"}, &profile));
  EXPECT_EQ(profile.find("samples_per_side"), std::string::npos) << "only the keys that differ: " << profile;
}

TEST_F(LearnCli, BadInputsAreOneLineErrorsWithStatusTwo) {
  const std::string look = (dir_ / "bad.yml").string();
  const std::string hanoi = write("hanoi.txt", "hanoi\n3 2 1\n-\n-\n");
  const std::string pegs = write("pegs.txt", "pegs\n#o#\nooo\n#.#\n");
  const std::string other = write("other.txt", pb::solvers::onestroke::format(os::random_board(4, 4, 0, 5)));
  // A small screenshot for the board that is not the one shown: the search tries every candidate.
  os::RenderStyle small;
  small.width = 180;
  small.height = 320;
  const std::string small_shot = (dir_ / "small.png").string();
  cv::imwrite(small_shot, os::render(truth_, small));
  struct Bad {
    std::string args, says;
  } cases[] = {
      {shot_ + " " + board_, "--out"},
      {shot_ + " --out " + look, "a screenshot and its board text"},
      {(dir_ / "missing.png").string() + " " + board_ + " --out " + look, "missing.png"},
      {shot_ + " " + (dir_ / "missing.txt").string() + " --out " + look, "missing.txt"},
      {"--game onestroke " + shot_ + " " + pegs + " --out " + look, "not onestroke"},
      {"--game chess " + shot_ + " " + board_ + " --out " + look, "no screenshot reader for game 'chess'"},
      // No --game: the board text's first line names the game.
      // (a one-stroke screenshot: no hanoi Params read a Tower of Hanoi in it)
      {shot_ + " " + hanoi + " --out " + look, "hanoi"},
      {small_shot + " " + other + " --out " + look, "no reader parameters read this screenshot"},
      {shot_ + " " + board_ + " --out " + (dir_ / "no" / "such" / "dir" / "x.yml").string(), "cannot write"},
  };
  for (const Bad& b : cases) {
    const ProgramRun r = puzzlebot("learn " + b.args);
    EXPECT_EQ(r.status, 2) << b.args << "\n" << r.err;
    EXPECT_TRUE(is_one_line(r.err)) << b.args << "\n" << r.err;
    EXPECT_NE(r.err.find(b.says), std::string::npos) << b.args << "\n" << r.err;
  }
  EXPECT_FALSE(fs::exists(look));
}

}  // namespace
}  // namespace pb::testing
