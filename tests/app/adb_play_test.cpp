/* adb_play_test.cpp: `puzzlebot play --game G --adb` against the simulated phone: every game, levels, recovery, faults. */
// Every run is the real program against tests/fake_adb (a separate process answering as adb would,
// with rendered screens): the bot has to read the pixels, and the fake applies its touches by the
// game's rules, so a wrong transform, a misread or a bad plan shows up as a level not cleared.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>

#include "solvers/registry.hpp"
#include "tests/app/adb_fake_phone.hpp"
#include "tests/support/replay_check.hpp"

namespace pb::testing {
namespace {

int count(const std::string& text, const std::string& what) {
  int n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

// `play --json`'s plans (one a line: the board read and the moves planned from it) must each replay
// to the goal through the test's own rules; returns how many there were.
int expect_plans_replay(const std::string& out) {
  int n = 0;
  std::size_t pos = 0;
  while (pos < out.size()) {
    std::size_t nl = out.find('\n', pos);
    if (nl == std::string::npos) nl = out.size();
    ++n;
    EXPECT_EQ(replay::check_solved(out.substr(pos, nl - pos)), "") << "plan " << n << ": " << out.substr(pos, nl - pos);
    pos = nl + 1;
  }
  return n;
}

// The re-plans of play's closing line "(N moves sent, R re-plans)" (-1 when there is none).
int replans_of(const std::string& err) {
  const std::size_t at = err.rfind(" moves sent, ");
  if (at == std::string::npos) return -1;
  return std::atoi(err.c_str() + at + std::string(" moves sent, ").size());
}

// After a mishap on the phone (a lost or slipped touch): the plans after it start from the board it
// left (after a dead end: the level's start the replay button returns to) and replay from there,
// and the level is cleared.
void expect_recovered(const FakePhone& phone, const platform::ProcessOutput& r) {
  EXPECT_EQ(expect_plans_replay(r.out), 1 + replans_of(r.err)) << r.out;
  EXPECT_TRUE(phone.logged("cleared 1"));
}

// A finger lifted by sendevent (protocol B: the slot's tracking id set to -1).
constexpr const char* kLift = "sendevent /dev/input/event2 3 57 -1";

// A phone found gone (tests/fake_adb's disconnect_after) is asked nothing more: no retry, no other
// command after the one that found it gone.
void expect_nothing_asked_once_gone(const FakePhone& phone) {
  const std::string log = phone.log();
  EXPECT_EQ(count(log, "\ndisconnected\n"), 1) << log;
  EXPECT_TRUE(log.ends_with("\ndisconnected\n")) << log;
}

TEST(AdbPlay, ClearsThreeLevels) {
  // The phone lists a protocol-B touchscreen: touches go to it with sendevent, each level's path as
  // one continuous touch in one adb call.
  FakePhone phone({"seed=1"});
  auto r = phone.puzzlebot({"play", "--game", "onestroke", "--adb", "--levels", "3", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("solved 3 levels"), std::string::npos) << r.err;
  EXPECT_EQ(replans_of(r.err), 0) << r.err;
  EXPECT_EQ(expect_plans_replay(r.out), 3) << r.out;
  EXPECT_NE(r.err.find("touches by sendevent on /dev/input/event2"), std::string::npos) << r.err;
  for (const char* level : {"cleared 1", "cleared 2", "cleared 3"}) EXPECT_TRUE(phone.logged(level)) << phone.log();
  EXPECT_EQ(count(phone.log(), "shell sendevent"), 3) << phone.log();
  EXPECT_EQ(count(phone.log(), kLift), 3);
  EXPECT_FALSE(phone.logged("input motionevent"));
  EXPECT_FALSE(phone.logged("replay"));
}

TEST(AdbPlay, ScreensStreamedAndRestartedAtTheTimeLimit) {
  // screenrecord stops after its time limit (1 s here, 3 min on phones): the stream is started
  // again on the next grab, and the levels go on.
  FakePhone phone({"seed=4", "screenrecord_limit_s=1"});
  auto r = phone.puzzlebot({"play", "--game", "onestroke", "--adb", "--levels", "3"});
  ASSERT_EQ(r.exit_code, 0) << r.err << "\n" << phone.log();
  EXPECT_NE(r.err.find("by screenrecord frame stream"), std::string::npos) << r.err;
  EXPECT_GE(count(phone.log(), "exec-out screenrecord --output-format=frames -"), 2) << phone.log();
  EXPECT_FALSE(phone.logged("exec-out screencap"));
  EXPECT_TRUE(phone.logged("cleared 3"));
}

TEST(AdbPlay, PhoneUnpluggedWhileStreaming) {
  // The cable goes after a few commands: the stream ends, starting it again fails, and the run
  // stops with adb's complaint turned into what to do.
  FakePhone phone({"seed=1", "disconnect_after=6", "sendevent=denied"});
  auto r = phone.puzzlebot({"play", "--game", "onestroke", "--adb", "--levels", "3"});
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(last_line(r.err).find("no longer connected"), std::string::npos) << r.err;
  expect_nothing_asked_once_gone(phone);
}

TEST(AdbPlay, ScreencapWhenThePhoneDoesNotStream) {
  FakePhone phone({"seed=1", "screenrecord=none"});
  auto r = phone.puzzlebot({"play", "--game", "onestroke", "--adb"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("by raw screencap (phone "), std::string::npos) << r.err;
  EXPECT_NE(r.err.find(": screenrecord does not stream frames: the phone said: /system/bin/sh: "
                       "screenrecord: inaccessible or not found)"),
            std::string::npos)
      << r.err;
  EXPECT_TRUE(phone.logged("exec-out screencap"));
  EXPECT_TRUE(phone.logged("cleared 1"));
  auto forced = phone.puzzlebot({"play", "--game", "onestroke", "--adb", "--capture", "stream"});
  EXPECT_EQ(forced.exit_code, 2);
  EXPECT_NE(last_line(forced.err).find("try --capture screencap"), std::string::npos) << forced.err;
  auto bad = phone.puzzlebot({"play", "--game", "onestroke", "--adb", "--capture", "minicap"});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(last_line(bad.err).find("--capture takes auto, stream or screencap"), std::string::npos) << bad.err;
}

TEST(AdbPlay, PlaysAtARealPhonesCosts) {
  // The fake charges a phone's real costs (350 ms per `input`, 250-700 ms per screencap, 3 ms per
  // sendevent line, 300 ms per `wm`): the deadlines and waits must hold at that pace. The time per
  // level is measured by bench/play_phone.sh, not here.
  FakePhone phone({"seed=1", "costs=real"});
  auto r = phone.puzzlebot({"play", "--game", "onestroke", "--adb"});
  ASSERT_EQ(r.exit_code, 0) << r.err << "\n" << phone.log();
  EXPECT_NE(r.err.find("by screenrecord frame stream, touches by sendevent"), std::string::npos) << r.err;
  EXPECT_TRUE(phone.logged("cleared 1"));
}

TEST(AdbPlay, LooksThreeTimesALevelWithoutTheStream) {
  // A phone without the screen stream: every look is a screencap made on demand (250-700 ms at
  // real costs). A 7x7 level takes one look to read it, one drag, and one look to confirm it, made
  // once the move has had its time (400 ms; the animations here end within it): 3 looks, the look
  // at the next level reading it being the next level's first. Plus the one made to learn the
  // screenshots' size when the phone is opened. (Its time per level: bench/play_phone.sh.)
  constexpr int kLevels = 2;
  FakePhone phone({"seed=3", "min_side=7", "max_side=7", "costs=real", "screenrecord=none", "advance_ms=400",
                   "animation_ms=100-300"});
  auto r = phone.puzzlebot({"play", "--game", "onestroke", "--adb", "--levels", std::to_string(kLevels)});
  ASSERT_EQ(r.exit_code, 0) << r.err << "\n" << phone.log();
  EXPECT_NE(r.err.find("by raw screencap"), std::string::npos) << r.err;
  EXPECT_TRUE(phone.logged("cleared " + std::to_string(kLevels)));
  EXPECT_LE(count(phone.log(), "exec-out screencap"), 1 + 3 * kLevels) << phone.log();
  EXPECT_EQ(count(phone.log(), kLift), kLevels);  // one drag a level
}

TEST(AdbPlay, MotionEventWhenForced) {
  FakePhone phone({"seed=1"});
  auto r = phone.puzzlebot({"play", "--game", "onestroke", "--adb", "--touch", "motionevent"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("touches by input motionevent"), std::string::npos) << r.err;
  // One continuous touch: exactly one DOWN and one UP.
  EXPECT_EQ(count(phone.log(), "motionevent DOWN"), 1) << phone.log();
  EXPECT_EQ(count(phone.log(), "motionevent UP"), 1);
  EXPECT_FALSE(phone.logged("getevent"));
  EXPECT_TRUE(phone.logged("cleared 1"));
}

TEST(AdbPlay, FallsBackToMotionEventWhenSendeventIsRefused) {
  // The device node is not writable by the shell user (some vendors): the first gesture is refused,
  // nothing was touched, and it goes again as motionevents.
  FakePhone phone({"seed=1", "sendevent=denied"});
  auto r = phone.puzzlebot({"play", "--game", "onestroke", "--adb"});
  ASSERT_EQ(r.exit_code, 0) << r.err << "\n" << phone.log();
  EXPECT_TRUE(phone.logged("shell sendevent"));
  EXPECT_EQ(count(phone.log(), "motionevent DOWN"), 1) << phone.log();
  EXPECT_TRUE(phone.logged("cleared 1"));
  auto forced = phone.puzzlebot({"play", "--game", "onestroke", "--adb", "--touch", "sendevent"});
  EXPECT_EQ(forced.exit_code, 2);
  EXPECT_NE(last_line(forced.err).find("refused sendevent"), std::string::npos) << forced.err;
}

TEST(AdbPlay, RecoversADroppedGestureAndAFingerLiftedEarly) {
  // Level 1's drag is lost whole (the board does not change: the loop waits, reads, re-plans and
  // sends it again); the finger of the next drag lifts after three cells (re-planned from there).
  FakePhone phone({"seed=1", "drop_gesture=1", "lift_early=2"});
  auto r = phone.puzzlebot({"play", "--game", "onestroke", "--adb", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err << "\n" << phone.log();
  EXPECT_TRUE(phone.logged("drop gesture down #1"));
  EXPECT_TRUE(phone.logged("lift early #2"));
  EXPECT_EQ(count(phone.log(), kLift), 3) << phone.log();
  expect_recovered(phone, r);
}

TEST(AdbPlay, UpsideDownDisplayTouchedThroughThePanelsAxes) {
  // The display is turned half round and the panel's range is not the screen's: raw touch
  // coordinates must be turned back to the panel's axes. (Quarter turns: adb_fake_arena_test.)
  FakePhone phone({"seed=2", "rotation=2", "touch_max=1023"});
  auto r = phone.puzzlebot({"play", "--game", "onestroke", "--adb"});
  ASSERT_EQ(r.exit_code, 0) << r.err << "\n" << phone.log();
  EXPECT_NE(r.err.find("x 0..1023, y 0..1023, rotation 180"), std::string::npos) << r.err;
  EXPECT_TRUE(phone.logged("cleared 1"));
}

TEST(AdbPlay, RecoversFromADroppedTouch) {
  // The 4th touch event (a MOVE in the middle of the first drag) is lost: the cat stops short,
  // the rest of the drag is ignored by the game, and the bot must re-plan from the mid-level board.
  FakePhone phone({"seed=1", "drop_touch=4"});
  auto r = phone.puzzlebot({"play", "--game", "onestroke", "--adb", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err << "\n" << phone.log();
  EXPECT_TRUE(phone.logged("drop move #4"));
  EXPECT_NE(r.err.find("re-planning from what it shows"), std::string::npos) << r.err;
  EXPECT_EQ(count(phone.log(), kLift), 2);  // the first drag, and the rest from the mid-level board
  expect_recovered(phone, r);
}

TEST(AdbPlay, RestartsADeadEndWithTheReplayButton) {
  // A touch slips onto the wrong cell, leaving a board that cannot be finished: replay, then redo.
  FakePhone phone({"seed=1", "slip_touch=3"});
  auto r = phone.puzzlebot({"play", "--game", "onestroke", "--adb", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err << "\n" << phone.log();
  EXPECT_TRUE(phone.logged("slip to"));
  EXPECT_TRUE(phone.logged("replay")) << phone.log();
  EXPECT_NE(r.err.find("replay button"), std::string::npos) << r.err;
  expect_recovered(phone, r);
}

TEST(AdbPlay, TapsCellByCellWithoutMotionEvent) {
  // An older phone: RGB_565, 12-byte header, and no touchscreen the shell may write to.
  FakePhone phone({"seed=2", "motionevent=0", "format=4", "header=12", "getevent=none"});
  auto r = phone.puzzlebot({"play", "--game", "onestroke", "--adb"});
  ASSERT_EQ(r.exit_code, 0) << r.err << "\n" << phone.log();
  EXPECT_TRUE(phone.logged("shell input tap "));
  EXPECT_FALSE(phone.logged("motionevent DOWN"));
  EXPECT_TRUE(phone.logged("cleared 1"));
}

TEST(AdbPlay, DryRunOnTheNamedPhoneAmongTwoTouchesNothing) {
  FakePhone phone({"devices=two", "serial=PHONEA"});
  const std::string png = phone.dir() + "/plan.png";
  auto r = phone.puzzlebot({"play", "--game", "onestroke", "--adb", "PHONEAB", "--dry-run", "--dry-run-out", png});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(phone.logged("-s PHONEAB exec-out screenrecord"));
  EXPECT_FALSE(phone.logged("-s PHONEA exec-out"));
  EXPECT_TRUE(std::filesystem::exists(png));
  EXPECT_FALSE(phone.logged("input"));
}

// The arena's games on a phone: the same `play` command and loop as on the desktop, only the device
// differs. The fake phone is the referee: its log says "cleared N" only when its own rules say so.
struct PhoneGame {
  std::string fake_game;  // the fake's game= (what the phone shows)
  std::string game;       // puzzlebot's --game
  int levels;
  std::string capture = "stream";  // "screencap": the phone has no screen stream (and real costs)
};

void PrintTo(const PhoneGame& g, std::ostream* os) { *os << g.fake_game << " x" << g.levels << " " << g.capture; }

class AdbEveryGame : public ::testing::TestWithParam<PhoneGame> {};

TEST_P(AdbEveryGame, ClearsLevelsOnThePhone) {
  const PhoneGame& g = GetParam();
  // The phone's sliding app shows GNOME Taquin's own picture (package gnome-taquin, scripts/setup.sh).
  if (g.fake_game == "sliding" && !std::filesystem::exists("/usr/share/gnome-taquin/themes/numbers/3-numbers.png"))
    GTEST_SKIP() << "GNOME Taquin's pictures are not installed (scripts/setup.sh)";
  // Sliding and Pegs wait for "new game" once solved, as Taquin and Simon Tatham's games do (the
  // loop's last word is a reading of the finished board): the fake deals the next board only on the
  // device's new-game key ('n', `input keyevent KEYCODE_N`), never by itself. Short scrambles keep
  // their two levels cheap.
  // Every game plays against a phone as it is: touches animate (tests/fake_adb: 100-400 ms), one
  // adb command fails once and one screencap comes cut short (fail_once, placed by the phone's
  // seed); `capture` screencap: a phone without the stream, each look costing 250-700 ms.
  const bool waits_for_new_game = g.game == "sliding" || g.game == "pegs";
  std::vector<std::string> config{"game=" + g.fake_game, "seed=3", "fail_once=1"};
  if (g.capture == "screencap") config.insert(config.end(), {"screenrecord=none", "costs=real"});
  if (waits_for_new_game) config.insert(config.end(), {"advance_ms=600000", "scramble=4"});
  else config.push_back("advance_ms=400");
  FakePhone phone(config);
  const std::string levels = std::to_string(g.levels);
  auto r = phone.puzzlebot({"play", "--game", g.game, "--adb", "--levels", levels, "--json"}, true, 120);
  ASSERT_EQ(r.exit_code, 0) << r.err << "\n" << phone.log();
  EXPECT_TRUE(phone.logged("error: closed")) << phone.log();  // the one-off failures happened, and were got over
  if (g.capture == "screencap") {
    EXPECT_TRUE(phone.logged("screencap cut short")) << phone.log();
  }
  EXPECT_NE(r.err.find("playing " + g.game + " on phone FAKE"), std::string::npos) << r.err;
  // One plan a level and one per re-plan, each replayed from the board it was read on.
  const int replans = replans_of(r.err);
  ASSERT_GE(replans, 0) << r.err;
  EXPECT_EQ(expect_plans_replay(r.out), g.levels + replans) << r.out;
  for (int level = 1; level <= g.levels; ++level)
    EXPECT_TRUE(phone.logged("cleared " + std::to_string(level))) << phone.log();
  if (waits_for_new_game) {
    // One new game between two levels, none after the last.
    EXPECT_EQ(count(phone.log(), "shell input keyevent KEYCODE_N"), g.levels - 1) << phone.log();
    EXPECT_EQ(count(phone.log(), "\nnew game\n"), g.levels - 1) << phone.log();
  } else {
    EXPECT_FALSE(phone.logged("keyevent"));
  }
  EXPECT_FALSE(phone.logged("cleared " + std::to_string(g.levels + 1)));
}

// Every game of the solver registry (PB_GAMES, solvers/CMakeLists.txt): a game added there has a
// phone play test at once, which fails until the simulated phone can show it.
std::vector<PhoneGame> every_game() {
  std::vector<PhoneGame> out;
  for (const solvers::Game* game : solvers::games()) {
    const std::string name(game->name);
    // One-stroke as the arena draws it (一笔画完 itself is played by the AdbPlay tests above).
    const std::string shown = name == "onestroke" ? "arena-onestroke" : name;
    // Games of many moves play one level (a move takes its animation and a check), the rest two.
    out.push_back({shown, name, name == "knight" || name == "river" ? 1 : 2});
  }
  // Without the stream, at a phone's costs: games with few moves (a second a move).
  for (const char* name : {"hanoi", "river", "sliding"}) out.push_back({name, name, 1, "screencap"});
  return out;
}

INSTANTIATE_TEST_SUITE_P(Arena, AdbEveryGame, ::testing::ValuesIn(every_game()),
                         [](const auto& info) {
                           std::string name = info.param.fake_game + (info.param.capture == "stream" ? "" : "_screencap");
                           std::replace(name.begin(), name.end(), '-', '_');
                           return name;
                         });

struct Fault {
  std::string config;
  std::string expect;  // in the last line of stderr
  bool real_adb_path = true;
};

class AdbFaults : public ::testing::TestWithParam<Fault> {};

TEST_P(AdbFaults, ExitTwoWithOneLine) {
  const Fault& f = GetParam();
  FakePhone phone({f.config});
  std::vector<std::string> args{"play", "--game", "onestroke", "--adb", "--levels", "3"};
  if (!f.real_adb_path) {
    args.push_back("--adb-path");
    args.push_back("/nonexistent/adb");
  }
  auto r = phone.puzzlebot(args, f.real_adb_path);
  EXPECT_EQ(r.exit_code, 2) << r.err;
  const std::string line = last_line(r.err);
  EXPECT_TRUE(line.starts_with("puzzlebot: ")) << r.err;
  EXPECT_NE(line.find(f.expect), std::string::npos) << r.err;
  EXPECT_FALSE(phone.logged("cleared 3"));
  if (f.config.find("disconnect_after") != std::string::npos) expect_nothing_asked_once_gone(phone);
}

INSTANTIATE_TEST_SUITE_P(
    Faults, AdbFaults,
    ::testing::Values(Fault{"devices=none", "no phone attached"},
                      Fault{"devices=unauthorized", "Allow USB debugging"},
                      Fault{"devices=two", "name one with --adb SERIAL"},
                      Fault{"devices=offline", "offline"},
                      Fault{"disconnect_after=7", "no longer connected"},
                      Fault{"disconnect_after=9\nscreenrecord=none", "no longer connected"},
                      Fault{"screencap=short\nscreenrecord=none", "cut short or garbled"},
                      Fault{"screencap=garbage\nscreenrecord=none", "garbled"},
                      Fault{"seed=1", "not found (install the adb package", false}));

}  // namespace
}  // namespace pb::testing
