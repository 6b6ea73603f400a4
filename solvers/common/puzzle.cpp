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
    case Limit::kNodes: return "node budget reached";
    case Limit::kTime: return "time limit reached";
    case Limit::kTableMemory: return "table memory limit reached";
    case Limit::kStopped: return "stopped by the user";
  }
  return "";
}

std::string_view to_string(Limit limit) {
  switch (limit) {
    case Limit::kNone: return "";
    case Limit::kNodes: return "nodes";
    case Limit::kTime: return "time";
    case Limit::kTableMemory: return "table_memory";
    case Limit::kStopped: return "stopped";
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

Limit Limits::expired() const {
  if (cancel != nullptr && cancel->load(std::memory_order_relaxed)) return Limit::kStopped;
  return Clock::now() >= deadline ? Limit::kTime : Limit::kNone;
}

}  // namespace pb::solvers
