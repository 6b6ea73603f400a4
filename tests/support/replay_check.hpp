/* replay_check.hpp: checks a `puzzlebot solve --json` answer by replaying its moves through each game's rules, written afresh here. */
#pragma once

// Rejected: calling the solvers' own parse() / apply() / check_solution(). A checker that shares the
// solver's code path shares its mistakes (a row and column swapped in both the writer and the reader
// of a move stays green). Everything below is read from FORMATS.md alone: the JSON object, the board
// text of each game and the meaning of its "moves", and the rules as a player knows them. It is
// plain and slow on purpose (a few lines a game, no bitboards); answers of a million moves still
// replay in well under a second.
//
// Every check returns "" when the answer is right, else one sentence saying the first thing wrong
// ("move 3: [2,5] is not a knight's move from [0,0]"), so a test reads
//   EXPECT_EQ(pb::testing::replay::check_solved(run.out), "") << run.out;

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace pb::testing::replay {

// ---------------------------------------------------------------------------------------------
// JSON: a whole value tree (the answers are small; "board" of a huge valves grid is a few MB).

struct Json {
  enum class Kind { kNull, kBool, kNumber, kString, kArray, kObject };
  Kind kind = Kind::kNull;
  bool boolean = false;
  double number = 0;
  std::string text;                                  // kString
  std::vector<Json> items;                           // kArray
  // kObject: keys and their values, in the order written (two vectors: a std::pair holding the
  // incomplete Json does not compile with clang's library checks).
  std::vector<std::string> keys;
  std::vector<Json> values;

  const Json* find(std::string_view key) const {
    for (std::size_t i = 0; i < keys.size(); ++i)
      if (keys[i] == key) return &values[i];
    return nullptr;
  }
  Json* find(std::string_view key) {
    for (std::size_t i = 0; i < keys.size(); ++i)
      if (keys[i] == key) return &values[i];
    return nullptr;
  }
  bool is_array() const { return kind == Kind::kArray; }
  bool is_string() const { return kind == Kind::kString; }
};

namespace detail {

class JsonReader {
 public:
  explicit JsonReader(std::string_view s) : s_(s) {}

  // The one value `s` holds (white space around it allowed), or nullopt with `problem` set.
  std::optional<Json> whole(std::string& problem) {
    Json v;
    if (!value(v, 0) || (skip(), i_ != s_.size())) {
      problem = problem_.empty() ? "text after the JSON value at byte " + std::to_string(i_) : problem_;
      return std::nullopt;
    }
    return v;
  }

 private:
  bool fail(const std::string& what) {
    if (problem_.empty()) problem_ = "bad JSON at byte " + std::to_string(i_) + ": " + what;
    return false;
  }
  void skip() {
    while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\t' || s_[i_] == '\n' || s_[i_] == '\r')) ++i_;
  }
  bool literal(std::string_view word) {
    if (s_.substr(i_, word.size()) != word) return fail("expected " + std::string(word));
    i_ += word.size();
    return true;
  }
  bool value(Json& out, int depth) {
    if (depth > 64) return fail("nested too deep");
    skip();
    if (i_ >= s_.size()) return fail("unexpected end");
    const char c = s_[i_];
    if (c == '{') return object(out, depth);
    if (c == '[') return array(out, depth);
    if (c == '"') {
      out.kind = Json::Kind::kString;
      return string(out.text);
    }
    if (c == 't' || c == 'f') {
      out.kind = Json::Kind::kBool;
      out.boolean = c == 't';
      return literal(c == 't' ? "true" : "false");
    }
    if (c == 'n') return literal("null");
    return num(out);
  }
  bool num(Json& out) {
    const std::size_t start = i_;
    if (i_ < s_.size() && s_[i_] == '-') ++i_;
    const std::size_t digits = i_;
    while (i_ < s_.size() && s_[i_] >= '0' && s_[i_] <= '9') ++i_;
    if (i_ == digits) return fail("expected a value");
    if (s_[digits] == '0' && i_ - digits > 1) return fail("number with a leading zero");
    if (i_ < s_.size() && s_[i_] == '.') {
      ++i_;
      const std::size_t frac = i_;
      while (i_ < s_.size() && s_[i_] >= '0' && s_[i_] <= '9') ++i_;
      if (i_ == frac) return fail("no digits after '.'");
    }
    if (i_ < s_.size() && (s_[i_] == 'e' || s_[i_] == 'E')) {
      ++i_;
      if (i_ < s_.size() && (s_[i_] == '+' || s_[i_] == '-')) ++i_;
      const std::size_t exp = i_;
      while (i_ < s_.size() && s_[i_] >= '0' && s_[i_] <= '9') ++i_;
      if (i_ == exp) return fail("no digits in the exponent");
    }
    out.kind = Json::Kind::kNumber;
    out.number = std::strtod(std::string(s_.substr(start, i_ - start)).c_str(), nullptr);  // strtod: no throw on 1e999
    return true;
  }
  static void utf8(std::string& out, std::uint32_t cp) {
    if (cp < 0x80) {
      out += static_cast<char>(cp);
    } else if (cp < 0x800) {
      out += static_cast<char>(0xC0 | (cp >> 6));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
      out += static_cast<char>(0xE0 | (cp >> 12));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
      out += static_cast<char>(0xF0 | (cp >> 18));
      out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    }
  }
  bool hex4(std::uint32_t& v) {
    v = 0;
    for (int k = 0; k < 4; ++k, ++i_) {
      if (i_ >= s_.size()) return fail("short \\u escape");
      const char h = s_[i_];
      const int d = h >= '0' && h <= '9' ? h - '0' : h >= 'a' && h <= 'f' ? h - 'a' + 10 : h >= 'A' && h <= 'F' ? h - 'A' + 10 : -1;
      if (d < 0) return fail("bad hex digit in a \\u escape");
      v = v * 16 + static_cast<std::uint32_t>(d);
    }
    return true;
  }
  bool string(std::string& out) {
    ++i_;  // the opening quote
    while (true) {
      if (i_ >= s_.size()) return fail("unterminated string");
      const char c = s_[i_++];
      if (c == '"') return true;
      if (static_cast<unsigned char>(c) < 0x20) return fail("raw control byte in a string");
      if (c != '\\') {
        out += c;
        continue;
      }
      if (i_ >= s_.size()) return fail("unterminated escape");
      const char e = s_[i_++];
      switch (e) {
        case '"': out += '"'; break;
        case '\\': out += '\\'; break;
        case '/': out += '/'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'n': out += '\n'; break;
        case 'r': out += '\r'; break;
        case 't': out += '\t'; break;
        case 'u': {
          std::uint32_t cp = 0;
          if (!hex4(cp)) return false;
          if (cp >= 0xD800 && cp < 0xDC00) {  // a surrogate pair
            std::uint32_t low = 0;
            if (s_.substr(i_, 2) != "\\u") return fail("lone high surrogate");
            i_ += 2;
            if (!hex4(low) || low < 0xDC00 || low > 0xDFFF) return fail("bad low surrogate");
            cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
          }
          utf8(out, cp);
          break;
        }
        default: return fail(std::string("unknown escape \\") + e);
      }
    }
  }
  bool array(Json& out, int depth) {
    out.kind = Json::Kind::kArray;
    ++i_;
    skip();
    if (i_ < s_.size() && s_[i_] == ']') return ++i_, true;
    while (true) {
      out.items.emplace_back();
      if (!value(out.items.back(), depth + 1)) return false;
      skip();
      if (i_ < s_.size() && s_[i_] == ',') { ++i_; continue; }
      if (i_ < s_.size() && s_[i_] == ']') return ++i_, true;
      return fail("expected ',' or ']'");
    }
  }
  bool object(Json& out, int depth) {
    out.kind = Json::Kind::kObject;
    ++i_;
    skip();
    if (i_ < s_.size() && s_[i_] == '}') return ++i_, true;
    while (true) {
      skip();
      if (i_ >= s_.size() || s_[i_] != '"') return fail("expected a key");
      std::string key;
      if (!string(key)) return false;
      for (const auto& k : out.keys)
        if (k == key) return fail("key \"" + key + "\" given twice");
      skip();
      if (i_ >= s_.size() || s_[i_] != ':') return fail("expected ':'");
      ++i_;
      out.keys.push_back(std::move(key));
      out.values.emplace_back();
      if (!value(out.values.back(), depth + 1)) return false;
      skip();
      if (i_ < s_.size() && s_[i_] == ',') { ++i_; continue; }
      if (i_ < s_.size() && s_[i_] == '}') return ++i_, true;
      return fail("expected ',' or '}'");
    }
  }

  std::string_view s_;
  std::size_t i_ = 0;
  std::string problem_;
};

inline std::string quote(std::string_view s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (c == '\n') {
      out += "\\n";
    } else if (static_cast<unsigned char>(c) < 0x20) {
      const char* hex = "0123456789abcdef";
      out += "\\u00";
      out += hex[(c >> 4) & 0xF];
      out += hex[c & 0xF];
    } else {
      out += c;
    }
  }
  return out + "\"";
}

}  // namespace detail

