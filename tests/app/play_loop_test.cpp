/* play_loop_test.cpp: the play loop against simulated games: lost clicks are sent again, wrong ones re-plan, errors stop it cleanly. */
#include <algorithm>
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <opencv2/imgcodecs.hpp>
#include <set>

#include "app/commands.hpp"
#include "app/play.hpp"
#include "app/play_players.hpp"
#include "solvers/pegs/rules.hpp"
#include "solvers/sliding/rules.hpp"
#include "tests/support/replay_check.hpp"

namespace pb::app {
namespace {

namespace sliding = solvers::sliding;
namespace pegs = solvers::pegs;
using SlidingPlayer = GamePlayer<sliding::Rules>;
using PegsPlayer = GamePlayer<pegs::Rules>;

constexpr int kCell = 10;                      // simulated cell size, frame pixels
const cv::Rect kWindow(100, 50, 0, 0);         // where the simulated window sits on the "screen"
constexpr calibration::Size kRoot{1000, 800};

// A window showing a grid of cells, each one grey level; the mouse maps back to cells.
class SimScreen : public capture::FrameSource {
 public:
  explicit SimScreen(std::function<cv::Mat()> render) : render_(std::move(render)) {}
  Result<capture::Frame> grab() override {
    ++grabs;
    if (close_after_grabs > 0 && grabs > close_after_grabs)
      return make_error(ErrorCode::kDeviceGone, "window 'Sim' is gone: was the game closed?");
    capture::Frame f;
    f.bgr = render_();
    f.screen_rect = cv::Rect(kWindow.x, kWindow.y, f.bgr.cols, f.bgr.rows);
    f.origin = "sim";
    return f;
  }
  int grabs = 0;
  int close_after_grabs = 0;  // > 0: grabs after this many fail as if the window closed

 private:
  std::function<cv::Mat()> render_;
};

// Records input gestures and applies them to the simulated game, with faults on demand.
class SimMouse : public actuator::InputSink {
 public:
  explicit SimMouse(std::function<void(const actuator::Gesture&)> apply) : apply_(std::move(apply)) {}
  Result<void> perform(const actuator::Gesture& g) override {
    int index = static_cast<int>(received.size());
    if (taken_at >= 0 && index >= taken_at)
      return make_error(ErrorCode::kInterrupted,
                        "the mouse pointer moved to (1,1) since puzzlebot left it at (2,2): someone took the mouse");
    if (fail_at >= 0 && index >= fail_at) return fail_with;
    received.push_back(g);
    if (drop_all || drop.count(index) > 0) return {};
    if (substitute && substitute_at == index) {
      substitute();
      return {};
    }
    apply_(g);
    return {};
  }
  std::vector<actuator::Gesture> received;
  std::set<int> drop;           // gesture indices the game never sees (a lost click)
  bool drop_all = false;
  int substitute_at = -1;       // at this gesture, the game does `substitute` instead
  std::function<void()> substitute;
  int taken_at = -1;            // from this gesture on, the user "has the mouse"
  int fail_at = -1;             // from this gesture on, perform() returns fail_with
  Error fail_with;

