/* fake_adb.cpp: a simulated Android phone behind an `adb` command line, playing 一笔画完 or an arena game, for the tests. */
// The tests put this program first on PATH (or pass --adb-path): puzzlebot runs it exactly as it
// runs the real adb, one process per command, and sees only what a phone would give: `adb devices`
// lines, `wm`/`getprop` text, raw screencap bytes of a rendered screen. It never tells the bot the
// board: the bot must read the pixels. Touches (`input tap|swipe|motionevent`) are applied to the
// game by the game's rules, and a cleared level moves on to the next after a short delay.
//
// Everything lives in the folder named by $FAKE_ADB_STATE:
//   config  key=value lines written by the test (read on every run; defaults below)
//   game    the game, written back after every command (level, cell layout, the band, finger, counters)
//   log     one line per command and per game event ("replay", "level 2", "cleared 2", "drop", "slip")
//   board   the position on screen as FORMATS.md text, after every command (for the tests' checks)
//   anim_before.bgr  the picture shown before the last touch, that its animation fades from
//
// The game: `game=onestroke` (the default) is 一笔画完 as described below. `game=<an arena game>`
// (knight, valves, hanoi, river: each game of samples/arena's list; arena-onestroke for its
// one-stroke) shows that arena level (samples/arena, from `seed`, `style`, `first_level`)
// at the phone's screen size under a status bar (`status_bar=PX`, default 24 dp; `nav_bar=PX`, default
// 0), taking touches as the arena takes pointer strokes (tap: press and release; swipe and
// motionevent: press, drags, release) by the arena's rules; a cleared level shows LEVEL CLEARED for
// `advance_ms`, then the next. slip_touch applies to 一笔画完 only; every other fault to both.
// `game=sliding` (GNOME Taquin's picture board, `size=3|4`, `scramble=N` steps of the gap's walk,
// its picture from `picture_dir`) and
// `game=pegs` (a Pegs board) are puzzle apps on the same terms (tests/fake_adb/puzzle_screen.hpp):
// a tap slides a tile, a drag jumps a peg; a solved board stays `advance_ms`, then a new one; the
// key 'n' (`input keyevent KEYCODE_N`) deals a new board at once, as Simon Tatham's games do.
//
// Game rules (as the real game behaves): the cat stands on the path head. A touch (tap, or a finger
// moving onto a cell) on a free cell next to the cat moves the cat there and colours the cell; a
// touch on a cell already on the path takes the path back to it; touches anywhere else do nothing.
// The round "Again" button (bottom left) restarts the level. When every cell is coloured the level
// is cleared: the finished board stays `advance_ms`, then the next level (generated from the seed)
// appears.
//
// Faults on demand (config): devices=none|unauthorized|offline|two, disconnect_after=N (the phone
// vanishes after N device commands), drop_touch=N (the Nth touch event is lost), slip_touch=N (the
// first step from the Nth touch event on that has a choice lands on the wrong free neighbour of the
// cat, one that makes the level unsolvable when there is one; once), input_space=WxH (touches are
// taken in another space than `wm size` reports, as on a ROM that lies: calibration must notice), motionevent=0 (an Android 10 phone: `input` has no motionevent), screencap=short|garbage.
//
// The touchscreen, as the kernel shows it: `getevent -p` lists a protocol-B multi-touch device
// (/dev/input/event2, ABS_MT_POSITION_X/Y 0..touch_max in the panel's natural orientation, slots,
// tracking ids, BTN_TOUCH); `sendevent /dev/input/event2 TYPE CODE VALUE` lines are applied by the
// protocol's rules (slot 0 is the finger; a SYN_REPORT hands each frame to the game as down, move or
// up), turned to the display by `rotation=0..3` (quarter turns; `wm size` then reports the panel's
// portrait size, `dumpsys input` the orientation) and scaled to the touch space. getevent=none lists
// no touchscreen; sendevent=denied refuses to open it (as vendors that keep the node from the shell).
//
// Costs (config costs=real|small|none, or cost_<adb|input|screencap|sendevent|getevent|dumpsys|wm>_ms):
// with costs=real every `input` takes 350 ms, a raw screencap 250-700 ms (the fake's own rendering counted
// in), a sendevent line 3 ms, `wm` 300 ms, as on a phone; "small" (the default) keeps tests quick.
// `exec-out screenrecord --output-format=frames -` streams a raw RGB frame whenever the screen changes
// (screenrecord=none: a phone without it; screenrecord_limit_s=N: it stops after N s, 180 by default).
// More faults: drop_gesture=N (the Nth finger put down is lost with its moves), lift_early=N (the
// Nth finger lifts after three moves), and a phone's one-off ones: fail_once=1 (one shell or
// exec-out command exits 1 with adb's "error: closed" before it runs, one screencap is cut short;
// where, drawn from fault_seed; or fail_command=N, short_screencap=N).
//
// A phone as it is: a touch that changes the game's picture animates. The picture before it stays
// for a render delay (render_delay_ms=LO-HI, 20-60), then cross-fades into the new one (animation_ms=
// LO-HI, 100-400, eased); screencap and the stream show every frame of it, and a cleared level moves
// on advance_ms after it ends. animate=0 turns it off (the tests of the fake's own screens). With
// costs=real a screencap costs 250-700 ms. Lengths and costs are drawn from fault_seed (else seed):
// the tests write their seed there (tests/app/adb_fake_phone.hpp).
//
// Rejected: a fake that reads board text files prepared by the test (the bot's vision would not be
// exercised); an emulator image (minutes to boot, gigabytes, and the real game is not ours to ship).

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include <opencv2/imgproc.hpp>

#include "solvers/onestroke/onestroke.hpp"
#include "tests/fake_adb/arena_screen.hpp"
#include "tests/fake_adb/puzzle_screen.hpp"
#include "vision/onestroke/render.hpp"

namespace {

namespace os = pb::solvers::onestroke;
namespace vo = pb::vision::onestroke;
using os::Cell;
using os::Site;

struct Size {
  int w = 0, h = 0;
};

Size parse_size(const std::string& s, Size fallback) {
  int w = 0, h = 0;
  if (std::sscanf(s.c_str(), "%dx%d", &w, &h) == 2 && w > 0 && h > 0) return {w, h};
  return fallback;
}

long long now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

// ---- configuration ----------------------------------------------------------------------------

struct Config {
  std::map<std::string, std::string> kv;
  std::string get(const std::string& k, const std::string& d) const {
    auto it = kv.find(k);
    return it == kv.end() ? d : it->second;
  }
  long long num(const std::string& k, long long d) const {
    auto it = kv.find(k);
    return it == kv.end() ? d : std::atoll(it->second.c_str());
  }
};

Config read_config(const std::string& path) {
  Config c;
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    auto eq = line.find('=');
    if (eq == std::string::npos) continue;
    c.kv[line.substr(0, eq)] = line.substr(eq + 1);
  }
  return c;
}

// ---- the game ---------------------------------------------------------------------------------

