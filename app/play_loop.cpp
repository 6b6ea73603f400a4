/* play_loop.cpp: the device- and game-independent play loop, its settle wait and the dry-run drawing. */
#include <algorithm>
#include <cmath>
#include <cstdarg>
#include <map>
#include <optional>
#include <opencv2/imgproc.hpp>

#include "app/commands.hpp"
#include "app/play.hpp"
#include "core/json.hpp"
#include "capture/still.hpp"
#include "platform/image_codecs.hpp"

namespace pb::app {
namespace {

// Stops the run: an error (what went wrong, its code giving the exit status in exit_status()), or
// an outcome that is no error (1 unsolvable, 3 gave up) with its exit status and message.
struct Stop {
  std::optional<Error> error;
  int status = kExitGaveUp;
  std::string message;
};

Stop failed(Error e) { return Stop{std::move(e), kExitBadInput, {}}; }
Stop failed(ErrorCode code, std::string message) { return failed(make_error(code, std::move(message))); }
Stop outcome(int status, std::string message) { return Stop{std::nullopt, status, std::move(message)}; }

class Loop {
 public:
  Loop(capture::FrameSource& source, actuator::InputSink& sink, Player& player, const PlayOptions& o)
      : source_(source), sink_(sink), player_(player), pixels_(capability<PixelSteps>(player)),
        end_screen_(capability<EndScreen>(player)), o_(o), clock_(o.clock != nullptr ? *o.clock : steady_clock()),
        on_demand_(source.grabs_on_demand()),
        look_after_ms_(static_cast<double>(o.look_after.count())) {}

  PlayReport run() {
    if (!o_.to_input) return finish(failed(ErrorCode::kInternal, "play loop misconfigured: no frame-to-input mapping"));
    if (o_.levels > 1 && !o_.next_level)
      return finish(failed(ErrorCode::kBadInput, "--levels above 1 needs a way to start the next level, which this device lacks"));
    // Only boards played count as levels: one already finished when first read (left from before)
    // is passed over to the next level when there is one, and said so.
    int already_finished = 0, finished_in_a_row = 0;
    for (int level = 0; report_.levels_cleared < o_.levels; ++level) {
      if (level > 0) {
        // Ctrl-C between two levels, or while waiting for the next one to show: stopped, not a
        // level that failed to come.
        if (cancelled()) return finish(interrupted());
        if (auto r = o_.next_level(); !r) return finish(cancelled() ? interrupted() : failed(r.error()));
      }
      bool played = false;
      if (auto stop = play_level(level, played)) return finish(std::move(*stop));
      if (played) {
        ++report_.levels_cleared;
        finished_in_a_row = 0;
        continue;
      }
      ++already_finished;
      if (!o_.next_level || ++finished_in_a_row > 1) break;  // no new board to be had
    }
    auto count = [](long long n, const char* noun) { return std::to_string(n) + " " + noun + (n == 1 ? "" : "s"); };
    std::string what = o_.dry_run ? "planned " + count(static_cast<long long>(report_.planned.size()), "move") +
                                        " into " + o_.dry_run_out
                                  : "solved";
    if (report_.levels_cleared == 0) what = "nothing to play";
    else if (o_.levels > 1) what.append(" ").append(count(report_.levels_cleared, "level"));
    std::string counts = " (" + count(report_.moves_made, "move") + " sent, " + count(report_.replans, "re-plan") + ")";
    if (already_finished > 0)
      counts += already_finished == 1 ? "; the board on screen was already finished"
                                      : "; " + std::to_string(already_finished) + " boards were already finished";
    return finish(outcome(kExitSolved, std::string(player_.game()) + ": " + what + counts));
  }

 private:
  void log(const char* fmt, ...) const __attribute__((format(printf, 2, 3))) {
    if (o_.log == nullptr) return;
    std::va_list args;
    va_start(args, fmt);
    std::fputs("puzzlebot: ", o_.log);
    std::vfprintf(o_.log, fmt, args);
    std::fputc('\n', o_.log);
    va_end(args);
  }

  bool cancelled() const { return o_.cancel != nullptr && o_.cancel->load(); }

  double ms_since(Clock::time_point t0) { return std::chrono::duration<double, std::milli>(clock_.now() - t0).count(); }

  PlayReport finish(Stop stop) {
    if (stop.error) {
      report_.exit_status = exit_status(stop.error->code);
      report_.message = stop.error->text();
      report_.error = std::move(stop.error);
    } else {
      report_.exit_status = stop.status;
      report_.message = std::move(stop.message);
    }
    const StageTimes& t = report_.times;
    log("%d moves sent; timings: capture %.1f ms (%d grabs, %.2f ms each), read %.1f ms, solve %.1f ms, "
        "act %.1f ms, settle %.1f ms",
        report_.moves_made, t.capture, t.grabs, t.grabs > 0 ? t.capture / t.grabs : 0.0, t.read, t.solve, t.act,
        t.settle);
    if (report_.resent > 0)
      log("%s sent twice: the first showed no change", plural(static_cast<unsigned long long>(report_.resent), "move").c_str());
    return std::move(report_);
  }

