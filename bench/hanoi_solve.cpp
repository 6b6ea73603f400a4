/* hanoi_solve.cpp: Tower of Hanoi timings: listing a 22-disk tower, Frame-Stewart, exact 4-rod search. */
// Run: bench_hanoi_solve
#include <benchmark/benchmark.h>

#include <random>

#include "solvers/hanoi/hanoi.hpp"

namespace {

using namespace pb::solvers;

hanoi::State tower(int rods, int disks) {
  hanoi::State st;
  st.rods = rods;
  st.config.assign(static_cast<std::size_t>(disks), 0);
  st.goal = rods - 1;
  return st;
}

// The largest listed solution: 2^22 - 1 moves.
void BM_ThreeRodTower22(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(hanoi::solve(tower(3, 22), Limits{}).moves.size());
}

// Frame-Stewart, 4 rods, 40 disks (the move list; the count alone is a table lookup).
void BM_FrameStewart4x40(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(hanoi::solve(tower(4, 40), Limits{}).moves.size());
}

// Exact A* from a scattered 4-rod position with `range(0)` disks.
void BM_FourRodSearch(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  hanoi::State st = tower(4, n);
  std::mt19937 rng(1);
  for (auto& p : st.config) p = static_cast<std::uint8_t>(rng() % 4);
  hanoi::Solution sol;
  for (auto _ : state) sol = hanoi::solve(st, Limits{});
  state.counters["moves"] = static_cast<double>(sol.moves.size());
  state.counters["nodes"] = static_cast<double>(sol.nodes);
}

}  // namespace

BENCHMARK(BM_ThreeRodTower22)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_FrameStewart4x40)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_FourRodSearch)->Arg(8)->Arg(10)->Unit(benchmark::kMillisecond)->Iterations(1);

BENCHMARK_MAIN();