 private:
  std::function<void(const actuator::Gesture&)> apply_;
};

cv::Point2i cell_of(const calibration::InputPoint& p) {
  return {(p.x - kWindow.x) / kCell, (p.y - kWindow.y) / kCell};  // (col, row)
}

PlayOptions fast_options() {
  PlayOptions o;
  o.poll = std::chrono::milliseconds(1);
  o.change_timeout = std::chrono::milliseconds(5);
  o.settle_timeout = std::chrono::milliseconds(200);
  o.solve_timeout = std::chrono::milliseconds(10000);
  o.to_input = [](const capture::Frame& f) { return window_to_root(f.screen_rect, kRoot); };
  o.log = nullptr;
  return o;
}

// The play stopped on an error of `code`, exiting `status`.
void expect_stopped(const PlayReport& report, ErrorCode code, int status) {
  ASSERT_TRUE(report.error) << report.message;
  EXPECT_EQ(report.error->code, code) << report.message;
  EXPECT_EQ(report.exit_status, status) << report.message;
}

// ---- Fifteen, simulated -------------------------------------------------------------------------

struct SimFifteen {
  sliding::State state;
  // Each cell shows its tile's number in binary: quadrant k (row-major) is bright when bit k is set,
  // so tiles look very different (as digits do) to the loop's pixel check.
  cv::Mat render() const {
    cv::Mat m(state.rows * kCell, state.cols * kCell, CV_8UC3, cv::Scalar::all(0));
    const int h = kCell / 2;
    for (int r = 0; r < state.rows; ++r)
      for (int c = 0; c < state.cols; ++c)
        for (int bit = 0; bit < 4; ++bit)
          if ((state.tiles[r * state.cols + c] >> bit) & 1)
            m(cv::Rect(c * kCell + (bit % 2) * h, r * kCell + (bit / 2) * h, h, h)) = cv::Scalar::all(200);
    return m;
  }
  // The game's rule for a click: the tile slides if it is next to the blank.
  void click(const actuator::Gesture& g) {
    ASSERT_EQ(g.kind, actuator::Gesture::Kind::kTap);
    cv::Point2i cell = cell_of(g.points.at(0));
    int tile = state.tiles[cell.y * state.cols + cell.x];
    if (auto next = sliding::apply(state, tile)) state = *next;
  }
  // click(g), then the cells whose tile it changed (the two a slide crosses; none when refused).
  std::vector<int> click_changed(const actuator::Gesture& g) {
    const sliding::State was = state;
    click(g);
    std::vector<int> changed;
    for (std::size_t c = 0; c < was.tiles.size(); ++c)
      if (was.tiles[c] != state.tiles[c]) changed.push_back(static_cast<int>(c));
    return changed;
  }
  // Cell `cell` (row-major) of a rendered frame.
  cv::Mat cell_of_frame(cv::Mat& frame, int cell) const {
    return frame(cv::Rect(cell % state.cols * kCell, cell / state.cols * kCell, kCell, kCell));
  }
  static inline int reads = 0;
  static Result<SlidingPlayer::Reading> read(const cv::Mat& bgr) {
    ++reads;
    SlidingPlayer::Reading r;
    r.state.rows = bgr.rows / kCell;
    r.state.cols = bgr.cols / kCell;
    const int h = kCell / 2;
    for (int row = 0; row < r.state.rows; ++row)
      for (int col = 0; col < r.state.cols; ++col) {
        int tile = 0;
        for (int bit = 0; bit < 4; ++bit)
          if (bgr.at<cv::Vec3b>(row * kCell + (bit / 2) * h + h / 2, col * kCell + (bit % 2) * h + h / 2)[0] > 100)
            tile |= 1 << bit;
        r.state.tiles.push_back(tile);
        r.centres.emplace_back(col * kCell + kCell / 2.0f, row * kCell + kCell / 2.0f);
      }
    return r;
  }
};

sliding::State board(int rows, int cols, std::vector<int> tiles) { return {rows, cols, std::move(tiles)}; }

const sliding::State kScrambled = board(3, 3, {4, 1, 3, 7, 2, 5, 0, 8, 6});  // 6 moves from the goal

struct FifteenRig {
  SimFifteen game;
  SimScreen screen{[this] { return game.render(); }};
  SimMouse mouse{[this](const actuator::Gesture& g) { game.click(g); }};
  SlidingPlayer player{&SimFifteen::read};
  explicit FifteenRig(sliding::State s) { game.state = std::move(s); }
  PlayReport play(const PlayOptions& o) { return app::play(screen, mouse, player, o); }
  // play(o), which must exit 0 with the board solved.
  PlayReport play_to_goal(const PlayOptions& o) {
    PlayReport report = play(o);
    EXPECT_EQ(report.exit_status, 0) << report.message;
    EXPECT_TRUE(sliding::is_goal(game.state)) << sliding::format(game.state);
    return report;
  }
  // PlayOptions::next_level that puts kScrambled back on the screen, counted in `started`.
  std::function<Result<void>()> next_level_scrambled(int& started) {
    return [this, &started] {
      ++started;
      game.state = kScrambled;
      return Result<void>();
    };
  }
};

TEST(PlayLoop, SolvesWithOneClickPerMoveOnTheMovedTile) {
  FifteenRig rig(kScrambled);
  PlayReport report = rig.play_to_goal(fast_options());
  EXPECT_EQ(report.replans, 0);
  EXPECT_EQ(report.moves_made, 6);
  EXPECT_EQ(static_cast<int>(rig.mouse.received.size()), 6);
  for (const auto& g : rig.mouse.received) {  // root pixels: the window offset was applied
    EXPECT_EQ(g.points.at(0).space, kRoot);
    EXPECT_GE(g.points[0].x, kWindow.x);
    EXPECT_GE(g.points[0].y, kWindow.y);
  }
  EXPECT_GT(report.times.grabs, 6);
}

TEST(PlayLoop, PixelChecksSpareReadsAndReadingEveryMoveWorksToo) {
  for (bool pixels : {true, false}) {
    FifteenRig rig(kScrambled);
    PlayOptions o = fast_options();
    o.confirm_by_pixels = pixels;
    SimFifteen::reads = 0;
    PlayReport report = rig.play_to_goal(o);
    // The first and the final screen are always read; in between only without pixel checks.
    EXPECT_EQ(SimFifteen::reads, pixels ? 2 : 2 + 6) << pixels;
  }
}

TEST(PlayLoop, AnimatedMoveIsAcceptedOnlyOnceItsCellsShowTheMove) {
  // A game that animates: for the first grabs after a click the two cells the move changes show a
  // different grey each time (a tile half-way between them), then the move. A loop accepting the
  // first changed frame would take a half-way picture as the board (reads, re-plans follow).
  SimFifteen game{kScrambled};
  std::vector<int> moving;  // cells the last click changed
  int mid_frames = 0;       // grabs left that show the move half-way
  SimScreen screen{[&] {
    cv::Mat m = game.render();
    if (mid_frames > 0) {
      for (int cell : moving) game.cell_of_frame(m, cell) = cv::Scalar::all(90 + 20 * mid_frames);
      --mid_frames;
    }
    return m;
  }};
  SimMouse mouse{[&](const actuator::Gesture& g) {
    moving = game.click_changed(g);
    mid_frames = 3;
  }};
  SlidingPlayer player{&SimFifteen::read};
  PlayOptions o = fast_options();
  o.poll = std::chrono::milliseconds(20);  // stillness: unchanged for 20 ms, longer than the animation here
  o.watch_poll = std::chrono::milliseconds(1);
  SimFifteen::reads = 0;
  PlayReport report = app::play(screen, mouse, player, o);
  EXPECT_EQ(report.exit_status, 0) << report.message;
  EXPECT_TRUE(sliding::is_goal(game.state));
  EXPECT_EQ(report.replans, 0);
  EXPECT_EQ(SimFifteen::reads, 2);            // the first and the final screen only
  EXPECT_GE(screen.grabs, 2 + 6 * 4);         // every move was watched through its half-way frames
}

TEST(PlayLoop, LostClickIsSentOnceMoreWithoutReplanning) {
  FifteenRig rig(kScrambled);
  rig.mouse.drop = {2};  // the third click never reaches the game: its cells show no change
  PlayReport report = rig.play_to_goal(fast_options());
  EXPECT_EQ(report.replans, 0);
  EXPECT_EQ(report.resent, 1);
  EXPECT_EQ(report.moves_made, 6);
  ASSERT_EQ(rig.mouse.received.size(), 7u);
  EXPECT_EQ(rig.mouse.received[2].points, rig.mouse.received[3].points);  // the same click, again
}

TEST(PlayLoop, ClickLostTwiceIsReadAndReplanned) {
  FifteenRig rig(kScrambled);
  rig.mouse.drop = {2, 3};  // the click and its second sending
  PlayReport report = rig.play_to_goal(fast_options());
  EXPECT_EQ(report.replans, 1);
  EXPECT_EQ(report.resent, 1);
  EXPECT_EQ(report.moves_made, 7);
}

TEST(PlayLoop, GameDeafWhileItAnimatesLosesNoClick) {
  // GNOME Taquin: a tile eases into the gap, its last frames within a level or two of the final
  // picture (cells_match passes them), and a click that arrives before the slide has ended is
  // dropped. The loop must wait for the move's cells to hold still, not for them to match.
  SimFifteen game{kScrambled};
  std::vector<int> moving;
  int anim_left = 0, ignored = 0;
  SimScreen screen{[&] {
    cv::Mat m = game.render();
    if (anim_left > 0) {
      for (int cell : moving) {
        cv::Mat roi = game.cell_of_frame(m, cell);
        roi += cv::Scalar::all(1 + anim_left % 2);  // nearly there: a level or two off, every frame different
      }
      --anim_left;
    }
    return m;
  }};
  SimMouse mouse{[&](const actuator::Gesture& g) {
    if (anim_left > 0) {
      ++ignored;
      return;
    }
    moving = game.click_changed(g);
    anim_left = 6;
  }};
  SlidingPlayer player{&SimFifteen::read};
  PlayOptions o = fast_options();
  o.watch_poll = std::chrono::milliseconds(1);
  PlayReport report = app::play(screen, mouse, player, o);
  EXPECT_EQ(report.exit_status, 0) << report.message;
  EXPECT_TRUE(sliding::is_goal(game.state));
  EXPECT_EQ(ignored, 0);  // no click was sent while a tile was still sliding
  EXPECT_EQ(report.replans, 0);
  EXPECT_EQ(report.resent, 0);
  EXPECT_EQ(report.moves_made, 6);
}

TEST(PlayLoop, UnexpectedMoveOnScreenIsReplannedFromWhatTheScreenShows) {
  FifteenRig rig(kScrambled);
  // At the first click the game moves the blank's other neighbour (as if the click hit it): the
  // blank starts at (2,0), next to tiles 7 and 8.
  rig.mouse.substitute_at = 0;
  rig.mouse.substitute = [&rig] {
    cv::Point2i cell = cell_of(rig.mouse.received.back().points.at(0));
    int asked = rig.game.state.tiles[cell.y * 3 + cell.x];
    ASSERT_TRUE(asked == 7 || asked == 8) << asked;
    auto next = sliding::apply(rig.game.state, asked == 7 ? 8 : 7);
    ASSERT_TRUE(next);
    rig.game.state = *next;
  };
  // `play --json`: each plan, the first and the re-plan, as `solve --json` prints it for the board
  // it was made on; both replay to the goal through the test's own rules.
  PlayOptions o = fast_options();
  std::FILE* plans = std::tmpfile();
  ASSERT_NE(plans, nullptr);
  o.json = plans;
  PlayReport report = rig.play(o);
  std::string lines;
  std::rewind(plans);
  for (int c = std::fgetc(plans); c != EOF; c = std::fgetc(plans)) lines.push_back(static_cast<char>(c));
  std::fclose(plans);
  EXPECT_EQ(report.exit_status, 0) << report.message;
  EXPECT_TRUE(sliding::is_goal(rig.game.state));
  EXPECT_EQ(report.replans, 1);
  const std::size_t nl = lines.find('\n');
  ASSERT_NE(nl, std::string::npos) << lines;
  EXPECT_EQ(pb::testing::replay::check_solved(lines.substr(0, nl)), "") << lines;
  EXPECT_EQ(pb::testing::replay::check_solved(lines.substr(nl + 1, lines.size() - nl - 2)), "") << lines;
  EXPECT_EQ(std::count(lines.begin(), lines.end(), '\n'), 2) << lines;
  // The first plan starts from the scrambled board, the re-plan from the one the screen showed.
  EXPECT_NE(lines.substr(0, nl), lines.substr(nl + 1)) << lines;
}

TEST(PlayLoop, GivesUpWhenTheScreenKeepsDisagreeing) {
  FifteenRig rig(kScrambled);
  rig.mouse.drop_all = true;
  PlayOptions o = fast_options();
  o.max_replans = 2;
  PlayReport report = rig.play(o);
  EXPECT_EQ(report.exit_status, 3) << report.message;
  EXPECT_FALSE(report.error) << report.message;  // an outcome (gave up), not an error
  EXPECT_EQ(report.moves_made, 3);  // the first try and two re-plans, one click each...
  EXPECT_EQ(report.resent, 3);      // ...each sent a second time
  EXPECT_EQ(rig.mouse.received.size(), 6u);
}

TEST(PlayLoop, GameRunningAheadOfThePlanIsProgressNotAFailedReplan) {
  // A game that also takes a click made during its slide runs ahead of the plan: the screen
  // disagrees, but each re-plan starts nearer the goal. Those re-plans are not held against
  // --max-replans (0 here), or a long level on a busy machine would be given up.
  SimFifteen game{kScrambled};
  int clicks = 0;
  SimScreen screen{[&] { return game.render(); }};
  SimMouse mouse{[&](const actuator::Gesture& g) {
    game.click(g);
    if (clicks++ % 2 == 1 || sliding::is_goal(game.state)) return;
    // ...and the move after it, as the plan from here would make it.
    sliding::Solution next = sliding::solve(game.state, {});
    ASSERT_EQ(next.status, solvers::Status::kSolved);
    auto ahead = sliding::apply(game.state, next.moves.at(0));
    ASSERT_TRUE(ahead);
    game.state = *ahead;
  }};
  SlidingPlayer player{&SimFifteen::read};
  PlayOptions o = fast_options();
  o.max_replans = 0;
  PlayReport report = app::play(screen, mouse, player, o);
  EXPECT_EQ(report.exit_status, 0) << report.message;
  EXPECT_TRUE(sliding::is_goal(game.state)) << sliding::format(game.state);
  EXPECT_GE(report.replans, 2);  // still reported: the screen did disagree
  EXPECT_LT(report.moves_made, 6);
}

TEST(PlayLoop, UserTakingTheMouseStopsWithExit3AndNoFurtherInput) {
  FifteenRig rig(kScrambled);
  rig.mouse.taken_at = 2;
  PlayReport report = rig.play(fast_options());
  ASSERT_NO_FATAL_FAILURE(expect_stopped(report, ErrorCode::kInterrupted, exit_status(ErrorCode::kInterrupted)));
  EXPECT_EQ(report.exit_status, 3);
  EXPECT_EQ(rig.mouse.received.size(), 2u);
  EXPECT_EQ(report.moves_made, 2);
}

TEST(PlayLoop, WindowClosedDuringPlayStopsAtOnceWithExit2) {
  // Whenever the device goes (the first look, between moves, while a move is watched), the run
  // stops on that grab: no retries against a window that is gone, no further input.
  for (int close_after : {1, 5, 9}) {
    FifteenRig rig(kScrambled);
    rig.screen.close_after_grabs = close_after;
    PlayReport report = rig.play(fast_options());
    ASSERT_NO_FATAL_FAILURE(expect_stopped(report, ErrorCode::kDeviceGone, 2)) << "closed after " << close_after;
    EXPECT_EQ(std::count(report.message.begin(), report.message.end(), '\n'), 0) << report.message;  // one line
    EXPECT_EQ(rig.screen.grabs, close_after + 1) << close_after;             // the failing grab was the last
    EXPECT_EQ(report.moves_made, static_cast<int>(rig.mouse.received.size()));
    EXPECT_LT(report.moves_made, 6);
  }
}

TEST(PlayLoop, SinkFindingTheDeviceGoneStopsAtOnceWithExit2) {
  FifteenRig rig(kScrambled);
  rig.mouse.fail_at = 3;
  rig.mouse.fail_with = make_error(ErrorCode::kDeviceGone, "window 'Sim' is gone: was the game closed?");
  PlayReport report = rig.play(fast_options());
  ASSERT_NO_FATAL_FAILURE(expect_stopped(report, ErrorCode::kDeviceGone, 2));
  const int grabs = rig.screen.grabs;
  EXPECT_EQ(report.times.grabs, grabs);  // nothing grabbed after the failed gesture was counted
  EXPECT_EQ(rig.mouse.received.size(), 3u);
  EXPECT_EQ(report.moves_made, 3);
}

TEST(PlayLoop, UnsolvableBoardExits1WithoutTouchingAnything) {
  FifteenRig rig(board(3, 3, {2, 1, 3, 4, 5, 6, 7, 8, 0}));
  PlayReport report = rig.play(fast_options());
  EXPECT_EQ(report.exit_status, 1) << report.message;
  EXPECT_TRUE(rig.mouse.received.empty());
}

TEST(PlayLoop, SolvedBoardNeedsNoInput) {
  FifteenRig rig(sliding::goal_state(3, 3));
  PlayReport report = rig.play(fast_options());
  EXPECT_EQ(report.exit_status, 0) << report.message;
  EXPECT_TRUE(rig.mouse.received.empty());
}

TEST(PlayLoop, CtrlCStopsBetweenMovesWithExit3WhicheverLayerNoticesIt) {
  // The loop's own check before a move...
  FifteenRig rig(kScrambled);
  std::atomic<bool> stop{false};
  rig.mouse.substitute_at = 1;  // "press Ctrl-C" during the second move, which still completes
  rig.mouse.substitute = [&] {
    stop = true;
    rig.game.click(rig.mouse.received.back());
  };
  PlayOptions o = fast_options();
  o.cancel = &stop;
  PlayReport report = rig.play(o);
  ASSERT_NO_FATAL_FAILURE(expect_stopped(report, ErrorCode::kInterrupted, 3));
  EXPECT_EQ(rig.mouse.received.size(), 2u);

  // ...and the input sink's (xdo and adb check the flag before each gesture): the same status.
  FifteenRig sink_saw(kScrambled);
  sink_saw.mouse.fail_at = 2;
  sink_saw.mouse.fail_with = make_error(ErrorCode::kInterrupted, "stopped by Ctrl-C before the next move");
  PlayReport by_sink = sink_saw.play(fast_options());
  ASSERT_NO_FATAL_FAILURE(expect_stopped(by_sink, ErrorCode::kInterrupted, 3));
  EXPECT_EQ(by_sink.moves_made, 2);
}

TEST(PlayLoop, CtrlCWhileTheScreenIsUnreadableOrBetweenLevelsIsExit3) {
  // Ctrl-C during a move whose screen then cannot be read (a dialog, a frame caught mid-animation:
  // the wait for stillness ends at once when stopped): the run stops as asked, exit 3, not on an
  // unreadable board (exit 2).
  FifteenRig rig(kScrambled);
  std::atomic<bool> stop{false};
  bool covered = false;
  SimScreen screen{[&] { return covered ? cv::Mat(rig.game.render().size(), CV_8UC3, cv::Scalar::all(0)) : rig.game.render(); }};
  rig.mouse.substitute_at = 2;
  rig.mouse.substitute = [&] {
    stop = true;
    covered = true;
    rig.game.click(rig.mouse.received.back());
  };
  SlidingPlayer player{[](const cv::Mat& bgr) -> Result<SlidingPlayer::Reading> {
    if (cv::countNonZero(bgr.reshape(1)) == 0) return make_error(ErrorCode::kNoBoard, "no board found: no tile faces");
    return SimFifteen::read(bgr);
  }};
  PlayOptions o = fast_options();
  o.cancel = &stop;
  PlayReport report = app::play(screen, rig.mouse, player, o);
  ASSERT_TRUE(report.error) << report.message;
  EXPECT_EQ(report.error->code, ErrorCode::kInterrupted) << report.message;
  EXPECT_EQ(report.exit_status, 3);
  EXPECT_EQ(rig.mouse.received.size(), 3u);

  // Ctrl-C during the last move of a level: the next level is not asked for.
  FifteenRig levels(kScrambled);
  std::atomic<bool> stop_levels{false};
  levels.mouse.substitute_at = 5;  // kScrambled's last move
  levels.mouse.substitute = [&] {
    stop_levels = true;
    levels.game.click(levels.mouse.received.back());
  };
  PlayOptions two = fast_options();
  two.cancel = &stop_levels;
  two.levels = 2;
  int started = 0;
  two.next_level = [&] {
    ++started;
    levels.game.state = kScrambled;
    return Result<void>();
  };
  PlayReport between = levels.play(two);
  ASSERT_TRUE(between.error) << between.message;
  EXPECT_EQ(between.error->code, ErrorCode::kInterrupted) << between.message;
  EXPECT_EQ(between.exit_status, 3);
  EXPECT_EQ(between.levels_cleared, 1);
  EXPECT_EQ(started, 0);
}

// Fifteen whose window shows an end screen (no board: the reader finds no tile faces) from the
// `end_after`-th click taken on.
struct EndScreenRig {
  FifteenRig rig{kScrambled};
  int taken = 0, end_after;
  bool ended() const { return taken >= end_after; }
  explicit EndScreenRig(int after) : end_after(after) {}
  PlayReport play() {
    SimScreen screen{[this] { return ended() ? cv::Mat(rig.game.render().size(), CV_8UC3, cv::Scalar::all(0))
                                             : rig.game.render(); }};
    SimMouse mouse{[this](const actuator::Gesture& g) {
      rig.game.click(g);
      ++taken;
    }};
    SlidingPlayer player{[](const cv::Mat& bgr) -> Result<SlidingPlayer::Reading> {
      if (cv::countNonZero(bgr.reshape(1)) == 0) return make_error(ErrorCode::kNoBoard, "no board found: no tile faces");
      return SimFifteen::read(bgr);
    }};
    return app::play(screen, mouse, player, fast_options());
  }
};

TEST(PlayLoop, BoardLeavingTheScreenAfterTheWinningMoveIsAWin) {
  // GNOME Taquin's "Bravo!" screen under load: the last move was made, and then no board.
  EndScreenRig won(6);  // kScrambled is 6 moves from the goal
  PlayReport report = won.play();
  EXPECT_EQ(report.exit_status, 0) << report.message;
  EXPECT_FALSE(report.error);
  EXPECT_EQ(report.levels_cleared, 1);
  EXPECT_TRUE(sliding::is_goal(won.rig.game.state));

  // The board going away after a move that does not finish it is no win.
  EndScreenRig lost(3);
  PlayReport early = lost.play();
  ASSERT_NO_FATAL_FAILURE(expect_stopped(early, ErrorCode::kNoBoard, 2));
}

TEST(PlayLoop, DryRunDrawsThePlanAndSendsNothing) {
  FifteenRig rig(kScrambled);
  PlayOptions o = fast_options();
  o.dry_run = true;
  o.dry_run_out = (std::filesystem::temp_directory_path() / "pb_play_dry_run_test.png").string();
  std::filesystem::remove(o.dry_run_out);
  PlayReport report = rig.play(o);
  EXPECT_EQ(report.exit_status, 0) << report.message;
  EXPECT_TRUE(rig.mouse.received.empty());
  EXPECT_EQ(rig.game.state, kScrambled);
  ASSERT_EQ(report.planned.size(), 6u);
  // Replaying the planned taps on the simulated game solves it: the picture shows a real plan.
  for (const FrameGesture& g : report.planned) {
    auto in = to_input_gesture(g, window_to_root(cv::Rect(kWindow.x, kWindow.y, 30, 30), kRoot), {});
    ASSERT_TRUE(in);
    rig.game.click(*in);
  }
  EXPECT_TRUE(sliding::is_goal(rig.game.state));
  cv::Mat drawn = cv::imread(o.dry_run_out);
  ASSERT_FALSE(drawn.empty());
  cv::Mat screen = rig.screen.grab()->bgr;
  ASSERT_GT(drawn.rows, screen.rows);  // the banner above
  cv::Mat board_part = drawn(cv::Rect(0, drawn.rows - screen.rows, screen.cols, screen.rows));
  EXPECT_GT(cv::norm(board_part, screen, cv::NORM_L1), 0);  // something was drawn over the board
}

TEST(PlayLoop, DryRunThatCannotReadTheBoardStillDrawsTheWindow) {
  // Issue #18: the picture is wanted most when nothing was read.
  SimFifteen game;
  game.state = kScrambled;
  SimScreen screen([&] { return game.render(); });
  SimMouse mouse([](const actuator::Gesture&) {});
  SlidingPlayer player([](const cv::Mat&) -> Result<SlidingPlayer::Reading> {
    return make_error("no board found: nothing like tiles");
  });
  PlayOptions o = fast_options();
  o.dry_run = true;
  o.read_attempts = 1;
  o.dry_run_out = (std::filesystem::temp_directory_path() / "pb_play_dry_run_unread_test.png").string();
  std::filesystem::remove(o.dry_run_out);
  PlayReport report = app::play(screen, mouse, player, o);
  EXPECT_EQ(report.exit_status, 2) << report.message;
  cv::Mat drawn = cv::imread(o.dry_run_out);
  ASSERT_FALSE(drawn.empty());
  EXPECT_EQ(drawn.cols, game.render().cols);
  EXPECT_GT(drawn.rows, game.render().rows);  // the reason above the window
  std::filesystem::remove(o.dry_run_out);
}

TEST(PlayLoop, DryRunPictureOfALongPlanNumbersOnlyTheFirstMoves) {
  // Issue #18: a 15-puzzle plan taps 16 tiles some 50 times; numbering them all is unreadable.
  std::vector<FrameGesture> taps;
  for (int i = 0; i < 52; ++i)
    taps.push_back({actuator::Gesture::Kind::kTap, {{5.0 + 10 * (i % 4), 5.0 + 10 * (i / 4 % 4), {40, 40}}},
                    "tile " + std::to_string(i % 15 + 1)});
  EXPECT_EQ(drawn_steps(taps), 10u);
  taps.resize(16);  // every place once: all numbered
  EXPECT_EQ(drawn_steps(taps), 16u);
  cv::Mat board(40, 40, CV_8UC3, cv::Scalar::all(90));
  cv::Mat few = draw_gestures(board, std::vector<FrameGesture>(taps.begin(), taps.begin() + 2));
  cv::Mat many = draw_gestures(board, taps);
  EXPECT_EQ(few.cols, board.cols);
  EXPECT_GT(many.rows, few.rows);  // the step list wraps onto more banner lines
}

TEST(PlayLoop, LevelsAboveOneNeedANextLevelHook) {
  FifteenRig rig(kScrambled);
  PlayOptions o = fast_options();
  o.levels = 2;
  EXPECT_EQ(rig.play(o).exit_status, 2);
  int started = 0;
  o.next_level = rig.next_level_scrambled(started);
  PlayReport report = rig.play(o);
  EXPECT_EQ(report.exit_status, 0) << report.message;
  EXPECT_EQ(report.levels_cleared, 2);
  EXPECT_EQ(started, 1);
}

TEST(PlayLoop, AFinishedBoardOnScreenIsNoLevelPlayed) {
  // Issue #18: `--levels 2` on a board already finished reported 2 levels after playing 1.
  FifteenRig rig(sliding::goal_state(3, 3));
  PlayOptions o = fast_options();
  o.levels = 2;
  int started = 0;
  o.next_level = rig.next_level_scrambled(started);
  PlayReport report = rig.play(o);
  EXPECT_EQ(report.exit_status, 0) << report.message;
  EXPECT_EQ(report.levels_cleared, 2) << report.message;  // two boards played, after the finished one
  EXPECT_EQ(started, 2);

  // Without a way to a new board, nothing is played.
  FifteenRig done(sliding::goal_state(3, 3));
  PlayReport nothing = done.play(fast_options());
  EXPECT_EQ(nothing.exit_status, 0) << nothing.message;
  EXPECT_EQ(nothing.levels_cleared, 0);
  EXPECT_EQ(nothing.moves_made, 0) << nothing.message;
  EXPECT_EQ(nothing.replans, 0) << nothing.message;

  // A game that keeps showing finished boards ends the run instead of looping.
  FifteenRig stuck(sliding::goal_state(3, 3));
  PlayOptions again = fast_options();
  again.levels = 3;
  int asked = 0;
  again.next_level = [&] {
    ++asked;
    return Result<void>();
  };
  PlayReport ended = stuck.play(again);
  EXPECT_EQ(ended.levels_cleared, 0);
  EXPECT_EQ(asked, 1);
}

TEST(PlayLoop, CountsTheMovesSent) {
  FifteenRig rig(board(2, 2, {1, 2, 3, 0}));
  rig.game.state = board(2, 2, {1, 2, 0, 3});  // one move from the goal
  PlayReport report = rig.play(fast_options());
  EXPECT_EQ(report.exit_status, 0) << report.message;
  EXPECT_EQ(report.moves_made, 1) << report.message;
  EXPECT_EQ(report.replans, 0) << report.message;
}

// ---- A phone without the screen stream, in virtual time ----------------------------------------

// Time that moves only when the loop sleeps or the simulated phone spends it (core/clock.hpp): what
// the loop waits, looks at and learns is the same on an idle machine and on a loaded one.
class VirtualClock : public Clock {
 public:
  time_point now() override { return now_; }
  void sleep_for(duration d) override { now_ += std::max(d, duration::zero()); }
  void spend(std::chrono::milliseconds d) { now_ += d; }

