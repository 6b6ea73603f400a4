/* onestroke_solve_test.cpp: the one-stroke search: known boards, proofs of unsolvability, limits, exactness. */
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>

#include "solvers/onestroke/onestroke.hpp"
#include "solvers/onestroke/planted.hpp"
#include "tests/support/replay_check.hpp"
#include "tests/support/solver_boards.hpp"

namespace pb::solvers::onestroke {
namespace {

State read(const std::string& text) {
  auto board = split_text_board(text, "b.txt", true);
  EXPECT_TRUE(board);
  auto s = parse(*board);
  EXPECT_TRUE(s) << s.error().message;
  return *s;
}

Limits quick() { return Limits::with_timeout(std::chrono::seconds(10)); }

void expect_solved(const State& s, const Solution& sol) {
  ASSERT_EQ(sol.status, Status::kSolved) << sol.reason;
  ASSERT_FALSE(sol.path.empty());
  EXPECT_EQ(sol.path.front(), s.head);
  auto replay = check_solution(s, sol.path);
  EXPECT_TRUE(replay) << replay.error().message;
}

TEST(OnestrokeSolve, Level643) {
  State s = read("onestroke\n.##.S##\n#######\n##.####\n.######\n#.#####\n#####.#\n#######\n");
  expect_solved(s, solve(s, quick()));
}

TEST(OnestrokeSolve, BlogMapFromStart14) {
  State s = read("onestroke start=14\n111111\n101101\n111111\n101101\n111111\n000000\n");
  ASSERT_EQ(s.head, (Cell{2, 4}));
  Solution sol = solve(s, quick());
  expect_solved(s, sol);
  EXPECT_EQ(sol.path.size(), 26u);
}

TEST(OnestrokeSolve, MidLevelBoardIsSolvedFromTheHead) {
  State s = read("onestroke\n.##.xxx\n######x\n##.###x\n.#####x\n#.##S#x\n####x.x\n####xxx\n");
  ASSERT_EQ(s.head, (Cell{4, 4}));
  expect_solved(s, solve(s, quick()));
}

TEST(OnestrokeSolve, OnlyTheStart) {
  State s = read("onestroke\n.S.\n");
  Solution sol = solve(s, quick());
  expect_solved(s, sol);
  EXPECT_EQ(sol.path.size(), 1u);
}

Solution expect_unsolvable(const std::string& text, const std::string& why) {
  State s = read(text);
  Limits limits;
  limits.max_nodes = 10'000;  // "quickly": these are proved by counting, not by searching
  Solution sol = solve(s, limits);
  EXPECT_EQ(sol.status, Status::kUnsolvable) << text << sol.reason;
  EXPECT_NE(sol.reason.find(why), std::string::npos) << sol.reason;
  EXPECT_TRUE(sol.path.empty());
  return sol;
}

TEST(OnestrokeSolve, ParityIsProved) {
  Solution sol = expect_unsolvable("onestroke\n#S#\n###\n###\n", "colour parity");
  EXPECT_EQ(sol.nodes, 0u);
}

TEST(OnestrokeSolve, DisconnectedIsProved) {
  expect_unsolvable("onestroke\nS##.##\n###.##\n###.##\n", "not connected");
}

TEST(OnestrokeSolve, ThreeDeadEndsAreProved) {
  expect_unsolvable("onestroke\nS####.\n.#..#.\n.#..##\n", "dead ends");
}

TEST(OnestrokeSolve, CutCellParityIsProved) {
  // Connected and globally balanced, but the part between the start and cut cell (3,1) is not.
  expect_unsolvable("onestroke\n#S##\n##.#\n.###\n####\n", "colour parity: the part between");
}

TEST(OnestrokeSolve, BranchingCutCellIsProved) {
  // (0,2) opens onto three parts: a path passing it once covers at most two.
  expect_unsolvable("onestroke\nS####\n..#..\n.###.\n.###.\n", "cuts the board");
}

TEST(OnestrokeSolve, ForcedStepsAreProved) {
  expect_unsolvable("onestroke\n.###\n###S\n#.##\n##.#\n####\n", "forced steps");
}

TEST(OnestrokeSolve, ExhaustiveSearchProves) {
  // Passes every counting test at the start; only search shows no path exists.
  Solution sol = expect_unsolvable("onestroke\n..##.\n.####\n#####\n##S.#\n", "exhaustive search");
  EXPECT_GT(sol.nodes, 0u);
}

TEST(OnestrokeSolve, NodeBudgetGivesUp) {
  Planted p = planted_board(30, 0.95, 3);
  Limits limits;
  limits.max_nodes = 50;
  Solution sol = solve(p.state, limits);
  EXPECT_EQ(sol.status, Status::kGaveUp);
  EXPECT_EQ(sol.limit, Limit::kNodes) << sol.reason;
  EXPECT_LE(sol.nodes, 51u);
}

TEST(OnestrokeSolve, DeadlineGivesUp) {
  Planted p = planted_board(40, 0.95, 4);
  Limits limits = Limits::with_timeout(std::chrono::milliseconds(1));
  limits.deadline = Limits::Clock::now();  // already passed: noticed at the first clock check
  Solution sol = solve(p.state, limits);
  EXPECT_EQ(sol.status, Status::kGaveUp);
  EXPECT_EQ(sol.limit, Limit::kTime) << sol.reason;
}

TEST(OnestrokeSolve, LargeBoardHonoursTheDeadline) {
  // 300x300: each check is long, so the deadline must be read more often than every 1024 nodes.
  // A solver that never read it would run past ctest's timeout; how late it is read is measured by
  // bench/onestroke_deadline.cpp (no timing is asserted here: a loaded CI machine would fail it).
  State s;
  s.rows = s.cols = 300;
  s.sites.assign(300u * 300u, Site::kFree);
  s.sites[0] = Site::kVisited;
  s.sites[300u * 300u - 2] = Site::kNone;  // keeps colour parity right, breaks the easy serpentine
  Solution sol = solve(s, Limits::with_timeout(std::chrono::milliseconds(200)));
  if (sol.status == Status::kSolved) EXPECT_TRUE(check_solution(s, sol.path));
  else EXPECT_EQ(sol.status, Status::kGaveUp) << sol.reason;
}

TEST(OnestrokeSolve, CancelFlagGivesUp) {
  Planted p = planted_board(40, 0.95, 5);
  std::atomic<bool> cancel{true};
  Limits limits;
  limits.cancel = &cancel;
  const Solution sol = solve(p.state, limits);
  EXPECT_EQ(sol.status, Status::kGaveUp);
  EXPECT_EQ(sol.limit, Limit::kStopped) << sol.reason;
}

// The plain DFS of the blog, as an independent oracle for small boards (with an end cell: the last
// cell visited must be it).
bool brute_force(State& s, int left) {
  if (left == 0) return !s.end || s.head == *s.end;
  const int dr[4] = {-1, 0, 0, 1}, dc[4] = {0, -1, 1, 0};
  Cell h = s.head;
  for (int d = 0; d < 4; ++d) {
    Cell n{h.row + dr[d], h.col + dc[d]};
    if (!s.inside(n) || s.at(n) != Site::kFree) continue;
    auto& site = s.sites[static_cast<std::size_t>(n.row * s.cols + n.col)];
    site = Site::kVisited;
    s.head = n;
    bool ok = brute_force(s, left - 1);
    site = Site::kFree;
    s.head = h;
    if (ok) return true;
  }
  return false;
}

// A random small board: holes, visited cells, a head and, with `with_end`, an end among the free cells.
State random_small_board(std::mt19937_64& rng, bool with_end) {
  for (;;) {
    State s;
    s.rows = 2 + static_cast<int>(rng() % 4);
    s.cols = 2 + static_cast<int>(rng() % 4);
    s.sites.assign(static_cast<std::size_t>(s.rows * s.cols), Site::kFree);
    for (auto& site : s.sites) {
      auto r = rng() % 10;
      site = r < 2 ? Site::kNone : r < 3 ? Site::kVisited : Site::kFree;
    }
    auto h = static_cast<int>(rng() % s.sites.size());
    s.sites[static_cast<std::size_t>(h)] = Site::kVisited;
    s.head = {h / s.cols, h % s.cols};
    if (!with_end) return s;
    std::vector<Cell> free;
    for (int r = 0; r < s.rows; ++r)
      for (int c = 0; c < s.cols; ++c)
        if (s.at({r, c}) == Site::kFree) free.push_back({r, c});
    if (free.empty()) continue;
    s.end = free[rng() % free.size()];
    return s;
  }
}

// What agree_with_brute_force met.
struct BruteForceTally {
  int solvable = 0, unsolvable = 0;
  int proved_without_search = 0;  // unsolvable with no node searched: a counting proof
};

// 3000 random small boards from `seed` (with an end cell E when `with_end`): solve() must never give
// up and must find a path exactly when the brute force does; a path must replay (and stop on E), an
// unsolvable board must come with its reason.
void agree_with_brute_force(std::uint64_t seed, bool with_end, BruteForceTally& tally) {
  std::mt19937_64 rng(seed);
  for (int it = 0; it < 3000; ++it) {
    State s = random_small_board(rng, with_end);
    State copy = s;
    const bool expected = brute_force(copy, s.free_count());
    Solution sol = solve(s, quick());
    ASSERT_NE(sol.status, Status::kGaveUp) << format(s);
    ASSERT_EQ(sol.status == Status::kSolved, expected) << format(s) << sol.reason;
    if (expected) {
      ++tally.solvable;
      auto replay = check_solution(s, sol.path);
      ASSERT_TRUE(replay) << format(s) << replay.error().message;
      if (s.end) { ASSERT_EQ(sol.path.back(), *s.end) << format(s); }
    } else {
      ++tally.unsolvable;
      EXPECT_FALSE(sol.reason.empty());
      tally.proved_without_search += sol.nodes == 0;
    }
  }
}

TEST(OnestrokeSolve, AgreesWithBruteForceOnRandomSmallBoards) {
  BruteForceTally tally;
  ASSERT_NO_FATAL_FAILURE(agree_with_brute_force(2024, false, tally));
  EXPECT_GT(tally.solvable, 300);  // the sample must exercise both answers
  EXPECT_GT(tally.unsolvable, 300);
}

TEST(OnestrokeSolve, EndCellAgreesWithBruteForceOnRandomSmallBoards) {
  // Solved: the path replays and stops on E. Unsolvable: the brute force finds no path to E either,
  // and the reason says which proof. Neither answer may differ from the brute force.
  BruteForceTally tally;
  ASSERT_NO_FATAL_FAILURE(agree_with_brute_force(2025, true, tally));
  EXPECT_GT(tally.solvable, 150);  // the sample must exercise both answers
  EXPECT_GT(tally.unsolvable, 300);
  EXPECT_GT(tally.proved_without_search, 100);  // most are counting proofs, not searches
}

TEST(OnestrokeSolve, EndCellOnPlantedBoards) {
  // A planted path's last cell as E: always solvable, and the answer must end there.
  for (int n : {6, 10, 20, 30}) {
    const int count = n <= 10 ? 40 : 4;
    for (int k = 0; k < count; ++k) {
      Planted p = planted_board(n, 0.75, 9100 + static_cast<std::uint64_t>(n * 100 + k));
      if (p.path.size() < 2) continue;
      p.state.end = p.path.back();
      Limits limits = quick();
      limits.seed = static_cast<std::uint64_t>(k) + 1;
      Solution sol = solve(p.state, limits);
      ASSERT_EQ(sol.status, Status::kSolved) << n << "x" << n << " #" << k << ": " << sol.reason << "\n"
                                             << format(p.state);
      auto replay = check_solution(p.state, sol.path);
      ASSERT_TRUE(replay) << replay.error().message;
      EXPECT_EQ(sol.path.back(), *p.state.end);
    }
  }
}

TEST(OnestrokeSolve, EndCellSolvesLevel643) {
  // The free-end answer's last cell, fixed as E: the same board with its end written in.
  State free_end = read("onestroke\n.##.S##\n#######\n##.####\n.######\n#.#####\n#####.#\n#######\n");
  Solution any = solve(free_end, quick());
  ASSERT_EQ(any.status, Status::kSolved);
  State s = free_end;
  s.end = any.path.back();
  State round_trip = read(format(s));
  ASSERT_EQ(round_trip, s);
  Solution sol = solve(s, quick());
  expect_solved(s, sol);
  EXPECT_EQ(sol.path.back(), *s.end);
}

TEST(OnestrokeSolve, EndCellParityIsProved) {
  // Even count: S and E of one colour. Odd count: E of the minority colour.
  EXPECT_EQ(expect_unsolvable("onestroke\nS#\n#E\n", "colour parity").nodes, 0u);
  EXPECT_EQ(expect_unsolvable("onestroke\nSE#\n###\n###\n", "colour parity").nodes, 0u);
  // The same boards with E moved to a cell of the right colour are solved.
  State even = read("onestroke\nSE\n##\n");
  expect_solved(even, solve(even, quick()));
  State odd = read("onestroke\nS##\n###\n##E\n");
  expect_solved(odd, solve(odd, quick()));
}

TEST(OnestrokeSolve, EndCellDegreesAreProved) {
  // (1,1) has one way in, so the path would end there, not on E.
  expect_unsolvable("onestroke\nS#E\n.#.\n", "degrees");
  // E with no neighbouring cell.
  expect_unsolvable("onestroke\nS#.E\n", "the end E (0,3) has no neighbouring cell");
}

TEST(OnestrokeSolve, EndCellConnectivityIsProved) {
  expect_unsolvable("onestroke\nS#.##E\n", "not connected");
}

TEST(OnestrokeSolve, SameSeedSamePath) {
  Planted p = planted_board(20, 0.8, 11);
  Limits limits = quick();
  limits.seed = 42;
  EXPECT_EQ(solve(p.state, limits).path, solve(p.state, limits).path);
}

TEST(OnestrokeGame, PuzzleOutcome) {
  const std::string text = "onestroke\n.##.S##\n#######\n##.####\n.######\n#.#####\n#####.#\n#######\n";
  auto puzzle = test_support::parse_puzzle(kGame, text, "b.txt");
  ASSERT_TRUE(puzzle) << puzzle.error().message;
  EXPECT_EQ((*puzzle)->game(), "onestroke");
  Outcome out = (*puzzle)->solve(quick());
  EXPECT_EQ(out.status, Status::kSolved);
  EXPECT_EQ(pb::testing::replay::check_moves(text, out.moves_json), "") << out.moves_json;
  EXPECT_EQ(out.moves_text.rfind("(0,4) -> ", 0), 0u) << out.moves_text;
  EXPECT_GT(out.nodes, 0u);
  EXPECT_EQ((*puzzle)->format(), text);

  auto bad = split_text_board("onestroke\nS#?\n", "b.txt", true);
  ASSERT_TRUE(bad);
  auto err = kGame.parse(*bad);
  ASSERT_FALSE(err);
  EXPECT_EQ(err.error().code, ErrorCode::kBadInput);

  Outcome none = GamePuzzle<Spec>(read("onestroke\n#S#\n###\n###\n")).solve(quick());
  EXPECT_EQ(none.status, Status::kUnsolvable);
  EXPECT_EQ(none.moves_json, "[]");
  EXPECT_FALSE(none.reason.empty());
}

TEST(OnestrokeSamples, EveryBundledBoardReplays) {
  namespace fs = std::filesystem;
  fs::path dir = fs::path(PB_SOURCE_DIR) / "samples" / "boards" / "onestroke";
  int seen = 0;
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (entry.path().extension() != ".txt") continue;
    ++seen;
    std::ifstream in(entry.path());
    std::stringstream text;
    text << in.rdbuf();
    auto board = split_text_board(text.str(), entry.path().string(), true);
    ASSERT_TRUE(board) << board.error().message;
    auto s = parse(*board);
    ASSERT_TRUE(s) << s.error().message;
    Solution sol = solve(*s, quick());
    bool expect_unsolvable = entry.path().filename().string().rfind("unsolvable-", 0) == 0;
    if (expect_unsolvable) {
      EXPECT_EQ(sol.status, Status::kUnsolvable) << entry.path();
    } else {
      EXPECT_EQ(sol.status, Status::kSolved) << entry.path() << sol.reason;
      EXPECT_TRUE(check_solution(*s, sol.path)) << entry.path();
    }
  }
  EXPECT_GE(seen, 5);
}

}  // namespace
}  // namespace pb::solvers::onestroke
