/* sliding_korf.cpp: Korf's 100 15-puzzle instances solved optimally, pattern database build included. */
// Usage: bench_sliding_korf [--cached] [--first N] [--threads T] [--tables-only | --table 7|8]
//   Without --cached the databases are built into a fresh temporary cache folder first and the
//   build is counted in the total; with --cached the user's cache (PUZZLEBOT_CACHE_DIR etc.) is used.
//   The databases are the 7-8 ones (solvers/sliding/pdb78.hpp: minutes to build, 290 MB);
//   PUZZLEBOT_PDB78=off measures the 6-6-3 ones instead.
//   --threads T (default 2): threads for the database build and for the instances (each instance is
//   solved by one thread; T threads take instances from a shared counter).
//   --tables-only: the databases only, no instance solved; --table 7|8: only that 7-8 table (the
//   8-tile one is nearly all of the cold build). With --cached and PUZZLEBOT_CACHE_DIR set to an
//   empty folder, the built files stay there (to compare two builds byte for byte).
// Reported: the build and the search separately, each as CPU time (CLOCK_PROCESS_CPUTIME_ID, all
// threads) and wall time, and the load average, since this machine is shared. With several
// threads, also the CPU time of the busiest search thread: on a machine with a free core per
// thread, the search's wall time would be about that (the figure a loaded machine cannot show).
// Rejected: Google Benchmark's repetition loop: the figure that matters is one pass over all 100,
// build included, and each instance's own nodes and time.
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "solvers/sliding/optimal.hpp"
#include "solvers/sliding/pdb78.hpp"
#include "solvers/sliding/sliding.hpp"

namespace sl = pb::solvers::sliding;

