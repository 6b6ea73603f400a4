/* puzzle_screen.cpp: the fake phone's sliding (Taquin look) and pegs (Pegs look) apps: levels, touches, screens. */
#include "tests/fake_adb/puzzle_screen.hpp"

#include <png.h>

#include <algorithm>
#include <cmath>
#include <opencv2/imgproc.hpp>
#include <random>

#include "tests/support/taquin_draw.hpp"

namespace pb::fake_adb {
namespace {

const cv::Scalar kWindow(244, 245, 246);     // Taquin's light window
const cv::Scalar kPegsGround(214, 214, 214);  // Pegs' grey ground
const cv::Scalar kPeg(255, 0, 0);             // COL_PEG: blue
const cv::Scalar kHole(110, 110, 110);        // COL_LOWLIGHT-ish

Result<cv::Mat> read_png_bgra(const std::string& path) {
  png_image im{};
  im.version = PNG_IMAGE_VERSION;
  if (!png_image_begin_read_from_file(&im, path.c_str()))
    return make_error("fake adb: cannot read " + path + " (install gnome-taquin: scripts/setup.sh)");
  im.format = PNG_FORMAT_BGRA;
  cv::Mat m(static_cast<int>(im.height), static_cast<int>(im.width), CV_8UC4);
  if (!png_image_finish_read(&im, nullptr, m.data, 0, nullptr)) {
    png_image_free(&im);
    return make_error("fake adb: cannot decode " + path);
  }
  return m;
}

// 3x4 starts (hole site) that leave one peg: (0,1) and (0,0) and their mirror images.
constexpr int kPegHoles[] = {1, 0, 2, 3, 9, 8, 10, 11};

}  // namespace

namespace {
struct PuzzleApp {
  std::string_view name;
  PuzzleSetup::Kind kind;
};
constexpr PuzzleApp kApps[] = {{"sliding", PuzzleSetup::Kind::kSliding}, {"pegs", PuzzleSetup::Kind::kPegs}};
}  // namespace

std::optional<PuzzleSetup::Kind> puzzle_app(std::string_view name) {
  for (const PuzzleApp& a : kApps)
    if (a.name == name) return a.kind;
  return std::nullopt;
}

std::string puzzle_app_names() {
  std::string out;
  for (const PuzzleApp& a : kApps) out += (out.empty() ? "" : ", ") + std::string(a.name);
  return out;
}

Result<std::unique_ptr<PuzzleScreen>> PuzzleScreen::open(const PuzzleSetup& setup, int level,
                                                         const std::vector<ArenaEvent>& events) {
  std::unique_ptr<PuzzleScreen> s(new PuzzleScreen(setup));
  std::mt19937_64 rng(setup.seed * 7919 + static_cast<std::uint64_t>(level));
  const int app_top = setup.status_bar, app_h = setup.screen.height - setup.status_bar - setup.nav_bar;
  if (setup.kind == PuzzleSetup::Kind::kSliding) {
    const int n = setup.size;
    if (n != 3 && n != 4) return make_error("fake adb: size=" + std::to_string(n) + " (3 or 4)");
    auto pic = read_png_bgra(setup.picture_dir + "/" + std::to_string(n) + "-numbers.png");
    if (!pic) return pic.error();
    s->picture_ = std::move(*pic);
    s->rows_ = s->cols_ = n;
    // The frame (n + 1 pitches less a pixel) fills the width but a margin, centred in the app.
    s->pitch_ = std::min(setup.screen.width - 40, app_h - 40) / (n + 1);
    const int outer = n * s->pitch_ - 1 + 2 * (s->pitch_ / 2);
    s->origin_ = {(setup.screen.width - outer) / 2, app_top + (app_h - outer) / 2};
    s->pieces_.resize(static_cast<std::size_t>(n * n));
    for (int k = 0; k < n * n; ++k) s->pieces_[static_cast<std::size_t>(k)] = k;
    s->pieces_[0] = -1;
    // A random walk of the gap from the goal: solvable by construction. Never undoes its last step.
    int gap = 0, last = -1;
    const int walk = setup.scramble > 0 ? setup.scramble : 5 * n;
    for (int step = 0; step < walk || s->cleared(); ++step) {
      std::vector<int> next;
      const int r = gap / n, c = gap % n;
      if (r > 0) next.push_back(gap - n);
      if (r < n - 1) next.push_back(gap + n);
      if (c > 0) next.push_back(gap - 1);
      if (c < n - 1) next.push_back(gap + 1);
      next.erase(std::remove(next.begin(), next.end(), last), next.end());
      const int to = next[rng() % next.size()];
      std::swap(s->pieces_[static_cast<std::size_t>(gap)], s->pieces_[static_cast<std::size_t>(to)]);
      last = gap;
      gap = to;
    }
  } else {
    s->rows_ = 3;
    s->cols_ = 4;
    s->pegs_.assign(12, 'o');
    s->pegs_[static_cast<std::size_t>(kPegHoles[rng() % std::size(kPegHoles)])] = '.';
    s->pitch_ = std::min({100, (setup.screen.width - 40) / s->cols_, (app_h - 40) / s->rows_});
    s->origin_ = {(setup.screen.width - (s->cols_ - 1) * s->pitch_) / 2,
                  app_top + (app_h - (s->rows_ - 1) * s->pitch_) / 2};
  }
  for (const ArenaEvent& e : events) s->apply(e);
  return s;
}

bool PuzzleScreen::cleared() const {
  if (setup_.kind == PuzzleSetup::Kind::kPegs) return std::count(pegs_.begin(), pegs_.end(), 'o') == 1;
  for (std::size_t k = 1; k < pieces_.size(); ++k)
    if (pieces_[k] != static_cast<int>(k)) return false;
  return pieces_[0] < 0;
}

int PuzzleScreen::site_at(cv::Point2d p) const {
  if (setup_.kind == PuzzleSetup::Kind::kSliding) {
    const cv::Point board = origin_ + cv::Point(pitch_ / 2, pitch_ / 2);
    const int c = static_cast<int>(std::floor((p.x - board.x) / pitch_));
    const int r = static_cast<int>(std::floor((p.y - board.y) / pitch_));
    return r < 0 || c < 0 || r >= rows_ || c >= cols_ ? -1 : r * cols_ + c;
  }
  const int c = static_cast<int>(std::lround((p.x - origin_.x) / pitch_));
  const int r = static_cast<int>(std::lround((p.y - origin_.y) / pitch_));
  if (r < 0 || c < 0 || r >= rows_ || c >= cols_) return -1;
  // Within the disc's square (a peg's diameter), as the game takes clicks on a tile.
  if (std::hypot(p.x - (origin_.x + c * pitch_), p.y - (origin_.y + r * pitch_)) > pitch_ / 2.0) return -1;
  return r * cols_ + c;
}

void PuzzleScreen::slide_at(cv::Point2d p) {
  const int site = site_at(p);
  if (site < 0) return;
  const int gap = static_cast<int>(std::find(pieces_.begin(), pieces_.end(), -1) - pieces_.begin());
  const int n = cols_, sr = site / n, sc = site % n, gr = gap / n, gc = gap % n;
  if (site == gap || (sr != gr && sc != gc)) return;
  // The tiles from the tapped one to the gap move one step towards it.
  const int step = sr == gr ? (sc < gc ? -1 : 1) : (sr < gr ? -n : n);
  for (int at = gap; at != site; at += step)
    std::swap(pieces_[static_cast<std::size_t>(at)], pieces_[static_cast<std::size_t>(at + step)]);
}

void PuzzleScreen::jump(cv::Point2d from, cv::Point2d to) {
  const int a = site_at(from), b = site_at(to);
  if (a < 0 || b < 0) return;
  const int ar = a / cols_, ac = a % cols_, br = b / cols_, bc = b % cols_;
  const bool line = (ar == br && std::abs(ac - bc) == 2) || (ac == bc && std::abs(ar - br) == 2);
  if (!line) return;
  const auto mid = static_cast<std::size_t>((a + b) / 2);
  auto& s = pegs_;
  if (s[static_cast<std::size_t>(a)] != 'o' || s[mid] != 'o' || s[static_cast<std::size_t>(b)] != '.') return;
  s[static_cast<std::size_t>(a)] = '.';
  s[mid] = '.';
  s[static_cast<std::size_t>(b)] = 'o';
}

void PuzzleScreen::apply(const ArenaEvent& e) {
  if (cleared()) return;  // the finished board takes no touches
  const cv::Point2d p{e.x, e.y};
  if (e.kind == 'P') {
    pressed_ = true;
    press_at_ = p;
  } else if (e.kind == 'D') {
    if (!pressed_) return;
  } else {
    if (!pressed_) return;
    pressed_ = false;
    // Taquin moves a tile on the press's tile; Pegs jumps from where the drag began to where it ended.
    if (setup_.kind == PuzzleSetup::Kind::kSliding) slide_at(press_at_);
    else jump(press_at_, p);
  }
  events_.push_back(e);
}

// Events are kept in screen pixels (the app area is the whole width; the bars take no touches).
void PuzzleScreen::press(cv::Point2d screen) {
  if (screen.y < setup_.status_bar || screen.y >= setup_.screen.height - setup_.nav_bar) return;
  apply({'P', screen.x, screen.y});
}
void PuzzleScreen::drag(cv::Point2d screen) { apply({'D', screen.x, screen.y}); }
void PuzzleScreen::release(cv::Point2d screen) { apply({'R', screen.x, screen.y}); }

cv::Mat PuzzleScreen::image() const {
  const bool sliding = setup_.kind == PuzzleSetup::Kind::kSliding;
  cv::Mat img(setup_.screen, CV_8UC3, sliding ? kWindow : kPegsGround);
  if (sliding) {
    std::vector<int> shown = pieces_;
    if (cleared()) shown[0] = 0;  // won: Taquin shows the whole picture
    pb::testing::draw_taquin_board(img, origin_, picture_, rows_, pitch_, shown);
  } else {
    for (int site = 0; site < rows_ * cols_; ++site) {
      const cv::Point c = origin_ + cv::Point(site % cols_, site / cols_) * pitch_;
      const bool peg = pegs_[static_cast<std::size_t>(site)] == 'o';
      // The game: a peg of radius TILESIZE/3, a hole of TILESIZE/4 (diameters 2/3 and 1/2).
      const int radius = static_cast<int>(std::lround(pitch_ * (peg ? 1.0 / 3 : 1.0 / 4)));
      cv::circle(img, c, radius, peg ? kPeg : kHole, cv::FILLED, cv::LINE_AA);
    }
  }
  draw_phone_bars(img, setup_.status_bar, setup_.nav_bar);
  return img;
}

std::string PuzzleScreen::board_text() const {
  std::string t;
  if (setup_.kind == PuzzleSetup::Kind::kPegs) {
    t = "pegs\n";
    for (int r = 0; r < rows_; ++r) t += pegs_.substr(static_cast<std::size_t>(r * cols_), static_cast<std::size_t>(cols_)) + "\n";
    return t;
  }
  // The solver's board: the half-turn of picture_reader.hpp (site p is cell N-1-p, piece k tile N-k).
  const int cells = rows_ * cols_;
  std::vector<int> tiles(static_cast<std::size_t>(cells), 0);
  for (int site = 0; site < cells; ++site) {
    const int k = pieces_[static_cast<std::size_t>(site)];
    tiles[static_cast<std::size_t>(cells - 1 - site)] = k <= 0 ? 0 : cells - k;
  }
  t = "sliding\n";
  for (int r = 0; r < rows_; ++r) {
    for (int c = 0; c < cols_; ++c) {
      // Right-aligned to the widest number, as solvers::sliding::format writes it.
      const std::string num = std::to_string(tiles[static_cast<std::size_t>(r * cols_ + c)]);
      if (c > 0) t += ' ';
      t.append(std::to_string(cells - 1).size() - num.size(), ' ');
      t += num;
    }
    t += "\n";
  }
  return t;
}

}  // namespace pb::fake_adb
