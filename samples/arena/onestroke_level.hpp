/* onestroke_level.hpp: the arena's one-stroke Level, declared here so the tests can reach its typed state and geometry. */
#pragma once

#include <optional>
#include <utility>
#include <vector>

#include "samples/arena/arena.hpp"
#include "solvers/onestroke/onestroke.hpp"

namespace pb::arena {

// One-stroke: press on the cat, drag through neighbouring cells; each cell entered extends the path
// if the rules allow it (a straight run over several free cells in one motion is taken cell by cell).
class OnestrokeLevel final : public LevelOf<solvers::onestroke::Spec> {
 public:
  using Cell = solvers::onestroke::Cell;
  OnestrokeLevel(State start, int variant);
  Style style() const override;
  void draw(cv::Mat& canvas) const override;
  Response press(cv::Point2d p) override;
  Response drag(cv::Point2d p) override;
  Response release(cv::Point2d p) override;
  bool cleared() const override { return state_.free_count() == 0; }
  void restart() override;
  std::vector<Stroke> solution() const override;

  cv::Point2d cell_centre(Cell c) const;
  std::optional<Cell> cell_at(cv::Point2d p) const;

 private:
  std::vector<Cell> path_;  // start first, head last
  bool dragging_ = false;
};

}  // namespace pb::arena
