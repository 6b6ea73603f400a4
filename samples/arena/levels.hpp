/* levels.hpp: the arena's five Level classes, declared here so the tests can reach their typed state and geometry. */
#pragma once

#include <optional>
#include <utility>
#include <vector>

#include "samples/arena/arena.hpp"
#include "solvers/hanoi/hanoi.hpp"
#include "solvers/knight/knight.hpp"
#include "solvers/onestroke/onestroke.hpp"
#include "solvers/river/river.hpp"
#include "solvers/valves/valves.hpp"

namespace pb::arena {

// One-stroke: press on the cat, drag through neighbouring cells; each cell entered extends the path
// if the rules allow it (a straight run over several free cells in one motion is taken cell by cell).
class OnestrokeLevel final : public Level {
 public:
  using State = solvers::onestroke::State;
  using Cell = solvers::onestroke::Cell;
  OnestrokeLevel(State start, int variant);
  std::string board_text() const override;
  Style style() const override;
  void draw(cv::Mat& canvas) const override;
  Response press(cv::Point2d p) override;
  Response drag(cv::Point2d p) override;
  Response release(cv::Point2d p) override;
  bool cleared() const override { return state_.free_count() == 0; }
  void restart() override;
  std::vector<Stroke> solution() const override;

  const State& state() const { return state_; }
  cv::Point2d cell_centre(Cell c) const;
  std::optional<Cell> cell_at(cv::Point2d p) const;

 private:
  State start_, state_;
  std::vector<Cell> path_;  // start first, head last
  bool dragging_ = false;
  int variant_;
};

// Knight's tour: click squares in order; the first click places the knight (on the start ring when the
// level has one), each next click must be a knight's move to an unvisited square.
class KnightLevel final : public Level {
 public:
  using State = solvers::knight::State;
  using Cell = solvers::knight::Cell;
  KnightLevel(State start, int variant);
  std::string board_text() const override;
  Style style() const override;
  void draw(cv::Mat& canvas) const override;
  Response press(cv::Point2d p) override;
  bool cleared() const override { return state_.knight && state_.free_count() == 0; }
  void restart() override;
  std::vector<Stroke> solution() const override;

  const State& state() const { return state_; }
  const std::vector<Cell>& tour() const { return tour_; }
  cv::Point2d square_centre(Cell c) const;

 private:
  State start_, state_;
  std::vector<Cell> tour_;
  int variant_;
};

// Valves: click a valve wheel to close it (one wrench each); water is drawn where it still flows from
// the inlet; cleared when none reaches the outlet. Out of wrenches with water still through: stuck.
class ValvesLevel final : public Level {
 public:
  using State = solvers::valves::State;
  // `positions`: where each node (index as in state.names) is drawn, as fractions of the area.
  ValvesLevel(State start, std::vector<cv::Point2d> positions, int variant);
  std::string board_text() const override;
  Style style() const override;
  void draw(cv::Mat& canvas) const override;
  Response press(cv::Point2d p) override;
  bool cleared() const override;
  bool stuck() const override;
  void restart() override;
  std::vector<Stroke> solution() const override;

  const State& state() const { return state_; }
  cv::Point2d node_centre(int node) const;  // canvas px
  double wheel_radius() const;              // px
  std::vector<bool> wet() const;            // per node: water reaches it

 private:
  State start_, state_;
  std::vector<cv::Point2d> positions_;
  int variant_;
};

// Tower of Hanoi: drag the top disk from one peg to another, or click the source peg then the target.
class HanoiLevel final : public Level {
 public:
  using State = solvers::hanoi::State;
  HanoiLevel(State start, int variant);
  std::string board_text() const override;
  Style style() const override;
  void draw(cv::Mat& canvas) const override;
  Response press(cv::Point2d p) override;
  Response drag(cv::Point2d p) override;
  Response release(cv::Point2d p) override;
  bool cleared() const override;
  void restart() override;
  std::vector<Stroke> solution() const override;

  const State& state() const { return state_; }
  cv::Point2d peg_point(int peg) const;  // halfway up the peg's rod
  std::optional<int> picked() const { return picked_; }

 private:
  Response move(int from, int to);
  State start_, state_;
  std::optional<int> picked_;
  std::optional<cv::Point2d> drag_;
  int variant_;
};

// River crossing: click a figure on the boat's bank to board it (up to the boat's capacity), a figure in
// the boat to land it again, the boat to cross. A crossing the rules forbid is refused with the rule's
// message and nothing moves (the player unloads and tries again): no "you lose" screen, so a bot that
// misreads one frame is told why instead of losing the level.
class RiverLevel final : public Level {
 public:
  using State = solvers::river::State;
  RiverLevel(State start, int variant);
  std::string board_text() const override;
  Style style() const override;
  void draw(cv::Mat& canvas) const override;
  Response press(cv::Point2d p) override;
  bool cleared() const override { return state_.solved() && boat_ == solvers::river::Move{}; }
  void restart() override;
  std::vector<Stroke> solution() const override;

  const State& state() const { return state_; }
  solvers::river::Move aboard() const { return boat_; }
  // Where figures are drawn. Bank figures: `left` bank, guards (or prisoners), index 0.. from the water
  // outwards, counting only those standing on the bank (not in the boat).
  cv::Point2d bank_figure(bool left, bool guard, int index) const;
  cv::Point2d boat_figure(bool guard, int index) const;  // in the boat, guards first
  cv::Point2d boat_centre() const;  // the hull, below the passengers: click here to cross
  double figure_radius() const;

 private:
  State start_, state_;
  solvers::river::Move boat_;  // aboard, still counted on the boat's bank in state_
  int variant_;
};

// The styles of the two games drawn only here (the others' are in vision/<game>/render.hpp).
struct ValvesStyle {
  cv::Scalar page, pipe, water, wheel, closed, letter, tank;
  int pipe_px = 6;
  int font = 0;
};
ValvesStyle valves_style(int variant);

struct RiverStyle {
  cv::Scalar page, water, bank, guard, prisoner, boat, letter;
  int font = 0;
  bool letters = true;  // "G"/"P" on the figures
};
RiverStyle river_style(int variant);

}  // namespace pb::arena
