/* play_players.hpp: typed Players: a game's reading and its Rules (solvers/<game>/rules.hpp) behind the loop's Player. */
#pragma once

// GamePlayer<Rules> holds everything that is the same for every game (current reading, plan,
// predicted boards); the game's Rules struct, beside its solver (solvers/<game>/rules.hpp; what it
// gives is in solvers/common/play_rules.hpp), says what differs, with no pixels: a move as a
// player's input names places (cells, pegs, figures), and the reading says where each place is.
//
// The reader is a function given at construction, so tests can feed synthetic frames and the app
// can plug in the vision readers (and their Params from a profile).
//
// Rejected: a virtual method per game on Player (every game would repeat the plan bookkeeping); a
// type-erased Puzzle from the solver registry (its moves are JSON text, not something to act on).

#include <algorithm>
#include <cmath>
#include <functional>
#include <opencv2/core.hpp>
#include <type_traits>
#include <utility>

#include "app/play.hpp"
#include "solvers/common/play_rules.hpp"
#include "vision/common/cell_diff.hpp"

namespace pb::app {

// A board read off a frame: the state and where each of the Rules' places is (frame pixels).
template <class State>
struct PlayReading {
  State state;
  std::vector<cv::Point2f> centres;
  calibration::Size frame;  // the size of the frame the centres refer to
};

// A move as a player's input (the Rules') placed on the frame: each place at its centre.
Result<FrameGesture> place_input(const solvers::MoveInput& input, const std::vector<cv::Point2f>& centres,
                                 calibration::Size frame);

template <class P>
class PixelStepsOf;
struct NoPixelSteps {};

// Every GamePlayer can print its plan (PlanAsMoves, moves when Rules has moves_json), see a won
// board covered (EndScreen) and tell its levels apart (SameLevel, when Rules has same_level); it
// checks steps on pixels (PixelSteps) only when Rules::kConfirmByPixels (its pictures just swap).
template <class Rules>
class GamePlayer : public Player,
                   public PlanAsMoves,
                   public EndScreen,
                   public SameLevel,
                   public std::conditional_t<Rules::kConfirmByPixels, PixelStepsOf<GamePlayer<Rules>>, NoPixelSteps> {
 public:
  using State = typename Rules::State;
  using Move = typename Rules::Move;
  using Reading = PlayReading<State>;
  using ReadFn = std::function<Result<Reading>(const cv::Mat&)>;

  explicit GamePlayer(ReadFn read) : read_(std::move(read)) {}

  std::string_view game() const override { return Rules::kName; }

  Result<void> read(const cv::Mat& bgr) override {
    auto got = read_(bgr);
    if (!got) return got.error();
    reading_ = std::move(*got);
    reading_.frame = {bgr.cols, bgr.rows};
    have_ = true;
    return {};
  }
  bool solved() const override { return have_ && Rules::is_goal(reading_.state); }
  std::string plan_moves_json() const override {
    if constexpr (requires { Rules::moves_json(plan_start_, moves_); }) {
      return Rules::moves_json(plan_start_, moves_);
    } else {
      return {};
    }
  }
  std::string plan_board_text() const override { return board_text(); }
  std::string board_text() const override { return have_ ? Rules::format(reading_.state) : std::string(); }

  PlanOutcome plan(const solvers::Limits& limits) override {
    moves_.clear();
    predicted_.clear();
    PlanOutcome out;
    auto solution = Rules::solve(reading_.state, limits);
    out.status = solution.status;
    out.reason = solution.reason;
    out.nodes = solution.nodes;
    if (solution.status != solvers::Status::kSolved) return out;
    State s = reading_.state;
    for (const Move& m : solution.moves) {
      auto next = Rules::apply(s, m);
      if (!next) {  // a solver bug: never act on a plan that does not replay
        out.status = solvers::Status::kGaveUp;
        out.reason = "the solver's plan does not replay (" + next.error().message + "): not acting on it";
        moves_.clear();
        predicted_.clear();
        return out;
      }
      moves_.push_back(m);
      predicted_.push_back(*next);
      s = std::move(*next);
    }
    plan_start_ = reading_.state;
    out.moves = moves_.size();
    return out;
  }

  Result<FrameGesture> gesture(std::size_t i) const override {
    if (i >= moves_.size()) return make_error("no planned step " + std::to_string(i));
    const State& before = i == 0 ? plan_start_ : predicted_[i - 1];
    auto input = Rules::input(reading_.state, reading_.centres.size(), before, moves_[i]);
    if (!input) return input.error();
    return place_input(*input, reading_.centres, reading_.frame);
  }

  bool matches_after(std::size_t i) const override {
    if (!have_) return false;
    if (i == kBeforePlan) return reading_.state == plan_start_;
    return i < predicted_.size() && reading_.state == predicted_[i];
  }

  bool finished_after(std::size_t i) const override { return i < predicted_.size() && Rules::is_goal(predicted_[i]); }

  bool same_level_as_plan() const override {
    if constexpr (requires(const State& a) { Rules::same_level(a, a); }) {
      return have_ && Rules::same_level(plan_start_, reading_.state);
    } else {
      return true;
    }
  }

  const Reading& reading() const { return reading_; }
  const std::vector<Move>& moves() const { return moves_; }

 private:
  friend class PixelStepsOf<GamePlayer>;

  // PixelSteps (PixelStepsOf below), for Rules whose kConfirmByPixels.
  std::vector<cv::Rect> cells_of_step(std::size_t i) const {
    if (!have_ || i >= moves_.size() || reading_.centres.size() < 2) return {};
    // The square cells_match compares around each centre: a fraction of the pitch, the smallest
    // distance between two centres.
    double pitch2 = -1;
    const auto& c = reading_.centres;
    for (std::size_t a = 0; a < c.size(); ++a)
      for (std::size_t b = a + 1; b < c.size(); ++b) {
        const cv::Point2f d = c[a] - c[b];
        const double d2 = static_cast<double>(d.x) * d.x + static_cast<double>(d.y) * d.y;
        if (d2 > 0 && (pitch2 < 0 || d2 < pitch2)) pitch2 = d2;
      }
    if (pitch2 <= 0) return {};
    const int side = std::max(1, static_cast<int>(std::lround(std::sqrt(pitch2) * vision::CellDiffParams{}.square)));
    std::vector<cv::Rect> out;
    for (auto [to, from_cell] : Rules::moved_cells(i == 0 ? plan_start_ : predicted_[i - 1], moves_[i]))
      for (int cell : {to, from_cell}) {
        if (cell < 0 || static_cast<std::size_t>(cell) >= c.size()) return {};
        const cv::Rect r(static_cast<int>(std::lround(c[static_cast<std::size_t>(cell)].x)) - side / 2,
                         static_cast<int>(std::lround(c[static_cast<std::size_t>(cell)].y)) - side / 2, side, side);
        if (std::find(out.begin(), out.end(), r) == out.end()) out.push_back(r);
      }
    return out;
  }

  bool shown_after_steps(const cv::Mat& anchor, std::size_t a, const cv::Mat& frame, std::size_t i, bool i_moving) {
    if (!have_ || a > i || i >= moves_.size()) return false;
    if (!(reading_.state == (a == 0 ? plan_start_ : predicted_[a - 1]))) return false;  // anchor is not step a's start
    // source[c]: the anchor cell whose picture cell c shows after the steps composed so far.
    std::vector<int> source(reading_.centres.size());
    for (std::size_t c = 0; c < source.size(); ++c) source[c] = static_cast<int>(c);
    auto valid = [&](int c) { return c >= 0 && static_cast<std::size_t>(c) < source.size(); };
    for (std::size_t j = a; j <= i; ++j) {
      const auto cells = Rules::moved_cells(j == 0 ? plan_start_ : predicted_[j - 1], moves_[j]);
      if (j == i && i_moving) {
        // Step i's cells are in motion: not compared, but one must have left its picture.
        std::vector<int> one(source.size(), -1);
        bool left = false;
        for (auto [to, from_cell] : cells) {
          if (!valid(to) || !valid(from_cell)) return false;
          one[static_cast<std::size_t>(to)] = source[static_cast<std::size_t>(to)];
          left = left || !vision::cells_match(anchor, frame, reading_.centres, one);
          one[static_cast<std::size_t>(to)] = -1;
        }
        for (auto [to, from_cell] : cells) source[static_cast<std::size_t>(to)] = -1;
        return left && vision::cells_match(anchor, frame, reading_.centres, source);
      }
      std::vector<int> next = source;
      for (auto [to, from_cell] : cells) {
        if (!valid(to) || !valid(from_cell)) return false;
        next[static_cast<std::size_t>(to)] = source[static_cast<std::size_t>(from_cell)];
      }
      source = std::move(next);
    }
    if (!vision::cells_match(anchor, frame, reading_.centres, source)) return false;
    reading_.state = predicted_[i];
    return true;
  }

  bool confirm_cells(const cv::Mat& before, const cv::Mat& after, std::size_t i) {
    if (!have_ || i >= moves_.size()) return false;
    const State& from = i == 0 ? plan_start_ : predicted_[i - 1];
    if (!(reading_.state == from)) return false;  // `before` is not the board this step starts from
    std::vector<int> source(reading_.centres.size());
    for (std::size_t c = 0; c < source.size(); ++c) source[c] = static_cast<int>(c);
    for (auto [to, from_cell] : Rules::moved_cells(from, moves_[i])) {
      if (to < 0 || from_cell < 0 || static_cast<std::size_t>(to) >= source.size() ||
          static_cast<std::size_t>(from_cell) >= source.size())
        return false;
      source[static_cast<std::size_t>(to)] = from_cell;
    }
    if (!vision::cells_match(before, after, reading_.centres, source)) return false;
    reading_.state = predicted_[i];
    return true;
  }

  ReadFn read_;
  Reading reading_;
  bool have_ = false;
  State plan_start_;
  std::vector<Move> moves_;
  std::vector<State> predicted_;  // predicted_[i]: the board after moves_[0..i]
};

// GamePlayer<Rules>'s PixelSteps, when Rules::kConfirmByPixels.
template <class P>
class PixelStepsOf : public PixelSteps {
 public:
  bool confirm_by_pixels(const cv::Mat& before, const cv::Mat& after, std::size_t i) override {
    return self().confirm_cells(before, after, i);
  }
  std::vector<cv::Rect> step_cells(std::size_t i) const override { return self().cells_of_step(i); }
  bool steps_shown(const cv::Mat& anchor, std::size_t a, const cv::Mat& frame, std::size_t i, bool i_moving) override {
    return self().shown_after_steps(anchor, a, frame, i, i_moving);
  }

 private:
  P& self() { return static_cast<P&>(*this); }
  const P& self() const { return static_cast<const P&>(*this); }
};

}  // namespace pb::app
