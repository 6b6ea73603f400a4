/* valves_level.hpp: the arena's valves Level, declared here so the tests can reach its typed state and geometry. */
#pragma once

#include <optional>
#include <utility>
#include <vector>

#include "samples/arena/arena.hpp"
#include "solvers/valves/valves.hpp"

namespace pb::arena {

// Valves: click a valve wheel to close it (one wrench each); water is drawn where it still flows from
// the inlet; cleared when none reaches the outlet. Out of wrenches with water still through: stuck.
class ValvesLevel final : public LevelOf<solvers::valves::Spec> {
 public:
  // `positions`: where each node (index as in state.names) is drawn, as fractions of the area.
  ValvesLevel(State start, std::vector<cv::Point2d> positions, int variant);
  Style style() const override;
  void draw(cv::Mat& canvas) const override;
  Response press(cv::Point2d p) override;
  bool cleared() const override;
  bool stuck() const override;
  std::vector<Stroke> solution() const override;

  cv::Point2d node_centre(int node) const;  // canvas px
  double wheel_radius() const;              // px
  std::vector<bool> wet() const;            // per node: water reaches it

 private:
  std::vector<cv::Point2d> positions_;
};

// The valves look (drawn only here: valves have no renderer under vision/).
struct ValvesStyle {
  cv::Scalar page, pipe, water, wheel, closed, letter, tank;
  int pipe_px = 6;
  int font = 0;
};
ValvesStyle valves_style(int variant);

}  // namespace pb::arena
