/* pegs_look_sweep_test.cpp: the pegs reader over randomised looks (pegs_looks.hpp): never a wrong board, most read exactly. */
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iterator>
#include <map>
#include <span>
#include <opencv2/imgcodecs.hpp>
#include <string>

#include "solvers/pegs/pegs.hpp"
#include "tests/support/look_sweep.hpp"
#include "tests/vision/pegs_looks.hpp"
#include "vision/pegs/reader.hpp"

namespace vp = pb::vision::pegs;

namespace {

// The look of `seed`, scaled 0.5-2x and JPEG-compressed (quality 60-95) or lossless, read once;
// returns its description.
std::string read_look(std::uint64_t seed, pb::testing::SweepTally& tally) {
  const pb::testing::PegsRandomLook look = pb::testing::pegs_random_look(seed);
  cv::RNG rng(seed * 7919 + 17);
  const double scales[] = {0.5, 0.75, 1.0, 1.0, 1.5, 2.0};
  const double scale = scales[rng.uniform(0, 6)];
  const int quality = rng.uniform(0, 3) == 0 ? 0 : rng.uniform(60, 96);
  const cv::Mat image = pb::testing::degrade(look.image, scale, quality);
  const std::string what = "seed " + std::to_string(seed) + " (" + look.what + ", x" + std::to_string(scale).substr(0, 4) +
                           (quality > 0 ? ", q" + std::to_string(quality) : ", png") + ")";
  if (const char* dir = std::getenv("PB_LOOKS_DIR")) cv::imwrite(std::string(dir) + "/pegs_" + std::to_string(seed) + ".png", image);
  auto r = vp::read(image);
  const bool same = r.ok() && r->state == look.truth;
  if (r.ok() && !same)
    ADD_FAILURE() << what << ": read wrongly\n" << pb::solvers::pegs::format(r->state) << "expected\n" << pb::solvers::pegs::format(look.truth);
  tally.add(r.ok(), same, what + (r.ok() ? "" : ": " + r.error().message));
  return what;
}

// The rows of docs/VISION.md's pegs table: each look counted under every feature it has.
const char* const kFeatures[] = {"flat pegs", "outlined pegs", "glossy pegs", "ring holes", "dimple holes", "pale holes",
                                 "(smaller)", "selected peg", "hint rings", "light page", "dark page", "tiles", "png"};

std::uint64_t env_or(const char* name, std::uint64_t fallback) {
  const char* v = std::getenv(name);
  return v != nullptr ? std::strtoull(v, nullptr, 10) : fallback;
}

}  // namespace

// Looks the wide sweep once read wrongly, kept so that no change brings the wrong read back:
// 5205 and 5209, a flat selected peg and a glossy peg at 0.5x that no cue found, whose plain sites
// read as "no hole" (an outside site must now be of the colour seen between discs); 9102, a ring
// hole whose middle measured just past the holes' look, taken for a selected peg (an odd disc must
// now differ clearly from both main looks, min_odd_distance); 9018 and 9236, ring holes (and hint
// rings round dark dimples) measured 13-27% larger than filled pegs of their size at 0.5x, read as
// pegs once a clear size gap decided alone (a hollow group's size is now only a vote). Two more
// while the board learnt to grow past the fitted lattice: 5232, a French board whose right column
// (pale holes below the size range, and a peg three sites from the others) lay past the fit, read
// a column narrower once the smaller holes joined but the peg did not (the board now grows as the
// fit links, by either kind of disc); and 20, whose outer columns of glossy balls no cue found,
// read two columns narrower once probed sites filled only the fitted board (probes grow it too).
// 2114 (found sweeping seeds 2000-2199): a French board on tiles at 0.5x whose soft dark dimples
// measured to their tiles' light outlines (9 px at a pitch of 15.5, the red pegs 6.2), so the size
// cue named the pegs holes (a disc's size is now measured within size_reach of its centre).
constexpr std::uint64_t kOnceWrong[] = {5205, 5209, 9102, 9018, 9236, 5232, 20, 2114};

