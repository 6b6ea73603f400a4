/* sliding_optimal_test.cpp: optimal sliding-tile solving: BFS cross-checks, Korf's instances, the DB cache. */
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "solvers/sliding/optimal.hpp"
#include "solvers/sliding/pattern_db.hpp"
#include "solvers/sliding/sliding.hpp"
#include "tests/support/sliding_boards.hpp"

namespace pb::solvers::sliding {
namespace {

const bool kCacheSet = setenv("PUZZLEBOT_CACHE_DIR", PB_BINARY_DIR "/test-cache/sliding", 1) == 0;

// Calls visit(cells) for every placement of k distinct cells out of n (cells[i]: tile i's cell),
// walking them all by nested choice.
template <class Visit>
void for_each_placement(int n, int k, Visit visit) {
  std::vector<std::uint8_t> cells(static_cast<std::size_t>(k));
  auto walk = [&](auto&& self, int i, std::uint32_t used) -> void {
    if (i == k) {
      visit(static_cast<const std::uint8_t*>(cells.data()));
      return;
    }
    for (int c = 0; c < n; ++c)
      if (!(used >> c & 1u)) {
        cells[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(c);
        self(self, i + 1, used | 1u << c);
      }
  };
  walk(walk, 0, 0);
}

// Distance to the goal of every reachable board of a size (backward BFS; moves are reversible),
// indexed by the rank of the cells of tiles 0 (the blank) .. n-1 among the n! arrangements. The BFS
// moves the blank by hand on a 4-bit-per-cell code rather than through apply() and State copies:
// 1.8 M boards for 2x5 took 20 s of the test's time that way, a second this way.
class Distances {
 public:
  Distances(int rows, int cols) : n_(rows * cols), dist_(placement_count(n_, n_), -1) {
    const State goal = goal_state(rows, cols);
    std::vector<std::uint64_t> frontier{encode(goal)}, next;
    dist_[index(frontier[0])] = 0;
    for (int d = 0; !frontier.empty(); ++d) {
      next.clear();
      for (std::uint64_t code : frontier) {
        int blank = 0;
        while ((code >> (4 * blank) & 15u) != 0) ++blank;
        const int r = blank / cols, c = blank % cols;
        const int nbs[4] = {r > 0 ? blank - cols : -1, r < rows - 1 ? blank + cols : -1, c > 0 ? blank - 1 : -1,
                            c < cols - 1 ? blank + 1 : -1};
        for (int q : nbs) {
          if (q < 0) continue;
          const std::uint64_t tile = code >> (4 * q) & 15u;
          const std::uint64_t moved = (code & ~(15ull << (4 * q))) | tile << (4 * blank);
          std::int8_t& slot = dist_[index(moved)];
          if (slot >= 0) continue;
          slot = static_cast<std::int8_t>(d + 1);
          next.push_back(moved);
        }
      }
      frontier.swap(next);
    }
  }
  int at(const State& s) const { return dist_[index(encode(s))]; }

 private:
  static std::uint64_t encode(const State& s) {
    std::uint64_t code = 0;
    for (std::size_t c = 0; c < s.tiles.size(); ++c) code |= static_cast<std::uint64_t>(s.tiles[c]) << (4 * c);
    return code;
  }
  std::size_t index(std::uint64_t code) const {
    std::uint8_t cells[kMaxDbCells];
    for (int c = 0; c < n_; ++c) cells[code >> (4 * c) & 15u] = static_cast<std::uint8_t>(c);
    return static_cast<std::size_t>(rank_placement(cells, n_, n_));
  }
  int n_;
  std::vector<std::int8_t> dist_;
};

using test_support::random_solvable;

void expect_optimal_vs_bfs(int rows, int cols, Heuristic heuristic, const Limits& limits, int samples) {
  const Distances dist(rows, cols);
  std::mt19937 rng(static_cast<unsigned>(rows * 100 + cols));
  for (int i = 0; i < samples; ++i) {
    const State s = random_solvable(rows, cols, rng);
    ASSERT_EQ(unsolvable_reason(s), "");
    const Solution sol = solve_optimal(s, limits, heuristic);
    ASSERT_EQ(sol.status, Status::kSolved) << sol.reason;
    ASSERT_TRUE(check_solution(s, sol.moves).ok()) << check_solution(s, sol.moves).error().message;
    EXPECT_EQ(static_cast<int>(sol.moves.size()), dist.at(s)) << format(s) << sol.method;
    EXPECT_TRUE(sol.optimal);
    EXPECT_LE(lower_bound(s), static_cast<int>(sol.moves.size()));
  }
}

TEST(SlidingOptimal, ThreeByThreeMatchesBfs) {
  expect_optimal_vs_bfs(3, 3, Heuristic::kBest, Limits{}, 60);
  expect_optimal_vs_bfs(3, 3, Heuristic::kManhattan, Limits{}, 30);
}

TEST(SlidingOptimal, TwoByFourAndFourByTwoMatchBfs) {
  expect_optimal_vs_bfs(2, 4, Heuristic::kBest, Limits{}, 60);
  expect_optimal_vs_bfs(4, 2, Heuristic::kBest, Limits{}, 60);
  expect_optimal_vs_bfs(2, 4, Heuristic::kManhattan, Limits{}, 30);
}

// 2x5 uses 6-3 databases (not an exact table): the additive bound must stay admissible.
// (3x4 would need a 240-million-board BFS.)
TEST(SlidingOptimal, TwoByFiveMatchesBfs) {
  expect_optimal_vs_bfs(2, 5, Heuristic::kBest, Limits{}, 15);
}

TEST(SlidingOptimal, FallsBackToManhattanWhenTablesDoNotFit) {
  Limits limits;
  limits.max_table_bytes = 1000;
  std::mt19937 rng(9);
  const State s = random_solvable(3, 3, rng);
  const Solution sol = solve_optimal(s, limits);
  ASSERT_EQ(sol.status, Status::kSolved);
  EXPECT_NE(sol.method.find("Manhattan"), std::string::npos) << sol.method;
  EXPECT_NE(sol.method.find("limit"), std::string::npos) << sol.method;
  EXPECT_TRUE(check_solution(s, sol.moves).ok());
}

struct Korf {
  int id = 0, optimal = 0;
  long long manhattan_nodes = 0;
  State state;
};

// tests/data/korf100.txt, converted to our goal (rotate 180 degrees, relabel t -> 16 - t).
std::vector<Korf> read_korf() {
  std::ifstream in(std::string(PB_SOURCE_DIR) + "/tests/data/korf100.txt");
  std::vector<Korf> out;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == ';') continue;
    std::istringstream ss(line);
    Korf k;
    char bar = 0;
    ss >> k.id >> k.optimal >> k.manhattan_nodes >> bar;
    k.state = State{4, 4, std::vector<int>(16)};
    for (int i = 0; i < 16; ++i) {
      int t = 0;
      ss >> t;
      k.state.tiles[static_cast<std::size_t>(15 - i)] = t == 0 ? 0 : 16 - t;
    }
    out.push_back(std::move(k));
  }
  return out;
}

TEST(SlidingOptimal, GivesUpOnTheNodeBudgetAndSaysSo) {
  Limits limits;
  limits.max_nodes = 50;
  const State s = read_korf().front().state;  // 57 moves: far more than 50 nodes with any heuristic
  const Solution sol = solve(s, limits);
  EXPECT_EQ(sol.status, Status::kGaveUp);
  EXPECT_EQ(sol.limit, Limit::kNodes) << sol.reason;
  EXPECT_TRUE(sol.moves.empty());
}

// The ten instances plain IDA* found easiest (fewest Manhattan nodes in Korf's table), each solved
// at exactly its published optimal length.
TEST(SlidingOptimal, KorfEasiestTenAtPublishedOptimalLength) {
  auto korf = read_korf();
  ASSERT_EQ(korf.size(), 100u);
  std::sort(korf.begin(), korf.end(), [](const Korf& a, const Korf& b) { return a.manhattan_nodes < b.manhattan_nodes; });
  for (int i = 0; i < 10; ++i) {
    const Korf& k = korf[static_cast<std::size_t>(i)];
    ASSERT_EQ(unsolvable_reason(k.state), "") << k.id;
    const Solution sol = solve(k.state, Limits{});
    ASSERT_EQ(sol.status, Status::kSolved) << "Korf #" << k.id << ": " << sol.reason;
    EXPECT_EQ(static_cast<int>(sol.moves.size()), k.optimal) << "Korf #" << k.id;
    EXPECT_TRUE(check_solution(k.state, sol.moves).ok()) << "Korf #" << k.id;
    EXPECT_TRUE(sol.optimal);
    EXPECT_NE(sol.method.find("pattern databases 6-6-3"), std::string::npos) << sol.method;
  }
}

// A database equals a fresh build whether it comes from memory, disk, or a rebuild after damage.
TEST(SlidingOptimal, PatternDbCacheIsValidatedAndRebuilt) {
  const std::string dir = (std::filesystem::temp_directory_path() / ("pb-sliding-test-" + std::to_string(::getpid()))).string();
  const char* old = std::getenv("PUZZLEBOT_CACHE_DIR");
  const std::string saved = old ? old : "";
  setenv("PUZZLEBOT_CACHE_DIR", dir.c_str(), 1);
  forget_loaded_pattern_dbs();
  const DbSpec spec{3, 4, {0, 1, 2, 4, 5}, -1};
  auto fresh = build_pattern_db(spec, Limits{}, false);
  ASSERT_TRUE(fresh.ok());
  auto same_as_fresh = [&](const DbHandle& h) {
    return h.db->size() == fresh.value()->size() &&
           std::equal(h.db->data(), h.db->data() + h.db->size(), fresh.value()->data());
  };
  auto first = get_pattern_db(spec, Limits{});
  ASSERT_TRUE(first.ok());
  EXPECT_EQ(first->source, DbSource::kBuilt);
  EXPECT_TRUE(same_as_fresh(*first));
  const std::string path = first->path;
  ASSERT_TRUE(std::filesystem::exists(path)) << path;
  auto again = get_pattern_db(spec, Limits{});
  EXPECT_EQ(again->source, DbSource::kMemory);
  forget_loaded_pattern_dbs();
  auto loaded = get_pattern_db(spec, Limits{});
  EXPECT_EQ(loaded->source, DbSource::kLoaded);
  EXPECT_TRUE(same_as_fresh(*loaded));

  // One flipped byte in the body: checksum.
  test_support::flip_body_byte(path);
  forget_loaded_pattern_dbs();
  auto repaired = get_pattern_db(spec, Limits{});
  ASSERT_TRUE(repaired.ok());
  EXPECT_EQ(repaired->source, DbSource::kRebuiltCorrupt);
  EXPECT_NE(repaired->note.find("checksum"), std::string::npos) << repaired->note;
  EXPECT_TRUE(same_as_fresh(*repaired));

  // Truncated, then a foreign file under the name: both rebuilt.
  std::filesystem::resize_file(path, std::filesystem::file_size(path) / 2);
  forget_loaded_pattern_dbs();
  auto truncated = get_pattern_db(spec, Limits{});
  EXPECT_EQ(truncated->source, DbSource::kRebuiltCorrupt);
  { std::ofstream(path, std::ios::trunc) << "not a database"; }
  forget_loaded_pattern_dbs();
  auto foreign = get_pattern_db(spec, Limits{});
  EXPECT_EQ(foreign->source, DbSource::kRebuiltCorrupt);
  EXPECT_TRUE(same_as_fresh(*foreign));
  forget_loaded_pattern_dbs();
  EXPECT_EQ(get_pattern_db(spec, Limits{})->source, DbSource::kLoaded);

  forget_loaded_pattern_dbs();
  std::filesystem::remove_all(dir);
  setenv("PUZZLEBOT_CACHE_DIR", saved.c_str(), 1);
}

// The build split over threads gives the same table as one thread, and the search's 4-bit excess
// tables (by rank and by base-N cell number) decode back to it (value = pattern Manhattan
// distance + 2 * excess) at every placement.
TEST(SlidingOptimal, ThreadedBuildAndExcessTableAgree) {
  const DbSpec spec{3, 4, {0, 1, 2, 4, 5}, -1};  // 95,040 entries: enough for the build to use threads
  auto one = build_pattern_db(spec, Limits{}, false, 1);
  auto two = build_pattern_db(spec, Limits{}, false, 2);
  ASSERT_TRUE(one.ok() && two.ok());
  const PatternDb& db = *one.value();
  ASSERT_EQ(db.size(), two.value()->size());
  EXPECT_TRUE(std::equal(db.data(), db.data() + db.size(), two.value()->data()));
  ASSERT_NE(db.excess(), nullptr);
  ASSERT_NE(db.sparse(), nullptr);  // 12^5 = 248,832 indexes: 2.6 times the placements
  const int n = 12, k = 5;
  int checked = 0, positive = 0;
  for_each_placement(n, k, [&](const std::uint8_t* cells) {
    const std::uint64_t r = rank_placement(cells, k, n);
    int md = 0;
    for (int t = 0; t < k; ++t)
      md += std::abs(cells[t] / 4 - spec.cells[t] / 4) + std::abs(cells[t] % 4 - spec.cells[t] % 4);
    const int excess = db.excess()[r / 2] >> (r % 2 * 4) & 15;
    ASSERT_EQ(db.data()[r], md + 2 * excess) << "rank " << r;
    std::uint32_t index = 0;  // the sparse copy: base-12 number of the cells
    for (int t = 0; t < k; ++t) index = index * n + cells[t];
    ASSERT_EQ(db.sparse()[index / 2] >> (index % 2 * 4) & 15, excess) << "index " << index;
    ++checked;
    positive += excess > 0 ? 1 : 0;
  });
  EXPECT_EQ(checked, 95040);
  EXPECT_GT(positive, 0);  // the table is not just Manhattan distance
}

// A 6-tile pattern on a 4-column board takes the build's unrolled path (6 tiles, 3 cells passed
// by a vertical move); the same pattern on the transposed 4x3 board takes the generic one (2
// passes). Transposition maps moves to moves, so the two tables must agree cell for cell.
TEST(SlidingOptimal, UnrolledBuildMatchesTransposedGenericBuild) {
  const DbSpec wide{3, 4, {0, 1, 2, 4, 5, 6}, -1};
  DbSpec tall{4, 3, {}, -1};
  auto transpose = [](int c) { return (c % 4) * 3 + c / 4; };  // 3x4 cell -> 4x3 cell
  for (int c : wide.cells) tall.cells.push_back(transpose(c));
  auto a = build_pattern_db(wide, Limits{}, false, 1);
  auto b = build_pattern_db(tall, Limits{}, false, 1);
  ASSERT_TRUE(a.ok() && b.ok());
  const int n = 12, k = 6;
  std::uint8_t image[k];
  int checked = 0;
  for_each_placement(n, k, [&](const std::uint8_t* cells) {
    for (int t = 0; t < k; ++t) image[t] = static_cast<std::uint8_t>(transpose(cells[t]));
    ASSERT_EQ(a.value()->data()[rank_placement(cells, k, n)], b.value()->data()[rank_placement(image, k, n)]);
    ++checked;
  });
  EXPECT_EQ(checked, 665280);
  EXPECT_GT(a.value()->max_value(), 10);
}

// The database itself against a direct search: 2x3 boards, pattern {1, 2}: the value is the fewest
// moves of tiles 1 and 2 over all ways the other tiles and the blank may stand.
TEST(SlidingOptimal, SmallDatabaseMatchesBruteForce) {
  const DbSpec spec{2, 3, {0, 1}, -1};
  auto db = build_pattern_db(spec, Limits{}, false);
  ASSERT_TRUE(db.ok());
  // Two-tile distances with 0-cost blank moves, by brute force over (cell of 1, cell of 2, blank).
  const int n = 6;
  const std::vector<int> best = test_support::two_tile_pattern_values(spec);
  for (int a = 0; a < n; ++a)
    for (int c = 0; c < n; ++c) {
      if (a == c) continue;
      const std::uint8_t cells[2] = {static_cast<std::uint8_t>(a), static_cast<std::uint8_t>(c)};
      EXPECT_EQ(db.value()->data()[rank_placement(cells, 2, n)], best[a * n + c]) << a << "," << c;
    }
}

}  // namespace
}  // namespace pb::solvers::sliding
