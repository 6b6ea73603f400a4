/* puzzle.cpp: status words, limits and their words, move counts in words. */
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

const char* limit_words(Limit limit) {
  switch (limit) {
    case Limit::kNone: return "";
    case Limit::kNodes: return "node budget";
    case Limit::kTime: return "time limit";
    case Limit::kTableMemory: return "table memory";
  }
  return "";
}

std::string count_words(const MoveWords& words, std::size_t n) {
  return std::string(words.before) + std::to_string(n) + " " + std::string(words.noun) + (n == 1 ? "" : "s") +
         std::string(words.after);
}

Limits Limits::with_timeout(std::chrono::milliseconds timeout) {
  Limits limits;
  auto now = Clock::now();
  if (timeout.count() > 0 && timeout < std::chrono::hours(24 * 365)) limits.deadline = now + timeout;
  return limits;
}

}  // namespace pb::solvers
