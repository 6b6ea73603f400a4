/* sliding_pdb78_test.cpp: the 4-bit excess tables of the 7-8 search, on small patterns: build, cache, search, policy. */
// The 4x4 7-8 tables themselves take minutes and 2.9 GB to build, so no unit test builds them
// (PUZZLEBOT_PDB78=cached in every test's environment, see tests/CMakeLists.txt): the same code is
// checked here on small patterns and boards, against the .pdb builder and the Manhattan search.
// tests/integration/sliding_pdb78_korf.sh runs the whole 4x4 path with 7-7-1 tables.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>

#include "solvers/sliding/optimal.hpp"
#include "solvers/sliding/pattern_db.hpp"
#include "solvers/sliding/pdb78.hpp"
#include "solvers/sliding/sliding.hpp"
#include "tests/support/sliding_boards.hpp"

namespace pb::solvers::sliding {
namespace {

// A throw-away cache folder and policy for one test, the old values put back after.
class Env {
 public:
  Env(const char* name, const std::string& value) : name_(name) {
    const char* old = std::getenv(name);
    had_ = old != nullptr;
    if (had_) old_ = old;
    setenv(name, value.c_str(), 1);
  }
  ~Env() {
    if (had_) setenv(name_, old_.c_str(), 1);
    else unsetenv(name_);
  }

 private:
  const char* name_;
  bool had_ = false;
  std::string old_;
};

std::string temp_cache(const std::string& tag) {
  return (std::filesystem::temp_directory_path() / ("pb-pdb78-test-" + tag + "-" + std::to_string(::getpid()))).string();
}

// The new build gives, nibble for nibble, the excess table of pattern_db.cpp's build (itself
// checked against brute force in sliding_optimal_test), blank-aware or not, on one thread or two.
TEST(SlidingPdb78, BuildMatchesPatternDbExcess) {
  const std::vector<std::pair<DbSpec, int>> cases = {
      {DbSpec{3, 3, {0, 1, 2, 3}, -1}, 1},
      {DbSpec{3, 3, {4, 5, 7}, 8}, 1},       // the goal's blank walled in: blank-aware
      {DbSpec{2, 4, {0, 1, 2, 4}, -1}, 1},
      {DbSpec{3, 4, {4, 5, 6, 8, 9}, 11}, 2},
      {DbSpec{4, 4, {0, 1, 2, 3, 4}, -1}, 2},  // two threads: the first two tiles' moves queued across chunks
      {DbSpec{4, 4, {8, 9, 10, 11, 12}, -1}, 1},
  };
  for (const auto& [spec, threads] : cases) {
    auto old = build_pattern_db(spec, Limits{}, false, 1);
    ASSERT_TRUE(old.ok()) << spec.name();
    const std::uint8_t* want = old.value()->excess();
    ASSERT_NE(want, nullptr) << spec.name();
    // At most 8 free cells: blank areas packed a byte each, by pext/pdep where fast and by tables
    // (PB_PDB78_NO_BMI2) elsewhere; both ways are checked.
    // Chunks of the first two digits, and of three (the 8-tile table's), with their own queues.
    const bool packed = spec.rows * spec.cols - static_cast<int>(spec.cells.size()) <= 8;
    for (int way = 0; way <= (packed ? 2 : 1); ++way) {
      const int tables = way == 2;
      const Env no_bmi2("PB_PDB78_NO_BMI2", tables != 0 ? "1" : "");
      const Env split("PB_PDB78_SPLIT", way == 1 ? "3" : "");
      auto built = build_excess_db(spec, Limits{}, false, threads);
      ASSERT_TRUE(built.ok()) << spec.name() << ": " << built.error().message;
      const ExcessDb& db = *built.value();
      ASSERT_EQ(db.bytes(), (spec.entries() + 1) / 2);
      std::uint64_t wrong = 0;
      for (std::uint64_t r = 0; r < spec.entries(); ++r) wrong += (want[r / 2] >> (r % 2 * 4) & 15) != db.at(r);
      EXPECT_EQ(wrong, 0u) << spec.name() << (tables != 0 ? " (tables)" : way == 1 ? " (three-digit chunks)" : "");
    }
  }
}

TEST(SlidingPdb78, BuildStopsAtTheDeadlineAndTheMemoryLimit) {
  Limits limits;
  limits.deadline = Limits::Clock::now();
  auto built = build_excess_db(DbSpec{4, 4, {0, 1, 2, 3, 4}, -1}, limits, false, 1);
  ASSERT_FALSE(built.ok());
  EXPECT_EQ(built.error().code, ErrorCode::kBadInput) << built.error().message;
  Limits small;
  small.max_table_bytes = 1 << 20;  // the 524,160 placements need 4.5 MB
  auto refused = build_excess_db(DbSpec{4, 4, {0, 1, 2, 3, 4}, -1}, small, false, 1);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().code, ErrorCode::kBadInput) << refused.error().message;
}

// A table is the same from memory, from the file, and rebuilt after damage; without leave to
// build, a missing or damaged file is an error that says so.
TEST(SlidingPdb78, CacheIsValidatedAndRebuilt) {
  const std::string dir = temp_cache("cache");
  const Env cache("PUZZLEBOT_CACHE_DIR", dir);
  forget_loaded_excess_dbs();
  const DbSpec spec{3, 4, {0, 1, 2, 4, 5}, -1};
  auto fresh = build_excess_db(spec, Limits{}, false, 1);
  ASSERT_TRUE(fresh.ok());
  auto same = [&](const ExcessHandle& h) {
    return std::equal(h.db->nibbles(), h.db->nibbles() + h.db->bytes(), fresh.value()->nibbles());
  };
  auto refused = get_excess_db(spec, Limits{}, false);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().code, ErrorCode::kBadInput) << refused.error().message;

