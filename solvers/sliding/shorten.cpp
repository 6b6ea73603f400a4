/* shorten.cpp: re-solving stretches of a sliding-tile solution optimally, where that is shorter. */
#include "solvers/sliding/shorten.hpp"

#include <algorithm>
#include <climits>
#include <cstdlib>

// Why: reduction (reduce.cpp) brings tiles home one at a time, each by a shortest way of its own,
// but the blank's trips between placements and the tiles pushed aside and brought back again add
// up: random 5x5 boards took 170 moves where about 100 are optimal. Any stretch of a solution
// from board A to board B may be swapped for a shortest way from A to B, and between boards a few
// dozen moves apart IDA* finds it fast: the sum over tiles of the Manhattan distance from their
// cell in A to their cell in B is an admissible bound, often tight on a wasteful stretch, and only
// the tiles moved within the stretch contribute to it. The window slides along the solution; a
// stretch whose bound already rules out a gain (bound > length - 2: lengths between two boards
// share their parity) costs no search at all.
//
// Rejected: a whole-board weighted IDA* or A* over Manhattan distance + linear conflicts for 5x5
// (its bound is ~80 for a ~100-move optimum, so the tree is far too big to be near optimal, and it
// gives nothing on 7x7 and up); windows of 50+ moves (nodes grow fast past ~40 for little more gain).

namespace pb::solvers::sliding {
namespace {

class StretchSearch {
 public:
  StretchSearch(int rows, int cols, std::vector<int>& board, std::vector<int>& pos, const std::vector<int>& target)
      : rows_(rows), cols_(cols), board_(board), pos_(pos), target_(target) {}

  int distance(int tile, int cell) const {
    const int to = target_[static_cast<std::size_t>(tile)];
    return std::abs(cell / cols_ - to / cols_) + std::abs(cell % cols_ - to % cols_);
  }

  // A way from the board to the target of at most `max_len` moves (the search's board is put back
  // as it was); false when there is none or `cap` nodes were not enough.
  bool run(int h0, int max_len, std::uint64_t cap, std::vector<Move>& out, std::uint64_t& nodes) {
    cap_ = cap;
    nodes_ = 0;
    path_.clear();
    bool found = false;
    for (int bound = h0; bound <= max_len && !found; bound += 2) {
      const int r = dfs(0, bound, h0, -1);
      if (r == kFound) found = true;
      else if (r == kAborted || r > max_len) break;
      else bound = r - 2;  // the loop adds 2 back
    }
    nodes += nodes_;
    if (found) out = path_;
    return found;
  }

 private:
  static constexpr int kFound = -1;
  static constexpr int kAborted = -2;

  int dfs(int g, int bound, int h, int prev) {
    if (g + h > bound) return g + h;
    if (h == 0) return kFound;
    if (++nodes_ > cap_) return kAborted;
    const int blank = pos_[0];
    const int r = blank / cols_, c = blank % cols_;
    const int next[4] = {r > 0 ? blank - cols_ : -1, c > 0 ? blank - 1 : -1, c + 1 < cols_ ? blank + 1 : -1,
                         r + 1 < rows_ ? blank + cols_ : -1};
    int best = INT_MAX;
    for (int from : next) {
      if (from < 0) continue;
      const int tile = board_[static_cast<std::size_t>(from)];
      if (tile == prev) continue;
      const int h2 = h - distance(tile, from) + distance(tile, blank);
      slide(from, blank, tile);
      path_.push_back(tile);
      const int got = dfs(g + 1, bound, h2, tile);
      slide(blank, from, tile);
      if (got == kFound) return kFound;  // path_ keeps the way
      path_.pop_back();
      if (got == kAborted) return kAborted;
      best = std::min(best, got);
    }
    return best;
  }

  void slide(int from, int to, int tile) {  // `tile` from `from` into the blank at `to`
    board_[static_cast<std::size_t>(to)] = tile;
    board_[static_cast<std::size_t>(from)] = 0;
    pos_[static_cast<std::size_t>(tile)] = to;
    pos_[0] = from;
  }

  int rows_, cols_;
  std::vector<int>& board_;
  std::vector<int>& pos_;
  const std::vector<int>& target_;
  std::uint64_t cap_ = 0, nodes_ = 0;
  std::vector<Move> path_;
};

// A board as cell -> tile and tile -> cell, moved by tile numbers.
struct Board {
  int cols = 0;
  std::vector<int> tiles, pos;
  explicit Board(const State& s) : cols(s.cols), tiles(s.tiles), pos(s.tiles.size()) {
    for (std::size_t c = 0; c < tiles.size(); ++c) pos[static_cast<std::size_t>(tiles[c])] = static_cast<int>(c);
  }
  // Slides `tile` into the blank; returns the cell it left.
  int move(int tile) {
    const int from = pos[static_cast<std::size_t>(tile)], to = pos[0];
    tiles[static_cast<std::size_t>(to)] = tile;
    tiles[static_cast<std::size_t>(from)] = 0;
    pos[static_cast<std::size_t>(tile)] = to;
    pos[0] = from;
    return from;
  }
  int distance(int a, int b) const { return std::abs(a / cols - b / cols) + std::abs(a % cols - b % cols); }
};

}  // namespace

std::vector<Move> shorten(const State& start, std::vector<Move> moves, const Limits& limits,
                          const ShortenParams& params, ShortenStats& stats) {
  // The window's two ends: board `a` after moves[0, i), board `b` after moves[0, j). h is the sum
  // over tiles of the distance from their cell in a to their cell in b, kept as both ends move.
  Board a(start), b(start);
  std::size_t i = 0, j = 0;
  int h = 0;
  const std::size_t window = static_cast<std::size_t>(std::max(2, params.window));
  auto extend = [&] {
    while (j < moves.size() && j - i < window) {
      const int tile = moves[j++];
      const int from = b.move(tile);
      h += a.distance(a.pos[static_cast<std::size_t>(tile)], b.pos[static_cast<std::size_t>(tile)]) -
           a.distance(a.pos[static_cast<std::size_t>(tile)], from);
    }
  };
  extend();
  while (i + 2 <= moves.size() && j - i >= 2) {
    if (stats.nodes >= params.total_nodes) break;
    const int len = static_cast<int>(j - i);
    if (h <= len - 2) {
      if ((stats.stretches & 31) == 0 && limits.out_of_time()) break;
      ++stats.stretches;
      StretchSearch search(start.rows, start.cols, a.tiles, a.pos, b.pos);
      std::vector<Move> way;
      const std::uint64_t cap = std::min(params.stretch_nodes, params.total_nodes - stats.nodes);
      if (search.run(h, len - 2, cap, way, stats.nodes)) {
        ++stats.improved;
        moves.erase(moves.begin() + static_cast<std::ptrdiff_t>(i), moves.begin() + static_cast<std::ptrdiff_t>(j));
        moves.insert(moves.begin() + static_cast<std::ptrdiff_t>(i), way.begin(), way.end());
        j = i + way.size();  // b is the same board, now after moves[0, j)
        extend();
        continue;  // the same start again, with a fresh window
      }
    }
    // Advance the start by one move.
    const int tile = moves[i++];
    const int from = a.move(tile);
    h += b.distance(a.pos[static_cast<std::size_t>(tile)], b.pos[static_cast<std::size_t>(tile)]) -
         b.distance(from, b.pos[static_cast<std::size_t>(tile)]);
    extend();
  }
  return moves;
}

}  // namespace pb::solvers::sliding
