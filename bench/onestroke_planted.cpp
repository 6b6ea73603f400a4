/* onestroke_planted.cpp: the one-stroke solver vs the blog's plain DFS on planted (solvable) boards. */
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <cstdlib>
#include <ctime>
#include <string>
#include <vector>

#include "solvers/onestroke/onestroke.hpp"
#include "solvers/onestroke/planted.hpp"

// A small harness rather than Google Benchmark: the figures wanted are distributions over many
// different boards (median, p95, max, how many hit the budget), not the mean of one repeated call.
//
// Usage: bench_onestroke_planted [--sizes 6,8,10,15,20,30,50] [--count N] [--scale K]
//          [--budget-ms MS] [--baseline-ms MS] [--baseline-count N] [--seed S] [--min-keep F]
//          [--samples 1]   (also time every bundled board in samples/boards/onestroke, the real levels)
// --count overrides every size's instance count; --scale multiplies the defaults (more instances).

namespace os = pb::solvers::onestroke;
using Clock = std::chrono::steady_clock;

namespace {

// CPU time of this thread: the machine is shared, so wall time mostly measures the neighbours.
double cpu_ms() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) / 1e6;
}

// The blog's solver, re-implemented: vertices numbered row-major over the cells, neighbours tried in
// index order (up, left, right, down), backtrack when stuck, no pruning at all.
class BaselineDfs {
 public:
  explicit BaselineDfs(const os::State& s) : s_(s) {
    index_.assign(s.sites.size(), -1);
    for (std::size_t i = 0; i < s.sites.size(); ++i)
      if (s.sites[i] != os::Site::kNone) index_[i] = static_cast<int>(cells_++);
    adj_.resize(cells_);
    visited_.assign(cells_, 0);
    for (int r = 0; r < s.rows; ++r)
      for (int c = 0; c < s.cols; ++c) {
        int v = index_[static_cast<std::size_t>(r * s.cols + c)];
        if (v < 0) continue;
        visited_[static_cast<std::size_t>(v)] = s.at({r, c}) == os::Site::kVisited;
        const int dr[4] = {-1, 0, 0, 1}, dc[4] = {0, -1, 1, 0};
        for (int d = 0; d < 4; ++d) {
          os::Cell n{r + dr[d], c + dc[d]};
          if (!s.inside(n)) continue;
          int u = index_[static_cast<std::size_t>(n.row * s.cols + n.col)];
          if (u >= 0) adj_[static_cast<std::size_t>(v)].push_back(u);
        }
      }
    for (auto x : visited_) left_ += x == 0;
  }

  // 1 solved, 0 exhausted, -1 out of CPU time (a CPU limit, so that a busy machine does not make
  // the baseline look worse than it is).
  int solve(double cpu_limit_ms) {
    deadline_ms_ = cpu_ms() + cpu_limit_ms;
    int start = index_[static_cast<std::size_t>(s_.head.row * s_.cols + s_.head.col)];
    int r = dfs(start, left_);
    return r;
  }
  std::uint64_t nodes() const { return nodes_; }

 private:
  int dfs(int v, int left) {
    if (left == 0) return 1;
    if ((++nodes_ & 1023u) == 0 && cpu_ms() >= deadline_ms_) return -1;
    for (int u : adj_[static_cast<std::size_t>(v)]) {
      if (visited_[static_cast<std::size_t>(u)]) continue;
      visited_[static_cast<std::size_t>(u)] = 1;
      int r = dfs(u, left - 1);
      visited_[static_cast<std::size_t>(u)] = 0;
      if (r != 0) return r;
    }
    return 0;
  }

  const os::State& s_;
  std::vector<int> index_;
  std::size_t cells_ = 0;
  std::vector<std::vector<int>> adj_;
  std::vector<std::uint8_t> visited_;
  int left_ = 0;
  std::uint64_t nodes_ = 0;
  double deadline_ms_ = 0;
};

struct Figures {
  std::vector<double> ms;       // CPU time per board
  double max_wall_ms = 0;
  std::uint64_t max_nodes = 0;
  int gave_up = 0, wrong = 0;
};

double percentile(std::vector<double> v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  std::size_t i = static_cast<std::size_t>(p * static_cast<double>(v.size() - 1) + 0.5);
  return v[std::min(i, v.size() - 1)];
}

// Each bundled board solved `reps` times; the mean CPU time per solve.
void time_samples(int reps) {
  namespace fs = std::filesystem;
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(fs::path(PB_SOURCE_DIR) / "samples/boards/onestroke"))
    if (e.path().extension() == ".txt") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  std::printf("| bundled board | size | status | nodes | ms per solve |\n|---|---|---|---|---|\n");
  for (const auto& f : files) {
    std::ifstream in(f);
    std::stringstream text;
    text << in.rdbuf();
    auto board = pb::solvers::split_text_board(text.str(), f.string(), true);
    if (!board) continue;
    auto state = os::parse(*board);
    if (!state) continue;
    os::Solution s;
    double c0 = cpu_ms();
    for (int i = 0; i < reps; ++i) s = os::solve(*state, pb::solvers::Limits{});
    double ms = (cpu_ms() - c0) / reps;
    std::printf("| %s | %dx%d | %s | %llu | %.4f |\n", f.filename().string().c_str(), state->rows, state->cols,
                std::string(pb::solvers::to_string(s.status)).c_str(), static_cast<unsigned long long>(s.nodes), ms);
  }
  std::printf("\n");
}