struct Game {
  int level = 0;  // 0: not started yet
  int rows = 0, cols = 0;
  std::string layout;      // row-major: '#' a cell, '.' no cell
  std::vector<Cell> band;  // start first, head last
  long long cleared_at = 0;  // ms since the epoch; 0 while the level is being played
  bool finger = false;       // a finger is down (between motionevent DOWN and UP)
  Cell last_touched{-1, -1};
  long long touches = 0;   // touch events so far (tap, DOWN, MOVE, swipe)
  long long commands = 0;  // device commands answered so far
  long long replays = 0;
  bool slipped = false;  // the slip_touch fault has happened (it happens once)
  std::vector<pb::fake_adb::ArenaEvent> events;  // arena games: pointer events applied this level
  long long gestures = 0;      // fingers put down so far (tap, swipe, DOWN): drop_gesture, lift_early
  int moves_this_touch = 0;    // MOVEs since the finger went down (lift_early)
  // The touchscreen's kernel state (sendevent, protocol B, slot 0) and what was last reported.
  int mt_slot = 0, mt_id = -1, mt_x = 0, mt_y = 0;
  bool mt_down = false;
  int mt_rx = -1, mt_ry = -1;
  // The animation after the last touch that changed the screen (ms since the epoch; 0: none): the
  // screen shows the picture before it (anim_before.bgr) until anim_start + anim_delay, then blends
  // into the new one over anim_ms.
  long long anim_start = 0;
  int anim_delay = 0, anim_ms = 0;
  long long screencaps = 0;  // screencaps answered so far (fail_once's cut-short one)
  long long failable = 0;    // shell and exec-out commands but screenrecord so far (fail_once's failing one)

  long long anim_end() const { return anim_start == 0 ? 0 : anim_start + anim_delay + anim_ms; }

  os::State state() const {
    os::State s;
    s.rows = rows;
    s.cols = cols;
    s.sites.assign(static_cast<std::size_t>(rows * cols), Site::kNone);
    for (std::size_t i = 0; i < layout.size(); ++i)
      if (layout[i] == '#') s.sites[i] = Site::kFree;
    for (Cell c : band) s.sites[static_cast<std::size_t>(c.row * cols + c.col)] = Site::kVisited;
    if (!band.empty()) s.head = band.back();
    return s;
  }
};

bool load_game(const std::string& path, Game& g, bool arena) {
  std::ifstream in(path);
  if (!in) return false;
  std::string key;
  while (in >> key) {
    if (key == "level") in >> g.level;
    else if (key == "size") in >> g.rows >> g.cols;
    else if (key == "layout") {
      in >> g.layout;
      if (g.layout == "-") g.layout.clear();  // an arena game keeps no layout
    }
    else if (key == "cleared_at") in >> g.cleared_at;
    else if (key == "finger") in >> g.finger;
    else if (key == "last") in >> g.last_touched.row >> g.last_touched.col;
    else if (key == "touches") in >> g.touches;
    else if (key == "commands") in >> g.commands;
    else if (key == "replays") in >> g.replays;
    else if (key == "slipped") in >> g.slipped;
    else if (key == "anim") in >> g.anim_start >> g.anim_delay >> g.anim_ms;
    else if (key == "screencaps") in >> g.screencaps >> g.failable;
    else if (key == "gestures") in >> g.gestures >> g.moves_this_touch;
    else if (key == "mt") in >> g.mt_slot >> g.mt_id >> g.mt_x >> g.mt_y >> g.mt_down >> g.mt_rx >> g.mt_ry;
    else if (key == "events") {
      int n = 0;
      in >> n;
      g.events.clear();
      for (int i = 0; i < n; ++i) {
        pb::fake_adb::ArenaEvent e;
        in >> e.kind >> e.x >> e.y;
        g.events.push_back(e);
      }
    }
    else if (key == "band") {
      int n = 0;
      in >> n;
      g.band.clear();
      for (int i = 0; i < n; ++i) {
        Cell c;
        in >> c.row >> c.col;
        g.band.push_back(c);
      }
    }
  }
  return g.level > 0 && static_cast<int>(g.layout.size()) == g.rows * g.cols && (arena || !g.band.empty());
}

void save_game(const std::string& path, const Game& g) {
  const std::string tmp = path + ".tmp";
  {
    std::ofstream out(tmp);
    out << "level " << g.level << "\nsize " << g.rows << " " << g.cols << "\nlayout " << (g.layout.empty() ? "-" : g.layout) << "\nband "
        << g.band.size();
    for (Cell c : g.band) out << " " << c.row << " " << c.col;
    out << "\ncleared_at " << g.cleared_at << "\nfinger " << g.finger << "\nlast " << g.last_touched.row << " "
        << g.last_touched.col << "\ntouches " << g.touches << "\ncommands " << g.commands << "\nreplays " << g.replays
        << "\nslipped " << g.slipped << "\nanim " << g.anim_start << " " << g.anim_delay << " " << g.anim_ms
        << "\nscreencaps " << g.screencaps << " " << g.failable << "\ngestures " << g.gestures << " " << g.moves_this_touch << "\nmt "
        << g.mt_slot << " " << g.mt_id << " " << g.mt_x << " " << g.mt_y << " " << g.mt_down << " " << g.mt_rx << " "
        << g.mt_ry << "\nevents " << g.events.size();
    out.precision(10);
    for (const auto& e : g.events) out << " " << e.kind << " " << e.x << " " << e.y;
    out << "\n";
  }
  std::rename(tmp.c_str(), path.c_str());
}

// The frame `now` of the animation from `before` to `target` that game.anim_* describe: `before`
// during the render delay, then a cross-fade eased in and out (as Android's default animators).
cv::Mat animation_frame(const cv::Mat& before, const cv::Mat& target, const Game& game, long long now) {
  if (before.size() != target.size() || before.type() != target.type() || now >= game.anim_end()) return target;
  const double t = static_cast<double>(now - game.anim_start - game.anim_delay);
  if (t <= 0) return before;
  const double x = t / std::max(1, game.anim_ms), a = x * x * (3 - 2 * x);
  cv::Mat out;
  cv::addWeighted(before, 1 - a, target, a, 0, out);
  return out;
}

class Phone {
 public:
  Phone(std::string dir, Config cfg) : dir_(std::move(dir)), cfg_(std::move(cfg)) {
    screen_ = parse_size(cfg_.get("screen", "540x960"), {540, 960});
    physical_ = parse_size(cfg_.get("touch", std::to_string(screen_.w) + "x" + std::to_string(screen_.h)), screen_);
    touch_ = cfg_.kv.count("override") ? parse_size(cfg_.get("override", ""), physical_) : physical_;
    // input_space: the space touches are really taken in, when the phone's `wm size` lies about it.
    touch_ = parse_size(cfg_.get("input_space", ""), touch_);
    const std::string name = cfg_.get("game", "onestroke");
    // The games it shows: its own 一笔画完, the puzzle apps (puzzle_screen.hpp), and every game of
    // the arena (samples/arena: the games of PB_GAMES that have a level file there).
    if (const auto app = pb::fake_adb::puzzle_app(name)) {
      puzzle_ = true;
      puzzle_setup_.kind = *app;
      puzzle_setup_.size = static_cast<int>(cfg_.num("size", 3));
      puzzle_setup_.scramble = static_cast<int>(cfg_.num("scramble", 0));
      puzzle_setup_.picture_dir = cfg_.get("picture_dir", puzzle_setup_.picture_dir);
    } else if (name != "onestroke") {
      const pb::arena::Game g = pb::arena::game_from_name(name.rfind("arena-", 0) == 0 ? name.substr(6) : name);
      if (g == nullptr) {
        error_ = "fake adb: unknown game=" + name + " (onestroke, arena-onestroke, " + pb::arena::game_names(", ") +
                 ", " + pb::fake_adb::puzzle_app_names() + ")";
        return;
      }
      arena_setup_.game = g;
    }
    if (name != "onestroke") {
      arena_setup_.seed = static_cast<std::uint64_t>(cfg_.num("seed", 1));
      arena_setup_.variant = static_cast<int>(cfg_.num("style", 0));
      arena_setup_.screen = {screen_.w, screen_.h};
      // 24 dp, as Android's status bar (density 160 is 1 px per dp).
      arena_setup_.status_bar = static_cast<int>(cfg_.num("status_bar", 24 * cfg_.num("density", 320) / 160));
      arena_setup_.nav_bar = static_cast<int>(cfg_.num("nav_bar", 0));
      puzzle_setup_.seed = arena_setup_.seed;
      puzzle_setup_.screen = arena_setup_.screen;
      puzzle_setup_.status_bar = arena_setup_.status_bar;
      puzzle_setup_.nav_bar = arena_setup_.nav_bar;
    }
    if (!load_game(dir_ + "/game", game_, arena())) start_level(static_cast<int>(cfg_.num("first_level", 1)));
    else if (arena()) open_arena();
  }
  ~Phone() { save(); }
  // Writes the state now; later saves (the destructor's) are skipped: another process owns it next.
  void save() {
    if (!error_.empty() || saved_) return;
    saved_ = true;
    if (arena_) game_.events = arena_->events();
    save_game(dir_ + "/game", game_);
    // The position on screen, for the tests to check against (the bot never reads this file).
    std::ofstream(dir_ + "/board") << (arena_ ? arena_->board_text() : os::format(game_.state()));
  }

