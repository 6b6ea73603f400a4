/* learn_round_trip.hpp: what the `puzzlebot learn` tests share: a look the defaults refuse, learned from one screenshot, then read in another. */
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>

#include "tests/support/replay_check.hpp"
#include "tests/support/run_program.hpp"

namespace pb::testing {

// Two positions of one look, drawn by a test, that the default Params refuse.
struct LearnCase {
  std::string game;
  cv::Mat learn_shot;       // the screenshot `learn` fits a profile to ...
  std::string learn_board;  // ... and the board text it shows
  cv::Mat shot;             // another position of that look, read with the profile ...
  std::string board;        // ... and the board text it shows
  std::string key;          // a key the profile must set (what this look needs); empty: none checked
};

// The round trip of `learn`, with the files in scratch_dir()/<game>_learn: `solve SHOT` exits 2;
// `learn --game GAME LEARN_SHOT LEARN_BOARD --out look.yml` exits 0 with a profile naming the game and
// setting `key` (its text into `profile` when given); `solve SHOT --profile` then reads `board` and its
// answer replays through the test's own rules.
inline void expect_learn_round_trip(const LearnCase& c, std::string* profile = nullptr) {
  const std::filesystem::path dir = scratch_dir() / (c.game + "_learn");
  std::filesystem::create_directories(dir);
  const std::string learn_shot = (dir / "learn.png").string(), shot = (dir / "other.png").string();
  const std::string learn_board = (dir / "learn.txt").string(), look = (dir / "look.yml").string();
  ASSERT_TRUE(cv::imwrite(learn_shot, c.learn_shot) && cv::imwrite(shot, c.shot));
  std::ofstream(learn_board, std::ios::binary) << c.learn_board;

  const ProgramRun before = puzzlebot("solve " + shot + " --game " + c.game);
  ASSERT_EQ(before.status, 2) << before.out << before.err;

  const ProgramRun learn = puzzlebot("learn --game " + c.game + " " + learn_shot + " " + learn_board + " --out " + look);
  ASSERT_EQ(learn.status, 0) << learn.err;
  const std::string learned = read_file(look);
  EXPECT_NE(learned.find(c.game + ":"), std::string::npos) << learned;
  if (!c.key.empty()) {
    EXPECT_NE(learned.find(c.key), std::string::npos) << learned;
  }
  if (profile != nullptr) *profile = learned;

  const ProgramRun after = puzzlebot("solve " + shot + " --game " + c.game + " --json --profile " + look);
  EXPECT_EQ(after.status, 0) << after.err;
  EXPECT_NE(after.out.find("\"board\":\"" + json_text(c.board)), std::string::npos) << after.out;
  // And the answer replays to the goal through the test's own rules.
  EXPECT_EQ(replay::check_solved(after.out), "") << after.out;
}

}  // namespace pb::testing
