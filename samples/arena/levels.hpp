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

// What every level holds alike: its game's first and current State (a solver Spec's), the look it is
// drawn in, and its board text by the game's own format().
template <class Spec, Game kGame>
class GameLevel : public Level {
 public:
  using State = typename Spec::State;
  GameLevel(State start, int variant) : start_(start), state_(std::move(start)), variant_(variant) {}
  Game game() const override { return kGame; }
  std::string board_text() const override { return Spec::format(state_); }
  const State& state() const { return state_; }

 protected:
  State start_, state_;
  int variant_;
};

// One-stroke: press on the cat, drag through neighbouring cells; each cell entered extends the path
// if the rules allow it (a straight run over several free cells in one motion is taken cell by cell).
class OnestrokeLevel final : public GameLevel<solvers::onestroke::Spec, Game::kOnestroke> {
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

// Knight's tour: click squares in order; the first click places the knight (on the start ring when the
// level has one), each next click must be a knight's move to an unvisited square.
class KnightLevel final : public GameLevel<solvers::knight::Spec, Game::kKnight> {
 public:
  using Cell = solvers::knight::Cell;
  using GameLevel::GameLevel;
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

// Valves: click a valve wheel to close it (one wrench each); water is drawn where it still flows from
// the inlet; cleared when none reaches the outlet. Out of wrenches with water still through: stuck.
class ValvesLevel final : public GameLevel<solvers::valves::Spec, Game::kValves> {
 public:
  // `positions`: where each node (index as in state.names) is drawn, as fractions of the area.
  ValvesLevel(State start, std::vector<cv::Point2d> positions, int variant);
  Style style() const override;
  void draw(cv::Mat& canvas) const override;
  Response press(cv::Point2d p) override;
  bool cleared() const override;
  bool stuck() const override;
  void restart() override;
  std::vector<Stroke> solution() const override;

  cv::Point2d node_centre(int node) const;  // canvas px
  double wheel_radius() const;              // px
  std::vector<bool> wet() const;            // per node: water reaches it

 private:
  std::vector<cv::Point2d> positions_;
};

// Tower of Hanoi: drag the top disk from one peg to another, or click the source peg then the target.
class HanoiLevel final : public GameLevel<solvers::hanoi::Spec, Game::kHanoi> {
 public:
  using GameLevel::GameLevel;
  Style style() const override;
  void draw(cv::Mat& canvas) const override;
  Response press(cv::Point2d p) override;
  Response drag(cv::Point2d p) override;
  Response release(cv::Point2d p) override;
  bool cleared() const override;
  void restart() override;
  std::vector<Stroke> solution() const override;

  cv::Point2d peg_point(int peg) const;  // halfway up the peg's rod
  std::optional<int> picked() const { return picked_; }

 private:
  Response move(int from, int to);
  std::optional<int> picked_;
  std::optional<cv::Point2d> drag_;
};

// River crossing: click a figure on the boat's bank to board it (up to the boat's capacity), a figure in
// the boat to land it again, the boat to cross. A crossing the rules forbid is refused with the rule's
// message and nothing moves (the player unloads and tries again): no "you lose" screen, so a bot that
// misreads one frame is told why instead of losing the level.
class RiverLevel final : public GameLevel<solvers::river::Spec, Game::kRiver> {
 public:
  using GameLevel::GameLevel;
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

namespace pb::arena {

// Level generators (one per game, in its level file): solvable by construction or checked with the
// game's solver. `rng_seed` already mixes the session seed, the game and the level number.
std::unique_ptr<Level> make_onestroke_level(int number, std::uint64_t rng_seed, int variant);
std::unique_ptr<Level> make_knight_level(int number, std::uint64_t rng_seed, int variant);
std::unique_ptr<Level> make_valves_level(int number, std::uint64_t rng_seed, int variant);
std::unique_ptr<Level> make_hanoi_level(int number, std::uint64_t rng_seed, int variant);
std::unique_ptr<Level> make_river_level(int number, std::uint64_t rng_seed, int variant);

}  // namespace pb::arena