  bool arena() const { return cfg_.get("game", "onestroke") != "onestroke"; }
  const std::string& error() const { return error_; }

  void log(const std::string& line) {
    std::ofstream out(dir_ + "/log", std::ios::app);
    out << line << "\n";
  }

  Game& game() { return game_; }
  const Config& cfg() const { return cfg_; }
  Size screen() const { return screen_; }
  Size physical() const { return physical_; }
  Size touch() const { return touch_; }

  // Moves on to the next level once the cleared one has been shown long enough (counted from the
  // end of the last touch's animation, as a game shows its finished board only once drawn).
  void tick() {
    const long long shown_from = std::max(game_.cleared_at, game_.anim_end());
    if (game_.cleared_at != 0 && now_ms() - shown_from >= cfg_.num("advance_ms", 400)) start_level(game_.level + 1);
  }

  // What the screen shows now: the game's picture, or a frame of the animation into it after a touch.
  cv::Mat displayed_image() const {
    cv::Mat target = screen_image();
    if (game_.anim_start == 0 || now_ms() >= game_.anim_end()) return target;
    return animation_frame(load_before(), target, game_, now_ms());
  }

  // Called around a command that may touch the screen: `before` is what was displayed before it.
  // When the game's picture changed, an animation into it starts now: a render delay and a length
  // drawn from the touch's seed (config render_delay_ms=LO-HI, 20-60 by default; animation_ms=LO-HI,
  // 100-400 by default; animate=0 for none).
  void animate_from(const cv::Mat& before) {
    if (cfg_.num("animate", 1) == 0) return;
    const cv::Mat after = screen_image();
    if (before.empty() || before.size() != after.size() || cv::norm(before, after, cv::NORM_INF) == 0) return;
    auto range = [&](const char* key, const char* fallback) {
      int lo = 0, hi = 0;
      const std::string v = cfg_.get(key, fallback);
      if (std::sscanf(v.c_str(), "%d-%d", &lo, &hi) != 2) lo = hi = std::atoi(v.c_str());
      return std::pair<int, int>{std::max(0, lo), std::max(std::max(0, lo), hi)};
    };
    const auto [dlo, dhi] = range("render_delay_ms", "20-60");
    const auto [alo, ahi] = range("animation_ms", "100-400");
    if (ahi == 0 && dhi == 0) return;
    cv::RNG rng(static_cast<std::uint64_t>(cfg_.num("fault_seed", cfg_.num("seed", 1))) * 1000003ULL +
                static_cast<std::uint64_t>(game_.commands));
    game_.anim_delay = rng.uniform(dlo, dhi + 1);
    game_.anim_ms = rng.uniform(alo, ahi + 1);
    game_.anim_start = now_ms();
    const std::string path = dir_ + "/anim_before.bgr", tmp = path + ".tmp";
    {
      std::ofstream out(tmp, std::ios::binary);
      const std::int32_t wh[2] = {before.cols, before.rows};
      out.write(reinterpret_cast<const char*>(wh), sizeof wh);
      cv::Mat c = before.isContinuous() ? before : before.clone();
      out.write(reinterpret_cast<const char*>(c.data), static_cast<std::streamsize>(c.total() * c.elemSize()));
    }
    std::rename(tmp.c_str(), path.c_str());
  }

  vo::RenderStyle style() const {
    vo::RenderStyle st;
    st.width = screen_.w;
    st.height = screen_.h;
    st.level = 100 + game_.level;
    st.seed = static_cast<std::uint64_t>(game_.level);
    const auto cats = vo::cat_palette();
    const auto bands = vo::band_palette();
    st.cat = cats[static_cast<std::size_t>(game_.level) % cats.size()];
    st.band = bands[static_cast<std::size_t>(game_.level) % bands.size()];
    return st;
  }

  cv::Mat screen_image() const {
    if (arena_) return arena_->image();
    return vo::render(game_.state(), style(), game_.band);
  }

  cv::Mat load_before() const {
    std::ifstream in(dir_ + "/anim_before.bgr", std::ios::binary);
    std::int32_t wh[2] = {0, 0};
    if (!in.read(reinterpret_cast<char*>(wh), sizeof wh) || wh[0] <= 0 || wh[1] <= 0 || wh[0] > 8192 || wh[1] > 8192) return {};
    cv::Mat m(wh[1], wh[0], CV_8UC3);
    if (!in.read(reinterpret_cast<char*>(m.data), static_cast<std::streamsize>(m.total() * m.elemSize()))) return {};
    return m;
  }

  // One input_event written by `sendevent` to the touchscreen: protocol B, slot 0 is the finger.
  // A SYN_REPORT hands the frame to the game: the contact appearing is a DOWN, its position
  // changing a MOVE, its tracking id going to -1 an UP.
  void kernel_event(int type, int code, int value) {
    Game& g = game_;
    if (type == 3) {
      if (code == 0x2f) g.mt_slot = value;
      if (g.mt_slot != 0) return;
      if (code == 0x39) g.mt_id = value;
      if (code == 0x35) g.mt_x = value;
      if (code == 0x36) g.mt_y = value;
      return;
    }
    if (type != 0 || code != 0) return;  // keys (BTN_TOUCH) and other syncs change nothing here
    const bool down_now = g.mt_id >= 0;
    auto [x, y] = raw_to_touch(g.mt_x, g.mt_y);
    if (down_now && !g.mt_down) down(x, y);
    else if (down_now && (g.mt_x != g.mt_rx || g.mt_y != g.mt_ry)) move(x, y);
    else if (!down_now && g.mt_down) {
      auto [lx, ly] = raw_to_touch(g.mt_rx, g.mt_ry);
      up(lx, ly);
    }
    g.mt_down = down_now;
    g.mt_rx = g.mt_x;
    g.mt_ry = g.mt_y;
  }