// Parses one JSON value; on failure returns nullopt and says why in `problem`.
inline std::optional<Json> parse_json(std::string_view text, std::string& problem) {
  return detail::JsonReader(text).whole(problem);
}

// Writes a value back (compact, keys in their order): the mutation tests edit answers and re-check them.
inline std::string dump(const Json& v) {
  switch (v.kind) {
    case Json::Kind::kNull: return "null";
    case Json::Kind::kBool: return v.boolean ? "true" : "false";
    case Json::Kind::kNumber: {
      if (v.number == std::floor(v.number) && std::abs(v.number) < 1e15)
        return std::to_string(static_cast<long long>(v.number));
      return std::to_string(v.number);
    }
    case Json::Kind::kString: return detail::quote(v.text);
    case Json::Kind::kArray: {
      std::string out = "[";
      for (std::size_t i = 0; i < v.items.size(); ++i) out += (i ? "," : "") + dump(v.items[i]);
      return out + "]";
    }
    case Json::Kind::kObject: {
      std::string out = "{";
      for (std::size_t i = 0; i < v.keys.size(); ++i)
        out += (i ? "," : "") + detail::quote(v.keys[i]) + ":" + dump(v.values[i]);
      return out + "}";
    }
  }
  return "null";
}

// ---------------------------------------------------------------------------------------------
// Board texts (FORMATS.md): the first meaningful line is `game key=value ...`; blank lines and lines
// starting with ';' are ignored; rows top to bottom.

