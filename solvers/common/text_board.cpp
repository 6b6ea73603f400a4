/* text_board.cpp: the game-independent part of reading a board text. */
#include "solvers/common/text_board.hpp"

#include <algorithm>
#include <charconv>

namespace pb::solvers {
namespace {

std::string_view trim_right(std::string_view s) {
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

std::string_view trim_left(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  return s;
}

// The line of `text` at `pos` (without its newline) into `line`, and `pos` past it; false at the end.
bool next_line(std::string_view text, std::size_t& pos, std::string_view& line) {
  if (pos >= text.size()) return false;
  std::size_t nl = text.find('\n', pos);
  if (nl == std::string_view::npos) nl = text.size();
  line = text.substr(pos, nl - pos);
  pos = nl + 1;
  return true;
}

bool meaningful(std::string_view line) {
  line = trim_left(trim_right(line));
  return !line.empty() && line.front() != ';';
}

}  // namespace

Error TextBoard::error_at(int line, int col, std::string_view message) const {
  // Built by appends: GCC 12 warns falsely (-Wrestrict) on a chain of operator+ here.
  std::string out = source;
  out += ':';
  out += std::to_string(line);
  if (col > 0) {
    out += ':';
    out += std::to_string(col);
  }
  out += ": ";
  out += message;
  return make_error(std::move(out));
}

Error TextBoard::header_error(std::string_view message) const {
  return error_at(header_line > 0 ? header_line : 1, 0, message);
}

Result<long long> TextBoard::int_param(std::string_view key, long long fallback, long long lo,
                                       long long hi) const {
  auto it = params.find(key);
  if (it == params.end()) return fallback;
  const std::string& s = it->second;
  long long v = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || end != s.data() + s.size())
    return header_error(std::string(key) + "=" + s + " is not a whole number");
  if (v < lo || v > hi)
    return header_error(std::string(key) + "=" + s + " is out of range (" + std::to_string(lo) +
                        ".." + std::to_string(hi) + ")");
  return v;
}

std::string TextBoard::str_param(std::string_view key, std::string_view fallback) const {
  auto it = params.find(key);
  return it == params.end() ? std::string(fallback) : it->second;
}

Result<void> TextBoard::check_params(std::initializer_list<std::string_view> known) const {
  for (const auto& [key, value] : params) {
    bool ok = false;
    for (auto k : known) ok = ok || k == key;
    if (!ok) {
      std::string list;
      for (auto k : known) list += (list.empty() ? "" : ", ") + std::string(k);
      return header_error("unknown parameter '" + key + "' for " + game +
                          (list.empty() ? " (it takes none)" : " (known: " + list + ")"));
    }
  }
  return {};
}

Result<TextBoard> split_text_board(std::string_view text, std::string_view source, bool has_header) {
  TextBoard board;
  board.source = source.empty() ? "<input>" : std::string(source);
  if (text.size() > kMaxTextBytes)
    return make_error(board.source + ": " + std::to_string(text.size()) +
                      " bytes is too large for a board text (limit 16 MiB)");
  bool need_header = has_header;
  // One TextLine per line: reserving them all keeps the vector from regrowing (a 1 M-line
  // valves grid moved its rows ~20 times).
  board.rows.reserve(static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')) + 1);
  int line_no = 0;
  std::size_t pos = 0;
  for (std::string_view raw; next_line(text, pos, raw);) {
    ++line_no;
    if (auto z = raw.find('\0'); z != std::string_view::npos)
      return board.error_at(line_no, static_cast<int>(z) + 1,
                            "NUL byte in a board text: is this a binary file?");
    if (raw.size() > kMaxLineBytes)
      return board.error_at(line_no, 0, "line longer than 64 KiB: not a board text");
    if (!meaningful(raw)) continue;
    std::string_view line = trim_right(raw);
    if (need_header) {
      need_header = false;
      board.header_line = line_no;
      bool first = true;
      for (const auto& [word, col] : words(line)) {
        if (first) {
          board.game = std::string(word);
          first = false;
          continue;
        }
        auto eq = word.find('=');
        if (eq == std::string_view::npos || eq == 0 || eq + 1 == word.size())
          return board.error_at(line_no, col,
                                "header parameter '" + std::string(word) + "' is not key=value");
        std::string key(word.substr(0, eq));
        if (board.params.count(key))
          return board.error_at(line_no, col, "parameter '" + key + "' given twice");
        board.params.emplace(std::move(key), std::string(word.substr(eq + 1)));
      }
      continue;
    }
    board.rows.push_back({line_no, std::string(line)});
  }
  if (need_header) return make_error(board.source + ": empty board text: nothing but blank or ';' lines");
  return board;
}

std::vector<Word> words(std::string_view line) {
  std::vector<Word> out;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
    std::size_t start = i;
    while (i < line.size() && line[i] != ' ' && line[i] != '\t') ++i;
    if (i > start) out.push_back({line.substr(start, i - start), static_cast<int>(start) + 1});
  }
  return out;
}

std::string first_word(std::string_view text) {
  std::size_t pos = 0;
  for (std::string_view line; next_line(text, pos, line);) {
    if (!meaningful(line)) continue;
    line = trim_left(line);
    std::size_t end = 0;
    while (end < line.size() && line[end] != ' ' && line[end] != '\t' && line[end] != '\r') ++end;
    return std::string(line.substr(0, end));
  }
  return {};
}

}  // namespace pb::solvers
