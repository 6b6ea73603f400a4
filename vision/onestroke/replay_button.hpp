/* replay_button.hpp: finds 一笔画完's replay button (重玩), the one the player taps to start a level again. */
#pragma once

// The game has no undo that behaves the same in every version; its replay button does: a tap puts
// the cat back on the level's start with no cell visited. The bot taps it when a lost or slipped
// touch has left the cat in a dead end (app/play_onestroke.hpp).
//
// Structure before colour: the button is the leftmost of the large, strongly coloured, round
// buttons standing along the bottom of the screen; its colour changes between versions, its shape
// and place do not.
//
// Rejected: matching a template of the button (its icon and colour differ between versions and
// themes); a fixed position from a profile (phones of other aspect ratios move it).

#include <opencv2/core.hpp>

#include "calibration/coords.hpp"
#include "core/result.hpp"

namespace pb::vision::onestroke {

// Fractions are of the screen; levels are 0-255.
struct ReplayButtonParams {
  double band = 0.2;          // the bottom part of the screen searched, fraction of its height
  double min_width = 0.05;    // least button width, fraction of the screen width
  double max_width = 0.3;     // most
  int min_chroma = 60;        // a button is strongly coloured: max - min channel, levels
  double min_height = 0.8;    // least height / width: round, or a disc standing on a tab of its width
  double min_fill = 0.6;      // least area / (width x min(height, width)): a disc, not a ring or a bar
};

// The centre of the replay button on a 一笔画完 screen (8-bit BGR), in frame pixels: the leftmost
// round button in the bottom band whose centre is on the left half. An error says it was not found.
Result<calibration::FramePoint> find_replay_button(const cv::Mat& bgr, const ReplayButtonParams& params = {});

}  // namespace pb::vision::onestroke
