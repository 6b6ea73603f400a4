/* planted.cpp: backbite random Hamiltonian paths on a full grid, cut into solvable boards. */
#include "solvers/onestroke/planted.hpp"

#include <algorithm>
#include <cmath>
#include <random>

// Backbite (Mansfield 2006): join an end of the path to one of its grid neighbours and cut the edge that
// closes the loop, which moves the end. It keeps a Hamiltonian path at every step and mixes well after a
// few dozen moves per cell; 20 per cell is enough that boards look nothing like the serpentine start.

namespace pb::solvers::onestroke {

Planted planted_board(int n, double min_keep, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  const int total = n * n;
  std::vector<int> path(static_cast<std::size_t>(total)), pos(static_cast<std::size_t>(total));
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) {
      int i = r * n + c;
      path[static_cast<std::size_t>(i)] = r * n + (r % 2 == 0 ? c : n - 1 - c);
    }
  for (int i = 0; i < total; ++i) pos[static_cast<std::size_t>(path[static_cast<std::size_t>(i)])] = i;
  auto reverse = [&](int lo, int hi) {  // path[lo..hi] inclusive
    std::reverse(path.begin() + lo, path.begin() + hi + 1);
    for (int i = lo; i <= hi; ++i) pos[static_cast<std::size_t>(path[static_cast<std::size_t>(i)])] = i;
  };
  const long moves = n > 1 ? 20L * total : 0;
  for (long m = 0; m < moves; ++m) {
    bool front = rng() & 1;
    int end = front ? path.front() : path.back();
    int r = end / n, c = end % n;
    int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
    int d = static_cast<int>(rng() % 4);
    int nr = r + dr[d], nc = c + dc[d];
    if (nr < 0 || nc < 0 || nr >= n || nc >= n) continue;
    int i = pos[static_cast<std::size_t>(nr * n + nc)];
    if (front && i >= 2) reverse(0, i - 1);
    else if (!front && i <= total - 3) reverse(i + 1, total - 1);
  }
  std::uniform_real_distribution<double> keep_dist(std::clamp(min_keep, 0.0, 1.0), 1.0);
  int keep = std::clamp(static_cast<int>(std::lround(keep_dist(rng) * total)), 1, total);

  Planted out;
  out.state.rows = n;
  out.state.cols = n;
  out.state.sites.assign(static_cast<std::size_t>(total), Site::kNone);
  for (int i = 0; i < keep; ++i) {
    int v = path[static_cast<std::size_t>(i)];
    out.state.sites[static_cast<std::size_t>(v)] = i == 0 ? Site::kVisited : Site::kFree;
    out.path.push_back(Cell{v / n, v % n});
  }
  out.state.head = out.path.front();
  return out;
}

}  // namespace pb::solvers::onestroke
