/* onestroke_image_puzzle_test.cpp: the reader entry, its profile Params, solving and annotating a screenshot. */
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <opencv2/core/persistence.hpp>
#include <opencv2/imgcodecs.hpp>

#include "vision/onestroke/reader.hpp"
#include "vision/onestroke/render.hpp"

namespace pb::vision::onestroke {
namespace {

namespace fs = std::filesystem;

cv::Mat sample(const char* name) {
  return cv::imread((fs::path(PB_SOURCE_DIR) / "samples" / "onestroke" / name).string(), cv::IMREAD_COLOR);
}

Result<Params> params_from_yaml(const std::string& yaml) {
  cv::FileStorage fs(yaml, cv::FileStorage::READ | cv::FileStorage::MEMORY);
  return load_params(fs["onestroke"]);
}

TEST(OnestrokeImagePuzzle, SolvesAMidLevelScreenshotAndDrawsThePath) {
  const cv::Mat img = sample("s04_7x7_1080x1920_mid.png");
  ASSERT_FALSE(img.empty());
  auto puzzle = kReaderOf<ImageSpec>.read(img, {});
  ASSERT_TRUE(puzzle.ok()) << puzzle.error().message;
  EXPECT_EQ((*puzzle)->game(), "onestroke");
  EXPECT_GT((*puzzle)->confidence(), 0.5);
  const cv::Mat before = (*puzzle)->annotate(img);
  const auto outcome = (*puzzle)->solve(solvers::Limits::with_timeout(std::chrono::seconds(10)));
  ASSERT_EQ(outcome.status, solvers::Status::kSolved) << outcome.reason;
  const auto& typed = dynamic_cast<const GameImagePuzzle<ImageSpec>&>(**puzzle);
  // The kept path is the solver's, and it replays through the rules on the board that was read.
  ASSERT_FALSE(typed.moves().empty());
  EXPECT_EQ(typed.moves().front(), typed.reading().state.head);
  EXPECT_TRUE(solvers::onestroke::check_solution(typed.reading().state, typed.moves()).ok());
  const cv::Mat after = (*puzzle)->annotate(img);
  ASSERT_EQ(after.size(), img.size());
  EXPECT_GT(cv::norm(after, before, cv::NORM_L1), 0.0) << "the numbered path was not drawn";
  EXPECT_GT(cv::norm(before, img, cv::NORM_L1), 0.0) << "the lattice was not drawn";
}

TEST(OnestrokeImagePuzzle, FormatIsTheBoardText) {
  auto puzzle = kReaderOf<ImageSpec>.read(sample("s01_4x4_480x854.png"), {});
  ASSERT_TRUE(puzzle.ok()) << puzzle.error().message;
  std::ifstream in(fs::path(PB_SOURCE_DIR) / "samples" / "onestroke" / "s01_4x4_480x854.txt");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  while (!text.empty() && text.back() == '\n') text.pop_back();
  std::string got = (*puzzle)->format();
  while (!got.empty() && got.back() == '\n') got.pop_back();
  EXPECT_EQ(got, text);
}

TEST(OnestrokeImagePuzzle, ProfileOverridesParams) {
  const fs::path profile = fs::temp_directory_path() / "onestroke_profile_test.yml";
  {
    cv::FileStorage fs(profile.string(), cv::FileStorage::WRITE);
    fs << "onestroke" << "{" << "max_side" << 3 << "}";
  }
  const cv::Mat img = sample("s03_6x5_1080x1920.png");
  ASSERT_TRUE(kReaderOf<ImageSpec>.read(img, {}).ok());
  auto doc = calibration::ProfileDoc::open(profile.string());
  ASSERT_TRUE(doc.ok()) << doc.error().message;
  auto refused = kReaderOf<ImageSpec>.read(img, {*doc});  // a 6x5 board is bigger than max_side 3
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().code, ErrorCode::kNoBoard) << refused.error().message;
  EXPECT_FALSE(calibration::ProfileDoc::open((fs::temp_directory_path() / "no_such_profile.yml").string()).ok());
  fs::remove(profile);
}

TEST(OnestrokeParams, LoadsKnownKeysAndRefusesBadValues) {
  auto p = params_from_yaml("%YAML:1.0\nonestroke:\n  min_contrast: 20\n  inner_fraction: 0.5\n");
  ASSERT_TRUE(p.ok()) << p.error().message;
  EXPECT_EQ(p->min_contrast, 20);
  EXPECT_DOUBLE_EQ(p->inner_fraction, 0.5);
  EXPECT_EQ(p->max_side, Params{}.max_side);  // untouched keys keep their defaults

  auto none = params_from_yaml("%YAML:1.0\nother: 1\n");
  ASSERT_TRUE(none.ok());
  EXPECT_EQ(none->min_contrast, Params{}.min_contrast);

  for (const char* bad : {"%YAML:1.0\nonestroke:\n  min_contrast: \"x\"\n",
                          "%YAML:1.0\nonestroke:\n  inner_fraction: 2\n",
                          "%YAML:1.0\nonestroke:\n  max_side: 2.5\n",
                          "%YAML:1.0\nonestroke:\n  min_cell_ratio: 0.9\n  max_cell_ratio: 0.8\n",
                          "%YAML:1.0\nonestroke: 3\n",
                          "%YAML:1.0\nonestroke:\n  theme: \"grey\"\n"}) {
    auto got = params_from_yaml(bad);
    EXPECT_FALSE(got.ok()) << bad;
  }
}

TEST(OnestrokeParams, ParamsChangeWhatIsRead) {
  // A threshold that every cell fails proves the Params reach the reader.
  const cv::Mat img = sample("s03_6x5_1080x1920.png");
  Params strict;
  strict.min_free_cells = 1000;
  EXPECT_FALSE(read(img, strict).ok());
  Params loose;
  EXPECT_TRUE(read(img, loose).ok());
}

TEST(OnestrokeLearn, APaleBandReadsWithTheDefaults) {
  // Visited cells hardly more colourful than grey (chroma 32: between neutral_max_chroma and
  // colour_min_chroma): pale sites, read as the band since they link into one path to the cat. They
  // were refused before, and learn() fitted a profile for them.
  const State truth = random_board(5, 5, 8, 9);
  RenderStyle style;
  style.width = 360;
  style.height = 640;
  style.band = {228, 214, 196};
  auto got = read(render(truth, style));
  ASSERT_TRUE(got.ok()) << got.error().message;
  EXPECT_EQ(got->state, truth);
}

TEST(OnestrokeLearn, FitsUnevenCellsTheDefaultsRefuseAndTheProfileReadsIt) {
  // Each cell's grey drawn up to 20 levels off the others: more than max_grey_spread lets free cells
  // differ, or max_unlinked_grey_spread a cell joined to none (12 levels now read with the
  // defaults), refused by the defaults (two greys may be a grey band); learn() widens the spread.
  const State truth = random_board(5, 5, 8, 9);
  RenderStyle style;
  style.width = 360;
  style.height = 640;
  style.colour_jitter = 20;
  const cv::Mat img = render(truth, style);
  ASSERT_FALSE(read(img).ok());
  auto learned = learn(img, truth, Params{});
  ASSERT_TRUE(learned.ok()) << learned.error().message;
  auto got = read(img, *learned);
  ASSERT_TRUE(got.ok()) << got.error().message;
  EXPECT_EQ(got->state, truth);
  // The profile text holds only what changed, and loads back to the same reading.
  const std::string text = params_profile_text<Params>("onestroke", param_table(), *learned);
  EXPECT_EQ(text.find("samples_per_side"), std::string::npos) << text;
  auto loaded = params_from_yaml("%YAML:1.0\n" + text);
  ASSERT_TRUE(loaded.ok()) << loaded.error().message << "\n" << text;
  EXPECT_EQ(read(img, *loaded)->state, truth);
  EXPECT_EQ(params_profile_text<Params>("onestroke", param_table(), Params{}), "onestroke: {}\n");
}

TEST(OnestrokeLearn, SaysWhyWhenNoParamsReadTheBoard) {
  const State truth = random_board(5, 5, 0, 9), other = random_board(4, 6, 0, 10);
  RenderStyle style;
  style.width = 270;
  style.height = 480;
  auto learned = learn(render(truth, style), other, Params{});
  ASSERT_FALSE(learned.ok());
  EXPECT_EQ(learned.error().code, ErrorCode::kBadInput) << learned.error().message;
}

}  // namespace
}  // namespace pb::vision::onestroke
