/* onestroke.cpp: one-stroke board text (both forms), the rules (apply) and the replay check. */
#include "solvers/onestroke/onestroke.hpp"

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>

#include "core/json.hpp"
#include "solvers/common/replay.hpp"

// Two body forms are read (FORMATS.md's symbols, and the 1/0 map of the blog post the solver idea
// comes from). Decisions, so that the same text always means the same board:
// - Rows may be shorter than the widest row: the missing tail is "no cell". The splitter trims
//   trailing white space, so a row whose last sites are holes typed as spaces arrives short; making
//   that an error would reject boards that look right in an editor. Any other unknown character
//   (a space inside a row included) is an error at its line:col.
// - The 1/0 form is chosen when the header has `start=N` or the first body row is made of 0/1;
//   mixing forms is an error at the offending character. The start is either a 0-based vertex
//   index numbered row-major over the `1` cells only (the blog's convention), or `ROW,COL` (0-based,
//   like every coordinate in FORMATS.md), given as `start=...` in the header, or, in the body, as a
//   line `N`, `start=N` or `start=ROW,COL` before or after the rows (headerless files read with
//   --game onestroke put it on the last line). A bare number made of 0s and 1s only ("10") looks
//   like a row: it is taken as the start only when its length differs from the other rows'.
// - Mid-level boards: `x` cells are already on the path and `S` is its head. Whether the `x` cells
//   form a path is not checked (the screen shows them, not their order); they are simply gone.
// - The end cell: `E` in the symbol rows, `end=N` or `end=ROW,COL` in a 1/0 map's header (the same
//   two forms as start=; header only, since a bare body line already means the start). It is a
//   cell to visit, at most one, never the start; `end=` on a symbol board is an error (mark E).

