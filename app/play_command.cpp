/* play_command.cpp: `puzzlebot play`: picks the game's Player and the desktop capture/input, then runs the loop. */
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <opencv2/core/persistence.hpp>
#include <thread>

#include "app/args.hpp"
#include "app/commands.hpp"
#include "app/play.hpp"
#include "app/play_arena.hpp"
#include "app/play_games.hpp"
#include "vision/sliding/reader.hpp"

#ifdef PB_HAVE_X11
#include "actuator/xdo_sink.hpp"
#include "capture/x11_source.hpp"
#endif

namespace pb::app {
namespace {

// The usage text; the games' lines come from the registry (play_games.cpp).
std::string help_text() {
  std::string games;
  for (const PlayGame& g : play_games()) {
    std::string line = "    " + std::string(g.name);
    line.resize(std::max<std::size_t>(line.size() + 1, 16), ' ');
    games += line + std::string(g.about) + " (window \"" + std::string(g.window) + "\")\n";
  }
  return "usage: puzzlebot play --game " + play_game_names() + " --window TITLE [options]\n" +
         R"(       puzzlebot play --game onestroke --adb [SERIAL] [options]   (a phone: see play --adb --help)

Plays a game in an X11 window until it is finished: capture, read the board, solve, then for each
move click or drag, wait until the window stops changing, check the screen shows the predicted
board (Fifteen and Pegs: by comparing cell pictures; the arena's games: by reading it again); when
it does not, plan again from what it shows.

games (--game G):
)" + games + R"(
options:
  --game G            the game, one of the above
  --window TITLE      the game's window title, exactly ("Fifteen", "Pegs", "puzzlebot arena")
  --window-substring  match TITLE anywhere in the title, ignoring case
  --window-id ID      the window by X id (0x... as 'xdotool search' prints), instead of a title
  --display D         the X display (default: $DISPLAY)
  --levels N          clear N boards in a row (default 1): Simon Tatham's games start a new game
                      ('n') after each; the arena brings its next level itself after LEVEL CLEARED
                      and puzzlebot waits for it (at most --next-level-ms)
  --next-level-ms N   the arena: longest wait for the next level's board, ms (default 15000)
  --dry-run           plan only: draw the moves over the captured window into a PNG, send no input
  --dry-run-out FILE  where --dry-run draws (default puzzlebot-dry-run.png)
  --profile P.yml     reader parameters (the node named after the game)
  --timeout-ms N      give up solving after N ms (default 20000)
  --pace MS           pause between the points of a drag, ms (default 15)
  --max-replans N     screen/prediction disagreements tolerated per board (default 3)
  --read-every-move   read the board (OCR) after every move instead of first comparing cell pictures
                      (the arena's games always read)
  --check             read the window once and print the board, whether it is finished and (Fifteen)
                      the status line; sends no input (used by the integration tests)
  -h, --help          this help

Safety: every click is checked to fall inside the game's window; if you move the mouse while it
plays, puzzlebot stops before its next move; Ctrl-C stops it between two moves.
Per-stage timings go to stderr.

exit status: 0 solved, 1 unsolvable, 2 bad input (no such window, window closed, mouse taken,
board unreadable), 3 gave up (time limit, Ctrl-C, the screen kept disagreeing).
)";
}

#ifdef PB_HAVE_X11
// --check: one grab, one read; prints what is on screen. Exit 0 when read (finished or not), 2 when not.
int check_window(capture::X11Source& source, Player& player) {
  auto frame = source.grab();
  if (!frame) return fail(frame.error().message);
  if (auto r = player.read(frame->bgr); !r) return fail("cannot read the board: " + r.error().message);
  std::printf("board:\n%s", player.board_text().c_str());
  if (!player.board_text().empty() && player.board_text().back() != '\n') std::printf("\n");
  std::printf("finished: %s\n", player.solved() ? "yes" : "no");
  if (player.game() == "sliding") {
    auto status = vision::sliding::read_status_line(frame->bgr);
    std::printf("status line: %s\n", status ? status->c_str() : ("(unreadable: " + status.error().message + ")").c_str());
  }
  if (player.game() == "pegs") {
    std::string text = player.board_text();
    std::size_t body = text.find('\n');
    long pegs = body == std::string::npos ? 0 : std::count(text.begin() + static_cast<long>(body), text.end(), 'o');
    std::printf("pegs: %ld\n", pegs);
  }
  return kExitSolved;
}
#endif

}  // namespace

int play_command(const std::vector<std::string>& args) {
  if (wants_adb(args)) return play_adb_command(args);  // a phone: app/play_onestroke_adb.cpp
  auto parsed = parse_args(args,
                           {{"help", false}, {"game", true}, {"window", true}, {"window-substring", false},
                            {"window-id", true}, {"display", true}, {"levels", true}, {"dry-run", false},
                            {"dry-run-out", true}, {"profile", true}, {"timeout-ms", true}, {"pace", true},
                            {"max-replans", true}, {"adb", false}, {"check", false}, {"read-every-move", false},
                            {"next-level-ms", true}},
                           "play");
  if (!parsed) return fail(parsed.error().message);
  if (parsed->has("help")) {
    std::fputs(help_text().c_str(), stdout);
    return kExitSolved;
  }
  if (!parsed->positional.empty()) return fail("play takes no INPUT: see 'puzzlebot play --help'");
  std::string game = parsed->get("game").value_or("");
  if (game.empty()) return fail("play needs --game " + play_game_names());
  const PlayGame* entry = find_play_game(game);
  if (entry == nullptr) return fail("play knows the games " + play_game_names() + ", not '" + game + "'");
  std::string title = parsed->get("window").value_or("");
  std::string id_text = parsed->get("window-id").value_or("");
  if (title.empty() && id_text.empty())
    return fail("play needs --window TITLE (the game's window title, e.g. \"Fifteen\") or --window-id ID");

  PlayOptions o;
  auto levels = parsed->get_int("levels", 1, 1, 10000);
  if (!levels) return fail(levels.error().message);
  o.levels = static_cast<int>(*levels);
  auto timeout = parsed->get_int("timeout-ms", 20000, 1, 24LL * 3600 * 1000);
  if (!timeout) return fail(timeout.error().message);
  o.solve_timeout = std::chrono::milliseconds(*timeout);
  auto pace = parsed->get_int("pace", 15, 0, 1000);
  if (!pace) return fail(pace.error().message);
  o.drag_step_pause = std::chrono::milliseconds(*pace);
  auto replans = parsed->get_int("max-replans", 3, 0, 1000);
  if (!replans) return fail(replans.error().message);
  o.max_replans = static_cast<int>(*replans);
  o.confirm_by_pixels = !parsed->has("read-every-move");
  o.dry_run = parsed->has("dry-run");
  o.dry_run_out = parsed->get("dry-run-out").value_or(o.dry_run_out);
  auto next_level_ms = parsed->get_int("next-level-ms", 15000, 1, 3600LL * 1000);
  if (!next_level_ms) return fail(next_level_ms.error().message);

  auto made = entry->make(parsed->get("profile").value_or(""));
  if (!made) return fail(made.error().message);
  std::unique_ptr<Player> player = std::move(*made);
  ArenaLevels* arena = nullptr;  // the arena's level flow, when the game is played there
  if (entry->flow == LevelFlow::kAdvancesItself) {
    auto wrapped = std::make_unique<ArenaLevels>(std::move(player));
    arena = wrapped.get();
    player = std::move(wrapped);
  }

#ifndef PB_HAVE_X11
  return fail("this puzzlebot was built without X11 and libxdo (PB_WITH_X11, libx11-dev libxext-dev libxdo-dev): "
              "it cannot play on the desktop");
#else
  capture::X11Options xo;
  xo.display = parsed->get("display").value_or("");
  xo.title = title;
  xo.exact_title = !parsed->has("window-substring");
  if (!id_text.empty()) {
    char* end = nullptr;
    xo.window_id = std::strtoul(id_text.c_str(), &end, 0);
    if (end == id_text.c_str() || *end != '\0' || xo.window_id == 0)
      return fail("--window-id wants an X window id such as 0x3a00007, not '" + id_text + "'");
  }
  auto source = capture::X11Source::open(xo);
  if (!source) return fail(source.error().message);

  if (parsed->has("check")) return check_window(**source, *player);

  install_stop_handlers();
  actuator::RecordingSink recorder;  // --dry-run: nothing reaches the screen
  std::unique_ptr<actuator::XdoSink> xdo;
  if (!o.dry_run) {
    actuator::XdoOptions ao;
    ao.display = xo.display;
    ao.window = (*source)->window_id();
    ao.title = (*source)->title();
    ao.cancel = &stop_requested();
    auto sink = actuator::XdoSink::open(ao);
    if (!sink) return fail(sink.error().message);
    xdo = std::move(*sink);
  }
  actuator::InputSink& sink = o.dry_run ? static_cast<actuator::InputSink&>(recorder) : *xdo;

  calibration::Size root = (*source)->root_size();
  o.to_input = [root](const capture::Frame& f) { return window_to_root(f.screen_rect, root); };
  o.cancel = &stop_requested();
  capture::X11Source& src = **source;
  if (xdo && arena != nullptr) {
    // The arena shows LEVEL CLEARED, then the next level by itself: wait (bounded) until it reads.
    o.next_level = [&src, arena, wait = std::chrono::milliseconds(*next_level_ms)]() {
      std::fprintf(stderr, "puzzlebot: level cleared (%s); waiting for the next one\n", arena->cleared_how().c_str());
      return arena->await_next_level(src, wait);
    };
  } else if (xdo) {
    // Simon Tatham's games start a new game on 'n'; wait (bounded) until the window shows it.
    o.next_level = [&src, &xdo]() -> Result<void> {
      auto before = src.grab();
      if (!before) return before.error();
      if (auto typed = xdo->press_key("n"); !typed) return typed;
      for (int i = 0; i < 80; ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(25));
        auto now = src.grab();
        if (!now) return now.error();
        if (now->bgr.size() != before->bgr.size() || cv::norm(now->bgr, before->bgr, cv::NORM_INF) > 0) return {};
      }
      return make_error("the game did not start a new board after 'n' within 2 s");
    };
  }

  PlayReport report = play(src, sink, *player, o);
  if (report.exit_status == kExitSolved) {
    std::printf("%s\n", report.message.c_str());
    return kExitSolved;
  }
  std::fprintf(stderr, "puzzlebot: %s\n", report.message.c_str());
  return report.exit_status;
#endif
}

}  // namespace pb::app
