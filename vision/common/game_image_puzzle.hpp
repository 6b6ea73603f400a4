/* game_image_puzzle.hpp: the one ImagePuzzle every reader makes: its Reading, solved by the game's GamePuzzle. */
#pragma once

// A reader says what it is in one line at the end of vision/<game>/reader.hpp:
//
//   using ImageSpec = ReaderSpec<solvers::<game>::Spec, &read, &annotate, &solvers::<game>::Solution::moves,
//                                &load_params, &param_table, &learn>;
//
//   - the solver's Spec (solvers/common/game_puzzle.hpp): parse, format and solve;
//   - read: Result<Reading>(const cv::Mat&, const Params&), or with a DebugSink* after them: the
//     reader's Params and Reading are the types of this function;
//   - annotate: cv::Mat(const cv::Mat&, const Reading&, moves): what was read, and the moves drawn;
//   - the moves annotate() draws: a member of the solver's Solution (or a function of it);
//   - load_params: Result<Params>(const cv::FileNode&, const Params&), and param_table, the profile's
//     keys (vision/common/params.hpp);
//   - optional, `puzzlebot learn`: Params with which read() reads the true board exactly,
//     Result<Params>(const cv::Mat&, const Game::State& truth, const Params& start);
//   - ReadsText::kYes after learn when the reader uses Tesseract (`puzzlebot doctor` names it).
// Beside its Reading (found by argument-dependent lookup), a reader may also give
//   - `solver_state(reading)`: the state to solve, when it is not reading.state;
//   - `game_moves_text(reading, moves)`: the answer in the game's own words, when they are not the solver's.
// GameImagePuzzle<ImageSpec> is then the reader's ImagePuzzle, and kReaderOf<ImageSpec> its line in
// the reader list (vision/registry.cpp).
//
// The Outcome is the solver's own (GamePuzzle::solve_typed), so JSON moves and stats are exactly
// those of a board text, and the moves to draw are the typed Solution's: nothing is read back out
// of the JSON. A Reading gives its confidence as min_confidence() or as a `confidence` field.
//
// Rejected: calling the typed solve() beside the Puzzle's (the search would run twice); a class per
// reader repeating the profile lookup, read, solve and annotate (they differed only in names); a
// struct ImageSpec per reader naming its types and functions one by one, and a puzzle class per
// reader for its moves' accessor (every reader wrote the same dozen lines, only the names changed);
// finding load_params and param_table by argument-dependent lookup (param_table() takes nothing
// that names the game).

#include <concepts>
#include <functional>
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

namespace detail {

// The Reading and Params of a reader's read(): Result<Reading>(const cv::Mat&, const Params&, ...).
template <class F>
struct ReadTypes;
template <class R, class P, class... More>
struct ReadTypes<Result<R> (*)(const cv::Mat&, const P&, More...)> {
  using Reading = R;
  using Params = P;
};

}  // namespace detail

// Whether a reader uses Tesseract (the reader list's Reader::reads_text).
enum class ReadsText : bool { kNo = false, kYes = true };

// What a reader is (see the top of this file): the game it reads and its functions; its Params,
// Reading and the moves it draws are their types.
template <solvers::GameSpec G, auto kRead, auto kAnnotate, auto kMoves, auto kLoadParams, auto kParamTable,
          auto kLearn = nullptr, ReadsText kText = ReadsText::kNo>
struct ReaderSpec {
  using Game = G;
  using Reading = typename detail::ReadTypes<decltype(kRead)>::Reading;
  using Params = typename detail::ReadTypes<decltype(kRead)>::Params;
  using Drawn = std::remove_cvref_t<std::invoke_result_t<decltype(kMoves), const typename G::Solution&>>;

  static constexpr auto read = kRead;
  static constexpr auto load_params = kLoadParams;
  static constexpr auto param_table = kParamTable;
  static constexpr auto learn = kLearn;
  static constexpr bool kCanLearn = !std::is_null_pointer_v<decltype(kLearn)>;
  static constexpr bool kReadsText = kText == ReadsText::kYes;

  static cv::Mat annotate(const cv::Mat& image, const Reading& reading, const Drawn& moves) {
    return kAnnotate(image, reading, moves);
  }
  // What annotate() draws after one solve: the moves the answer lists (a solution; Pegs' best
  // attempt when there is none), none when it lists none.
  static Drawn drawn(const solvers::Outcome& out, const typename G::Solution& solution) {
    return out.move_count > 0 ? Drawn(std::invoke(kMoves, solution)) : Drawn{};
  }

  static_assert(std::same_as<decltype(kLoadParams(cv::FileNode{}, Params{})), Result<Params>>,
                "load_params: Result<Params>(const cv::FileNode&, const Params&)");
  static_assert(std::same_as<decltype(kParamTable()), std::span<const ParamSpec<Params>>>,
                "param_table: std::span<const ParamSpec<Params>>()");
  static_assert(std::same_as<decltype(kAnnotate(cv::Mat{}, std::declval<const Reading&>(), Drawn{})), cv::Mat>,
                "annotate: cv::Mat(const cv::Mat&, const Reading&, moves)");
  static_assert(!kCanLearn || std::invocable<decltype(kLearn), const cv::Mat&, const typename G::State&, const Params&>,
                "learn: Result<Params>(const cv::Mat&, const Game::State&, const Params&)");
};

template <class S>
class GameImagePuzzle final : public ImagePuzzle {
 public:
  using Spec = S;
  using Game = typename S::Game;
  using Reading = typename S::Reading;
  using Drawn = typename S::Drawn;

  explicit GameImagePuzzle(Reading reading) : reading_(std::move(reading)), puzzle_(state_to_solve(reading_)) {}

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
  // The moves of the last solve() that listed any, as annotate() draws them (empty before one).
  const Drawn& moves() const { return drawn_; }

 private:
  static typename Game::State state_to_solve(const Reading& reading) {
    if constexpr (requires { solver_state(reading); })
      return solver_state(reading);  // the reader's own, beside its Reading
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
  if constexpr (!Spec::kCanLearn) {
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

// The reader's line in the reader list (vision/registry.cpp), for its ReaderSpec S.
template <class S>
inline constexpr Reader kReaderOf{S::Game::kName, &read_image<GameImagePuzzle<S>>, &param_rows_of<GameImagePuzzle<S>>,
                                  &learn_image<GameImagePuzzle<S>>, S::kReadsText};

}  // namespace pb::vision
