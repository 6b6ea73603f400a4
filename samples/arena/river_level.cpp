/* river_level.cpp: the arena's river crossing: click figures to board, the boat to cross. */
#include <algorithm>
#include <cmath>
#include <opencv2/imgproc.hpp>

#include "samples/arena/river_level.hpp"
#include "solvers/river/river.hpp"

// How a level is drawn (what a river reader sees): the area is split into the left bank (0-25% of the
// width), the river (25-75%) and the right bank (75-100%); banks are filled with the bank colour below
// 25% of the height, the river with the water colour. On each bank guards stand in rows at 35% and
// 50% of the height, prisoners at 65% and 80%, three to a row, filled from the water outwards. Guards
// are rounded squares, prisoners discs (shape tells them apart; colours vary by style), each with a
// "G" or "P" unless the style drops letters. The boat is a hull on the water next to its bank with its
// passengers (guards first) sitting on it, moored half a figure off its bank, so the hull's centre is on
// the boat's half of the river. Passengers still count on the boat's bank in the board text.

namespace pb::arena {
namespace {

namespace rv = solvers::river;

cv::Point ip(cv::Point2d p) { return {static_cast<int>(std::lround(p.x)), static_cast<int>(std::lround(p.y))}; }

constexpr int kPerRow = 3;
constexpr double kBank = 0.25;  // width of each bank, fraction of the area width

}  // namespace

RiverStyle river_style(int variant) {
  RiverStyle s{{240, 230, 220}, {200, 150, 60}, {110, 170, 120}, {160, 70, 30}, {40, 110, 230}, {50, 80, 120},
               {250, 250, 250}};
  if (variant == 0) return s;
  cv::RNG rng(0x7269766572ull ^ (static_cast<std::uint64_t>(variant) * 0x9e3779b97f4a7c15ull));
  auto jitter = [&](const cv::Scalar& c, int by) {
    return cv::Scalar(std::clamp(c[0] + rng.uniform(-by, by + 1), 0.0, 255.0), std::clamp(c[1] + rng.uniform(-by, by + 1), 0.0, 255.0),
                      std::clamp(c[2] + rng.uniform(-by, by + 1), 0.0, 255.0));
  };
  s.page = jitter(s.page, 15);
  s.water = jitter(s.water, 40);
  s.bank = jitter(s.bank, 40);
  s.guard = jitter(s.guard, 50);
  s.prisoner = jitter(s.prisoner, 50);
  s.boat = jitter(s.boat, 30);
  static constexpr int kFonts[] = {cv::FONT_HERSHEY_SIMPLEX, cv::FONT_HERSHEY_DUPLEX, cv::FONT_HERSHEY_COMPLEX,
                                   cv::FONT_HERSHEY_TRIPLEX};
  s.font = kFonts[variant % 4];
  s.letters = variant % 3 != 2;
  return s;
}

Style RiverLevel::style() const {
  const RiverStyle r = river_style(variant_);
  return {r.page, {40, 40, 40}, r.boat, r.font};
}

double RiverLevel::figure_radius() const {
  return std::max(6.0, std::min(area_.width * kBank / (2.6 * kPerRow + 1), area_.height * 0.06));
}

cv::Point2d RiverLevel::bank_figure(bool left, bool guard, int index) const {
  const double bank_w = area_.width * kBank, step = bank_w / (kPerRow + 0.5);
  const int row = index / kPerRow, col = index % kPerRow;
  const double from_water = step * (col + 0.75);
  const double x = left ? area_.x + bank_w - from_water : area_.x + area_.width - bank_w + from_water;
  const double y = area_.y + area_.height * ((guard ? 0.35 : 0.65) + 0.15 * row);
  return {x, y};
}

cv::Point2d RiverLevel::boat_centre() const {
  // Moored half a figure off its bank: the hull never covers a figure standing at the water's edge.
  const double r = figure_radius(), half = (state_.boat * 2.3 * r + r) / 2 + 0.6 * r;
  const double x = state_.boat_left ? area_.x + area_.width * kBank + half + 0.5 * r
                                    : area_.x + area_.width * (1 - kBank) - half - 0.5 * r;
  // The middle of the hull, below the passengers' heads (a click there must not land one of them).
  return {x, area_.y + area_.height * 0.62 + figure_radius() * 0.4};
}

cv::Point2d RiverLevel::boat_figure(bool guard, int index) const {
  const int seat = guard ? index : boat_.guards + index;
  const double r = figure_radius();
  const double width = state_.boat * 2.3 * r;
  const cv::Point2d c = boat_centre() - cv::Point2d(0, r * 0.4);
  return {c.x - width / 2 + (seat + 0.5) * 2.3 * r, c.y - r * 1.1};
}

void RiverLevel::draw(cv::Mat& canvas) const {
  const RiverStyle st = river_style(variant_);
  const cv::Rect& a = area_;
  const int top = a.y + static_cast<int>(a.height * 0.25);
  const int bank_w = static_cast<int>(a.width * kBank);
  cv::rectangle(canvas, {a.x, top, bank_w, a.y + a.height - top}, st.bank, cv::FILLED);
  cv::rectangle(canvas, {a.x + a.width - bank_w, top, bank_w, a.y + a.height - top}, st.bank, cv::FILLED);
  cv::rectangle(canvas, {a.x + bank_w, top, a.width - 2 * bank_w, a.y + a.height - top}, st.water, cv::FILLED);
  const double r = figure_radius();
  auto figure = [&](cv::Point2d c, bool guard) {
    if (guard) {
      cv::rectangle(canvas, cv::Rect(ip({c.x - r * 0.85, c.y - r * 0.85}), cv::Size(static_cast<int>(r * 1.7), static_cast<int>(r * 1.7))),
                    st.guard, cv::FILLED, cv::LINE_AA);
    } else {
      cv::circle(canvas, ip(c), static_cast<int>(r), st.prisoner, cv::FILLED, cv::LINE_AA);
    }
    if (!st.letters) return;
    const std::string t = guard ? "G" : "P";
    int base = 0;
    const double scale = r * 0.9 / std::max(1, cv::getTextSize(t, st.font, 1.0, 1, &base).height);
    const cv::Size sz = cv::getTextSize(t, st.font, scale, 1, &base);
    cv::putText(canvas, t, ip({c.x - sz.width / 2.0, c.y + sz.height / 2.0}), st.font, scale, st.letter,
                std::max(1, static_cast<int>(r / 7)), cv::LINE_AA);
  };
  for (int side = 0; side < 2; ++side) {
    const bool left = side == 0;
    int g = left ? state_.left_guards : state_.right_guards();
    int p = left ? state_.left_prisoners : state_.right_prisoners();
    if (left == state_.boat_left) g -= boat_.guards, p -= boat_.prisoners;
    for (int i = 0; i < g; ++i) figure(bank_figure(left, true, i), true);
    for (int i = 0; i < p; ++i) figure(bank_figure(left, false, i), false);
  }
  const cv::Point2d c = boat_centre() - cv::Point2d(0, r * 0.4);
  const double w = state_.boat * 2.3 * r + r;
  std::vector<cv::Point> hull{ip({c.x - w / 2 - r * 0.6, c.y - r * 0.1}), ip({c.x + w / 2 + r * 0.6, c.y - r * 0.1}),
                              ip({c.x + w / 2 - r * 0.3, c.y + r * 0.9}), ip({c.x - w / 2 + r * 0.3, c.y + r * 0.9})};
  cv::fillConvexPoly(canvas, hull, st.boat, cv::LINE_AA);
  for (int i = 0; i < boat_.guards; ++i) figure(boat_figure(true, i), true);
  for (int i = 0; i < boat_.prisoners; ++i) figure(boat_figure(false, i), false);
  const std::string cap = "boat: " + std::to_string(state_.boat);
  int base = 0;
  const double th = std::max(10.0, a.height / 24.0);
  const double scale = th / std::max(1, cv::getTextSize(cap, st.font, 1.0, 1, &base).height);
  cv::putText(canvas, cap, ip({a.x + a.width * 0.42, a.y + a.height * 0.15}), st.font, scale, {40, 40, 40},
              std::max(1, static_cast<int>(th / 10)), cv::LINE_AA);
}

// Passengers first (land them), then figures on the boat's bank (board them), then the hull (cross).
Response RiverLevel::press(cv::Point2d p) {
  const double r = figure_radius();
  auto near = [&](cv::Point2d c) { return std::hypot(p.x - c.x, p.y - c.y) <= r * 1.15; };
  for (int kind = 0; kind < 2; ++kind) {
    const bool guard = kind == 0;
    int& aboard = guard ? boat_.guards : boat_.prisoners;
    for (int i = 0; i < aboard; ++i)
      if (near(boat_figure(guard, i))) {
        --aboard;
        return {true, false, {}};
      }
  }
  for (int side = 0; side < 2; ++side) {
    const bool left = side == 0;
    for (int kind = 0; kind < 2; ++kind) {
      const bool guard = kind == 0;
      int standing = guard ? (left ? state_.left_guards : state_.right_guards())
                           : (left ? state_.left_prisoners : state_.right_prisoners());
      if (left == state_.boat_left) standing -= guard ? boat_.guards : boat_.prisoners;
      for (int i = 0; i < standing; ++i) {
        if (!near(bank_figure(left, guard, i))) continue;
        if (left != state_.boat_left) return {false, false, "the boat is on the other bank"};
        if (boat_.guards + boat_.prisoners >= state_.boat)
          return {false, false, "the boat carries at most " + std::to_string(state_.boat)};
        ++(guard ? boat_.guards : boat_.prisoners);
        return {true, false, {}};
      }
    }
  }
  const cv::Point2d c = boat_centre() - cv::Point2d(0, r * 0.4);
  const double w = state_.boat * 2.3 * r + 2 * r;
  if (std::abs(p.x - c.x) <= w / 2 && p.y >= c.y - r * 2.2 && p.y <= c.y + r * 1.0) {
    auto next = rv::apply(state_, boat_);
    if (!next) return {false, false, next.error().message};
    state_ = std::move(*next);
    boat_ = {};
    ++moves_;
    return {true, true, {}};
  }
  return {};
}

void RiverLevel::restart() {
  LevelOf::restart();
  boat_ = {};
}

std::vector<Stroke> RiverLevel::solution() const {
  if (boat_ != rv::Move{}) return {};  // from an empty boat only
  const rv::Solution sol = rv::solve(state_, solvers::Limits::with_timeout(std::chrono::milliseconds(2000)));
  if (sol.status != solvers::Status::kSolved) return {};
  // Replay on a copy to know where figures stand at each trip (bank slots fill from the water out,
  // so boarding always takes the figure in the highest slot, whose position does not move).
  RiverLevel sim(*this);
  std::vector<Stroke> out;
  // The solver's steps are the taps (solvers/river: boardings, then the crossing); from an empty
  // boat nobody needs landing.
  for (const rv::Step& step : sol.steps) {
    if (step.kind == rv::Step::Kind::kLand) return {};
    const bool left = sim.state_.boat_left;
    const Stroke s = step.kind == rv::Step::Kind::kCross
                         ? Stroke{{sim.boat_centre()}}
                         : Stroke{{sim.bank_figure(left, step.guard, rv::Position{sim.state_, sim.boat_}.standing(left, step.guard) - 1)}};
    out.push_back(s);
    perform(sim, s);
  }
  return out;
}

static std::unique_ptr<Level> make_river_level(int number, std::uint64_t rng_seed, int variant) {
  cv::RNG rng(rng_seed);
  for (int attempt = 0; attempt < 100; ++attempt) {
    RiverLevel::State s;
    s.guards = std::clamp(2 + (number - 1) / 2 + rng.uniform(0, 2), 2, 6);
    s.prisoners = rng.uniform(1, s.guards + 1);
    s.boat = rng.uniform(2, 4);
    s.left_guards = s.guards;
    s.left_prisoners = s.prisoners;
    s.boat_left = true;
    if (rv::solve(s, solvers::Limits{}).status == solvers::Status::kSolved) return std::make_unique<RiverLevel>(s, variant);
  }
  return std::make_unique<RiverLevel>(RiverLevel::State{}, variant);  // 3 guards, 3 prisoners, boat 2: solvable
}

// The arena's list (samples/arena/CMakeLists.txt, from PB_GAMES) names this entry.
extern const GameEntry river_game{"river", "river crossing", 4, &make_river_level};

}  // namespace pb::arena
