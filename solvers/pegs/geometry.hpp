/* geometry.hpp: a peg board compiled for search: hole numbering, jump lists, symmetries, position classes. */
#pragma once

// Representation, kept apart from the search (search.cpp) as in Stockfish.
//
// Holes are numbered 0..n-1 row-major and a position is a bitboard over hole numbers, so a board of
// any shape with up to 64 holes is one uint64_t (Bits<1>); bigger boards use Bits<2> or Bits<4>.
// Rejected: grid-indexed bitboards with shift-based move generation (the Stockfish way). They need
// rows * (cols + 2) bits, so the 7x7 English board would fit but sgt's 9x9 and 11x11 boards (up to
// 121 holes, mostly outside cells) would not; jump lists indexed by landing hole cost a few more
// instructions per node and work for every shape.

#include <array>
#include <bit>
#include <cstdint>
#include <string>
#include <vector>

#include "solvers/pegs/pegs.hpp"

namespace pb::solvers::pegs {

// A set of holes, W 64-bit words; bit i of word i/64 is hole i.
template <int W>
struct Bits {
  std::array<std::uint64_t, W> w{};

  static Bits bit(int i) {
    Bits b;
    b.w[static_cast<std::size_t>(i >> 6)] = std::uint64_t{1} << (i & 63);
    return b;
  }
  bool test(int i) const { return (w[static_cast<std::size_t>(i >> 6)] >> (i & 63)) & 1u; }
  int count() const {
    int n = 0;
    for (auto x : w) n += std::popcount(x);
    return n;
  }
  bool none() const {
    std::uint64_t acc = 0;
    for (auto x : w) acc |= x;
    return acc == 0;
  }
  Bits operator&(const Bits& o) const { Bits r; for (int i = 0; i < W; ++i) r.w[i] = w[i] & o.w[i]; return r; }
  Bits operator|(const Bits& o) const { Bits r; for (int i = 0; i < W; ++i) r.w[i] = w[i] | o.w[i]; return r; }
  Bits operator^(const Bits& o) const { Bits r; for (int i = 0; i < W; ++i) r.w[i] = w[i] ^ o.w[i]; return r; }
  Bits operator~() const { Bits r; for (int i = 0; i < W; ++i) r.w[i] = ~w[i]; return r; }
  Bits& operator|=(const Bits& o) { for (int i = 0; i < W; ++i) w[i] |= o.w[i]; return *this; }
  // Written out: the defaulted comparison of std::array compiles to a memcmp call, which was a
  // fifth of the solver's time.
  friend bool operator==(const Bits& a, const Bits& b) {
    std::uint64_t diff = 0;
    for (int i = 0; i < W; ++i) diff |= a.w[i] ^ b.w[i];
    return diff == 0;
  }
  // Any strict total order will do for picking a canonical representative.
  friend bool operator<(const Bits& a, const Bits& b) {
    for (int i = W - 1; i >= 0; --i)
      if (a.w[i] != b.w[i]) return a.w[i] < b.w[i];
    return false;
  }
  std::uint64_t hash() const {
    std::uint64_t h = 0x9e3779b97f4a7c15ull;
    for (auto x : w) h = (h ^ x) * 0xff51afd7ed558ccdull, h ^= h >> 32;
    return h;
  }
  // Calls f(i) for every hole i in the set, lowest first.
  template <class F>
  void for_each(F&& f) const {
    for (int k = 0; k < W; ++k)
      for (std::uint64_t x = w[k]; x != 0; x &= x - 1) f(k * 64 + std::countr_zero(x));
  }
  // The 8-bit chunk `c` (holes 8c..8c+7).
  unsigned byte(int c) const { return static_cast<unsigned>(w[static_cast<std::size_t>(c >> 3)] >> ((c & 7) * 8)) & 0xffu; }
};

// One possible jump between holes: the peg at `from` over `over` into `to`.
struct Jump {
  int from = 0;
  int over = 0;
  int to = 0;
};

// The rule-of-three position class of a set of pegs, an element of (Z2 x Z2) x (Z2 x Z2).
// Colour the holes by (r+c) mod 3 and, separately, by (r-c) mod 3. A jump passes through three
// consecutive cells of a row or column, which carry all three colours of each colouring; it takes
// one peg off two of them and puts one on the third, so every colour's peg count changes by one and
// all three parities flip together. What survives every jump is the parity pattern up to complement,
// i.e. (n0+n1, n1+n2) mod 2 for each colouring: four bits, additive (XOR) over pegs.
using PositionClass = unsigned;

// Board shape compiled once per solve.
struct Geometry {
  int rows = 0;
  int cols = 0;
  std::vector<Cell> cells;         // hole number -> cell
  std::vector<int> index;          // row-major site -> hole number, -1 outside
  std::vector<Jump> jumps;         // every geometrically possible jump
  std::vector<std::vector<int>> into;  // hole -> jumps landing in it
  std::vector<PositionClass> hole_class;  // class of a lone peg in each hole
  // Symmetries of the hole set, each a permutation hole -> hole; [0] is the identity.
  std::vector<std::vector<int>> symmetries;
  std::vector<std::string> symmetry_names;  // "identity", "rotate 90", "mirror rows", ...

  int holes() const { return static_cast<int>(cells.size()); }
  int hole_at(Cell c) const { return index[static_cast<std::size_t>(c.row * cols + c.col)]; }
};

Geometry make_geometry(const State& state);

// Class of the pegs of `state` (holes numbered as in `g`).
PositionClass position_class(const Geometry& g, const State& state);

// "(r+c)%3 counts 12/12/12, (r-c)%3 counts 11/13/12": the raw counts behind a class, for reasons.
std::string class_counts(const State& state);

}  // namespace pb::solvers::pegs