  Result<capture::Frame> grab() {
    auto t0 = clock_.now();
    auto f = source_.grab();
    report_.times.capture += ms_since(t0);
    ++report_.times.grabs;
    return f;
  }

  // A frame once the screen has stopped changing (capture/still.hpp). Capture time inside is
  // counted as settle, not capture.
  Result<capture::Frame> settle(const cv::Mat* before) {
    auto t0 = clock_.now();
    capture::StillOptions so;
    so.poll = o_.poll;
    so.change_timeout = before != nullptr ? o_.change_timeout : std::chrono::milliseconds(0);
    so.settle_timeout = o_.settle_timeout;
    so.cancel = o_.cancel;
    so.clock = &clock_;
    auto got = capture::wait_until_still(source_, before, so);
    report_.times.settle += ms_since(t0) - (got ? got->capture_ms : 0.0);
    if (!got) return got.error();
    report_.times.capture += got->capture_ms;
    report_.times.grabs += got->grabs;
    if (!got->still && !cancelled())
      log("the screen was still changing after %lld ms; reading it anyway",
          static_cast<long long>(o_.settle_timeout.count()));
    return std::move(got->frame);
  }

  // One look at a source whose grabs are made on demand, `wait_ms` from now: the frame as it is,
  // not checked for stillness (that would cost a second look). The wait counts as settle.
  Result<capture::Frame> look_once(double wait_ms) {
    const auto t0 = clock_.now();
    const auto until = t0 + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double, std::milli>(wait_ms));
    while (!cancelled() && clock_.now() < until)
      clock_.sleep_for(std::min<Clock::duration>(until - clock_.now(), std::chrono::milliseconds(20)));
    report_.times.settle += ms_since(t0);
    return grab();
  }

  // A move looked at once (look_once) was not shown as predicted, and the screen waited on until
  // still (`still`) then showed it: the wait before the look was too short. It becomes what this
  // move took, up to the screen's stillness (less one look: the screen was still at the first of
  // the two equal grabs), never longer than settle_timeout.
  void learn_look_after(Clock::time_point sent, const capture::Frame& still) {
    const double per_grab = report_.times.grabs > 0 ? report_.times.capture / report_.times.grabs : 0.0;
    const double took = std::chrono::duration<double, std::milli>(still.taken - sent).count() - per_grab;
    const double most = static_cast<double>(o_.settle_timeout.count());
    if (took <= look_after_ms_) return;
    look_after_ms_ = std::min(most, took);
    log("a move took %.0f ms to show: looking %.0f ms after each move from now on", took, look_after_ms_);
  }

  // How a watched step went (watch_step).
  enum class Seen {
    kLanded,    // its cells began to change, then held still showing the predicted pictures
    kNoChange,  // its cells did not change by the begin deadline: the gesture was lost
    kOther,     // its cells changed but did not come to rest as predicted by the end deadline
  };
  struct Watched {
    Seen seen = Seen::kOther;
    capture::Frame frame;  // kLanded: the frame the step was confirmed on
  };

  // Whether `a` and `b` show the same pixels in every one of `cells` (frames of one size).
  static bool cells_equal(const cv::Mat& a, const cv::Mat& b, const std::vector<cv::Rect>& cells) {
    if (a.size() != b.size() || a.type() != b.type()) return false;
    const cv::Rect whole(0, 0, a.cols, a.rows);
    for (const cv::Rect& c : cells) {
      const cv::Rect r = c & whole;
      if (!r.empty() && !capture::same_pixels(a(r), b(r))) return false;
    }
    return true;
  }

  // What this game's moves take, measured on the moves watched so far (the longest seen of each),
  // for the deadlines of the next ones. Until kLearnMoves moves were measured the deadlines are
  // PlayOptions' change_timeout and settle_timeout; after, a few times the longest seen, never
  // longer than those. Kept for the run: one window, one game, one machine's load.
  struct Pace {
    static constexpr int kLearnMoves = 3;
    int measured = 0;
    double reaction_ms = 0;   // gesture sent -> the step's cells first change
    double animation_ms = 0;  // first change -> last change in the step's cells
    double frame_gap_ms = 0;  // between two changes of the step's cells while it animates
  };

