/* geometry.cpp: compiles a peg board's shape into hole numbers, jump lists, symmetries and classes. */
#include "solvers/pegs/geometry.hpp"

#include <algorithm>

namespace pb::solvers::pegs {
namespace {

int mod3(int v) { return ((v % 3) + 3) % 3; }

// Class of one peg at (r, c): per colouring, colour k gives parities e_k, whose invariant bits
// (p0^p1, p1^p2) are 10, 11, 01 for k = 0, 1, 2.
PositionClass cell_class(Cell c) {
  static constexpr unsigned kBits[3] = {0b10, 0b11, 0b01};
  return kBits[mod3(c.row + c.col)] | (kBits[mod3(c.row - c.col)] << 2);
}

}  // namespace

Geometry make_geometry(const State& s) {
  Geometry g;
  g.rows = s.rows;
  g.cols = s.cols;
  g.index.assign(s.sites.size(), -1);
  int rmin = s.rows, rmax = -1, cmin = s.cols, cmax = -1;
  std::vector<Cell> found;
  for (int r = 0; r < s.rows; ++r)
    for (int c = 0; c < s.cols; ++c)
      if (s.at({r, c}) != Site::kNone) {
        found.push_back({r, c});
        rmin = std::min(rmin, r), rmax = std::max(rmax, r), cmin = std::min(cmin, c), cmax = std::max(cmax, c);
      }
  for (Cell c : found) {
    g.index[static_cast<std::size_t>(c.row * s.cols + c.col)] = g.holes();
    g.cells.push_back(c);
    g.hole_class.push_back(cell_class(c));
  }
  g.into.resize(g.cells.size());
  static constexpr int kDirs[4][2] = {{0, 1}, {1, 0}, {0, -1}, {-1, 0}};
  for (int from = 0; from < g.holes(); ++from)
    for (auto [dr, dc] : kDirs) {
      Cell a = g.cells[static_cast<std::size_t>(from)];
      Cell b{a.row + dr, a.col + dc}, c{a.row + 2 * dr, a.col + 2 * dc};
      if (!s.is_hole(b) || !s.is_hole(c)) continue;
      g.into[static_cast<std::size_t>(g.hole_at(c))].push_back(static_cast<int>(g.jumps.size()));
      g.jumps.push_back({from, g.hole_at(b), g.hole_at(c)});
    }

  // The dihedral group of the holes' bounding box; the diagonal ones only when it is square.
  // Symmetries of the grid outside the box do not matter: only holes are permuted.
  int h = rmax - rmin, w = cmax - cmin;
  struct Transform {
    const char* name;
    bool needs_square;
    Cell (*map)(int r, int c, int h, int w);
  };
  static constexpr Transform kTransforms[] = {
      {"identity", false, [](int r, int c, int, int) { return Cell{r, c}; }},
      {"mirror top-bottom", false, [](int r, int c, int h, int) { return Cell{h - r, c}; }},
      {"mirror left-right", false, [](int r, int c, int, int w) { return Cell{r, w - c}; }},
      {"rotate 180", false, [](int r, int c, int h, int w) { return Cell{h - r, w - c}; }},
      {"transpose", true, [](int r, int c, int, int) { return Cell{c, r}; }},
      {"anti-transpose", true, [](int r, int c, int h, int w) { return Cell{w - c, h - r}; }},
      {"rotate 90", true, [](int r, int c, int h, int) { return Cell{c, h - r}; }},
      {"rotate 270", true, [](int r, int c, int, int w) { return Cell{w - c, r}; }},
  };
  for (const Transform& t : kTransforms) {
    if (t.needs_square && h != w) continue;
    std::vector<int> perm(g.cells.size());
    bool ok = true;
    for (int i = 0; i < g.holes() && ok; ++i) {
      Cell c = g.cells[static_cast<std::size_t>(i)];
      Cell m = t.map(c.row - rmin, c.col - cmin, h, w);
      m = {m.row + rmin, m.col + cmin};
      ok = s.is_hole(m);
      if (ok) perm[static_cast<std::size_t>(i)] = g.hole_at(m);
    }
    if (!ok) continue;
    g.symmetries.push_back(std::move(perm));
    g.symmetry_names.emplace_back(t.name);
  }
  return g;
}

PositionClass position_class(const Geometry& g, const State& s) {
  PositionClass k = 0;
  for (int i = 0; i < g.holes(); ++i)
    if (s.at(g.cells[static_cast<std::size_t>(i)]) == Site::kPeg) k ^= g.hole_class[static_cast<std::size_t>(i)];
  return k;
}

std::string class_counts(const State& s) {
  int sum[3] = {0, 0, 0}, diff[3] = {0, 0, 0};
  for (int r = 0; r < s.rows; ++r)
    for (int c = 0; c < s.cols; ++c)
      if (s.at({r, c}) == Site::kPeg) ++sum[mod3(r + c)], ++diff[mod3(r - c)];
  auto three = [](const int* n) {
    return std::to_string(n[0]) + "/" + std::to_string(n[1]) + "/" + std::to_string(n[2]);
  };
  return "pegs per colour (r+c)%3 " + three(sum) + ", (r-c)%3 " + three(diff);
}

}  // namespace pb::solvers::pegs
