/* valves_solver_test.cpp: the valves puzzle: Machinarium's network, bad input, and the cut checked three ways. */
#include <gtest/gtest.h>

#include <random>

#include "solvers/valves/valves.hpp"
#include "tests/support/replay_check.hpp"
#include "tests/support/solver_boards.hpp"
#include "tests/support/valves_grid.hpp"

namespace pb::solvers::valves {
namespace {

// Machinarium's sewer: inlet X, outlet Y, valves A-K (E touches only Y: a dead end).
constexpr const char* kMachinariumPipes =
    "X G\nX H\nX K\nX B\nY C\nY D\nY E\nY J\nY B\nY H\nY I\n"
    "A D\nA C\nA I\nA J\nA F\nA G\nB I\nF K\n";

using test_support::read_sample;

Result<State> parse_text(const std::string& text) { return test_support::parse_with(&parse, text, "t.txt"); }

State machinarium(int k) {
  auto st = parse_text("valves k=" + std::to_string(k) + " inlet=X outlet=Y\n" + kMachinariumPipes);
  EXPECT_TRUE(st.ok()) << st.error().message;
  return *st;
}

int node(const State& st, const std::string& name) {
  for (std::size_t i = 0; i < st.names.size(); ++i)
    if (st.names[i] == name) return static_cast<int>(i);
  return -1;
}

TEST(Valves, MachinariumThreeWrenchesCutsWithThreeValves) {
  State st = machinarium(3);
  Solution sol = solve(st, Limits{});
  ASSERT_EQ(sol.status, Status::kSolved) << sol.reason;
  EXPECT_EQ(sol.min_valves, 3);
  EXPECT_EQ(sol.moves.size(), 3u);
  EXPECT_TRUE(check_solution(st, sol.moves).ok());
  // The known answer A B H is a cut too, and every 2-valve set is not.
  EXPECT_TRUE(check_solution(st, {node(st, "A"), node(st, "B"), node(st, "H")}).ok());
  for (int a = 0; a < static_cast<int>(st.names.size()); ++a)
    for (int b = a + 1; b < static_cast<int>(st.names.size()); ++b) {
      if (a == st.inlet || a == st.outlet || b == st.inlet || b == st.outlet) continue;
      EXPECT_FALSE(check_solution(st, {a, b}).ok()) << st.names[a] << st.names[b];
    }
}

TEST(Valves, MachinariumTwoWrenchesIsUnsolvableWithTheCount) {
  Solution sol = solve(machinarium(2), Limits{});
  EXPECT_EQ(sol.status, Status::kUnsolvable);
  EXPECT_EQ(sol.min_valves, 3);
  EXPECT_NE(sol.reason.find("needs 3 valves, you have 2"), std::string::npos) << sol.reason;
}

TEST(Valves, GameOutcomeHasNamesAndStats) {
  auto puzzle = test_support::parse_puzzle(kGame, std::string("valves k=3 inlet=X outlet=Y\n") + kMachinariumPipes, "m");
  ASSERT_TRUE(puzzle.ok()) << puzzle.error().message;
  Outcome out = (*puzzle)->solve(Limits{});
  EXPECT_EQ(out.status, Status::kSolved);
  EXPECT_EQ(pb::testing::replay::check_moves((*puzzle)->format(), out.moves_json), "") << out.moves_json;
  EXPECT_TRUE(test_support::has_stat(out, "min_valves", "3"));
  // The board round-trips through format().
  auto again = split_text_board((*puzzle)->format(), "f", true);
  ASSERT_TRUE(again.ok());
  auto st2 = parse(*again);
  ASSERT_TRUE(st2.ok());
  EXPECT_EQ(st2->pipes.size(), 19u);
}

TEST(Valves, BadInputIsAnErrorWithAPosition) {
  test_support::expect_refused(parse_text, {
      {"valves k=3 inlet=X outlet=Y\nX A\nA A\nA Y\n", "t.txt:3:3: pipe from A to itself"},
      {"valves k=3 inlet=X outlet=X\nX A\nA Y\n", "same node"},
      {"valves k=3 inlet=Q outlet=Y\nX A\nA Y\n", "inlet=Q is not on any pipe"},
      {"valves k=3 inlet=X outlet=Z\nX A\nA Y\n", "outlet=Z is not on any pipe"},
      {"valves k=3 outlet=Y\nX A\nA Y\n", "missing inlet"},
      {"valves inlet=X outlet=Y\nX A\nA Y\n", "missing k"},
      {"valves k=3 inlet=X outlet=Y\nX A B\nA Y\n", "t.txt:2:5:"},
      {"valves k=3 inlet=X outlet=Y\nX\n", "two node names"},
      {"valves k=3 inlet=X outlet=Y\n", "no pipes"},
      {"valves k=-1 inlet=X outlet=Y\nX A\nA Y\n", "out of range"},
      {"valves k=3 inlet=X outlet=Y wrench=2\nX A\nA Y\n", "unknown parameter"},
      {"valves k=1 inlet=X outlet=Y closed=A,B\nX A\nA Y\nX B\nB Y\n", "only 1 wrenches"},
      {"valves k=3 inlet=X outlet=Y closed=Q\nX A\nA Y\n", "'Q' is not on any pipe"},
  });
}

TEST(Valves, ApplyRejectsWhatTheGameForbids) {
  State st = machinarium(1);
  EXPECT_FALSE(apply(st, st.inlet).ok());
  EXPECT_FALSE(apply(st, st.outlet).ok());
  EXPECT_FALSE(apply(st, 99).ok());
  auto one = apply(st, node(st, "A"));
  ASSERT_TRUE(one.ok());
  EXPECT_FALSE(apply(*one, node(st, "A")).ok());  // already closed
  auto two = apply(*one, node(st, "B"));
  ASSERT_FALSE(two.ok());  // k = 1: no wrench left
  EXPECT_EQ(two.error().code, ErrorCode::kBadInput);
}

TEST(Valves, EdgeCasesDirectPipeAlreadyCutAndMidGame) {
  auto direct = parse_text("valves k=5 inlet=X outlet=Y\nX A\nA Y\nX Y\n");
  ASSERT_TRUE(direct.ok());
  Solution d = solve(*direct, Limits{});
  EXPECT_EQ(d.status, Status::kUnsolvable);
  EXPECT_NE(d.reason.find("share a pipe"), std::string::npos);

  auto apart = parse_text("valves k=0 inlet=X outlet=Y\nX A\nB Y\n");
  ASSERT_TRUE(apart.ok());
  Solution a = solve(*apart, Limits{});
  EXPECT_EQ(a.status, Status::kSolved);
  EXPECT_EQ(a.min_valves, 0);
  EXPECT_TRUE(a.moves.empty());

  // Machinarium with A already closed and one wrench left: B and H remain, 2 > 1.
  auto mid = parse_text(std::string("valves k=2 inlet=X outlet=Y closed=A\n") + kMachinariumPipes);
  ASSERT_TRUE(mid.ok()) << mid.error().message;
  Solution m = solve(*mid, Limits{});
  EXPECT_EQ(m.status, Status::kUnsolvable);
  EXPECT_NE(m.reason.find("needs 2 more valves, you have 1"), std::string::npos) << m.reason;
  auto mid3 = parse_text(std::string("valves k=3 inlet=X outlet=Y closed=A\n") + kMachinariumPipes);
  ASSERT_TRUE(mid3.ok());
  Solution m3 = solve(*mid3, Limits{});
  ASSERT_EQ(m3.status, Status::kSolved);
  EXPECT_TRUE(check_solution(*mid3, m3.moves).ok());
}

TEST(Valves, NodeBudgetGivesUpNamingIt) {
  Limits few;
  few.max_nodes = 3;
  Solution sol = solve(machinarium(3), few);
  EXPECT_EQ(sol.status, Status::kGaveUp);
  EXPECT_EQ(sol.limit, Limit::kNodes) << sol.reason;
}

// How many nodes still reach t once `closed` are closed.
int reaching(const Graph& g, int t, const std::vector<bool>& closed) {
  int count = 0;
  for (int v = 0; v < g.node_count; ++v)
    if (!closed[v] && connected(g, v, t, closed)) ++count;
  return count;
}

struct BruteCut {
  int size = -1;       // the smallest cut
  int reaching = -1;   // the fewest nodes that reach t after closing one of those smallest cuts
};

// The smallest cut by trying every subset, for graphs of at most ~12 valves.
BruteCut brute_force_cut(const Graph& g, int s, int t) {
  std::vector<int> valves;
  for (int v = 0; v < g.node_count; ++v)
    if (v != s && v != t) valves.push_back(v);
  BruteCut best;
  for (std::uint32_t mask = 0; mask < (1u << valves.size()); ++mask) {
    std::vector<bool> closed(static_cast<std::size_t>(g.node_count), false);
    int size = 0;
    for (std::size_t i = 0; i < valves.size(); ++i)
      if (mask >> i & 1u) closed[valves[i]] = true, ++size;
    if ((best.size >= 0 && size > best.size) || connected(g, s, t, closed)) continue;
    const int r = reaching(g, t, closed);
    if (best.size < 0 || size < best.size || r < best.reaching) best = BruteCut{size, r};
  }
  return best;
}

TEST(Valves, CutMatchesBruteForceAndDinicOnRandomGraphs) {
  std::mt19937 rng(11);
  for (int trial = 0; trial < 300; ++trial) {
    const int n = 4 + static_cast<int>(rng() % 9);  // up to 12 nodes
    std::vector<std::pair<int, int>> pipes;
    const int m = static_cast<int>(rng() % (n * 3));
    for (int i = 0; i < m; ++i) {
      int a = static_cast<int>(rng() % n), b = static_cast<int>(rng() % n);
      if (a != b && !((a == 0 && b == 1) || (a == 1 && b == 0))) pipes.emplace_back(a, b);
    }
    Graph g = make_graph(n, pipes);
    Limits limits;
    Budget budget(limits);
    Cut fast = min_vertex_cut(g, 0, 1, {}, budget);
    Cut dinic = min_vertex_cut_dinic(g, 0, 1, {});
    ASSERT_TRUE(fast.finite);
    EXPECT_EQ(fast.nodes.size(), dinic.nodes.size()) << "trial " << trial;
    std::vector<bool> closed(static_cast<std::size_t>(n), false);
    for (int v : fast.nodes) closed[v] = true;
    EXPECT_FALSE(connected(g, 0, 1, closed)) << "trial " << trial;
    if (n - 2 <= 10) {
      // A minimum cut, and the one closest to the outlet: of all minimum cuts, it leaves the
      // fewest nodes still reaching the outlet (the reported cut is that one, not any).
      const BruteCut best = brute_force_cut(g, 0, 1);
      EXPECT_EQ(static_cast<int>(fast.nodes.size()), best.size) << "trial " << trial;
      EXPECT_EQ(reaching(g, 1, closed), best.reaching) << "trial " << trial;
    }
  }
}

TEST(Valves, CutMatchesDinicOnRandomGrids) {
  std::mt19937 rng(5);
  for (int trial = 0; trial < 8; ++trial) {
    const int side = 40;
    std::vector<char> open(side * side);
    for (auto& o : open) o = rng() % 100 >= 30;
    const int s = side * side, t = s + 1;  // valves_grid_graph's inlet and outlet
    Graph g = test_support::valves_grid_graph(side, open);
    Limits limits;
    Budget budget(limits);
    Cut fast = min_vertex_cut(g, s, t, {}, budget);
    Cut dinic = min_vertex_cut_dinic(g, s, t, {});
    EXPECT_EQ(fast.nodes.size(), dinic.nodes.size());
    EXPECT_GT(fast.nodes.size(), 0u);
    std::vector<bool> closed(static_cast<std::size_t>(g.node_count), false);
    for (int v : fast.nodes) closed[v] = true;
    EXPECT_FALSE(connected(g, s, t, closed));
  }
}

TEST(Valves, SampleBoards) {
  struct Sample {
    const char* file;
    Status status;
  };
  for (const Sample& s : std::vector<Sample>{{"valves/machinarium_k3.txt", Status::kSolved},
                                             {"valves/machinarium_k2.txt", Status::kUnsolvable},
                                             {"valves/direct_pipe.txt", Status::kUnsolvable}}) {
    auto st = parse_text(read_sample(s.file));
    ASSERT_TRUE(st.ok()) << s.file << ": " << st.error().message;
    Solution sol = solve(*st, Limits{});
    EXPECT_EQ(sol.status, s.status) << s.file;
    if (sol.status == Status::kSolved) {
      EXPECT_TRUE(check_solution(*st, sol.moves).ok());
    }
  }
}

}  // namespace
}  // namespace pb::solvers::valves
