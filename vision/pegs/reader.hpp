/* reader.hpp: reads Simon Tatham's Pegs (peg solitaire, any board shape) off its window or screenshot. */
#pragma once

// Pegs draws, on a plain background, one disc per site: a peg is a disc of diameter 2/3 of the tile
// (COL_PEG), an empty hole a disc of 1/2 (COL_LOWLIGHT); outside sites are background. Colours come
// from PEGS_COLOUR_n and the tile size from the window, so the reader relies on neither:
//   detect: discs are round, solid blobs of any non-background colour; the distance between
//           neighbouring discs is the lattice pitch, and the lattice is fitted to their centres;
//   decode: each disc's diameter relative to the pitch says peg or hole; a site with no disc is
//           outside the board. Where every disc is one size (Peg Solitaire, the Qt game), the
//           discs split in two groups by colourfulness instead (Params::pegs_more_colourful).

#include <opencv2/core.hpp>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "core/result.hpp"
#include "vision/common/debug_sink.hpp"
#include "vision/common/game_image_puzzle.hpp"
#include "vision/common/params.hpp"
#include "solvers/pegs/pegs.hpp"

namespace pb::vision::pegs {

using solvers::pegs::Site;
using solvers::pegs::State;

// What the reader may assume. Colour distances are the largest per-channel difference, 0-255 levels;
// "pitches" are distances between neighbouring sites. A profile overrides any of these under the
// node `pegs` (same names).
struct Params {
  int background_tolerance = 14;   // within this distance a pixel is background, levels
  int background_candidates = 3;   // commonest colours tried as the background, in order
  int min_disc_px = 5;             // smallest disc diameter accepted, px
  double max_disc_aspect = 1.2;    // longer / shorter side of a disc's bounding box
  double min_disc_fill = 0.6;      // disc area / bounding-box area (a circle: 0.785)
  double max_disc_fill = 0.92;     // above this the blob is a square, not a disc
  double peg_diameter = 2.0 / 3;   // a peg's diameter, pitches (the game: TILESIZE/3 radius)
  double hole_diameter = 0.5;      // a hole's diameter, pitches (the game: TILESIZE/4 radius)
  double diameter_tolerance = 0.2; // a disc's diameter may differ from these by this fraction
                                   // (anti-aliasing adds ~5%; pegs and holes differ by 33%)
  double lattice_tolerance = 0.15; // largest distance of a disc's centre from its site, pitches
  int min_sites = 6;               // fewer discs than this is not a board (the game's smallest has ~15)
  double max_outside_ink = 0.05;   // most non-background pixels around an outside site's centre, fraction
  int max_side = 64;               // most sites per board side (the solver's limit)
  // Boards whose pegs and holes are discs of one size (Peg Solitaire, the Qt game: shaded balls,
  // coloured pegs, grey holes) are told apart by colour instead: the discs split in two groups by
  // how colourful they are (largest channel minus smallest, at the disc's middle).
  double one_size_spread = 0.12;   // discs whose diameters differ by at most this fraction are one size
  double min_chroma_gap = 40;      // least difference in colourfulness between the two groups, levels
  int pegs_more_colourful = 1;     // 1: pegs are the more colourful group; 0: the less colourful
};

// Reads Params from a profile node (missing keys keep `defaults`); errors name the bad key.
Result<Params> load_params(const cv::FileNode& node, const Params& defaults = {});
// The profile keys load_params reads, with ranges and meanings (`puzzlebot params --game pegs`).
std::span<const ParamSpec<Params>> param_table();

// A round blob: where it is, how wide.
struct Disc {
  cv::Point2f centre;
  float diameter = 0;  // px
  cv::Rect box;
  float chroma = 0;    // largest minus smallest channel of the disc's middle, levels
};

// The fitted lattice: site (row, col) is centred at origin + (col, row) * pitch, frame pixels.
struct Lattice {
  int rows = 0;
  int cols = 0;
  cv::Point2f origin;
  float pitch = 0;
  cv::Rect board;                 // bounds of all sites, px
  cv::Vec3b background;           // BGR
  std::vector<Disc> discs;        // per site, row-major; diameter 0 where there is none
  std::vector<float> offsets;     // per site: distance of the disc from its site, pitches
  cv::Mat ink;                    // CV_8U, 255 where the frame is not background
  bool one_size = false;          // pegs and holes are one size: decode tells them by colour

  cv::Point2f centre(int row, int col) const { return origin + cv::Point2f(col * pitch, row * pitch); }
};

struct Reading {
  State state;
  std::vector<cv::Point2f> centres;  // per site, row-major, frame px (outside sites too)
  std::vector<float> confidence;     // per site, 0..1
  cv::Rect board;                    // bounds of all sites, frame px
  Lattice lattice;

  float min_confidence() const;
};

// Finds the discs and the lattice. The error is ErrorCode::kNoBoard when nothing looks like Pegs.
// `debug` (optional) receives a picture of the discs found when no board is.
Result<Lattice> detect(const cv::Mat& bgr, const Params& params = {}, DebugSink* debug = nullptr);
// Names each site peg, hole or outside.
Result<Reading> decode(const Lattice& lattice, const Params& params = {});
// detect() then decode(), with OpenCV exceptions turned into errors.
Result<Reading> read(const cv::Mat& bgr, const Params& params = {}, DebugSink* debug = nullptr);

// Draws what was read over `bgr`: sites (peg, hole) and their confidence (doubtful in red), and,
// when given, `jumps` ([from, to] pairs of sites in order) as numbered arrows.
cv::Mat draw_reading(const cv::Mat& bgr, const Reading& reading,
                     const std::vector<std::pair<solvers::pegs::Cell, solvers::pegs::Cell>>& jumps = {});

}  // namespace pb::vision::pegs

// The Pegs reader's entry in the reader list and its ImagePuzzle.

namespace pb::vision::pegs {

// What vision/common/game_image_puzzle.hpp needs to know of this reader.
struct ImageSpec {
  using Game = solvers::pegs::Spec;
  using Params = pegs::Params;
  using Reading = pegs::Reading;
  using Drawn = std::vector<std::pair<solvers::pegs::Cell, solvers::pegs::Cell>>;
  static constexpr auto load_params = &pegs::load_params;
  static constexpr auto param_table = &pegs::param_table;
  static constexpr auto read = &pegs::read;
  static constexpr auto annotate = &pegs::draw_reading;
  static Drawn drawn(const solvers::Outcome& out, const solvers::pegs::Solution& sol);
};

// A board read from a screenshot, solvable and drawable; reading() keeps the lattice in frame
// pixels for the play loop.
class PegsImagePuzzle final : public GameImagePuzzle<ImageSpec> {
 public:
  using GameImagePuzzle::GameImagePuzzle;
  // The jumps (from, to) of the last solve() that returned any, in order (empty before one).
  const ImageSpec::Drawn& jumps() const { return drawn(); }
};

// {"pegs", read}: reads with the profile's `pegs` Params (defaults without a profile).
extern const Reader kReader;

}  // namespace pb::vision::pegs