  // The panel's raw coordinates (0..touch_max, natural orientation) to touch-space pixels of the
  // display as rotated: Android's TouchInputMapper.
  std::pair<int, int> raw_to_touch(int rx, int ry) const {
    const double span = static_cast<double>(cfg_.num("touch_max", 4095)) + 1;
    const double u = (rx + 0.5) / span, v = (ry + 0.5) / span;
    double fx = u, fy = v;
    switch (cfg_.num("rotation", 0) & 3) {
      case 1: fx = v, fy = 1 - u; break;
      case 2: fx = 1 - u, fy = 1 - v; break;
      case 3: fx = 1 - v, fy = u; break;
      default: break;
    }
    return {static_cast<int>(fx * touch_.w), static_cast<int>(fy * touch_.h)};
  }

  // A key from a keyboard (`input keyevent`): the puzzle apps start a new game on 'n', as Simon
  // Tatham's games do (a new board at once, finished or not); the other games take no keys.
  void key(const std::string& code) {
    if (!puzzle_ || (code != "KEYCODE_N" && code != "42")) return;
    log("new game");
    start_level(game_.level + 1);
  }

  // ---- touches, in touch-space pixels ----
  void down(int x, int y) {
    game_.moves_this_touch = 0;
    if (!count_gesture("down") || !count_touch("down")) {
      game_.finger = false;  // a lost DOWN: the game sees no finger, so the moves after it do nothing
      return;
    }
    game_.finger = true;
    game_.last_touched = {-1, -1};
    if (arena_) return arena_event('P', x, y);
    press(x, y);
  }
  void move(int x, int y) {
    if (!count_touch("move")) return;
    if (!game_.finger) return;
    if (game_.gestures == cfg_.num("lift_early", 0) && ++game_.moves_this_touch > 3) {
      // The finger slips off the glass: the touch ends here and the moves after it do nothing.
      log("lift early #" + std::to_string(game_.gestures));
      return up(x, y);
    }
    if (arena_) return arena_event('D', x, y);
    press(x, y);
  }
  void up(int x, int y) {
    if (arena_ && game_.finger) arena_event('R', x, y);
    game_.finger = false;
    game_.last_touched = {-1, -1};
  }
  void tap(int x, int y) {
    if (!count_gesture("tap") || !count_touch("tap")) return;
    if (arena_) {
      arena_event('P', x, y);
      return arena_event('R', x, y);
    }
    game_.last_touched = {-1, -1};
    press(x, y);
    game_.last_touched = {-1, -1};
  }
  void swipe(int x1, int y1, int x2, int y2) {
    if (!count_gesture("swipe") || !count_touch("swipe")) return;
    game_.last_touched = {-1, -1};
    // `input swipe` sends the finger along the line: sample it every few screen pixels.
    const double len = std::hypot((x2 - x1) * sx(), (y2 - y1) * sy());
    const int steps = std::max(1, static_cast<int>(len / 4));
    for (int i = 0; i <= steps; ++i) {
      const double t = static_cast<double>(i) / steps;
      const int x = static_cast<int>(std::lround(x1 + (x2 - x1) * t)), y = static_cast<int>(std::lround(y1 + (y2 - y1) * t));
      if (arena_) arena_event(i == 0 ? 'P' : 'D', x, y);
      else press(x, y);
    }
    if (arena_) arena_event('R', x2, y2);
    game_.last_touched = {-1, -1};
  }

 private:
  double sx() const { return static_cast<double>(screen_.w) / touch_.w; }
  double sy() const { return static_cast<double>(screen_.h) / touch_.h; }

  void open_arena() {
    if (puzzle_) {
      auto opened = pb::fake_adb::PuzzleScreen::open(puzzle_setup_, game_.level, game_.events);
      if (!opened) {
        error_ = opened.error().message;
        return;
      }
      arena_ = std::move(*opened);
      return;
    }
    auto opened = pb::fake_adb::ArenaScreen::open(arena_setup_, game_.level, game_.events);
    if (!opened) {
      error_ = "fake adb: the arena refuses this phone: " + opened.error().message;
      return;
    }
    arena_ = std::make_unique<pb::fake_adb::ArenaScreen>(std::move(*opened));
  }

  // A touch-space point to the arena, in screen pixels; notes a cleared level.
  void arena_event(char kind, int x, int y) {
    if (game_.cleared_at != 0) return;  // the banner shows: touches do nothing
    const cv::Point2d p{(x + 0.5) * sx(), (y + 0.5) * sy()};
    if (kind == 'P') arena_->press(p);
    else if (kind == 'D') arena_->drag(p);
    else arena_->release(p);
    if (arena_->cleared()) {
      game_.cleared_at = now_ms();
      log("cleared " + std::to_string(game_.level));
    }
  }

  void start_level(int level) {
    if (arena()) {
      game_.level = level;
      game_.events.clear();
      game_.cleared_at = 0;
      game_.finger = false;
      arena_.reset();
      open_arena();
      log("level " + std::to_string(level));
      return;
    }
    const long long seed = cfg_.num("seed", 1);
    cv::RNG rng(static_cast<std::uint64_t>(seed * 7919 + level));
    const int lo = static_cast<int>(cfg_.num("min_side", 4)), hi = static_cast<int>(cfg_.num("max_side", 6));
    const int rows = rng.uniform(lo, hi + 1), cols = rng.uniform(lo, hi + 1);
    os::State s = vo::random_board(rows, cols, 0, static_cast<std::uint64_t>(seed * 1000003 + level));
    game_.level = level;
    game_.rows = s.rows;
    game_.cols = s.cols;
    game_.layout.assign(static_cast<std::size_t>(s.rows * s.cols), '.');
    for (std::size_t i = 0; i < s.sites.size(); ++i)
      if (s.sites[i] != Site::kNone) game_.layout[i] = '#';
    game_.band = {s.head};
    game_.cleared_at = 0;
    game_.finger = false;
    log("level " + std::to_string(level));
  }

  // Counts a finger put down; false when this whole gesture is to be lost (drop_gesture).
  bool count_gesture(const char* what) {
    ++game_.gestures;
    if (game_.gestures == cfg_.num("drop_gesture", 0)) {
      log(std::string("drop gesture ") + what + " #" + std::to_string(game_.gestures));
      game_.finger = false;
      return false;
    }
    return true;
  }

  // Counts one touch event; false when this one is to be lost on purpose.
  bool count_touch(const char* what) {
    ++game_.touches;
    if (game_.touches == cfg_.num("drop_touch", 0)) {
      log(std::string("drop ") + what + " #" + std::to_string(game_.touches));
      return false;
    }
    return true;
  }

  // The site under a touch-space point, if the point is inside that site's cell.
  bool site_at(int x, int y, Cell& out) const {
    const os::State s = game_.state();
    const vo::RenderLayout lay = vo::layout(s, style());
    const double px = (x + 0.5) * sx(), py = (y + 0.5) * sy();
    const int c = static_cast<int>(std::lround((px - lay.origin.x) / lay.pitch));
    const int r = static_cast<int>(std::lround((py - lay.origin.y) / lay.pitch));
    if (!s.inside({r, c}) || s.at({r, c}) == Site::kNone) return false;
    const cv::Point2d m = lay.centre({r, c});
    if (std::abs(px - m.x) > lay.cell / 2 || std::abs(py - m.y) > lay.cell / 2) return false;
    out = {r, c};
    return true;
  }

  // The renderer's "Again" button (render.cpp draw_chrome: centre (221, h - 141) design units,
  // radius 71, a design unit being width / 1080 px).
  bool on_replay(int x, int y) const {
    const double u = screen_.w / 1080.0;
    const double px = (x + 0.5) * sx(), py = (y + 0.5) * sy();
    return std::hypot(px - 221 * u, py - (screen_.h - 141 * u)) <= 71 * u;
  }

