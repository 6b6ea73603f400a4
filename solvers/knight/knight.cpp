/* knight.cpp: the knight's tour board text, its rules (apply, replay) and the solver's dispatch. */
#include "solvers/knight/knight.hpp"

// solve() order: proofs first (cheap, and they turn hopeless searches into a one-line reason), then
// the block construction for full boards with both sides >= 5 and one >= 12 (linear time; also
// smaller odd x odd boards when the open tour has a given start), then the
// column programme for every board at most 4 wide, full or holed (exact and linear in the length:
// it finds a tour whenever one exists and otherwise proves there is none, from a given start too),
// then exact search for the rest: boards with both sides 5..11 and holed boards at least 5 wide.
// The search is exact, so given the budget it either finds a tour or proves there is none. On full
// boards that have a closed tour (Schwenk), an open tour from a given start is first looked for as
// a closed tour through the start, which the search finds far more easily (docs/PERFORMANCE.md
// lists which boards use which method, and the slowest of each).
// Rejected: searching large full boards (Warnsdorff fails there, see construct.hpp); searching 3- and
// 4-wide boards (exponential where a wrong early choice is found late: a 4x50 open tour gave up);
// trying the construction on holed boards (one hole breaks the block tours, and repairing them is a
// search).

#include <algorithm>
#include <string>
#include <utility>

#include "core/json.hpp"
#include "solvers/knight/board_graph.hpp"
#include "solvers/knight/column_dp.hpp"
#include "solvers/knight/construct.hpp"
#include "solvers/knight/search.hpp"
#include "solvers/knight/theory.hpp"

