/* progress_bar.hpp: one line redrawn in place on a terminal's stderr: the bar `prepare` and `solve FOLDER` show. */
#pragma once

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <string>

namespace pb::app {

// Whether stderr is a terminal: the bar is drawn only there, so a log file or a pipe gets no
// carriage returns or escape codes.
inline bool stderr_is_terminal() { return ::isatty(STDERR_FILENO) != 0; }

// Draws `  [#####.....]  NN%  label` over the current line of stderr; `fraction` from 0 to 1.
inline void draw_progress_bar(double fraction, const std::string& label) {
  constexpr int kWidth = 30;  // characters of bar
  fraction = std::clamp(fraction, 0.0, 1.0);
  std::string bar(static_cast<std::size_t>(fraction * kWidth), '#');
  bar.resize(kWidth, '.');
  std::fprintf(stderr, "\r  [%s] %3d%%  %s  ", bar.c_str(), static_cast<int>(fraction * 100), label.c_str());
  std::fflush(stderr);
}

// Clears the bar's line, for whatever is printed next.
inline void clear_progress_bar() {
  std::fputs("\r\033[K", stderr);
  std::fflush(stderr);
}

}  // namespace pb::app