  bool adjacent(Cell a, Cell b) const { return std::abs(a.row - b.row) + std::abs(a.col - b.col) == 1; }

  // A free neighbour of the head other than `intended` that leaves the level unsolvable, else
  // any other free neighbour; `intended` itself when there is no other.
  Cell slip_target(Cell intended) const {
    const os::State s = game_.state();
    std::vector<Cell> others;
    for (Cell d : {Cell{-1, 0}, Cell{1, 0}, Cell{0, -1}, Cell{0, 1}}) {
      const Cell n{s.head.row + d.row, s.head.col + d.col};
      if (s.inside(n) && s.at(n) == Site::kFree && !(n == intended)) others.push_back(n);
    }
    for (Cell n : others) {
      auto next = os::apply(s, n);
      if (!next) continue;
      auto sol = os::solve(*next, pb::solvers::Limits::with_timeout(std::chrono::milliseconds(500)));
      if (sol.status == pb::solvers::Status::kUnsolvable) return n;
    }
    return others.empty() ? intended : others.front();
  }

  void press(int x, int y) {
    if (game_.cleared_at != 0) return;  // the finished board takes no touches
    if (on_replay(x, y)) {
      if (!game_.finger || game_.last_touched.row != -2) {
        game_.band.resize(1);
        ++game_.replays;
        log("replay");
      }
      game_.last_touched = {-2, -2};
      return;
    }
    Cell at;
    if (!site_at(x, y, at)) return;
    if (at == game_.last_touched) return;  // still on the same cell
    game_.last_touched = at;
    const Cell head = game_.band.back();
    if (at == head) return;
    auto on_band = std::find(game_.band.begin(), game_.band.end(), at);
    if (on_band != game_.band.end()) {  // back along the path: undo to that cell
      game_.band.erase(on_band + 1, game_.band.end());
      return;
    }
    if (!adjacent(at, head)) return;
    const long long slip = cfg_.num("slip_touch", 0);
    if (slip > 0 && !game_.slipped && game_.touches >= slip) {
      Cell wrong = slip_target(at);
      if (!(wrong == at)) {  // no other free neighbour: the slip waits for a step that has one
        log("slip to " + std::to_string(wrong.row) + "," + std::to_string(wrong.col));
        game_.slipped = true;
        at = wrong;
        game_.last_touched = at;
      }
    }
    game_.band.push_back(at);
    if (game_.state().free_count() == 0) {
      game_.cleared_at = now_ms();
      log("cleared " + std::to_string(game_.level));
    }
  }

  std::string dir_;
  Config cfg_;
  Size screen_, physical_, touch_;
  Game game_;
  pb::fake_adb::ArenaSetup arena_setup_;
  pb::fake_adb::PuzzleSetup puzzle_setup_;
  bool puzzle_ = false;  // a puzzle app (puzzle_setup_), not an arena game
  std::unique_ptr<pb::fake_adb::GameScreen> arena_;  // an arena level or a puzzle app (not 一笔画完)
  std::string error_;  // the configuration cannot be played: every command says so
  bool saved_ = false;
};

// ---- screencap encoding -----------------------------------------------------------------------

void put32(std::string& out, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) out.push_back(static_cast<char>(v >> (8 * i) & 0xff));
}

std::string raw_screencap(const cv::Mat& bgr, int format, int header) {
  std::string out;
  put32(out, static_cast<std::uint32_t>(bgr.cols));
  put32(out, static_cast<std::uint32_t>(bgr.rows));
  put32(out, static_cast<std::uint32_t>(format));
  if (header == 16) put32(out, 1);  // sRGB
  for (int y = 0; y < bgr.rows; ++y) {
    const auto* p = bgr.ptr<unsigned char>(y);
    for (int x = 0; x < bgr.cols; ++x, p += 3) {
      const unsigned b = p[0], g = p[1], r = p[2];
      switch (format) {
        case 1:
        case 2:
          out.push_back(static_cast<char>(r));
          out.push_back(static_cast<char>(g));
          out.push_back(static_cast<char>(b));
          out.push_back(static_cast<char>(format == 1 ? 0xff : 0x00));
          break;
        case 3:
          out.push_back(static_cast<char>(r));
          out.push_back(static_cast<char>(g));
          out.push_back(static_cast<char>(b));
          break;
        default: {  // 4: RGB_565, little-endian
          const unsigned v = (r >> 3) << 11 | (g >> 2) << 5 | (b >> 3);
          out.push_back(static_cast<char>(v & 0xff));
          out.push_back(static_cast<char>(v >> 8));
        }
      }
    }
  }
  return out;
}

// ---- the device's shell -----------------------------------------------------------------------

constexpr const char* kInputUsage11 =
    "Usage: input [<source>] [-d DISPLAY_ID] <command> [<arg>...]\n\n"
    "The sources are:\n      dpad\n      keyboard\n      mouse\n      touchpad\n      touchscreen\n      trackball\n\n"
    "The commands and default sources are:\n"
    "      text <string> (Default: touchscreen)\n"
    "      keyevent [--longpress|--doubletap] <key code number or name> ... (Default: keyboard)\n"
    "      tap <x> <y> (Default: touchscreen)\n"
    "      swipe <x1> <y1> <x2> <y2> [duration(ms)] (Default: touchscreen)\n"
    "      draganddrop <x1> <y1> <x2> <y2> [duration(ms)] (Default: touchscreen)\n"
    "      press (Default: trackball)\n"
    "      roll <dx> <dy> (Default: trackball)\n"
    "      motionevent <DOWN|UP|MOVE|CANCEL> <x> <y> (Default: touchscreen)\n";

constexpr const char* kInputUsage10 =
    "Usage: input [<source>] <command> [<arg>...]\n\n"
    "The sources are:\n      dpad\n      keyboard\n      mouse\n      touchpad\n      touchscreen\n      trackball\n\n"
    "The commands and default sources are:\n"
    "      text <string> (Default: touchscreen)\n"
    "      keyevent [--longpress] <key code number or name> ... (Default: keyboard)\n"
    "      tap <x> <y> (Default: touchscreen)\n"
    "      swipe <x1> <y1> <x2> <y2> [duration(ms)] (Default: touchscreen)\n"
    "      draganddrop <x1> <y1> <x2> <y2> [duration(ms)] (Default: touchscreen)\n"
    "      press (Default: trackball)\n"
    "      roll <dx> <dy> (Default: trackball)\n";

bool to_int(const std::string& s, int& v) {
  if (s.empty() || s.size() > 9 || !std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; }))
    return false;
  v = std::atoi(s.c_str());
  return true;
}