  // The quiet that ends a step: its cells unchanged for longer than the game takes between two
  // frames of its animation (an easing slide creeps its last pixel over several frames).
  std::chrono::duration<double, std::milli> quiet() const {
    const double poll = static_cast<double>(o_.poll.count());
    return std::chrono::duration<double, std::milli>(
        pace_.measured == 0 ? poll : std::clamp(2 * pace_.frame_gap_ms, poll, 4 * poll));
  }
  std::chrono::duration<double, std::milli> begin_deadline() const {
    const double most = static_cast<double>(o_.change_timeout.count());
    if (pace_.measured < Pace::kLearnMoves) return std::chrono::duration<double, std::milli>(most);
    return std::chrono::duration<double, std::milli>(std::min(most, std::max(kMinBeginMs, 3 * pace_.reaction_ms)));
  }
  std::chrono::duration<double, std::milli> end_deadline() const {
    const double most = static_cast<double>(o_.settle_timeout.count());
    if (pace_.measured < Pace::kLearnMoves) return std::chrono::duration<double, std::milli>(most);
    return std::chrono::duration<double, std::milli>(
        std::min(most, std::max(kMinEndMs, 3 * pace_.animation_ms + 2 * quiet().count())));
  }
  // Floors of the learned deadlines (ms): a game that answered in 10 ms may take ten times that
  // when the machine is busy; past the begin deadline the gesture is sent again, which is harmless
  // for the games that offer step_cells but costs a look.
  static constexpr double kMinBeginMs = 150, kMinEndMs = 300;

  void learn(double reaction_ms, double animation_ms, double frame_gap_ms) {
    pace_.reaction_ms = std::max(pace_.reaction_ms, reaction_ms);
    pace_.animation_ms = std::max(pace_.animation_ms, animation_ms);
    pace_.frame_gap_ms = std::max(pace_.frame_gap_ms, frame_gap_ms);
    if (++pace_.measured == Pace::kLearnMoves)
      log("the game's moves take up to %.0f ms to begin and %.0f ms to animate, frames up to %.0f ms apart: "
          "waiting at most %.0f ms for a move to begin and %.0f ms for it to end, ending it after %.0f ms of quiet",
          pace_.reaction_ms, pace_.animation_ms, pace_.frame_gap_ms, begin_deadline().count(), end_deadline().count(),
          quiet().count());
  }

  // Watches step `step`'s `cells` (PixelSteps::step_cells) after its gesture was sent at `sent`, a grab
  // every watch_poll: first for the change to begin (any of the cells differs from `before`, the
  // frame the current board was confirmed on), then for it to end (the cells unchanged for quiet()),
  // and then checks the end frame by pixels (PixelSteps::confirm_by_pixels, which makes the predicted
  // board current). Only the step's own cells count: the tail of the previous move's animation
  // elsewhere, a clock or a counter, neither begins nor prolongs this one. A game that takes no
  // input while it animates drops a gesture sent before its animation ended: that shows here as no
  // change by the begin deadline.
  Result<Watched> watch_step(const cv::Mat& before, std::size_t step, const std::vector<cv::Rect>& cells,
                             Clock::time_point sent) {
    const auto t0 = clock_.now();
    const double capture0 = report_.times.capture, read0 = report_.times.read;
    auto account = [&] {  // capture and pixel checks inside are counted as such, the rest as settle
      report_.times.settle += ms_since(t0) - (report_.times.capture - capture0) - (report_.times.read - read0);
    };
    auto ms = [](Clock::duration d) { return std::chrono::duration<double, std::milli>(d).count(); };
    const double begin_by = begin_deadline().count(), end_by = end_deadline().count(), quiet_ms = quiet().count();
    Watched out;
    cv::Mat last;
    bool began = false;
    Clock::time_point first_change{}, last_change{};
    double gap = 0;
    while (!cancelled()) {
      auto f = grab();
      if (!f) return f.error();
      const auto now = clock_.now();
      if (!began) {
        if (!cells_equal(f->bgr, before, cells)) {
          began = true;
          first_change = last_change = now;
          last = f->bgr;
        } else if (ms(now - sent) >= begin_by) {
          out.seen = Seen::kNoChange;
          break;
        }
      } else if (!cells_equal(f->bgr, last, cells)) {
        gap = std::max(gap, ms(now - last_change));
        last_change = now;
        last = f->bgr;
      } else if (ms(now - last_change) >= quiet_ms) {
        auto tc = clock_.now();
        const bool ok = pixels_ != nullptr && pixels_->confirm_by_pixels(before, f->bgr, step);
        report_.times.read += ms_since(tc);
        if (ok) {
          learn(ms(first_change - sent), ms(last_change - first_change), gap);
          out.seen = Seen::kLanded;
          out.frame = std::move(*f);
        }
        break;  // at rest, and not as predicted: kOther
      }
      if (began && ms(now - first_change) >= end_by) break;
      clock_.sleep_for(o_.watch_poll);
    }
    account();
    return out;
  }