namespace pb::solvers::knight {

bool State::full() const {
  return std::none_of(squares.begin(), squares.end(), [](Square s) { return s == Square::kRemoved; });
}

std::int64_t State::free_count() const {
  return std::count(squares.begin(), squares.end(), Square::kFree);
}

Result<State> parse(const TextBoard& board) {
  if (auto ok = board.check_params({"closed"}); !ok) return ok.error();
  auto closed = board.int_param("closed", 0, 0, 1);
  if (!closed) return closed.error();
  if (board.rows.empty())
    return board.header_error("the board has no rows: write rows of '.' (square), '#' (removed), 'N' (start)");
  State state;
  state.closed = *closed == 1;
  state.rows = static_cast<int>(board.rows.size());
  state.cols = static_cast<int>(board.rows.front().text.size());
  const TextLine& first = board.rows.front();
  if (state.rows > kMaxSide || state.cols > kMaxSide)
    return board.error_at(first.line, 0,
                          "a " + std::to_string(state.rows) + "x" + std::to_string(state.cols) +
                              " board is larger than the " + std::to_string(kMaxSide) + "x" +
                              std::to_string(kMaxSide) + " limit");
  state.squares.reserve(static_cast<std::size_t>(state.rows) * static_cast<std::size_t>(state.cols));
  for (int r = 0; r < state.rows; ++r) {
    const TextLine& line = board.rows[static_cast<std::size_t>(r)];
    if (static_cast<int>(line.text.size()) != state.cols)
      return board.error_at(line.line, static_cast<int>(std::min(line.text.size(), static_cast<std::size_t>(state.cols))) + 1,
                            "row has " + std::to_string(line.text.size()) + " squares but the first row has " +
                                std::to_string(state.cols) + ": pad with '#' for removed squares");
    for (int c = 0; c < state.cols; ++c) {
      char ch = line.text[static_cast<std::size_t>(c)];
      switch (ch) {
        case '.': state.squares.push_back(Square::kFree); break;
        case '#': state.squares.push_back(Square::kRemoved); break;
        case 'N':
          if (state.start)
            return board.error_at(line.line, c + 1,
                                  "a second start 'N' (the first is at row " + std::to_string(state.start->row) +
                                      ", column " + std::to_string(state.start->col) + "): keep one");
          state.start = Cell{r, c};
          state.squares.push_back(Square::kFree);
          break;
        default:
          return board.error_at(line.line, c + 1,
                                std::string("unexpected '") + ch +
                                    "': knight rows use '.' (square), '#' (removed) and 'N' (start)");
      }
    }
  }
  auto area = static_cast<std::int64_t>(state.rows) * state.cols;
  if (!state.full() && area > kMaxHoledArea)
    return board.error_at(first.line, 0,
                          "a " + std::to_string(state.rows) + "x" + std::to_string(state.cols) +
                              " board with removed squares is larger than the limit of " +
                              std::to_string(kMaxHoledArea) + " squares for holed boards (they are searched)");
  if (state.free_count() == 0) return board.error_at(first.line, 0, "the board has no squares to visit ('.' or 'N')");
  return state;
}

std::string format(const State& state) {
  std::string out = state.closed ? "knight closed=1\n" : "knight\n";
  out.reserve(out.size() + state.squares.size() + static_cast<std::size_t>(state.rows));
  std::optional<Cell> mark = state.knight ? state.knight : state.start;
  for (int r = 0; r < state.rows; ++r) {
    for (int c = 0; c < state.cols; ++c) {
      Cell cell{r, c};
      if (mark && *mark == cell) out += 'N';
      else out += state.at(cell) == Square::kFree ? '.' : '#';
    }
    out += '\n';
  }
  return out;
}

Result<void> play(State& state, Move move) {
  auto where = [](Cell c) { return cell_text(c); };
  if (!state.inside(move)) return make_error("move to " + where(move) + " is off the board");
  if (state.at(move) == Square::kRemoved) return make_error("move to " + where(move) + " lands on a removed square");
  if (state.at(move) == Square::kVisited) return make_error("move to " + where(move) + " revisits a square");
  if (!state.knight) {
    if (state.start && *state.start != move)
      return make_error("the tour must begin at the start " + where(*state.start) + ", not " + where(move));
  } else if (!knight_move(*state.knight, move)) {
    return make_error("move from " + where(*state.knight) + " to " + where(move) + " is not a knight's move");
  }
  state.squares[state.index(move)] = Square::kVisited;
  if (!state.knight) state.start = move;  // the first square: a closed tour returns here
  state.knight = move;
  return {};
}

Result<State> apply(const State& state, Move move) {
  State next = state;
  if (auto ok = play(next, move); !ok) return ok.error();
  return next;
}

Result<void> check_solution(const State& state, const std::vector<Cell>& tour) {
  if (state.knight) return make_error("check_solution takes a board before the first move");
  State cur = state;
  for (std::size_t i = 0; i < tour.size(); ++i) {
    if (auto ok = play(cur, tour[i]); !ok) return make_error("move " + std::to_string(i + 1) + ": " + ok.error().message);
  }
  if (auto left = cur.free_count(); left > 0)
    return make_error(std::to_string(left) + " squares were not visited");
  if (state.closed && tour.size() > 1 && !knight_move(tour.back(), tour.front()))
    return make_error("closed tour: the last square " + cell_text(tour.back()) + " is not a knight's move from the first " +
                      cell_text(tour.front()));
  if (state.closed && tour.size() < 4) return make_error("closed tour: fewer than 4 squares");
  return {};
}

namespace {

// Given up at `limit` (the budget's own unless told) after the budget's nodes of `what`.
Solution gave_up(const Budget& budget, std::string_view what, Limit limit = Limit::kNone) {
  Solution s;
  give_up(s, limit == Limit::kNone ? budget.hit() : limit,
          "after " + std::to_string(budget.nodes()) + " nodes of " + std::string(what));
  s.nodes = budget.nodes();
  return s;
}

// Starts that keep the search exhaustive: any tour can be turned around or rotated to begin at one.
std::vector<int> search_starts(const State& state, const BoardGraph& bg) {
  const Graph& g = bg.graph;
  int n = g.size();
  if (state.start) return {bg.vertex_of[state.index(*state.start)]};
  std::vector<int> all(static_cast<std::size_t>(n));
  for (int v = 0; v < n; ++v) all[static_cast<std::size_t>(v)] = v;
  auto order = [&](int a, int b) {
    auto da = g.neighbours(a).size(), db = g.neighbours(b).size();
    return da != db ? da < db : g.priority[static_cast<std::size_t>(a)] < g.priority[static_cast<std::size_t>(b)];
  };
  std::stable_sort(all.begin(), all.end(), order);
  if (state.closed) return {all.front()};  // a closed tour passes every square: start anywhere
  if (g.neighbours(all.front()).size() == 1) return {all.front()};  // a one-move square is an end
  std::int64_t light = 0;
  for (Cell c : bg.cell_of) light += (c.row + c.col) % 2 == 0 ? 1 : 0;
  if (2 * light != n) {  // an open tour starts and ends on the larger colour
    bool want_light = 2 * light > n;
    std::erase_if(all, [&](int v) {
      Cell c = bg.cell_of[static_cast<std::size_t>(v)];
      return ((c.row + c.col) % 2 == 0) != want_light;
    });
  }
  return all;
}

Solution run_search(const State& state, const BoardGraph& bg, Budget& budget, std::uint64_t seed) {
  std::vector<int> starts = search_starts(state, bg);
  SearchRun run = find_tour(bg.graph, starts, state.closed, budget, seed);
  Solution s;
  s.method = Method::kSearch;
  switch (run.end) {
    case SearchEnd::kFound:
      s.status = Status::kSolved;
      for (int v : run.path) s.tour.push_back(bg.cell_of[static_cast<std::size_t>(v)]);
      break;
    case SearchEnd::kExhausted:
      s.status = Status::kUnsolvable;
      s.reason = std::string("no ") + (state.closed ? "closed " : "") + "tour exists: exhaustive search (" +
                 std::to_string(budget.nodes()) + " nodes) " +
                 (state.start ? "from the start " + cell_text(*state.start)
                              : state.closed ? std::string("through ") + cell_text(bg.cell_of[static_cast<std::size_t>(starts[0])])
                                             : "from every square a tour could start on");
      break;
    case SearchEnd::kCapped:
    case SearchEnd::kBudget: {
      Solution g = gave_up(budget, "search");
      g.method = Method::kSearch;
      return g;
    }
  }
  s.nodes = budget.nodes();
  return s;
}

Solution unsolvable(std::string reason, std::uint64_t nodes = 0) {
  Solution s;
  s.status = Status::kUnsolvable;
  s.reason = std::move(reason);
  s.nodes = nodes;
  s.method = Method::kTheory;
  return s;
}

// Squares to try as the far end of an open tour on a narrow board: the two corners at the end of
// the long side farther from the start (a free start: the last end).
std::vector<Cell> far_corners(const State& state) {
  bool tall = state.rows > state.cols;  // the long side runs down the rows
  int len = tall ? state.rows : state.cols, h = tall ? state.cols : state.rows;
  int pos = state.start ? (tall ? state.start->row : state.start->col) : 0;
  int far = 2 * pos < len ? len - 1 : 0;
  std::vector<Cell> out;
  for (int across : {h - 1, 0}) {
    Cell c = tall ? Cell{far, across} : Cell{across, far};
    if (!state.start) {
      out.push_back(c);
      continue;
    }
    // Moves alternate colours: the ends differ in colour when the square count is even, and are
    // both the larger (light) colour when it is odd. A corner of the wrong colour cannot be the end.
    bool odd_area = (static_cast<std::int64_t>(state.rows) * state.cols) % 2 == 1;
    bool same_colour = (c.row + c.col) % 2 == (state.start->row + state.start->col) % 2;
    if (c != *state.start && same_colour == odd_area) out.push_back(c);
  }
  return out;
}

Solution run_column_dp(const State& state, Budget& budget) {
  // Open tours of full boards: first with the far end pinned to a corner (several times faster,
  // see column_dp.hpp); every 3- and 4-wide board tested has such a tour from each start that has
  // any. Only the unpinned run's "none" is a proof.
  DpRun run;
  if (!state.closed && state.full())
    for (Cell finish : far_corners(state)) {
      run = column_dp_tour(state, budget, finish);
      if (run.end != DpEnd::kNone) break;
    }
  if (run.tour.empty() && run.end != DpEnd::kBudget) run = column_dp_tour(state, budget);
  Solution s;
  s.method = Method::kColumnDp;
  s.nodes = budget.nodes();
  switch (run.end) {
    case DpEnd::kFound:
      s.tour = std::move(run.tour);
      // Replay before returning, as for the construction: a bug must not reach the player's screen.
      if (auto ok = check_solution(state, s.tour); !ok) {
        s.status = Status::kGaveUp;
        s.reason = "internal error: the column programme's tour fails the rules (" + ok.error().message + ")";
        s.tour.clear();
        return s;
      }
      s.status = Status::kSolved;
      return s;
    case DpEnd::kNone:
      s.status = Status::kUnsolvable;
      s.reason = std::string("no ") + (state.closed ? "closed " : "") + "tour exists" +
                 (state.start && !state.closed ? " from the start " + cell_text(*state.start) : std::string()) +
                 ": exhaustive dynamic programme over the " + std::to_string(std::min(state.rows, state.cols)) +
                 "-wide board's column cuts (every way a partial tour can cross a cut)";
      return s;
    case DpEnd::kBudget: {
      // Not the budget: the programme's table outgrew the memory limit.
      Solution g = gave_up(budget, "the column programme", budget.exhausted() ? Limit::kNone : Limit::kTableMemory);
      g.method = Method::kColumnDp;
      return g;
    }
  }
  return s;
}

// Node cap of the closed search tried first for an open tour from a given start (see solve()):
// about a tenth of a second, where every start of every 5..11 x 5..11 board with a closed tour
// needed at most about a thousand nodes (5x6 the most).
constexpr std::uint64_t kClosedFirstNodes = 2000000;

// Boards at least this long on some side (and at least 5 on both) are built, not searched: search is
// quicker below it, and the construction's blocks need room.
constexpr int kConstructFromSide = 12;

}  // namespace

Solution search_only(const State& state, const Limits& limits) {
  Budget budget(limits);
  BoardGraph bg = board_graph(state);
  if (bg.graph.size() == 0) return unsolvable("the board has no squares to visit");
  if (state.start && bg.vertex_of[state.index(*state.start)] < 0)
    return unsolvable("the start " + cell_text(*state.start) + " is not a free square");
  return run_search(state, bg, budget, limits.seed);
}

Solution solve(const State& state, const Limits& limits) {
  if (state.knight) {
    Solution s;
    s.reason = "solve() takes a board before the first move (format() a mid-tour state to get one)";
    return s;
  }
  Budget budget(limits);
  bool full = state.full();
  if (full) {
    if (auto why = full_board_obstruction(state.rows, state.cols, state.closed)) return unsolvable(*why);
    if (auto why = full_board_start_obstruction(state)) return unsolvable(*why);
  }

  // Odd x odd boards below kConstructFromSide are built too when the tour has a given start: the
  // open search from some starts is slow there (5x11 from (2,8): 3.2 million nodes), while the
  // construction built every light start of every odd board 5..11 x 5..11 within 17,000 nodes.
  bool odd = state.rows % 2 == 1 && state.cols % 2 == 1;
  if (full && construction_applies(state.rows, state.cols, state.closed) &&
      (std::max(state.rows, state.cols) >= kConstructFromSide || (odd && state.start && !state.closed))) {
    // Only colour can stop an open tour from a given start on these boards; check it without
    // building a graph of millions of squares.
    if (odd && state.start && (state.start->row + state.start->col) % 2 == 1) {
      auto total = static_cast<std::int64_t>(state.rows) * state.cols;
      return unsolvable("a tour alternates colours and there is one more light square (" +
                        std::to_string(total / 2 + 1) + " light vs " + std::to_string(total / 2) +
                        " dark squares), so it must start and end on light; the start " +
                        cell_text(*state.start) + " is dark");
    }
    if (odd && state.closed) return unsolvable(*full_board_obstruction(state.rows, state.cols, true));
    auto order = construct_tour(state.rows, state.cols, state.closed, state.start, budget, limits.seed);
    if (!order.empty()) {
      Solution s;
      s.method = Method::kConstruction;
      s.tour.reserve(order.size());
      for (auto sq : order) s.tour.push_back({sq / state.cols, sq % state.cols});
      // Replay before returning: a construction bug must not reach the player's screen.
      if (auto ok = check_solution(state, s.tour); ok) {
        s.status = Status::kSolved;
        s.nodes = budget.nodes();
        return s;
      }
    }
    if (budget.exhausted()) return gave_up(budget, "building block tours");
    // Otherwise fall through to search, which is exact.
  }

  BoardGraph bg = board_graph(state);
  if (auto why = graph_obstruction(state, bg)) return unsolvable(*why);
  if (bg.graph.size() == 1) {
    Solution s;
    s.status = Status::kSolved;
    s.tour = {bg.cell_of[0]};
    s.method = Method::kSearch;
    return s;
  }
  if (std::min(state.rows, state.cols) <= kColumnDpSolveWidth) return run_column_dp(state, budget);
  if (full && state.start && !state.closed && !full_board_obstruction(state.rows, state.cols, true)) {
    // Schwenk: this board has a closed tour, and a closed tour read from any square is an open tour
    // from it. The closed search is quick on these small boards where the open one from some
    // starts is not (5x10 from (1,1): no tour within 2 s). It gets a node cap of its own (and the
    // caller's deadline); if it fails, the open search runs as before.
    Limits closed_limits = limits;
    closed_limits.max_nodes = std::min(limits.max_nodes, kClosedFirstNodes);
    Budget closed_budget(closed_limits);
    State as_closed = state;
    as_closed.closed = true;
    Solution s = run_search(as_closed, bg, closed_budget, limits.seed);
    if (s.status == Status::kSolved && check_solution(state, s.tour)) return s;
  }
  return run_search(state, bg, budget, limits.seed);
}

}  // namespace pb::solvers::knight