// What a command costs on the phone, ms (config costs=real|small|none, or cost_<what>_ms). "real" is
// what issue 16 measured on phones: every `input` (and `wm`) starts a Java program (~350 ms), a raw
// 1080p screencap takes ~250 ms, sendevent and getprop are small native programs. "small", the
// default, keeps the tests quick while still charging the slow commands more.
long long cost_ms(const Config& cfg, const std::string& what, std::uint64_t draw = 0) {
  const std::string level = cfg.get("costs", "small");
  static const std::map<std::string, std::array<long long, 3>> kCosts = {
      // real, small, none
      // The USB round trip and the device's shell: the fake's own start (30-60 ms, loading OpenCV)
      // already costs about that much, so nothing is added.
      {"adb", {0, 0, 0}},
      {"input", {350, 4, 0}},     // per `input` command
      {"screencap", {250, 2, 0}}, // per raw screencap (real: 250-700, drawn per screencap)
      {"sendevent", {3, 0, 0}},   // per sendevent line
      {"getevent", {40, 0, 0}},   // getevent -p
      {"dumpsys", {150, 0, 0}},   // dumpsys input
      {"wm", {300, 0, 0}},        // wm size / density (Java too)
      {"screenrecord", {300, 0, 0}},  // starting screenrecord (a virtual display, GL)
      {"frame", {100, 0, 0}},     // one streamed 1080p frame: GL read-back and ~6 MB over USB
  };
  const auto it = kCosts.find(what);
  if (it == kCosts.end()) return 0;
  const int column = level == "real" ? 0 : level == "none" ? 2 : 1;
  if (what == "screencap" && column == 0 && !cfg.kv.count("cost_screencap_ms")) {
    // A phone's screencap takes 250-700 ms (issue 26: its load, the screen's content, USB): drawn
    // per screencap from the phone's seed.
    cv::RNG rng(static_cast<std::uint64_t>(cfg.num("fault_seed", cfg.num("seed", 1))) * 7919ULL + draw);
    return rng.uniform(250, 701);
  }
  return cfg.num("cost_" + what + "_ms", it->second[static_cast<std::size_t>(column)]);
}

// Makes a command take its cost, counting the time the fake already spent on it since `start` (the
// fake's own rendering of a 1080p screen is part of a screencap's cost, not on top of it).
void charge(const Config& cfg, const std::string& what,
            std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now(), std::uint64_t draw = 0) {
  const auto ms = std::chrono::milliseconds(cost_ms(cfg, what, draw));
  const auto spent = std::chrono::steady_clock::now() - start;
  if (ms > spent) std::this_thread::sleep_for(ms - spent);
}

constexpr const char* kTouchDevice = "/dev/input/event2";

// `getevent -p` as a phone with a protocol-B touchscreen (ranges 0..touch_max, not the screen's
// pixels), its power keys, and a sensor hub prints it; getevent=none lists no touchscreen.
std::string getevent_p(const Config& cfg) {
  const std::string max = std::to_string(cfg.num("touch_max", 4095));
  std::string s =
      "add device 1: /dev/input/event0\n"
      "  name:     \"qpnp_pon\"\n"
      "  events:\n"
      "    KEY (0001): 0072  0074\n"
      "  input props:\n"
      "    <none>\n";
  if (cfg.get("getevent", "ok") != "none")
    s += "add device 2: " + std::string(kTouchDevice) + "\n"
         "  name:     \"fts_ts\"\n"
         "  events:\n"
         "    KEY (0001): 014a \n"
         "    ABS (0003): 002f  : value 0, min 0, max 9, fuzz 0, flat 0, resolution 0\n"
         "                0030  : value 0, min 0, max 255, fuzz 0, flat 0, resolution 0\n"
         "                0035  : value 0, min 0, max " + max + ", fuzz 0, flat 0, resolution 0\n"
         "                0036  : value 0, min 0, max " + max + ", fuzz 0, flat 0, resolution 0\n"
         "                0039  : value 0, min 0, max 65535, fuzz 0, flat 0, resolution 0\n"
         "                003a  : value 0, min 0, max 1023, fuzz 0, flat 0, resolution 0\n"
         "  input props:\n"
         "    INPUT_PROP_DIRECT\n";
  s += "add device 3: /dev/input/event3\n"
       "  name:     \"sensorhub\"\n"
       "  events:\n"
       "    ABS (0003): 0000  : value 0, min -32768, max 32767, fuzz 0, flat 0, resolution 0\n"
       "                0001  : value 0, min -32768, max 32767, fuzz 0, flat 0, resolution 0\n"
       "  input props:\n"
       "    <none>\n";
  return s;
}

// The one-off faults of fail_once=1, at places drawn from the phone's seed (fault_seed, else seed):
// which shell or exec-out command fails (`fail_command`, one of the 2nd to 7th) and which screencap
// comes cut short (`short_screencap`, one of the 2nd to 6th); -1 without fail_once, or the number
// the config gives (fail_command=N, short_screencap=N).
long long one_off(const Config& cfg, const std::string& what, int lo, int hi) {
  if (cfg.kv.count(what)) return cfg.num(what, -1);
  if (cfg.num("fail_once", 0) == 0) return -1;
  cv::RNG rng(static_cast<std::uint64_t>(cfg.num("fault_seed", cfg.num("seed", 1))) * 31ULL + (what == "fail_command" ? 1 : 2));
  return rng.uniform(lo, hi + 1);
}

