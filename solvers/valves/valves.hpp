/* valves.hpp: the valves puzzle (Machinarium's sewer): close at most k valves so no water reaches the outlet. */
#pragma once

// The network is an undirected graph: the inlet, the outlet and valves (every other node). Closing a
// valve removes its node. The fewest valves that cut inlet from outlet is a minimum s-t vertex cut,
// which by Menger's theorem equals the most inlet-outlet routes that share no valve: a max-flow in the
// graph with every valve split into in -> out of capacity 1 (see min_vertex_cut in valves.cpp).

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/result.hpp"
#include "solvers/common/game_puzzle.hpp"
#include "solvers/common/puzzle.hpp"
#include "solvers/common/text_board.hpp"

namespace pb::solvers::valves {

// The game's line in the game list (solvers/registry.cpp); its parts are kParts, at the end.
extern const Game kGame;

// An undirected graph in compressed-row form: the neighbours of v are
// adj[offset[v]] .. adj[offset[v + 1] - 1]; each pipe appears in both of its ends' lists.
struct Graph {
  int node_count = 0;
  std::vector<std::int32_t> offset;  // node_count + 1 entries
  std::vector<std::int32_t> adj;
};

// Builds the graph of `pipes` (pairs of node indices in [0, node_count)). Parallel pipes are kept;
// they do not change any cut.
Graph make_graph(int node_count, const std::vector<std::pair<int, int>>& pipes);

struct Cut {
  bool finite = true;        // false when inlet and outlet share a pipe: no valves can cut them
  std::vector<int> nodes;    // one minimum cut (node indices, ascending), closest to the outlet
  std::uint64_t work = 0;    // search steps taken (residual-graph nodes visited)
  Limit limit = Limit::kNone;  // the limit that stopped the search
};

// A minimum set of nodes other than `source` and `sink` (and not already `closed`, which count as
// removed) whose removal disconnects them. Augmenting paths over the implicit vertex-split graph,
// guided by residual distances to the sink; `budget` is ticked once per residual node visited.
Cut min_vertex_cut(const Graph& graph, int source, int sink, const std::vector<bool>& closed,
                   Budget& budget);

// The same answer by a textbook Dinic on an explicit vertex-split graph: the baseline for the
// benchmark and an independent check in the tests. No limits.
Cut min_vertex_cut_dinic(const Graph& graph, int source, int sink, const std::vector<bool>& closed);

// Whether water can flow from `source` to `sink` through open nodes.
bool connected(const Graph& graph, int source, int sink, const std::vector<bool>& closed);

struct State {
  std::vector<std::string> names;           // node index -> name, in order of first appearance
  std::vector<std::pair<int, int>> pipes;   // as written
  int inlet = 0;
  int outlet = 0;
  int wrenches = 0;                         // k: valves that may be closed in all
  std::vector<bool> closed;                 // per node: valves already closed (mid-game)
  Graph graph;                              // of `pipes`, kept in step with them

  int closed_count() const;
};

// A move closes one valve (a node index; the JSON shows its name).
using Move = int;

// Most nodes and pipes a board may have (the text limit of 16 MiB allows about this many).
inline constexpr int kMaxNodes = 4'000'000;
inline constexpr int kMaxWrenches = 1'000'000;

// Parses `valves k=3 inlet=X outlet=Y [closed=A,B]` and one pipe `X G` per line.
Result<State> parse(const TextBoard& board);
// The board text, header line included.
std::string format(const State& state);
// Closes valve `move`: rejects the inlet, the outlet, unknown or already closed valves, and a move
// when all k wrenches are in use.
Result<State> apply(const State& state, Move move);
// Replays `moves` through apply() and checks that the inlet is then cut from the outlet.
Result<void> check_solution(const State& state, const std::vector<Move>& moves);

struct Solution : SolutionBase {
  std::vector<Move> moves;   // valves to close; a minimum set, empty unless solved
  int min_valves = -1;       // fewest further valves that cut inlet from outlet; -1 if none can
};

Solution solve(const State& state, const Limits& limits);

// The valves puzzle's entry in the game list and its Puzzle (solvers/common/game_puzzle.hpp).

// Moves are the names of the valves to close.
Outcome outcome(const State& state, const Solution& sol);
inline constexpr auto kParts = game_parts("valves", &parse, &format, &solve, &outcome, {"", "valve", " to close"});
using Spec = SpecOf<kParts>;

}  // namespace pb::solvers::valves
