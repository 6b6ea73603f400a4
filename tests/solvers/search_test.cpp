/* search_test.cpp: the generic BFS, A* and IDA* on toy puzzles (8-puzzle, a weighted graph). */
#include <gtest/gtest.h>

#include <array>
#include <cstdlib>
#include <map>
#include <random>

#include "solvers/common/search.hpp"

namespace pb::solvers::search {
namespace {

// The 8-puzzle: 9 cells of 4 bits, cell 0 top-left, 0 the blank. A move names the tile that slides.
struct EightPuzzle {
  using State = std::uint64_t;
  using Move = int;
  static int at(std::uint64_t s, int i) { return static_cast<int>((s >> (4 * i)) & 15u); }
  static std::uint64_t make(const std::array<int, 9>& cells) {
    std::uint64_t s = 0;
    for (int i = 0; i < 9; ++i) s |= static_cast<std::uint64_t>(cells[i]) << (4 * i);
    return s;
  }
  static std::uint64_t goal() { return make({1, 2, 3, 4, 5, 6, 7, 8, 0}); }
  bool is_goal(std::uint64_t s) const { return s == goal(); }
  void successors(std::uint64_t s, std::vector<Edge<State, Move>>& out) const {
    int b = 0;
    while (at(s, b) != 0) ++b;
    const int r = b / 3, c = b % 3;
    const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
    for (int k = 0; k < 4; ++k) {
      int nr = r + dr[k], nc = c + dc[k];
      if (nr < 0 || nr > 2 || nc < 0 || nc > 2) continue;
      int t = nr * 3 + nc, tile = at(s, t);
      std::uint64_t n = s & ~(std::uint64_t{15} << (4 * t));
      n |= static_cast<std::uint64_t>(tile) << (4 * b);
      out.push_back({tile, n, 1});
    }
  }
  Cost heuristic(std::uint64_t s) const {  // Manhattan distance: admissible and consistent
    Cost h = 0;
    for (int i = 0; i < 9; ++i) {
      int t = at(s, i);
      if (t == 0) continue;
      h += std::abs(i / 3 - (t - 1) / 3) + std::abs(i % 3 - (t - 1) % 3);
    }
    return h;
  }
};
static_assert(InformedProblem<EightPuzzle>);

// Replays `path` through the problem's own successors and returns the state reached.
template <class P>
typename P::State replay(const P& p, typename P::State s, const std::vector<typename P::Move>& path,
                         Cost* cost) {
  std::vector<Edge<typename P::State, typename P::Move>> out;
  *cost = 0;
  for (const auto& m : path) {
    out.clear();
    p.successors(s, out);
    auto it = std::find_if(out.begin(), out.end(), [&](const auto& e) { return e.move == m; });
    EXPECT_NE(it, out.end()) << "move not available";
    if (it == out.end()) return s;
    *cost += it->cost;
    s = it->state;
  }
  return s;
}

std::uint64_t scramble(int steps, unsigned seed) {
  EightPuzzle p;
  std::mt19937 rng(seed);
  std::uint64_t s = EightPuzzle::goal();
  std::vector<Edge<std::uint64_t, int>> out;
  for (int i = 0; i < steps; ++i) {
    out.clear();
    p.successors(s, out);
    s = out[rng() % out.size()].state;
  }
  return s;
}

TEST(Search, BfsAstarIdastarAgreeOnOptimalLengthAndReplay) {
  EightPuzzle p;
  Limits limits;
  for (unsigned seed = 1; seed <= 6; ++seed) {
    std::uint64_t start = scramble(40, seed);
    auto b = bfs(p, start, limits);
    auto a = astar(p, start, limits);
    auto i = idastar(p, start, limits);
    ASSERT_EQ(b.status, SearchStatus::kFound);
    ASSERT_EQ(a.status, SearchStatus::kFound);
    ASSERT_EQ(i.status, SearchStatus::kFound);
    EXPECT_EQ(a.path.size(), b.path.size());
    EXPECT_EQ(i.path.size(), b.path.size());
    EXPECT_LE(a.nodes, b.nodes);  // the heuristic must prune something
    for (const auto* r : {&b, &a, &i}) {
      Cost c = 0;
      EXPECT_TRUE(p.is_goal(replay(p, start, r->path, &c)));
      EXPECT_EQ(c, r->cost);
    }
  }
}

TEST(Search, StartAtGoalIsAnEmptyPath) {
  EightPuzzle p;
  auto b = bfs(p, EightPuzzle::goal(), Limits{});
  EXPECT_EQ(b.status, SearchStatus::kFound);
  EXPECT_TRUE(b.path.empty());
  EXPECT_EQ(astar(p, EightPuzzle::goal(), Limits{}).path.size(), 0u);
  EXPECT_EQ(idastar(p, EightPuzzle::goal(), Limits{}).path.size(), 0u);
}

TEST(Search, OddPermutationIsExhaustedAfterTheWholeHalfSpace) {
  EightPuzzle p;
  std::uint64_t odd = EightPuzzle::make({2, 1, 3, 4, 5, 6, 7, 8, 0});  // one swap: unsolvable
  auto b = bfs(p, odd, Limits{});
  EXPECT_EQ(b.status, SearchStatus::kExhausted);
  EXPECT_EQ(b.stored, 181440u);  // 9!/2 positions reachable
}

TEST(Search, LimitsStopTheSearchAndNameTheLimit) {
  EightPuzzle p;
  std::uint64_t start = scramble(60, 7);
  Limits few;
  few.max_nodes = 20;
  for (const auto& r : {bfs(p, start, few), astar(p, start, few), idastar(p, start, few)}) {
    EXPECT_EQ(r.status, SearchStatus::kLimit);
    EXPECT_EQ(r.limit, Limit::kNodes);
    EXPECT_TRUE(r.path.empty());
  }
  Limits small_table;
  small_table.max_table_bytes = 4096;
  EXPECT_EQ(bfs(p, start, small_table).limit, Limit::kTableMemory);
  EXPECT_EQ(astar(p, start, small_table).limit, Limit::kTableMemory);
  Limits past;
  past.deadline = Limits::Clock::now() - std::chrono::seconds(1);
  auto late = bfs(p, EightPuzzle::make({2, 1, 3, 4, 5, 6, 7, 8, 0}), past);
  EXPECT_EQ(late.status, SearchStatus::kLimit);
  EXPECT_EQ(late.limit, Limit::kTime);
}

// A weighted graph where the fewest moves are not the cheapest: 0 -> 3 costs 10 directly, 3 via
// 0 -> 1 -> 2 -> 3. Node 4 is a dead end and node 5 is unreachable.
struct Weighted {
  using State = int;
  using Move = int;  // the node moved to
  int goal = 3;
  std::multimap<int, std::pair<int, Cost>> arcs{{0, {3, 10}}, {0, {1, 1}}, {1, {2, 1}},
                                                {2, {3, 1}},  {0, {4, 1}}, {1, {0, 1}}};
  bool is_goal(int s) const { return s == goal; }
  void successors(int s, std::vector<Edge<State, Move>>& out) const {
    auto [lo, hi] = arcs.equal_range(s);
    for (auto it = lo; it != hi; ++it) out.push_back({it->second.first, it->second.first, it->second.second});
  }
  Cost heuristic(int s) const { return s == goal ? 0 : 1; }
};

TEST(Search, CostsSteerAstarAndIdastarButNotBfs) {
  Weighted w;
  auto b = bfs(w, 0, Limits{});
  ASSERT_EQ(b.status, SearchStatus::kFound);
  EXPECT_EQ(b.path, std::vector<int>{3});
  EXPECT_EQ(b.cost, 10);
  auto a = astar(w, 0, Limits{});
  ASSERT_EQ(a.status, SearchStatus::kFound);
  EXPECT_EQ(a.path, (std::vector<int>{1, 2, 3}));
  EXPECT_EQ(a.cost, 3);
  auto i = idastar(w, 0, Limits{});
  ASSERT_EQ(i.status, SearchStatus::kFound);
  EXPECT_EQ(i.path, (std::vector<int>{1, 2, 3}));
  EXPECT_EQ(i.cost, 3);
  w.goal = 5;
  EXPECT_EQ(bfs(w, 0, Limits{}).status, SearchStatus::kExhausted);
  EXPECT_EQ(astar(w, 0, Limits{}).status, SearchStatus::kExhausted);
  EXPECT_EQ(idastar(w, 0, Limits{}).status, SearchStatus::kExhausted);
}

}  // namespace
}  // namespace pb::solvers::search
