/* text_board.hpp: splits a board text file (FORMATS.md) into header, parameters and body rows. */
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.hpp"

namespace pb::solvers {

// One body line as written, with its 1-based line number in the input (for error messages).
struct TextLine {
  int line = 0;
  std::string text;  // trailing white space and '\r' removed
};

// A board text after the generic part of parsing; each game parses `rows` itself.
struct TextBoard {
  std::string source = "<input>";  // file name used in messages
  std::string game;                // header's first word ("" when the text had no header)
  int header_line = 0;             // 0 when there was no header
  std::map<std::string, std::string, std::less<>> params;  // key=value words of the header
  std::vector<TextLine> rows;      // body: blank lines and lines starting with ';' dropped

  // "source:line:col: message" (col 0 leaves the column out). 1-based, as editors count.
  Error error_at(int line, int col, std::string_view message) const;
  // The same for a header parameter's problem, pointing at the header line.
  Error header_error(std::string_view message) const;

  // An integer parameter in [lo, hi]; `fallback` when absent. Errors name the key and the range.
  Result<long long> int_param(std::string_view key, long long fallback, long long lo, long long hi) const;
  // A parameter's raw text, or `fallback` when absent.
  std::string str_param(std::string_view key, std::string_view fallback = {}) const;
  // Fails on any parameter not in `known` (a typo such as `closd=1` must not be silently ignored).
  Result<void> check_params(std::initializer_list<std::string_view> known) const;
};

// Longest text accepted, and longest line: past these a file is not a board (bytes).
inline constexpr std::size_t kMaxTextBytes = 16u << 20;
inline constexpr std::size_t kMaxLineBytes = 1u << 16;

// Splits `text`. With `has_header` the first meaningful line is the header `game key=value ...`;
// without it every meaningful line is body. Rejects NUL bytes and oversized text with line:col.
Result<TextBoard> split_text_board(std::string_view text, std::string_view source, bool has_header);

// One word of a line (words are split at spaces and tabs) and where it starts.
struct Word {
  std::string_view text;
  int col = 0;  // 1-based column in the line
};
std::vector<Word> words(std::string_view line);

// The first word of the first meaningful line (what would be the game's name), or "".
std::string first_word(std::string_view text);

}  // namespace pb::solvers