namespace {

double cpu_seconds(clockid_t clock) {
  timespec ts{};
  clock_gettime(clock, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

double wall_seconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

std::string load_average() {
  std::ifstream in("/proc/loadavg");
  std::string one;
  in >> one;
  return one.empty() ? "?" : one;
}

struct Instance {
  int id = 0, optimal = 0;
  sl::State state;
  // Filled by the solving thread.
  std::size_t found = 0;
  std::uint64_t nodes = 0;
  double cpu_ms = 0, wall_ms = 0;
  bool ok = false;
};

}  // namespace

int main(int argc, char** argv) {
  bool cached = false;
  int first = 100, threads = 2, table = 0;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--cached") cached = true;
    else if (a == "--first" && i + 1 < argc) first = std::atoi(argv[++i]);
    else if (a == "--threads" && i + 1 < argc) threads = std::max(1, std::atoi(argv[++i]));
    else if (a == "--tables-only") first = 0;
    else if (a == "--table" && i + 1 < argc && (std::string(argv[i + 1]) == "7" || std::string(argv[i + 1]) == "8")) {
      table = std::atoi(argv[++i]);
      first = 0;
    } else {
      std::fprintf(stderr, "usage: %s [--cached] [--first N] [--threads T] [--tables-only | --table 7|8]\n", argv[0]);
      return 2;
    }
  }
  std::string tmp;
  if (!cached) {
    tmp = (std::filesystem::temp_directory_path() / ("pb-korf-" + std::to_string(::getpid()))).string();
    setenv("PUZZLEBOT_CACHE_DIR", tmp.c_str(), 1);
  }
  std::ifstream in(std::string(PB_SOURCE_DIR) + "/tests/data/korf100.txt");
  if (!in) { std::fprintf(stderr, "cannot read tests/data/korf100.txt\n"); return 2; }
  std::vector<Instance> instances;
  std::string line;
  while (std::getline(in, line) && static_cast<int>(instances.size()) < first) {
    if (line.empty() || line[0] == ';') continue;
    std::istringstream ss(line);
    Instance k;
    long long korf_nodes = 0;
    char bar = 0;
    ss >> k.id >> k.optimal >> korf_nodes >> bar;
    k.state = sl::State{4, 4, std::vector<int>(16)};
    for (int i = 0; i < 16; ++i) {  // rotate 180 degrees and relabel t -> 16 - t (blank-first goal to ours)
      int t = 0;
      ss >> t;
      k.state.tiles[static_cast<std::size_t>(15 - i)] = t == 0 ? 0 : 16 - t;
    }
    instances.push_back(std::move(k));
  }
  const std::string load_before = load_average();

  // The databases, timed on their own (built with `threads` threads unless cached).
  const double w0 = wall_seconds(), c0 = cpu_seconds(CLOCK_PROCESS_CPUTIME_ID);
  pb::Result<std::string> prepared = std::string();
  if (table == 0) {
    prepared = sl::prepare_databases(4, 4, pb::solvers::Limits{}, threads);
  } else {  // the 7-8 partition's tables as pdb78.cpp names them (the 7-tile one keeps the blank's goal)
    const sl::DbSpec spec = table == 8 ? sl::DbSpec{4, 4, {0, 1, 2, 3, 4, 5, 6, 7}, -1}
                                       : sl::DbSpec{4, 4, {2, 3, 6, 7, 10, 11, 14}, 15};
    auto handle = sl::get_excess_db(spec, pb::solvers::Limits{}, true, threads);
    if (handle.ok()) prepared = "table " + spec.name() + (handle->source == sl::DbSource::kLoaded ? " (loaded)" : "");
    else prepared = handle.error();
  }
  if (!prepared.ok()) { std::fprintf(stderr, "databases: %s\n", prepared.error().message.c_str()); return 1; }
  const double w1 = wall_seconds(), c1 = cpu_seconds(CLOCK_PROCESS_CPUTIME_ID);

  // The instances, `threads` at a time.
  std::atomic<std::size_t> next{0};
  std::vector<double> thread_cpu(static_cast<std::size_t>(threads), 0.0);
  auto worker = [&](int t) {
    const double start = cpu_seconds(CLOCK_THREAD_CPUTIME_ID);
    for (std::size_t i = next++; i < instances.size(); i = next++) {
      Instance& k = instances[i];
      const double a = wall_seconds(), ac = cpu_seconds(CLOCK_THREAD_CPUTIME_ID);
      const sl::Solution sol = sl::solve(k.state, pb::solvers::Limits{});
      k.wall_ms = 1000 * (wall_seconds() - a);
      k.cpu_ms = 1000 * (cpu_seconds(CLOCK_THREAD_CPUTIME_ID) - ac);
      k.found = sol.moves.size();
      k.nodes = sol.nodes;
      k.ok = sol.status == pb::solvers::Status::kSolved && static_cast<int>(sol.moves.size()) == k.optimal &&
             sl::check_solution(k.state, sol.moves).ok();
    }
    thread_cpu[static_cast<std::size_t>(t)] = cpu_seconds(CLOCK_THREAD_CPUTIME_ID) - start;
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(worker, t);
  worker(0);
  for (std::thread& th : pool) th.join();
  const double w2 = wall_seconds(), c2 = cpu_seconds(CLOCK_PROCESS_CPUTIME_ID);

  int wrong = 0;
  std::uint64_t total_nodes = 0;
  const Instance* worst = nullptr;
  for (const Instance& k : instances) {
    wrong += k.ok ? 0 : 1;
    total_nodes += k.nodes;
    if (worst == nullptr || k.cpu_ms > worst->cpu_ms) worst = &k;
    std::printf("%3d  optimal %2d  found %2zu  nodes %10llu  %8.1f ms CPU %9.1f ms wall%s\n", k.id, k.optimal,
                k.found, static_cast<unsigned long long>(k.nodes), k.cpu_ms, k.wall_ms, k.ok ? "" : "  WRONG");
  }
  std::printf("%s, %d thread%s, load average %s -> %s\n", prepared.value().c_str(), threads, threads == 1 ? "" : "s",
              load_before.c_str(), load_average().c_str());
  std::printf("databases (%s): %.2f s CPU, %.2f s wall\n", cached ? "from the cache" : "built", c1 - c0, w1 - w0);
  std::printf("search: %zu instances, %d wrong, %llu nodes, %.2f s CPU, %.2f s wall, worst #%d %.0f ms CPU\n",
              instances.size(), wrong, static_cast<unsigned long long>(total_nodes), c2 - c1, w2 - w1,
              worst != nullptr ? worst->id : 0, worst != nullptr ? worst->cpu_ms : 0.0);
  if (threads > 1) {
    std::printf("search threads' CPU:");
    for (double t : thread_cpu) std::printf(" %.2f s", t);
    std::printf(" (busiest %.2f s)\n", *std::max_element(thread_cpu.begin(), thread_cpu.end()));
  }
  std::printf("total: %.2f s CPU, %.2f s wall (%s)\n", c2 - c0, w2 - w0,
              cached ? "databases from the cache" : "database build included");
  if (!tmp.empty()) std::filesystem::remove_all(tmp);
  return wrong == 0 ? 0 : 1;
}