struct BoardText {
  std::string game;
  std::map<std::string, std::string> params;
  std::vector<std::string> rows;  // trailing spaces, tabs and '\r' removed
};

namespace detail {

inline std::vector<std::string> split_words(std::string_view line) {
  std::vector<std::string> out;
  std::string word;
  for (char c : line) {
    if (c == ' ' || c == '\t') {
      if (!word.empty()) out.push_back(std::move(word));
      word.clear();
    } else {
      word += c;
    }
  }
  if (!word.empty()) out.push_back(std::move(word));
  return out;
}

// A whole non-negative or negative integer, all of `s`.
inline std::optional<long long> whole_number(std::string_view s) {
  if (s.empty() || s.size() > 18) return std::nullopt;
  std::size_t i = s[0] == '-' ? 1 : 0;
  if (i == s.size()) return std::nullopt;
  long long v = 0;
  for (; i < s.size(); ++i) {
    if (s[i] < '0' || s[i] > '9') return std::nullopt;
    v = v * 10 + (s[i] - '0');
  }
  return s[0] == '-' ? -v : v;
}

// A JSON number that is a whole int of at most a million either way (no board is larger, and sums
// and differences of a few of them cannot overflow).
inline std::optional<int> int_of(const Json& v) {
  if (v.kind != Json::Kind::kNumber || v.number != std::floor(v.number) || std::abs(v.number) > 1e6) return std::nullopt;
  return static_cast<int>(v.number);
}

// [a, b] of two whole numbers.
inline std::optional<std::pair<int, int>> pair_of(const Json& v) {
  if (!v.is_array() || v.items.size() != 2) return std::nullopt;
  auto a = int_of(v.items[0]), b = int_of(v.items[1]);
  if (!a || !b) return std::nullopt;
  return std::pair{*a, *b};
}

inline std::string cell_text(int r, int c) { return "[" + std::to_string(r) + "," + std::to_string(c) + "]"; }

inline std::string move_no(std::size_t i) { return "move " + std::to_string(i + 1) + ": "; }

// A grid of characters, short rows padded with `pad`.
struct Grid {
  int rows = 0, cols = 0;
  std::vector<char> cells;
  Grid(const std::vector<std::string>& lines, char pad) : rows(static_cast<int>(lines.size())) {
    for (const auto& l : lines) cols = std::max(cols, static_cast<int>(l.size()));
    cells.assign(static_cast<std::size_t>(rows) * static_cast<std::size_t>(cols), pad);
    for (int r = 0; r < rows; ++r)
      for (int c = 0; c < static_cast<int>(lines[static_cast<std::size_t>(r)].size()); ++c) at(r, c) = lines[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)];
  }
  bool inside(int r, int c) const { return r >= 0 && r < rows && c >= 0 && c < cols; }
  char& at(int r, int c) { return cells[static_cast<std::size_t>(r) * static_cast<std::size_t>(cols) + static_cast<std::size_t>(c)]; }
  long long count(char ch) const { return std::count(cells.begin(), cells.end(), ch); }
  std::optional<std::pair<int, int>> find(char ch) const {
    auto it = std::find(cells.begin(), cells.end(), ch);
    if (it == cells.end()) return std::nullopt;
    const auto i = static_cast<int>(it - cells.begin());
    return std::pair{i / cols, i % cols};
  }
};

