/* valves_level.cpp: the arena's valves: a pipe network with lettered valve wheels; click a wheel to close it. */
#include <algorithm>
#include <cmath>
#include <numeric>
#include <opencv2/imgproc.hpp>

#include "samples/arena/valves_level.hpp"
#include "solvers/common/text_board.hpp"
#include "solvers/valves/valves.hpp"

// How a level is drawn (what a valves reader sees): pipes are thick straight lines between node
// centres; a pipe that crosses an earlier-drawn one without joining it jumps over it with a
// semicircular hop; pipes carrying water have a water-coloured core. Valves are spoked wheels with a
// letter (A..K) on a page-coloured tag above-right of the wheel; a closed valve's wheel is drawn in the
// closed colour with a bar across. The inlet X and the outlet Y are squares with their letter inside.
// The wrench count is the text "wrenches: used/k" at the area's top-left.
//
// Rejected: curved pipes routed around nodes (nicer, but a reader would then need curve tracing for
// nothing the puzzle needs); letters inside the wheels (the spokes cut through the glyphs).

namespace pb::arena {
namespace {

namespace vl = solvers::valves;

double dist(cv::Point2d a, cv::Point2d b) { return std::hypot(a.x - b.x, a.y - b.y); }

// Where segments ab and cd cross (strictly inside both), if they do.
std::optional<cv::Point2d> crossing(cv::Point2d a, cv::Point2d b, cv::Point2d c, cv::Point2d d) {
  const cv::Point2d r = b - a, s = d - c;
  const double den = r.x * s.y - r.y * s.x;
  if (std::abs(den) < 1e-9) return std::nullopt;
  const cv::Point2d ca = c - a;
  const double t = (ca.x * s.y - ca.y * s.x) / den, u = (ca.x * r.y - ca.y * r.x) / den;
  if (t <= 0.02 || t >= 0.98 || u <= 0.02 || u >= 0.98) return std::nullopt;
  return a + t * r;
}

cv::Point ip(cv::Point2d p) { return {static_cast<int>(std::lround(p.x)), static_cast<int>(std::lround(p.y))}; }

void text_centred(cv::Mat& img, const std::string& text, cv::Point2d c, double height, int font,
                  const cv::Scalar& colour) {
  int base = 0;
  const cv::Size unit = cv::getTextSize(text, font, 1.0, 1, &base);
  const double scale = height / std::max(1, unit.height);
  const int thick = std::max(1, static_cast<int>(height / 8));
  const cv::Size sz = cv::getTextSize(text, font, scale, thick, &base);
  cv::putText(img, text, ip({c.x - sz.width / 2.0, c.y + sz.height / 2.0}), font, scale, colour, thick, cv::LINE_AA);
}

}  // namespace

ValvesStyle valves_style(int variant) {
  ValvesStyle s{{236, 236, 236}, {120, 120, 120}, {230, 150, 40}, {40, 110, 40}, {40, 40, 200}, {30, 30, 30}, {90, 60, 30}};
  if (variant == 0) return s;
  cv::RNG rng(0x76616c766573ull ^ (static_cast<std::uint64_t>(variant) * 0x9e3779b97f4a7c15ull));
  const int g = rng.uniform(205, 256);
  s.page = {static_cast<double>(g), static_cast<double>(rng.uniform(205, 256)), static_cast<double>(rng.uniform(205, 256))};
  s.pipe = {static_cast<double>(rng.uniform(90, 160)), static_cast<double>(rng.uniform(90, 160)), static_cast<double>(rng.uniform(90, 160))};
  s.water = {static_cast<double>(rng.uniform(200, 256)), static_cast<double>(rng.uniform(100, 200)), static_cast<double>(rng.uniform(0, 80))};
  s.wheel = {static_cast<double>(rng.uniform(0, 90)), static_cast<double>(rng.uniform(60, 140)), static_cast<double>(rng.uniform(0, 90))};
  s.closed = {static_cast<double>(rng.uniform(0, 70)), static_cast<double>(rng.uniform(0, 70)), static_cast<double>(rng.uniform(170, 256))};
  s.letter = {static_cast<double>(rng.uniform(0, 60)), static_cast<double>(rng.uniform(0, 60)), static_cast<double>(rng.uniform(0, 60))};
  s.tank = {static_cast<double>(rng.uniform(40, 120)), static_cast<double>(rng.uniform(40, 100)), static_cast<double>(rng.uniform(20, 60))};
  s.pipe_px = rng.uniform(4, 11);
  static constexpr int kFonts[] = {cv::FONT_HERSHEY_SIMPLEX, cv::FONT_HERSHEY_DUPLEX, cv::FONT_HERSHEY_COMPLEX,
                                   cv::FONT_HERSHEY_TRIPLEX};
  s.font = kFonts[variant % 4];
  return s;
}

ValvesLevel::ValvesLevel(State start, std::vector<cv::Point2d> positions, int variant)
    : LevelOf(std::move(start), variant), positions_(std::move(positions)) {}

Style ValvesLevel::style() const {
  const ValvesStyle v = valves_style(variant_);
  return {v.page, v.letter, v.wheel, v.font};
}

cv::Point2d ValvesLevel::node_centre(int node) const {
  const cv::Point2d f = positions_[static_cast<std::size_t>(node)];
  return {area_.x + f.x * area_.width, area_.y + f.y * area_.height};
}

double ValvesLevel::wheel_radius() const { return std::max(9.0, 0.045 * std::min(area_.width, area_.height)); }

std::vector<bool> ValvesLevel::wet() const {
  std::vector<bool> seen(state_.names.size(), false);
  std::vector<int> todo{state_.inlet};
  seen[static_cast<std::size_t>(state_.inlet)] = true;
  while (!todo.empty()) {
    const int v = todo.back();
    todo.pop_back();
    for (int i = state_.graph.offset[static_cast<std::size_t>(v)]; i < state_.graph.offset[static_cast<std::size_t>(v) + 1]; ++i) {
      const int w = state_.graph.adj[static_cast<std::size_t>(i)];
      if (seen[static_cast<std::size_t>(w)] || state_.closed[static_cast<std::size_t>(w)]) continue;
      seen[static_cast<std::size_t>(w)] = true;
      todo.push_back(w);
    }
  }
  return seen;
}

bool ValvesLevel::cleared() const { return !vl::connected(state_.graph, state_.inlet, state_.outlet, state_.closed); }
bool ValvesLevel::stuck() const { return !cleared() && state_.closed_count() >= state_.wrenches; }

void ValvesLevel::draw(cv::Mat& canvas) const {
  const ValvesStyle st = valves_style(variant_);
  const std::vector<bool> w = wet();
  const double r = wheel_radius();
  const int px = std::max(2, static_cast<int>(std::lround(st.pipe_px * std::min(area_.width, area_.height) / 500.0)));
  const double hop = std::max(r * 0.6, px * 2.5);
  // Pipes, each broken by hops over the pipes drawn before it.
  for (std::size_t i = 0; i < state_.pipes.size(); ++i) {
    const auto [a, b] = state_.pipes[i];
    const cv::Point2d pa = node_centre(a), pb = node_centre(b);
    const double len = dist(pa, pb);
    if (len < 1) continue;
    const cv::Point2d d = (pb - pa) / len;
    cv::Point2d n(d.y, -d.x);
    if (n.y > 0 || (n.y == 0 && n.x < 0)) n = -n;  // hops bulge upwards
    std::vector<double> cuts;  // distances along the pipe of its crossings
    for (std::size_t j = 0; j < i; ++j) {
      const auto [c, e] = state_.pipes[j];
      if (c == a || c == b || e == a || e == b) continue;
      if (auto x = crossing(pa, pb, node_centre(c), node_centre(e))) cuts.push_back(dist(pa, *x));
    }
    std::sort(cuts.begin(), cuts.end());
    const bool wet_pipe = (w[static_cast<std::size_t>(a)] && !state_.closed[static_cast<std::size_t>(a)]) ||
                          (w[static_cast<std::size_t>(b)] && !state_.closed[static_cast<std::size_t>(b)]);
    std::vector<std::vector<cv::Point>> runs(1);
    runs.back().push_back(ip(pa));
    for (double t : cuts) {
      runs.back().push_back(ip(pa + d * (t - hop)));
      for (int k = 0; k <= 12; ++k) {  // the semicircle over the crossing
        const double ang = CV_PI * k / 12;
        runs.back().push_back(ip(pa + d * (t - hop * std::cos(ang)) + n * (hop * std::sin(ang))));
      }
    }
    runs.back().push_back(ip(pb));
    for (const auto& run : runs) {
      cv::polylines(canvas, run, false, st.pipe, px, cv::LINE_AA);
      if (wet_pipe) cv::polylines(canvas, run, false, st.water, std::max(1, px / 2), cv::LINE_AA);
    }
  }
  // Nodes.
  for (std::size_t v = 0; v < state_.names.size(); ++v) {
    const cv::Point2d c = node_centre(static_cast<int>(v));
    const bool end = static_cast<int>(v) == state_.inlet || static_cast<int>(v) == state_.outlet;
    if (end) {
      const cv::Rect box(ip({c.x - r * 1.1, c.y - r * 1.1}), cv::Size(static_cast<int>(r * 2.2), static_cast<int>(r * 2.2)));
      cv::rectangle(canvas, box, st.tank, cv::FILLED);
      text_centred(canvas, state_.names[v], c, r * 0.9, st.font, st.page);
      continue;
    }
    const bool closed = state_.closed[v];
    const cv::Scalar colour = closed ? st.closed : st.wheel;
    cv::circle(canvas, ip(c), static_cast<int>(r * 0.9), st.page, cv::FILLED, cv::LINE_AA);
    cv::circle(canvas, ip(c), static_cast<int>(r * 0.8), colour, std::max(2, static_cast<int>(r / 5)), cv::LINE_AA);
    for (int k = 0; k < 3; ++k) {
      const double ang = CV_PI * k / 3 + CV_PI / 6;
      const cv::Point2d s(std::cos(ang) * r * 0.8, std::sin(ang) * r * 0.8);
      cv::line(canvas, ip(c - s), ip(c + s), colour, std::max(1, static_cast<int>(r / 8)), cv::LINE_AA);
    }
    cv::circle(canvas, ip(c), std::max(2, static_cast<int>(r / 5)), colour, cv::FILLED, cv::LINE_AA);
    if (closed) cv::line(canvas, ip({c.x - r, c.y + r}), ip({c.x + r, c.y - r}), st.closed, std::max(2, static_cast<int>(r / 4)), cv::LINE_AA);
    const cv::Point2d tag = c + cv::Point2d(r * 1.35, -r * 1.35);
    cv::rectangle(canvas, cv::Rect(ip(tag - cv::Point2d(r * 0.6, r * 0.6)), cv::Size(static_cast<int>(r * 1.2), static_cast<int>(r * 1.2))),
                  st.page, cv::FILLED);
    text_centred(canvas, state_.names[v], tag, r * 0.85, st.font, st.letter);
  }
  const int th = std::max(12, area_.height / 22);
  text_centred(canvas, "wrenches: " + std::to_string(state_.closed_count()) + "/" + std::to_string(state_.wrenches),
               {area_.x + area_.width * 0.16, area_.y + th * 1.2}, th * 0.7, st.font, st.letter);
}

Response ValvesLevel::press(cv::Point2d p) {
  const double r = wheel_radius();
  for (std::size_t v = 0; v < state_.names.size(); ++v) {
    if (dist(p, node_centre(static_cast<int>(v))) > r * 1.2) continue;
    auto next = vl::apply(state_, static_cast<int>(v));
    if (!next) return {false, false, next.error().message};
    state_ = std::move(*next);
    ++moves_;
    return {true, true, {}};
  }
  return {};
}

std::vector<Stroke> ValvesLevel::solution() const {
  const vl::Solution sol = vl::solve(state_, solvers::Limits::with_timeout(std::chrono::milliseconds(2000)));
  if (sol.status != solvers::Status::kSolved) return {};
  std::vector<Stroke> out;
  for (int v : sol.moves) out.push_back({{node_centre(v)}});
  return out;
}

// A jittered grid of valves between the inlet (left) and the outlet (right); pipes to grid neighbours,
// a few diagonals (which may cross: hops), the inlet to the first column and the outlet to the last.
// k is the minimum cut, so every level needs exactly all its wrenches.
static std::unique_ptr<Level> make_valves_level(int number, std::uint64_t rng_seed, int variant) {
  cv::RNG rng(rng_seed);
  for (;;) {
    const int cols = std::clamp(2 + number / 3 + rng.uniform(0, 2), 2, 4);
    const int rows = std::clamp(2 + rng.uniform(0, 2), 2, 3);
    const int n = std::min(11, rows * cols);
    std::vector<char> letters(11);
    std::iota(letters.begin(), letters.end(), 'A');
    for (int i = 10; i > 0; --i) std::swap(letters[static_cast<std::size_t>(i)], letters[static_cast<std::size_t>(rng.uniform(0, i + 1))]);
    std::vector<std::string> names;
    std::vector<cv::Point2d> pos;
    auto grid = [&](int r, int c) { return r * cols + c; };
    for (int r = 0; r < rows; ++r)
      for (int c = 0; c < cols; ++c) {
        names.emplace_back(1, letters[static_cast<std::size_t>(grid(r, c) % 11)]);
        pos.push_back({0.24 + 0.52 * (cols == 1 ? 0.5 : static_cast<double>(c) / (cols - 1)) + rng.uniform(-0.04, 0.04),
                       0.22 + 0.6 * (rows == 1 ? 0.5 : static_cast<double>(r) / (rows - 1)) + rng.uniform(-0.05, 0.05)});
      }
    if (rows * cols > n) continue;  // more than 11 valves: draw again
    std::vector<std::pair<int, int>> pipes;
    const int inlet = rows * cols, outlet = inlet + 1;
    for (int r = 0; r < rows; ++r)
      for (int c = 0; c < cols; ++c) {
        if (c + 1 < cols && rng.uniform(0.0, 1.0) < 0.75) pipes.push_back({grid(r, c), grid(r, c + 1)});
        if (r + 1 < rows && rng.uniform(0.0, 1.0) < 0.55) pipes.push_back({grid(r, c), grid(r + 1, c)});
        if (r + 1 < rows && c + 1 < cols && rng.uniform(0.0, 1.0) < 0.25) pipes.push_back({grid(r, c), grid(r + 1, c + 1)});
        if (r + 1 < rows && c > 0 && rng.uniform(0.0, 1.0) < 0.2) pipes.push_back({grid(r, c), grid(r + 1, c - 1)});
      }
    for (int r = 0; r < rows; ++r) {
      if (rng.uniform(0.0, 1.0) < 0.7) pipes.push_back({inlet, grid(r, 0)});
      if (rng.uniform(0.0, 1.0) < 0.7) pipes.push_back({grid(r, cols - 1), outlet});
    }
    // Shuffled, so the inlet's pipes are not always drawn (and written) first.
    for (std::size_t i = pipes.size(); i > 1; --i) std::swap(pipes[i - 1], pipes[static_cast<std::size_t>(rng.uniform(0, static_cast<int>(i)))]);
    std::string text = "valves k=11 inlet=X outlet=Y\n";
    auto name = [&](int v) { return v == inlet ? std::string("X") : v == outlet ? std::string("Y") : names[static_cast<std::size_t>(v)]; };
    for (auto [a, b] : pipes) text += name(a) + " " + name(b) + "\n";
    auto board = solvers::split_text_board(text, "<arena>", true);
    if (!board) continue;
    auto state = vl::parse(*board);
    if (!state || !vl::connected(state->graph, state->inlet, state->outlet, state->closed)) continue;
    const vl::Solution sol = vl::solve(*state, solvers::Limits{});
    // Past the first levels a single valve must not do: at least two wrenches (three from level 8).
    const int want = std::min(rows, number < 2 ? 1 : number < 8 ? 2 : 3);
    if (sol.status != solvers::Status::kSolved || sol.min_valves < want) continue;
    state->wrenches = sol.min_valves;
    // Positions by the parsed node order (names in order of first appearance).
    std::vector<cv::Point2d> where;
    for (const std::string& nm : state->names) {
      if (nm == "X") where.push_back({0.07, 0.5});
      else if (nm == "Y") where.push_back({0.93, 0.5});
      else where.push_back(pos[static_cast<std::size_t>(std::find(names.begin(), names.end(), nm) - names.begin())]);
    }
    return std::make_unique<ValvesLevel>(std::move(*state), std::move(where), variant);
  }
}

// The arena's list (samples/arena/CMakeLists.txt, from PB_GAMES) names this entry.
extern const GameEntry valves_game{"valves", "valves", 2, &make_valves_level};

}  // namespace pb::arena
