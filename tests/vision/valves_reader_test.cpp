// valves_reader_test.cpp: the valves reader reads the arena samples and whole arena frames (styles, sizes, levels, seeds, mid-level) exactly, and refuses non-boards.
#include <algorithm>
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>
#include <initializer_list>
#include <iterator>
#include <set>
#include <string>

#include "samples/arena/arena.hpp"
#include "samples/arena/valves_level.hpp"
#include "solvers/common/text_board.hpp"
#include "tests/support/arena_play.hpp"
#include "tests/support/debug_pictures.hpp"
#include "tests/support/look_sweep.hpp"
#include "tests/support/reader_samples.hpp"
#include "tests/support/valves_diagram.hpp"
#include "vision/valves/reader.hpp"

namespace pb::vision::valves {
namespace {

namespace fs = std::filesystem;
namespace sv = solvers::valves;

// A board as a graph, by names (the reader meets nodes in another order than the arena wrote them):
// the node set, pipes as sorted name pairs, the ends, k and the closed valves.
std::string canon(const State& s) {
  std::set<std::string> nodes(s.names.begin(), s.names.end());
  std::multiset<std::string> pipes;
  for (auto [a, b] : s.pipes) {
    std::string x = s.names[static_cast<std::size_t>(a)], y = s.names[static_cast<std::size_t>(b)];
    if (y < x) std::swap(x, y);
    pipes.insert(x + " " + y);
  }
  std::string t = "k=" + std::to_string(s.wrenches) + " inlet=" + s.names[static_cast<std::size_t>(s.inlet)] +
                  " outlet=" + s.names[static_cast<std::size_t>(s.outlet)] + " closed=";
  std::set<std::string> closed;  // by name: the reader and the arena list nodes in different orders
  for (std::size_t i = 0; i < s.names.size(); ++i)
    if (s.closed[i]) closed.insert(s.names[i]);
  for (const auto& c : closed) t += c + ",";
  t += "\nnodes=";
  for (const auto& n : nodes) t += n;
  t += "\n";
  for (const auto& p : pipes) t += p + "\n";
  return t;
}

State parse_text(const std::string& text) {
  auto board = solvers::split_text_board(text, "truth", true);
  EXPECT_TRUE(board.ok()) << text;
  if (!board) return {};
  auto st = sv::parse(*board);
  EXPECT_TRUE(st.ok()) << text;
  return st ? *st : State{};
}

TEST(ValvesReader, ReadsEveryArenaSampleExactly) {
  const auto read_default = [](const cv::Mat& img) { return read(img); };
  testing::expect_reads_arena_samples_as(
      "valves", read_default, [](const Reading& got, const std::string& text, const fs::path& png) {
        const State truth = parse_text(text);
        EXPECT_EQ(canon(got.state), canon(truth)) << png;
        EXPECT_EQ(got.wrenches_used, truth.closed_count()) << png;
      });
}

const cv::Size kSizes[] = {{800, 600}, {640, 480}, {1024, 768}, {700, 900}, {1280, 720}};

// One arena frame read back, `clicks` valves of the solution closed (each stroke of a valves solution
// is one click): the same graph, and each centre where the arena takes the click.
void expect_frame_reads_back(int i, int variant, int level, std::uint64_t seed, cv::Size size, int clicks) {
  auto s = testing::arena_session(arena::game_from_name("valves"), level, seed, variant, size, clicks);
  ASSERT_TRUE(s.ok()) << s.error().message;
  const auto& lvl = dynamic_cast<const arena::ValvesLevel&>(s->level());
  const State& truth = lvl.state();
  const std::string what = "case " + std::to_string(i) + ": style " + std::to_string(variant) + " level " + std::to_string(level) +
                           " seed " + std::to_string(seed) + " size " + std::to_string(size.width) + "x" +
                           std::to_string(size.height) + " closed " + std::to_string(truth.closed_count()) + "\n" +
                           lvl.board_text();
  auto got = read(s->frame());
  ASSERT_TRUE(got.ok()) << what << got.error().message;
  EXPECT_EQ(canon(got->state), canon(truth)) << what;
  EXPECT_EQ(got->wrenches_used, truth.closed_count()) << what;
  for (std::size_t v = 0; v < got->state.names.size(); ++v) {
    const auto it = std::find(truth.names.begin(), truth.names.end(), got->state.names[v]);
    if (it == truth.names.end()) continue;
    EXPECT_LT(cv::norm(cv::Point2d(got->centres[v]) - lvl.node_centre(static_cast<int>(it - truth.names.begin()))), 2.5)
        << what << got->state.names[v];
  }
}

TEST(ValvesReader, ReadsArenaFramesAcrossStylesLevelsAndSeeds) {
  for (int i = 0; i < 40; ++i)
    expect_frame_reads_back(i, i, 1 + (i * 7) % 10, static_cast<std::uint64_t>(3000 + i), kSizes[i % 5], 0);
}

TEST(ValvesReader, ReadsClosedValvesMidLevel) {
  for (int i = 0; i < 16; ++i)
    expect_frame_reads_back(i, 40 + i, 3 + i % 8, static_cast<std::uint64_t>(5000 + i), kSizes[(i + 2) % 5], 1 + i % 2);
}

// A sweep over more styles (the four fonts at small sizes) and closed valves: each frame is read
// exactly or refused with a one-line message, never read wrongly. The cases include frames where
// Tesseract reads a duplex I as J, or a piece of a cut pipe lies under an I.
TEST(ValvesReader, SweepReadsExactlyOrRefuses) {
  const cv::Size sizes[] = {{560, 420}, {640, 480}, {800, 600}, {960, 540}, {1280, 720}, {1024, 768}};
  const int cases[] = {93, 105, 153, 192, 229, 0, 31, 62, 110, 127, 146, 171, 204, 238, 263, 290};
  int exact = 0;
  for (const int i : cases) {
    const int variant = 100 + i;
    auto s = testing::arena_session(arena::game_from_name("valves"), 1 + i % 12, static_cast<std::uint64_t>(9000 + i), variant,
                                    sizes[i % 6], i % 3);
    ASSERT_TRUE(s.ok()) << s.error().message;
    const State& truth = dynamic_cast<const arena::ValvesLevel&>(s->level()).state();
    const std::string what = "case " + std::to_string(i) + " style " + std::to_string(variant);
    auto got = read(s->frame());
    if (!got.ok()) {
      EXPECT_EQ(std::count(got.error().message.begin(), got.error().message.end(), '\n'), 0) << what << ": " << got.error().message;
      continue;
    }
    EXPECT_EQ(canon(got->state), canon(truth)) << what;
    EXPECT_EQ(got->wrenches_used, truth.closed_count()) << what;
    exact += canon(got->state) == canon(truth);
  }
  EXPECT_GE(exact, static_cast<int>(std::size(cases)) - 1);
}

// The inlet and outlet drawn as plain boxes cannot be told apart (the reader names the left one
// X); the puzzle is the same either way round, so such a look is compared with the ends unordered.
std::string canon_ends_unordered(const State& s) {
  State t = s;
  if (s.names[static_cast<std::size_t>(s.inlet)] > s.names[static_cast<std::size_t>(s.outlet)]) std::swap(t.inlet, t.outlet);
  return canon(t);
}

// One diagram look of one arena level, read after `scale` and JPEG `quality` (0: none): tallied.
void diagram_case(testing::SweepTally& tally, int style, int level, int clicks, double scale, int quality,
                  const testing::DiagramStyle& look) {
  const cv::Size size = kSizes[style % 5];
  auto s = testing::arena_session(arena::game_from_name("valves"), level, static_cast<std::uint64_t>(7000 + style), 0, size, clicks);
  ASSERT_TRUE(s.ok()) << s.error().message;
  const auto& lvl = dynamic_cast<const arena::ValvesLevel&>(s->level());
  if (const char* dir = std::getenv("PB_LOOKS_DIR"))
    cv::imwrite(std::string(dir) + "/valves_" + std::to_string(style) + ".png", testing::draw_valves_diagram(lvl, size, look));
  const cv::Mat img = testing::degrade(testing::draw_valves_diagram(lvl, size, look), scale, quality);
  const std::string what = "diagram style " + std::to_string(style) + " level " + std::to_string(level) + " x" + std::to_string(scale).substr(0, 4) +
                           " q" + std::to_string(quality);
  auto got = read(img);
  if (!got.ok()) {
    EXPECT_EQ(std::count(got.error().message.begin(), got.error().message.end(), '\n'), 0) << what;
  }
  const bool same = got.ok() && (look.end_letters ? canon(got->state) == canon(lvl.state())
                                                  : canon_ends_unordered(got->state) == canon_ends_unordered(lvl.state())) &&
                    got->wrenches_used == lvl.state().closed_count();
  if (got.ok() && !same) ADD_FAILURE() << what << ": read wrongly\n" << sv::format(got->state) << "expected\n" << lvl.board_text();
  tally.add(got.ok(), same, what + (got.ok() ? "" : ": " + got.error().message));
}

void diagram_case(testing::SweepTally& tally, int style, int level, int clicks, double scale, int quality) {
  diagram_case(tally, style, level, clicks, scale, quality, testing::diagram_style(style));
}

TEST(ValvesReader, ReadsNodeLinkDiagrams) {
  // Circles and squares, filled and outlined, plain or lettered ends, closed valves: every one exact.
  testing::SweepTally tally;
  for (int style = 0; style < 8; ++style) diagram_case(tally, style, 2 + style % 7, style % 3 == 2 ? 1 : 0, 1.0, 0);
  tally.print("valves diagrams");
  EXPECT_EQ(tally.exact, 8);
}

// The look sweep (docs/VISION.md "Look sweep"): arena wheel styles and diagram looks, scaled 0.5-2x
// and JPEG-compressed down to quality 60. A look may be refused, never read wrongly.
TEST(ValvesReader, LookSweepReadsExactlyOrRefuses) {
  const double scales[] = {0.5, 0.75, 1.0, 1.5, 2.0};
  const int qualities[] = {0, 90, 75, 60};
  testing::SweepTally wheels, diagrams;
  for (int i = 0; i < 6; ++i) {
    const double scale = scales[i % 5];
    const int quality = qualities[(i / 2) % 4];
    const cv::Size size = kSizes[(i + 1) % 5];
    auto s = testing::arena_session(arena::game_from_name("valves"), 1 + (i * 5) % 11, static_cast<std::uint64_t>(8100 + i), 200 + i, size, i % 2);
    ASSERT_TRUE(s.ok()) << s.error().message;
    const State& truth = dynamic_cast<const arena::ValvesLevel&>(s->level()).state();
    const std::string what = "wheels style " + std::to_string(200 + i) + " x" + std::to_string(scale).substr(0, 4) + " q" + std::to_string(quality);
    auto got = read(testing::degrade(s->frame(), scale, quality));
    const bool same = got.ok() && canon(got->state) == canon(truth) && got->wrenches_used == truth.closed_count();
    if (got.ok() && !same) ADD_FAILURE() << what << ": read wrongly\n" << sv::format(got->state) << "expected\n" << sv::format(truth);
    wheels.add(got.ok(), same, what + (got.ok() ? "" : ": " + got.error().message));
  }
  for (int i = 0; i < 6; ++i) diagram_case(diagrams, 20 + i, 1 + (i * 3) % 11, i % 3 == 1 ? 1 : 0, scales[(i + 2) % 5], qualities[(i + 1) % 4]);
  wheels.print("valves wheels");
  diagrams.print("valves diagrams");
  EXPECT_EQ(wheels.wrong + diagrams.wrong, 0);
  // Floors, so that refusing everything fails: today's 3 of 6 wheels and 5 of 6 diagrams.
  EXPECT_GE(wheels.exact, 3);
  EXPECT_GE(diagrams.exact, 5);
}

// Looks of the other-games sweep below (style 40 + i, drawn as the sweep draws look i), tallied and printed.
testing::SweepTally other_looks(std::initializer_list<int> styles, const std::string& name) {
  testing::SweepTally tally;
  for (const int style : styles) {
    const int i = style - 40;
    diagram_case(tally, style, 1 + (i * 5) % 11, 0, 1.0, 0, testing::other_diagram_style(style));
  }
  tally.print(name);
  return tally;
}

// Other games' diagram looks (issue #24, docs/VISION.md "Looks the issue lists"): the inlet and
// outlet as arrows, a pipe passing close to a valve it does not join, the count as "Wrenches: k".
// Each look is tallied under every option it has; 1x PNG, no valve closed (a "Wrenches: k" page
// shows none). Refusing is allowed, a wrong read is not. PB_VALVES_OTHER=N draws N looks (docs: 40).
TEST(ValvesReader, OtherGamesDiagramLooksAreReadOrRefusedNeverWrong) {
  const char* n_env = std::getenv("PB_VALVES_OTHER");
  const int n = n_env != nullptr && std::atoi(n_env) > 0 ? std::atoi(n_env) : 12;
  testing::SweepTally arrows, grazing, total;
  for (int i = 0; i < n; ++i) {
    const int style = 40 + i;
    const testing::DiagramStyle look = testing::other_diagram_style(style);
    testing::SweepTally one;
    diagram_case(one, style, 1 + (i * 5) % 11, 0, 1.0, 0, look);
    if (std::getenv("PB_LOOKS_VERBOSE") != nullptr)
      one.print(std::string(look.arrows ? "arrows " : "") + (look.grazing ? "grazing " : "") + (look.total_only ? "total" : ""));
    for (auto [on, t] : {std::pair{look.arrows, &arrows}, std::pair{look.grazing, &grazing}, std::pair{look.total_only, &total}})
      if (on) t->exact += one.exact, t->refused += one.refused, t->wrong += one.wrong;
  }
  std::printf("| inlet and outlet as arrows | %d | %d | %d |\n| a pipe passing close to a valve | %d | %d | %d |\n"
              "| the count as \"Wrenches: k\" | %d | %d | %d |\n",
              arrows.exact, arrows.refused, arrows.wrong, grazing.exact, grazing.refused, grazing.wrong, total.exact, total.refused, total.wrong);
  EXPECT_EQ(arrows.wrong + grazing.wrong + total.wrong, 0);
  if (n_env == nullptr) {  // Floors, so that refusing everything fails: today's 10, 7 and 8 exact, all 12 (at 40: 23, 20, 23)
    EXPECT_GE(arrows.exact, 10);
    EXPECT_GE(grazing.exact, 7);
    EXPECT_GE(total.exact, 8);
  }
}

// The looks of the 40-look sweep above that were refused before issue #24's fixes and are now read
// (styles 40-51 are the default run's): a large letter in an arrow's shaft, a wide italic X, plain
// arrows, an arrow that comes out compact, the network taken for one node among bold glyphs of a
// centred "Wrenches: k", nearly collinear valves. Each must be read exactly.
TEST(ValvesReader, OtherGamesDiagramLooksOnceRefusedAreRead) {
  EXPECT_EQ(other_looks({68, 69, 71, 73, 74, 75}, "valves, other games' looks once refused").exact, 6);
}

// The looks of the 200-look sweep (PB_VALVES_OTHER=200) refused because a wide italic letter comes
// within a pixel of its node's outline ("holds marks that reach its edge"): the outline is left out
// when it runs all round the inside and stays near its edge (`diagram_rim_cover`, `diagram_rim_depth`).
TEST(ValvesReader, OutlinedNodesWhoseLetterTouchesTheRingAreRead) {
  EXPECT_EQ(other_looks({54, 82, 110, 138, 222}, "valves, letters touching their node's outline").exact, 5);
}

// An arrow's serif X that Tesseract reads as Y (style 55 of the 200-look sweep: both ends read Y,
// "cannot tell the inlet X and the outlet Y"): an X is alike turned a half-turn, a Y is not
// (`xy_symmetry`), and the shape settles the read.
TEST(ValvesReader, AnEndsSerifXReadAsYIsSettledByItsShape) {
  EXPECT_EQ(other_looks({55}, "valves, an end's serif X read as Y").exact, 1);
}

// Bold letters Tesseract's page layout drops whole (styles 85 and 223 of the 200-look sweep: a sans
// H on a saturated square, a bold serif E; nothing read at any height as a character, a line or a
// word): read as a raw line when nothing else reads them.
TEST(ValvesReader, BoldLettersNoLayoutReadsAreReadAsARawLine) {
  EXPECT_EQ(other_looks({85, 223}, "valves, bold letters read as a raw line").exact, 2);
}

// An italic serif I that Tesseract reads as F (style 166 of the 200-look sweep, refused as "cannot
// read the letter"): alike turned a half-turn and, its slant sheared away, as narrow as only I and J
// are (`narrow_letter`), it is an I whatever was read.
TEST(ValvesReader, AnItalicSerifIReadAsAnotherLetterIsSettledByItsShape) {
  EXPECT_EQ(other_looks({166}, "valves, an italic serif I read as F").exact, 1);
}

// Valves drawn touching (styles 88 and 118 of the 200-look sweep: G touching C, K touching G) are
// one blob that no opening parts; before they were split at their cores (`diagram_split_core`,
// `diagram_split_cover`) the reader found "no node-link diagram" at all. Now it finds the diagram
// and refuses it for the one thing a picture cannot show: whether a pipe runs between two valves
// that touch (a refusal that is no kNoBoard: the board is there, one pipe of it cannot be seen).
TEST(ValvesReader, TouchingValvesAreFoundAndThePipeBetweenThemIsNotGuessed) {
  for (const int style : {88, 118}) {
    const int i = style - 40;
    auto s = testing::arena_session(arena::game_from_name("valves"), 1 + (i * 5) % 11, static_cast<std::uint64_t>(7000 + style), 0,
                                    kSizes[style % 5], 0);
    ASSERT_TRUE(s.ok()) << s.error().message;
    const auto& lvl = dynamic_cast<const arena::ValvesLevel&>(s->level());
    auto got = read(testing::draw_valves_diagram(lvl, kSizes[style % 5], testing::other_diagram_style(style)));
    ASSERT_FALSE(got.ok()) << "style " << style << " read:\n" << sv::format(got->state);
    EXPECT_FALSE(got.error().is(ErrorCode::kNoBoard)) << "style " << style << ": " << got.error().message;
  }
}

// An italic serif H that Tesseract reads as A with 97% confidence, beside the diagram's A (style 103
// of the 200-look sweep, "two nodes read as A"): two nodes of one name are read again with their
// slant sheared away, which reads the H, and the node whose upright read is a letter no other has is
// renamed while the other's upright read keeps the A. Style 271 (400-look sweep) renames its H
// alike, but an italic serif I there reads F, and upright I: once a read proved wrong, every other
// node's upright read must agree, and it is refused (without that check it read wrong).
TEST(ValvesReader, TwoNodesReadAsOneLetterAreReadAgainUpright) {
  EXPECT_EQ(other_looks({103}, "valves, an italic H read as A beside the A").exact, 1);
  const testing::SweepTally misread = other_looks({271}, "valves, an italic H read as A and an I as F");
  EXPECT_EQ(misread.refused, 1);
  EXPECT_EQ(misread.wrong, 0);
}

// An arrow whose head the wider opening eats, leaving a blob too long for its width to pass for an
// end (style 95 of the 200-look sweep, the outlet Y lost: "cannot tell the inlet X and the outlet
// Y"): the end the first opening found keeps that opening's shape.
TEST(ValvesReader, AnArrowWhoseHeadTheWiderOpeningEatsIsRead) {
  EXPECT_EQ(other_looks({95}, "valves, an arrow's head eaten by the wider opening").exact, 1);
}

// What a failed read found goes to the DebugSink (`solve --annotate`): the diagram's nodes, drawn
// over the image, for a diagram refused on its pipes (style 88: whether a pipe joins two valves drawn touching),
// and the wheels for an arena frame refused on its counter (the counter's line
// painted over). A read that succeeds sends nothing.
TEST(ValvesReader, AFailedReadShowsWhatItFound) {
  auto session = [](int style) {  // the session the other-games sweep draws look `style` of
    const int i = style - 40;
    auto s = testing::arena_session(arena::game_from_name("valves"), 1 + (i * 5) % 11, static_cast<std::uint64_t>(7000 + style), 0, kSizes[style % 5], 0);
    EXPECT_TRUE(s.ok()) << s.error().message;
    return std::move(*s);
  };
  const arena::Session refused = session(88), read_ok = session(166);
  const cv::Mat diagram = testing::draw_valves_diagram(dynamic_cast<const arena::ValvesLevel&>(refused.level()), kSizes[88 % 5],
                                                       testing::other_diagram_style(88));
  // A read that succeeds sends nothing.
  testing::DebugPictures none("valves");
  ASSERT_TRUE(read(read_ok.frame(), {}, &none).ok());
  EXPECT_TRUE(none.drawn.empty());
  cv::Mat frame = read_ok.frame().clone();
  cv::rectangle(frame, cv::Rect(0, 0, frame.cols, frame.rows / 5), frame.at<cv::Vec3b>(frame.rows - 1, frame.cols - 1), cv::FILLED);
  for (const cv::Mat& img : {diagram, frame}) {
    testing::DebugPictures sink("valves");
    ASSERT_FALSE(read(img, {}, &sink).ok());
    ASSERT_EQ(sink.drawn.size(), 1u);
    ASSERT_EQ(sink.drawn[0].size(), img.size());
    EXPECT_GT(cv::norm(sink.drawn[0], img, cv::NORM_L1), 0) << "nothing drawn";
  }
}

TEST(ValvesReader, ImagePuzzleSolvesWhatItRead) {
  arena::SessionOptions o;
  o.game = arena::game_from_name("valves");
  o.first_level = 6;
  o.seed = 11;
  o.variant = 5;
  auto s = arena::Session::create(o);
  ASSERT_TRUE(s.ok());
  const cv::Mat img = s->frame();
  auto puzzle = kReaderOf<ImageSpec>.read(img, {});
  ASSERT_TRUE(puzzle.ok()) << puzzle.error().message;
  const auto out = (*puzzle)->solve(solvers::Limits{});
  ASSERT_EQ(out.status, solvers::Status::kSolved) << out.reason;
  const auto& p = dynamic_cast<const GameImagePuzzle<ImageSpec>&>(**puzzle);
  // The valves it would close, by name, cut the arena's own network.
  const State& truth = dynamic_cast<const arena::ValvesLevel&>(s->level()).state();
  std::vector<Move> on_truth;
  for (Move m : p.moves()) {
    const std::string& name = p.reading().state.names[static_cast<std::size_t>(m)];
    const auto it = std::find(truth.names.begin(), truth.names.end(), name);
    ASSERT_NE(it, truth.names.end()) << name;
    on_truth.push_back(static_cast<Move>(it - truth.names.begin()));
  }
  EXPECT_FALSE(on_truth.empty());
  EXPECT_TRUE(sv::check_solution(truth, on_truth).ok());
  EXPECT_EQ((*puzzle)->annotate(img).size(), img.size());
}

void expect_refused(const cv::Mat& img, const std::string& what) {
  auto got = read(img);
  ASSERT_FALSE(got.ok()) << what;
  EXPECT_EQ(std::count(got.error().message.begin(), got.error().message.end(), '\n'), 0) << what << ": " << got.error().message;
  EXPECT_FALSE(got.error().message.empty()) << what;
}

TEST(ValvesReader, RefusesNonBoards) {
  expect_refused(cv::Mat(), "empty");
  const cv::Mat blank(480, 640, CV_8UC3, cv::Scalar(230, 230, 230));
  expect_refused(blank, "blank");
  cv::Mat noise(480, 640, CV_8UC3);
  cv::randu(noise, 0, 255);
  expect_refused(noise, "noise");
  // Wheels alone (no inlet, no outlet, no pipes) are not a network.
  cv::Mat wheels = blank.clone();
  for (int i = 0; i < 4; ++i) {
    const cv::Point c(120 + 120 * i, 240);
    cv::circle(wheels, c, 20, cv::Scalar(40, 110, 40), 4, cv::LINE_AA);
    for (int k = 0; k < 3; ++k) {
      const double a = CV_PI * k / 3 + CV_PI / 6;
      const cv::Point d(static_cast<int>(20 * std::cos(a)), static_cast<int>(20 * std::sin(a)));
      cv::line(wheels, c - d, c + d, cv::Scalar(40, 110, 40), 2, cv::LINE_AA);
    }
  }
  auto got = read(wheels);
  ASSERT_FALSE(got.ok());
  EXPECT_EQ(got.error().code, ErrorCode::kNoBoard) << got.error().message;
  // Other games' arena frames.
  for (arena::Game g : {arena::game_from_name("knight"), arena::game_from_name("hanoi"), arena::game_from_name("onestroke"), arena::game_from_name("river")}) {
    arena::SessionOptions o;
    o.game = g;
    o.first_level = 3;
    auto s = arena::Session::create(o);
    ASSERT_TRUE(s.ok());
    expect_refused(s->frame(), std::string(arena::name_of(g)));
  }
  // A valves frame with half the board cut away.
  arena::SessionOptions o;
  o.game = arena::game_from_name("valves");
  o.first_level = 4;
  auto s = arena::Session::create(o);
  ASSERT_TRUE(s.ok());
  cv::Mat half = s->frame().clone();
  half(cv::Rect(half.cols / 2, 0, half.cols / 2, half.rows)).setTo(cv::Scalar(236, 236, 236));
  expect_refused(half, "half a board");
}

TEST(ValvesReader, ProfileParams) {
  auto defaults = load_params(cv::FileNode());
  ASSERT_TRUE(defaults.ok());
  cv::FileStorage yml("%YAML:1.0\nvalves:\n  page_distance: 40\n  max_gap: 2.0\n",
                      cv::FileStorage::READ | cv::FileStorage::MEMORY);
  auto p = load_params(yml["valves"]);
  ASSERT_TRUE(p.ok()) << p.error().message;
  EXPECT_EQ(p->page_distance, 40);
  EXPECT_DOUBLE_EQ(p->max_gap, 2.0);
  cv::FileStorage bad("%YAML:1.0\nvalves:\n  bar_from: 0.9\n  bar_to: 0.1\n", cv::FileStorage::READ | cv::FileStorage::MEMORY);
  EXPECT_FALSE(load_params(bad["valves"]).ok());
}

}  // namespace
}  // namespace pb::vision::valves
