/* hanoi_level.hpp: the arena's Tower of Hanoi Level, declared here so the tests can reach its typed state and geometry. */
#pragma once

#include <optional>
#include <utility>
#include <vector>

#include "samples/arena/arena.hpp"
#include "solvers/hanoi/hanoi.hpp"

namespace pb::arena {

// Tower of Hanoi: drag the top disk from one rod to another, or click the source rod then the target.
class HanoiLevel final : public LevelOf<solvers::hanoi::Spec> {
 public:
  using LevelOf::LevelOf;
  Style style() const override;
  void draw(cv::Mat& canvas) const override;
  Response press(cv::Point2d p) override;
  Response drag(cv::Point2d p) override;
  Response release(cv::Point2d p) override;
  bool cleared() const override;
  void restart() override;
  std::vector<Stroke> solution() const override;

  cv::Point2d rod_point(int rod) const;  // halfway up the rod
  std::optional<int> picked() const { return picked_; }

 private:
  Response move(int from, int to);
  std::optional<int> picked_;
  std::optional<cv::Point2d> drag_;
};

}  // namespace pb::arena
