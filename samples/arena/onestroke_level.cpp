/* onestroke_level.cpp: the arena's one-stroke: drag the cat through the cells; drawn by vision/onestroke/render. */
#include <algorithm>
#include <cmath>
#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

#include "samples/arena/onestroke_level.hpp"
#include "solvers/onestroke/onestroke.hpp"
#include "solvers/onestroke/planted.hpp"
#include "vision/onestroke/render.hpp"

namespace pb::arena {
namespace {

namespace os = solvers::onestroke;

// The phone look in the arena's area: no phone chrome, the page the arena's, colours varied within
// what the phone game shows (near-white page, grey cells, its cat and band palettes).
vision::onestroke::RenderStyle look(int variant, cv::Rect area) {
  vision::onestroke::RenderStyle s;
  s.width = area.width;
  s.height = area.height;
  s.chrome = false;
  s.board_width = 0.9;
  s.board_height = 0.9;
  s.max_pitch = 0.16;
  s.board_centre_y = 0.5;
  if (variant != 0) {
    cv::RNG rng(0x6f6e65ull ^ (static_cast<std::uint64_t>(variant) * 0x9e3779b97f4a7c15ull));
    const int page = rng.uniform(238, 256), cell = rng.uniform(190, 216);
    s.background = {static_cast<double>(page), static_cast<double>(page), static_cast<double>(page)};
    s.cell = {static_cast<double>(cell), static_cast<double>(cell), static_cast<double>(cell)};
    const auto cats = vision::onestroke::cat_palette();
    const auto bands = vision::onestroke::band_palette();
    s.cat = cats[static_cast<std::size_t>(variant) % cats.size()];
    s.band = bands[static_cast<std::size_t>(variant) % bands.size()];
    s.gap = rng.uniform(0.10, 0.15);
    s.corner = rng.uniform(0.08, 0.2);
  }
  return s;
}

}  // namespace

OnestrokeLevel::OnestrokeLevel(State start, int variant) : LevelOf(std::move(start), variant), path_{state_.head} {}

Style OnestrokeLevel::style() const {
  const auto o = look(variant_, area_);
  return {o.background, {60, 60, 60}, o.band, cv::FONT_HERSHEY_SIMPLEX + variant_ % 4};
}

void OnestrokeLevel::draw(cv::Mat& canvas) const {
  const cv::Mat board = vision::onestroke::render(state_, look(variant_, area_), path_);
  board.copyTo(canvas(area_));
}

cv::Point2d OnestrokeLevel::cell_centre(Cell c) const {
  const auto lay = vision::onestroke::layout(state_, look(variant_, area_));
  const cv::Point2d m = lay.centre(c);
  return {m.x + area_.x, m.y + area_.y};
}

std::optional<OnestrokeLevel::Cell> OnestrokeLevel::cell_at(cv::Point2d p) const {
  const auto lay = vision::onestroke::layout(state_, look(variant_, area_));
  const double x = (p.x - area_.x - lay.origin.x) / lay.pitch, y = (p.y - area_.y - lay.origin.y) / lay.pitch;
  const Cell c{static_cast<int>(std::lround(y)), static_cast<int>(std::lround(x))};
  // Inside the cell itself, not in the gap: a drag along a gap must not count.
  if (!state_.inside(c) || std::abs(x - c.col) * lay.pitch > lay.cell / 2 || std::abs(y - c.row) * lay.pitch > lay.cell / 2)
    return std::nullopt;
  return c;
}

Response OnestrokeLevel::press(cv::Point2d p) {
  const auto c = cell_at(p);
  if (!c || !(*c == state_.head)) return {false, false, c && state_.at(*c) != os::Site::kNone ? "drag from the cat" : ""};
  dragging_ = true;
  return {};
}

// Each cell entered extends the path when the rules allow it; a jump along a row or column over free
// cells (a fast pointer) is taken one cell at a time, as the phone game does.
Response OnestrokeLevel::drag(cv::Point2d p) {
  if (!dragging_) return {};
  const auto c = cell_at(p);
  if (!c || *c == state_.head) return {};
  const int dr = c->row - state_.head.row, dc = c->col - state_.head.col;
  if (dr != 0 && dc != 0) return {false, false, "move along a row or a column"};
  const int steps = std::abs(dr) + std::abs(dc);
  Response out;
  for (int i = 0; i < steps; ++i) {
    const Cell next{state_.head.row + (dr > 0) - (dr < 0), state_.head.col + (dc > 0) - (dc < 0)};
    auto moved = os::apply(state_, next);
    if (!moved) {
      out.refusal = moved.error().message;
      break;
    }
    state_ = std::move(*moved);
    path_.push_back(next);
    ++moves_;
    out.changed = out.moved = true;
  }
  return out;
}

Response OnestrokeLevel::release(cv::Point2d p) {
  Response r = drag(p);
  dragging_ = false;
  return r;
}

void OnestrokeLevel::restart() {
  LevelOf::restart();
  path_ = {state_.head};
  dragging_ = false;
}

std::vector<Stroke> OnestrokeLevel::solution() const {
  const os::Solution sol = os::solve(state_, solvers::Limits::with_timeout(std::chrono::milliseconds(2000)));
  if (sol.status != solvers::Status::kSolved) return {};
  // One short drag per step (press on the cat, drag to the next cell) so that --play K stops after K
  // cells; a player may as well drag through all of sol.path in one stroke.
  std::vector<Stroke> out;
  for (std::size_t i = 1; i < sol.path.size(); ++i) out.push_back({{cell_centre(sol.path[i - 1]), cell_centre(sol.path[i])}});
  return out;
}

static std::unique_ptr<Level> make_onestroke_level(int number, std::uint64_t rng_seed, int variant) {
  const int n = std::clamp(4 + (number - 1) / 2, 4, 8);
  // Rows and columns without cells are cut off: on screen nothing shows where they were, so the board
  // text (the readers' ground truth) must not have them either.
  const os::State full = os::planted_board(n, 0.6, rng_seed).state;
  int r0 = full.rows, r1 = -1, c0 = full.cols, c1 = -1;
  for (int r = 0; r < full.rows; ++r)
    for (int c = 0; c < full.cols; ++c)
      if (full.at({r, c}) != os::Site::kNone) r0 = std::min(r0, r), r1 = std::max(r1, r), c0 = std::min(c0, c), c1 = std::max(c1, c);
  os::State s;
  s.rows = r1 - r0 + 1;
  s.cols = c1 - c0 + 1;
  for (int r = r0; r <= r1; ++r)
    for (int c = c0; c <= c1; ++c) s.sites.push_back(full.at({r, c}));
  s.head = {full.head.row - r0, full.head.col - c0};
  return std::make_unique<OnestrokeLevel>(s, variant);
}

// The arena's list (samples/arena/CMakeLists.txt, from PB_GAMES) names this entry.
extern const GameEntry onestroke_game{"onestroke", "one-stroke", 0, &make_onestroke_level};

}  // namespace pb::arena
