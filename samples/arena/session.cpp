/* session.cpp: the arena's games (from PB_GAMES), making levels, and the Session: levels in a row and the frame around them. */
#include <algorithm>
#include <opencv2/imgproc.hpp>

#include "samples/arena/arena.hpp"
#include "samples/arena/arena_list.inc"  // generated from PB_GAMES (samples/arena/CMakeLists.txt)

namespace pb::arena {
namespace {

constexpr Game kGames[] = {PB_ARENA_LIST};

std::uint64_t mix(std::uint64_t x) {  // splitmix64's finaliser: nearby seeds give unrelated levels
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

void text_line(cv::Mat& img, const std::string& text, int x, int baseline, double height, const Style& s,
               const cv::Scalar& colour) {
  int base = 0;
  const cv::Size unit = cv::getTextSize("Hg", s.font, 1.0, 1, &base);
  const double scale = height / std::max(1, unit.height);
  cv::putText(img, text, {x, baseline}, s.font, scale, colour, std::max(1, static_cast<int>(height / 12)),
              cv::LINE_AA);
}

}  // namespace

std::span<const Game> games() { return kGames; }

Game game_from_name(std::string_view name) {
  for (Game g : kGames)
    if (g->name == name) return g;
  return nullptr;
}

std::string game_names(std::string_view sep) {
  std::string out;
  for (Game g : kGames) out += (out.empty() ? "" : std::string(sep)) + std::string(g->name);
  return out;
}

std::string_view name_of(Game game) { return game->name; }
std::string_view title_of(Game game) { return game->title; }

Result<std::unique_ptr<Level>> make_level(Game game, int number, std::uint64_t seed, int variant) {
  if (game == nullptr) return make_error("no game given: one of " + game_names(", "));
  if (number < 1) return make_error("level numbers start at 1");
  if (variant < 0) return make_error("style variants start at 0");
  const std::uint64_t s = mix(mix(seed) ^ (game->seed_key << 40) ^ static_cast<std::uint64_t>(number));
  return game->make(number, s, variant);
}

std::string perform(Level& level, const Stroke& stroke) {
  std::string refusal;
  if (stroke.points.empty()) return refusal;
  auto note = [&](const Response& r) {
    if (!r.refusal.empty()) refusal = r.refusal;
  };
  note(level.press(stroke.points.front()));
  for (std::size_t i = 1; i < stroke.points.size(); ++i) note(level.drag(stroke.points[i]));
  note(level.release(stroke.points.back()));
  return refusal;
}

Result<Session> Session::create(const SessionOptions& options) {
  if (options.size.width < 200 || options.size.height < 150)
    return make_error("the arena needs at least 200x150 pixels");
  Session s(options);
  if (auto ok = s.load(options.first_level); !ok) return ok.error();
  return s;
}

Result<void> Session::load(int number) {
  auto level = make_level(options_.game, number, options_.seed, options_.variant);
  if (!level) return level.error();
  level_ = std::move(*level);
  level_->set_area(board_area());
  number_ = number;
  message_.clear();
  cleared_at_.reset();
  return {};
}

cv::Rect Session::board_area() const {
  const int band = std::max(20, options_.size.height / 14);
  return {0, band, options_.size.width, options_.size.height - 2 * band};
}

std::string Session::status() const {
  if (cleared_at_) return "LEVEL CLEARED";
  std::string s = "level " + std::to_string(number_) + " - moves " + std::to_string(level_->moves());
  if (!message_.empty()) s += " - " + message_;
  return s;
}

cv::Mat Session::frame() const {
  const Style st = level_->style();
  cv::Mat img(options_.size, CV_8UC3, st.page);
  level_->draw(img);
  const int band = board_area().y;
  text_line(img, "puzzlebot arena: " + std::string(title_of(options_.game)) + " - level " + std::to_string(number_),
            band / 2, band * 3 / 4, band * 0.42, st, st.ink);
  text_line(img, status(), band / 2, options_.size.height - band / 3, band * 0.42, st, st.ink);
  if (cleared_at_) {
    const cv::Rect a = board_area();
    const cv::Rect strip(a.x, a.y + a.height / 2 - a.height / 10, a.width, a.height / 5);
    cv::rectangle(img, strip, st.banner, cv::FILLED);
    int base = 0;
    const double scale = strip.height * 0.5 / std::max(1, cv::getTextSize("L", st.font, 1.0, 1, &base).height);
    const cv::Size sz = cv::getTextSize("LEVEL CLEARED", st.font, scale, 2, &base);
    cv::putText(img, "LEVEL CLEARED", {strip.x + (strip.width - sz.width) / 2, strip.y + (strip.height + sz.height) / 2},
                st.font, scale, st.page, std::max(2, strip.height / 20), cv::LINE_AA);
  }
  return img;
}

bool Session::after(const Response& r) {
  if (!r.refusal.empty()) message_ = r.refusal;
  else if (r.moved) message_.clear();
  if (level_->cleared() && !cleared_at_) cleared_at_ = std::chrono::steady_clock::now();
  else if (level_->stuck()) {
    level_->restart();
    message_ = "out of wrenches: the level starts again";
    return true;
  }
  return r.changed || !r.refusal.empty() || cleared_at_.has_value();
}

bool Session::press(cv::Point2d p) { return cleared_at_ ? false : after(level_->press(p)); }
bool Session::drag(cv::Point2d p) { return cleared_at_ ? false : after(level_->drag(p)); }
bool Session::release(cv::Point2d p) { return cleared_at_ ? false : after(level_->release(p)); }

bool Session::restart() {
  if (cleared_at_) return false;
  level_->restart();
  message_ = "restarted";
  return true;
}

Result<bool> Session::tick(std::chrono::steady_clock::time_point now) {
  if (!cleared_at_ || now - *cleared_at_ < options_.clear_delay) return false;
  if (auto ok = load(number_ + 1); !ok) return ok.error();
  return true;
}

}  // namespace pb::arena