std::vector<int> parse_list(const char* s) {
  std::vector<int> out;
  for (const char* p = s; *p;) {
    out.push_back(std::atoi(p));
    while (*p && *p != ',') ++p;
    if (*p == ',') ++p;
  }
  return out;
}

int default_count(int n) { return n <= 10 ? 100 : n <= 20 ? 40 : 20; }

std::string row(const char* who, const Figures& f, int n) {
  char buf[256];
  std::snprintf(buf, sizeof buf, "| %dx%d | %s | %zu | %.3f | %.3f | %.3f | %.1f | %llu | %d |", n, n, who, f.ms.size(),
                percentile(f.ms, 0.5), percentile(f.ms, 0.95),
                f.ms.empty() ? 0.0 : *std::max_element(f.ms.begin(), f.ms.end()), f.max_wall_ms,
                static_cast<unsigned long long>(f.max_nodes), f.gave_up);
  return buf;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<int> sizes = {6, 8, 10, 15, 20, 30, 50};
  int count = 0, baseline_count = 10;
  double scale = 1, min_keep = 0.75;
  long budget_ms = 10000, baseline_ms = 1000;
  std::uint64_t seed = 1;
  bool samples = false;
  for (int i = 1; i + 1 < argc; i += 2) {
    std::string a = argv[i];
    const char* v = argv[i + 1];
    if (a == "--sizes") sizes = parse_list(v);
    else if (a == "--count") count = std::atoi(v);
    else if (a == "--scale") scale = std::atof(v);
    else if (a == "--budget-ms") budget_ms = std::atol(v);
    else if (a == "--baseline-ms") baseline_ms = std::atol(v);
    else if (a == "--baseline-count") baseline_count = std::atoi(v);
    else if (a == "--seed") seed = std::strtoull(v, nullptr, 10);
    else if (a == "--min-keep") min_keep = std::atof(v);
    else if (a == "--samples") samples = std::atoi(v) != 0;
    else {
      std::fprintf(stderr, "unknown flag %s (see the comment at the top of bench/onestroke_planted.cpp)\n", argv[i]);
      return 2;
    }
  }
  if (samples) time_samples(200);
  std::printf("planted boards: random Hamiltonian path of n x n (backbite), %.0f-100%% prefix kept; seed %llu\n",
              min_keep * 100, static_cast<unsigned long long>(seed));
  std::printf("times are CPU ms of the solving thread (the machine is shared)\n");
  std::printf("solver limit %ld ms wall per board, baseline limit %ld ms CPU per board (first %d boards per size)\n\n",
              budget_ms, baseline_ms, baseline_count);
  std::printf("| size | solver | boards | median ms | p95 ms | max ms | max wall ms | max nodes | hit the limit |\n");
  std::printf("|---|---|---|---|---|---|---|---|---|\n");
  int failures = 0;
  for (int n : sizes) {
    int instances = count > 0 ? count : std::max(1, static_cast<int>(default_count(n) * scale));
    Figures ours, base;
    for (int k = 0; k < instances; ++k) {
      os::Planted p = os::planted_board(n, min_keep, seed * 1000003u + static_cast<std::uint64_t>(n) * 7919u + k);
      auto limits = pb::solvers::Limits::with_timeout(std::chrono::milliseconds(budget_ms));
      limits.seed = seed + static_cast<std::uint64_t>(k);
      auto t0 = Clock::now();
      double c0 = cpu_ms();
      os::Solution s = os::solve(p.state, limits);
      ours.ms.push_back(cpu_ms() - c0);
      ours.max_wall_ms = std::max(ours.max_wall_ms, std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
      ours.max_nodes = std::max(ours.max_nodes, s.nodes);
      if (s.status == pb::solvers::Status::kGaveUp) ++ours.gave_up;
      else if (s.status != pb::solvers::Status::kSolved || !os::check_solution(p.state, s.path)) {
        ++ours.wrong;
        std::fprintf(stderr, "WRONG: %dx%d #%d: %s\n", n, n, k, s.reason.c_str());
      }
      if (k < baseline_count) {
        BaselineDfs dfs(p.state);
        auto b0 = Clock::now();
        double c0 = cpu_ms();
        int r = dfs.solve(static_cast<double>(baseline_ms));
        base.ms.push_back(cpu_ms() - c0);
        base.max_wall_ms = std::max(base.max_wall_ms, std::chrono::duration<double, std::milli>(Clock::now() - b0).count());
        base.max_nodes = std::max(base.max_nodes, dfs.nodes());
        if (r < 0) ++base.gave_up;
        else if (r == 0) ++base.wrong;
      }
    }
    failures += ours.wrong + base.wrong;
    std::printf("%s\n%s\n", row("ours", ours, n).c_str(), row("blog DFS", base, n).c_str());
    std::fflush(stdout);
  }
  return failures == 0 ? 0 : 1;
}
