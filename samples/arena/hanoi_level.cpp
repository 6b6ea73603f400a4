/* hanoi_level.cpp: the arena's Tower of Hanoi: drag a top disk, or click source then target rod. */
#include <algorithm>

#include "samples/arena/hanoi_level.hpp"
#include "solvers/hanoi/hanoi.hpp"
#include "vision/hanoi/render.hpp"

namespace pb::arena {
namespace {

namespace th = solvers::hanoi;

vision::hanoi::RenderStyle look(int variant) { return vision::hanoi::style_variant(static_cast<std::uint64_t>(variant)); }

}  // namespace

Style HanoiLevel::style() const {
  const auto h = look(variant_);
  return {h.background, h.base, h.marker, h.font};
}

bool HanoiLevel::cleared() const {
  return std::all_of(state_.config.begin(), state_.config.end(), [&](std::uint8_t p) { return p == state_.goal; });
}

void HanoiLevel::draw(cv::Mat& canvas) const {
  vision::hanoi::draw(canvas, area_, state_, look(variant_), {picked_, drag_});
}

cv::Point2d HanoiLevel::rod_point(int rod) const {
  return vision::hanoi::layout(state_, area_, look(variant_)).rod_point(rod);
}

Response HanoiLevel::move(int from, int to) {
  picked_.reset();
  drag_.reset();
  auto next = th::apply(state_, {from, to});
  if (!next) return {true, false, next.error().message};
  state_ = std::move(*next);
  ++moves_;
  return {true, true, {}};
}

// Press on a rod with nothing picked: pick its top disk and start a drag. Press on another rod with a
// disk picked (the click-click way): move there. Press on the picked rod again: put the disk back.
Response HanoiLevel::press(cv::Point2d p) {
  const auto rod = vision::hanoi::layout(state_, area_, look(variant_)).rod_at(p);
  if (!rod) {
    const bool had = picked_.has_value();
    picked_.reset();
    return {had, false, {}};
  }
  if (picked_ && *picked_ != *rod) return move(*picked_, *rod);
  if (picked_) {
    picked_.reset();
    return {true, false, {}};
  }
  if (state_.top(*rod) < 0) return {false, false, "rod " + std::to_string(*rod + 1) + " is empty"};
  picked_ = *rod;
  drag_ = p;
  return {true, false, {}};
}

Response HanoiLevel::drag(cv::Point2d p) {
  if (!drag_) return {};
  drag_ = p;
  return {true, false, {}};
}

// Release after a drag: drop on the rod under the pointer; released over the same rod (a click), the
// disk stays picked for the click-click way.
Response HanoiLevel::release(cv::Point2d p) {
  if (!drag_ || !picked_) return {};
  drag_.reset();
  const auto rod = vision::hanoi::layout(state_, area_, look(variant_)).rod_at(p);
  if (rod && *rod != *picked_) return move(*picked_, *rod);
  if (!rod) picked_.reset();
  return {true, false, {}};
}

void HanoiLevel::restart() {
  LevelOf::restart();
  picked_.reset();
  drag_.reset();
}

std::vector<Stroke> HanoiLevel::solution() const {
  const th::Solution sol = th::solve(state_, solvers::Limits::with_timeout(std::chrono::milliseconds(2000)));
  if (sol.status != solvers::Status::kSolved) return {};
  std::vector<Stroke> out;
  for (const th::Move& m : sol.moves) out.push_back({{rod_point(m.from), rod_point(m.to)}});
  return out;
}

static std::unique_ptr<Level> make_hanoi_level(int number, std::uint64_t rng_seed, int variant) {
  cv::RNG rng(rng_seed);
  HanoiLevel::State s;
  s.rods = rng.uniform(0, 3) == 0 ? 4 : 3;
  const int disks = std::clamp(3 + (number - 1) / 2 + rng.uniform(0, 2), 3, 6);
  s.goal = rng.uniform(0, s.rods);
  for (;;) {
    s.config.assign(static_cast<std::size_t>(disks), 0);
    for (auto& rod : s.config) rod = static_cast<std::uint8_t>(rng.uniform(0, s.rods));
    const bool done = std::all_of(s.config.begin(), s.config.end(), [&](std::uint8_t p) { return p == s.goal; });
    if (!done) break;
  }
  return std::make_unique<HanoiLevel>(s, variant);
}

// The arena's list (samples/arena/CMakeLists.txt, from PB_GAMES) names this entry.
extern const GameEntry hanoi_game{"hanoi", "tower of hanoi", 3, &make_hanoi_level};

}  // namespace pb::arena