  // Watches the screen at the capture rate until a frame passes PixelSteps::steps_shown(anchor, a,
  // frame, i, i_moving); returns it, or no frame when the screen holds still for `poll` (or never
  // changes within change_timeout) without passing, or after settle_timeout.
  Result<std::optional<capture::Frame>> watch_steps(const cv::Mat& anchor, std::size_t a, std::size_t i,
                                                    bool i_moving) {
    const auto t0 = clock_.now();
    const double capture0 = report_.times.capture, read0 = report_.times.read;
    auto account = [&] {
      report_.times.settle += ms_since(t0) - (report_.times.capture - capture0) - (report_.times.read - read0);
    };
    cv::Mat last;
    auto last_change = t0;
    bool changed = false;  // since the first grab
    while (!cancelled()) {
      auto f = grab();
      if (!f) return f.error();
      const auto now = clock_.now();
      const bool repeat = !last.empty() && capture::same_pixels(f->bgr, last);
      if (!repeat) {
        auto tc = clock_.now();
        bool ok = pixels_ != nullptr && pixels_->steps_shown(anchor, a, f->bgr, i, i_moving);
        report_.times.read += ms_since(tc);
        if (ok) {
          account();
          return std::optional<capture::Frame>(std::move(*f));
        }
        changed = !last.empty();
        last = f->bgr;
        last_change = now;
      } else if (changed ? now - last_change >= o_.poll : now - t0 >= o_.change_timeout) {
        break;
      }
      if (now - t0 >= o_.settle_timeout) break;
      clock_.sleep_for(o_.watch_poll);
    }
    account();
    return std::optional<capture::Frame>();
  }

  // Pipelined moves from `step` (PixelSteps::steps_shown): step i+1 is sent as soon as a frame shows
  // step i taken and every step before it landed where predicted, so the game's animation of i
  // overlaps the sending of i+1 (the game ends it when the next click arrives). Every step is still
  // checked: the cells of steps a..i-1 on the frame that shows i under way, the last step on a
  // frame where the whole board is as predicted. Returns with `step` past the steps confirmed and
  // the current board confirmed there, or read off a still screen (then the caller compares it with
  // the plan) when a frame did not show what was predicted.
  std::optional<Stop> pipeline(capture::Frame& frame, std::size_t steps, std::size_t& step) {
    const std::size_t a = step;
    const cv::Mat anchor = frame.bgr;
    for (std::size_t i = a; i < steps; ++i) {
      if (cancelled())
        return interrupted();
      auto g = player_.gesture(i);
      if (!g) return failed(g.error());
      auto mapped = to_input_gesture(*g, o_.to_input(frame), o_.drag_step_pause);
      if (!mapped) return failed(mapped.error());
      auto t0 = clock_.now();
      auto sent = sink_.perform(*mapped);
      const double act_ms = ms_since(t0);
      report_.times.act += act_ms;
      if (!sent) return failed(sent.error());
      ++report_.moves_made;
      const double settle_before = report_.times.settle;
      const bool last = i + 1 == steps;
      auto seen = watch_steps(anchor, a, i, !last);
      if (!seen) return failed(seen.error());
      if (!*seen) {
        // Not as predicted: wait for stillness, then see how far the board got (the whole run
        // since the anchor as predicted, else one step short: the last click lost), else read it.
        auto still = settle(nullptr);
        if (!still) return failed(still.error());
        frame = std::move(*still);
        auto tc = clock_.now();
        bool whole = pixels_ != nullptr && pixels_->steps_shown(anchor, a, frame.bgr, i, false);
        bool short_one = !whole && i > a && pixels_ != nullptr && pixels_->steps_shown(anchor, a, frame.bgr, i - 1, false);
        report_.times.read += ms_since(tc);
        log("move %zu/%zu: %s (act %.0f ms, settle %.0f ms, %s)", i + 1, steps, g->label.c_str(), act_ms,
            report_.times.settle - settle_before,
            whole ? "checked by pixels after stillness" : short_one ? "not taken" : "read");
        if (whole || short_one) {
          step = whole ? i + 1 : i;
          return std::nullopt;
        }
        if (auto stop = read(frame)) return stop;
        // The read board is compared with the plan by the caller, from the latest step back.
        step = i + 1;
        return std::nullopt;
      }
      frame = std::move(**seen);
      log("move %zu/%zu: %s (act %.0f ms, settle %.0f ms, %s)", i + 1, steps, g->label.c_str(), act_ms,
          report_.times.settle - settle_before, last ? "checked by pixels" : "taken; earlier moves checked by pixels");
    }
    step = steps;
    return std::nullopt;
  }

