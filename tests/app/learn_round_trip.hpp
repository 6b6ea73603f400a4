/* learn_round_trip.hpp: what the `puzzlebot learn` tests share: refused, learned, then read with the profile. */
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "tests/support/replay_check.hpp"
#include "tests/support/run_program.hpp"

namespace pb::testing {

// The round trip of `learn` on a look the defaults refuse: `solve SHOT` exits 2; `learn --game GAME
// LEARN_SHOT BOARD --out DIR/look.yml` exits 0 with a profile naming the game (its text into
// `profile`); `solve SHOT --profile` then reads `truth` (a board text) and its answer replays.
inline void expect_learn_round_trip(const std::string& game, const std::filesystem::path& dir,
                                    const std::string& learn_shot, const std::string& board, const std::string& shot,
                                    const std::string& truth, std::string& profile) {
  const ProgramRun before = puzzlebot("solve " + shot + " --game " + game);
  ASSERT_EQ(before.status, 2) << before.out << before.err;

  const std::string look = (dir / "look.yml").string();
  const ProgramRun learn = puzzlebot("learn --game " + game + " " + learn_shot + " " + board + " --out " + look);
  ASSERT_EQ(learn.status, 0) << learn.err;
  profile = read_file(look);
  EXPECT_NE(profile.find(game + ":"), std::string::npos) << profile;

  const ProgramRun after = puzzlebot("solve " + shot + " --game " + game + " --json --profile " + look);
  EXPECT_EQ(after.status, 0) << after.err;
  EXPECT_NE(after.out.find("\"board\":\"" + json_text(truth)), std::string::npos) << after.out;
  // And the answer replays to the goal through the test's own rules.
  EXPECT_EQ(replay::check_solved(after.out), "") << after.out;
}

}  // namespace pb::testing
