/* scene.hpp: the page as an illustrated scene: flat regions that reach the picture's side edges, each a plane in Lab that explains only the pixels near it, and the blends along their borders. */
#pragma once

// A game drawn over a landscape (a sky, hills, a sun, trees) has no one page colour: the sky is a
// gradient, each range of hills a flat fill, and a disc may share a colour with a hill far from it.
// The scene is found as structure rather than as one colour:
//   - flat regions: pixels whose Lab colour (smoothed over 3x3) steps by less than a Delta E to their
//     right and lower neighbours, in 4-connected regions, joined along a row across a narrow gap
//     where the colours either side agree (a rod standing across a hill parts it), and across any
//     gap where a piece reaching one side edge meets one reaching the other, or a layer meets a piece
//     reaching neither, with the colours where they face agree (a wide disc, a base, a pinch where the
//     hill behind dips to the one in front parts a range of hills); those that reach
//     both side edges of the picture and cover a share of it are the scene's layers (a sky, a hill
//     range, a status bar); a board's rods, discs and bases are drawn inside the picture (one cut by
//     the frame's edge reaches one side, not both);
//   - each layer is a plane in Lab fitted to its region (fit_page's refit), and it explains only the
//     pixels within a reach of its region: a disc coloured like a far hill still stands out from the
//     hill behind it;
//   - where two layers meet, anti-aliasing, scaling and JPEG blend them: a pixel within a few pixels
//     of both is explained when it lies near the segment between their two colours.
// Each pixel's distance is the least Delta E to what explains it; what nothing explains (the board,
// text, a sun, trees) is ink to the reader.
// Rejected: more global planes (page_layers): a disc coloured like any hill vanishes, the blended
// borders of hills read as ink lines that join discs to the scenery, and a scene whose largest layer
// covers under a quarter of the picture has no page at all.

#include <opencv2/core.hpp>
#include <vector>

#include "vision/common/bars.hpp"

namespace pb::vision {

struct SceneOptions {
  double flat_delta_e = 2.5;        // a pixel is flat when its smoothed colour steps less than this to its neighbours, Delta E
  int link_px = 40;                 // regions at most this far apart along a row (a rod between) are one ...
  double link_delta_e = 5;          // ... when the colours either side of the gap agree within this, Delta E, ...
  double min_link_fraction = 0.002; // ... and each covers at least this share of the picture
  double min_layer_fraction = 0.02; // a layer's region covers at least this share of the picture
  double reach_fraction = 0.05;     // a layer explains pixels within this fraction of the picture's height of its region
  int blend_px = 5;                 // pixels within this of two layers may be a blend of them, px
  double edge_margin = 0;           // a region reaches a side edge when it comes within this fraction of the width of it
  double fit_delta_e = 10;          // the plane's refit takes region pixels this near it, Delta E
};

struct Scene {
  std::vector<PageModel> layers;  // largest first
  cv::Mat distance;               // CV_32F: each pixel's Delta E from what explains it (1e6 where nothing is near)
};

// The scene of `lab` (to_lab()'s output, not empty). No layers (and every distance 1e6) when no flat
// region reaches both side edges with the share asked.
Scene fit_scene(const cv::Mat& lab, const SceneOptions& options);

}  // namespace pb::vision
