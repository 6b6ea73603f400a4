/* pegs.cpp: the peg solitaire model: reading, writing and checking boards and jumps. */
#include "solvers/pegs/pegs.hpp"

#include <charconv>
#include <cstdlib>

#include "core/json.hpp"
#include "solvers/common/replay.hpp"

namespace pb::solvers::pegs {
namespace {

// Shared by both readers: the rules every board must meet once its sites are known.
Result<void> check_board(const State& s, const std::string& where) {
  int holes = s.hole_count();
  if (holes == 0) return make_error(where + ": no holes on the board: expected 'o' and '.' cells");
  if (holes > kMaxHoles)
    return make_error(where + ": " + std::to_string(holes) + " holes; at most " +
                      std::to_string(kMaxHoles) + " are supported");
  if (s.peg_count() == 0) return make_error(where + ": no pegs on the board: nothing to play");
  return {};
}

Result<int> parse_int(std::string_view s) {
  int v = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || end != s.data() + s.size() || s.empty()) return make_error("");
  return v;
}

}  // namespace

std::string to_string(Cell c) {
  // Appended piecewise: `"(" + std::to_string(...)` trips GCC 12's -Wrestrict false positive.
  std::string out = "(";
  out += std::to_string(c.row);
  out += ',';
  out += std::to_string(c.col);
  out += ')';
  return out;
}

int State::peg_count() const {
  int n = 0;
  for (Site s : sites) n += s == Site::kPeg;
  return n;
}

int State::hole_count() const {
  int n = 0;
  for (Site s : sites) n += s != Site::kNone;
  return n;
}

Move jump(Cell from, Cell to) {
  return Move{from, Cell{(from.row + to.row) / 2, (from.col + to.col) / 2}, to};
}

Result<State> parse(const TextBoard& board) {
  if (auto ok = board.check_params({"target"}); !ok) return ok.error();
  if (board.rows.empty()) return board.header_error("no board rows after the header");
  if (static_cast<int>(board.rows.size()) > kMaxSide)
    return board.error_at(board.rows[kMaxSide].line, 0,
                          "more than " + std::to_string(kMaxSide) + " rows: board too large");
  State s;
  s.rows = static_cast<int>(board.rows.size());
  for (const TextLine& row : board.rows) {
    if (static_cast<int>(row.text.size()) > kMaxSide)
      return board.error_at(row.line, kMaxSide + 1,
                            "row longer than " + std::to_string(kMaxSide) + " cells: board too large");
    s.cols = std::max(s.cols, static_cast<int>(row.text.size()));
  }
  s.sites.assign(static_cast<std::size_t>(s.rows * s.cols), Site::kNone);
  for (int r = 0; r < s.rows; ++r) {
    const TextLine& row = board.rows[static_cast<std::size_t>(r)];
    for (int c = 0; c < static_cast<int>(row.text.size()); ++c) {
      switch (row.text[static_cast<std::size_t>(c)]) {
        case 'o': s.at({r, c}) = Site::kPeg; break;
        case '.': s.at({r, c}) = Site::kHole; break;
        case '#': case ' ': break;  // spaces: boards are often indented by eye
        default:
          return board.error_at(row.line, c + 1,
                                std::string("unexpected '") + row.text[static_cast<std::size_t>(c)] +
                                    "': use 'o' peg, '.' empty hole, '#' no hole");
      }
    }
  }
  std::string where = board.source;
  if (auto ok = check_board(s, where); !ok) return ok.error();
  if (std::string t = board.str_param("target"); !t.empty()) {
    auto comma = t.find(',');
    Result<int> r = comma == std::string::npos ? Result<int>(make_error("")) : parse_int(std::string_view(t).substr(0, comma));
    Result<int> c = comma == std::string::npos ? Result<int>(make_error("")) : parse_int(std::string_view(t).substr(comma + 1));
    if (!r || !c) return board.header_error("target=" + t + " is not R,C (0-based row and column)");
    Cell cell{*r, *c};
    if (!s.is_hole(cell))
      return board.header_error("target=" + t + " is not a hole of the board (rows 0.." +
                                std::to_string(s.rows - 1) + ", columns 0.." + std::to_string(s.cols - 1) + ")");
    s.target = cell;
  }
  return s;
}

