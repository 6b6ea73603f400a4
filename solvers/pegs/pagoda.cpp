/* pagoda.cpp: finds pagoda functions that prove given peg positions dead, by a small dense simplex. */
#include "solvers/pegs/pagoda.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>

// The program solved is the dual of "find a pagoda function": by Farkas' lemma no pagoda function
// leaves the pegs below every end hole exactly when the pegs can be moved to a distribution over the
// end holes by *fractional* jumps,
//     pegs + sum_j x_j (to_j - from_j - over_j) = sum_e y_e e,   x, y >= 0,   sum_e y_e = 1,
// one equality row per hole (plus the normalisation), a column per jump and per end hole. Phase one
// of the simplex (minimise the artificial variables) decides it; when the minimum is positive, the
// optimal dual prices of the rows are the pagoda function (price of a hole row = its weight) and the
// minimum is its gap below the threshold.
//
// Rejected: the primal program (a column per weight, a row per jump, the gap capped at 1): its
// tableau has a row per jump (2.5 times the holes) and took about a thousand pivots per program on
// the French board, where this one takes 39 rows and a few dozen pivots; LPs were half of the
// French sweep's time with it.

namespace pb::solvers::pegs {
namespace {

// Reduced costs and pivots below this are zero. The programs have small integer coefficients, so
// rounding stays far below it; what the simplex returns is checked exactly afterwards anyway.
constexpr double kEps = 1e-9;
// Degenerate pivots in a row before switching from Dantzig's rule to Bland's.
constexpr int kDegenerateRun = 30;
// Smallest phase-one optimum taken as "infeasible" (a refutation); below it the certificate would be
// mostly rounding.
constexpr double kMinGap = 1e-6;

// Phase one for A x = b, x >= 0 (b >= 0): min sum of artificials a, A x + a = b. Dense tableau.
class PhaseOne {
 public:
  PhaseOne(int rows, int vars) : m_(rows), n_(vars), w_(vars + rows + 1), t_(static_cast<std::size_t>((rows + 1) * w_), 0.0) {
    basis_.resize(static_cast<std::size_t>(rows));
    for (int r = 0; r < rows; ++r) {
      at(r, n_ + r) = 1.0;
      basis_[static_cast<std::size_t>(r)] = n_ + r;
    }
  }
  double& at(int r, int c) { return t_[static_cast<std::size_t>(r * w_ + c)]; }
  double& rhs(int r) { return at(r, w_ - 1); }

  // Prices the objective row (reduced costs d = c - pi A with pi = 1 for the artificial basis;
  // the rhs entry holds minus the objective). Call once the rows are filled, with b >= 0.
  void price() {
    for (int c = 0; c < w_; ++c) {
      double s = 0;
      for (int r = 0; r < m_; ++r) s += at(r, c);
      at(m_, c) = c >= n_ && c < n_ + m_ ? 0.0 : -s;
    }
  }

  // Runs to optimality, spending pivots_left; false if it runs out. Dantzig's rule (the most
  // improving column); after a run of degenerate pivots, where it can cycle, Bland's rule (lowest
  // index) until the objective moves again.
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
      if (leave < 0) return false;  // cannot happen: phase one is bounded below by 0
      degenerate = best <= kEps ? degenerate + 1 : 0;
      pivot(leave, enter);
    }
    return false;
  }

  // The sum of the artificials at the current basis.
  double objective() { return -at(m_, w_ - 1); }
  // Row r's dual price: the artificial's cost (1) minus its reduced cost.
  double price_of(int r) { return 1.0 - at(m_, n_ + r); }

 private:
  void pivot(int pr, int pc) {
    double* prow = &t_[static_cast<std::size_t>(pr * w_)];
    double inv = 1.0 / prow[pc];
    // The pivot row is sparse (a few dozen nonzeros), so the elimination only visits its nonzero
    // columns.
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
  // Rows 0..n-1: hole h, sum_j x_j a_j(h) - y_h [h an end] = -[h a peg]; row n: sum_e y_e = 1.
  // Peg rows are negated so that the right-hand sides are >= 0; sign[] remembers it.
  const int n = g.holes();
  const int jumps = static_cast<int>(g.jumps.size());
  const int rows = n + 1;
  const int vars = jumps + static_cast<int>(ends.size());
  PhaseOne lp(rows, vars);
  std::vector<double> sign(static_cast<std::size_t>(rows), 1.0);
  for (int h : pegs) sign[static_cast<std::size_t>(h)] = -1.0;
  for (int j = 0; j < jumps; ++j) {
    const Jump& jp = g.jumps[static_cast<std::size_t>(j)];
    lp.at(jp.to, j) += sign[static_cast<std::size_t>(jp.to)];
    lp.at(jp.from, j) -= sign[static_cast<std::size_t>(jp.from)];
    lp.at(jp.over, j) -= sign[static_cast<std::size_t>(jp.over)];
  }
  for (std::size_t e = 0; e < ends.size(); ++e) {
    const int col = jumps + static_cast<int>(e);
    lp.at(ends[e], col) -= sign[static_cast<std::size_t>(ends[e])];
    lp.at(n, col) = 1.0;
  }
  for (int h : pegs) lp.rhs(h) = 1.0;  // -1, negated
  lp.rhs(n) = 1.0;
  lp.price();
  if (!lp.run(pivots_left)) return std::nullopt;
  const double gap = lp.objective();
  if (gap < kMinGap) return std::nullopt;  // feasible: the pegs can reach the ends fractionally

  // The certificate, scaled so that the pegs sit one unit below the threshold.
  Pagoda p;
  p.weight.resize(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) p.weight[static_cast<std::size_t>(i)] = lp.price_of(i) * sign[static_cast<std::size_t>(i)] / gap;
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