  auto first = get_excess_db(spec, Limits{}, true);
  ASSERT_TRUE(first.ok()) << first.error().message;
  EXPECT_EQ(first->source, DbSource::kBuilt);
  EXPECT_TRUE(same(*first));
  const std::string path = first->path;
  ASSERT_TRUE(std::filesystem::exists(path)) << path;
  EXPECT_EQ(get_excess_db(spec, Limits{}, false)->source, DbSource::kMemory);
  forget_loaded_excess_dbs();
  auto loaded = get_excess_db(spec, Limits{}, false);
  ASSERT_TRUE(loaded.ok());
  EXPECT_EQ(loaded->source, DbSource::kLoaded);
  EXPECT_TRUE(same(*loaded));

  test_support::flip_body_byte(path);  // one flipped byte in the body
  forget_loaded_excess_dbs();
  auto damaged = get_excess_db(spec, Limits{}, false);
  ASSERT_FALSE(damaged.ok());
  EXPECT_EQ(damaged.error().code, ErrorCode::kBadInput) << damaged.error().message;
  auto repaired = get_excess_db(spec, Limits{}, true);
  ASSERT_TRUE(repaired.ok());
  EXPECT_EQ(repaired->source, DbSource::kRebuiltCorrupt);
  EXPECT_TRUE(same(*repaired));

  std::filesystem::resize_file(path, std::filesystem::file_size(path) - 1);
  forget_loaded_excess_dbs();
  auto truncated = get_excess_db(spec, Limits{}, true);
  ASSERT_TRUE(truncated.ok());
  EXPECT_EQ(truncated->source, DbSource::kRebuiltCorrupt);
  EXPECT_NE(truncated->note.find("wrong size"), std::string::npos) << truncated->note;
  forget_loaded_excess_dbs();
  EXPECT_EQ(get_excess_db(spec, Limits{}, false)->source, DbSource::kLoaded);
  forget_loaded_excess_dbs();
  std::filesystem::remove_all(dir);
}

