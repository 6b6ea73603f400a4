/* tables.cpp: the cache folder tables are kept in. */
#include "solvers/common/tables.hpp"

#include <cstdlib>

namespace pb::solvers {

std::string cache_dir() {
  if (const char* d = std::getenv("PUZZLEBOT_CACHE_DIR"); d != nullptr && *d != '\0') return d;
  if (const char* d = std::getenv("XDG_CACHE_HOME"); d != nullptr && *d != '\0')
    return std::string(d) + "/puzzlebot";
  if (const char* d = std::getenv("HOME"); d != nullptr && *d != '\0') return std::string(d) + "/.cache/puzzlebot";
  return {};
}

}  // namespace pb::solvers
