/* solve_cli_test.cpp: drives the built `puzzlebot solve` as a user would: exit statuses, JSON, errors. */
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "tests/support/replay_check.hpp"
#include "tests/support/run_program.hpp"

namespace pb::testing {
namespace {

namespace fs = std::filesystem;

const char* kLevel643 = "onestroke\n.##.S##\n#######\n##.####\n.######\n#.#####\n#####.#\n#######\n";

TEST(SolveCli, HelpExitsZeroAndListsOptions) {
  for (const char* args : {"--help", "solve --help"}) {
    ProgramRun r = puzzlebot(args);
    EXPECT_EQ(r.status, 0) << args;
    EXPECT_NE(r.out.find("usage:"), std::string::npos) << args;
  }
  EXPECT_NE(puzzlebot("solve --help").out.find("--timeout-ms"), std::string::npos);
}

TEST(SolveCli, SolvesATextBoardAndThePrintedPathReplays) {
  TempDir d;
  auto f = d.write("level.txt", kLevel643);
  ProgramRun r = puzzlebot("solve " + f.string() + " --json");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(is_one_line(r.out)) << r.out;
  EXPECT_NE(r.out.find(R"("game":"onestroke")"), std::string::npos);
  EXPECT_NE(r.out.find(R"("status":"solved")"), std::string::npos);
  EXPECT_NE(r.out.find(R"("stats":{"ms":)"), std::string::npos);
  EXPECT_NE(r.out.find(R"("board":"onestroke\n.##.S##\n)"), std::string::npos) << r.out;
  EXPECT_EQ(replay::check_solved(r.out), "") << r.out;
}

TEST(SolveCli, HumanOutputSaysSolved) {
  TempDir d;
  ProgramRun r = puzzlebot("solve " + d.write("a.txt", kLevel643).string());
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("onestroke: solved"), std::string::npos) << r.out;
}

TEST(SolveCli, UnsolvableIsExitOneWithAReason) {
  TempDir d;
  // 3x3 full grid from an edge middle: colour parity makes it impossible.
  ProgramRun r = puzzlebot("solve " + d.write("u.txt", "onestroke\n#S#\n###\n###\n").string() + " --json");
  EXPECT_EQ(r.status, 1) << r.out << r.err;
  EXPECT_NE(r.out.find(R"("status":"unsolvable")"), std::string::npos);
  EXPECT_NE(r.out.find(R"("reason":")"), std::string::npos);
}

TEST(SolveCli, MalformedBoardIsExitTwoWithLineAndColumn) {
  TempDir d;
  ProgramRun r = puzzlebot("solve " + d.write("bad.txt", "onestroke\n#S#\n#?#\n").string());
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(is_one_line(r.err)) << r.err;
  EXPECT_NE(r.err.find("bad.txt:3:2"), std::string::npos) << r.err;
}

TEST(SolveCli, BadInvocationsAreExitTwoWithOneLine) {
  TempDir d;
  auto f = d.write("level.txt", kLevel643);
  for (const std::string& args : std::vector<std::string>{"solve", "solve /no/such/file.txt", "solve " + f.string() + " --frobnicate",
                           "solve " + f.string() + " --timeout-ms abc", "solve " + f.string() + " --game nosuch",
                           "solve " + f.string() + " --game pegs", "frobnicate",
                           "solve " + d.write("noheader.txt", "hello world\n").string(),
                           "solve " + d.write("empty.txt", "").string()}) {
    ProgramRun r = puzzlebot(args);
    EXPECT_EQ(r.status, 2) << args;
    EXPECT_TRUE(r.err.rfind("puzzlebot: ", 0) == 0) << args << ": " << r.err;
  }
}

TEST(SolveCli, NodeBudgetGivesUpWithExitThree) {
  TempDir d;
  std::string big = "onestroke\n";
  for (int r = 0; r < 30; ++r) big += std::string(r == 0 ? "S" : "#") + std::string(29, '#') + "\n";
  ProgramRun r = puzzlebot("solve " + d.write("big.txt", big).string() + " --max-nodes 1 --json");
  EXPECT_EQ(r.status, 3) << r.out << r.err;
  EXPECT_NE(r.out.find(R"("status":"gave_up")"), std::string::npos);
  EXPECT_NE(r.out.find(R"("limit":"nodes")"), std::string::npos) << r.out;
}

// A board text over 64 KiB is not echoed unless asked (FORMATS.md): "board" keeps its header line
// and a ';' note, "board_bytes" gives the full size; --echo-board puts it all back.
TEST(SolveCli, HugeBoardIsNotEchoedUnlessAsked) {
  TempDir d;
  std::string chain = "valves k=1 inlet=I outlet=O\nI n0\n";
  for (int i = 0; i + 1 < 8000; ++i) {  // appends: GCC 12 warns falsely (-Wrestrict) on "n" + to_string
    chain += 'n';
    chain += std::to_string(i);
    chain += " n";
    chain += std::to_string(i + 1);
    chain += '\n';
  }
  chain += "n7999 O\n";
  ASSERT_GT(chain.size(), 64u * 1024);
  auto f = d.write("chain.txt", chain);
  ProgramRun r = puzzlebot("solve " + f.string() + " --json");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(is_one_line(r.out));
  EXPECT_LT(r.out.size(), 1024u) << r.out.substr(0, 300);
  EXPECT_NE(r.out.find(R"("board":"valves k=1 inlet=I outlet=O\n; board of 8002 lines, )"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(R"("board_bytes":)" + std::to_string(chain.size())), std::string::npos) << r.out;
  EXPECT_EQ(replay::check_solved(r.out, chain), "") << r.out.substr(0, 300);  // "board" is cut: replayed on the file

  ProgramRun full = puzzlebot("solve " + f.string() + " --json --echo-board");
  ASSERT_EQ(full.status, 0) << full.err;
  EXPECT_GT(full.out.size(), chain.size());
  EXPECT_NE(full.out.find(R"(\nn7998 n7999\nn7999 O\n")"), std::string::npos);
  EXPECT_EQ(replay::check_solved(full.out), "");
  EXPECT_EQ(full.out.find("board_bytes"), std::string::npos);
  // A small board is echoed whole, as before.
  ProgramRun small = puzzlebot("solve " + d.write("s.txt", kLevel643).string() + " --json");
  EXPECT_EQ(small.out.find("board_bytes"), std::string::npos);
}

TEST(SolveCli, GameOptionReadsAHeaderlessBody) {
  TempDir d;
  ProgramRun r = puzzlebot("solve " + d.write("body.txt", "S##\n###\n").string() + " --game onestroke --json");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(replay::check_solved(r.out), "") << r.out;
}

TEST(SolveCli, FolderGivesOneJsonLinePerFileAndTheWorstStatus) {
  TempDir d;
  d.write("a-good.txt", kLevel643);
  d.write("b-unsolvable.txt", "onestroke\n#S#\n###\n###\n");
  d.write("c-bad.txt", "onestroke\nxyz\n");
  ProgramRun r = puzzlebot("solve " + d.path().string() + " --json");
  EXPECT_EQ(r.status, 2);
  std::istringstream lines(r.out);
  std::vector<std::string> got;
  for (std::string line; std::getline(lines, line);) got.push_back(line);
  ASSERT_EQ(got.size(), 3u) << r.out;
  EXPECT_NE(got[0].find(R"("status":"solved")"), std::string::npos);
  EXPECT_NE(got[0].find("a-good.txt"), std::string::npos);
  EXPECT_NE(got[1].find(R"("status":"unsolvable")"), std::string::npos);
  EXPECT_NE(got[2].find(R"("status":"error")"), std::string::npos);
  EXPECT_NE(got[2].find(R"("input":")"), std::string::npos);
  EXPECT_EQ(replay::check_lines(r.out), "") << r.out;
}

TEST(SolveCli, CorruptImageIsExitTwo) {
  TempDir d;
  auto png = d.write("broken.png", std::string("\x89PNG\r\n\x1a\n", 8) + "garbage");
  ProgramRun r = puzzlebot("solve " + png.string());
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(is_one_line(r.err)) << r.err;
}

}  // namespace
}  // namespace pb::testing
