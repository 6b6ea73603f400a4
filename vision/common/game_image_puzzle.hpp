/* game_image_puzzle.hpp: the one ImagePuzzle every reader makes: its Reading, solved by the game's GamePuzzle. */
#pragma once

// A reader says what differs in an ImageSpec (at the end of vision/<game>/reader.hpp):
//
//   struct ImageSpec {
//     using Game = solvers::<game>::Spec;              // the solver's side (solvers/common/game_puzzle.hpp)
//     using Params = ...;  using Reading = ...;          // the reader's (vision/<game>/reader.hpp)
//     using Drawn = ...;                                 // the moves annotate() draws
//     static constexpr auto load_params = &<game>::load_params;  // Result<Params>(const cv::FileNode&, const Params&)
//     static constexpr auto param_table = &<game>::param_table;  // the profile keys (vision/common/params.hpp)
//     static constexpr auto read = &<game>::read;                // Result<Reading>(const cv::Mat&, const Params&)
//     static constexpr auto annotate = &<game>::annotate;        // cv::Mat(const cv::Mat&, const Reading&, Drawn)
//     // What annotate() draws after one solve (empty when there is nothing to draw).
//     static Drawn drawn(const solvers::Outcome&, const Game::Solution&);
//     // Optional: the state to solve, when it is not reading.state.
//     static Game::State solver_state(const Reading&);
//     // Optional (`puzzlebot learn`): Params with which read() reads the true board exactly,
//     // Result<Params>(const cv::Mat&, const Game::State& truth, const Params& start).
//     static constexpr auto learn = &<game>::learn;
//   };
//
// The Outcome is the solver's own (GamePuzzle::solve_typed), so JSON moves and stats are exactly
// those of a board text, and the moves to draw are the typed Solution's: nothing is read back out
// of the JSON. A Reading gives its confidence as min_confidence() or as a `confidence` field.
//
// Rejected: calling the typed solve() beside the Puzzle's (the search would run twice); a class per
// reader repeating the profile lookup, read, solve and annotate (they differed only in names).

#include <memory>
#include <string>
#include <type_traits>
#include <opencv2/core.hpp>
#include <opencv2/core/persistence.hpp>
#include <utility>

#include "calibration/profile.hpp"
#include "solvers/common/game_puzzle.hpp"
#include "solvers/common/text_board.hpp"
#include "vision/common/image_puzzle.hpp"
#include "vision/common/params.hpp"

namespace pb::vision {

template <class S>
class GameImagePuzzle : public ImagePuzzle {
 public:
  using Spec = S;
  using Game = typename S::Game;
  using Reading = typename S::Reading;
  using Drawn = typename S::Drawn;

  explicit GameImagePuzzle(Reading reading) : reading_(std::move(reading)), puzzle_(solver_state(reading_)) {}

  std::string_view game() const override { return Game::kName; }
  std::string format() const override { return puzzle_.format(); }
  solvers::Outcome solve(const solvers::Limits& limits) const override {
    auto solved = puzzle_.solve_typed(limits);
    drawn_ = S::drawn(solved.outcome, solved.solution);
    // A reader whose game names the moves otherwise than the solver (GNOME Taquin's board is the
    // solver's turned a half-turn) gives `game_moves_text(reading, drawn)` beside its Reading.
    if constexpr (requires { game_moves_text(reading_, drawn_); })
      if (!drawn_.empty())
        if (std::string text = game_moves_text(reading_, drawn_); !text.empty()) solved.outcome.moves_text = std::move(text);
    return std::move(solved.outcome);
  }
  cv::Mat annotate(const cv::Mat& image) const override { return S::annotate(image, reading_, drawn_); }
  double confidence() const override {
    if constexpr (requires(const Reading& r) { r.min_confidence(); })
      return reading_.min_confidence();
    else
      return reading_.confidence;
  }

  const Reading& reading() const { return reading_; }

 protected:
  // What the last solve() left to draw (empty before one).
  const Drawn& drawn() const { return drawn_; }

