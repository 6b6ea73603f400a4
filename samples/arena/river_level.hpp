/* river_level.hpp: the arena's river crossing Level, declared here so the tests can reach its typed state and geometry. */
#pragma once

#include <optional>
#include <utility>
#include <vector>

#include "samples/arena/arena.hpp"
#include "solvers/river/river.hpp"

namespace pb::arena {

// River crossing: click a figure on the boat's bank to board it (up to the boat's capacity), a figure in
// the boat to land it again, the boat to cross. A crossing the rules forbid is refused with the rule's
// message and nothing moves (the player unloads and tries again): no "you lose" screen, so a bot that
// misreads one frame is told why instead of losing the level.
class RiverLevel final : public LevelOf<solvers::river::Spec> {
 public:
  using LevelOf::LevelOf;
  Style style() const override;
  void draw(cv::Mat& canvas) const override;
  Response press(cv::Point2d p) override;
  bool cleared() const override { return state_.solved() && boat_ == solvers::river::Move{}; }
  void restart() override;
  std::vector<Stroke> solution() const override;

  solvers::river::Move aboard() const { return boat_; }
  // Where figures are drawn. Bank figures: `left` bank, guards (or prisoners), index 0.. from the water
  // outwards, counting only those standing on the bank (not in the boat).
  cv::Point2d bank_figure(bool left, bool guard, int index) const;
  cv::Point2d boat_figure(bool guard, int index) const;  // in the boat, guards first
  cv::Point2d boat_centre() const;  // the hull, below the passengers: click here to cross
  double figure_radius() const;

 private:
  solvers::river::Move boat_;  // aboard, still counted on the boat's bank in state_
};

// The river look (drawn only here: river scenes have no renderer under vision/).
struct RiverStyle {
  cv::Scalar page, water, bank, guard, prisoner, boat, letter;
  int font = 0;
  bool letters = true;  // "G"/"P" on the figures
};
RiverStyle river_style(int variant);

}  // namespace pb::arena
