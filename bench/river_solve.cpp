/* river_solve.cpp: fewest-trips BFS for guards and prisoners at growing sizes. */
// Run: bench_river_solve
#include <benchmark/benchmark.h>

#include "solvers/river/river.hpp"

namespace {

using namespace pb::solvers;

// n guards and n prisoners, boat `range(1)`.
void BM_River(benchmark::State& state) {
  river::State st;
  st.guards = st.prisoners = st.left_guards = st.left_prisoners = static_cast<int>(state.range(0));
  st.boat = static_cast<int>(state.range(1));
  river::Solution sol;
  for (auto _ : state) sol = river::solve(st, Limits{});
  state.counters["trips"] = static_cast<double>(sol.trips.size());
  state.counters["positions"] = static_cast<double>(sol.states);
}

}  // namespace

BENCHMARK(BM_River)->Args({3, 2})->Args({10, 4})->Args({100, 10})->Args({1000, 20})->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