// The moves as [r,c] cells; "" or the problem.
inline std::string cells_of(const Json& moves, std::vector<std::pair<int, int>>& out) {
  for (std::size_t i = 0; i < moves.items.size(); ++i) {
    auto p = pair_of(moves.items[i]);
    if (!p) return move_no(i) + dump(moves.items[i]) + " is not [row, col]";
    out.push_back(*p);
  }
  return "";
}

}  // namespace detail

// Splits a board text; nullopt (and `problem`) when it has no header line.
inline std::optional<BoardText> parse_board(std::string_view text, std::string& problem) {
  BoardText b;
  bool header = false;
  std::size_t pos = 0;
  while (pos <= text.size()) {
    std::size_t nl = text.find('\n', pos);
    if (nl == std::string_view::npos) nl = text.size();
    std::string line(text.substr(pos, nl - pos));
    pos = nl + 1;
    while (!line.empty() && (line.back() == ' ' || line.back() == '\t' || line.back() == '\r')) line.pop_back();
    const std::size_t first = line.find_first_not_of(" \t");
    if (first == std::string::npos || line[first] == ';') continue;
    if (!header) {
      header = true;
      auto words = detail::split_words(line);
      b.game = words[0];
      for (std::size_t i = 1; i < words.size(); ++i) {
        const auto eq = words[i].find('=');
        if (eq == std::string::npos || eq == 0) {
          problem = "header word '" + words[i] + "' is not key=value";
          return std::nullopt;
        }
        b.params[words[i].substr(0, eq)] = words[i].substr(eq + 1);
      }
      continue;
    }
    b.rows.push_back(std::move(line));
  }
  if (!header) problem = "the board text has no header line";
  if (!header) return std::nullopt;
  return b;
}

// ---------------------------------------------------------------------------------------------
// The games. Each takes the board as read and the "moves" array, replays, and checks the goal.

// One-stroke: `#` cell, `.` no cell, `S` start (the path's head), `x` already visited, `E` the end
// cell where a level has one. The moves are the cells in visiting order starting with S; each an
// orthogonal step onto an unvisited cell, onto E only as the last; at the end no cell is left.
inline std::string check_onestroke(const BoardText& b, const Json& moves) {
  using namespace detail;
  Grid g(b.rows, '.');
  auto start = g.find('S');
  if (!start || g.count('S') != 1) return "the board has no single start S";
  std::vector<std::pair<int, int>> path;
  if (auto p = cells_of(moves, path); !p.empty()) return p;
  if (path.empty()) return "no moves: the path starts with S " + cell_text(start->first, start->second);
  if (path[0] != *start)
    return "the path starts at " + cell_text(path[0].first, path[0].second) + ", not at S " + cell_text(start->first, start->second);
  g.at(start->first, start->second) = 'x';
  for (std::size_t i = 1; i < path.size(); ++i) {
    auto [r, c] = path[i];
    auto [pr, pc] = path[i - 1];
    if (std::abs(r - pr) + std::abs(c - pc) != 1)
      return move_no(i) + cell_text(r, c) + " is not one orthogonal step from " + cell_text(pr, pc);
    if (!g.inside(r, c) || g.at(r, c) == '.') return move_no(i) + cell_text(r, c) + " is not a cell";
    if (g.at(r, c) == 'E' && g.count('#') > 0) return move_no(i) + cell_text(r, c) + " steps onto the end E before the last cell";
    if (g.at(r, c) != '#' && g.at(r, c) != 'E') return move_no(i) + cell_text(r, c) + " is visited twice";
    g.at(r, c) = 'x';
  }
  if (auto left = g.count('#') + g.count('E'); left > 0) return std::to_string(left) + " cells not visited at the end";
  return "";
}

