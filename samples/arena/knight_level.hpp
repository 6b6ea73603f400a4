/* knight_level.hpp: the arena's knight's tour Level, declared here so the tests can reach its typed state and geometry. */
#pragma once

#include <optional>
#include <utility>
#include <vector>

#include "samples/arena/arena.hpp"
#include "solvers/knight/knight.hpp"

namespace pb::arena {

// Knight's tour: click squares in order; the first click places the knight (on the start ring when the
// level has one), each next click must be a knight's move to an unvisited square.
class KnightLevel final : public LevelOf<solvers::knight::Spec> {
 public:
  using Cell = solvers::knight::Cell;
  using LevelOf::LevelOf;
  Style style() const override;
  void draw(cv::Mat& canvas) const override;
  Response press(cv::Point2d p) override;
  bool cleared() const override { return state_.knight && state_.free_count() == 0; }
  void restart() override;
  std::vector<Stroke> solution() const override;

  const std::vector<Cell>& tour() const { return tour_; }
  cv::Point2d square_centre(Cell c) const;

 private:
  std::vector<Cell> tour_;
};

}  // namespace pb::arena
