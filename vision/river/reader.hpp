/* reader.hpp: reads a river-crossing position (figures on each bank and in the boat, boat side and size) off an arena screenshot. */
#pragma once

// What the reader relies on (the arena's look, whatever its colours, sizes, line widths and fonts):
//   detect: the scene is three flat-coloured rectangles side by side, left bank | water | right bank,
//           with equal tops and bottoms; the two banks share one colour, the water another. Each is
//           found as a large connected region of one of the picture's commonest colours.
//   decode: on a bank, every blob that is not bank colour is a figure; in the water, what is not
//           water colour is the hull and the passengers sitting on it. The hull's top edge is its
//           widest row, and everything above it is a passenger. A figure's kind comes from its shape:
//           guards are squares (they fill their bounding box), prisoners discs (about pi/4 of it), so
//           colours and the letters on them (which some styles drop) do not matter. The boat's side
//           is the half of the river its hull lies in; its capacity is the hull's width in figure
//           radii: the arena seats each passenger in 2.3 radii and adds 2.2 radii of bow and stern.
// Passengers count on the boat's bank, as in the board text (FORMATS.md).
// Rejected: kinds by colour (styles repaint guards and prisoners freely, and may make them alike);
// the letters "G"/"P" (some styles drop them, and they would need OCR); the capacity from the
// "boat: N" caption (OCR for one digit, when the hull already shows it). Where a game's hull does not
// show its size, a profile sets `boat` and the hull's width is not used.

#include <opencv2/core.hpp>
#include <span>
#include <vector>

#include "core/result.hpp"
#include "vision/common/debug_sink.hpp"
#include "vision/common/game_image_puzzle.hpp"
#include "vision/common/params.hpp"
#include "solvers/river/river.hpp"

namespace pb::vision::river {

using solvers::river::Move;
using solvers::river::State;

// Colour distances are the largest per-channel difference (0-255). Lengths in figure radii scale with
// the picture. A profile overrides any of these under the node `river` (same names).
struct Params {
  int colours = 8;                   // how many of the commonest colours are tried as bank and water
  double coarse_width = 240;         // banks and water are first looked for on a copy this wide, px
  int region_tolerance = 10;         // within this of a region's colour a pixel belongs to the region
  double min_region_fraction = 0.01; // least area of a bank, fraction of the image
  double edge_tolerance = 0.01;      // banks meet the water within this fraction of the image width (at least 2 px)
  double edge_coverage = 0.2;        // a region's edge row (column) is at least this fraction its colour
  int min_figure_px = 5;             // narrowest figure, px
  double size_tolerance = 0.35;      // figures' radii differ from their median by at most this fraction
  double square_fill = 0.9;          // a figure filling at least this fraction of its box is a guard (square) ...
  double min_fill = 0.65;            // ... at least this a prisoner (disc); less is not a figure
  double max_aspect = 1.35;          // a figure's box is at most this much longer one way than the other
  double guard_side = 1.7;           // a guard's side, figure radii (a prisoner's diameter is 2)
  double seat_radii = 2.3;           // hull width per seat, figure radii
  double hull_extra_radii = 2.2;     // hull width beyond the seats (bow and stern), figure radii
  double seat_tolerance = 0.35;      // the hull's width is within this many seats of a whole number
  double hull_edge_fraction = 0.85;  // a row at least this fraction as wide as the one below still is hull
  int boat = 0;                      // > 0: the boat's capacity, and the hull's width is not read
  int max_figures = 60;              // more blobs than this: not a river scene
};

Result<Params> load_params(const cv::FileNode& node, const Params& defaults = {});
// The profile keys load_params reads, with ranges and meanings (`puzzlebot params --game river`).
std::span<const ParamSpec<Params>> param_table();
// Params with which read() reads `truth` from `bgr` exactly, searched from `start` (`puzzlebot learn`);
// the error is ErrorCode::kNoBoard when none is found.
Result<Params> learn(const cv::Mat& bgr, const State& truth, const Params& start = {});

enum class Place { kLeft, kRight, kBoat };

struct Figure {
  Place place = Place::kLeft;
  bool guard = false;        // else prisoner
  cv::Point2f centre;        // frame px (where to click)
  cv::Rect box;              // frame px
  double fill = 0;           // fraction of its box it covers
};

struct Reading {
  State state;                  // passengers counted on the boat's bank
  Move aboard;                  // who sits in the boat
  std::vector<Figure> figures;  // every figure seen
  cv::Rect left_bank, water, right_bank, hull;  // frame px
  cv::Point2f hull_centre;      // middle of the hull below the passengers' heads (click to cross)
  double radius = 0;            // figure radius, px
  double seats = 0;             // capacity as measured from the hull (before rounding); 0 when set by `boat`
  double confidence = 1;        // 0..1: how clearly shapes and the hull's width were told apart
  cv::Size frame;
};

// The error is ErrorCode::kNoBoard when nothing in the image looks like a river scene.
// `debug` (optional) receives a picture of the banks, river, boat and figures found when no board is.
Result<Reading> read(const cv::Mat& bgr, const Params& params = {}, DebugSink* debug = nullptr);

// The reading drawn over the image: banks, water and hull outlined, each figure boxed with G or P,
// the capacity; `trips` listed.
cv::Mat annotate(const cv::Mat& bgr, const Reading& reading, std::span<const Move> trips = {});

// A river crossing read from an image: GameImagePuzzle<ImageSpec> (vision/common/game_image_puzzle.hpp),
// its reading(), and the trips of its last solve() as moves(); kReaderOf<ImageSpec>, its line in the
// reader list. A reading with passengers already in the boat is solved as the board text says
// (passengers count on the boat's bank): the first trip's passengers may differ from those aboard,
// which the player settles by landing or boarding figures before crossing.
using ImageSpec = ReaderSpec<solvers::river::Spec, &read, &annotate, &solvers::river::Solution::trips, &load_params, &param_table, &learn>;

}  // namespace pb::vision::river
