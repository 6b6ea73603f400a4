// pegs_solve.cpp: peg solitaire timings for docs/PERFORMANCE.md: English and French single-vacancy sweeps.
//
// A plain harness rather than Google Benchmark: each figure is one sweep over many boards, and the
// interesting numbers are per-sweep totals, nodes and CPU time (the machine is shared, so CPU time
// is reported next to wall time). Usage: bench_pegs_solve [--skip-complement] [--seed N]
// (--seed: the solver's restart seed, default 1; node counts are deterministic for a given seed, and
// other seeds show how much of a figure is luck in the jump orders).
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <string>
#include <vector>

#include "solvers/pegs/pegs.hpp"

namespace {

using pb::solvers::Limits;
using pb::solvers::Status;
namespace pegs = pb::solvers::pegs;

constexpr const char* kEnglish[7] = {"##ooo##", "##ooo##", "ooooooo", "ooooooo", "ooooooo", "##ooo##", "##ooo##"};
constexpr const char* kFrench[7] = {"##ooo##", "#ooooo#", "ooooooo", "ooooooo", "ooooooo", "#ooooo#", "##ooo##"};

pegs::State vacancy(const char* const* rows, pegs::Cell hole, bool target) {
  pegs::State s;
  s.rows = s.cols = 7;
  s.sites.assign(49, pegs::Site::kNone);
  for (int r = 0; r < 7; ++r)
    for (int c = 0; c < 7; ++c)
      if (rows[r][c] == 'o') s.at({r, c}) = pegs::Site::kPeg;
  s.at(hole) = pegs::Site::kHole;
  if (target) s.target = hole;
  return s;
}

// The solver is single-threaded: the thread's CPU time is the solve's, whatever else the box runs.
double cpu_ms() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return 1000.0 * static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) / 1e6;
}
double wall_ms() {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

struct Sweep {
  int boards = 0, solved = 0, unsolvable = 0, gave_up = 0, bad_replay = 0;
  unsigned long long nodes = 0;
  double wall = 0, cpu = 0, worst_cpu = 0;
  std::string worst;
};

std::uint64_t g_seed = 1;

void run(Sweep& sw, const pegs::State& s, const std::string& name, bool verbose) {
  Limits limits = Limits::with_timeout(std::chrono::seconds(120));
  limits.seed = g_seed;
  double w0 = wall_ms(), c0 = cpu_ms();
  pegs::Solution sol = pegs::solve(s, limits);
  double w = wall_ms() - w0, c = cpu_ms() - c0;
  sw.boards++, sw.wall += w, sw.cpu += c, sw.nodes += sol.nodes;
  if (c > sw.worst_cpu) sw.worst_cpu = c, sw.worst = name;
  if (sol.status == Status::kSolved) {
    sw.solved++;
    if (!pegs::check_solution(s, sol.moves).ok()) sw.bad_replay++;
  } else if (sol.status == Status::kUnsolvable) {
    sw.unsolvable++;
  } else {
    sw.gave_up++;
  }
  if (verbose)
    std::printf("  %-14s %-10s %9.2f ms wall %9.2f ms cpu %10llu nodes\n", name.c_str(),
                std::string(pb::solvers::to_string(sol.status)).c_str(), w, c,
                static_cast<unsigned long long>(sol.nodes));
}

void report(const char* title, const Sweep& sw) {
  std::printf("%-44s %2d boards: %2d solved, %2d unsolvable, %d gave up, %d bad replays; "
              "%9.1f ms wall, %9.1f ms cpu, %11llu nodes; slowest %s %.1f ms cpu\n",
              title, sw.boards, sw.solved, sw.unsolvable, sw.gave_up, sw.bad_replay, sw.wall, sw.cpu,
              sw.nodes, sw.worst.c_str(), sw.worst_cpu);
  std::fflush(stdout);
}

std::vector<pegs::Cell> holes(const char* const* rows) {
  std::vector<pegs::Cell> out;
  for (int r = 0; r < 7; ++r)
    for (int c = 0; c < 7; ++c)
      if (rows[r][c] == 'o') out.push_back({r, c});
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  bool complement = true;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--skip-complement") == 0) {
      complement = false;
    } else if (std::strcmp(argv[i], "--seed") == 0 && i + 1 < argc) {
      g_seed = std::strtoull(argv[++i], nullptr, 10);
    } else {
      std::fprintf(stderr, "usage: %s [--skip-complement] [--seed N]\n", argv[0]);
      return 2;
    }
  }
  bool verbose = std::getenv("PB_BENCH_VERBOSE") != nullptr;

  Sweep central;
  for (int i = 0; i < 20; ++i) run(central, vacancy(kEnglish, {3, 3}, false), "(3,3)", false);
  std::printf("English central, one peg anywhere: %.2f ms wall, %.2f ms cpu per solve (mean of 20), %llu nodes\n",
              central.wall / 20, central.cpu / 20, central.nodes / 20);
  Sweep centre;
  run(centre, vacancy(kEnglish, {3, 3}, true), "(3,3)", false);
  report("English central, end in the centre", centre);

  Sweep english;
  for (pegs::Cell h : holes(kEnglish)) run(english, vacancy(kEnglish, h, false), pegs::to_string(h), verbose);
  report("English 33 single vacancies, one peg anywhere", english);

  if (complement) {
    Sweep comp;
    for (pegs::Cell h : holes(kEnglish)) run(comp, vacancy(kEnglish, h, true), pegs::to_string(h), verbose);
    report("English 33 complement problems", comp);
  }

  Sweep french_class, french_solvable;
  for (pegs::Cell h : holes(kFrench)) {
    pegs::State s = vacancy(kFrench, h, false);
    // The class test alone decides the unsolvable ones; time them apart from the searched ones.
    pegs::Solution probe = pegs::solve(s, [] { Limits l; l.max_nodes = 0; return l; }());
    run(probe.status == Status::kUnsolvable ? french_class : french_solvable, s, pegs::to_string(h), verbose);
  }
  report("French 37 single vacancies, ruled out by class", french_class);
  report("French 37 single vacancies, the others", french_solvable);
  return 0;
}
