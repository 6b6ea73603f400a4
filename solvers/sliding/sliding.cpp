/* sliding.cpp: sliding-tile board text, game IDs, rules, solvability and the solver dispatch. */
#include "solvers/sliding/sliding.hpp"

#include <algorithm>
#include <charconv>
#include <cstdlib>

#include "core/json.hpp"
#include "solvers/common/replay.hpp"
#include "solvers/sliding/optimal.hpp"
#include "solvers/sliding/pattern_db.hpp"
#include "solvers/sliding/reduce.hpp"
#include "solvers/sliding/weighted.hpp"

namespace pb::solvers::sliding {
namespace {

bool is_space(char c) { return c == ' ' || c == '\t'; }

// Checks that `tiles` is a permutation of 0..N-1; `where(i)` locates entry i for the message.
template <class Where>
Result<void> check_permutation(const std::vector<int>& tiles, Where where) {
  const int n = static_cast<int>(tiles.size());
  std::vector<int> first(static_cast<std::size_t>(n), -1);
  for (int i = 0; i < n; ++i) {
    const int t = tiles[static_cast<std::size_t>(i)];
    if (t < 0 || t >= n)
      return where(i, "tile " + std::to_string(t) + " is out of range: a board of " + std::to_string(n) +
                          " cells holds 0 (the blank) to " + std::to_string(n - 1));
    if (first[static_cast<std::size_t>(t)] >= 0)
      return where(i, "tile " + std::to_string(t) + " appears twice");
    first[static_cast<std::size_t>(t)] = i;
  }
  return {};
}

// Length minus longest increasing run: tiles that must leave the line to let the others pass.
int line_conflicts(const std::vector<int>& goal_index) {
  std::vector<int> tails;
  for (int v : goal_index) {
    auto it = std::lower_bound(tails.begin(), tails.end(), v);
    if (it == tails.end()) tails.push_back(v); else *it = v;
  }
  return static_cast<int>(goal_index.size() - tails.size());
}

}  // namespace

int State::blank() const {
  return static_cast<int>(std::find(tiles.begin(), tiles.end(), 0) - tiles.begin());
}

State goal_state(int rows, int cols) {
  State s{rows, cols, std::vector<int>(static_cast<std::size_t>(rows * cols))};
  for (int i = 0; i + 1 < rows * cols; ++i) s.tiles[static_cast<std::size_t>(i)] = i + 1;
  return s;
}

bool is_goal(const State& state) {
  for (int i = 0; i + 1 < state.cells(); ++i)
    if (state.tiles[static_cast<std::size_t>(i)] != i + 1) return false;
  return true;
}

Result<State> parse(const TextBoard& board) {
  if (auto p = board.check_params({}); !p.ok()) return p.error();
  if (board.rows.empty())
    return board.header_error("no rows: a sliding board is rows of numbers, 0 for the blank");
  State s;
  s.rows = static_cast<int>(board.rows.size());
  std::vector<std::pair<int, int>> where;  // line, column of each number
  for (const TextLine& line : board.rows) {
    const std::string& t = line.text;
    int count = 0;
    std::size_t i = 0;
    while (i < t.size()) {
      if (is_space(t[i]) || t[i] == ',') { ++i; continue; }
      const std::size_t start = i;
      while (i < t.size() && !is_space(t[i]) && t[i] != ',') ++i;
      const std::string_view word(t.data() + start, i - start);
      int v = 0;
      auto [end, ec] = std::from_chars(word.data(), word.data() + word.size(), v);
      const int col = static_cast<int>(start) + 1;
      if (ec != std::errc() || end != word.data() + word.size())
        return board.error_at(line.line, col, "not a tile number: '" + std::string(word) +
                                                  "' (tiles are whole numbers, 0 for the blank)");
      s.tiles.push_back(v);
      where.emplace_back(line.line, col);
      ++count;
    }
    // An empty row (just commas) would leave cols at 0 for the next row to set: fewer tiles than
    // cells, read past the end later (found by fuzz_text_sliding).
    if (count == 0)
      return board.error_at(line.line, 0, "row has no tile numbers: every row is numbers, 0 for the blank");
    if (s.cols == 0) s.cols = count;
    if (count != s.cols)
      return board.error_at(line.line, 0, "row has " + std::to_string(count) + " numbers, the first row has " +
                                              std::to_string(s.cols) + ": every row must be as long");
    if (s.rows > kMaxSide || s.cols > kMaxSide)
      return board.error_at(line.line, 0, "board larger than " + std::to_string(kMaxSide) + "x" +
                                              std::to_string(kMaxSide) + " (the largest accepted)");
  }
  if (s.cells() < 2) return board.header_error("a sliding board needs at least 2 cells");
  auto perm = check_permutation(s.tiles, [&](int i, const std::string& msg) -> Result<void> {
    return board.error_at(where[static_cast<std::size_t>(i)].first, where[static_cast<std::size_t>(i)].second, msg);
  });
  if (!perm.ok()) return perm.error();
  if (std::find(s.tiles.begin(), s.tiles.end(), 0) == s.tiles.end())
    return board.header_error("no blank: one cell must be 0");
  return s;
}

Result<State> parse_id(std::string_view id, std::string_view source) {
  const std::string src = source.empty() ? "<id>" : std::string(source);
  auto fail = [&](const std::string& msg) -> Error {
    return make_error(src + ": " + msg + " (expected a fifteen game ID such as 4x4:1,2,...,15,0)");
  };
  if (id.substr(0, 8) == "fifteen:") id.remove_prefix(8);
  const auto colon = id.find(':');
  if (colon == std::string_view::npos) return fail("no ':' in the game ID");
  const std::string_view params = id.substr(0, colon), desc = id.substr(colon + 1);
  // sgt-fifteen writes its parameters as WxH: W columns, H rows.
  const auto x = params.find('x');
  int w = 0, h = 0;
  auto read_int = [](std::string_view s, int& v) {
    auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    return ec == std::errc() && end == s.data() + s.size() && !s.empty();
  };
  if (x == std::string_view::npos || !read_int(params.substr(0, x), w) || !read_int(params.substr(x + 1), h))
    return fail("size '" + std::string(params) + "' is not WxH");
  if (w < 1 || h < 1 || w > kMaxSide || h > kMaxSide || w * h < 2)
    return fail("size " + std::string(params) + " is outside 1.." + std::to_string(kMaxSide) + " per side");
  State s{h, w, {}};
  std::vector<std::size_t> offset;
  std::size_t i = 0;
  while (i <= desc.size()) {
    std::size_t comma = desc.find(',', i);
    if (comma == std::string_view::npos) comma = desc.size();
    int v = 0;
    if (!read_int(desc.substr(i, comma - i), v))
      return fail("entry '" + std::string(desc.substr(i, comma - i)) + "' at character " +
                  std::to_string(colon + 2 + i) + " is not a number");
    s.tiles.push_back(v);
    offset.push_back(colon + 2 + i);
    i = comma + 1;
  }
  if (s.cells() != static_cast<int>(s.tiles.size()))
    return fail(std::to_string(s.tiles.size()) + " tiles for a " + std::to_string(w) + "x" +
                std::to_string(h) + " board of " + std::to_string(s.cells()) + " cells");
  auto perm = check_permutation(s.tiles, [&](int k, const std::string& msg) -> Result<void> {
    return fail(msg + " (character " + std::to_string(offset[static_cast<std::size_t>(k)]) + ")");
  });
  if (!perm.ok()) return perm.error();
  return s;
}

std::string format(const State& state) {
  const int width = static_cast<int>(std::to_string(state.cells() - 1).size());
  std::string out = "sliding\n";
  for (int r = 0; r < state.rows; ++r) {
    for (int c = 0; c < state.cols; ++c) {
      const std::string t = std::to_string(state.tiles[static_cast<std::size_t>(r * state.cols + c)]);
      if (c > 0) out += ' ';
      out += std::string(static_cast<std::size_t>(width) - t.size(), ' ') + t;
    }
    out += '\n';
  }
  return out;
}

Result<State> apply(const State& state, Move move) {
  const int n = state.cells();
  if (move <= 0 || move >= n)
    return make_error("tile " + std::to_string(move) + " does not exist (tiles are 1.." + std::to_string(n - 1) + ")");
  const int b = state.blank();
  const int p = static_cast<int>(std::find(state.tiles.begin(), state.tiles.end(), move) - state.tiles.begin());
  const int dr = std::abs(b / state.cols - p / state.cols), dc = std::abs(b % state.cols - p % state.cols);
  if (dr + dc != 1)
    return make_error("tile " + std::to_string(move) + " is not next to the blank");
  State next = state;
  next.tiles[static_cast<std::size_t>(b)] = move;
  next.tiles[static_cast<std::size_t>(p)] = 0;
  return next;
}

Result<void> check_solution(const State& state, const std::vector<Move>& moves) {
  auto end = replay_moves(state, moves, apply);
  if (!end) return end.error();
  if (!is_goal(*end)) return make_error("after " + std::to_string(moves.size()) + " moves the board is not solved");
  return {};
}

std::string unsolvable_reason(const State& state) {
  const int n = state.cells();
  if (state.rows == 1 || state.cols == 1) {
    // Tiles in a single line can never pass each other: only their order with the blank removed counts.
    int prev = 0;
    for (int t : state.tiles) {
      if (t == 0) continue;
      if (t < prev)
        return "on a 1-wide board tiles cannot pass each other, and tile " + std::to_string(t) +
               " comes after tile " + std::to_string(prev);
      prev = t;
    }
    return {};
  }
  // Parity of the permutation taking the goal to this board, the blank counted as tile N: cycles.
  std::vector<char> seen(static_cast<std::size_t>(n), 0);
  int transpositions = 0;
  for (int i = 0; i < n; ++i) {
    if (seen[static_cast<std::size_t>(i)]) continue;
    int len = 0;
    for (int j = i; !seen[static_cast<std::size_t>(j)]; ++len) {
      seen[static_cast<std::size_t>(j)] = 1;
      const int t = state.tiles[static_cast<std::size_t>(j)];
      j = t == 0 ? n - 1 : t - 1;  // the cell where the tile now at j belongs
    }
    transpositions += len - 1;
  }
  const int b = state.blank();
  const int blank_rows = state.rows - 1 - b / state.cols, blank_cols = state.cols - 1 - b % state.cols;
  const int blank_steps = blank_rows + blank_cols;
  if ((transpositions + blank_steps) % 2 == 0) return {};
  return std::string("permutation parity: the tiles are an ") + (transpositions % 2 ? "odd" : "even") +
         " permutation of the goal but the blank is " + std::to_string(blank_steps) +
         " steps from its goal corner (" + std::to_string(blank_rows) + " rows up, " + std::to_string(blank_cols) +
         " columns left), and every move flips both parities";
}

int lower_bound(const State& state) {
  const int rows = state.rows, cols = state.cols;
  int md = 0, lc = 0;
  for (int c = 0; c < state.cells(); ++c) {
    const int t = state.tiles[static_cast<std::size_t>(c)];
    if (t != 0) md += std::abs((t - 1) / cols - c / cols) + std::abs((t - 1) % cols - c % cols);
  }
  std::vector<int> idx;
  for (int r = 0; r < rows; ++r) {
    idx.clear();
    for (int c = 0; c < cols; ++c) {
      const int t = state.tiles[static_cast<std::size_t>(r * cols + c)];
      if (t != 0 && (t - 1) / cols == r) idx.push_back((t - 1) % cols);
    }
    lc += 2 * line_conflicts(idx);
  }
  for (int c = 0; c < cols; ++c) {
    idx.clear();
    for (int r = 0; r < rows; ++r) {
      const int t = state.tiles[static_cast<std::size_t>(r * cols + c)];
      if (t != 0 && (t - 1) % cols == c) idx.push_back((t - 1) / cols);
    }
    lc += 2 * line_conflicts(idx);
  }
  return md + lc;
}

Solution solve(const State& state, const Limits& limits) {
  Solution sol;
  sol.lower_bound = lower_bound(state);
  if (std::string why = unsolvable_reason(state); !why.empty()) {
    sol.status = Status::kUnsolvable;
    sol.reason = why;
    sol.method = "parity check";
    return sol;
  }
  if (is_goal(state)) {
    sol.status = Status::kSolved;
    sol.optimal = true;
    sol.method = "already solved";
    return sol;
  }
  if (state.rows == 1 || state.cols == 1) {
    // Tiles already in order: the only thing to do is walk the blank to the end.
    sol.status = Status::kSolved;
    sol.optimal = true;
    sol.method = "1-wide board: blank walked to its goal";
    for (int c = state.blank() + 1; c < state.cells(); ++c) sol.moves.push_back(state.tiles[static_cast<std::size_t>(c)]);
    sol.lower_bound = static_cast<int>(sol.moves.size());
    return sol;
  }
  if (state.cells() <= kMaxDbCells) return solve_optimal(state, limits);
  Solution fast = solve_reduced(state, limits);
  if (!limits.best || fast.status != Status::kSolved) return fast;
  // --best: try to prove the fast solution optimal, or find a shorter one, within the limits:
  // IDA* over the 5x5 pattern databases (weighted.hpp), elsewhere over Manhattan + linear
  // conflicts. It settles lightly shuffled boards, not random ones.
  if (state.cells() > kMaxIdaCells) {
    fast.method += "; --best: optimality is not searched past " + std::to_string(kMaxIdaCells) + " cells";
    return fast;
  }
  const int length = static_cast<int>(fast.moves.size());
  Solution better = solve_below(state, limits, length);
  fast.nodes += better.nodes;
  if (better.status == Status::kSolved) {
    better.nodes = fast.nodes;
    better.method += " (--best; the fast solution had " + std::to_string(length) + " moves)";
    return better;
  }
  fast.lower_bound = std::max(fast.lower_bound, better.lower_bound);
  if (better.status == Status::kUnsolvable) {
    fast.optimal = true;
    fast.method += "; proved optimal (--best): " + better.method + " found " + better.reason;
  } else {
    fast.method += "; --best: not proved optimal, " + better.reason;
  }
  return fast;
}

}  // namespace pb::solvers::sliding

