// knight_tour.cpp: knight's tour timings: 8x8 from each start (search), large closed tours (construction), narrow boards (column programme).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>

#include "solvers/knight/knight.hpp"

namespace {

using namespace pb::solvers;
using namespace pb::solvers::knight;

State board(int rows, int cols, bool closed) {
  State s;
  s.rows = rows;
  s.cols = cols;
  s.closed = closed;
  s.squares.assign(static_cast<std::size_t>(rows) * static_cast<std::size_t>(cols), Square::kFree);
  return s;
}

// One iteration solves the 8x8 board from one of the 64 starts, cycling through all of them; the
// slowest start is reported as a counter.
void eight_by_eight(benchmark::State& st, bool closed) {
  State s = board(8, 8, closed);
  int i = 0;
  double worst_ms = 0;
  for (auto _ : st) {
    s.start = Cell{i / 8, i % 8};
    i = (i + 1) % 64;
    auto t0 = std::chrono::steady_clock::now();
    Solution sol = solve(s, Limits{});
    double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    worst_ms = std::max(worst_ms, ms);
    if (sol.status != Status::kSolved) st.SkipWithError("8x8 not solved");
    benchmark::DoNotOptimize(sol.tour.data());
  }
  st.counters["worst_start_ms"] = worst_ms;
}
void BM_Knight8x8OpenEachStart(benchmark::State& st) { eight_by_eight(st, false); }
void BM_Knight8x8ClosedEachStart(benchmark::State& st) { eight_by_eight(st, true); }
BENCHMARK(BM_Knight8x8OpenEachStart)->Iterations(64 * 50)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Knight8x8ClosedEachStart)->Iterations(64 * 50)->Unit(benchmark::kMicrosecond);

// solve() includes the construction and the replay of the whole tour it does before returning.
void BM_KnightClosed(benchmark::State& st) {
  State s = board(static_cast<int>(st.range(0)), static_cast<int>(st.range(0)), true);
  for (auto _ : st) {
    Solution sol = solve(s, Limits{});
    if (sol.status != Status::kSolved) st.SkipWithError("not solved");
    benchmark::DoNotOptimize(sol.tour.data());
  }
}
BENCHMARK(BM_KnightClosed)->Arg(100)->Arg(1000)->Arg(2000)->Unit(benchmark::kMillisecond);

// An open tour from the centre of an odd board: the odd-block path variant of the construction.
void BM_KnightOpenOdd999(benchmark::State& st) {
  State s = board(999, 999, false);
  s.start = Cell{499, 499};
  for (auto _ : st) {
    Solution sol = solve(s, Limits{});
    if (sol.status != Status::kSolved) st.SkipWithError("not solved");
    benchmark::DoNotOptimize(sol.tour.data());
  }
}
BENCHMARK(BM_KnightOpenOdd999)->Unit(benchmark::kMillisecond);

// 3- and 4-wide boards: the column programme (its cost is the first and last few columns, and those
// around a given start; the stretch between repeats, see column_dp.cpp). Arguments: rows, cols,
// closed, start row, start col (-1: free start).
void BM_KnightNarrow(benchmark::State& st) {
  State s = board(static_cast<int>(st.range(0)), static_cast<int>(st.range(1)), st.range(2) != 0);
  if (st.range(3) >= 0) s.start = Cell{static_cast<int>(st.range(3)), static_cast<int>(st.range(4))};
  for (auto _ : st) {
    Solution sol = solve(s, Limits{});
    if (sol.status != Status::kSolved) st.SkipWithError("not solved");
    benchmark::DoNotOptimize(sol.tour.data());
  }
}
BENCHMARK(BM_KnightNarrow)
    ->ArgNames({"rows", "cols", "closed", "r", "c"})
    ->Args({4, 50, 0, -1, -1})
    ->Args({3, 2000, 0, -1, -1})
    ->Args({3, 2000, 1, -1, -1})
    ->Args({4, 2000, 0, -1, -1})
    ->Args({4, 2000, 0, 0, 1000})
    ->Args({3, 2000, 0, 1, 1000})
    ->Args({1000, 3, 1, -1, -1})
    ->Args({1000, 4, 0, 500, 3})
    ->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