  // Reads the board off `frame`, re-grabbing after a pause when it cannot be read (a dialog, a
  // half-drawn window). Updates `frame` to the one that was read.
  std::optional<Stop> read(capture::Frame& frame) {
    Error last;
    for (int attempt = 0; attempt < std::max(1, o_.read_attempts); ++attempt) {
      if (attempt > 0) {
        clock_.sleep_for(o_.poll * 4);
        auto f = settle(nullptr);
        if (!f) return failed(f.error());
        frame = std::move(*f);
      }
      auto t0 = clock_.now();
      auto r = player_.read(frame.bgr);
      report_.times.read += ms_since(t0);
      if (r) return std::nullopt;
      last = r.error();
      // Ctrl-C while the screen is caught unreadable (a wait for stillness ends at once then, on
      // whatever frame it has): the run stops as asked, not on a board it no longer waited for.
      if (cancelled()) return interrupted();
    }
    // The reader's code (and whatever else it said) stays: the command maps the code, and a board
    // that is gone after the winning move is told from bad input by it (read_after).
    Error why = with_context("cannot read the " + std::string(player_.game()) + " board from " + frame.origin + ": ", last);
    if (o_.dry_run) {  // the picture is wanted most when nothing was read: the window as seen, and why
      cv::Mat seen;
      cv::copyMakeBorder(frame.bgr, seen, 28, 0, 0, 0, cv::BORDER_CONSTANT, cv::Scalar::all(255));
      std::string shown = last.text();
      if (shown.size() > 160) shown.resize(160);  // one line across the picture's top
      cv::putText(seen, shown, {6, 18}, cv::FONT_HERSHEY_SIMPLEX, 0.45, cv::Scalar(0, 0, 160), 1, cv::LINE_AA);
      if (platform::codecs::write(o_.dry_run_out, seen)) why = add_hint(std::move(why), o_.dry_run_out + " shows the window as captured");
    }
    return failed(std::move(why));
  }

  // Reads the screen after planned step `i` was made. When no board can be found there and step i
  // was predicted to finish the board, the level was won and the game shows its end screen over it
  // (GNOME Taquin's "Bravo!" fades the board out): `won` is set, and that is no error.
  std::optional<Stop> read_after(capture::Frame& frame, std::size_t i, bool& won) {
    won = false;
    auto stop = read(frame);
    if (stop && stop->error && stop->error->is(ErrorCode::kNoBoard) && end_screen_ != nullptr &&
        end_screen_->finished_after(i)) {
      log("no board on screen after move %zu, which was predicted to finish it: the game shows its end (%s)", i + 1,
          stop->error->message.c_str());
      won = true;
      return std::nullopt;
    }
    return stop;
  }

  // `play --json`: the plan just made, as `solve --json` prints it for the board it was made from.
  void print_plan(double ms, std::uint64_t nodes) const {
    if (o_.json == nullptr) return;
    const auto* as_moves = capability<PlanAsMoves>(player_);
    const std::string moves = as_moves ? as_moves->plan_moves_json() : std::string();
    json::ObjectWriter w;
    w.string("game", player_.game());
    w.string("status", "solved");
    w.string("board", as_moves ? as_moves->plan_board_text() : player_.board_text());
    w.raw("moves", moves.empty() ? "[]" : moves);
    json::ObjectWriter stats;
    stats.number("ms", std::round(ms * 1000) / 1000);
    stats.integer("nodes", static_cast<std::int64_t>(nodes));
    w.raw("stats", stats.str());
    // A game whose Player cannot write its moves says so rather than pass for an empty plan.
    if (moves.empty()) w.string("reason", "this game's plan is not printed as moves");
    std::fprintf(o_.json, "%s\n", w.str().c_str());
    std::fflush(o_.json);
  }

  Stop interrupted() const {
    return failed(ErrorCode::kInterrupted, "stopped by Ctrl-C after " + std::to_string(report_.moves_made) + " moves");
  }

  // Sends one gesture; `act_ms` gets the time it took. The sink's error (Ctrl-C, the mouse taken,
  // the window gone) stops the run as it is.
  std::optional<Stop> send(const actuator::Gesture& g, double& act_ms) {
    auto t0 = clock_.now();
    auto sent = sink_.perform(g);
    act_ms = ms_since(t0);
    report_.times.act += act_ms;
    if (!sent) return failed(sent.error());
    return std::nullopt;
  }

  // Solves from the board read last; `steps` gets the plan's length.
  std::optional<Stop> make_plan(std::size_t& steps) {
    steps = 0;
    auto limits = solvers::Limits::with_timeout(o_.solve_timeout);
    limits.cancel = o_.cancel;
    auto t0 = clock_.now();
    PlanOutcome plan = player_.plan(limits);
    double ms = ms_since(t0);
    report_.times.solve += ms;
    switch (plan.status) {
      case solvers::Status::kSolved:
        log("solved the board on screen in %.1f ms: %zu move%s", ms, plan.moves, plan.moves == 1 ? "" : "s");
        steps = plan.moves;
        print_plan(ms, plan.nodes);
        return std::nullopt;
      case solvers::Status::kUnsolvable:
        return outcome(kExitUnsolvable, std::string(player_.game()) + ": the board on screen is unsolvable: " + plan.reason);
      case solvers::Status::kGaveUp:
        if (cancelled()) return interrupted();  // the solver stopped for Ctrl-C, not for a limit
        break;
    }
    return outcome(kExitGaveUp, std::string(player_.game()) + ": gave up solving the board on screen: " + plan.reason);
  }