 private:
  time_point now_ = time_point() + std::chrono::hours(1);
};

// Fifteen on a phone without the screen stream: every look is a screenshot made on demand, showing
// the screen as it was when asked and arriving kLookCost later; a tap takes kTapCost, and for
// `animation` after it the two cells it changes show a tile in flight (a grey neither picture has,
// a little lighter every instant), then the move.
struct SlowPhone : capture::FrameSource {
  static constexpr std::chrono::milliseconds kLookCost{300}, kTapCost{100};
  SlowPhone(sliding::State s, std::chrono::milliseconds anim) : game{std::move(s)}, animation(anim) {}

  Result<capture::Frame> grab() override {
    const Clock::time_point asked = clock.now();
    looks.push_back(asked);
    capture::Frame f;
    f.bgr = game.render();
    if (!taps.empty() && asked - taps.back() < animation) {
      const double a = std::chrono::duration<double>(asked - taps.back()) / animation;
      for (int cell : moving)
        f.bgr(cv::Rect(cell % game.state.cols * kCell, cell / game.state.cols * kCell, kCell, kCell)) =
            cv::Scalar::all(20 + 60 * a);
    }
    clock.spend(kLookCost);
    f.taken = clock.now();  // as AdbSource stamps it: when the screenshot has arrived
    f.screen_rect = cv::Rect(kWindow.x, kWindow.y, f.bgr.cols, f.bgr.rows);
    f.origin = "sim-phone";
    return f;
  }
  bool grabs_on_demand() const override { return true; }

