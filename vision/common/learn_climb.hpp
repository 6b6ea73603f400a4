/* learn_climb.hpp: the hill climb over a reader's Params table that `puzzlebot learn` runs for readers with no candidate lists of their own. */
#pragma once

// Rejected: a grid search over every key (20-40 keys a reader: far too many reads of the shot), and
// fitting colours from the truth (the readers that use this have none to fit: a look needs its sizes,
// switches and tolerances). So: from `start`, one key at a time (a switch flipped, a number scaled),
// towards Params that read more of the truth, stopping at the first that reads it exactly.
// The one-stroke reader climbs over lists of values per key instead (vision/onestroke/reader.cpp).

#include <algorithm>
#include <cmath>
#include <optional>
#include <span>
#include <type_traits>
#include <variant>
#include <vector>

#include "vision/common/params.hpp"

namespace pb::vision {

struct ClimbOptions {
  std::vector<double> scales{0.6, 1.6};  // each number tried at these multiples of its value (clamped to its range)
  bool flip_switches = true;             // each bool tried flipped
  int rounds = 4;                        // a round moves one key; later rounds let keys change together
};

template <class P>
struct ClimbResult {
  std::optional<P> found;  // Params that read the truth exactly, if any
  int score = -1;          // the best agreement reached (-1: every read was refused)
  int tried = 0;           // how many Params were read
};

// `agreement(p)`: -1 when p's read is refused, else how much of the truth it reads (higher is
// better); `exact(p, score)`: whether p reads the truth exactly; `consistent(p)`: whether p is a
// valid setting at all (the reader's own check, as profiles are checked).
template <class P, class Agreement, class Exact, class Consistent>
ClimbResult<P> climb_params(std::span<const ParamSpec<P>> table, const P& start, Agreement agreement, Exact exact,
                            Consistent consistent, const ClimbOptions& o = {}) {
  ClimbResult<P> out;
  P current = start;
  int score = agreement(current);
  out.tried = 1;
  out.score = score;
  if (exact(current, score)) {
    out.found = current;
    return out;
  }
  for (int round = 0; round < o.rounds; ++round) {
    P best = current;
    int best_score = score;
    for (const ParamSpec<P>& spec : table) {
      std::vector<P> moves;
      std::visit(
          [&](auto member) {
            using T = std::remove_cvref_t<decltype(current.*member)>;
            if constexpr (std::is_same_v<T, bool>) {
              if (!o.flip_switches) return;
              P q = current;
              q.*member = !(current.*member);
              moves.push_back(q);
            } else if constexpr (std::is_arithmetic_v<T>) {
              for (double f : o.scales) {
                P q = current;
                const double v = std::clamp(static_cast<double>(current.*member) * f, spec.lo, spec.hi);
                q.*member = static_cast<T>(std::is_integral_v<T> ? std::round(v) : v);
                if (q.*member != current.*member) moves.push_back(q);
              }
            }
          },
          spec.field);
      for (const P& q : moves) {
        if (!consistent(q)) continue;
        ++out.tried;
        const int sc = agreement(q);
        if (exact(q, sc)) {
          out.found = q;
          out.score = sc;
          return out;
        }
        if (sc > best_score) best = q, best_score = sc;
      }
    }
    if (best_score <= score) break;
    current = best;
    score = best_score;
    out.score = score;
  }
  return out;
}

}  // namespace pb::vision
