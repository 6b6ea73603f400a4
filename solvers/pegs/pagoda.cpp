/* pagoda.cpp: finds pagoda functions that prove given peg positions dead, by a small dense simplex. */
#include "solvers/pegs/pagoda.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>

namespace pb::solvers::pegs {
namespace {

// Reduced costs and pivots below this are zero. The programs have small integer coefficients, so
// rounding stays far below it; what the simplex returns is checked exactly afterwards anyway.
constexpr double kEps = 1e-9;
// Degenerate pivots in a row before switching from Dantzig's rule to Bland's.
constexpr int kDegenerateRun = 30;

// max c.x subject to A x <= b, x >= 0, with b >= 0 so that the origin is a feasible start (no
// phase one). Bland's rule (lowest index enters and leaves), because these programs are highly
// degenerate (every right-hand side but one is 0) and the textbook rule can cycle on them.
class Simplex {
 public:
  Simplex(int rows, int vars) : m_(rows), n_(vars), w_(vars + rows + 1), t_(static_cast<std::size_t>((rows + 1) * w_), 0.0) {
    basis_.resize(static_cast<std::size_t>(rows));
    for (int r = 0; r < rows; ++r) {
      at(r, n_ + r) = 1.0;
      basis_[static_cast<std::size_t>(r)] = n_ + r;
    }
  }
  double& at(int r, int c) { return t_[static_cast<std::size_t>(r * w_ + c)]; }
  double& rhs(int r) { return at(r, w_ - 1); }
  // Objective row m_: holds -c, so a negative entry is an improving column.
  void set_objective(int var, double c) { at(m_, var) = -c; }

  // Runs to optimality, spending pivots_left; false if it runs out (the caller then gets no
  // pagoda, which is always safe). Dantzig's rule (the most improving column) takes a few times fewer pivots than
  // Bland's on these programs; after a run of degenerate pivots, where Dantzig's rule can cycle,
  // Bland's rule takes over until the objective moves again.
  bool run(int& pivots_left) {
    int degenerate = 0;
    for (; pivots_left > 0; --pivots_left) {
      const bool bland = degenerate >= kDegenerateRun;
      int enter = -1;
      double most = -kEps;
      for (int c = 0; c < n_ + m_; ++c)
        if (at(m_, c) < most) {
          enter = c;
          if (bland) break;
          most = at(m_, c);
        }
      if (enter < 0) return true;
      int leave = -1;
      double best = 0;
      for (int r = 0; r < m_; ++r) {
        double a = at(r, enter);
        if (a <= kEps) continue;
        double ratio = rhs(r) / a;
        if (leave < 0 || ratio < best - kEps ||
            (ratio <= best + kEps && basis_[static_cast<std::size_t>(r)] < basis_[static_cast<std::size_t>(leave)]))
          leave = r, best = ratio;
      }
      if (leave < 0) return false;  // unbounded: excluded by the caller's cap row
      degenerate = best <= kEps ? degenerate + 1 : 0;
      pivot(leave, enter);
    }
    return false;
  }

  double value(int var) {
    for (int r = 0; r < m_; ++r)
      if (basis_[static_cast<std::size_t>(r)] == var) return rhs(r);
    return 0.0;
  }

 private:
  void pivot(int pr, int pc) {
    double* prow = &t_[static_cast<std::size_t>(pr * w_)];
    double inv = 1.0 / prow[pc];
    // The pivot row stays sparse on these programs (a few dozen nonzeros of ~150), so the
    // elimination only visits its nonzero columns.
    nonzero_.clear();
    for (int c = 0; c < w_; ++c)
      if (prow[c] != 0.0) prow[c] *= inv, nonzero_.push_back(c);
    prow[pc] = 1.0;
    for (int r = 0; r <= m_; ++r) {
      if (r == pr) continue;
      double* row = &t_[static_cast<std::size_t>(r * w_)];
      double f = row[pc];
      if (f == 0.0) continue;
      for (int c : nonzero_) row[c] -= f * prow[c];
      row[pc] = 0.0;
    }
    basis_[static_cast<std::size_t>(pr)] = pc;
  }

  int m_, n_, w_;
  std::vector<double> t_;
  std::vector<int> basis_;
  std::vector<int> nonzero_;  // columns of the pivot row that are not 0
};

}  // namespace

double pagoda_violation(const Geometry& g, const std::vector<double>& weight) {
  double worst = 0;
  for (const Jump& j : g.jumps)
    worst = std::max(worst, weight[static_cast<std::size_t>(j.to)] - weight[static_cast<std::size_t>(j.from)] -
                                weight[static_cast<std::size_t>(j.over)]);
  return worst;
}

std::optional<Pagoda> refute(const Geometry& g, const std::vector<int>& pegs, const std::vector<int>& ends,
                             int& pivots_left) {
  // Weights are free, so each is split as p = u - v (columns 2i, 2i+1); z = zu - zv is a lower
  // bound on the end weights. Maximise z - sum over pegs of p, capped at 1: the optimum is 1 when
  // some pagoda function leaves the pegs a full unit below every end, and 0 when none does.
  const int n = g.holes();
  const int vars = 2 * n + 2, zu = 2 * n, zv = 2 * n + 1;
  const int rows = static_cast<int>(g.jumps.size() + ends.size()) + 1;
  Simplex lp(rows, vars);
  int r = 0;
  auto add_p = [&](int row, int hole, double c) {
    lp.at(row, 2 * hole) += c;
    lp.at(row, 2 * hole + 1) -= c;
  };
  for (const Jump& j : g.jumps) {  // p(to) - p(from) - p(over) <= 0
    add_p(r, j.to, 1), add_p(r, j.from, -1), add_p(r, j.over, -1);
    ++r;
  }
  for (int h : ends) {  // z - p(h) <= 0
    lp.at(r, zu) = 1, lp.at(r, zv) = -1;
    add_p(r, h, -1);
    ++r;
  }
  lp.at(r, zu) = 1, lp.at(r, zv) = -1;  // z - sum p(pegs) <= 1
  for (int h : pegs) add_p(r, h, -1);
  lp.rhs(r) = 1;
  lp.set_objective(zu, 1), lp.set_objective(zv, -1);
  for (int h : pegs) lp.set_objective(2 * h, -1), lp.set_objective(2 * h + 1, 1);
  if (!lp.run(pivots_left)) return std::nullopt;

  Pagoda p;
  p.weight.resize(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) p.weight[static_cast<std::size_t>(i)] = lp.value(2 * i) - lp.value(2 * i + 1);
  // Trust nothing from floating point: check the function and the gap in plain arithmetic.
  if (pagoda_violation(g, p.weight) > 1e-12) return std::nullopt;
  p.threshold = p.weight[static_cast<std::size_t>(ends.front())];
  for (int h : ends) p.threshold = std::min(p.threshold, p.weight[static_cast<std::size_t>(h)]);
  double sum = 0;
  for (int h : pegs) sum += p.weight[static_cast<std::size_t>(h)];
  if (sum > p.threshold - 0.5) return std::nullopt;
  return p;
}

}  // namespace pb::solvers::pegs
