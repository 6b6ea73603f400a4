/* text.hpp: small text helpers shared by the modules (edit distance for "did you mean" suggestions). */
#pragma once

#include <algorithm>
#include <cstddef>
#include <string_view>
#include <vector>

namespace pb {

// Edit distance (insert, delete or substitute one character) between `a` and `b`: how far a
// misspelled key or window title is from a valid one.
inline std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diag = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] == b[j - 1] ? 0u : 1u)});
      diag = up;
    }
  }
  return row[b.size()];
}

}  // namespace pb