namespace pb::solvers::onestroke {
namespace {

bool is_symbol_char(char ch) { return ch == '#' || ch == '.' || ch == 'S' || ch == 'x' || ch == 'E'; }
bool is_binary_char(char ch) { return ch == '0' || ch == '1'; }

// Where the 1/0 map's path starts: the index of a `1` cell counted row-major, or a cell.
struct Start {
  long long index = -1;       // >= 0 when given as an index
  std::optional<Cell> cell;   // when given as ROW,COL
};

std::optional<long long> whole_number(std::string_view s) {
  long long v = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (s.empty() || ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
  return v;
}

// "14" or "2,4" -> a Start; otherwise nullopt.
std::optional<Start> start_value(std::string_view s) {
  if (auto comma = s.find(','); comma != std::string_view::npos) {
    auto r = whole_number(s.substr(0, comma));
    auto c = whole_number(s.substr(comma + 1));
    if (!r || !c || *r < 0 || *c < 0 || *r >= kMaxSide || *c >= kMaxSide) return std::nullopt;
    return Start{-1, Cell{static_cast<int>(*r), static_cast<int>(*c)}};
  }
  auto v = whole_number(s);
  if (!v) return std::nullopt;
  return Start{*v, std::nullopt};
}

// "start=14", "start=2,4", "2,4" or "14" -> the start; otherwise nullopt.
std::optional<Start> start_line_value(std::string_view text) {
  std::string_view s = text;
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  if (s.substr(0, 6) == "start=") s.remove_prefix(6);
  else if (std::all_of(s.begin(), s.end(), is_binary_char)) return std::nullopt;  // a 1/0 row
  return start_value(s);
}

std::string start_text(const Start& s) {
  if (!s.cell) return std::to_string(s.index);
  return std::to_string(s.cell->row) + "," + std::to_string(s.cell->col);
}

std::string where_cell(Cell c) {
  std::string s(1, '(');  // appended, not `"(" + ...`: GCC 12 warns falsely (-Wrestrict) on that form
  s += std::to_string(c.row);
  s += ',';
  s += std::to_string(c.col);
  s += ')';
  return s;
}

Result<void> check_size(const TextBoard& board, std::size_t rows, std::size_t cols) {
  if (rows == 0) return board.header_error("no board rows after the header");
  if (rows > static_cast<std::size_t>(kMaxSide) || cols > static_cast<std::size_t>(kMaxSide))
    return board.header_error("board of " + std::to_string(rows) + "x" + std::to_string(cols) +
                              " sites is larger than " + std::to_string(kMaxSide) + " per side");
  return {};
}

Result<State> parse_symbols(const TextBoard& board) {
  if (board.params.count("end"))
    return board.header_error("end= is for the 1/0 map: in '#'/'.' rows mark the end cell with E");
  const auto& rows = board.rows;
  std::size_t width = 0;
  for (const auto& r : rows) width = std::max(width, r.text.size());
  if (auto ok = check_size(board, rows.size(), width); !ok) return ok.error();
  State s;
  s.rows = static_cast<int>(rows.size());
  s.cols = static_cast<int>(width);
  s.sites.assign(rows.size() * width, Site::kNone);
  bool have_start = false;
  for (std::size_t r = 0; r < rows.size(); ++r) {
    const std::string& t = rows[r].text;
    for (std::size_t c = 0; c < t.size(); ++c) {
      char ch = t[c];
      int col = static_cast<int>(c) + 1;
      if (!is_symbol_char(ch)) {
        std::string shown = ch == ' ' || ch == '\t' ? std::string("a space") : std::string{'\'', ch, '\''};
        return board.error_at(rows[r].line, col,
                              "unexpected " + shown +
                                  " in a onestroke row: use '#' cell, '.' no cell, 'S' start, 'x' visited, 'E' end");
      }
      Site& site = s.sites[r * width + c];
      if (ch == '#') site = Site::kFree;
      else if (ch == 'x') site = Site::kVisited;
      else if (ch == 'E') {
        if (s.end) return board.error_at(rows[r].line, col, "a second end 'E': a board has at most one");
        site = Site::kFree;
        s.end = Cell{static_cast<int>(r), static_cast<int>(c)};
      }
      else if (ch == 'S') {
        if (have_start)
          return board.error_at(rows[r].line, col, "a second start 'S': a board has exactly one");
        have_start = true;
        site = Site::kVisited;
        s.head = Cell{static_cast<int>(r), static_cast<int>(c)};
      }
    }
  }
  if (!have_start) return board.header_error("no start 'S' on the board: mark the cat's cell with S");
  return s;
}

// The header's start= or end= (`key`), when given: N or ROW,COL.
Result<std::optional<Start>> cell_param(const TextBoard& board, const std::string& key) {
  if (!board.params.count(key)) return std::optional<Start>{};
  const std::string text = board.str_param(key);
  std::optional<Start> at = start_value(text);
  if (!at || at->index > static_cast<long long>(kMaxSide) * kMaxSide)
    return board.header_error(key + "=" + text + " is neither N (the index of a 1 cell, counted row-major from 0) "
                              "nor ROW,COL (0-based)");
  return at;
}

Result<State> parse_binary(const TextBoard& board) {
  std::vector<const TextLine*> rows;
  auto header_start = cell_param(board, "start");
  if (!header_start) return header_start.error();
  std::optional<Start> start = *header_start;
  int start_line = board.header_line;
  auto header_end = cell_param(board, "end");
  if (!header_end) return header_end.error();
  const std::optional<Start> end = *header_end;
  for (std::size_t i = 0; i < board.rows.size(); ++i) {
    const TextLine& line = board.rows[i];
    bool edge = i == 0 || i + 1 == board.rows.size();
    if (edge) {
      if (auto v = start_line_value(line.text)) {
        if (start) return board.error_at(line.line, 1, "the start is given twice (header and body)");
        if (!v->cell && v->index < 0) return board.error_at(line.line, 1, "the start index must be 0 or more");
        start = *v;
        start_line = line.line;
        continue;
      }
    }
    rows.push_back(&line);
  }
  if (!start && rows.size() >= 2) {
    // A bare binary-looking number at either end, shorter or longer than its neighbour row.
    for (bool last : {true, false}) {
      const TextLine* edge = last ? rows.back() : rows.front();
      const TextLine* next = last ? rows[rows.size() - 2] : rows[1];
      if (edge->text.size() == next->text.size()) continue;
      long long v = 0;
      const std::string& t = edge->text;
      auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
      if (ec != std::errc() || end != t.data() + t.size()) continue;
      start = Start{v, std::nullopt};
      start_line = edge->line;
      if (last) rows.pop_back();
      else rows.erase(rows.begin());
      break;
    }
  }
  std::size_t width = 0;
  for (const TextLine* r : rows) width = std::max(width, r->text.size());
  if (auto ok = check_size(board, rows.size(), width); !ok) return ok.error();
  State s;
  s.rows = static_cast<int>(rows.size());
  s.cols = static_cast<int>(width);
  s.sites.assign(rows.size() * width, Site::kNone);
  long long index = 0;
  bool found = false;
  auto is_at = [&](const Start& at, std::size_t r, std::size_t c) {
    return at.cell ? *at.cell == Cell{static_cast<int>(r), static_cast<int>(c)} : index == at.index;
  };
  for (std::size_t r = 0; r < rows.size(); ++r) {
    const std::string& t = rows[r]->text;
    for (std::size_t c = 0; c < t.size(); ++c) {
      char ch = t[c];
      if (!is_binary_char(ch))
        return board.error_at(rows[r]->line, static_cast<int>(c) + 1,
                              "unexpected '" + std::string(1, ch) +
                                  "' in a 1/0 map row: use '1' cell, '0' no cell (and start=N for the start)");
      if (ch == '0') continue;
      Site& site = s.sites[r * width + c];
      site = Site::kFree;
      if (start && is_at(*start, r, c)) {
        site = Site::kVisited;
        s.head = Cell{static_cast<int>(r), static_cast<int>(c)};
        found = true;
      }
      if (end && is_at(*end, r, c)) {
        if (site == Site::kVisited)
          return board.header_error("end=" + start_text(*end) + " is the start cell: the path must end elsewhere");
        s.end = Cell{static_cast<int>(r), static_cast<int>(c)};
      }
      ++index;
    }
  }
  if (!start)
    return board.header_error("a 1/0 map needs its start: add start=ROW,COL (0-based) or start=N (N counts the 1 "
                              "cells row-major from 0) to the header");
  if (!found && start->cell)
    return board.error_at(start_line > 0 ? start_line : 1, 0,
                          "start " + start_text(*start) + " is not a cell of the map (it must be a 1; the map has " +
                              std::to_string(rows.size()) + " rows and " + std::to_string(width) + " columns)");
  if (!found)
    return board.error_at(start_line > 0 ? start_line : 1, 0,
                          "start index " + start_text(*start) + " is past the last cell (the map has " +
                              std::to_string(index) + " cells, numbered from 0)");
  if (end && !s.end && end->cell)
    return board.header_error("end=" + start_text(*end) + " is not a cell of the map (it must be a 1; the map has " +
                              std::to_string(rows.size()) + " rows and " + std::to_string(width) + " columns)");
  if (end && !s.end)
    return board.header_error("end=" + start_text(*end) + " is past the last cell (the map has " +
                              std::to_string(index) + " cells, numbered from 0)");
  return s;
}

}  // namespace

int State::free_count() const {
  return static_cast<int>(std::count(sites.begin(), sites.end(), Site::kFree));
}

Result<State> parse(const TextBoard& board) {
  if (auto ok = board.check_params({"start", "end"}); !ok) return ok.error();
  if (board.rows.empty()) return board.header_error("no board rows after the header");
  bool binary = board.params.count("start") > 0;
  if (!binary) {
    // The first row that is not a start line decides the form.
    for (const TextLine& line : board.rows) {
      if (start_line_value(line.text)) { binary = true; break; }
      binary = !line.text.empty() && std::all_of(line.text.begin(), line.text.end(), is_binary_char);
      break;
    }
  }
  return binary ? parse_binary(board) : parse_symbols(board);
}

std::string format(const State& state) {
  std::string out = "onestroke\n";
  out.reserve(out.size() + static_cast<std::size_t>(state.rows * (state.cols + 1)));
  for (int r = 0; r < state.rows; ++r) {
    for (int c = 0; c < state.cols; ++c) {
      Cell cell{r, c};
      Site site = state.at(cell);
      if (cell == state.head) out += 'S';
      else if (state.end && cell == *state.end) out += 'E';
      else out += site == Site::kFree ? '#' : site == Site::kVisited ? 'x' : '.';
    }
    out += '\n';
  }
  return out;
}

Result<State> apply(const State& state, Move move) {
  if (!state.inside(move)) return make_error("move to " + where_cell(move) + " is off the board");
  int dr = std::abs(move.row - state.head.row), dc = std::abs(move.col - state.head.col);
  if (dr + dc != 1)
    return make_error("move to " + where_cell(move) + " is not one orthogonal step from the head " +
                      where_cell(state.head));
  Site site = state.at(move);
  if (site == Site::kNone) return make_error("move to " + where_cell(move) + " steps onto a hole");
  if (site == Site::kVisited) return make_error("move to " + where_cell(move) + " revisits a cell");
  if (state.end && move == *state.end) {
    // The path stops on the end cell, so stepping there is the last move or a loss.
    if (int left = state.free_count() - 1; left > 0)
      return make_error("move to " + where_cell(move) + " steps onto the end E with " + std::to_string(left) +
                        " cell(s) still to visit");
  }
  State next = state;
  next.sites[static_cast<std::size_t>(move.row * state.cols + move.col)] = Site::kVisited;
  next.head = move;
  return next;
}

Result<void> check_solution(const State& state, const std::vector<Cell>& path) {
  if (path.empty()) return make_error("empty path: it must start with the head " + where_cell(state.head));
  if (!(path.front() == state.head))
    return make_error("path starts at " + where_cell(path.front()) + ", not at the head " + where_cell(state.head));
  auto end = replay_moves(state, std::span(path).subspan(1), apply, "step");  // path[0] is the head
  if (!end) return end.error();
  if (int left = end->free_count(); left > 0)
    return make_error("path ends with " + std::to_string(left) + " cell(s) not visited");
  if (state.end && !(path.back() == *state.end))
    return make_error("path ends at " + where_cell(path.back()) + ", not on the end E " + where_cell(*state.end));
  return {};
}

}  // namespace pb::solvers::onestroke

// The one-stroke game's entry in the game list: its typed Solution as the command line's Outcome.

namespace pb::solvers::onestroke {

Outcome outcome(const State&, const Solution& s) {
  Outcome out = outcome_of(s);
  set_int_pair_moves(out, s.path, [](Cell c) { return std::pair{c.row, c.col}; });
  if (s.status == Status::kSolved) {
    // "(0,4) -> (0,5) -> ..." : row, column from the top left, as in the JSON.
    for (std::size_t i = 0; i < s.path.size(); ++i) {
      if (i > 0) out.moves_text += " -> ";
      out.moves_text += '(';
      out.moves_text += std::to_string(s.path[i].row);
      out.moves_text += ',';
      out.moves_text += std::to_string(s.path[i].col);
      out.moves_text += ')';
    }
  }
  out.stats.emplace_back("runs", std::to_string(s.runs));
  out.stats.emplace_back("refuted", std::to_string(s.refuted));
  return out;
}

const Game kGame = game_entry<Spec>("one-stroke (一笔画完)");

}  // namespace pb::solvers::onestroke
