/* theory.cpp: Schwenk's and Conrad et al.'s theorems, connectivity, one-move squares and colour counts. */
#include "solvers/knight/theory.hpp"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace pb::solvers::knight {
namespace {

std::string size_text(int rows, int cols) { return std::to_string(rows) + "x" + std::to_string(cols); }

// Top-left (0,0) is light, as a8 is on a real board.
bool light(Cell c) { return (c.row + c.col) % 2 == 0; }

}  // namespace

std::string cell_text(Cell c) {
  // Appended piece by piece: GCC 12 warns (-Wrestrict, a false positive) on "(" + std::to_string(...).
  std::string out(1, '(');
  out += std::to_string(c.row);
  out += ',';
  out += std::to_string(c.col);
  out += ')';
  return out;
}

std::optional<std::string> full_board_obstruction(int rows, int cols, bool closed) {
  int m = std::min(rows, cols), n = std::max(rows, cols);
  std::string board = "a " + size_text(rows, cols) + " board";
  if (closed) {
    std::string head = "no closed tour on " + board + " (Schwenk 1991): ";
    if (m == 1)
      return head + (n == 1 ? "a single square has no knight move to return by"
                            : "a board one square wide has no knight moves");
    if (m == 2) return head + "on a board two squares wide the knight's moves form chains, which have no cycles";
    if (m % 2 == 1 && n % 2 == 1) {
      auto total = static_cast<std::int64_t>(m) * n;
      return head + "both sides are odd, so " + std::to_string(total / 2 + 1) + " light squares face " +
             std::to_string(total / 2) + " dark ones, and a closed tour alternates colours";
    }
    if (m == 4)
      return head + "the outer rows' squares only have moves into the inner rows, so a closed tour "
                    "alternates outer and inner rows; it also alternates colours, which would make "
                    "the outer rows a single colour, and they are not";
    if (m == 3 && (n == 4 || n == 6 || n == 8))
      return head + "3x4, 3x6 and 3x8 are the three-row boards of even length without one "
                    "(a finite case check, repeated by exhaustive search in the tests)";
    return std::nullopt;
  }
  std::string head = "no open tour on " + board + " (Conrad et al. 1994): ";
  if (m == 1 && n > 1) return head + "a board one square wide has no knight moves";
  if (m == 2) return head + "on a board two squares wide the knight's moves split it into separate chains";
  if (m == 3 && n == 3) return head + "the centre square has no knight moves";
  if ((m == 3 && (n == 5 || n == 6)) || (m == 4 && n == 4))
    return head + "3x5, 3x6 and 4x4 are the small boards without one (a finite case check, "
                  "repeated by exhaustive search in the tests)";
  return std::nullopt;
}

std::optional<std::string> full_board_start_obstruction(const State& state) {
  // On a 4 x n board (or n x 4, where the same holds for columns; 3x4 included):
  // the outer rows' 2n squares have moves only into the inner rows, so no two follow each other on
  // the tour. A tour starting on an inner square can then hold 2n outer squares only at every
  // second place, so it alternates inner and outer all along; it also alternates colours, which
  // would make every outer square one colour, and the outer rows have n of each. So both ends of
  // an open tour of a 4 x n board are on the outer rows (the exhaustive column programme agrees on
  // every 4 x n board it is tested on).
  if (state.closed || !state.start) return std::nullopt;
  bool four_rows = state.rows == 4, four_cols = state.cols == 4;
  if (!four_rows && !four_cols) return std::nullopt;
  int line = four_rows ? state.start->row : state.start->col;
  if (line == 0 || line == 3) return std::nullopt;
  std::string outer = four_rows ? "rows 0 and 3" : "columns 0 and 3";
  return "no open tour of a " + size_text(state.rows, state.cols) + " board starts at " + cell_text(*state.start) +
         ": the outer " + outer + " only have moves into the inner ones, so a tour from an inner square "
         "would alternate inner and outer squares, and so put every outer square on one colour; the "
         "outer lines have both colours, so a tour must start on one of them";
}

std::optional<std::string> graph_obstruction(const State& state, const BoardGraph& bg) {
  const Graph& g = bg.graph;
  int n = g.size();
  if (n == 0) return std::string("the board has no squares to visit");
  if (state.closed && n < 4)
    return "a closed tour needs at least 4 squares (moves alternate colours, so the shortest "
           "closed route has 4); this board has " + std::to_string(n);
  if (state.start && bg.vertex_of[state.index(*state.start)] < 0)
    return "the start " + cell_text(*state.start) + " is not a free square";

  // Connectivity: a breadth-first search from the first square.
  {
    std::vector<std::uint8_t> seen(static_cast<std::size_t>(n), 0);
    std::vector<std::int32_t> queue{0};
    seen[0] = 1;
    for (std::size_t i = 0; i < queue.size(); ++i)
      for (int u : g.neighbours(queue[i]))
        if (!seen[static_cast<std::size_t>(u)]) {
          seen[static_cast<std::size_t>(u)] = 1;
          queue.push_back(u);
        }
    if (static_cast<int>(queue.size()) < n) {
      int other = static_cast<int>(std::find(seen.begin(), seen.end(), 0) - seen.begin());
      return "the knight cannot get from " + cell_text(bg.cell_of[0]) + " to " +
             cell_text(bg.cell_of[static_cast<std::size_t>(other)]) + ": the squares fall into separate groups (" +
             std::to_string(queue.size()) + " of " + std::to_string(n) + " reachable from the first)";
    }
  }

  // Squares with a single move can only be ends of the tour.
  std::vector<Cell> single;
  for (int v = 0; v < n; ++v)
    if (g.neighbours(v).size() == 1) single.push_back(bg.cell_of[static_cast<std::size_t>(v)]);
  if (n > 2) {
    if (state.closed && !single.empty())
      return "square " + cell_text(single[0]) + " has only one knight move, so no closed tour passes through it";
    if (single.size() > 2)
      return "squares " + cell_text(single[0]) + ", " + cell_text(single[1]) + " and " + cell_text(single[2]) +
             " have only one knight move each, so each must be an end of the tour, and a tour has two ends";
    if (state.start && single.size() == 2 && single[0] != *state.start && single[1] != *state.start)
      return "squares " + cell_text(single[0]) + " and " + cell_text(single[1]) +
             " have only one knight move each, so the tour must start and end on them, not at " +
             cell_text(*state.start);
  }

  // Colours: each move changes colour.
  std::int64_t n_light = 0;
  for (Cell c : bg.cell_of) n_light += light(c) ? 1 : 0;
  std::int64_t n_dark = n - n_light;
  std::string counts = std::to_string(n_light) + " light vs " + std::to_string(n_dark) + " dark squares";
  if (state.closed && n_light != n_dark)
    return "a closed tour alternates colours, so it needs as many light squares as dark ones: " + counts;
  if (n_light > n_dark + 1 || n_dark > n_light + 1)
    return "a tour alternates colours, so the colour counts may differ by at most one: " + counts;
  if (state.start && n_light != n_dark) {
    bool need_light = n_light > n_dark;
    if (light(*state.start) != need_light)
      return std::string("a tour alternates colours and there is one more ") + (need_light ? "light" : "dark") +
             " square (" + counts + "), so it must start and end on " + (need_light ? "light" : "dark") +
             "; the start " + cell_text(*state.start) + " is " + (need_light ? "dark" : "light");
  }
  return std::nullopt;
}

}  // namespace pb::solvers::knight