// Knight's tour: `.` square, `#` removed, `N` start (no N: any start); closed=1 for a closed tour.
inline std::string check_knight(const BoardText& b, const Json& moves) {
  using namespace detail;
  Grid g(b.rows, '#');
  const bool closed = b.params.count("closed") && b.params.at("closed") == "1";
  auto start = g.find('N');
  std::vector<std::pair<int, int>> tour;
  if (auto p = cells_of(moves, tour); !p.empty()) return p;
  if (tour.empty()) return "no moves";
  if (start && tour[0] != *start)
    return "the tour starts at " + cell_text(tour[0].first, tour[0].second) + ", not at N " + cell_text(start->first, start->second);
  auto knight_step = [](std::pair<int, int> a, std::pair<int, int> z) {
    const int dr = std::abs(a.first - z.first), dc = std::abs(a.second - z.second);
    return (dr == 1 && dc == 2) || (dr == 2 && dc == 1);
  };
  for (std::size_t i = 0; i < tour.size(); ++i) {
    auto [r, c] = tour[i];
    if (i > 0 && !knight_step(tour[i - 1], tour[i]))
      return move_no(i) + cell_text(r, c) + " is not a knight's move from " + cell_text(tour[i - 1].first, tour[i - 1].second);
    if (!g.inside(r, c) || g.at(r, c) == '#') return move_no(i) + cell_text(r, c) + " is not a square of the board";
    if (g.at(r, c) == 'v') return move_no(i) + cell_text(r, c) + " is visited twice";
    g.at(r, c) = 'v';
  }
  if (auto left = g.count('.') + g.count('N'); left > 0) return std::to_string(left) + " squares not visited at the end";
  if (closed && (tour.size() < 4 || !knight_step(tour.back(), tour.front())))
    return "closed=1, but the last square is not a knight's move from the first";
  return "";
}

// Peg solitaire: `o` peg, `.` empty hole, `#` (or a space) no hole; target=R,C. Each move
// [[r1,c1],[r2,c2]] jumps a peg two holes along a row or column over a peg, which is removed, into an
// empty hole. One peg is left at the end, on the target if there is one.
inline std::string check_pegs(const BoardText& b, const Json& moves) {
  using namespace detail;
  Grid g(b.rows, '#');
  for (char& ch : g.cells)
    if (ch == ' ') ch = '#';
  for (std::size_t i = 0; i < moves.items.size(); ++i) {
    const Json& m = moves.items[i];
    std::optional<std::pair<int, int>> from, to;
    if (m.is_array() && m.items.size() == 2) from = pair_of(m.items[0]), to = pair_of(m.items[1]);
    if (!from || !to) return move_no(i) + dump(m) + " is not [[r1,c1],[r2,c2]]";
    auto [r1, c1] = *from;
    auto [r2, c2] = *to;
    const std::string what = move_no(i) + cell_text(r1, c1) + "->" + cell_text(r2, c2);
    const bool straight = (std::abs(r2 - r1) == 2 && c1 == c2) || (r1 == r2 && std::abs(c2 - c1) == 2);
    if (!straight) return what + " is not a jump of two holes along a row or column";
    const int rm = (r1 + r2) / 2, cm = (c1 + c2) / 2;
    if (!g.inside(r1, c1) || g.at(r1, c1) != 'o') return what + ": no peg to move";
    if (!g.inside(rm, cm) || g.at(rm, cm) != 'o') return what + ": no peg to jump over";
    if (!g.inside(r2, c2) || g.at(r2, c2) != '.') return what + ": no empty hole to land in";
    g.at(r1, c1) = '.';
    g.at(rm, cm) = '.';
    g.at(r2, c2) = 'o';
  }
  if (auto left = g.count('o'); left != 1) return std::to_string(left) + " pegs left at the end, not 1";
  if (b.params.count("target")) {
    const std::string& t = b.params.at("target");
    const auto comma = t.find(',');
    auto r = whole_number(std::string_view(t).substr(0, comma));
    auto c = comma == std::string::npos ? std::nullopt : whole_number(std::string_view(t).substr(comma + 1));
    if (!r || !c) return "target=" + t + " is not R,C";
    if (!g.inside(static_cast<int>(*r), static_cast<int>(*c)) || g.at(static_cast<int>(*r), static_cast<int>(*c)) != 'o')
      return "the last peg is not on target=" + t;
  }
  return "";
}