// One shell command (words already split). Returns the exit status; output goes to out/err.
int run_command(Phone& phone, const std::vector<std::string>& w, std::string& out, std::string& err) {
  if (w.empty()) return 0;
  const Config& cfg = phone.cfg();
  const int rotation = static_cast<int>(cfg.num("rotation", 0) & 3);
  auto natural = [&](Size sz) { return rotation % 2 == 1 ? Size{sz.h, sz.w} : sz; };  // wm size: the panel's way up
  if (w[0] == "wm" && w.size() == 2 && w[1] == "size") {
    charge(cfg, "wm");
    Size p = natural(phone.physical());
    out += "Physical size: " + std::to_string(p.w) + "x" + std::to_string(p.h) + "\n";
    if (cfg.kv.count("override")) {
      Size o = natural(parse_size(cfg.get("override", ""), phone.physical()));
      out += "Override size: " + std::to_string(o.w) + "x" + std::to_string(o.h) + "\n";
    }
    return 0;
  }
  if (w[0] == "getevent" && w.size() == 2 && w[1] == "-p") {
    charge(cfg, "getevent");
    out += getevent_p(cfg);
    return 0;
  }
  if (w[0] == "dumpsys" && w.size() == 2 && w[1] == "input") {
    charge(cfg, "dumpsys");
    const Size t = phone.touch();
    out += "INPUT MANAGER (dumpsys input)\n\nInput Manager Service (Java) State:\n  Interactive: true\n\n"
           "Input Dispatcher State:\n  DispatchEnabled: true\n\nInput Reader State:\n  Device 2: fts_ts\n"
           "    Sources: 0x00001002\n  Configuration:\n    Viewport INTERNAL: displayId=0, uniqueId=local:0, port=0, "
           "orientation=" + std::to_string(rotation) + ", logicalFrame=[0, 0, " + std::to_string(t.w) + ", " +
           std::to_string(t.h) + "], physicalFrame=[0, 0, " + std::to_string(t.w) + ", " + std::to_string(t.h) +
           "], deviceSize=[" + std::to_string(natural(t).w) + ", " + std::to_string(natural(t).h) + "], isActive=[true]\n";
    return 0;
  }
  if (w[0] == "sendevent") {
    charge(cfg, "sendevent");
    if (w.size() != 5) {
      err += "usage: sendevent DEVICE TYPE CODE VALUE\n";
      return 1;
    }
    if (w[1] != kTouchDevice || cfg.get("getevent", "ok") == "none") {
      err += "could not open " + w[1] + ", No such file or directory\n";
      return 1;
    }
    if (cfg.get("sendevent", "ok") == "denied") {
      err += "could not open " + w[1] + ", Permission denied\n";
      return 1;
    }
    phone.kernel_event(std::atoi(w[2].c_str()), std::atoi(w[3].c_str()), std::atoi(w[4].c_str()));
    return 0;
  }
  if (w[0] == "wm" && w.size() == 2 && w[1] == "density") {
    charge(cfg, "wm");
    out += "Physical density: " + cfg.get("density", "320") + "\n";
    if (cfg.kv.count("density_override")) out += "Override density: " + cfg.get("density_override", "") + "\n";
    return 0;
  }
  if (w[0] == "getprop" && w.size() == 2) {
    if (w[1] == "ro.product.model") out += cfg.get("model", "Fake Phone 7") + "\n";
    else if (w[1] == "ro.build.version.sdk") out += cfg.num("motionevent", 1) ? "30\n" : "29\n";
    else out += "\n";
    return 0;
  }
  if (w[0] == "input") {
    charge(cfg, "input");
    std::size_t i = 1;
    if (i < w.size() && w[i] == "touchscreen") ++i;
    const bool has_motion = cfg.num("motionevent", 1) != 0;
    if (i >= w.size()) {
      err += has_motion ? kInputUsage11 : kInputUsage10;
      return 1;
    }
    const std::string& cmd = w[i];
    if (cmd == "keyevent") {
      if (i + 1 >= w.size()) {
        err += "Error: Invalid arguments for command: keyevent\n";
        return 1;
      }
      for (std::size_t k = i + 1; k < w.size(); ++k) phone.key(w[k]);
      return 0;
    }
    std::vector<int> n;
    for (std::size_t k = i + 1; k < w.size(); ++k) {
      int v = 0;
      if (cmd == "motionevent" && k == i + 1) continue;
      if (!to_int(w[k], v)) {
        err += "Error: Invalid arguments for command: " + cmd + "\n";
        return 1;
      }
      n.push_back(v);
    }
    if (cmd == "tap" && n.size() == 2) {
      phone.tap(n[0], n[1]);
      return 0;
    }
    if (cmd == "swipe" && (n.size() == 4 || n.size() == 5)) {
      phone.swipe(n[0], n[1], n[2], n[3]);
      return 0;
    }
    if (cmd == "motionevent" && has_motion && n.size() == 2 && i + 1 < w.size()) {
      const std::string& action = w[i + 1];
      if (action == "DOWN") phone.down(n[0], n[1]);
      else if (action == "MOVE") phone.move(n[0], n[1]);
      else if (action == "UP" || action == "CANCEL") phone.up(n[0], n[1]);
      else {
        err += "Error: Unknown action: " + action + "\n";
        return 1;
      }
      return 0;
    }
    if (cmd == "motionevent" && !has_motion) {
      err += "Error: Unknown command: motionevent\n";
      err += kInputUsage10;
      return 1;
    }
    err += "Error: Invalid arguments for command: " + cmd + "\n";
    err += has_motion ? kInputUsage11 : kInputUsage10;
    return 1;
  }
  if (w[0] == "screencap") {
    const auto start = std::chrono::steady_clock::now();
    if (w.size() > 1) {
      // `screencap -p` (PNG) is not simulated: puzzlebot never asks for it (raw is faster).
      err += "fake adb: screencap " + w[1] + " is not simulated\n";
      return 1;
    }
    cv::Mat img = phone.displayed_image();
    std::string raw = raw_screencap(img, static_cast<int>(cfg.num("format", 1)), static_cast<int>(cfg.num("header", 16)));
    const std::string fault = cfg.get("screencap", "ok");
    const long long nth = ++phone.game().screencaps;
    if (fault == "short" || nth == one_off(cfg, "short_screencap", 2, 6)) {
      if (fault != "short") phone.log("screencap cut short #" + std::to_string(nth));
      raw.resize(raw.size() / 2);
    }
    if (fault == "garbage") {
      cv::RNG rng(7);
      for (auto& c : raw) c = static_cast<char>(rng.uniform(0, 256));
    }
    out += raw;
    charge(cfg, "screencap", start, static_cast<std::uint64_t>(nth));
    return 0;
  }
  err += "/system/bin/sh: " + w[0] + ": inaccessible or not found\n";
  return 127;
}

// `screenrecord --output-format=frames [--size WxH] -`: AOSP's raw frame stream. Runs until its time
// limit (screenrecord_limit_s, 180 s as on phones) or until the reader goes away, sending a frame
// (20-byte header: packet length, width, height, stride, format RGB_888; then RGB rows) whenever
// the screen changes. It holds the phone's lock only while it looks at the state, so other commands
// run meanwhile, as on a phone. screenrecord=none: a phone without it.
int emit(const std::string& out, const std::string& err, int status);

int screenrecord(const std::string& dir, int lock, const std::vector<std::string>& words) {
  Config cfg = read_config(dir + "/config");
  if (cfg.get("screenrecord", "ok") == "none")
    return emit("/system/bin/sh: screenrecord: inaccessible or not found\n", "", 0);  // exec-out: all on stdout
  Size size{0, 0};
  bool frames = false;
  for (std::size_t i = 1; i < words.size(); ++i) {
    if (words[i] == "--output-format=frames") frames = true;
    if (words[i] == "--size" && i + 1 < words.size()) size = parse_size(words[++i], {0, 0});
  }
  if (!frames || words.back() != "-")
    return emit("fake adb: only 'screenrecord --output-format=frames [--size WxH] -' is simulated\n", "", 0);
  if (lock >= 0) ::flock(lock, LOCK_UN);
  charge(cfg, "screenrecord");
  const auto end = std::chrono::steady_clock::now() + std::chrono::seconds(cfg.num("screenrecord_limit_s", 180));
  std::string last_state;
  cv::Mat last_sent;
  // While a touch's animation runs with nothing else changing, its frames are blended from these
  // (no new Phone, no arena replay): a frame every ~15 ms even on a busy machine, as a phone's.
  Game anim;
  cv::Mat anim_before, anim_target;
  while (std::chrono::steady_clock::now() < end) {
    cv::Mat img;
    bool gone = false;
    if (lock >= 0) ::flock(lock, LOCK_EX);
    std::string state;
    {
      std::ifstream in(dir + "/game");
      std::stringstream ss;
      ss << in.rdbuf();
      state = ss.str();
    }
    // Draw again when the state changed, when a cleared level may move on by itself, or while a
    // touch's animation runs.
    long long anim_end = 0;
    if (auto at = state.find("\nanim "); at != std::string::npos) {
      long long start = 0;
      int delay = 0, ms = 0;
      if (std::sscanf(state.c_str() + at, "\nanim %lld %d %d", &start, &delay, &ms) == 3 && start != 0) anim_end = start + delay + ms;
    }
    const bool same = state == last_state && !last_sent.empty();
    if (same && now_ms() <= anim_end && !anim_target.empty()) {
      img = animation_frame(anim_before, anim_target, anim, now_ms());
    } else if (!same || state.find("cleared_at 0\n") == std::string::npos || now_ms() <= anim_end ||
               !anim_target.empty()) {  // the animation's last frame was sent: the end picture is due
      cfg = read_config(dir + "/config");
      Phone phone(dir, cfg);
      const long long disconnect_after = cfg.num("disconnect_after", 0);
      gone = disconnect_after > 0 && phone.game().commands >= disconnect_after;
      if (phone.error().empty() && !gone) {
        phone.tick();
        anim_target.release();
        if (now_ms() < phone.game().anim_end()) {
          anim = phone.game();
          anim_before = phone.load_before();
          anim_target = phone.screen_image();
          img = animation_frame(anim_before, anim_target, anim, now_ms());
        } else {
          img = phone.screen_image();
        }
        phone.save();
      }
      std::ifstream in(dir + "/game");
      std::stringstream ss;
      ss << in.rdbuf();
      last_state = ss.str();
    }
    if (lock >= 0) ::flock(lock, LOCK_UN);
    if (gone) return 0;  // the cable is pulled: the stream just ends
    if (!img.empty() && (size.w > 0 && size.h > 0)) cv::resize(img, img, {size.w, size.h}, 0, 0, cv::INTER_AREA);
    if (!img.empty() && (last_sent.empty() || last_sent.size() != img.size() || cv::norm(img, last_sent, cv::NORM_INF) != 0)) {
      const auto start = std::chrono::steady_clock::now();
      std::string packet;
      const auto w = static_cast<std::uint32_t>(img.cols), h = static_cast<std::uint32_t>(img.rows);
      put32(packet, 16 + w * 3 * h);
      put32(packet, w);
      put32(packet, h);
      put32(packet, w * 3);
      put32(packet, 3);
      packet.reserve(packet.size() + static_cast<std::size_t>(w) * h * 3);
      for (int y = 0; y < img.rows; ++y) {
        const auto* px = img.ptr<unsigned char>(y);
        for (int x = 0; x < img.cols; ++x, px += 3) {
          packet.push_back(static_cast<char>(px[2]));
          packet.push_back(static_cast<char>(px[1]));
          packet.push_back(static_cast<char>(px[0]));
        }
      }
      charge(cfg, "frame", start);
      if (std::fwrite(packet.data(), 1, packet.size(), stdout) != packet.size() || std::fflush(stdout) != 0) return 0;
      last_sent = img;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(15));
  }
  return 0;
}