 private:
  static typename Game::State solver_state(const Reading& reading) {
    if constexpr (requires { S::solver_state(reading); })
      return S::solver_state(reading);
    else
      return reading.state;
  }

  Reading reading_;
  solvers::GamePuzzle<Game> puzzle_;
  mutable Drawn drawn_;
};

// Reader::read for an ImagePuzzle type P (a GameImagePuzzle): Params from the profile's node named
// after the game (defaults without a profile), then read.
template <class P>
Result<std::unique_ptr<ImagePuzzle>> read_image(const cv::Mat& bgr, const ReadOptions& options) {
  using Spec = typename P::Spec;
  using Params = typename Spec::Params;
  auto params = calibration::reader_params<Params>(options.profile, P::Game::kName,
                                                  [](const cv::FileNode& n) { return Spec::load_params(n, Params{}); });
  if (!params) return params.error();
  auto reading = [&] {
    if constexpr (std::is_invocable_v<decltype(Spec::read), const cv::Mat&, const Params&, DebugSink*>)
      return Spec::read(bgr, *params, options.debug);  // a reader that can show what it found
    else
      return Spec::read(bgr, *params);
  }();
  if (!reading) {
    if (options.debug != nullptr) options.debug->failed(P::Game::kName, reading.error().message);
    return reading.error();
  }
  return std::unique_ptr<ImagePuzzle>(std::make_unique<P>(std::move(*reading)));
}

// Reader::learn for an ImagePuzzle type P: the true board from `board_text`, the ImageSpec's learn()
// from the profile's Params, then the learned profile read back through read_image<P>: it must
// give exactly that board, or it is not returned.
template <class P>
Result<std::string> learn_image(const cv::Mat& bgr, std::string_view board_text, const ReadOptions& options) {
  using Spec = typename P::Spec;
  using Params = typename Spec::Params;
  using Game = typename P::Game;
  const std::string name(Game::kName);
  if constexpr (!requires { Spec::learn; }) {
    (void)bgr, (void)board_text, (void)options;
    return make_error("the " + name + " reader cannot learn a look yet");
  } else {
    auto board = solvers::split_text_board(board_text, "the board text", true);
    if (!board) return board.error();
    if (!board->game.empty() && board->game != name)
      return make_error("the board text is a " + board->game + " board, not " + name + ": give the board the screenshot shows");
    auto truth = Game::parse(*board);
    if (!truth) return truth.error();
    auto start = calibration::reader_params<Params>(options.profile, Game::kName,
                                                   [](const cv::FileNode& n) { return Spec::load_params(n, Params{}); });
    if (!start) return start.error();
    auto learned = Spec::learn(bgr, *truth, *start);
    if (!learned) return learned.error();
    std::string text = params_profile_text<Params>(name.c_str(), Spec::param_table(), *learned);
    // The profile as `solve --profile` will read it: loaded through load_params, it must read the board.
    auto doc = calibration::ProfileDoc::from_text(text, "the learned profile");
    if (!doc) return doc.error();
    ReadOptions again;
    again.profile = *doc;
    auto reread = read_image<P>(bgr, again);
    if (!reread || (*reread)->format() != Game::format(*truth))
      return make_error(name + " learn: the learned profile does not read the board back (a reader bug): " +
                        (reread ? std::string("it read another board") : reread.error().message));
    return text;
  }
}

// The reader's Params as rows for people (`puzzlebot params`), with their defaults.
template <class P>
std::vector<ParamRow> param_rows_of() {
  using Params = typename P::Spec::Params;
  return param_rows<Params>(P::Spec::param_table(), Params{});
}

// The reader's line in the reader list (vision/registry.cpp).
// An ImageSpec whose reader uses Tesseract says `static constexpr bool kReadsText = true;`.
template <class P>
constexpr Reader reader_entry() {
  Reader reader{P::Game::kName, &read_image<P>, &param_rows_of<P>, &learn_image<P>};
  if constexpr (requires { P::Spec::kReadsText; }) reader.reads_text = P::Spec::kReadsText;
  return reader;
}

}  // namespace pb::vision
