/* play_command.cpp: `puzzlebot play`: picks the game's Player and the device (window or phone), then runs the loop. */
#include <algorithm>
#include <string>
#include <string_view>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <opencv2/core/persistence.hpp>
#include <thread>
#include <tuple>
#include <vector>

#include "app/adb_phone.hpp"
#include "app/args.hpp"
#include "app/commands.hpp"
#include "app/play.hpp"
#include "app/play_arena.hpp"
#include "app/play_device.hpp"
#include "app/play_games.hpp"


namespace pb::app {
namespace {

// "default 15; 5 for a and b": an option's default, from the games' entries (the value most of
// them keep, then the others by game).
std::string default_words(int PlayGame::*field) {
  const PlayGame usual{};
  std::string out = "default " + std::to_string(usual.*field);
  std::vector<int> values;
  for (const PlayGame& g : play_games())
    if (g.*field != usual.*field && std::find(values.begin(), values.end(), g.*field) == values.end())
      values.push_back(g.*field);
  for (int v : values) {
    std::vector<std::string_view> names;
    for (const PlayGame& g : play_games())
      if (g.*field == v) names.push_back(g.name);
    out += "; " + std::to_string(v) + " for ";
    for (std::size_t i = 0; i < names.size(); ++i) {
      if (i > 0) out += i + 1 == names.size() ? " and " : ", ";
      out += names[i];
    }
  }
  return out;
}

// The usage text; the games' lines and the per-game defaults come from the registry (play_games.cpp).
std::string help_text() {
  std::string games;
  for (const PlayGame& g : play_games()) {
    std::string line = "    " + std::string(g.name);
    line.resize(std::max<std::size_t>(line.size() + 1, 16), ' ');
    games += line + std::string(g.about) + " (window \"" + std::string(g.window) + "\")\n";
  }
  return "usage: puzzlebot play --game " + play_game_names() + " --window TITLE [options]\n" +
         "       puzzlebot play --game " + play_game_names() + " --adb [SERIAL] [options]\n" +
         R"(
Plays a game in an X11 window or on an Android phone until it is finished: capture, read the
board, solve, then for each move click, tap or drag, wait until the move has begun and ended on
screen, check it shows the predicted board (games whose moves swap cell pictures: by comparing the
pictures of the cells it moves, and a move that shows no change is sent once more; the other games:
by reading it again); when it does not, plan again from what it shows. Every game plays on either
device: the same loop, only the capture and the input differ.

games (--game G):
)" + games + R"(
options:
  --game G            the game, one of the above
  --window TITLE      the game's window title, exactly (as listed above: "puzzlebot arena"); a
                      browser page's title also matches its window "TITLE - Chromium"
  --adb [SERIAL]      play on a phone over adb instead (the serial from 'adb devices'; optional
                      when only one is attached); see docs/PLAY-PHONE.md
  --adb-path PATH     the adb program (default: adb on PATH)
  --touch METHOD      phone: auto (default: the fastest the phone takes), sendevent, motionevent or
                      input (a forced method never falls back)
  --capture METHOD    phone: auto (default: a screenrecord frame stream if the phone streams, else
                      raw screencap), stream or screencap
  --window-substring  match TITLE anywhere in the title, ignoring case
  --window-id ID      the window by X id (0x... as 'xdotool search' prints), instead of a title
  --display D         the X display (default: $DISPLAY)
  --levels N          clear N boards in a row (default 1): Simon Tatham's games start a new game
                      ('n', desktop only) after each; the arena and 一笔画完 bring their next level
                      themselves and puzzlebot waits for it (at most --next-level-ms)
  --next-level-ms N   longest wait for the next level's board, ms (default 15000; a phone profile's
                      level_pause_ms is added)
  --dry-run           plan only: draw the moves over the captured window into a PNG, send no input
  --dry-run-out FILE  where --dry-run draws (default puzzlebot-dry-run.png)
  --profile P.yml     reader parameters (the node named after the game); for a phone also its
                      screen transform and timings ('puzzlebot calibrate --adb --out P.yml'); on
                      the desktop its timings drag_step_ms and tap_ms set --pace and --tap-pause
  --timeout-ms N      give up solving after N ms (default 20000)
  --pace MS           pause between the points of a drag, ms ()" + default_words(&PlayGame::drag_pace_ms) + R"()
  --tap-pause MS      desktop: pause between pointer move, press and release, ms
                      ()" + default_words(&PlayGame::tap_pause_ms) + R"()
  --max-replans N     screen/prediction disagreements tolerated per board (default 3; 4 on a phone;
                      a re-plan shorter than what was left of the old plan is not counted)
  --read-every-move   read the board (OCR) after every move instead of first comparing cell pictures
                      (the arena's games always read)
  --json              print each plan (the first and every re-plan) on stdout as 'solve --json'
                      prints it: the board read and its moves, one object a line; the closing line
                      ('N moves sent, R re-plans') then goes to stderr
  --check             read the screen once and print the board, whether it is finished and (Fifteen)
                      the status line; sends no input (used by the integration tests); a screen
                      caught mid-animation is grabbed again for up to a second
  -h, --help          this help

Safety: every click is checked to fall inside the game's window (every touch inside the phone's
screen); if you move the mouse while it plays, puzzlebot stops before its next move; Ctrl-C stops
it between two moves. A board cut by the window's edge is never played: in a window it is first
scrolled into view with the mouse wheel (a browser page; the profile's scroll node bounds it), and
when it cannot be shown whole puzzlebot stops with exit status 2. On a phone only taps, swipes and touch moves are sent. Per-stage timings go
to stderr.

exit status: 0 solved (also when the board leaves the screen after the move that finishes it: the
game's end screen), 1 unsolvable, 2 bad input (no such window, window closed, no phone, phone
disconnected, board unreadable), 3 gave up (time limit, Ctrl-C, mouse taken, the screen kept
disagreeing, a level was not cleared).
)";
}

// --check: one read; prints what is on screen. Exit 0 when read (finished or not), 2 when not. A
// game may be mid-animation when asked (Fifteen flashes its tiles for ~0.5 s when solved, and a
// check started right after the last move lands in it): a failed read is tried again on fresh grabs
// for up to a second before it is reported.
int check_screen(capture::FrameSource& source, const PlayGame& game, Player& player) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(1);
  auto frame = source.grab();
  for (;;) {
    if (!frame) return fail(frame.error());
    auto r = player.read(frame->bgr);
    if (r) break;
    if (stop_requested().load()) return fail(stopped_by_user("while the board was read"));
    if (std::chrono::steady_clock::now() >= deadline) return fail("cannot read the board: " + r.error().text());
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    frame = source.grab();
  }
  std::printf("board:\n%s", player.board_text().c_str());
  if (!player.board_text().empty() && player.board_text().back() != '\n') std::printf("\n");
  std::printf("finished: %s\n", player.solved() ? "yes" : "no");
  if (game.check_lines) game.check_lines(frame->bgr, player.board_text());
  return kExitSolved;
}