  std::optional<Stop> dry_run(const capture::Frame& frame, std::size_t steps) {
    for (std::size_t i = 0; i < steps; ++i) {
      auto g = player_.gesture(i);
      if (!g) return failed(g.error());
      auto mapped = to_input_gesture(*g, o_.to_input(frame), o_.drag_step_pause);
      if (!mapped) return failed(mapped.error());
      report_.planned.push_back(std::move(*g));
    }
    cv::Mat drawn = draw_gestures(frame.bgr, report_.planned);
    if (auto written = platform::codecs::write(o_.dry_run_out, drawn); !written)
      return failed(written.error().is(ErrorCode::kInternal)
                        ? written.error()
                        : make_error("cannot write " + o_.dry_run_out + ": check the folder exists and the name ends in .png"));
    return std::nullopt;
  }

  // `played`: whether there was a board to play (false when it was finished before we began).
  std::optional<Stop> play_level(int level, bool& played) {
    // A screenshot on demand is dear: the first look is read as it is (the reading fails, and is
    // made again on a still screen, if it was caught in an animation).
    auto first = on_demand_ ? grab() : settle(nullptr);
    if (!first) return failed(first.error());
    capture::Frame frame = std::move(*first);
    if (auto stop = read(frame)) return stop;
    if (o_.levels > 1)
      log("level %d of %d: read the %s board from %s", level + 1, o_.levels, std::string(player_.game()).c_str(),
          frame.origin.c_str());
    else
      log("level %d: read the %s board from %s", level + 1, std::string(player_.game()).c_str(), frame.origin.c_str());
    if (player_.solved()) {
      log("the board is already finished");
      return std::nullopt;
    }
    played = true;
    std::size_t steps = 0;
    if (auto stop = make_plan(steps)) return stop;
    if (o_.dry_run) return dry_run(frame, steps);

    std::size_t step = 0;
    int replans = 0;
    bool last_read = false;  // the board after the last move made was read, not checked by pixels
    // The screen disagrees with the prediction (`after`: the move it followed): a click lost, a
    // misread, or a game with rules of its own. Trust the screen and plan again from what it shows.
    // A re-plan shorter than what was left of the old plan is progress (a game that also took a
    // click made during its animation runs ahead of the plan): it is not held against
    // --max-replans. Plans cannot shrink for ever, so this still ends.
    auto replan = [&](const std::string& after) -> std::optional<Stop> {
      ++report_.replans;
      log("the screen does not show the predicted board%s; re-planning from what it shows:\n%s", after.c_str(),
          player_.board_text().c_str());
      const std::size_t left = steps - step;
      step = 0;
      if (auto stop = make_plan(steps)) return stop;
      if (steps < left) {
        log("the new plan (%zu moves) is shorter than what was left of the old one (%zu): not counted as a re-plan",
            steps, left);
        return std::nullopt;
      }
      if (++replans > o_.max_replans)
        return outcome(kExitGaveUp, "the screen kept disagreeing with the moves made (" + std::to_string(replans - 1) +
                                        " re-plans); last board read:\n" + player_.board_text());
      return std::nullopt;
    };
    while (step < steps) {
      if (o_.pipeline && o_.confirm_by_pixels) {
        const std::size_t from = step;
        if (auto stop = pipeline(frame, steps, step)) return stop;
        // The current board is confirmed after step - 1, or was read: find the step it shows.
        std::size_t done = step;
        while (done > from && !player_.matches_after(done - 1)) --done;
        if (done > from || player_.matches_after(from == 0 ? kBeforePlan : from - 1)) {
          step = done;
          continue;
        }
        if (player_.solved()) return std::nullopt;
        if (auto stop = replan("")) return stop;
        continue;
      }
      if (cancelled()) return interrupted();
      auto g = player_.gesture(step);
      if (!g) return failed(g.error());
      auto mapped = to_input_gesture(*g, o_.to_input(frame), o_.drag_step_pause);
      if (!mapped) return failed(mapped.error());
      double act_ms = 0;
      if (auto stop = send(*mapped, act_ms)) return stop;
      ++report_.moves_made;
      const auto sent = clock_.now();

      const double settle_before = report_.times.settle;
      const cv::Mat before = frame.bgr;
      // Watching a move's cells takes a look every few ms: not with screenshots made on demand.
      const std::vector<cv::Rect> cells =
          o_.confirm_by_pixels && !on_demand_ && pixels_ != nullptr ? pixels_->step_cells(step) : std::vector<cv::Rect>();
      bool confirmed = false, looked_once = false;
      Clock::time_point look_taken{};  // with looked_once: when that one look was taken
      if (!cells.empty()) {
        auto seen = watch_step(before, step, cells, clock_.now());
        if (!seen) return failed(seen.error());
        if (seen->seen == Seen::kNoChange) {
          // Lost: sent while the game was deaf (GNOME Taquin ignores clicks until its slide has
          // ended) or eaten by a busy machine. Sending it again is harmless for the games that
          // give step_cells; if it shows no change either, the screen is read below.
          if (cancelled()) return interrupted();
          log("move %zu/%zu: %s showed no change within %.0f ms: sending it again", step + 1, steps, g->label.c_str(),
              begin_deadline().count());
          double again_ms = 0;
          if (auto stop = send(*mapped, again_ms)) return stop;
          act_ms += again_ms;
          ++report_.resent;
          seen = watch_step(before, step, cells, clock_.now());
          if (!seen) return failed(seen.error());
        }
        if (seen->seen == Seen::kLanded) {
          frame = std::move(seen->frame);
          confirmed = true;
        }
      }
      if (!confirmed) {  // not as predicted, or not watched cell by cell: wait for stillness, then look
        // A watched step's change, if any, has been waited for already. Screenshots on demand:
        // wait what a move takes, look once (a second look only when this one disagrees, below).
        auto after = on_demand_ ? look_once(look_after_ms_ - ms_since(sent)) : settle(cells.empty() ? &before : nullptr);
        if (!after) return failed(after.error());
        looked_once = on_demand_;
        look_taken = after->taken;
        frame = std::move(*after);
        auto tc = clock_.now();
        confirmed = o_.confirm_by_pixels && pixels_ != nullptr && pixels_->confirm_by_pixels(before, frame.bgr, step);
        report_.times.read += ms_since(tc);
      }
      bool won = false;
      if (!confirmed) {
        if (auto stop = read_after(frame, step, won)) return stop;
        if (won) return std::nullopt;
      }
      if (!player_.matches_after(step)) {
        // Perhaps caught between two animation frames that happened to be equal: look once more.
        auto again = settle(nullptr);
        if (!again) return failed(again.error());
        frame = std::move(*again);
        if (auto stop = read_after(frame, step, won)) return stop;
        if (won) return std::nullopt;
      }
      last_read = !confirmed;
      // The one look did not do (unreadable, or not as predicted), a still screen after it did.
      if (looked_once && frame.taken != look_taken && player_.matches_after(step)) learn_look_after(sent, frame);
      log("move %zu/%zu: %s (act %.0f ms, settle %.0f ms%s)", step + 1, steps, g->label.c_str(), act_ms,
          report_.times.settle - settle_before, confirmed ? ", checked by pixels" : ", read");
      if (player_.matches_after(step)) {
        ++step;
        continue;
      }
      if (player_.solved()) return std::nullopt;
      if (auto stop = replan(" after " + g->label)) return stop;
    }
    // The last word is a real reading of the final screen, not a chain of pixel checks, and of a
    // still one: the last move was accepted as soon as its cells showed, and a game may flash its
    // finished board just after.
    // Screenshots on demand: a reading after the last move, made once the move had had its time
    // (and of a still screen when that look disagreed), is that last word already.
    if (on_demand_ && last_read && player_.solved()) return std::nullopt;
    auto last = on_demand_ ? grab() : settle(nullptr);
    if (!last) return failed(last.error());
    frame = std::move(*last);
    bool won = false;
    if (auto stop = read_after(frame, steps - 1, won)) return stop;
    if (won) return std::nullopt;
    if (!player_.solved())
      return failed(ErrorCode::kNotCleared, "the planned moves were made but the board is not finished:\n" + player_.board_text());
    return std::nullopt;
  }