Result<State> parse_id(std::string_view id, std::string_view source) {
  std::string where = source.empty() ? "<id>" : std::string(source);
  auto fail = [&](const std::string& why) {
    return make_error(where + ": " + why + " (expected a Pegs game ID like 7x7:OOPPPOO...)");
  };
  while (!id.empty() && (id.back() == '\n' || id.back() == '\r' || id.back() == ' ')) id.remove_suffix(1);
  while (!id.empty() && id.front() == ' ') id.remove_prefix(1);
  auto colon = id.find(':');
  if (colon == std::string_view::npos) return fail("no ':' in the game ID");
  std::string_view size = id.substr(0, colon), desc = id.substr(colon + 1);
  auto x = size.find('x');
  if (x == std::string_view::npos) return fail("size '" + std::string(size) + "' is not WxH");
  Result<int> w = parse_int(size.substr(0, x)), h = parse_int(size.substr(x + 1));
  if (!w || !h || *w < 1 || *h < 1 || *w > kMaxSide || *h > kMaxSide)
    return fail("size '" + std::string(size) + "' is not WxH with sides 1.." + std::to_string(kMaxSide));
  if (desc.size() != static_cast<std::size_t>(*w * *h))
    return fail(std::to_string(desc.size()) + " cells after ':' but " + std::string(size) + " needs " +
                std::to_string(*w * *h));
  State s;
  s.rows = *h;
  s.cols = *w;
  s.sites.assign(desc.size(), Site::kNone);
  for (std::size_t i = 0; i < desc.size(); ++i) {
    switch (desc[i]) {
      case 'P': s.sites[i] = Site::kPeg; break;
      case 'H': s.sites[i] = Site::kHole; break;
      case 'O': break;
      default:
        return fail("unexpected '" + std::string(1, desc[i]) + "' at cell " + std::to_string(i) +
                    ": cells are P peg, H hole, O outside");
    }
  }
  if (auto ok = check_board(s, where); !ok) return ok.error();
  return s;
}

std::string format(const State& s) {
  std::string out = "pegs";
  if (s.target) out += " target=" + std::to_string(s.target->row) + "," + std::to_string(s.target->col);
  out += '\n';
  for (int r = 0; r < s.rows; ++r) {
    for (int c = 0; c < s.cols; ++c) {
      Site site = s.at({r, c});
      out += site == Site::kPeg ? 'o' : site == Site::kHole ? '.' : '#';
    }
    out += '\n';
  }
  return out;
}

Result<State> apply(const State& state, Move m) {
  std::string what = to_string(m.from) + "->" + to_string(m.to);
  int dr = m.to.row - m.from.row, dc = m.to.col - m.from.col;
  bool straight = (std::abs(dr) == 2 && dc == 0) || (dr == 0 && std::abs(dc) == 2);
  if (!straight) return make_error("jump " + what + " is not two holes along a row or column");
  if (m.over != Cell{m.from.row + dr / 2, m.from.col + dc / 2})
    return make_error("jump " + what + " does not pass over " + to_string(m.over));
  if (!state.is_hole(m.from)) return make_error("jump " + what + ": " + to_string(m.from) + " is not a hole");
  if (!state.is_hole(m.over)) return make_error("jump " + what + ": " + to_string(m.over) + " is not a hole");
  if (!state.is_hole(m.to)) return make_error("jump " + what + ": " + to_string(m.to) + " is not a hole");
  if (state.at(m.from) != Site::kPeg) return make_error("jump " + what + ": no peg at " + to_string(m.from));
  if (state.at(m.over) != Site::kPeg)
    return make_error("jump " + what + ": no peg to jump over at " + to_string(m.over));
  if (state.at(m.to) != Site::kHole) return make_error("jump " + what + ": " + to_string(m.to) + " is not empty");
  State next = state;
  next.at(m.from) = Site::kHole;
  next.at(m.over) = Site::kHole;
  next.at(m.to) = Site::kPeg;
  return next;
}

Result<State> replay(const State& state, const std::vector<Move>& moves) { return replay_moves(state, moves, apply); }

Result<void> check_solution(const State& state, const std::vector<Move>& moves) {
  Result<State> end = replay(state, moves);
  if (!end) return end.error();
  if (int left = end->peg_count(); left != 1)
    return make_error(std::to_string(left) + " pegs left after " + std::to_string(moves.size()) + " moves");
  if (state.target && end->at(*state.target) != Site::kPeg)
    return make_error("the last peg is not on the target " + to_string(*state.target));
  return {};
}

}  // namespace pb::solvers::pegs

// Peg solitaire as a Puzzle: typed solutions turned into the command line's Outcome.

namespace pb::solvers::pegs {

Outcome outcome(const State&, const Solution& s) {
  Outcome out = outcome_of(s);
  out.moves_json = moves_json(s.moves);
  out.move_count = s.moves.size();
  for (const Move& m : s.moves) {
    if (!out.moves_text.empty()) out.moves_text += ' ';
    out.moves_text += std::to_string(m.from.row) + "," + std::to_string(m.from.col) + ">" +
                      std::to_string(m.to.row) + "," + std::to_string(m.to.col);
  }
  if (!s.moves.empty())
    out.moves_text += " (" + std::to_string(s.moves.size()) + (s.moves.size() == 1 ? " jump, " : " jumps, ") +
                      std::to_string(s.pegs_left) +
                      (s.pegs_left == 1 ? " peg" : " pegs") + " left)";
  out.stats.emplace_back("pegs_left", std::to_string(s.pegs_left));
  out.stats.emplace_back("dead_positions", std::to_string(s.table_entries));
  out.stats.emplace_back("symmetries", std::to_string(s.symmetries));
  return out;
}

std::string moves_json(const std::vector<Move>& moves) {
  std::vector<std::string> items;
  items.reserve(moves.size());
  for (const Move& m : moves)
    items.push_back(json::int_pairs({{m.from.row, m.from.col}, {m.to.row, m.to.col}}));
  return json::array(items);
}

const Game kGame = game_entry<Spec>("peg solitaire");

}  // namespace pb::solvers::pegs
