/* puzzle.cpp: status words and limits. */
#include "solvers/common/puzzle.hpp"

namespace pb::solvers {

std::string_view to_string(Status status) {
  switch (status) {
    case Status::kSolved: return "solved";
    case Status::kUnsolvable: return "unsolvable";
    case Status::kGaveUp: return "gave_up";
  }
  return "gave_up";
}

Limits Limits::with_timeout(std::chrono::milliseconds timeout) {
  Limits limits;
  auto now = Clock::now();
  if (timeout.count() > 0 && timeout < std::chrono::hours(24 * 365)) limits.deadline = now + timeout;
  return limits;
}

}  // namespace pb::solvers