  capture::FrameSource& source_;
  actuator::InputSink& sink_;
  Player& player_;
  // The player's capabilities the loop uses (play_capabilities.hpp); nullptr: its game has none.
  PixelSteps* pixels_;
  const EndScreen* end_screen_;
  const PlayOptions& o_;
  Clock& clock_;           // the time waited in (PlayOptions::clock)
  PlayReport report_;
  Pace pace_;
  const bool on_demand_;   // source_.grabs_on_demand(): look once after a move's time, do not watch
  double look_after_ms_;   // with on_demand_: how long after a move to look (PlayOptions::look_after, learned)
};

}  // namespace

PlayReport play(capture::FrameSource& source, actuator::InputSink& sink, Player& player, const PlayOptions& options) {
  return Loop(source, sink, player, options).run();
}

calibration::FrameToInput window_to_root(const cv::Rect& screen_rect, calibration::Size root) {
  calibration::FrameToInput m;
  m.scale_x = m.scale_y = 1;  // an X11 window grab is 1:1 with root pixels
  m.offset_x = screen_rect.x;
  m.offset_y = screen_rect.y;
  m.input = root;
  return m;
}

Result<actuator::Gesture> to_input_gesture(const FrameGesture& g, const calibration::FrameToInput& map,
                                           std::chrono::milliseconds step_pause) {
  actuator::Gesture out;
  out.kind = g.kind;
  out.step_pause = step_pause;
  for (const auto& p : g.points) {
    calibration::InputPoint q = map.map(p);
    if (!map.inside(q))
      return make_error("move '" + g.label + "' maps to (" + std::to_string(q.x) + "," + std::to_string(q.y) +
                        "), outside the " + std::to_string(map.input.width) + "x" + std::to_string(map.input.height) +
                        " input space: is the profile for this screen?");
    out.points.push_back(q);
  }
  if (out.points.empty()) return make_error("move '" + g.label + "' has no points: a planner bug");
  return out;
}

