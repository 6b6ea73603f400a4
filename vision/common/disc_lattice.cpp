/* disc_lattice.cpp: the pitch by voting on neighbour gaps, the origin by the centres' circular mean phase, least-squares refinement, the linked board. */
#include "vision/common/disc_lattice.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <string>

#include "vision/common/lattice.hpp"

namespace pb::vision {
namespace {

// The circular mean of the values' phases modulo `period`, in [0, period).
float mean_phase(const std::vector<float>& values, float period) {
  double s = 0, c = 0;
  for (float v : values) {
    const double a = 2 * CV_PI * v / period;
    s += std::sin(a), c += std::cos(a);
  }
  double phase = std::atan2(s, c) / (2 * CV_PI) * period;
  if (phase < 0) phase += period;
  return static_cast<float>(phase);
}

struct Placement {
  std::vector<std::pair<int, int>> sites;  // per centre (absolute lattice indices)
  std::vector<float> offsets;              // per centre, pitches
};

Placement place(const std::vector<cv::Point2f>& centres, cv::Point2f origin, float pitch) {
  Placement p;
  for (const cv::Point2f& c : centres) {
    const int col = static_cast<int>(std::lround((c.x - origin.x) / pitch));
    const int row = static_cast<int>(std::lround((c.y - origin.y) / pitch));
    p.sites.emplace_back(row, col);
    const cv::Point2f off = c - (origin + cv::Point2f(static_cast<float>(col) * pitch, static_cast<float>(row) * pitch));
    p.offsets.push_back(std::hypot(off.x, off.y) / pitch);
  }
  return p;
}

}  // namespace

float cluster_pitch(const std::vector<cv::Point2f>& centres, const std::vector<float>& slack, double gap_cluster) {
  std::vector<float> gaps;
  for (std::size_t i = 0; i < centres.size(); ++i) {
    float right = 0, below = 0;
    for (std::size_t j = 0; j < centres.size(); ++j) {
      const float dx = centres[j].x - centres[i].x, dy = centres[j].y - centres[i].y, s = std::max(slack[i], slack[j]);
      if (std::abs(dy) < s && dx > s && (right == 0 || dx < right)) right = dx;
      if (std::abs(dx) < s && dy > s && (below == 0 || dy < below)) below = dy;
    }
    if (right > 0) gaps.push_back(right);
    if (below > 0) gaps.push_back(below);
  }
  if (gaps.empty()) return 0;
  std::sort(gaps.begin(), gaps.end());
  // The densest cluster: the gap with the most gaps within gap_cluster of it; ties to the smaller.
  std::size_t best_lo = 0, best_hi = 0;
  for (std::size_t i = 0, lo = 0, hi = 0; i < gaps.size(); ++i) {
    while (gaps[lo] < gaps[i] * (1 - gap_cluster)) ++lo;
    while (hi < gaps.size() && gaps[hi] <= gaps[i] * (1 + gap_cluster)) ++hi;
    if (hi - lo > best_hi - best_lo) best_lo = lo, best_hi = hi;
  }
  return median_of(std::vector<float>(gaps.begin() + static_cast<long>(best_lo), gaps.begin() + static_cast<long>(best_hi)));
}

Result<SquareLattice> fit_square_lattice(const std::vector<cv::Point2f>& centres, const std::vector<float>& slack,
                                         const LatticeFitParams& p, int min_members) {
  float pitch = cluster_pitch(centres, slack, p.gap_cluster);
  if (pitch <= 0) return make_error(ErrorCode::kNoBoard, "no board found: the round discs are not in rows and columns");
  std::vector<float> xs, ys;
  for (const cv::Point2f& c : centres) xs.push_back(c.x), ys.push_back(c.y);
  cv::Point2f origin(mean_phase(xs, pitch), mean_phase(ys, pitch));
  Placement at = place(centres, origin, pitch);
  // Least squares over the centres near their sites: x = ox + col * pitch, y = oy + row * pitch.
  for (int round = 0; round < 2; ++round) {
    cv::Matx33d a = cv::Matx33d::zeros();
    cv::Vec3d b(0, 0, 0);
    int used = 0;
    for (std::size_t i = 0; i < centres.size(); ++i) {
      if (at.offsets[i] > p.tolerance) continue;
      const double col = at.sites[i].second, row = at.sites[i].first;
      // Unknowns (ox, oy, pitch): x-row [1, 0, col], y-row [0, 1, row].
      a(0, 0) += 1, a(0, 2) += col, a(2, 0) += col, a(2, 2) += col * col, b[0] += centres[i].x, b[2] += col * centres[i].x;
      a(1, 1) += 1, a(1, 2) += row, a(2, 1) += row, a(2, 2) += row * row, b[1] += centres[i].y, b[2] += row * centres[i].y;
      ++used;
    }
    if (used < 3) break;
    cv::Vec3d x;
    if (!cv::solve(cv::Mat(a), cv::Mat(b), cv::Mat(x), cv::DECOMP_SVD) || x[2] <= 0) break;
    origin = cv::Point2f(static_cast<float>(x[0]), static_cast<float>(x[1]));
    pitch = static_cast<float>(x[2]);
    at = place(centres, origin, pitch);
  }
  // The board: the largest group of on-lattice centres linked as row or column neighbours.
  std::vector<std::size_t> on;
  for (std::size_t i = 0; i < centres.size(); ++i)
    if (at.offsets[i] <= p.tolerance) on.push_back(i);
  const std::vector<std::size_t> group = largest_linked_group(on, [&](std::size_t a, std::size_t b) {
    const int dr = std::abs(at.sites[a].first - at.sites[b].first), dc = std::abs(at.sites[a].second - at.sites[b].second);
    return (dr == 0 && dc >= 1 && dc <= p.max_link_steps) || (dc == 0 && dr >= 1 && dr <= p.max_link_steps);
  });
  SquareLattice out;
  out.pitch = pitch;
  for (std::size_t k : group) out.members.push_back(on[k]);
  std::sort(out.members.begin(), out.members.end());
  if (static_cast<int>(out.members.size()) < min_members)
    return make_error(ErrorCode::kNoBoard, "no board found: too few discs on a common lattice");
  int top = at.sites[out.members[0]].first, left = at.sites[out.members[0]].second, bottom = top, right = left;
  for (std::size_t i : out.members) {
    top = std::min(top, at.sites[i].first), bottom = std::max(bottom, at.sites[i].first);
    left = std::min(left, at.sites[i].second), right = std::max(right, at.sites[i].second);
  }
  out.rows = bottom - top + 1;
  out.cols = right - left + 1;
  if (out.rows > p.max_side || out.cols > p.max_side)
    return make_error(ErrorCode::kNoBoard, "no board found: a " + std::to_string(out.cols) + "x" + std::to_string(out.rows) +
                                               " lattice is larger than the reader accepts (max_side " + std::to_string(p.max_side) + ")");
  out.origin = origin + cv::Point2f(static_cast<float>(left) * pitch, static_cast<float>(top) * pitch);
  // Two centres on one site (a highlight or a shadow found as a disc of its own): the nearer one is the site's.
  std::map<std::pair<int, int>, std::size_t> taken;
  for (std::size_t i : out.members) {
    const std::pair<int, int> site(at.sites[i].first - top, at.sites[i].second - left);
    auto [it, fresh] = taken.emplace(site, i);
    if (!fresh && at.offsets[i] < at.offsets[it->second]) it->second = i;
  }
  std::vector<std::size_t> kept;
  for (const auto& [site, i] : taken) kept.push_back(i);
  std::sort(kept.begin(), kept.end());
  out.members = kept;
  for (std::size_t i : out.members) {
    out.sites.emplace_back(at.sites[i].first - top, at.sites[i].second - left);
    out.offsets.push_back(at.offsets[i]);
  }
  for (std::size_t i = 0; i < centres.size(); ++i)
    if (!std::binary_search(out.members.begin(), out.members.end(), i)) out.strays.push_back(i);
  return out;
}

}  // namespace pb::vision