  void tap(const actuator::Gesture& g) {
    const sliding::State was = game.state;
    game.click(g);
    moving.clear();
    for (std::size_t c = 0; c < was.tiles.size(); ++c)
      if (was.tiles[c] != game.state.tiles[c]) moving.push_back(static_cast<int>(c));
    taps.push_back(clock.now());
    clock.spend(kTapCost);
  }
  // How long after tap `k` each look made before the next tap (after the last one: until the end) was asked.
  std::vector<std::chrono::milliseconds> looks_after_tap(std::size_t k) const {
    std::vector<std::chrono::milliseconds> out;
    for (Clock::time_point t : looks)
      if (t >= taps.at(k) && (k + 1 == taps.size() || t < taps[k + 1]))
        out.push_back(std::chrono::duration_cast<std::chrono::milliseconds>(t - taps[k]));
    return out;
  }

  VirtualClock clock;
  SimFifteen game;
  std::chrono::milliseconds animation;
  std::vector<int> moving;                    // the cells the last tap changed
  std::vector<Clock::time_point> looks, taps;  // when each look was asked, each tap landed
};

TEST(PlayLoop, PhoneWithoutTheStreamLearnsToLookOnceAMoveHasHadItsTime) {
  // The game animates a move for longer than the profile's settle_ms: the look made then shows the
  // tile in flight, the loop looks until the screen is still, and waits what that move took before
  // its one look at every later move. In virtual time: no load can make a look early or late.
  constexpr std::chrono::milliseconds kAnimation{900};
  SlowPhone phone(kScrambled, kAnimation);
  SimMouse mouse([&phone](const actuator::Gesture& g) { phone.tap(g); });
  SlidingPlayer player{&SimFifteen::read};
  PlayOptions o;
  o.look_after = std::chrono::milliseconds(400);  // shorter than the animation
  o.to_input = [](const capture::Frame& f) { return window_to_root(f.screen_rect, kRoot); };
  o.log = nullptr;
  o.clock = &phone.clock;
  ASSERT_LT(kAnimation, o.settle_timeout);
  PlayReport report = app::play(phone, mouse, player, o);
  ASSERT_EQ(report.exit_status, 0) << report.message;
  EXPECT_TRUE(sliding::is_goal(phone.game.state)) << sliding::format(phone.game.state);
  EXPECT_EQ(report.replans, 0);
  ASSERT_EQ(phone.taps.size(), 6u);  // kScrambled is 6 moves from the goal
  // The first move: its look came during the animation and did not do; then looks until two agreed.
  const auto first = phone.looks_after_tap(0);
  ASSERT_GE(first.size(), 3u);
  EXPECT_LT(first[0], kAnimation);
  // Every later move: one look, made once the animation had ended (and no later than the longest
  // wait for a still screen); after the last, the reading that is the last word.
  for (std::size_t k = 1; k < phone.taps.size(); ++k) {
    const auto seen = phone.looks_after_tap(k);
    ASSERT_EQ(seen.size(), k + 1 < phone.taps.size() ? 1u : 2u) << "move " << k + 1;
    EXPECT_GE(seen[0], kAnimation) << "move " << k + 1;
    EXPECT_LE(seen[0], o.settle_timeout) << "move " << k + 1;
  }
}

// ---- Pegs, simulated ----------------------------------------------------------------------------

struct SimPegs {
  pegs::State state;
  cv::Mat render() const {
    cv::Mat m(state.rows * kCell, state.cols * kCell, CV_8UC3);
    for (int r = 0; r < state.rows; ++r)
      for (int c = 0; c < state.cols; ++c) {
        pegs::Site s = state.at({r, c});
        m(cv::Rect(c * kCell, r * kCell, kCell, kCell)) =
            cv::Scalar::all(s == pegs::Site::kNone ? 0 : s == pegs::Site::kHole ? 100 : 200);
      }
    return m;
  }
  // sgt-pegs' rule: press on a peg, release on the hole two cells away.
  void drag(const actuator::Gesture& g) {
    ASSERT_EQ(g.kind, actuator::Gesture::Kind::kDrag);
    cv::Point2i a = cell_of(g.points.front()), b = cell_of(g.points.back());
    if (auto next = pegs::apply(state, pegs::jump({a.y, a.x}, {b.y, b.x}))) state = *next;
  }
  static Result<PegsPlayer::Reading> read(const cv::Mat& bgr) {
    PegsPlayer::Reading r;
    r.state.rows = bgr.rows / kCell;
    r.state.cols = bgr.cols / kCell;
    for (int row = 0; row < r.state.rows; ++row)
      for (int col = 0; col < r.state.cols; ++col) {
        cv::Point2f centre(col * kCell + kCell / 2.0f, row * kCell + kCell / 2.0f);
        int v = bgr.at<cv::Vec3b>(cv::Point(centre))[0];
        r.state.sites.push_back(v == 0 ? pegs::Site::kNone : v == 100 ? pegs::Site::kHole : pegs::Site::kPeg);
        r.centres.push_back(centre);
      }
    return r;
  }
};

TEST(PlayLoop, PegsAreDraggedToOnePeg) {
  SimPegs game;
  // One row "oo.o.": (0,0) jumps to (0,2), then (0,3) jumps back to (0,1).
  auto parsed = pegs::parse_id("5x1:PPHPH", "test");
  ASSERT_TRUE(parsed) << parsed.error().message;
  game.state = *parsed;
  SimScreen screen([&game] { return game.render(); });
  SimMouse mouse([&game](const actuator::Gesture& g) { game.drag(g); });
  PegsPlayer player(&SimPegs::read);
  PlayReport report = play(screen, mouse, player, fast_options());
  EXPECT_EQ(report.exit_status, 0) << report.message;
  EXPECT_EQ(game.state.peg_count(), 1) << pegs::format(game.state);
  ASSERT_FALSE(mouse.received.empty());
  for (const auto& g : mouse.received) EXPECT_EQ(g.kind, actuator::Gesture::Kind::kDrag);
}

TEST(PlayMapping, WindowFramePixelsMapToRootPixels) {
  auto map = window_to_root(cv::Rect(100, 50, 240, 300), kRoot);
  FrameGesture g{actuator::Gesture::Kind::kTap, {{10.4, 20.6, {240, 300}}}, "tile 1"};
  auto in = to_input_gesture(g, map, std::chrono::milliseconds(0));
  ASSERT_TRUE(in);
  EXPECT_EQ(in->points.at(0), (calibration::InputPoint{110, 71, kRoot}));
  FrameGesture off{actuator::Gesture::Kind::kTap, {{950, 10, {240, 300}}}, "tile 2"};
  EXPECT_FALSE(to_input_gesture(off, map, std::chrono::milliseconds(0)));  // lands past the root's right edge
}

}  // namespace
}  // namespace pb::app
