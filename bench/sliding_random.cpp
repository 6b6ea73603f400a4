/* sliding_random.cpp: random big sliding boards (5x5 .. 10x10, 32x32, non-square): time, length, bound. */
// Usage: bench_sliding_random [--count N] [--side S]   (N boards per size, default 10, seed fixed;
//   --side S: only S x S boards)
// Random boards are uniform over solvable permutations (shuffle, then one swap if the parity is
// wrong). The 4x4 finish uses the user's pattern database cache (built on first use).
#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <random>
#include <string>
#include <vector>

#include "solvers/sliding/sliding.hpp"

namespace sl = pb::solvers::sliding;

int main(int argc, char** argv) {
  int count = 10, only_side = 0;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--count" && i + 1 < argc) count = std::atoi(argv[++i]);
    else if (a == "--side" && i + 1 < argc) only_side = std::atoi(argv[++i]);
    else { std::fprintf(stderr, "usage: %s [--count N] [--side S]\n", argv[0]); return 2; }
  }
  // Warm the 4x4 databases so the per-board times below are the solver's own.
  (void)sl::solve(sl::State{4, 4, {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 0, 15}}, pb::solvers::Limits{});
  std::mt19937 rng(12345);
  std::vector<std::array<int, 2>> sizes = {{5, 5}, {6, 6}, {7, 7}, {8, 8}, {9, 9}, {10, 10}, {6, 10}, {10, 6}, {2, 20}, {32, 32}};
  if (only_side > 0) sizes = {{only_side, only_side}};
  int failures = 0;
  std::printf("%-7s %4s %9s %9s %9s %9s %7s %7s %6s %8s %8s\n", "size", "n", "wall ms", "max wall", "CPU ms", "max CPU",
              "length", "bound", "ratio", "M nodes", "ns/node");
  for (const auto& sz : sizes) {
    double total_ms = 0, max_ms = 0, cpu_ms = 0, max_cpu_ms = 0, len = 0, bound = 0, nodes = 0;
    for (int i = 0; i < count; ++i) {
      sl::State s = sl::goal_state(sz[0], sz[1]);
      std::shuffle(s.tiles.begin(), s.tiles.end(), rng);
      if (!sl::unsolvable_reason(s).empty()) {
        const int a = s.tiles[0] == 0 ? 2 : 0, b = s.tiles[1] == 0 ? 2 : 1;
        std::swap(s.tiles[static_cast<std::size_t>(a)], s.tiles[static_cast<std::size_t>(b)]);
      }
      const auto t0 = std::chrono::steady_clock::now();
      const std::clock_t c0 = std::clock();
      const sl::Solution sol = sl::solve(s, pb::solvers::Limits{});
      const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
      const double cpu = 1000.0 * static_cast<double>(std::clock() - c0) / CLOCKS_PER_SEC;
      cpu_ms += cpu;
      max_cpu_ms = std::max(max_cpu_ms, cpu);
      if (sol.status != pb::solvers::Status::kSolved || !sl::check_solution(s, sol.moves).ok()) {
        ++failures;
        std::fprintf(stderr, "FAILED %dx%d: %s (%s)\n%s", sz[0], sz[1], sol.reason.c_str(), sol.method.c_str(),
                     sl::format(s).c_str());
      }
      total_ms += ms;
      max_ms = std::max(max_ms, ms);
      len += static_cast<double>(sol.moves.size());
      bound += sol.lower_bound;
      nodes += static_cast<double>(sol.nodes);
    }
    std::printf("%2dx%-4d %4d %9.1f %9.1f %9.1f %9.1f %7.1f %7.1f %6.3f %8.2f %8.1f\n", sz[0], sz[1], count,
                total_ms / count, max_ms, cpu_ms / count, max_cpu_ms, len / count, bound / count, len / bound,
                nodes / count / 1e6, nodes > 0 ? cpu_ms * 1e6 / nodes : 0.0);
  }
  std::printf("%d failures\n", failures);
  return failures == 0 ? 0 : 1;
}