// The search over excess tables, the code of the 4x4 7-8 search, on 3x3 with a 4-4 partition and
// its reflection (two tables shared through the transposition, as the 7-8 shares its two): the
// same lengths as the Manhattan IDA*, every solution replayed.
TEST(SlidingPdb78, SearchIsOptimalOnThreeByThree) {
  const std::string dir = temp_cache("search");
  const Env cache("PUZZLEBOT_CACHE_DIR", dir);
  forget_loaded_excess_dbs();
  const CellPartition rows{{0, 1, 2, 3}, {4, 5, 6, 7}};
  const CellPartition cols{{0, 3, 6, 1}, {4, 7, 2, 5}};
  std::mt19937 rng(7);
  int checked = 0;
  while (checked < 40) {
    State s = goal_state(3, 3);
    std::shuffle(s.tiles.begin(), s.tiles.end(), rng);
    if (!unsolvable_reason(s).empty()) continue;
    ++checked;
    const Solution want = solve_optimal(s, Limits{}, Heuristic::kManhattan);
    ASSERT_EQ(want.status, Status::kSolved);
    for (const auto& partitions : {std::vector<CellPartition>{rows}, std::vector<CellPartition>{rows, cols}}) {
      const Solution got = solve_excess(s, Limits{}, partitions, true);
      ASSERT_EQ(got.status, Status::kSolved) << got.reason;
      EXPECT_EQ(got.moves.size(), want.moves.size()) << format(s);
      EXPECT_TRUE(check_solution(s, got.moves).ok()) << format(s);
      EXPECT_TRUE(got.optimal);
      EXPECT_LE(got.lower_bound, static_cast<int>(got.moves.size()));
    }
  }
  // Two tables only: the transposed groups read the same files.
  int files = 0;
  for (const auto& e : std::filesystem::directory_iterator(dir)) files += e.path().extension() == ".nib";
  EXPECT_EQ(files, 2);
  const Solution goal = solve_excess(goal_state(3, 3), Limits{}, {rows, cols}, false);
  EXPECT_EQ(goal.status, Status::kSolved);
  EXPECT_TRUE(goal.moves.empty());
  State odd = goal_state(3, 3);
  std::swap(odd.tiles[0], odd.tiles[1]);
  EXPECT_EQ(solve_excess(odd, Limits{}, {rows, cols}, false).status, Status::kUnsolvable);
  State one = goal_state(3, 3);
  std::swap(one.tiles[7], one.tiles[8]);
  const std::vector<CellPartition> missing{CellPartition{{0, 1, 2}, {4, 5, 6, 7}}};  // tile 4 in no group
  const Solution bad = solve_excess(one, Limits{}, missing, false);
  EXPECT_EQ(bad.status, Status::kGaveUp);
  EXPECT_NE(bad.reason.find("cover"), std::string::npos) << bad.reason;
  forget_loaded_excess_dbs();
  std::filesystem::remove_all(dir);
}

// When the 7-8 tables are used: never built where the policy, the memory cap or the deadline
// forbids; the 4x4 search then falls back to the 6-6-3 tables and says why.
TEST(SlidingPdb78, PolicyKeepsTheBigBuildOutOfShortRuns) {
  // The sliding tests' cache: the 6-6-3 tables are shared with sliding_optimal_test; the 7-8 ones
  // are never built in a test.
  const std::string dir = PB_BINARY_DIR "/test-cache/sliding";
  const Env cache("PUZZLEBOT_CACHE_DIR", dir);
  bool may_build = true;
  {
    const Env policy("PUZZLEBOT_PDB78", "off");
    EXPECT_EQ(pdb78_policy(), Pdb78Policy::kOff);
    EXPECT_NE(pdb78_refusal(Limits{}, &may_build).find("off"), std::string::npos);
    EXPECT_FALSE(may_build);
  }
  {
    const Env policy("PUZZLEBOT_PDB78", "cached");
    EXPECT_NE(pdb78_refusal(Limits{}, &may_build).find("not in the cache"), std::string::npos);
    EXPECT_FALSE(may_build);
  }
  {
    const Env policy("PUZZLEBOT_PDB78", "build");
    EXPECT_EQ(pdb78_policy(), Pdb78Policy::kBuild);
    const std::string timed = pdb78_refusal(Limits::with_timeout(std::chrono::seconds(10)), &may_build);
    EXPECT_NE(timed.find("time limit"), std::string::npos) << timed;
    EXPECT_FALSE(may_build);
    Limits small;
    small.max_table_bytes = std::size_t{1} << 30;  // holds the tables, not the build's scratch
    const std::string memory = pdb78_refusal(small, &may_build);
    EXPECT_NE(memory.find("building them needs"), std::string::npos) << memory;
    EXPECT_FALSE(may_build);
    small.max_table_bytes = std::size_t{100} << 20;
    EXPECT_NE(pdb78_refusal(small, &may_build).find("need"), std::string::npos);

    // A 4x4 board under a short deadline: solved with the 6-6-3 tables, the reason given.
    State s = goal_state(4, 4);
    for (int m : {12, 11, 7, 3, 2, 6, 10, 14}) s = apply(s, m).value();
    const Solution sol = solve_optimal(s, Limits::with_timeout(std::chrono::seconds(60)));
    ASSERT_EQ(sol.status, Status::kSolved) << sol.reason;
    EXPECT_EQ(sol.moves.size(), 8u);
    EXPECT_NE(sol.method.find("6-6-3"), std::string::npos) << sol.method;
    EXPECT_NE(sol.method.find("7-8 tables not in the cache"), std::string::npos) << sol.method;
    EXPECT_FALSE(std::filesystem::exists(dir + "/sliding-4x4-0.1.2.3.4.5.6.7.nib"));
  }
}

}  // namespace
}  // namespace pb::solvers::sliding
