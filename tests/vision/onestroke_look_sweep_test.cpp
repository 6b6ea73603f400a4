/* onestroke_look_sweep_test.cpp: the look sweep: generated skins read exactly or are refused, never wrong. */
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <algorithm>
#include <cstdlib>
#include <opencv2/imgcodecs.hpp>
#include <string>
#include <utility>
#include <vector>

#include "tests/support/onestroke_looks.hpp"
#include "vision/onestroke/marked_reader.hpp"
#include "vision/onestroke/reader.hpp"

namespace pb::vision::onestroke {
namespace {

namespace looks = testing::onestroke_looks;

// Images per family: enough to vary scale, JPEG and cropping, few enough for the sanitizer run.
// PB_LOOKS_PER_FAMILY=N sweeps more (the figures in docs/VISION.md come from N=40).
int per_family() {
  const char* n = std::getenv("PB_LOOKS_PER_FAMILY");
  return n != nullptr && std::atoi(n) > 0 ? std::atoi(n) : 5;
}

// The least share of a probe family's images that must read exactly (the promised families must read
// them all: a refusal there fails on its own). Refusing is allowed in a probe, but a reader that
// refused every image would pass on "no wrong read" alone. Today, Release build, 5 images a family:
// 5 5 5 5 4 exact; 40 images (docs/VISION.md): 40 40 39 40 38. The floors are a few images under both,
// and under the sanitizer build's looks (clang draws other looks from the same seeds).
double min_exact_share(looks::Family family) {
  switch (family) {
    case looks::Family::kTintedPage:
    case looks::Family::kOutlined:
    case looks::Family::kGridLines:
    case looks::Family::kPastelBand: return 0.6;  // 3 of 5, 24 of 40
    case looks::Family::kGreyBand: return 0.4;    // 2 of 5, 16 of 40
    case looks::Family::kDots: return 0.6;       // 3 of 5, 24 of 40 (today 5 of 5, 40 of 40)
    case looks::Family::kHatchedPage: return 0.2;  // 1 of 5, 8 of 40 (today 5 of 5, 40 of 40)
    default: return 1.0;
  }
}

// Whether `got`'s head stands where the look drew the cat: within a quarter pitch of its cell's centre.
bool head_in_place(const Reading& got, const looks::Look& look) {
  const cv::Point2d head = got.lattice.centre(got.state.head);
  return std::hypot(head.x - look.head_centre.x, head.y - look.head_centre.y) < 0.25 * look.pitch;
}

// Reads `look` and checks that it reads exactly: its board, and its head in place.
void expect_reads_exactly(const looks::Look& look) {
  auto got = read(look.image);
  ASSERT_TRUE(got.ok()) << look.what << ": " << got.error().message;
  EXPECT_EQ(solvers::onestroke::format(got->state), solvers::onestroke::format(look.truth)) << look.what;
  EXPECT_TRUE(head_in_place(*got, look)) << look.what << ": the head is not where the cat was drawn";
}

// The table docs/VISION.md "Look sweep" shows: per family, how many images read exactly, were
// refused, or were read wrong (a board other than the truth, or the head's cell misplaced).
TEST(OnestrokeLookSweep, EveryLookReadsExactlyOrIsRefusedNeverWrong) {
  int wrong_total = 0;
  const int kPerFamily = per_family();
  std::printf("| look | images | exact | refused | wrong |\n|---|---|---|---|---|\n");
  // PB_LOOKS_FAMILY=NAME sweeps only the family of that name, PB_LOOKS_FIRST=I starts at image I (a
  // family at a time: the sweep of 500 is slow).
  const char* only = std::getenv("PB_LOOKS_FAMILY");
  const char* first_env = std::getenv("PB_LOOKS_FIRST");
  const int first = first_env != nullptr ? std::max(0, std::atoi(first_env)) : 0;
  for (const looks::FamilyInfo& f : looks::families()) {
    if (only != nullptr && std::string(only) != f.name) continue;
    int exact = 0, refused = 0, wrong = 0;
    for (int i = first; i < kPerFamily; ++i) {
      const looks::Look look = looks::make_look(f.family, i);
      // PB_LOOKS_DIR=DIR writes every image there, to see what the sweep draws.
      if (const char* dir = std::getenv("PB_LOOKS_DIR"))
        cv::imwrite(std::string(dir) + "/" + std::to_string(static_cast<int>(f.family)) + "_" + std::to_string(i) + ".png",
                    look.image);
      auto got = read(look.image);
      if (!got.ok()) {
        ++refused;
        if (std::getenv("PB_LOOKS_VERBOSE") != nullptr) {
          std::printf("refused %s #%d %s: %s\n", f.name, i, look.what.c_str(), got.error().message.c_str());
          // PB_LOOKS_VERBOSE=2: every pass of the reader, how far it got and why it stopped.
          if (std::string(std::getenv("PB_LOOKS_VERBOSE")) == "2") {
            ReadTrace trace;
            (void)read_traced(look.image, Params{}, trace);
            for (const ReadTrace::Pass& pass : trace.passes)
              std::printf("  %s: stage %d: %s\n", pass.name.c_str(), pass.stage, pass.read ? "read" : pass.error.message.c_str());
          }
        }
        EXPECT_FALSE(f.must_read) << f.name << " " << look.what << " refused: " << got.error().message;
        continue;
      }
      if (got->state == look.truth && head_in_place(*got, look)) {
        ++exact;
        continue;
      }
      ++wrong;
      auto marked = read_marked(look.image, Params{});
      ADD_FAILURE() << (marked && marked->state == got->state ? "(the touching cells' reader) " : "(the cat reader) ") << f.name << " " << look.what << " read wrong:\n"
                    << solvers::onestroke::format(got->state) << "instead of\n"
                    << solvers::onestroke::format(look.truth);
    }
    std::printf("| %s | %d | %d | %d | %d |\n", f.name, kPerFamily - first, exact, refused, wrong);
    if (!f.must_read) {
      EXPECT_GE(exact, static_cast<int>(min_exact_share(f.family) * (kPerFamily - first))) << f.name << ": too few read exactly";
    }
    wrong_total += wrong;
  }
  std::fflush(stdout);
  EXPECT_EQ(wrong_total, 0);
}

// Looks beyond the 5 per family that were once read wrong (found by sweeps of 200 and 500 per look).
TEST(OnestrokeLookSweep, LooksOnceReadWrongAreReadExactlyOrRefused) {
  // 380: four lone cells between dark grid lines, two columns 7 pitches apart fitted as 6 (the
  // rows' pitch disagrees: refused, then read from the lines).
  // Read since the lines are fitted.
  for (const auto& [family, index] : {std::pair{looks::Family::kGridLines, 380}}) expect_reads_exactly(looks::make_look(family, index));
}

// Grid lines 256 of 500: no visited cell, the cat's ears drawn over the edge of the free cell above it;
// their orange along that edge was taken for the end cell's mark (an E next to the cat). A mark must
// stand in its cell's own middle (end_mark_edge_margin): the look reads with no end cell, or is refused.
TEST(OnestrokeLookSweep, TheCatsEarsOverANeighbourAreNoEndMark) {
  const looks::Look look = looks::make_look(looks::Family::kGridLines, 256);
  ASSERT_FALSE(look.truth.end);
  auto got = read(look.image);
  if (!got.ok()) return;  // refusing is allowed; a wrong board is not
  EXPECT_FALSE(got->state.end) << look.what;
  EXPECT_EQ(solvers::onestroke::format(got->state), solvers::onestroke::format(look.truth)) << look.what;
  EXPECT_TRUE(head_in_place(*got, look)) << look.what;
}

// Looks of the 40 that were refused before pale sites and the second split (issue #24): a band of
// chroma between the grey and colour limits, or a grey lighter than the cells' split (taken for neither
// cell nor page), or darker (the free cells then pale; or the band, joined, taken for the cells and
// the free cells for the page: 7, 18, 20, 21, 23); the cat's body or JPEG's chroma hiding its joint
// with the band.
TEST(OnestrokeLookSweep, PaleAndGreyBandsOnceRefusedRead) {
  for (const auto& [family, indices] : {std::pair{looks::Family::kPastelBand, std::vector<int>{5, 6, 7, 9, 10, 11, 12, 17, 27, 30, 38, 39}},
                                        std::pair{looks::Family::kGreyBand, std::vector<int>{2, 7, 13, 18, 20, 21, 23, 26, 29, 35}}}) {
    for (const int index : indices) expect_reads_exactly(looks::make_look(family, index));
  }
}

// Bands of the 500 refused as "two greys, and those of one not a path to the cat" (issue #24): a joint
// (the band across the gap between two steps) was taken for a gap when one pixel of its run across the
// gap strayed from the band's tone (JPEG 63-99); the run's median now decides. Grey 188 (228 on cells
// of 200, cropped), 452 (159 on 218); pale 173 (chroma 40, JPEG 64).
TEST(OnestrokeLookSweep, BandJointsUnderJpegRead) {
  for (const auto& [family, index] : {std::pair{looks::Family::kGreyBand, 188}, std::pair{looks::Family::kGreyBand, 452},
                                      std::pair{looks::Family::kPastelBand, 173}})
    expect_reads_exactly(looks::make_look(family, index));
}

// Hatched pages of the 40 that were refused before the opened pass (stroke_open_fraction): a fine hatch or
// grain as dark as the cells in places greying the gaps so that the squares joined (12: 2 px and grain,
// 17: 9 px under JPEG), strokes as dark as the cells joining everything (23: 16 px), and a 28 px hatch
// taken for cells (38). The cell mask opened by a square wider than a stroke parts the cells; the
// textured page's sites are then no cells, being not flat. And of the 500, cropped boards on a hatched
// page taken for cut (150: grain, 236: JPEG): the clipping check's page was the picture's commonest
// colour, the cells' grey, and the page's grain ink; it is now the commonest colour round the board.
TEST(OnestrokeLookSweep, HatchedPagesOnceRefusedRead) {
  for (const int index : {12, 17, 23, 38, 150, 236}) expect_reads_exactly(looks::make_look(looks::Family::kHatchedPage, index));
}

// Hatched pages of the 500 refused after the opened pass (issue #24). 143 (a cropped board, 532 px wide:
// 11 px hatch) and 436 (7 px hatch as dark as the cells): strokes wider than the square the mask is
// opened by (stroke_open_fraction of the picture's shorter side, 2-3 px) joined the cells; the square
// now doubles up to max_stroke_open_fraction. 238 (cropped, hatch and grain): read so, then refused as
// "cells of the page's colour", the border's commonest colour being a stroke's, as grey as the cells; a
// flat cell on a textured page is no piece of it (Reading::page_texture).
TEST(OnestrokeLookSweep, HatchedPagesWithWideStrokesRead) {
  for (const int index : {143, 436, 238}) expect_reads_exactly(looks::make_look(looks::Family::kHatchedPage, index));
}

// Dots of the 500 refused as "no grey squares" (issue #24): dots within 15-20 levels of the page lie
// above the first luminance split, which the chrome's darker greys (text, buttons) set; the pass above
// that split found the dots and the cat but stood only with a grey band. It now stands without one when
// the board's box holds none of that darkest grey (max_upper_dark_share): 100 (411x730, JPEG 81),
// 370 (401x713, JPEG 68). 157, 334, 464, 467 read alike, and cat face 16 (a face filling its cell,
// 377x670, JPEG 67), refused so before.
TEST(OnestrokeLookSweep, FaintDotsAboveTheFirstSplitRead) {
  for (const auto& [family, index] : {std::pair{looks::Family::kDots, 100}, std::pair{looks::Family::kDots, 370}, std::pair{looks::Family::kCatFace, 16}})
    expect_reads_exactly(looks::make_look(family, index));
}

// Numbered cells whose digits are white, as the page: the cat reader's check that its cells are not
// the page's colour (the page round a board of touching cells) once looked at one pixel, each cell's
// centre, which is a digit's; the look sweep's classic looks 8 and 11 were refused (39 -> 37 of 40).
TEST(OnestrokeLookSweep, NumberedCellsWithPageWhiteDigitsRead) {
  for (const int index : {8, 11}) expect_reads_exactly(looks::make_look(looks::Family::kClassic, index));
}

// Numbered cells whose digits are drawn in a grey of their own (issue #24; classic at 500: 459 -> 484).
// 80 (JPEG 91) and 9 (38 px cells, heavy digits over most of the sampled middle): the median of a cell's
// grey samples fell 16-65 levels under its fill where the digits were heavy, and was taken for a second
// grey; a cell's tone is now its fill, the level its samples gather at nearest the board's commonest
// (min_fill_share). 59 (pale cells, mid-grey digits, 1315x2338): the first split put the cells with the
// page, and the pass above it was refused for the digits' grey in the board's box, taken for grid lines
// or a band; what is drawn on a free cell is the cell's (darkest_grey_share).
// Outlined cells 65 and 74 (at 500: 479 -> 497): each cell's darker rim, drawn on the cell, counted as that
// darkest grey in the board's box, as grid lines would.
TEST(OnestrokeLookSweep, NumberedCellsWithGreyDigitsRead) {
  for (const int index : {80, 9, 59}) expect_reads_exactly(looks::make_look(looks::Family::kClassic, index));
  for (const int index : {65, 74}) expect_reads_exactly(looks::make_look(looks::Family::kOutlined, index));
}

// Dots of the 500 refused as "cells of two greys" (issue #24): under JPEG 83-95 the faint dots' fill
// varied by 4-6 levels against a contrast of 13-14, where max_grey_spread allows 3. A cell off by at most
// max_unlinked_grey_spread of the contrast is free when no joint links it to a neighbour and it is not
// next to the cat (a visited cell of a grey band is linked): 24 (725x1288, JPEG 95), 132 (382x679, JPEG 83).
TEST(OnestrokeLookSweep, FaintCellsVaryingUnderJpegRead) {
  for (const int index : {24, 132}) expect_reads_exactly(looks::make_look(looks::Family::kDots, index));
}

// A look refused after several passes is refused with the reason of the pass that got furthest, not the
// first pass's (issue #24). Classic 261 (numbered cells, cropped, JPEG 94): the first pass finds grey
// squares but no lattice, a pass opened above the darkest grey finds the board and the cat (cat face
// 16 was this look until it read, max_upper_dark_share; classic 48 and 421 until they read, a cell's
// tone its fill).
// Grid lines 9: no pass of the cat's look finds a lattice, the touching cells' reader fits one and
// finds something drawn on a free cell. Which pass's reason read_traced() returned is its trace's
// `refusal` (no message text is looked at).
TEST(OnestrokeLookSweep, ARefusalGivesTheReasonOfThePassThatGotFurthest) {
  for (const auto& [family, index] : {std::pair{looks::Family::kClassic, 261}, std::pair{looks::Family::kGridLines, 9}}) {
    const looks::Look look = looks::make_look(family, index);
    ReadTrace trace;
    auto got = read_traced(look.image, Params{}, trace);
    ASSERT_FALSE(got.ok()) << look.what << " reads now: pick another look refused after several passes";
    EXPECT_EQ(got.error().code, ErrorCode::kNoBoard) << look.what;
    ASSERT_GT(trace.passes.size(), 1U) << look.what;
    ASSERT_GE(trace.refusal, 0) << look.what;
    ASSERT_LT(trace.refusal, static_cast<int>(trace.passes.size())) << look.what;
    const ReadTrace::Pass& chosen = trace.passes[static_cast<std::size_t>(trace.refusal)];
    EXPECT_FALSE(chosen.read) << look.what;
    for (std::size_t i = 0; i < trace.passes.size(); ++i) {
      EXPECT_FALSE(trace.passes[i].read) << look.what << ": " << trace.passes[i].name;
      // The chosen pass got furthest; of passes that got as far, it is the first.
      if (static_cast<int>(i) < trace.refusal) EXPECT_LT(trace.passes[i].stage, chosen.stage) << look.what << ": " << trace.passes[i].name;
      else EXPECT_LE(trace.passes[i].stage, chosen.stage) << look.what << ": " << trace.passes[i].name;
    }
    EXPECT_GT(chosen.stage, trace.passes.front().stage) << look.what << ": the first pass got as far";
    EXPECT_EQ(chosen.error.code, got.error().code) << look.what;
    // read() refuses alike.
    auto plain = read(look.image);
    ASSERT_FALSE(plain.ok()) << look.what;
    EXPECT_EQ(plain.error().code, got.error().code) << look.what;
  }
}

}  // namespace
}  // namespace pb::vision::onestroke