// Sliding tiles: rows of numbers (spaces or commas between), 0 the blank. The moves are tile numbers
// in the order they slide into the blank; the goal is 1..N row-major with the blank last.
inline std::string check_sliding(const BoardText& b, const Json& moves) {
  using namespace detail;
  std::vector<int> tiles;
  int cols = -1;
  for (const std::string& row : b.rows) {
    std::string spaced = row;
    std::replace(spaced.begin(), spaced.end(), ',', ' ');
    auto words = split_words(spaced);
    if (cols < 0) cols = static_cast<int>(words.size());
    if (static_cast<int>(words.size()) != cols || cols == 0) return "rows of the board are not all as long";
    for (const auto& w : words) {
      auto v = whole_number(w);
      if (!v) return "'" + w + "' is not a tile number";
      tiles.push_back(static_cast<int>(*v));
    }
  }
  const int n = static_cast<int>(tiles.size());
  std::vector<int> sorted = tiles;
  std::sort(sorted.begin(), sorted.end());
  for (int i = 0; i < n; ++i)
    if (sorted[static_cast<std::size_t>(i)] != i) return "the board's numbers are not 0.." + std::to_string(n - 1) + " once each";
  for (std::size_t i = 0; i < moves.items.size(); ++i) {
    auto t = int_of(moves.items[i]);
    if (!t || *t < 1 || *t >= n) return move_no(i) + dump(moves.items[i]) + " is not a tile of the board";
    const int at = static_cast<int>(std::find(tiles.begin(), tiles.end(), *t) - tiles.begin());
    const int blank = static_cast<int>(std::find(tiles.begin(), tiles.end(), 0) - tiles.begin());
    if (std::abs(at / cols - blank / cols) + std::abs(at % cols - blank % cols) != 1)
      return move_no(i) + "tile " + std::to_string(*t) + " is not next to the blank";
    std::swap(tiles[static_cast<std::size_t>(at)], tiles[static_cast<std::size_t>(blank)]);
  }
  for (int i = 0; i + 1 < n; ++i)
    if (tiles[static_cast<std::size_t>(i)] != i + 1) return "the tiles are not in order at the end";
  return "";
}

// Valves: `valves k=K inlet=X outlet=Y` (closed=A,B for valves already shut), one pipe `A B` per
// line. Every node but the inlet and outlet is a valve. The moves are valve names to close; with at
// most k closed in all, no open path may join inlet and outlet at the end.
inline std::string check_valves(const BoardText& b, const Json& moves) {
  using namespace detail;
  for (const char* key : {"k", "inlet", "outlet"})
    if (!b.params.count(key)) return std::string("the header has no ") + key + "=";
  auto k = whole_number(b.params.at("k"));
  if (!k) return "k=" + b.params.at("k") + " is not a number";
  std::map<std::string, std::vector<std::string>> pipes;
  for (const std::string& row : b.rows) {
    auto w = split_words(row);
    if (w.size() != 2) return "pipe line '" + row + "' is not two node names";
    pipes[w[0]].push_back(w[1]);
    pipes[w[1]].push_back(w[0]);
  }
  const std::string inlet = b.params.at("inlet"), outlet = b.params.at("outlet");
  if (!pipes.count(inlet) || !pipes.count(outlet)) return "inlet or outlet is on no pipe";
  std::map<std::string, bool> closed;
  if (b.params.count("closed")) {
    std::string list = b.params.at("closed");
    std::replace(list.begin(), list.end(), ',', ' ');
    for (const auto& name : split_words(list)) closed[name] = true;
  }
  for (std::size_t i = 0; i < moves.items.size(); ++i) {
    const Json& m = moves.items[i];
    if (!m.is_string()) return move_no(i) + dump(m) + " is not a valve name";
    if (!pipes.count(m.text)) return move_no(i) + "'" + m.text + "' is not a node of the board";
    if (m.text == inlet || m.text == outlet) return move_no(i) + m.text + " is the inlet or the outlet, not a valve";
    if (closed.count(m.text)) return move_no(i) + "valve " + m.text + " is closed twice";
    closed[m.text] = true;
  }
  if (static_cast<long long>(closed.size()) > *k)
    return std::to_string(closed.size()) + " valves closed with k=" + std::to_string(*k);
  std::vector<std::string> todo{inlet};
  std::map<std::string, bool> seen{{inlet, true}};
  while (!todo.empty()) {
    const std::string at = todo.back();
    todo.pop_back();
    if (at == outlet) return "water still runs from " + inlet + " to " + outlet;
    for (const std::string& next : pipes[at])
      if (!seen[next] && !closed.count(next)) {
        seen[next] = true;
        todo.push_back(next);
      }
  }
  return "";
}