// Sliding tiles as a Puzzle: parsing entry points and the Outcome the command line prints.

namespace pb::solvers::sliding {

Outcome outcome(const State& state, const Solution& sol) {
  Outcome out = outcome_of(sol);
  if (sol.status == Status::kSolved) {
    // A solver bug must not reach the user as a wrong answer: replay before reporting.
    if (auto check = check_solution(state, sol.moves); !check.ok()) {
      out.status = Status::kGaveUp;
      out.reason = "internal error: the solution found does not replay (" + check.error().message + ")";
      return out;
    }
    std::vector<std::string> items;
    items.reserve(sol.moves.size());
    for (Move m : sol.moves) items.push_back(std::to_string(m));
    out.moves_json = json::array(items);
    out.move_count = items.size();
    out.moves_text = moves_text(state, sol.moves);
    out.stats.emplace_back("length", std::to_string(sol.moves.size()));
    out.stats.emplace_back("optimal", sol.optimal ? "true" : "false");
  }
  out.stats.emplace_back("lower_bound", std::to_string(sol.lower_bound));
  if (!sol.method.empty()) out.stats.emplace_back("method", json::quote(sol.method));
  return out;
}

const Game kGame = game_entry<Spec>("sliding tiles (15-puzzle, any n x m)");

std::string moves_text(const State& state, const std::vector<Move>& moves) {
  std::string out;
  State s = state;
  for (Move m : moves) {
    const int b = s.blank();
    int p = 0;
    while (s.tiles[static_cast<std::size_t>(p)] != m) ++p;
    const char* dir = b == p - s.cols ? "up" : b == p + s.cols ? "down" : b == p - 1 ? "left" : "right";
    if (!out.empty()) out += ", ";
    out += std::to_string(m);
    out += ' ';
    out += dir;
    auto next = apply(s, m);
    if (!next.ok()) break;  // callers replay first; a bad move just ends the text
    s = std::move(next.value());
  }
  return out;
}

}  // namespace pb::solvers::sliding