// The profile's `scroll` node (max_steps: wheel turns, notches: per turn), over the defaults.
Result<ScrollOptions> scroll_options(const calibration::ProfileDoc& profile) {
  ScrollOptions so;
  if (profile.empty()) return so;
  const cv::FileNode node = profile.node("scroll");
  if (node.empty()) return so;
  for (auto [key, field, most] : {std::tuple{"max_steps", &so.max_steps, 200}, std::tuple{"notches", &so.notches, 50}}) {
    const cv::FileNode v = node[key];
    if (v.empty()) continue;
    if (!v.isInt() || static_cast<int>(v) < 1 || static_cast<int>(v) > most)
      return make_error(profile.path() + ": scroll." + key + " must be a whole number from 1 to " + std::to_string(most));
    *field = static_cast<int>(v);
  }
  return so;
}

}  // namespace

int play_command(const std::vector<std::string>& raw_args) {
  std::vector<OptionSpec> specs = {{"game", true},        {"levels", true},     {"dry-run", false},
                                   {"dry-run-out", true}, {"profile", true},    {"timeout-ms", true},
                                   {"pace", true},        {"max-replans", true}, {"check", false},
                                   {"read-every-move", false}, {"next-level-ms", true}, {"json", false}};
  for (auto* more : {&window_device_args, &phone_device_args})
    for (const OptionSpec& o : more()) specs.push_back(o);
  auto start = start_command(with_adb_value(raw_args), specs, "play", help_text());
  const ParsedArgs* parsed = std::get_if<ParsedArgs>(&start);
  if (!parsed) return std::get<int>(start);
  if (!parsed->positional.empty()) return fail("play takes no INPUT: see 'puzzlebot play --help'");
  std::string game = parsed->get("game").value_or("");
  if (game.empty()) return fail("play needs --game " + play_game_names());
  const PlayGame* entry = find_play_game(game);
  if (entry == nullptr) return fail("play knows the games " + play_game_names() + ", not '" + game + "'");
  const bool phone = parsed->has("adb");
  if (phone && (parsed->has("window") || parsed->has("window-id")))
    return fail("play takes --window or --adb, not both");

  PlayOptions o;
  auto levels = parsed->get_int("levels", 1, 1, 100000);
  if (!levels) return fail(levels.error().text());
  o.levels = static_cast<int>(*levels);
  auto timeout = parsed->get_int("timeout-ms", 20000, 1, 24LL * 3600 * 1000);
  if (!timeout) return fail(timeout.error().text());
  o.solve_timeout = std::chrono::milliseconds(*timeout);
  auto pace = parsed->get_int("pace", entry->drag_pace_ms, 0, 1000);
  if (!pace) return fail(pace.error().text());
  o.drag_step_pause = std::chrono::milliseconds(*pace);
  // What the device to be opened can do (a phone's streaming is known once it is open).
  const DeviceAbilities abilities = phone ? kPhoneAbilities : kWindowAbilities;
  // A touch may slip or be lost: one more re-plan by default.
  auto replans = parsed->get_int("max-replans", abilities.pointer == DeviceAbilities::Pointer::kTouch ? 4 : 3, 0, 1000);
  if (!replans) return fail(replans.error().text());
  o.max_replans = static_cast<int>(*replans);
  o.confirm_by_pixels = !parsed->has("read-every-move");
  // Only in the game's own window (never on a phone: --window and --adb exclude each other):
  // --game sliding also plays GNOME Taquin and phone games.
  o.pipeline = entry->pipeline && parsed->get("window").value_or("") == entry->window;
  o.dry_run = parsed->has("dry-run");
  o.dry_run_out = parsed->get("dry-run-out").value_or(o.dry_run_out);
  auto next_level_ms = parsed->get_int("next-level-ms", 15000, 1, 3600LL * 1000);
  if (!next_level_ms) return fail(next_level_ms.error().text());
  o.next_level_timeout = std::chrono::milliseconds(*next_level_ms);
  o.cancel = &stop_requested();
  // --json: stdout holds only the plans' JSON lines; the closing line goes to stderr with the log.
  const bool json = parsed->has("json");
  if (json) o.json = stdout;

  // The profile is read once; the reader and (on a phone) the device take what they need from it.
  auto profile = calibration::ProfileDoc::open(parsed->get("profile").value_or(""));
  if (!profile) return fail(profile.error());
  std::vector<std::string> reader_nodes;
  for (const PlayGame& g : play_games()) reader_nodes.emplace_back(g.name);
  if (auto keys = profile->check_keys(reader_nodes); !keys) return fail(keys.error().text());
  auto made = entry->make(PlayContext{*profile, abilities});
  if (!made) return fail(made.error());
  std::unique_ptr<Player> player = std::move(*made);
  NextLevel* const next_level = capability<NextLevel>(*player);  // games whose next level comes by itself

  auto device = phone ? open_phone_device(*parsed, *profile, o.dry_run, o) : open_window_device(*parsed, *profile, o.dry_run, o, entry->tap_pause_ms);
  // Opening the device waits (adb's server starting, the phone's first screenshot): a Ctrl-C meanwhile
  // stops that wait, or (a step that cannot look) is seen right after it; either way exit 3.
  if (!device) return fail(device.error());
  if (stop_requested().load()) return fail(stopped_by_user("while opening the " + std::string(phone ? "phone" : "window")));
  input_begins();
  capture::FrameSource& source = *device->source;
  if (parsed->has("check")) return check_screen(source, *entry, *player);
  std::fprintf(stderr, "puzzlebot: playing %s on %s\n", std::string(entry->name).c_str(), device->what.c_str());

  o.to_input = device->to_input;
  if (!o.dry_run && device->scroll) {
    // A board cut by the window's edge (a page scrolled) is wheeled into view first, or refused. A
    // device that cannot scroll (a phone) spends no look on it: the loop's first read refuses a cut
    // board with the same code, and a stream-less phone's look is dear.
    auto so = scroll_options(*profile);
    if (!so) return fail(so.error());
    so->cancel = o.cancel;
    if (auto shown = scroll_board_into_view(source, *player, device->scroll, *so, stderr); !shown) return fail(shown.error());
  }
  if (o.dry_run) {
    o.levels = 1;
  } else if (entry->flow == LevelFlow::kAdvancesItself) {
    o.next_level = [&source, next_level, &player, &o]() -> Result<void> {
      if (next_level == nullptr)
        return make_error(std::string(player->game()) + " does not start its next level by itself");
      std::fprintf(stderr, "puzzlebot: level cleared (%s); waiting for the next one\n", next_level->cleared_how().c_str());
      return next_level->await_next_level(source, o.next_level_timeout, o.poll * 2, o.cancel);
    };
  } else if (device->new_game) {
    o.next_level = device->new_game;
  }

  PlayReport report = play(source, *device->sink, *player, o);
  if (report.exit_status == kExitSolved && !o.dry_run && next_level != nullptr && next_level->cleared_by_vanishing()) {
    // The last level's board went away after the final move: the next level showing confirms it
    // was cleared, and the same board coming back unfinished says it was not.
    auto next = next_level->await_next_level(source, o.next_level_timeout, o.poll * 2, o.cancel);
    if (!next && (next.error().is(ErrorCode::kNotCleared) || next.error().is(ErrorCode::kDeviceGone) ||
                  next.error().is(ErrorCode::kInterrupted))) {
      std::fprintf(stderr, "puzzlebot: %s\n", next.error().text().c_str());
      return exit_status(next.error().code);
    }
    if (!next) report.message += " (the last level's board left the screen; " + next.error().text() + ")";
  }
  if (report.exit_status == kExitSolved) {
    std::fprintf(json ? stderr : stdout, "%s\n", report.message.c_str());
    return kExitSolved;
  }
  std::fprintf(stderr, "puzzlebot: %s\n", report.message.c_str());
  // An error is mapped where every command maps one; an outcome (unsolvable, gave up) is the loop's.
  return report.error ? exit_status(report.error->code) : report.exit_status;
}

}  // namespace pb::app