// Tower of Hanoi: one line per peg, disks bottom to top (1 the smallest), `-` empty; goal=G (default
// the last peg). Each move [from, to] takes the top disk of a non-empty peg onto an empty peg or a
// larger disk; at the end every disk is on the goal peg.
inline std::string check_hanoi(const BoardText& b, const Json& moves) {
  using namespace detail;
  std::vector<std::vector<int>> pegs;
  std::size_t disks = 0;
  for (const std::string& row : b.rows) {
    pegs.emplace_back();
    for (const auto& w : split_words(row)) {
      if (w == "-") continue;
      auto d = whole_number(w);
      if (!d || *d < 1) return "'" + w + "' is not a disk";
      if (!pegs.back().empty() && pegs.back().back() < *d) return "disk " + w + " lies on a smaller one";
      pegs.back().push_back(static_cast<int>(*d));
      ++disks;
    }
  }
  const int count = static_cast<int>(pegs.size());
  long long goal = count - 1;
  if (b.params.count("goal")) {
    auto g = whole_number(b.params.at("goal"));
    if (!g || *g < 0 || *g >= count) return "goal=" + b.params.at("goal") + " is not a peg";
    goal = *g;
  }
  for (std::size_t i = 0; i < moves.items.size(); ++i) {
    auto m = pair_of(moves.items[i]);
    if (!m) return move_no(i) + dump(moves.items[i]) + " is not [from, to]";
    auto [from, to] = *m;
    const std::string what = move_no(i) + cell_text(from, to);
    if (from < 0 || from >= count || to < 0 || to >= count) return what + " names a peg that does not exist";
    if (from == to) return what + " moves a disk onto its own peg";
    auto& src = pegs[static_cast<std::size_t>(from)];
    auto& dst = pegs[static_cast<std::size_t>(to)];
    if (src.empty()) return what + " takes from an empty peg";
    if (!dst.empty() && dst.back() < src.back()) return what + " puts a disk on a smaller one";
    dst.push_back(src.back());
    src.pop_back();
  }
  if (pegs[static_cast<std::size_t>(goal)].size() != disks) return "not every disk is on the goal peg " + std::to_string(goal) + " at the end";
  return "";
}

// River crossing: guards=G prisoners=P boat=B (defaults 3, 3, 2), an optional line `left=G,P side=L|R`
// (who is on the left bank and where the boat is; else all on the left with the boat). Each move
// [guards, prisoners] is one trip of 1..B people from the boat's bank to the other, the sides
// alternating; after each landing, on neither bank do prisoners outnumber guards who are there. At the
// end everyone is on the right bank.
inline std::string check_river(const BoardText& b, const Json& moves) {
  using namespace detail;
  auto param = [&](const char* key, long long fallback) -> std::optional<long long> {
    return b.params.count(key) ? whole_number(b.params.at(key)) : fallback;
  };
  auto guards = param("guards", 3), prisoners = param("prisoners", 3), boat = param("boat", 2);
  if (!guards || !prisoners || !boat) return "guards=, prisoners= and boat= must be numbers";
  long long lg = *guards, lp = *prisoners;
  bool boat_left = true;
  if (b.rows.size() > 1) return "more than one position line";
  if (!b.rows.empty()) {
    bool have_left = false;
    for (const auto& w : split_words(b.rows[0])) {
      if (w.rfind("left=", 0) == 0) {
        const std::string v = w.substr(5);
        const auto comma = v.find(',');
        auto g = whole_number(std::string_view(v).substr(0, comma));
        auto p = comma == std::string::npos ? std::nullopt : whole_number(std::string_view(v).substr(comma + 1));
        if (!g || !p) return "'" + w + "' is not left=G,P";
        lg = *g;
        lp = *p;
        have_left = true;
      } else if (w == "side=L" || w == "side=R") {
        boat_left = w == "side=L";
      } else {
        return "unexpected '" + w + "' in the position line";
      }
    }
    if (!have_left) return "the position line has no left=G,P";
  }
  auto safe = [](long long g, long long p) { return g == 0 || p <= g; };
  for (std::size_t i = 0; i < moves.items.size(); ++i) {
    auto m = pair_of(moves.items[i]);
    if (!m) return move_no(i) + dump(moves.items[i]) + " is not [guards, prisoners]";
    auto [g, p] = *m;
    const std::string what = move_no(i) + "trip " + cell_text(g, p) + " from the " + (boat_left ? "left" : "right") + " bank";
    if (g < 0 || p < 0 || g + p < 1 || g + p > *boat) return what + ": the boat takes 1.." + std::to_string(*boat);
    const long long here_g = boat_left ? lg : *guards - lg, here_p = boat_left ? lp : *prisoners - lp;
    if (g > here_g || p > here_p) return what + ": that bank has only " + std::to_string(here_g) + " guards and " + std::to_string(here_p) + " prisoners";
    lg += boat_left ? -g : g;
    lp += boat_left ? -p : p;
    boat_left = !boat_left;
    if (!safe(lg, lp) || !safe(*guards - lg, *prisoners - lp)) return what + ": prisoners outnumber guards on a bank";
  }
  if (lg != 0 || lp != 0) return "at the end " + std::to_string(lg) + " guards and " + std::to_string(lp) + " prisoners are still on the left";
  return "";
}