// Looks of seeds 1-200 refused before the board grew from its lattice (smaller discs and
// board-sized ones centred on sites next to it, probes for rims no cue closed) and before a group
// of a main group's colour but another size took that group's role: each must stay exact.
constexpr std::uint64_t kOnceRefused[] = {8,   13,  20,  24,  38,  42,  44,  46,  49,  50,  51,  55,  64,  70,  72,  78,
                                          81,  82,  83,  86,  87,  93,  97,  113, 115, 120, 122, 123, 124, 126, 129, 130,
                                          132, 135, 136, 138, 144, 149, 167, 175, 176, 179, 183, 186, 187, 194, 195, 198};

// Looks refused before three later changes, one row each, from all three ranges of the wide sweep:
// dimples and ring holes at 0.5x whose rim a probe found just below the board's size range (a
// probed rim now counts down to the range's bottom / site_disc_ratio); glossy balls whose lit
// middles, discs of their own, set the lattice's pitch or origin (the lattice is now fitted to
// discs inside no larger one), and a selected peg whose ring the probe took for its rim (5174, read
// on the old origin, refused on the way once the origin was right); ring holes
// beside pegs about as colourful as the panel (a hollow group is now the holes' by hole_cues'
// `hollow`). Each must stay exact.
constexpr std::uint64_t kOnceRefusedRims[] = {35, 134, 9044, 9171};
constexpr std::uint64_t kOnceRefusedFit[] = {63, 84, 9005, 5254, 9142, 5174};
constexpr std::uint64_t kOnceRefusedHollow[] = {37, 61, 5067, 9097};
// Pale holes on a darker board at 0.5x leave the board showing between four of them as a round-ish
// gap that a cue takes for a disc off the lattice ("a peg between sites"): a stray whose middle is
// plain and of the colour seen between the discs is the board, no peg. Each must stay exact.
constexpr std::uint64_t kOnceRefusedGap[] = {5212, 9122, 9197};
// Selected pegs that no cue closed (a ball inside a ring of its own colour, 9088; a glossy ball on a
// dark panel, 5104; an outlined peg at 0.5x, 5205, once read wrongly), on boards whose holes are
// smaller than the pegs and more of them: the probe, opened at the discs' median size (the holes'),
// saw only the peg's shading, and the site read as covered. A probe that finds nothing from the
// median now tries again from the larger discs' size (probe_larger). Each must stay exact.
constexpr std::uint64_t kOnceRefusedLarger[] = {9088, 5104, 5205};
// A small pale hole at 0.5x (seed 60) that a cue centred on its site, linked to the board only
// through balls the probe found: it was asked once, before the probe grew the board, and left off
// it, then refused as "a peg between sites". Discs the cues centred are asked again whenever the
// probe grows the board. Each must stay exact.
constexpr std::uint64_t kOnceRefusedJoined[] = {60};
// Dimples, flat pegs and pale holes at 0.5x (one at 1x) whose rim no cue closed and whose probed
// edges strayed by 1-2 px along the rim (a dimple's lit crescent on one side, a flat peg's chroma
// edge squared by JPEG's blocks): past probe_spread's 10% of a 12-px radius, so their sites read as
// covered. A probe's edges may now stray by probe_spread_px (2) whatever the size. Each must stay exact.
constexpr std::uint64_t kOnceRefusedStray[] = {157, 5055, 5082, 5182, 9008, 9108};
// A selected peg, or holes, on tiles whose size was measured at the tile's outline for some discs
// and not for others, a size class apart from their like ("more odd-looking discs than one selected
// peg"; 5189 at 1x JPEG 93, 2170 at 0.5x): sizes are now measured within size_reach (half a pitch).
constexpr std::uint64_t kOnceRefusedReach[] = {5189, 2170};

// CI's fixed sample: the same 24 looks every run (seeds 1-24; 24 exact today), and the looks once
// read wrongly; a few seconds.
TEST(PegsLookSweep, FixedSampleNeverReadsWrong) {
  pb::testing::SweepTally tally, once_wrong;
  for (std::uint64_t seed = 1; seed <= 24; ++seed) read_look(seed, tally);
  for (std::uint64_t seed : kOnceWrong) read_look(seed, once_wrong);
  tally.print("pegs, random looks (seeds 1-24)");
  once_wrong.print("pegs, looks once read wrongly");
  EXPECT_EQ(tally.wrong + once_wrong.wrong, 0);
  EXPECT_GE(tally.exact, 22) << "fewer looks read exactly than before";
}

