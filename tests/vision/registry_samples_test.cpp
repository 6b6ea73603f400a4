/* registry_samples_test.cpp: every bundled screenshot read with no game given is read as its own game or refused, never as another. */
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <opencv2/imgcodecs.hpp>
#include <string>
#include <vector>

#include "vision/registry.hpp"

namespace pb::vision {
namespace {

namespace fs = std::filesystem;

// The game a sample folder's pictures show: the folder is named after the game, or after the
// picture's source, as below. A folder named neither fails the test, so a new one gets a line here.
const std::map<std::string, std::string, std::less<>> kFolderGame = {
    {"peg-solitaire", "pegs"}, {"fifteen", "sliding"}, {"taquin", "sliding"}};
// Every game of PB_GAMES (solvers/CMakeLists.txt), built with a reader or not.
const std::vector<std::string> kGames = {"onestroke", "pegs", "sliding", "valves", "hanoi", "river", "knight"};

// Every reader on a phone-sized screenshot takes seconds (the sliding reader's refusal most), so by
// default each folder gives its last picture (its samples are named in order: the last is a level
// under way, or the hardest look), and the pictures a cross-read was found in;
// PB_ALL_SAMPLES=1 reads every one (~30 s, Release), as after a change to any reader.
const std::vector<std::string> kFoundIn = {
    "onestroke/s13_9x8_1080x1920_mid.jpg",  // the knight reader took its grey cells for a board
};

bool all_samples() {
  const char* all = std::getenv("PB_ALL_SAMPLES");
  return all != nullptr && std::string(all) == "1";
}

std::vector<fs::path> pictures_under(const fs::path& dir) {
  std::vector<fs::path> out;
  for (const auto& entry : fs::recursive_directory_iterator(dir))
    if (entry.is_regular_file() && (entry.path().extension() == ".png" || entry.path().extension() == ".jpg"))
      out.push_back(entry.path());
  std::sort(out.begin(), out.end());
  return out;
}

// A read with no game (`puzzlebot solve shot.png`) keeps the most confident of every reader's
// boards: one reader taking another game's picture for its own is a wrong board, and no later check
// catches it (issue #24). Each picture must read as `game`, or be refused; "" allows only refusal.
void expect_own_game_or_refused(const fs::path& picture, const std::string& game, int& own, int& refused) {
  const cv::Mat img = cv::imread(picture.string(), cv::IMREAD_COLOR);
  ASSERT_FALSE(img.empty()) << picture;
  auto got = read_any(img, ReadOptions{});
  if (!got) {
    std::printf("[ SAMPLE   ] %s: refused\n", fs::relative(picture, PB_SOURCE_DIR).c_str());
    ++refused;
    return;
  }
  const std::string read_as((*got)->game());
  std::printf("[ SAMPLE   ] %s: read as %s\n", fs::relative(picture, PB_SOURCE_DIR).c_str(), read_as.c_str());
  EXPECT_EQ(read_as, game) << picture << " (a " << (game.empty() ? std::string("non-board") : game) << " picture) read as a "
                           << read_as << " board:\n"
                           << (*got)->format();
  own += read_as == game ? 1 : 0;
}

TEST(RegistrySamples, EveryBundledScreenshotReadsAsItsOwnGameOrIsRefused) {
  const fs::path samples = fs::path(PB_SOURCE_DIR) / "samples";
  const std::vector<fs::path> pictures = pictures_under(samples);
  auto chosen = [&](std::size_t i) {
    if (all_samples() || i + 1 == pictures.size() || pictures[i].parent_path() != pictures[i + 1].parent_path()) return true;
    const std::string rel = fs::relative(pictures[i], samples).generic_string();
    return std::find(kFoundIn.begin(), kFoundIn.end(), rel) != kFoundIn.end();
  };
  int count = 0, readable = 0, own = 0, refused = 0;
  for (std::size_t i = 0; i < pictures.size(); ++i) {
    if (!chosen(i)) continue;
    const fs::path& picture = pictures[i];
    const std::string folder = picture.parent_path().filename().string();
    std::string game = folder;
    if (auto alias = kFolderGame.find(folder); alias != kFolderGame.end()) game = alias->second;
    ASSERT_NE(std::find(kGames.begin(), kGames.end(), game), kGames.end())
        << picture << ": folder '" << folder << "' names no game; add it to kFolderGame";
    // A game built without its reader cannot be read: any read of its picture is another game's.
    if (find_reader(game) == nullptr) game.clear();
    readable += game.empty() ? 0 : 1;
    expect_own_game_or_refused(picture, game, own, refused);
    ++count;
  }
  std::printf("[ SAMPLE   ] %d bundled screenshots: %d read as their own game, %d refused\n", count, own, refused);
  EXPECT_GE(count, all_samples() ? 40 : 10);
  // Refusing everything would pass: the samples are there to be read, most of them must be.
  EXPECT_GE(own, readable * 3 / 4);
}

TEST(RegistrySamples, ReadersSideBySideGiveTheSameAnswer) {
  // `puzzlebot solve shot.png` runs the readers on every core: the board read, or the refusal and
  // each reader's reason in list order, must be what one thread gives.
  for (const char* rel : {"samples/onestroke/s01_4x4_480x854.png", "tests/data/negative/tiles.png"}) {
    const cv::Mat img = cv::imread((fs::path(PB_SOURCE_DIR) / rel).string(), cv::IMREAD_COLOR);
    ASSERT_FALSE(img.empty()) << rel;
    auto alone = read_any(img, ReadOptions{}, 1);
    auto side_by_side = read_any(img, ReadOptions{}, 3);
    ASSERT_EQ(alone.ok(), side_by_side.ok()) << rel;
    if (alone.ok()) {
      EXPECT_EQ((*alone)->game(), (*side_by_side)->game()) << rel;
      EXPECT_EQ((*alone)->format(), (*side_by_side)->format()) << rel;
    } else {
      EXPECT_EQ(alone.error().message, side_by_side.error().message) << rel;
      EXPECT_EQ(alone.error().code, side_by_side.error().code) << rel;
    }
  }
}

TEST(RegistrySamples, NegativeImagesAreRefusedByEveryReader) {
  if (!all_samples()) GTEST_SKIP() << "PB_ALL_SAMPLES=1 reads the negative images with every reader too (~2 s)";
  int count = 0, own = 0, refused = 0;
  for (const fs::path& picture : pictures_under(fs::path(PB_SOURCE_DIR) / "tests" / "data" / "negative")) {
    expect_own_game_or_refused(picture, "", own, refused);
    ++count;
  }
  EXPECT_GE(count, 5);
  EXPECT_EQ(refused, count);
}

}  // namespace
}  // namespace pb::vision
