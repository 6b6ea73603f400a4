/* sliding_korf.cpp: Korf's 100 15-puzzle instances solved optimally, pattern database build included. */
// Usage: bench_sliding_korf [--cached] [--first N]
//   Without --cached the databases are built into a fresh temporary cache folder first and the
//   build is counted in the total; with --cached the user's cache (PUZZLEBOT_CACHE_DIR etc.) is used.
// Rejected: Google Benchmark's repetition loop: the figure that matters is one pass over all 100,
// build included, and each instance's own nodes and time.
#include <unistd.h>

#include <chrono>
#include <ctime>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "solvers/sliding/sliding.hpp"

namespace sl = pb::solvers::sliding;

int main(int argc, char** argv) {
  bool cached = false;
  int first = 100;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--cached") cached = true;
    else if (a == "--first" && i + 1 < argc) first = std::atoi(argv[++i]);
    else { std::fprintf(stderr, "usage: %s [--cached] [--first N]\n", argv[0]); return 2; }
  }
  std::string tmp;
  if (!cached) {
    tmp = (std::filesystem::temp_directory_path() / ("pb-korf-" + std::to_string(::getpid()))).string();
    setenv("PUZZLEBOT_CACHE_DIR", tmp.c_str(), 1);
  }
  std::ifstream in(std::string(PB_SOURCE_DIR) + "/tests/data/korf100.txt");
  if (!in) { std::fprintf(stderr, "cannot read tests/data/korf100.txt\n"); return 2; }
  std::string line;
  int count = 0, wrong = 0;
  std::uint64_t total_nodes = 0;
  const auto t0 = std::chrono::steady_clock::now();
  const std::clock_t c0 = std::clock();
  double worst_ms = 0;
  int worst_id = 0;
  while (std::getline(in, line) && count < first) {
    if (line.empty() || line[0] == ';') continue;
    std::istringstream ss(line);
    int id = 0, optimal = 0;
    long long korf_nodes = 0;
    char bar = 0;
    ss >> id >> optimal >> korf_nodes >> bar;
    sl::State s{4, 4, std::vector<int>(16)};
    for (int i = 0; i < 16; ++i) {  // rotate 180 degrees and relabel t -> 16 - t (blank-first goal to ours)
      int t = 0;
      ss >> t;
      s.tiles[static_cast<std::size_t>(15 - i)] = t == 0 ? 0 : 16 - t;
    }
    const auto a = std::chrono::steady_clock::now();
    const sl::Solution sol = sl::solve(s, pb::solvers::Limits{});
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - a).count();
    const bool ok = sol.status == pb::solvers::Status::kSolved && static_cast<int>(sol.moves.size()) == optimal &&
                    sl::check_solution(s, sol.moves).ok();
    wrong += ok ? 0 : 1;
    total_nodes += sol.nodes;
    if (ms > worst_ms) worst_ms = ms, worst_id = id;
    std::printf("%3d  optimal %2d  found %2zu  nodes %10llu  %9.1f ms%s\n", id, optimal, sol.moves.size(),
                static_cast<unsigned long long>(sol.nodes), ms, ok ? "" : "  WRONG");
    ++count;
  }
  const double total = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const double cpu = static_cast<double>(std::clock() - c0) / CLOCKS_PER_SEC;
  std::printf("%d instances, %d wrong, %llu nodes, %.2f s wall, %.2f s CPU (%s), worst #%d %.0f ms wall\n", count,
              wrong, static_cast<unsigned long long>(total_nodes), total, cpu,
              cached ? "databases from the cache" : "database build included", worst_id, worst_ms);
  if (!tmp.empty()) std::filesystem::remove_all(tmp);
  return wrong == 0 ? 0 : 1;
}