// The looks once refused (kOnceRefused), read again: exact, every one; a few seconds.
TEST(PegsLookSweep, LooksOnceRefusedReadExactly) {
  pb::testing::SweepTally tally;
  for (std::uint64_t seed : kOnceRefused) read_look(seed, tally);
  tally.print("pegs, looks once refused");
  EXPECT_EQ(tally.wrong, 0);
  EXPECT_EQ(tally.exact, static_cast<int>(std::size(kOnceRefused)));
}

// The looks of kOnceRefusedRims, kOnceRefusedFit, kOnceRefusedHollow, kOnceRefusedGap, kOnceRefusedLarger, kOnceRefusedJoined, kOnceRefusedStray and kOnceRefusedReach: exact,
// every one; a few seconds.
TEST(PegsLookSweep, LooksRefusedBeforeRimsFitAndHollowReadExactly) {
  pb::testing::SweepTally tally;
  for (const auto& seeds : {std::span<const std::uint64_t>(kOnceRefusedRims), std::span<const std::uint64_t>(kOnceRefusedFit),
                            std::span<const std::uint64_t>(kOnceRefusedHollow), std::span<const std::uint64_t>(kOnceRefusedGap),
                            std::span<const std::uint64_t>(kOnceRefusedLarger), std::span<const std::uint64_t>(kOnceRefusedJoined),
                            std::span<const std::uint64_t>(kOnceRefusedStray), std::span<const std::uint64_t>(kOnceRefusedReach)})
    for (std::uint64_t seed : seeds) read_look(seed, tally);
  tally.print("pegs, looks refused before the probe's range, the fit's discs, the hollow cue, the board's gaps, the larger probe and its stray");
  EXPECT_EQ(tally.wrong, 0);
  EXPECT_EQ(tally.exact, static_cast<int>(std::size(kOnceRefusedRims) + std::size(kOnceRefusedFit) + std::size(kOnceRefusedHollow) +
                                          std::size(kOnceRefusedGap) + std::size(kOnceRefusedLarger) + std::size(kOnceRefusedJoined) +
                                          std::size(kOnceRefusedStray) + std::size(kOnceRefusedReach)));
}

// The wide sweep, by hand: PB_PEGS_SWEEP=N reads N looks from seed PB_PEGS_SEED (default: the
// time, printed, so a failing look can be drawn again).
TEST(PegsLookSweep, WideSweepByHand) {
  const std::uint64_t count = env_or("PB_PEGS_SWEEP", 0);
  if (count == 0) GTEST_SKIP() << "set PB_PEGS_SWEEP=200 (and PB_PEGS_SEED) to run the wide sweep";
  const std::uint64_t first = env_or("PB_PEGS_SEED", static_cast<std::uint64_t>(std::time(nullptr)) * 1000);
  std::printf("[ LOOKS    ] seeds %llu .. %llu\n", static_cast<unsigned long long>(first), static_cast<unsigned long long>(first + count - 1));
  pb::testing::SweepTally tally;
  std::map<std::string, pb::testing::SweepTally> by_feature;
  for (std::uint64_t seed = first; seed < first + count; ++seed) {
    const pb::testing::SweepTally before = tally;
    const std::string what = read_look(seed, tally);
    for (const char* f : kFeatures)
      if (what.find(f) != std::string::npos)
        by_feature[f].add(tally.refused == before.refused + 1 ? false : true, tally.exact == before.exact + 1, what);
  }
  tally.print("pegs, random looks");
  for (const char* f : kFeatures) {
    const pb::testing::SweepTally& t = by_feature[f];
    std::printf("[ LOOKS    ] | %s | %d | %d | %d | %d |\n", f, t.total(), t.exact, t.refused, t.wrong);
  }
  EXPECT_EQ(tally.wrong, 0);
}