// ---------------------------------------------------------------------------------------------
// Entry points.

// Replays `moves` (the parsed "moves" array) on `board_text`, the game named by its header.
inline std::string check_moves(std::string_view board_text, const Json& moves) {
  std::string problem;
  auto b = parse_board(board_text, problem);
  if (!b) return problem;
  if (!moves.is_array()) return "\"moves\" is not an array";
  if (b->game == "onestroke") return check_onestroke(*b, moves);
  if (b->game == "knight") return check_knight(*b, moves);
  if (b->game == "pegs") return check_pegs(*b, moves);
  if (b->game == "sliding") return check_sliding(*b, moves);
  if (b->game == "valves") return check_valves(*b, moves);
  if (b->game == "hanoi") return check_hanoi(*b, moves);
  if (b->game == "river") return check_river(*b, moves);
  return "no replay checker for the game '" + b->game + "'";
}

// The same with the moves as JSON text (a solver's Outcome::moves_json).
inline std::string check_moves(std::string_view board_text, std::string_view moves_json) {
  std::string problem;
  auto moves = parse_json(moves_json, problem);
  if (!moves) return problem;
  return check_moves(board_text, *moves);
}

// How many moves a "moves" array holds (SIZE_MAX when it is not one): a test of the fewest moves.
inline std::size_t move_count(std::string_view moves_json) {
  std::string problem;
  auto moves = parse_json(moves_json, problem);
  return moves && moves->is_array() ? moves->items.size() : static_cast<std::size_t>(-1);
}

// One answer object, parsed: its shape checked (FORMATS.md), and when "status" is "solved" its
// moves replayed on its "board" (or on `board_text` when given: "board" of a huge board is cut).
inline std::string check_object(const Json& v, std::string_view board_text = {}) {
  if (v.kind != Json::Kind::kObject) return "not a JSON object";
  const Json* game = v.find("game");
  const Json* status = v.find("status");
  if (!status || !status->is_string()) return "no \"status\" string";
  const std::string& s = status->text;
  if (s != "solved" && s != "unsolvable" && s != "gave_up" && s != "error") return "unknown status \"" + s + "\"";
  if (s == "error") return "";
  if (!game || !game->is_string()) return "no \"game\" string";
  const Json* board = v.find("board");
  const Json* moves = v.find("moves");
  if (!board || !board->is_string()) return "no \"board\" string";
  if (!moves || !moves->is_array()) return "no \"moves\" array";
  if (s != "solved") return "";
  if (board_text.empty()) {
    if (v.find("board_bytes")) return "\"board\" was cut short (board_bytes): pass the board text to check with";
    board_text = board->text;
  }
  std::string problem;
  auto b = parse_board(board_text, problem);
  if (!b) return problem;
  if (b->game != game->text) return "\"game\" is " + game->text + " but the board is " + b->game;
  return check_moves(board_text, *moves);
}

// One line of `solve --json` output, any status; "" when it is well formed and, if solved, replays.
inline std::string check_line(std::string_view json_line, std::string_view board_text = {}) {
  std::string problem;
  auto v = parse_json(json_line, problem);
  if (!v) return problem;
  return check_object(*v, board_text);
}

// One answer that must be "solved" and replay to the goal.
inline std::string check_solved(std::string_view json_line, std::string_view board_text = {}) {
  std::string problem;
  auto v = parse_json(json_line, problem);
  if (!v) return problem;
  const Json* status = v->kind == Json::Kind::kObject ? v->find("status") : nullptr;
  if (!status || !status->is_string() || status->text != "solved")
    return "status is " + (status ? dump(*status) : std::string("missing")) + ", not \"solved\"";
  return check_object(*v, board_text);
}

// Every line of a folder's output (one object per line): "" or "line N: problem".
inline std::string check_lines(std::string_view out) {
  std::size_t pos = 0;
  int n = 0;
  while (pos < out.size()) {
    std::size_t nl = out.find('\n', pos);
    if (nl == std::string_view::npos) nl = out.size();
    ++n;
    if (auto p = check_line(out.substr(pos, nl - pos)); !p.empty()) return "line " + std::to_string(n) + ": " + p;
    pos = nl + 1;
  }
  return "";
}

}  // namespace pb::testing::replay
