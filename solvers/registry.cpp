/* registry.cpp: the games, as listed once in PB_GAMES (solvers/CMakeLists.txt). */
#include "solvers/registry.hpp"

#include <string>

#include "solvers/game_list.inc"  // generated from PB_GAMES (solvers/CMakeLists.txt)

namespace pb::solvers {
namespace {

constexpr const Game* kGames[] = {PB_GAME_LIST};

}  // namespace

std::span<const Game* const> games() { return kGames; }

const Game* find_game(std::string_view name) {
  for (const Game* g : kGames)
    if (g->name == name) return g;
  return nullptr;
}

std::string game_names() {
  std::string out;
  for (const Game* g : kGames) out += (out.empty() ? "" : ", ") + std::string(g->name);
  return out;
}

}  // namespace pb::solvers
