/* usability_cli_test.cpp: what a new user hit (issue #18), driven through the built `puzzlebot` as a user would. */
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>

#include "solvers/common/text_board.hpp"
#include "solvers/onestroke/onestroke.hpp"
#include "tests/support/replay_check.hpp"
#include "tests/support/run_program.hpp"
#include "vision/onestroke/render.hpp"

namespace pb::testing {
namespace {

namespace fs = std::filesystem;

const char* const kBlogMap = "111111\n101101\n111111\n101101\n111111\n000000\n";
const char* const kLevel643 = "onestroke\n.##.S##\n#######\n##.####\n.######\n#.#####\n#####.#\n#######\n";

// Item 3: the 1/0 map's start as ROW,COL as well as the blog's cell index, same board either way.
TEST(Usability, OneZeroMapStartAsRowColumnOrIndex) {
  TempDir d;
  ProgramRun by_cell = puzzlebot("solve " + d.write("rc.txt", std::string("onestroke start=2,4\n") + kBlogMap).string() + " --json");
  ProgramRun by_index = puzzlebot("solve " + d.write("n.txt", std::string("onestroke start=14\n") + kBlogMap).string() + " --json");
  EXPECT_EQ(by_cell.status, 0) << by_cell.err;
  EXPECT_EQ(by_index.status, 0) << by_index.err;
  auto board_of = [](const std::string& json) { return json.substr(json.find("\"board\""), json.find("\"moves\"") - json.find("\"board\"")); };
  EXPECT_EQ(board_of(by_cell.out), board_of(by_index.out));
  EXPECT_EQ(replay::check_solved(by_cell.out), "") << by_cell.out;
  EXPECT_EQ(replay::check_solved(by_index.out), "") << by_index.out;
  ProgramRun hole = puzzlebot("solve " + d.write("h.txt", std::string("onestroke start=1,1\n") + kBlogMap).string());
  EXPECT_EQ(hole.status, 2);
  EXPECT_TRUE(is_one_line(hole.err)) << hole.err;
  EXPECT_NE(hole.err.find("not a cell of the map"), std::string::npos) << hole.err;
}

// Item 7: the count comes first; cut text says the total; no doubled status words; singulars.
TEST(Usability, AnswersStartWithTheirSize) {
  TempDir d;
  ProgramRun one = puzzlebot("solve " + d.write("s.txt", "sliding\n1 2\n0 3\n").string());
  EXPECT_EQ(one.status, 0) << one.err;
  EXPECT_NE(one.out.find("sliding: solved, 1 move ("), std::string::npos) << one.out;
  EXPECT_EQ(one.out.find("1 moves"), std::string::npos) << one.out;

  ProgramRun path = puzzlebot("solve " + d.write("o.txt", kLevel643).string());
  EXPECT_NE(path.out.find("onestroke: solved, a path through 43 cells"), std::string::npos) << path.out;

  // 9 disks: 511 moves, more than the text lists.
  ProgramRun tower = puzzlebot("solve " + d.write("t.txt", "hanoi\n9 8 7 6 5 4 3 2 1\n-\n-\n").string());
  EXPECT_EQ(tower.status, 0) << tower.err;
  EXPECT_NE(tower.out.find("hanoi: solved, 511 moves"), std::string::npos) << tower.out;
  EXPECT_NE(tower.out.find("more of 511"), std::string::npos) << tower.out;

  // The sliding solver's own reason begins "gave up: " (tables go to a scratch cache, not the user's).
  ProgramRun gave_up = pb::testing::run_program("PUZZLEBOT_CACHE_DIR=" + (d.path() / "cache").string() + " " +
                                                PB_PUZZLEBOT + " solve " +
                                                d.write("g.txt", "sliding\n8 7 6\n5 4 3\n2 1 0\n").string() +
                                                " --max-nodes 1");
  EXPECT_EQ(gave_up.status, 3) << gave_up.out << gave_up.err;
  EXPECT_NE(gave_up.out.find("gave up: "), std::string::npos) << gave_up.out;
  EXPECT_EQ(gave_up.out.find("gave up: gave up"), std::string::npos) << gave_up.out;
}

// Item 8: '-' reads standard input (text or image); a game ID may be given inline.
TEST(Usability, StandardInputAndInlineGameIds) {
  TempDir d;
  auto f = d.write("a.txt", kLevel643);
  ProgramRun piped = puzzlebot("solve - --json < " + f.string());
  EXPECT_EQ(piped.status, 0) << piped.err;
  EXPECT_EQ(replay::check_solved(piped.out), "") << piped.out;

  ProgramRun image = puzzlebot("solve - --json < " PB_SOURCE_DIR "/samples/onestroke/s04_7x7_1080x1920_mid.png");
  EXPECT_EQ(image.status, 0) << image.err;
  EXPECT_NE(image.out.find(R"("game":"onestroke")"), std::string::npos) << image.out;
  EXPECT_EQ(replay::check_solved(image.out), "") << image.out;

  ProgramRun empty = puzzlebot("solve - < /dev/null");
  EXPECT_EQ(empty.status, 2);
  EXPECT_TRUE(is_one_line(empty.err)) << empty.err;

  ProgramRun id = puzzlebot("solve 3x3:1,2,3,4,5,6,7,0,8 --json");
  EXPECT_EQ(id.status, 0) << id.err;
  EXPECT_NE(id.out.find(R"("game":"sliding")"), std::string::npos) << id.out;
  EXPECT_EQ(replay::check_solved(id.out), "") << id.out;
  std::string problem;
  auto answer = replay::parse_json(id.out, problem);
  ASSERT_TRUE(answer) << problem;
  ASSERT_NE(answer->find("moves"), nullptr) << id.out;
  EXPECT_EQ(answer->find("moves")->items.size(), 1u) << id.out;  // one move from the goal

  ProgramRun short_id = puzzlebot("solve 4x4:1,2,3 --json");  // a malformed ID: its own error, not "no such file"
  EXPECT_EQ(short_id.status, 2);
  EXPECT_NE(short_id.err.find("puzzlebot: "), std::string::npos) << short_id.err;
  EXPECT_EQ(short_id.err.find("no such file"), std::string::npos) << short_id.err;
}

// Item 8: folders: subfolders are skipped with a word, or solved with --recursive.
TEST(Usability, FoldersSaySubfoldersAreSkippedOrRecurse) {
  TempDir d;
  d.write("a.txt", kLevel643);
  d.write("deeper/b.txt", kLevel643);
  d.write("deeper/.hidden/c.txt", "junk\n");
  ProgramRun flat = puzzlebot("solve " + d.path().string() + " --json");
  EXPECT_EQ(flat.status, 0) << flat.err;
  EXPECT_EQ(std::count(flat.out.begin(), flat.out.end(), '\n'), 1) << flat.out;
  EXPECT_NE(flat.err.find("skipped 1 subfolder (add --recursive"), std::string::npos) << flat.err;
  EXPECT_EQ(replay::check_lines(flat.out), "") << flat.out;

  ProgramRun deep = puzzlebot("solve " + d.path().string() + " --json --recursive");
  EXPECT_EQ(deep.status, 0) << deep.err;
  EXPECT_EQ(std::count(deep.out.begin(), deep.out.end(), '\n'), 2) << deep.out;
  EXPECT_NE(deep.out.find("deeper/b.txt"), std::string::npos) << deep.out;
  EXPECT_EQ(replay::check_lines(deep.out), "") << deep.out;
  EXPECT_TRUE(deep.err.empty()) << deep.err;

  TempDir nested;
  nested.write("inner/b.txt", kLevel643);
  ProgramRun only_sub = puzzlebot("solve " + nested.path().string());
  EXPECT_EQ(only_sub.status, 2);
  EXPECT_NE(only_sub.err.find("add --recursive"), std::string::npos) << only_sub.err;
}

// Item 8: the table cache's place follows XDG_CACHE_HOME, and `cache --clear` empties it.
TEST(Usability, TableCacheIsFoundAndCleared) {
  TempDir d;
  d.write("puzzlebot/sliding-4x4-6-b15.pdb", std::string(1024, 'x'));
  d.write("puzzlebot/keep-me.txt", "not ours");
  const std::string env = "env -u PUZZLEBOT_CACHE_DIR XDG_CACHE_HOME=" + d.path().string() + " ";
  ProgramRun where = pb::testing::run_program(env + PB_PUZZLEBOT + " cache");
  EXPECT_EQ(where.status, 0) << where.err;
  EXPECT_NE(where.out.find((d.path() / "puzzlebot").string() + " (1 file,"), std::string::npos) << where.out;
  ProgramRun cleared = pb::testing::run_program(env + PB_PUZZLEBOT + " cache --clear");
  EXPECT_EQ(cleared.status, 0) << cleared.err;
  EXPECT_NE(cleared.out.find("deleted 1 file"), std::string::npos) << cleared.out;
  EXPECT_FALSE(fs::exists(d.path() / "puzzlebot/sliding-4x4-6-b15.pdb"));
  EXPECT_TRUE(fs::exists(d.path() / "puzzlebot/keep-me.txt"));
}

TEST(Usability, TableCacheNotMadeYetIsEmpty) {
  TempDir d;
  const std::string env = "PUZZLEBOT_CACHE_DIR=" + (d.path() / "not-yet").string() + " ";
  ProgramRun where = pb::testing::run_program(env + PB_PUZZLEBOT + " cache");
  EXPECT_EQ(where.status, 0) << where.err;
  EXPECT_NE(where.out.find("not-yet (0 files,"), std::string::npos) << where.out;
  ProgramRun cleared = pb::testing::run_program(env + PB_PUZZLEBOT + " cache --clear");
  EXPECT_EQ(cleared.status, 0) << cleared.err;
  EXPECT_NE(cleared.out.find("deleted 0 files"), std::string::npos) << cleared.out;
  EXPECT_FALSE(fs::exists(d.path() / "not-yet"));
}

// PNG width and height from the header (the test needs no image library).
std::pair<int, int> png_size(const fs::path& png) {
  const std::string b = pb::testing::read_file(png);
  if (b.size() < 24 || b.compare(1, 3, "PNG") != 0) return {0, 0};
  auto be32 = [&](std::size_t i) {
    return (static_cast<unsigned char>(b[i]) << 24) | (static_cast<unsigned char>(b[i + 1]) << 16) |
           (static_cast<unsigned char>(b[i + 2]) << 8) | static_cast<unsigned char>(b[i + 3]);
  };
  return {be32(16), be32(20)};
}

// Item 1: --annotate writes its picture when no board is found, and the error says so.
TEST(Usability, AnnotateDrawsWhatWasFoundWhenNoBoardIs) {
  TempDir d;
  const std::string shot = PB_SOURCE_DIR "/samples/onestroke/s04_7x7_1080x1920_mid.png";
  for (const std::string game : {"pegs", "sliding", "knight"}) {
    const fs::path out = d.path() / (game + ".png");
    ProgramRun r = puzzlebot("solve " + shot + " --game " + game + " --annotate " + out.string());
    EXPECT_EQ(r.status, 2) << game << ": " << r.out << r.err;
    EXPECT_TRUE(is_one_line(r.err)) << r.err;
    EXPECT_NE(r.err.find(out.string() + " shows what was found"), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find("try --annotate"), std::string::npos) << r.err;
    auto [w, h] = png_size(out);
    EXPECT_EQ(w, 1080) << game;
    EXPECT_GT(h, 1920) << game;  // the reason above the picture
    if (game == "sliding") continue;  // it found tiles but no digits: the reason alone tells
    // The readers with a debug sink drew what they found over the screenshot.
    cv::Mat drawn = cv::imread(out.string()), original = cv::imread(shot);
    ASSERT_FALSE(drawn.empty());
    cv::Mat body = drawn(cv::Rect(0, drawn.rows - original.rows, original.cols, original.rows));
    EXPECT_GT(cv::norm(body, original, cv::NORM_L1), 0) << game << ": nothing drawn";
  }
  // Every reader tried (no --game): one panel each, side by side in a grid.
  cv::Mat gradient(300, 400, CV_8UC3);
  for (int y = 0; y < gradient.rows; ++y)
    for (int x = 0; x < gradient.cols; ++x)
      gradient.at<cv::Vec3b>(y, x) = {static_cast<unsigned char>(x * 255 / 400), static_cast<unsigned char>(y * 255 / 300), 128};
  const fs::path picture = d.path() / "gradient.png", all = d.path() / "all.png";
  ASSERT_TRUE(cv::imwrite(picture.string(), gradient));
  ProgramRun r = puzzlebot("solve " + picture.string() + " --annotate " + all.string());
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.err.find(all.string() + " shows what was found"), std::string::npos) << r.err;
  EXPECT_GE(png_size(all).first, 3 * 400) << r.err;  // 7 readers: 3 panels a row
  EXPECT_GE(png_size(all).second, 3 * 300) << r.err;
  // Nothing is written when the read fails without --annotate, and a good read still draws the solution.
  const fs::path good = d.path() / "good.png";
  EXPECT_EQ(puzzlebot("solve " + shot + " --annotate " + good.string()).status, 0);
  EXPECT_EQ(png_size(good), (std::pair<int, int>{1080, 1920}));
}

// Item 4: every reader Param is listed with its default; docs/PARAMS.md is that list.
TEST(Usability, ParamsAreListedAndDocumented) {
  ProgramRun pegs = puzzlebot("params --game pegs");
  EXPECT_EQ(pegs.status, 0) << pegs.err;
  EXPECT_NE(pegs.out.find("min_disc_px"), std::string::npos) << pegs.out;
  EXPECT_NE(pegs.out.find("smallest disc diameter accepted, px"), std::string::npos) << pegs.out;
  ProgramRun all = puzzlebot("params --markdown");
  EXPECT_EQ(all.status, 0) << all.err;
  for (const char* game : {"onestroke", "sliding", "pegs", "knight", "hanoi", "river", "valves"})
    EXPECT_NE(all.out.find(std::string("## ") + game + "\n"), std::string::npos) << game;
  EXPECT_EQ(all.out, pb::testing::read_file(PB_SOURCE_DIR "/docs/PARAMS.md"))
      << "docs/PARAMS.md is out of date: build/bin/puzzlebot params --markdown > docs/PARAMS.md";
  EXPECT_EQ(puzzlebot("params --game nosuch").status, 2);
}

// Item 4: a misspelled profile key is an error naming it, the nearest key and the valid ones.
TEST(Usability, MisspelledProfileKeysAreErrors) {
  TempDir d;
  const std::string shot = PB_SOURCE_DIR "/samples/onestroke/s04_7x7_1080x1920_mid.png";
  auto reader_typo = d.write("r.yml", "onestroke:\n  min_cell_pxx: 9\n");
  ProgramRun r = puzzlebot("solve " + shot + " --game onestroke --profile " + reader_typo.string());
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(is_one_line(r.err)) << r.err;
  EXPECT_NE(r.err.find("'min_cell_pxx' (did you mean 'min_cell_px'?)"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("neutral_max_chroma"), std::string::npos) << r.err;  // the valid keys are listed

  auto top_typo = d.write("t.yml", "timing: { settle_ms: 100 }\n");
  ProgramRun t = puzzlebot("solve " + shot + " --profile " + top_typo.string());
  EXPECT_EQ(t.status, 2);
  EXPECT_NE(t.err.find("'timing' in the profile (did you mean 'timings'?)"), std::string::npos) << t.err;

  auto sub_typo = d.write("s.yml", "timings: { setle_ms: 100 }\n");
  ProgramRun u = puzzlebot("solve " + shot + " --profile " + sub_typo.string());
  EXPECT_EQ(u.status, 2);
  EXPECT_NE(u.err.find("did you mean 'settle_ms'"), std::string::npos) << u.err;

  auto good = d.write("g.yml", "onestroke:\n  min_cell_px: 9\n");
  EXPECT_EQ(puzzlebot("solve " + shot + " --game onestroke --profile " + good.string()).status, 0);
}

// Issue #24: "no solution" about a board read from a screenshot is about the board as read, so the
// answer says a misread may be why and points to --annotate (stderr; "hint" in the JSON). A board
// text's proof needs no such word.
TEST(Usability, UnsolvableScreenshotPointsToTheRead) {
  TempDir d;
  // 25 cells coloured like a chessboard, 13 and 12: a path through all starts on the 13, and the
  // start is on the 12.
  const std::string text = "onestroke\n#S###\n#####\n#####\n#####\n#####\n";
  auto board = pb::solvers::split_text_board(text, "u.txt", true);
  ASSERT_TRUE(board.ok());
  auto state = pb::solvers::onestroke::parse(*board);
  ASSERT_TRUE(state.ok());
  pb::vision::onestroke::RenderStyle style;
  style.width = 540;
  style.height = 960;
  const fs::path shot = d.path() / "unsolvable.png", out = d.path() / "read.png";
  ASSERT_TRUE(cv::imwrite(shot.string(), pb::vision::onestroke::render(*state, style)));

  ProgramRun plain = puzzlebot("solve " + shot.string());
  EXPECT_EQ(plain.status, 1) << plain.out << plain.err;
  EXPECT_NE(plain.out.find("onestroke: unsolvable"), std::string::npos) << plain.out;
  EXPECT_TRUE(is_one_line(plain.err)) << plain.err;
  EXPECT_NE(plain.err.find("screenshot"), std::string::npos) << plain.err;
  EXPECT_NE(plain.err.find("--annotate"), std::string::npos) << plain.err;

  // --game spares the other readers' time (every reader is tried above).
  ProgramRun json = puzzlebot("solve " + shot.string() + " --game onestroke --json");
  EXPECT_EQ(json.status, 1) << json.err;
  EXPECT_NE(json.out.find("\"board\":\"onestroke\\n#S###\\n#####\\n"), std::string::npos) << json.out;  // read right
  EXPECT_NE(json.out.find("\"status\":\"unsolvable\""), std::string::npos) << json.out;
  EXPECT_NE(json.out.find("\"hint\":\""), std::string::npos) << json.out;
  EXPECT_NE(json.out.find("--annotate"), std::string::npos) << json.out;

  // With --annotate the picture is there, and the hint names it.
  ProgramRun annotated = puzzlebot("solve " + shot.string() + " --game onestroke --annotate " + out.string());
  EXPECT_EQ(annotated.status, 1) << annotated.err;
  EXPECT_TRUE(fs::exists(out));
  EXPECT_NE(annotated.err.find(out.string() + " shows what was read"), std::string::npos) << annotated.err;

  // The same board as text: a proof about the board given, no hint.
  ProgramRun typed = puzzlebot("solve " + d.write("u.txt", text).string() + " --json");
  EXPECT_EQ(typed.status, 1) << typed.err;
  EXPECT_EQ(typed.out.find("\"hint\""), std::string::npos) << typed.out;
  EXPECT_TRUE(typed.err.empty()) << typed.err;
}

}  // namespace
}  // namespace pb::testing
