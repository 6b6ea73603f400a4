/* valves_text.cpp: reading a huge valves board text (1000x1000 grid, 11 MB), stage by stage, and solving it. */
// Usage: bench_valves_text [--side N] [--seed S] [--write FILE] [--read FILE] [--repeat N]
//   Builds the grid of bench_valves_grid (30% walls, seed 2024, inlet I piped to the left column,
//   outlet O to the right one) as a board text, or reads FILE, then times each stage of what
//   `puzzlebot solve FILE --json` does with it: split into lines, parse, format (the JSON echo),
//   solve. --write FILE also saves the text, for timing the command line itself. --repeat N (default
//   5) reads it N times and reports the fastest read, since a busy machine makes single runs noisy.
// Reported: CPU time of this (single) thread per stage, and the load average (the machine is shared).
#include <time.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <random>
#include <sstream>
#include <string>

#include "core/json.hpp"
#include "solvers/valves/valves.hpp"

namespace vl = pb::solvers::valves;

namespace {

double cpu_ms() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return 1e3 * static_cast<double>(ts.tv_sec) + 1e-6 * static_cast<double>(ts.tv_nsec);
}

std::string load_average() {
  std::ifstream in("/proc/loadavg");
  std::string one;
  in >> one;
  return one.empty() ? "?" : one;
}

// Cell names in base 36 ("a0".."zz..."): short, like a generated level's.
std::string name(int v) {
  static const char digits[] = "0123456789abcdefghijklmnopqrstuvwxyz";
  std::string s;
  do {
    s += digits[v % 36];
    v /= 36;
  } while (v > 0);
  return "c" + s;
}

std::string grid_text(int side, unsigned seed) {
  std::mt19937 rng(seed);
  std::bernoulli_distribution wall(0.3);
  std::vector<char> open(static_cast<std::size_t>(side) * static_cast<std::size_t>(side));
  for (auto& o : open) o = wall(rng) ? 0 : 1;
  std::string out = "valves k=" + std::to_string(side) + " inlet=I outlet=O\n";
  for (int r = 0; r < side; ++r)
    for (int c = 0; c < side; ++c) {
      const int v = r * side + c;
      if (!open[static_cast<std::size_t>(v)]) continue;
      if (c + 1 < side && open[static_cast<std::size_t>(v) + 1]) out += name(v) + " " + name(v + 1) + "\n";
      if (r + 1 < side && open[static_cast<std::size_t>(v + side)]) out += name(v) + " " + name(v + side) + "\n";
      if (c == 0) out += "I " + name(v) + "\n";
      if (c == side - 1) out += name(v) + " O\n";
    }
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  int side = 1000;
  unsigned seed = 2024;
  std::string write, read;
  int repeat = 5;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--side" && i + 1 < argc) side = std::atoi(argv[++i]);
    else if (a == "--seed" && i + 1 < argc) seed = static_cast<unsigned>(std::atoi(argv[++i]));
    else if (a == "--write" && i + 1 < argc) write = argv[++i];
    else if (a == "--read" && i + 1 < argc) read = argv[++i];
    else if (a == "--repeat" && i + 1 < argc) repeat = std::max(1, std::atoi(argv[++i]));
    else {
      std::fprintf(stderr, "usage: %s [--side N] [--seed S] [--write FILE] [--read FILE]\n", argv[0]);
      return 2;
    }
  }
  std::string text;
  if (!read.empty()) {
    std::ifstream in(read, std::ios::binary);
    std::ostringstream ss;
    ss << in.rdbuf();
    text = ss.str();
  } else {
    text = grid_text(side, seed);
  }
  if (!write.empty()) std::ofstream(write, std::ios::binary) << text;
  std::printf("load %s, text %zu bytes\n", load_average().c_str(), text.size());

  double split_ms = 1e300, parse_ms = 1e300;
  pb::Result<vl::State> state = pb::make_error("not read");
  for (int i = 0; i < repeat; ++i) {
    double t = cpu_ms();
    auto board = pb::solvers::split_text_board(text, "grid", true);
    split_ms = std::min(split_ms, cpu_ms() - t);
    if (!board) { std::fprintf(stderr, "%s\n", board.error().message.c_str()); return 2; }
    t = cpu_ms();
    state = vl::parse(*board);
    parse_ms = std::min(parse_ms, cpu_ms() - t);
    if (!state) { std::fprintf(stderr, "%s\n", state.error().message.c_str()); return 2; }
  }
  double t = cpu_ms();
  const std::string echo = pb::json::quote(vl::format(*state));
  const double echo_ms = cpu_ms() - t;
  t = cpu_ms();
  const vl::Solution sol = vl::solve(*state, pb::solvers::Limits{});
  const double solve_ms = cpu_ms() - t;
  t = cpu_ms();
  const bool replays = vl::check_solution(*state, sol.moves).ok();
  const double check_ms = cpu_ms() - t;
  std::printf("fastest of %d: split %.1f ms, parse %.1f ms (read %.1f ms), format+quote %.1f ms (%zu bytes), solve %.1f ms "
              "(%s, %zu valves, %llu nodes), replay %.1f ms\n",
              repeat, split_ms, parse_ms, split_ms + parse_ms, echo_ms, echo.size(), solve_ms,
              std::string(pb::solvers::to_string(sol.status)).c_str(), sol.moves.size(),
              static_cast<unsigned long long>(sol.nodes), check_ms);
  // The cut's valve names in one line, to compare solver versions (the cut must not change).
  std::string cut;
  for (vl::Move m : sol.moves) cut += (cut.empty() ? "" : ",") + state->names[static_cast<std::size_t>(m)];
  std::printf("cut %s\n", cut.c_str());
  std::printf("load %s\n", load_average().c_str());
  return sol.status == pb::solvers::Status::kSolved && replays ? 0 : 1;
}
