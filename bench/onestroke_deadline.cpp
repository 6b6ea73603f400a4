/* onestroke_deadline.cpp: how late the one-stroke solver notices its deadline on a board whose every node is slow. */
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "solvers/onestroke/onestroke.hpp"

// The case of tests/solvers/onestroke_solve_test.cpp LargeBoardHonoursTheDeadline, timed here
// instead of there (a unit test asserts no time: a loaded CI machine would fail it). 300x300, all
// free but one cell (colour parity right, the easy serpentine broken): each node's checks are long,
// so a deadline read only every 1024 nodes would be seconds late.
//
// Usage: bench_onestroke_deadline [--runs N] [--limit-ms MS]

namespace os = pb::solvers::onestroke;
using Clock = std::chrono::steady_clock;

int main(int argc, char** argv) {
  int runs = 5;
  long limit_ms = 200;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string a = argv[i];
    if (a == "--runs") runs = std::atoi(argv[i + 1]);
    else if (a == "--limit-ms") limit_ms = std::atol(argv[i + 1]);
    else {
      std::fprintf(stderr, "unknown flag %s (see the comment at the top of bench/onestroke_deadline.cpp)\n", argv[i]);
      return 2;
    }
  }
  os::State s;
  s.rows = s.cols = 300;
  s.sites.assign(300u * 300u, os::Site::kFree);
  s.sites[0] = os::Site::kVisited;
  s.sites[300u * 300u - 2] = os::Site::kNone;
  std::printf("| 300x300 board, limit %ld ms | status | wall ms |\n|---|---|---|\n", limit_ms);
  for (int i = 0; i < runs; ++i) {
    const auto t0 = Clock::now();
    const os::Solution sol = os::solve(s, pb::solvers::Limits::with_timeout(std::chrono::milliseconds(limit_ms)));
    std::printf("| run %d | %s | %.1f |\n", i + 1, std::string(pb::solvers::to_string(sol.status)).c_str(),
                std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
  }
  return 0;
}
