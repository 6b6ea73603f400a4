/* rules.cpp: Fifteen's move as input (a tap on the tile) and the cells it changes. */
#include "solvers/sliding/rules.hpp"

#include <algorithm>

#include "core/json.hpp"

namespace pb::solvers::sliding {

std::vector<std::pair<int, int>> Rules::moved_cells(const State& before, Move move) {
  auto it = std::find(before.tiles.begin(), before.tiles.end(), move);
  if (it == before.tiles.end()) return {{-1, -1}};
  int tile = static_cast<int>(it - before.tiles.begin());
  int blank = before.blank();
  return {{blank, tile}, {tile, blank}};  // the tile's picture moves into the gap and the gap's out
}

Result<MoveInput> Rules::input(const State& /*seen*/, std::size_t places, const State& before, Move move) {
  auto it = std::find(before.tiles.begin(), before.tiles.end(), move);
  if (move <= 0 || it == before.tiles.end()) return make_error("tile " + std::to_string(move) + " is not on the board");
  if (places != before.tiles.size()) return places_mismatch(places, before.tiles.size(), "cells");
  // Fifteen slides every tile between the clicked one and the blank; clicking the tile next to the
  // blank moves exactly that one, which is what the solver's move means.
  return MoveInput{MoveInput::Kind::kTap, {static_cast<int>(it - before.tiles.begin())}, "tile " + std::to_string(move)};
}

std::string Rules::moves_json(const State&, const std::vector<Move>& plan) {
  std::vector<std::string> items;
  for (Move m : plan) items.push_back(std::to_string(m));
  return json::array(items);
}

}  // namespace pb::solvers::sliding
