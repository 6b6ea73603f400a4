/* game_id_fuzz.cpp: libFuzzer target for every Simon Tatham game ID parser. */
#include <cstddef>
#include <cstdint>
#include <string>

#include "solvers/registry.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string id(reinterpret_cast<const char*>(data), size);
  for (const pb::solvers::Game* g : pb::solvers::games()) {
    if (g->parse_id == nullptr) continue;
    auto p = g->parse_id(id, "fuzz");
    if (p) (void)(*p)->format();
  }
  return 0;
}
