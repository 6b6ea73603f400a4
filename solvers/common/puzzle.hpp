/* puzzle.hpp: what every game gives the rest of the program: limits, outcomes, and the Game entry. */
#pragma once

// Each game has typed State/Move/apply/solve in its own folder; this file is the thin, type-erased
// face the command line sees (Simon Tatham's `struct game`). Rejected: a template-heavy interface
// here, which would drag every game's types into the app.

#include <atomic>
#include <chrono>
#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/result.hpp"
#include "solvers/common/text_board.hpp"

namespace pb::solvers {

enum class Status { kSolved, kUnsolvable, kGaveUp };

// "solved", "unsolvable", "gave_up": the words FORMATS.md uses in JSON.
std::string_view to_string(Status status);

// Which limit stopped a search. Code branches on this; the words for people come from
// limit_words(), never the other way round. kStopped is the user's stop (Limits::cancel: Ctrl-C or
// SIGTERM), kept apart from kTime so that a stop is never reported as a time limit.
enum class Limit { kNone, kNodes, kTime, kTableMemory, kStopped };

// The start of a reason for people: "node budget reached", "time limit reached", "table memory
// limit reached", "stopped by the user"; "" for kNone. Solvers put it into their reasons through
// give_up() (solvers/common/game_puzzle.hpp), the one place that words a hit limit.
const char* limit_words(Limit limit);

// "nodes", "time", "table_memory", "stopped"; "" for kNone: the values of the "limit" key of
// FORMATS.md's JSON.
std::string_view to_string(Limit limit);

// What a solver may spend. Every solver must honour all of them and say which one it hit.
struct Limits {
  using Clock = std::chrono::steady_clock;
  Clock::time_point deadline = Clock::time_point::max();
  std::uint64_t max_nodes = std::numeric_limits<std::uint64_t>::max();
  std::size_t max_table_bytes = std::size_t{4} << 30;  // memory cap for tables (pattern DBs, TTs), bytes
  const std::atomic<bool>* cancel = nullptr;           // set by another thread to stop early
  bool best = false;     // when no full solution exists, also return the best partial one (pegs);
                         // sliding past 16 cells: also try to prove the fast solution optimal
  std::uint64_t seed = 1;  // for randomised restarts: runs are reproducible for a given seed

  static Limits with_timeout(std::chrono::milliseconds timeout);
  // Which of the two limits set from outside the search has been hit: kStopped once `cancel` is
  // set (also past the deadline: the user's stop is what the user asked about), kTime past the
  // deadline, else kNone.
  Limit expired() const;
  // Time to stop: past the deadline or stopped by the user. A search that only has to stop asks
  // this; one that says why reads expired() (or its Budget's hit()).
  bool out_of_time() const { return expired() != Limit::kNone; }
};

// Counts search nodes and checks the limits every 1024 nodes (reading the clock per node would
// cost more than the node). Once a limit is hit it stays hit.
class Budget {
 public:
  explicit Budget(const Limits& limits) : limits_(limits) {}
  bool tick() {
    if (hit_ != Limit::kNone) return false;
    if (++nodes_ > limits_.max_nodes) hit_ = Limit::kNodes;
    else if ((nodes_ & 1023u) == 0) hit_ = limits_.expired();
    return hit_ == Limit::kNone;
  }
  std::uint64_t nodes() const { return nodes_; }
  bool exhausted() const { return hit_ != Limit::kNone; }
  Limit hit() const { return hit_; }
  const Limits& limits() const { return limits_; }

 private:
  const Limits& limits_;
  std::uint64_t nodes_ = 0;
  Limit hit_ = Limit::kNone;
};

// How a game counts the items of its "moves" array for people: before + n noun(s) + after, as in
// "a path through 49 cells", "3 valves to close", "52 moves" (the default).
struct MoveWords {
  std::string_view before;
  std::string_view noun = "move";  // a regular plural: "cell" -> "cells"
  std::string_view after;
};
std::string count_words(const MoveWords& words, std::size_t n);

// The result of solving, in the shape the command line prints.
struct Outcome {
  Status status = Status::kGaveUp;
  std::string moves_json = "[]";  // FORMATS.md's "moves" array for this game
  std::size_t move_count = 0;     // how many items `moves_json` holds
  std::string answer_size;        // move_count in the game's words ("a path through 49 cells")
  std::string moves_text;         // the same moves for a person
  std::string reason;             // why unsolvable / why it gave up, one sentence (no "gave up: " in front)
  Limit limit = Limit::kNone;     // kGaveUp: the limit that stopped it (kNone: it gave up for another reason)
  std::uint64_t nodes = 0;
  std::vector<std::pair<std::string, std::string>> stats;  // extra "stats" keys -> raw JSON values
};

// A parsed board of some game, ready to solve.
class Puzzle {
 public:
  virtual ~Puzzle() = default;
  virtual std::string_view game() const = 0;
  // The board in FORMATS.md's text, header line included.
  virtual std::string format() const = 0;
  virtual Outcome solve(const Limits& limits) const = 0;
};

using ParseResult = Result<std::unique_ptr<Puzzle>>;

struct GameTables;  // solvers/common/tables.hpp

// One entry of the game list (solvers/registry.cpp).
struct Game {
  std::string_view name;   // the header word, e.g. "onestroke"
  std::string_view title;  // for --help, e.g. "one-stroke (一笔画完)"
  ParseResult (*parse)(const TextBoard& board);
  // A Simon Tatham's Puzzles game ID such as "7x7:OOPPP...", or nullptr when the game has none.
  ParseResult (*parse_id)(std::string_view id, std::string_view source);
  // The tables its solver builds once and caches (prepare, doctor, cache), or nullptr: none.
  const GameTables* tables = nullptr;
};

}  // namespace pb::solvers
