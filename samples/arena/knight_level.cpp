/* knight_level.cpp: the arena's knight's tour: click squares in order; drawn by vision/knight/render. */
#include <algorithm>
#include <opencv2/core.hpp>

#include "samples/arena/knight_level.hpp"
#include "solvers/knight/knight.hpp"
#include "vision/knight/render.hpp"

namespace pb::arena {
namespace {

namespace kt = solvers::knight;

vision::knight::RenderStyle look(int variant) {
  return vision::knight::style_variant(static_cast<std::uint64_t>(variant));
}

}  // namespace

Style KnightLevel::style() const {
  const auto k = look(variant_);
  return {k.background, k.grid, k.ring, k.font};
}

void KnightLevel::draw(cv::Mat& canvas) const { vision::knight::draw(canvas, area_, state_, look(variant_), tour_); }

cv::Point2d KnightLevel::square_centre(Cell c) const {
  return vision::knight::layout(state_, area_, look(variant_)).centre(c);
}

Response KnightLevel::press(cv::Point2d p) {
  const auto cell = vision::knight::layout(state_, area_, look(variant_)).cell_at(p);
  if (!cell) return {};
  auto next = kt::apply(state_, *cell);
  if (!next) return {false, false, next.error().message};
  state_ = std::move(*next);
  tour_.push_back(*cell);
  ++moves_;
  return {true, true, {}};
}

void KnightLevel::restart() {
  LevelOf::restart();
  tour_.clear();
}

std::vector<Stroke> KnightLevel::solution() const {
  // The solver wants a board before the first move: the text form turns visited squares into removed
  // ones and the knight into the start, which is the same problem for an open tour.
  auto board = solvers::split_text_board(kt::format(state_), "<arena>", true);
  if (!board) return {};
  auto from = kt::parse(*board);
  if (!from) return {};
  solvers::Limits limits = solvers::Limits::with_timeout(std::chrono::milliseconds(2000));
  const kt::Solution sol = kt::solve(*from, limits);
  if (sol.status != solvers::Status::kSolved) return {};
  std::vector<Stroke> out;
  for (std::size_t i = state_.knight ? 1 : 0; i < sol.tour.size(); ++i) out.push_back({{square_centre(sol.tour[i])}});
  return out;
}

static std::unique_ptr<Level> make_knight_level(int number, std::uint64_t rng_seed, int variant) {
  cv::RNG rng(rng_seed);
  const int base = std::min(8, 5 + (number - 1) / 2);
  for (int attempt = 0; attempt < 200; ++attempt) {
    KnightLevel::State s;
    s.rows = std::clamp(base + rng.uniform(-1, 2), 5, 8);
    s.cols = std::clamp(base + rng.uniform(-1, 2), 5, 8);
    s.squares.assign(static_cast<std::size_t>(s.rows * s.cols), kt::Square::kFree);
    const int removed = rng.uniform(0, 4);
    for (int i = 0; i < removed; ++i)
      s.squares[static_cast<std::size_t>(rng.uniform(0, s.rows * s.cols))] = kt::Square::kRemoved;
    if (rng.uniform(0, 2) == 1) {
      const KnightLevel::Cell c{rng.uniform(0, s.rows), rng.uniform(0, s.cols)};
      if (s.at(c) == kt::Square::kFree) s.start = c;
    }
    solvers::Limits limits;
    limits.max_nodes = 200000;
    limits.deadline = solvers::Limits::Clock::now() + std::chrono::milliseconds(500);
    if (kt::solve(s, limits).status == solvers::Status::kSolved) return std::make_unique<KnightLevel>(s, variant);
  }
  // Only after 200 unsolvable draws: a full 6x6 board with a free start, which has open tours.
  KnightLevel::State s;
  s.rows = s.cols = 6;
  s.squares.assign(36, kt::Square::kFree);
  return std::make_unique<KnightLevel>(s, variant);
}

// The arena's list (samples/arena/CMakeLists.txt, from PB_GAMES) names this entry.
extern const GameEntry knight_game{"knight", "knight's tour", 1, &make_knight_level};

}  // namespace pb::arena