std::size_t drawn_steps(const std::vector<FrameGesture>& gestures) {
  // A plan that comes back to a place (a 15-puzzle taps 16 tiles 50 times) would pile its numbers
  // up there: then only the first kFirstSteps are drawn and the banner says how many there are.
  constexpr std::size_t kFirstSteps = 10;
  std::map<std::pair<long, long>, int> uses;
  for (const FrameGesture& g : gestures) {
    if (g.points.empty()) continue;
    if (++uses[{std::lround(g.points.front().x), std::lround(g.points.front().y)}] > 1)
      return std::min(gestures.size(), kFirstSteps);
  }
  return gestures.size();
}

cv::Mat draw_gestures(const cv::Mat& bgr, const std::vector<FrameGesture>& gestures) {
  const std::size_t shown = drawn_steps(gestures);
  cv::Mat out = bgr.clone();
  const cv::Scalar kTapColour(0, 0, 255), kDragColour(0, 160, 255), kText(0, 0, 0);
  double scale = std::max(0.35, std::min(out.cols, out.rows) / 900.0);
  int thick = std::max(1, static_cast<int>(std::lround(scale * 2)));
  for (std::size_t i = 0; i < shown; ++i) {
    const FrameGesture& g = gestures[i];
    if (g.points.empty()) continue;
    auto pt = [](const calibration::FramePoint& p) { return cv::Point(static_cast<int>(std::lround(p.x)),
                                                                       static_cast<int>(std::lround(p.y))); };
    cv::Point a = pt(g.points.front());
    if (g.kind == actuator::Gesture::Kind::kTap) {
      cv::circle(out, a, static_cast<int>(8 * scale + 4), kTapColour, thick, cv::LINE_AA);
    } else {
      for (std::size_t k = 1; k < g.points.size(); ++k)
        cv::arrowedLine(out, pt(g.points[k - 1]), pt(g.points[k]), kDragColour, thick, cv::LINE_AA, 0, 0.2);
    }
    // Step numbers are offset a little per step so repeated taps on one cell stay readable.
    cv::Point label = a + cv::Point(static_cast<int>(6 + (i % 3) * 10 * scale), static_cast<int>(-4 - (i / 3 % 3) * 10 * scale));
    std::string n = std::to_string(i + 1);
    cv::putText(out, n, label, cv::FONT_HERSHEY_SIMPLEX, 0.45 * scale + 0.15, cv::Scalar(255, 255, 255), thick + 2,
                cv::LINE_AA);
    cv::putText(out, n, label, cv::FONT_HERSHEY_SIMPLEX, 0.45 * scale + 0.15, kText, thick, cv::LINE_AA);
  }
  // A banner above the picture: the plan's length, and the drawn steps in words, wrapped to its width.
  std::vector<std::string> items{std::to_string(gestures.size()) + (gestures.size() == 1 ? " move" : " moves") +
                                 (shown < gestures.size() ? " planned;" : " planned")};
  if (shown < gestures.size()) items.push_back("the first " + std::to_string(shown) + " drawn:");
  for (std::size_t i = 0; i < shown; ++i) items.push_back(std::to_string(i + 1) + ": " + gestures[i].label);
  std::vector<std::string> lines{items.front()};
  for (std::size_t k = 1; k < items.size(); ++k) {
    const std::string longer = lines.back() + "   " + items[k];
    if (cv::getTextSize(longer, cv::FONT_HERSHEY_SIMPLEX, 0.5, 1, nullptr).width > out.cols - 12) lines.push_back(items[k]);
    else lines.back() = longer;
  }
  const int line_px = 20;
  cv::Mat banner(static_cast<int>(lines.size()) * line_px + 8, out.cols, out.type(), cv::Scalar::all(255));
  for (std::size_t k = 0; k < lines.size(); ++k)
    cv::putText(banner, lines[k], {6, 18 + static_cast<int>(k) * line_px}, cv::FONT_HERSHEY_SIMPLEX, 0.5, kText, 1,
                cv::LINE_AA);
  cv::Mat both;
  cv::vconcat(banner, out, both);
  return both;
}

}  // namespace pb::app
