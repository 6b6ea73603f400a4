/* registry.hpp: the list of games puzzlebot knows (like sgt-puzzles' list.c). */
#pragma once

#include <span>
#include <string_view>

#include "solvers/common/puzzle.hpp"

namespace pb::solvers {

std::span<const Game* const> games();
const Game* find_game(std::string_view name);  // nullptr when unknown
std::string game_names();                      // "onestroke, pegs, ..." for messages

}  // namespace pb::solvers