// The device's /bin/sh, as far as puzzlebot may use it: words and `;`. Anything that would make a
// real shell do more (quotes, $, |, &, >, backquotes) is refused loudly, so a test catches the bot
// sending it.
int run_shell_line(Phone& phone, const std::string& line, std::string& out, std::string& err) {
  for (char c : line)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == ' ' || c == ';' || c == '.' || c == '-' || c == '_' ||
          c == '/')) {
      err += std::string("/system/bin/sh: fake adb refuses shell metacharacter '") + c + "'\n";
      return 2;
    }
  std::vector<std::vector<std::string>> commands(1);
  std::istringstream in(line);
  std::string word;
  while (in >> word) {
    // ';' may stand alone or stick to a word ("tap 1 2;").
    std::size_t start = 0;
    for (std::size_t k = 0; k <= word.size(); ++k) {
      if (k == word.size() || word[k] == ';') {
        if (k > start) commands.back().push_back(word.substr(start, k - start));
        if (k < word.size()) commands.emplace_back();
        start = k + 1;
      }
    }
  }
  int status = 0;
  for (const auto& c : commands) status = run_command(phone, c, out, err);
  return status;
}

int emit(const std::string& out, const std::string& err, int status) {
  std::fwrite(out.data(), 1, out.size(), stdout);
  std::fwrite(err.data(), 1, err.size(), stderr);
  return status;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  const char* dir_env = std::getenv("FAKE_ADB_STATE");
  if (dir_env == nullptr || *dir_env == '\0') return emit("", "fake adb: set FAKE_ADB_STATE to a folder\n", 1);
  const std::string dir = dir_env;
  const Config cfg = read_config(dir + "/config");

  // One command at a time, like one phone.
  int lock = ::open((dir + "/lock").c_str(), O_CREAT | O_RDWR | O_CLOEXEC, 0644);
  if (lock >= 0) ::flock(lock, LOCK_EX);

  std::string serial;
  if (args.size() >= 2 && args[0] == "-s") {
    serial = args[1];
    args.erase(args.begin(), args.begin() + 2);
  }
  if (args.empty()) return emit("", "adb: usage: no command given\n", 1);
  if (args[0] == "version") return emit("Android Debug Bridge version 1.0.41 (fake)\n", "", 0);

  const std::string my_serial = cfg.get("serial", "FAKE0001");
  const std::string devices = cfg.get("devices", "one");
  // Commands answered so far decide whether the phone is still there (disconnect_after).
  Phone phone(dir, cfg);
  if (!phone.error().empty()) return emit("", phone.error() + "\n", 1);
  Game& g = phone.game();
  std::string joined;
  for (const auto& a : args) joined += (joined.empty() ? "" : " ") + a;
  phone.log((serial.empty() ? "" : "-s " + serial + " ") + joined);
  const long long disconnect_after = cfg.num("disconnect_after", 0);
  const bool gone = disconnect_after > 0 && g.commands >= disconnect_after;

  if (args[0] == "devices") {
    std::string out = "List of devices attached\n";
    if (!gone) {
      if (devices == "one") out += my_serial + "\tdevice\n";
      if (devices == "unauthorized") out += my_serial + "\tunauthorized\n";
      if (devices == "offline") out += my_serial + "\toffline\n";
      if (devices == "two") out += my_serial + "\tdevice\n" + my_serial + "B\tdevice\n";
    }
    return emit(out + "\n", "", 0);
  }
  if (args[0] != "shell" && args[0] != "exec-out")
    return emit("", "adb: unknown command " + args[0] + " (the fake knows devices, shell, exec-out)\n", 1);

  // Which device answers.
  if (gone || devices == "none") {
    if (gone) phone.log("disconnected");
    return emit("", serial.empty() ? "error: no devices/emulators found\n" : "error: device '" + serial + "' not found\n", 1);
  }
  if (!serial.empty() && serial != my_serial && !(devices == "two" && serial == my_serial + "B"))
    return emit("", "error: device '" + serial + "' not found\n", 1);
  if (serial.empty() && devices == "two") return emit("", "error: more than one device/emulator\n", 1);
  if (devices == "unauthorized")
    return emit("", "error: device unauthorized.\nThis adb server's $ADB_VENDOR_KEYS is not set\n"
                    "Try 'adb kill-server' if that seems wrong.\nOtherwise check for a confirmation dialog on your device.\n", 1);
  if (devices == "offline") return emit("", "error: device offline\n", 1);

  ++g.commands;
  charge(cfg, "adb");
  phone.tick();
  if (args[0] == "exec-out" && args.size() > 1 && args[1] == "screenrecord") {
    phone.save();
    return screenrecord(dir, lock, std::vector<std::string>(args.begin() + 1, args.end()));
  }
  // adb joins the words after shell/exec-out with spaces; the device's shell splits them again.
  std::string line;
  for (std::size_t i = 1; i < args.size(); ++i) line += (i > 1 ? " " : "") + args[i];
  // fail_once: one command fails as adb's transport does now and then (exit 1, "error: closed"),
  // before it reaches the phone: nothing of it is done.
  if (++g.failable == one_off(cfg, "fail_command", 2, 7)) {
    phone.log("fail #" + std::to_string(g.failable) + ": error: closed");
    return emit("", "error: closed\n", 1);
  }
  // A touch that changes the screen starts an animation from what was displayed before it.
  const bool touches = line.find("input ") != std::string::npos || line.find("sendevent ") != std::string::npos;
  const cv::Mat shown = touches ? phone.displayed_image() : cv::Mat();
  std::string out, err;
  int status = run_shell_line(phone, line, out, err);
  if (touches) phone.animate_from(shown);
  if (args[0] == "exec-out") {  // exec-out has no separate stderr: it is interleaved into stdout
    return emit(out + err, "", 0);
  }
  return emit(out, err, status);
}
