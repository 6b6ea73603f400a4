/* calibration_probe.hpp: a game's one safe test move, with which `calibrate --adb` checks the screenshot-to-touch mapping end to end. */
#pragma once

// calibrate --adb measures the phone (wm size, density, a screenshot) and works out the transform;
// only a game on the screen can show that a touch lands where the transform says. A game that can
// offer such a test registers a CalibrationProbe in its PlayGame entry (app/play_<game>.cpp): it
// finds its board on a screenshot and plans ONE move that is legal and safe (never a purchase or a
// menu: a move the play loop continues from), whose effect the next screenshot shows; then it tells
// whether the move landed where it was aimed. calibrate takes the first game of the list that has
// one, and names none.
//
// Rejected: a calibration pattern of calibrate's own (a phone shows no window of ours to draw in);
// probing with a tap on an empty part of the screen (nothing on the screen would show where it
// landed).

#include <functional>
#include <opencv2/core.hpp>
#include <string>
#include <string_view>

#include "app/play.hpp"
#include "calibration/profile.hpp"
#include "core/result.hpp"

namespace pb::app {

// The test move planned on one screenshot.
struct ProbeMove {
  FrameGesture gesture;  // the move, frame px
  cv::Rect board;        // the board found, frame px (the profile records it)
  std::string target;    // what the move aims at, for messages: "cell (2,3)"
  // On the screenshot after the move (the screen changed): nothing when the move landed on its
  // target, else an error whose message follows `where` ("the test tap at touch (x,y) for cell
  // (2,3)") and says where it went instead.
  std::function<Result<void>(const cv::Mat& after, const std::string& where)> check;
  std::string landed;  // for the closing line, after "the test tap ": "moved the cat to cell (2,3)"
};

struct CalibrationProbe {
  std::string_view screen;  // what must be on the phone's screen, for the help: "一笔画完 open at a level's board"
  std::string_view move;    // the test move, for the help: "taps ONE free cell next to the cat (the cat must move there)"
  // Finds the board on `shot` (the reader's Params from `profile`) and plans the test move; an
  // error says what to put on the screen.
  Result<ProbeMove> (*plan)(const cv::Mat& shot, const calibration::ProfileDoc& profile);
};

}  // namespace pb::app
