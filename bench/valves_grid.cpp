/* valves_grid.cpp: minimum vertex cut on a big random grid, the valves solver against plain Dinic. */
// The graph: a side x side grid of cells, 30% of them walls (std::mt19937 seed 2024 unless given),
// 4-neighbour pipes between open cells; the inlet is one extra node piped to every open cell of the
// left column, the outlet one piped to every open cell of the right column. Every open cell is a
// valve (the left and right columns too), so the answer is the cheapest top-to-bottom barrier of
// cells, walls being free. Run: bench_valves_grid --benchmark_filter=Grid/1000
#include <benchmark/benchmark.h>

#include <random>

#include "solvers/valves/valves.hpp"
#include "tests/support/valves_grid.hpp"

namespace {

using pb::solvers::valves::Graph;

struct GridGraph {
  Graph graph;
  int inlet = 0;
  int outlet = 0;
};

GridGraph make_grid(int side, double wall_fraction, unsigned seed) {
  std::mt19937 rng(seed);
  std::bernoulli_distribution wall(wall_fraction);
  const int cells = side * side;
  std::vector<char> open(static_cast<std::size_t>(cells));
  for (auto& o : open) o = wall(rng) ? 0 : 1;
  GridGraph g;
  g.graph = pb::solvers::test_support::valves_grid_graph(side, open);
  g.inlet = cells;  // as valves_grid_graph numbers them
  g.outlet = cells + 1;
  return g;
}

void report(benchmark::State& state, const GridGraph& g, const pb::solvers::valves::Cut& cut) {
  state.counters["cut"] = static_cast<double>(cut.nodes.size());
  state.counters["work"] = static_cast<double>(cut.work);
  std::vector<bool> closed(static_cast<std::size_t>(g.graph.node_count), false);
  for (int v : cut.nodes) closed[v] = true;
  if (pb::solvers::valves::connected(g.graph, g.inlet, g.outlet, closed))
    state.SkipWithError("the reported cut does not disconnect inlet and outlet");
}

void BM_Grid(benchmark::State& state) {
  GridGraph g = make_grid(static_cast<int>(state.range(0)), 0.3, 2024);
  pb::solvers::valves::Cut cut;
  for (auto _ : state) {
    pb::solvers::Limits limits;
    pb::solvers::Budget budget(limits);
    cut = pb::solvers::valves::min_vertex_cut(g.graph, g.inlet, g.outlet, {}, budget);
    benchmark::DoNotOptimize(cut.nodes.data());
  }
  report(state, g, cut);
}

void BM_GridDinic(benchmark::State& state) {
  GridGraph g = make_grid(static_cast<int>(state.range(0)), 0.3, 2024);
  pb::solvers::valves::Cut cut;
  for (auto _ : state) {
    cut = pb::solvers::valves::min_vertex_cut_dinic(g.graph, g.inlet, g.outlet, {});
    benchmark::DoNotOptimize(cut.nodes.data());
  }
  report(state, g, cut);
}

}  // namespace

BENCHMARK(BM_Grid)->Arg(250)->Arg(500)->Arg(1000)->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK(BM_GridDinic)->Arg(250)->Arg(500)->Arg(1000)->Unit(benchmark::kMillisecond)->Iterations(1);

BENCHMARK_MAIN();
