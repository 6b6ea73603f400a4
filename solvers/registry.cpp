/* registry.cpp: the one list of games. Add a game here and in solvers/CMakeLists.txt. */
#include "solvers/registry.hpp"

#include <array>
#include <string>

#include "solvers/onestroke/game.hpp"
#include "solvers/pegs/game.hpp"
#include "solvers/sliding/game.hpp"
#include "solvers/valves/game.hpp"
#include "solvers/hanoi/game.hpp"
#include "solvers/river/game.hpp"
#include "solvers/knight/game.hpp"

namespace pb::solvers {
namespace {

constexpr std::array kGames = {
    &onestroke::kGame,
    &pegs::kGame,
    &sliding::kGame,
    &valves::kGame,
    &hanoi::kGame,
    &river::kGame,
    &knight::kGame,
};

}  // namespace

std::span<const Game* const> games() { return {kGames.data(), kGames.size()}; }

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