// The knight's tour as a Puzzle: typed solution to Outcome (JSON moves, a readable grid).

namespace pb::solvers::knight {
namespace {

std::string_view method_name(Method m) {
  switch (m) {
    case Method::kTheory: return "theory";
    case Method::kConstruction: return "construction";
    case Method::kColumnDp: return "column-dp";
    case Method::kSearch: return "search";
    case Method::kNone: break;
  }
  return "none";
}

}  // namespace

Outcome outcome(const State& state, const Solution& sol) {
  Outcome out = outcome_of(sol);
  if (sol.status == Status::kSolved) {
    set_int_pair_moves(out, sol.tour, [](Cell c) { return std::pair{c.row, c.col}; });
    out.moves_text = tour_text(state, sol.tour);
  }
  out.stats.emplace_back("method", json::quote(method_name(sol.method)));
  out.stats.emplace_back("squares", std::to_string(state.free_count()));
  out.stats.emplace_back("closed", state.closed ? "true" : "false");
  return out;
}

std::string tour_text(const State& state, const std::vector<Cell>& tour) {
  if (tour.empty()) return {};
  std::string kind = state.closed ? "closed tour" : "tour";
  std::string head = kind + " of " + std::to_string(tour.size()) + " squares from " + cell_text(tour.front()) +
                     (state.closed ? " back to it" : " to " + cell_text(tour.back()));
  if (state.rows > kMaxGridSide || state.cols > kMaxGridSide) return head + " (every square is in the JSON moves)";
  std::vector<std::size_t> step(state.squares.size(), 0);
  for (std::size_t i = 0; i < tour.size(); ++i) step[state.index(tour[i])] = i + 1;
  std::size_t width = std::to_string(tour.size()).size();
  std::string out = head + ":\n";
  for (int r = 0; r < state.rows; ++r) {
    for (int c = 0; c < state.cols; ++c) {
      std::size_t n = step[state.index({r, c})];
      std::string cell = n == 0 ? std::string(width, '-') : std::to_string(n);
      out += std::string(width - cell.size() + (c > 0 ? 1 : 0), ' ') + cell;
    }
    if (r + 1 < state.rows) out += '\n';
  }
  return out;
}

const Game kGame = game_entry<Spec>("knight's tour");

}  // namespace pb::solvers::knight
