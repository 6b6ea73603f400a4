/* replay.hpp: plays a list of moves through a game's apply(), naming the first illegal one. */
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>

#include "core/result.hpp"

namespace pb::solvers {

// The state after `moves` (any range), each played by apply(state, move) -> Result<State>. An
// illegal move fails as "<what> <n>: <apply's reason>", n counting from 1 ("move 3: ...").
template <class State, class Moves, class Apply>
Result<State> replay_moves(State state, const Moves& moves, Apply apply, std::string_view what = "move") {
  std::size_t n = 0;
  for (const auto& move : moves) {
    ++n;
    auto next = apply(state, move);
    if (!next) return make_error(std::string(what) + " " + std::to_string(n) + ": " + next.error().message);
    state = std::move(*next);
  }
  return state;
}

}  // namespace pb::solvers
