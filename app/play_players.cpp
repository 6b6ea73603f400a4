/* play_players.cpp: a move as a player's input (solvers/common/play_rules.hpp) placed on the frame as a gesture. */
#include "app/play_players.hpp"

namespace pb::app {

Result<FrameGesture> place_input(const solvers::MoveInput& input, const std::vector<cv::Point2f>& centres,
                                 calibration::Size frame) {
  FrameGesture g;
  g.kind = input.kind == solvers::MoveInput::Kind::kDrag ? actuator::Gesture::Kind::kDrag : actuator::Gesture::Kind::kTap;
  for (int place : input.places) {
    if (place < 0 || static_cast<std::size_t>(place) >= centres.size())
      return make_error("the reader gave no centre for place " + std::to_string(place) + " of " +
                        std::to_string(centres.size()) + " (" + input.label + "): a reader bug");
    const cv::Point2f& c = centres[static_cast<std::size_t>(place)];
    g.points.push_back({c.x, c.y, frame});
  }
  if (g.points.empty()) return make_error("no place to act on (" + input.label + "): a planner bug");
  g.label = input.label;
  return g;
}

}  // namespace pb::app
